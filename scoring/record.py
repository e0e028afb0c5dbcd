"""The game record (RECORD-FORMAT.md): reading, writing and scoring it.

A record is the portable form of one game. :func:`game_from_record` checks
a record as the engine checks a scorekeeper's actions, so every refusal
names the hand and the player; :func:`record_from_game` writes the record
back, keeping keys the engine does not read (dates, notes, the app's ids).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence

from scoring.actions import NOTHING_COUNTED, Adjust, Bid, CoinFlip, Start, Tricks, Trump
from scoring.adjustments import ADJUSTMENTS_PER_GAME_MAX, ADJUSTMENTS_PER_HAND_MAX
from scoring.errors import BidwellError, CoinFlipError, RecordError, short_value
from scoring.game import Game
from scoring.hands import HANDS_MAX
from scoring.i18n.engine import engine_words
from scoring.i18n.sentences import Words
from scoring.state import Adjustment
from scoring.text import kept_name

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)
if TYPE_CHECKING:
    from typing import Any

FORMAT = 1

MAX_BYTES = 10 * 1024 * 1024
"""The largest record file (or file of records) read: a 31-hand record is a few kilobytes; the limit is checked
before the file is parsed, so a huge file is refused at once, not after gigabytes of parsing."""

EXTRAS_MAX_BYTES = 64 * 1024
"""The most a record's unread keys (kept with an imported game, rewritten on every save) may take."""

MAX_DEPTH = 64
"""The deepest nesting a record may have: a record itself needs 4; the rest is room for kept extras."""

BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte-order mark a record file may begin with."""

_KNOWN_KEYS = frozenset({"format", "game", "options", "players", "first_dealer", "hands", "coin_flip"})
_HAND_KEYS = frozenset({"bids", "tricks", "trump", "adjustments"})
_ADJUSTMENT_KEYS = frozenset({"player", "points", "reason"})
_SHARED_SEAT_LIMIT, _SHARED_BID_LIMIT = 16, 128
_SHARED_BIDS: list[list[Bid | None]] = [[None] * _SHARED_BID_LIMIT for _ in range(_SHARED_SEAT_LIMIT)]
"""One Bid for each seat and bid, made when a record first has it, for every hand of every record read after: an
action is a value, and building ~100 anew was a tenth of a replay. Only plain whole numbers a game can bid are kept
(a bid of ``true`` or ``1.0`` gets a Bid of its own, which the game refuses)."""


def parse_record(data: bytes | str) -> Any:
    """The JSON value in ``data`` (UTF-8, a byte-order mark allowed); :class:`RecordError` if it is not JSON, or
    is more than :data:`MAX_BYTES`."""
    if len(data) > MAX_BYTES:
        raise RecordError("record.too_big", limit=MAX_BYTES // (1024 * 1024))
    if isinstance(data, bytes):
        if data.startswith(BOM):  # read as "utf-8-sig" reads it, without importing that codec
            data = data[len(BOM):]
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError("record.encoding", detail=f"byte {error.start}: {error.reason}") from None
    try:
        value = json.loads(data)
    except json.JSONDecodeError as error:
        raise RecordError("record.json", detail=f"line {error.lineno}, column {error.colno}: {error.msg}") from None
    except RecursionError:
        raise RecordError("record.too_deep", limit=MAX_DEPTH) from None
    except ValueError:  # Python refuses to read an integer of more than sys.get_int_max_str_digits() digits
        raise RecordError("record.long_number", limit=sys.get_int_max_str_digits()) from None
    _check_keepable(value)
    return value


def _check_keepable(value: object) -> None:
    """Refuse what no store or file could keep: nesting past :data:`MAX_DEPTH`, text that is not Unicode."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                raise RecordError("record.surrogate", code=f"{ord(item[error.start]):04x}") from None
            continue
        if not isinstance(item, (dict, list)):
            continue
        if depth > MAX_DEPTH:
            raise RecordError("record.too_deep", limit=MAX_DEPTH)
        if isinstance(item, dict):
            pending += [(key, depth) for key in item]
            pending += [(child, depth + 1) for child in item.values()]
        else:
            pending += [(child, depth + 1) for child in item]


