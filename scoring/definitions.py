"""Games as data: the template files, what one may hold, and the rules a game resolves to.

A game file in ``templates/`` gives the game's parameters; options and the
player count override them. :func:`rules_for` turns a game, a player count
and chosen options into a frozen :class:`~scoring.rules.Rules` that the rest
of the engine reads. Nothing here knows a particular game by name.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import cache

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring import schema
from scoring.errors import BidwellError, SetupError, TemplateError, short_value
from scoring.files import NotRegularFile, not_regular, open_regular
from scoring.i18n.engine import engine_words
from scoring.rules import BiddingMode, CardKind, GameDefinition, Option, Rules, ScoringRules, TieBreak, option_key
from scoring.schema import BOOL, COUNT, POINTS, TEXT, Key, ListOf, Names, Same, Table, Value, one_of

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


# --- what a game file may hold ------------------------------------------------------

# The parameters of a game. Required keys have no default; every other key's default is
# written here, once, so a misspelled key is refused by schema.check instead of quietly
# leaving its default in place.
PARAMETERS = Table({
    "deck": Key(Table({
        "cards": Key(COUNT),
        "undealt_at_least": Key(COUNT, 0),
        "max_hand": Key(COUNT, None),
    })),
    "hands": Key(Table({
        "path": Key(ListOf(Value(engine_words("schema.size_or_max", low=0, high=1_000),
                                 lambda v: COUNT.accepts(v) or v == "max"),
                           "schema.hand_sizes")),
        "step": Key(COUNT, 1),
        "open_ended": Key(BOOL, False),
    })),
    "tricks": Key(Table({
        "may_vanish": Key(COUNT, 0),
    }), {}),
    "scoring": Key(Table({
        "per_trick": Key(POINTS),
        "exact_bonus": Key(POINTS),
        "per_trick_missed": Key(POINTS, Same("per_trick")),
        "exact_zero_bonus": Key(POINTS, Same("exact_bonus")),
        "exact_zero_per_card": Key(POINTS, 0),
        "missed_zero_per_card": Key(POINTS, None),  # None: a missed bid of 0 is missed as any other
        "missed": Key(POINTS, 0),
        "missed_per_trick_off": Key(POINTS, 0),
        "all_tricks_per_trick": Key(POINTS, None),
        "count_bonus": Key(Table({
            "tricks": Key(ListOf(COUNT, "schema.int_list")),
            "points": Key(POINTS),
        }), None),
        "cards": Key(ListOf(Table({
            "name": Key(TEXT),
            "label": Key(TEXT, Same("name")),
            "heading": Key(TEXT, None),  # None: the label's first word
            "points": Key(POINTS),
            "copies": Key(COUNT),
            "only_when_made": Key(BOOL, False),
            "captured": Key(BOOL, False),
        }), "schema.cards_list"), ()),
    })),
    "end": Key(Table({
        "after": Key(one_of("last_hand"), None),
        "target": Key(POINTS, None),
        "tie_breaks": Key(ListOf(one_of(*TieBreak), "schema.tie_breaks")),
    })),
    "bidding": Key(Table({
        "mode": Key(one_of(*BiddingMode), BiddingMode.OPEN.value),
        "hook": Key(BOOL, False),
        "hook_from_hand": Key(COUNT, 1),
        "hook_from_cards": Key(COUNT, 1),
    }), {}),
    "trump": Key(Table({
        "suits": Key(ListOf(TEXT, "schema.suits")),
        "jokers": Key(COUNT, 0),
    }), None),
})

OPTION = Table({
    "label": Key(TEXT, None),  # None: the option's own name
    "explain": Key(TEXT, ""),
    "default": Key(Value("schema.default", lambda v: type(v) in (bool, str))),
    "choices": Key(ListOf(TEXT, "schema.text_list"), None),
    "allowed": Key(ListOf(Value("schema.value", lambda v: type(v) in (bool, str)), "schema.value_list"), None),
    "sets": Key(TEXT, None),
    "when": Key(Names(PARAMETERS), {}),
    "labels": Key(Names(TEXT), {}),
})
"""An option; a game's file may give only part of one the house rules file defines."""

