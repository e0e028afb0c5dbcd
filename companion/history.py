"""Every game kept on disk: saved the moment an action is made, listed, resumed, shared.

Layout of a data folder::

    games/ID.json        one game: its action log, one document an action
    index/YYYY-MM.json   summaries of the games started that month, for the history list
    .lock                the write lock shared by every Bidwell process

A tap during a game writes only that game's own file, so saving a bid costs
the same with ten thousand games stored as with none. The index is written
when a game starts, finishes (or stops being finished), is deleted or
imported. Index entries are written before the game file and removed after
it, so a crash can leave an entry without a game (skipped when listed),
never a game the history cannot find.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from tinydb import Query

from companion.storage import Folder, Notice, StorageError, remove_file
from scoring.errors import BidwellError
from scoring.game import (
    Action,
    Bid,
    CoinFlip,
    Correct,
    Game,
    GameState,
    Phase,
    Start,
    Tricks,
    action_from_dict,
    action_to_dict,
)
from scoring.record import game_from_record, record_from_game

DATA_ENV = "BIDWELL_DATA"
PAGE_SIZE = 50

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_OWN_KEYS = ("id", "created")
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ı": "i", "æ": "ae", "Æ": "AE",
                       "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H"})


def default_data_folder() -> Path:
    """Where Bidwell keeps its games: ``BIDWELL_DATA`` if set, else the user's data directory."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("bidwell", appauthor=False))


def fold(text: str) -> str:
    """``text`` for matching: case, accents and a few letters without a decomposition ignored.

    >>> fold("Béla") == fold("bela") and fold("Łucja") == fold("LUCJA")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def now() -> str:
    """The current time, UTC, as ISO 8601 to the millisecond (games started in one second still sort)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class ConflictError(StorageError):
    """The game was changed from another screen; the copy in memory has been reloaded."""


@dataclass(frozen=True)
class GameSummary:
    """One line of the history: which game, who played, when, how it stands."""

    id: str
    game: str
    game_name: str
    players: tuple[str, ...]
    created: str
    finished: bool
    winners: tuple[str, ...]
    hands_played: int
    current_hand: int | None = None
    phase: Phase | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, for ``bidwell history --json`` and the index."""
        return {
            "id": self.id,
            "game": self.game,
            "game_name": self.game_name,
            "players": list(self.players),
            "created": self.created,
            "finished": self.finished,
            "winners": list(self.winners),
            "hands_played": self.hands_played,
            "current_hand": self.current_hand,
            "phase": None if self.phase is None else self.phase.value,
        }


@dataclass(frozen=True)
class HistoryPage:
    """One page of the history, newest first."""

    items: tuple[GameSummary, ...]
    page: int
    has_more: bool


@dataclass
class ImportReport:
    """What an import did: ids of new games, ids already stored, and what was refused and why."""

    new: list[str] = field(default_factory=list)
    existing: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


def summarize(game_id: str, game: Game, created: str) -> GameSummary:
    """The history line of ``game``."""
    state = game.state
    current = state.current
    return GameSummary(
        id=game_id,
        game=game.rules.game.id,
        game_name=game.rules.game.name,
        players=game.players,
        created=created,
        finished=state.finished,
        winners=tuple(game.name(seat) for seat in state.winners) if state.finished else (),
        hands_played=len(state.scored_hands),
        current_hand=None if current is None else current.number,
        phase=state.phase,
    )


class SavedGame:
    """A game whose every accepted action is on disk before the call returns.

    Each action is checked by the engine first; only then is it written,
    and only once it is written does the game in memory change. A refused
    action writes nothing.
    """

    def __init__(self, store: GameStore, game_id: str, game: Game, created: str):
        self.store = store
        self.id = game_id
        self.game = game
        self.created = created

    @property
    def state(self) -> GameState:
        """The game's state, as derived from its log."""
        return self.game.state

    def record(self) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md) with its id and start time, as export writes it."""
        return {"id": self.id, "created": self.created, **record_from_game(self.game)}

    def apply(self, action: Action) -> GameState:
        """Check ``action``, save it, then apply it; raises the engine's refusal or :class:`StorageError`."""
        self.game.verify(action)
        return self.store._append(self, action)

    def bid(self, player: int, bid: int) -> GameState:
        """Save and apply a bid (see :meth:`scoring.game.Game.bid`)."""
        return self.apply(Bid(player, bid))

    def record_tricks(self, tricks, counted=None) -> GameState:  # noqa: ANN001 - as Game.record_tricks
        """Save and apply the tricks of the current hand."""
        return self.apply(Tricks(tuple(tricks), dict(counted or {})))

    def correct(self, hand, bids, tricks, counted=None) -> GameState:  # noqa: ANN001 - as Game.correct
        """Save and apply a correction of a finished hand."""
        return self.apply(Correct(hand, tuple(bids), tuple(tricks), dict(counted or {})))

    def record_coin_flip(self, winner: int) -> GameState:
        """Save and apply the coin flip's winner."""
        return self.apply(CoinFlip(winner))

    def undo(self) -> GameState:
        """Drop the last action on disk, then in memory."""
        if not self.game.can_undo():
            return self.game.undo()  # raises the engine's "nothing to undo"
        return self.store._drop_last(self)