def check_extras_size(game: Game) -> None:
    """:class:`RecordError` if the keys of its record that Bidwell does not read (``game.extras``) are more than
    :data:`EXTRAS_MAX_BYTES`: a store keeps them with the game and writes them again with every action."""
    size = len(json.dumps(game.extras, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if size > EXTRAS_MAX_BYTES:
        keys = ", ".join(short_value(json.dumps(key, ensure_ascii=False)) for key in sorted(game.extras))
        raise RecordError("record.extras_too_big", keys=short_value(keys), size=size, limit=EXTRAS_MAX_BYTES)


def game_from_record(record: object) -> Game:
    """The game a record describes, checked hand by hand.

    Raises a :class:`~scoring.errors.BidwellError` (``str()`` names the hand
    and player) for anything the record format or the game's rules forbid.
    Keys the engine does not read are kept on ``game.extras``.
    """
    if type(record) is not dict and not isinstance(record, Mapping):
        raise RecordError("record.not_object", kind=_json_kind(record))
    version = record.get("format", FORMAT)
    if version != FORMAT or isinstance(version, bool):
        raise RecordError("record.format", value=json.dumps(version, ensure_ascii=False))
    game_id = _need(record, "game", str, "game_id")
    options = record.get("options", {})
    if type(options) is not dict and not isinstance(options, Mapping):
        raise RecordError("record.type", key="options", expected=_words("object"), value=_json_kind(options))
    players = _need(record, "players", list, "names")
    first_dealer = record.get("first_dealer", 0)
    game = Game(Start(game_id, tuple(players), first_dealer, dict(options)))
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("record.type", key="hands", expected=_words("hands"), value=_json_kind(hands))
    _check_size(hands)
    kinds = [kind.name for kind in game.rules.scoring.cards]
    for number, hand in enumerate(hands, start=1):
        _play_hand(game, number, hand, kinds, is_last=number == len(hands))
    if "coin_flip" in record:
        _flip(game, record["coin_flip"])
    game.extras = {key: value for key, value in record.items() if key not in _KNOWN_KEYS}
    return game


def record_from_game(game: Game) -> dict[str, Any]:
    """The record of ``game``: the hands that count and the one in progress, with its kept extras.

    Hands made void by a correction (played after a Herrlof end) are left
    out, so the record reads back as the same game.
    """
    state = game.state
    record: dict[str, Any] = dict(game.extras)
    record.update(
        {
            "format": FORMAT,
            "game": game.rules.game.id,
            "options": dict(game.rules.options),
            "players": list(game.players),
            "first_dealer": game.first_dealer,
            "hands": [],
        }
    )
    kinds = [kind.name for kind in game.rules.scoring.cards]
    for hand in state.hands:
        trump = state.trumps.get(hand.number)
        if hand.void or (not hand.scored and all(b is None for b in hand.bids) and not trump):
            continue
        entry: dict[str, Any] = {"bids": list(hand.bids)}
        if trump:
            entry["trump"] = list(trump)
        if hand.tricks is not None:
            entry["tricks"] = list(hand.tricks)
            for kind in kinds:
                counts = hand.counted(kind)
                if any(counts):
                    entry[kind] = list(counts)
        if hand.adjustments:
            entry["adjustments"] = _adjustments_written(game, hand.adjustments)
        record["hands"].append(entry)
    if state.decided_by is not None and state.decided_by.value == "coin_flip":
        record["coin_flip"] = game.name(state.winners[0])
    return record


def score_summary(game: Game) -> dict[str, Any]:
    """The object ``bidwell score`` prints: every scored hand, the totals, the end, the winners.

    A hand's ``points`` hold the bonuses and penalties given with it, which it also lists as ``adjustments``
    (only where it has any, so a record without one prints as it always did)."""
    rules, players, first_dealer = game.rules, game.players, game.first_dealer
    hands = []
    for number, points, totals, adjustments in game.scores():  # the sums kept per hand: no hand view is made
        scored: dict[str, Any] = {
            "number": number,
            "cards": rules.cards_in_hand(number - 1),
            "dealer": players[rules.dealer(number - 1, first_dealer)],
            "points": list(points),
            "totals": list(totals),
        }
        if adjustments:
            scored["adjustments"] = _adjustments_written(game, adjustments)
        hands.append(scored)
    totals, ended = game.ending()
    return {
        "game": rules.game.id,
        "players": list(players),
        "hands": hands,
        "totals": list(totals),
        "finished": ended is not None,
        "winners": [game.name(seat) for seat in ended.winners] if ended else [],
    }


def _check_size(hands: list) -> None:
    """Refuse, before any of it is replayed, a record with more hands or adjustments than a game may have: what a
    reader spends on a record (a shared link's tab, an import) stays bounded however it was made."""
    if len(hands) > HANDS_MAX:
        raise RecordError("record.hands_max", count=len(hands), limit=HANDS_MAX)
    total = 0
    for number, hand in enumerate(hands, start=1):
        given = hand.get("adjustments") if type(hand) is dict else None
        if type(given) is list:
            if len(given) > ADJUSTMENTS_PER_HAND_MAX:
                raise RecordError("record.adjustments_hand_max", hand=number, count=len(given),
                                  limit=ADJUSTMENTS_PER_HAND_MAX)
            total += len(given)
    if total > ADJUSTMENTS_PER_GAME_MAX:
        raise RecordError("record.adjustments_game_max", count=total, limit=ADJUSTMENTS_PER_GAME_MAX)


def _play_hand(game: Game, number: int, hand: object, kinds: list[str], *, is_last: bool) -> None:
    """Enter hand ``number`` of a record into ``game``; ``kinds`` are the names of the game's counted cards."""
    if type(hand) is not dict and not isinstance(hand, Mapping):
        raise RecordError("record.hand_type", hand=number, value=_json_kind(hand))
    players = len(game.players)
    bids, tricks = hand.get("bids"), hand.get("tricks")
    if type(bids) is not list or len(bids) != players:  # a list of a bid or null per seat: nearly every hand
        bids = _seat_list(hand, "bids", number, players, allow_none=True) or [None] * players
    if type(tricks) is not list or len(tricks) != players or None in tricks:
        tricks = _seat_list(hand, "tricks", number, players, allow_none=False)
    counted = {}
    if not _HAND_KEYS.issuperset(hand):  # a hand of bids and tricks only, as most are, counts no cards
        for key in hand:
            if key in kinds and key not in _HAND_KEYS:
                counted[key] = _seat_list(hand, key, number, players, allow_none=False)
    game.verify_not_over()
    trump = hand.get("trump")
    if trump is not None:
        if not isinstance(trump, list) or not all(isinstance(entry, str) for entry in trump):
            raise RecordError("record.type", hand=number, key="trump", expected=_words("suits"),
                              value=_json_kind(trump))
        game.take(Trump(number, tuple(trump)))
    missing = None
    take = game.take
    for seat in game.bidding_order():
        bid = bids[seat]
        if bid is None:
            missing = missing if missing is not None else seat
            continue
        if missing is not None:
            raise RecordError("bid.out_of_order", hand=number, player=game.name(seat), missing=game.name(missing))
        if type(bid) is int and 0 <= bid < _SHARED_BID_LIMIT and seat < _SHARED_SEAT_LIMIT:
            action = _SHARED_BIDS[seat][bid]
            if action is None:
                action = _SHARED_BIDS[seat][bid] = Bid(seat, bid)
        else:
            action = Bid(seat, bid)
        take(action)
    if tricks is None:
        if counted:
            label = next(k.label for k in game.rules.scoring.cards if k.name in counted)
            raise RecordError("cards.without_tricks", hand=number, label=label)
        if not is_last:
            raise RecordError("record.incomplete_not_last", hand=number, missing="no tricks")
    else:
        take(Tricks(tuple(tricks), counted or NOTHING_COUNTED))
    if "adjustments" in hand:
        _give_adjustments(game, number, hand["adjustments"])


def _give_adjustments(game: Game, number: int, adjustments: object) -> None:
    """Give hand ``number`` its bonuses and penalties, each ``{"player": NAME, "points": N, "reason": TEXT}``
    (the reason may be left out), checked as the scorekeeper's are."""
    if adjustments is None:
        return
    if not isinstance(adjustments, list):
        raise RecordError("record.type", hand=number, key="adjustments", expected=_words("adjustments"),
                          value=_json_kind(adjustments))
    for given in adjustments:
        if not isinstance(given, Mapping) or not {"player", "points"} <= given.keys() <= _ADJUSTMENT_KEYS:
            raise RecordError("record.type", hand=number, key="adjustments", expected=_words("adjustments"),
                              value=_json_kind(given))
        name = kept_name(given["player"]) if isinstance(given["player"], str) else None
        if name not in game.players:
            raise RecordError("record.adjustment_player", hand=number,
                              name=json.dumps(given["player"], ensure_ascii=False))
        game.take(Adjust(number, game.players.index(name), given["points"], given.get("reason", "")))


def _adjustments_written(game: Game, adjustments: Sequence[Adjustment]) -> list[dict[str, Any]]:
    written = []
    for given in adjustments:
        entry: dict[str, Any] = {"player": game.name(given.seat), "points": given.points}
        if given.reason:
            entry["reason"] = given.reason
        written.append(entry)
    return written


def _seat_list(hand: Mapping, key: str, number: int, players: int, *, allow_none: bool) -> list | None:
    values = hand.get(key)
    if values is None:
        return None
    if not isinstance(values, list) or len(values) != players:
        got = len(values) if isinstance(values, list) else _json_kind(values)
        raise RecordError("record.list_length", hand=number, key=key, players=players, got=got)
    if not allow_none and None in values:
        seat = values.index(None)
        raise RecordError("record.type", hand=number, key=key, expected=_words("per_player"),
                          value=_words("null_for", seat=seat + 1))
    return values


def _flip(game: Game, name: object) -> None:
    normalized = kept_name(name) if isinstance(name, str) else None
    if normalized not in game.players:
        raise CoinFlipError("record.coin_flip_unknown", name=json.dumps(name, ensure_ascii=False))
    game.take(CoinFlip(game.players.index(normalized)))


def _need(record: Mapping, key: str, kind: type, expected: str) -> Any:
    if key not in record:
        raise RecordError("record.missing", key=key)
    value = record[key]
    if not isinstance(value, kind):
        raise RecordError("record.type", key=key, expected=_words(expected), value=_json_kind(value))
    return value


def _words(what: str, **params: object) -> Words:
    """A part of a record refusal (``record.kind.*``), said in the refusal's language."""
    return engine_words(f"record.kind.{what}", **params)


def _json_kind(value: object) -> str | Words:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        shown = short_value(value)  # written as the record spells it ("1000", not "1,000"), cut if it is long
        return _words("number", value=str(shown) if isinstance(shown, (int, float)) else shown)
    if isinstance(value, str):
        return _words("text", value=short_value(json.dumps(value, ensure_ascii=False)))
    if isinstance(value, list):
        return _words("list")
    return _words("object")


__all__ = ["FORMAT", "BidwellError", "game_from_record", "parse_record", "record_from_game", "score_summary"]