GAME_FILE = Table({
    "id": Key(TEXT),
    "name": Key(TEXT),
    "players": Key(Table({"min": Key(COUNT), "max": Key(COUNT)})),
    **PARAMETERS.keys,
    "options": Key(Names(OPTION), {}),
    # Bounded before int() reads it: a key of thousands of digits is past Python's limit for reading one.
    "by_players": Key(Names(PARAMETERS, Value("schema.player_count", lambda key: key.isdecimal() and len(key) <= 4)),
                      {}),
})
"""A game's file: its identity, its parameters, its options and the changes for some player counts."""

HOUSE_RULES_FILE = Table({"options": Key(Names(OPTION), {})})
"""``_house-rules.toml``: the options every game offers."""

HOUSE_RULES = "_house-rules.toml"


# --- reading game files -------------------------------------------------------------


def templates_dir() -> Path:
    """Where the game files are: ``BIDWELL_TEMPLATES``, the installed copy, or the checkout's."""
    from pathlib import Path

    return Path(_templates_folder())


def _templates_folder() -> str:
    return os.environ.get("BIDWELL_TEMPLATES") or _shipped_templates_folder()


@cache
def _shipped_templates_folder() -> str:
    """The installed copy, or the checkout's: looked for once (every game started asks)."""
    packaged = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "templates")


def game_ids() -> list[str]:
    """The ids of every game in the templates folder, sorted: each a regular file (or a link to one) named
    ``ID.toml``; anything else of that name is no game (:func:`load_game` says what it is)."""
    folder = _templates_folder()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(name[:-5] for name in names if name.endswith(".toml") and not name.startswith("_")
                  and os.path.isfile(os.path.join(folder, name)))


def load_game(game_id: str) -> GameDefinition:
    """The game with this id, read from its template file and checked.

    :class:`SetupError` if there is no such game, or its file is not a regular file (saying what it is);
    :class:`TemplateError`
    (naming the file and the key) if its file, or ``_house-rules.toml``, is
    not valid TOML, holds a key the format does not have, lacks a required
    one, has a value of the wrong type, or cannot be resolved for one of its
    player counts or option values.
    """
    return _load_game(_templates_folder(), game_id)


def all_games() -> list[GameDefinition]:
    """Every game the templates folder holds, sorted by id."""
    return [load_game(game_id) for game_id in game_ids()]


@cache
def _load_game(folder: str, game_id: str) -> GameDefinition:
    path = os.path.join(folder, f"{game_id}.toml")
    named = isinstance(game_id, str) and not game_id.startswith("_") and "/" not in game_id and os.sep not in game_id
    if not named or not os.path.isfile(path):
        what = not_regular(path) if named else None
        if what is not None:
            raise SetupError("game.not_regular", game=game_id, file=os.path.basename(path), what=what,
                             known=", ".join(game_ids()))
        raise SetupError("game.unknown", game=game_id, known=", ".join(game_ids()))
    data = _read_toml(path)
    house_path = os.path.join(folder, HOUSE_RULES)
    # A house-rules file that is there but is no regular file is refused, not taken for none: its options
    # would silently be missing from every game.
    common = _read_toml(house_path) if os.path.lexists(house_path) else {}
    schema.check(common, HOUSE_RULES_FILE, HOUSE_RULES)
    return _definition_from(data, common.get("options", {}), os.path.basename(path))


GAME_FILE_MAX_BYTES = 256 * 1024
"""The largest game file read: the shipped ones are a few kilobytes; checked before the file is parsed."""


def _read_toml(path: str) -> dict[str, Any]:
    name = os.path.basename(path)
    try:
        with open_regular(path) as file:
            raw = file.read(GAME_FILE_MAX_BYTES + 1)
    except NotRegularFile as error:
        raise TemplateError("template.not_regular", file=name, what=error.what) from None
    except OSError as error:
        raise TemplateError("template.syntax", file=name, detail=str(error)) from None
    if len(raw) > GAME_FILE_MAX_BYTES:
        raise TemplateError("template.too_big", file=name, size=os.path.getsize(path), limit=GAME_FILE_MAX_BYTES)
    cache = _parsed_cache_path(path)
    parsed = _cached_parse(cache, raw)
    if parsed is None:
        parsed = _parse_toml(raw, name)
        _keep_parse(cache, raw, parsed)
    return parsed