class GameStore:
    """All games in one data folder.

    >>> import tempfile
    >>> store = GameStore(tempfile.mkdtemp())
    >>> saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    >>> _ = saved.bid(1, 3)
    >>> store.open(saved.id).state.next_bidder
    0
    """

    def __init__(self, path: Path | str | None = None):
        self.folder = Folder(path if path is not None else default_data_folder())
        (self.folder.path / "games").mkdir(exist_ok=True)
        (self.folder.path / "index").mkdir(exist_ok=True)

    @property
    def path(self) -> Path:
        """The data folder."""
        return self.folder.path

    @property
    def notices(self) -> list[Notice]:
        """What the storage repaired on its own since this store was opened."""
        return self.folder.notices

    # -- one game --

    def start(self, game: Game, *, created: str | None = None) -> SavedGame:
        """Keep a new game (it may already hold actions, as an imported one does)."""
        created = created or now()
        game_id = _new_id(created)
        with self.folder.writing():
            self._index_put(summarize(game_id, game, created))
            self._write_game(game_id, game, created)
        return SavedGame(self, game_id, game, created)

    def open(self, game_id: str) -> SavedGame:
        """The stored game ``game_id``, exactly where it stopped; :class:`StorageError` if there is none."""
        game, created = self._read_game(game_id)
        return SavedGame(self, game_id, game, created)

    def delete(self, game_id: str) -> None:
        """Delete a game for good (the app asks first)."""
        _check_id(game_id)
        with self.folder.writing():
            remove_file(self._game_path(game_id))
            self._index_remove(game_id)

    def export(self, game_id: str) -> dict[str, Any]:
        """The record of a stored game, with its id and dates (RECORD-FORMAT.md)."""
        return self.open(game_id).record()

    def export_all(self) -> list[dict[str, Any]]:
        """The records of every stored game, newest first."""
        return [self.export(summary.id) for summary in self._all_summaries()]

    # -- many games --

    def player_names(self) -> list[str]:
        """Names from past games, the most often seen first, for the new-game screen to offer."""
        counts: dict[str, int] = {}
        for month in self._months():
            with self._index_db(month) as db:
                for doc in db.table("games").all():
                    for name in doc["players"]:
                        counts[name] = counts.get(name, 0) + 1
        return sorted(counts, key=lambda name: (-counts[name], fold(name)))

    def unfinished(self) -> list[GameSummary]:
        """Games to continue, newest first, each with its current hand and phase."""
        return list(self._all_summaries(finished=False))

    def history(
        self,
        *,
        page: int = 1,
        per_page: int = PAGE_SIZE,
        game: str | None = None,
        player: str | None = None,
        finished: bool | None = None,
    ) -> HistoryPage:
        """Page ``page`` (1-based) of the games, newest first, filtered by game id, player and status.

        The player filter matches part of any name, ignoring case and accents
        ("bela" finds "Béla").
        """
        if page < 1 or per_page < 1:
            raise ValueError("page and per_page start at 1")
        skip = (page - 1) * per_page
        items: list[GameSummary] = []
        for summary in self._all_summaries(game=game, player=player, finished=finished):
            if skip:
                skip -= 1
                continue
            if len(items) == per_page:
                return HistoryPage(tuple(items), page, has_more=True)
            items.append(summary)
        return HistoryPage(tuple(items), page, has_more=False)

    def import_records(self, records: Iterable[tuple[str, object]]) -> ImportReport:
        """Keep every valid record of ``(where, record)`` pairs; report new, already there and refused.

        A record carrying an ``id`` (as Bidwell's exports do) is the same game
        on a second import; one without is known by its content.
        """
        report = ImportReport()
        incoming: list[tuple[str, Game, str]] = []
        seen: set[str] = set()
        for where, record in records:
            try:
                game = game_from_record(record)
            except BidwellError as refusal:
                report.refused.append((where, str(refusal)))
                continue
            own = {key: game.extras.pop(key) for key in _OWN_KEYS if key in game.extras}
            game_id = own.get("id") if isinstance(own.get("id"), str) and _ID.match(own["id"]) else _content_id(record)
            if game_id in seen or self._stored(game_id):
                report.existing.append(game_id)
                continue
            seen.add(game_id)
            created = own["created"] if _is_timestamp(own.get("created")) else now()
            incoming.append((game_id, game, created))
        with self.folder.writing():
            self._index_put_many([summarize(game_id, game, created) for game_id, game, created in incoming])
            for game_id, game, created in incoming:
                self._write_game(game_id, game, created)
                report.new.append(game_id)
        return report

    # -- internals: game files --

    def _game_path(self, game_id: str) -> Path:
        return self.path / "games" / f"{game_id}.json"

    def _stored(self, game_id: str) -> bool:
        path = self._game_path(game_id)
        return path.exists() or path.with_name(path.name + ".bak").exists()

    def _game_db(self, game_id: str):  # noqa: ANN202 - a TinyDB
        return self.folder.database(f"games/{game_id}.json", kind="game")

    def _write_game(self, game_id: str, game: Game, created: str) -> None:
        documents = [_document(action, created) for action in game.log]
        documents[0]["extras"] = game.extras
        with self._game_db(game_id) as db:
            db.storage.write({"actions": {str(n): doc for n, doc in enumerate(documents, start=1)}})

    def _read_game(self, game_id: str) -> tuple[Game, str]:
        _check_id(game_id)
        if not self._stored(game_id):
            raise StorageError(f"there is no game '{game_id}' in {self.path}")
        with self._game_db(game_id) as db:
            documents = db.table("actions").all()
        if not documents:
            raise StorageError(f"the game '{game_id}' in {self.path} holds no actions")
        try:
            log = [action_from_dict(doc["action"]) for doc in documents]
            if not isinstance(log[0], Start):
                raise ValueError("the first action is not the start")
            game = Game.replay(log)
        except (KeyError, TypeError, ValueError) as error:
            raise StorageError(f"the game '{game_id}' in {self.path} cannot be read: {error}") from None
        game.extras = dict(documents[0].get("extras", {}))
        return game, documents[0]["at"]

    def _append(self, saved: SavedGame, action: Action) -> GameState:
        with self.folder.writing(), self._game_db(saved.id) as db:
            actions = db.table("actions")
            self._check_same(saved, len(actions))
            before = summarize(saved.id, saved.game, saved.created)
            actions.insert(_document(action, now()))
            state = saved.game.apply(action)
            self._index_if_changed(before, saved)
            return state

    def _drop_last(self, saved: SavedGame) -> GameState:
        with self.folder.writing(), self._game_db(saved.id) as db:
            actions = db.table("actions")
            self._check_same(saved, len(actions))
            before = summarize(saved.id, saved.game, saved.created)
            actions.remove(doc_ids=[max(doc.doc_id for doc in actions.all())])
            state = saved.game.undo()
            self._index_if_changed(before, saved)
            return state

    def _check_same(self, saved: SavedGame, stored: int) -> None:
        if stored != len(saved.game.log):
            saved.game, _ = self._read_game(saved.id)
            raise ConflictError(
                "this game was changed on another screen meanwhile; it has been reloaded, so check it and try again"
            )

    def _index_if_changed(self, before: GameSummary, saved: SavedGame) -> None:
        """Rewrite the game's index line only when the history shows something new.

        The index keeps how a game ended, not how far an unfinished one got
        (that is read from the game's own file), so bids and tricks in an
        unfinished game never touch it.
        """
        if not before.finished and not saved.game.state.finished:
            return
        after = summarize(saved.id, saved.game, saved.created)
        if (after.finished, after.winners, after.hands_played) != (before.finished, before.winners, before.hands_played):
            self._index_put(after)

    # -- internals: the index --

    def _index_put(self, summary: GameSummary) -> None:
        self._index_put_many([summary])

    def _index_put_many(self, summaries: list[GameSummary]) -> None:
        by_month: dict[str, list[GameSummary]] = {}
        for summary in summaries:
            by_month.setdefault(summary.created[:7], []).append(summary)
        for month, group in by_month.items():
            with self._index_db(month) as db:
                documents = {doc["id"]: dict(doc) for doc in db.table("games").all()}
                for summary in group:
                    documents[summary.id] = _index_document(summary)
                db.storage.write({"games": {str(n): doc for n, doc in enumerate(documents.values(), start=1)}})

    def _index_remove(self, game_id: str) -> None:
        for month in self._months():
            with self._index_db(month) as db:
                if db.table("games").remove(Query().id == game_id):
                    return

    def _index_db(self, month: str):  # noqa: ANN202 - a TinyDB
        return self.folder.database(f"index/{month}.json", kind="index")

    def _months(self) -> list[str]:
        return sorted((p.stem for p in (self.path / "index").glob("????-??.json")), reverse=True)

    def _all_summaries(
        self, *, game: str | None = None, player: str | None = None, finished: bool | None = None
    ) -> Iterator[GameSummary]:
        wanted = fold(player.strip()) if player else None
        for month in self._months():
            with self._index_db(month) as db:
                documents = db.table("games").all()
            for doc in sorted(documents, key=lambda d: (d["created"], d["id"]), reverse=True):
                if game is not None and doc["game"] != game:
                    continue
                if finished is not None and doc["finished"] != finished:
                    continue
                if wanted is not None and wanted not in doc["search"]:
                    continue
                summary = _summary_of(doc)
                if not self._stored(summary.id):
                    continue
                if not summary.finished:
                    summary = self._fresh(summary)
                    if summary is None or finished is False and summary.finished:
                        continue
                yield summary

    def _fresh(self, summary: GameSummary) -> GameSummary | None:
        """An unfinished game's line with its current hand, read from its own file."""
        try:
            game, created = self._read_game(summary.id)
        except StorageError:
            return None
        fresh = summarize(summary.id, game, created)
        if fresh.finished != summary.finished:
            with self.folder.writing():
                self._index_put(fresh)
        return fresh