# A game file read again as its TOML parse: the parse is kept beside Python's bytecode (``__pycache__`` next to the
# file, or under PYTHONPYCACHEPREFIX, and written only where Python writes bytecode) with the file's very bytes, so a
# file changed in any way is parsed again. Importing tomllib (with re, datetime and string) and parsing two files
# was most of what ``bidwell score`` spent beyond starting Python; json is imported by then anyway.

def _parsed_cache_path(path: str) -> str:
    import sys

    folder, name = os.path.split(os.path.abspath(path))
    if sys.pycache_prefix:
        folder = os.path.join(sys.pycache_prefix, folder.lstrip(os.sep))
    else:
        folder = os.path.join(folder, "__pycache__")
    return os.path.join(folder, f"{name}.parsed.json")


def _cached_parse(cache: str, raw: bytes) -> dict[str, Any] | None:
    import json

    try:
        with open(cache, encoding="utf-8") as file:
            kept = json.load(file)
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("source") != raw.decode("utf-8", "surrogateescape") \
            or not isinstance(kept.get("parsed"), dict):
        return None
    return kept["parsed"]


def _keep_parse(cache: str, raw: bytes, parsed: dict[str, Any]) -> None:
    import json
    import sys

    if sys.dont_write_bytecode:
        return
    try:
        text = json.dumps({"source": raw.decode("utf-8"), "parsed": parsed}, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # a date, or a value JSON cannot hold as TOML does: parsed every time
        return
    if json.loads(text)["parsed"] != parsed:
        return
    try:
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        partial = f"{cache}.{os.getpid()}.tmp"
        with open(partial, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(partial, cache)
    except OSError:  # a read-only install: parsed every time
        pass


def _parse_toml(raw: bytes, name: str) -> dict[str, Any]:
    import tomllib  # here, not at the top: only a game file not parsed before needs it

    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise TemplateError("template.encoding", file=name, detail=f"byte {error.start}: {error.reason}") from None
    except RecursionError:
        raise TemplateError("template.too_deep", file=name) from None
    except ValueError as error:  # TOMLDecodeError, or an integer longer than Python reads
        raise TemplateError("template.syntax", file=name, detail=short_value(str(error))) from None


def _definition_from(data: Mapping[str, Any], common_options: Mapping[str, Any], source: str) -> GameDefinition:
    schema.check(data, GAME_FILE, source)
    if f"{data['id']}.toml" != source:
        raise TemplateError("template.id", file=source, id=data["id"])
    players = data["players"]
    if not 1 <= players["min"] <= players["max"]:
        raise TemplateError("template.players", file=source, min=players["min"], max=players["max"])
    params = {key: data[key] for key in PARAMETERS.keys if key in data}
    own_options = data.get("options", {})
    merged = _merged(common_options, own_options)
    options = {
        name: _option_from(name, spec, _blame(own_options.get(name), common_options.get(name), source))
        for name, spec in merged.items()
    }
    definition = GameDefinition(
        id=data["id"],
        name=data["name"],
        min_players=players["min"],
        max_players=players["max"],
        params=params,
        options=options,
        by_players={int(count): overrides for count, overrides in data.get("by_players", {}).items()},
        source=source,
    )
    # A template that cannot resolve fails here, when it is loaded, not mid-game.
    for count in range(definition.min_players, definition.max_players + 1):
        rules_for(definition, count)
    for option in options.values():
        for value in option.allowed:
            rules_for(definition, definition.min_players, {option.name: value})
    return definition


def _blame(own: Mapping[str, Any] | None, common: Mapping[str, Any] | None, source: str) -> Callable[..., str]:
    """Which file to name for a fault in a merged option: the one that gave the first of the keys at fault."""

    def file_of(*keys: str) -> str:
        for key in keys:
            if own is not None and key in own:
                return source
            if common is not None and key in common:
                return HOUSE_RULES
        return source if own is not None else HOUSE_RULES

    return file_of


def _option_from(name: str, spec: Mapping[str, Any], file_of: Callable[..., str]) -> Option:
    default = spec.get("default")
    if isinstance(default, bool):
        allowed = tuple(spec.get("allowed", (False, True)))
    elif isinstance(default, str) and "choices" in spec:
        allowed = tuple(spec.get("allowed", spec["choices"]))
    else:
        raise TemplateError("template.option_default", file=file_of("default", "choices"), option=name)
    if default not in allowed or any(type(v) is not type(default) for v in allowed):
        raise TemplateError("template.option_allowed", file=file_of("allowed", "default", "choices"), option=name,
                            default=schema.shown(default), allowed=", ".join(schema.shown(v) for v in allowed))
    when = {option_key(key) if isinstance(key, bool) else key: value for key, value in spec.get("when", {}).items()}
    unknown = set(when) - {option_key(v) for v in allowed} - {str(v) for v in spec.get("choices", ())} - {"true", "false"}
    if unknown:
        raise TemplateError("template.option_when", file=file_of("when"), option=name,
                            values=", ".join(sorted(unknown)))
    sets = spec.get("sets")
    if sets is not None:
        target = schema.leaf(PARAMETERS, sets)
        if target is None:
            raise TemplateError("template.sets_unknown", file=file_of("sets"), option=name, target=sets)
        for value in allowed:
            if not target.accepts(value):
                raise TemplateError("template.type", file=file_of("allowed", "choices", "default", "sets"),
                                    key=engine_words("schema.set_by", key=sets, option=name), expected=target.expected,
                                    value=schema.shown(value))
    labels = dict(spec.get("labels", {}))
    unlabelled = set(labels) - {option_key(v) for v in allowed} - {str(v) for v in spec.get("choices", ())}
    if unlabelled:
        raise TemplateError("template.option_labels", file=file_of("labels"), option=name,
                            values=", ".join(sorted(unlabelled)))
    return Option(
        name=name,
        label=spec.get("label", name),
        explain=spec.get("explain", ""),
        default=default,
        allowed=allowed,
        sets=sets,
        when=when,
        labels=labels,
    )


def _merged(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` laid over it: tables merge key by key, anything else replaces.

    Neither is changed; the result shares what it does not override with
    them, so nothing that reads a game's parameters may change them.
    """
    result = dict(base)
    for key, value in overrides.items():
        below = result.get(key)
        result[key] = _merged(below, value) if isinstance(value, Mapping) and isinstance(below, Mapping) else value
    return result


def _nested(dotted: str, value: object) -> dict[str, Any]:
    """``{"a": {"b": value}}`` for ``"a.b"``."""
    tree: Any = value
    for part in reversed(dotted.split(".")):
        tree = {part: tree}
    return tree


def rules_for(
    game: GameDefinition | str, players: int, options: Mapping[str, object] | None = None
) -> Rules:
    """Resolve a game for ``players`` players with ``options`` into its :class:`~scoring.rules.Rules`.

    Options are checked (unknown names and values are refused with
    :class:`SetupError`); missing ones take their defaults. The player
    count's own overrides apply last, so a variant for a player count wins
    over an option (Herrlof with 3 players has no 5-trick bonus at all).
    """
    definition = load_game(game) if isinstance(game, str) else game
    definition.check_player_count(players)
    chosen = definition.resolve_options(options)
    if not isinstance(game, str):
        return _resolved(definition, players, chosen)
    # A game from the templates folder is kept by load_game for the process, so are the rules it comes to: each
    # game started or read back would otherwise check and merge its parameters again.
    key = (id(definition), players, tuple(chosen.items()))
    kept = _RULES.get(key)
    if kept is None or kept[0] is not definition:
        kept = _RULES[key] = (definition, _resolved(definition, players, chosen))
    return kept[1]


_RULES: dict[tuple[int, int, tuple[tuple[str, bool | str], ...]], tuple[GameDefinition, Rules]] = {}
"""The rules of each game of the templates folder for a player count and options, with the game they are of."""


def _resolved(definition: GameDefinition, players: int, chosen: dict[str, bool | str]) -> Rules:
    params = definition.params
    for name, value in chosen.items():
        option = definition.options[name]
        if option.sets:
            params = _merged(params, _nested(option.sets, value))
        params = _merged(params, option.when.get(option_key(value), {}))
    params = _merged(params, definition.by_players.get(players, {}))
    # Each piece was checked as it was read; what they make together must still be whole.
    schema.check(params, PARAMETERS, definition.source)
    try:
        return _rules_from(definition, players, chosen, schema.with_defaults(params, PARAMETERS))
    except (LookupError, TypeError, ValueError) as error:  # an empty hands.path, a step of 0, …
        if isinstance(error, BidwellError):
            raise
        raise TemplateError("template.resolve", file=definition.source, players=players, detail=repr(error)) from error


def _rules_from(definition: GameDefinition, players: int, chosen: dict, params: Mapping[str, Any]) -> Rules:
    deck, hands, scoring, end = params["deck"], params["hands"], params["scoring"], params["end"]
    largest = (deck["cards"] - deck["undealt_at_least"]) // players
    if deck["max_hand"] is not None:
        largest = min(largest, deck["max_hand"])
    if largest < 1:
        raise TemplateError("template.deal", file=definition.source, players=players)
    path = [largest if point == "max" else min(point, largest) for point in hands["path"]]
    sizes = hand_size_path(path, hands["step"])
    count_bonus = scoring["count_bonus"] or {"tricks": [], "points": 0}
    cards = tuple(
        CardKind(name=card["name"], label=card["label"], points=card["points"], copies=card["copies"],
                 only_when_made=card["only_when_made"], heading=card["heading"], captured=card["captured"])
        for card in scoring["cards"]
    )
    target = end["target"]
    if hands["open_ended"] != (target is not None):
        raise TemplateError("template.open_ended", file=definition.source)
    if end["after"] is not None and target is not None:
        raise TemplateError("template.end_both", file=definition.source)
    return Rules(
        game=definition,
        players=players,
        options=dict(chosen),
        hand_sizes=tuple(sizes),
        open_ended=hands["open_ended"],
        bidding=BiddingMode(params["bidding"]["mode"]),
        hook=params["bidding"]["hook"],
        hook_from_hand=params["bidding"]["hook_from_hand"],
        hook_from_cards=params["bidding"]["hook_from_cards"],
        scoring=ScoringRules(
            per_trick=scoring["per_trick"],
            per_trick_missed=scoring["per_trick_missed"],
            exact_bonus=scoring["exact_bonus"],
            exact_zero_bonus=scoring["exact_zero_bonus"],
            exact_zero_per_card=scoring["exact_zero_per_card"],
            missed_zero_per_card=scoring["missed_zero_per_card"],
            missed=scoring["missed"],
            missed_per_trick_off=scoring["missed_per_trick_off"],
            all_tricks_per_trick=scoring["all_tricks_per_trick"],
            count_bonus_tricks=frozenset(count_bonus["tricks"]),
            count_bonus_points=count_bonus["points"],
            cards=cards,
        ),
        tricks_may_vanish=params["tricks"]["may_vanish"],
        target=target,
        tie_breaks=tuple(TieBreak(t) for t in end["tie_breaks"]),
        trump_suits=tuple(params["trump"]["suits"]) if params["trump"] else (),
        jokers=params["trump"]["jokers"] if params["trump"] else 0,
    )


def hand_size_path(waypoints: list[int], step: int = 1) -> list[int]:
    """Hand sizes walking from waypoint to waypoint by ``step``, each turning point once.

    A leg stops at the last size that does not pass its waypoint, so Skip Up
    (step 2) to a largest hand of 18 ends at 17.

    >>> hand_size_path([4, 1, 4])
    [4, 3, 2, 1, 2, 3, 4]
    >>> hand_size_path([1, 8], step=2)
    [1, 3, 5, 7]
    """
    if step < 1:
        raise ValueError("step must be at least 1")
    sizes = [waypoints[0]]
    for target in waypoints[1:]:
        direction = 1 if target > sizes[-1] else -1
        while (sizes[-1] + direction * step - target) * direction <= 0 and sizes[-1] != target:
            sizes.append(sizes[-1] + direction * step)
    return sizes


__all__ = [
    "all_games",
    "game_ids",
    "hand_size_path",
    "load_game",
    "rules_for",
    "templates_dir",
]