def _document(action: Action, at: str) -> dict[str, Any]:
    return {"at": at, "action": action_to_dict(action)}


def _index_document(summary: GameSummary) -> dict[str, Any]:
    doc = summary.to_json()
    doc.pop("current_hand")
    doc.pop("phase")
    doc["search"] = fold(" | ".join(summary.players))
    return doc


def _summary_of(doc: Mapping[str, Any]) -> GameSummary:
    return GameSummary(
        id=doc["id"],
        game=doc["game"],
        game_name=doc["game_name"],
        players=tuple(doc["players"]),
        created=doc["created"],
        finished=doc["finished"],
        winners=tuple(doc["winners"]),
        hands_played=doc["hands_played"],
    )


def _new_id(created: str) -> str:
    stamp = created.replace("-", "").replace(":", "").replace(".", "").replace("T", "-").rstrip("Z")
    return f"{stamp}-{secrets.token_hex(3)}"


def _content_id(record: object) -> str:
    relevant = {k: v for k, v in record.items() if k not in _OWN_KEYS} if isinstance(record, Mapping) else record
    digest = hashlib.sha256(json.dumps(relevant, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return f"imported-{digest[:16]}"


def _is_timestamp(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z", value) is not None


def _check_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not _ID.match(game_id):
        raise StorageError(f"'{game_id}' is not a game id (ids look like 20261122-101500123-a1b2c3)")
