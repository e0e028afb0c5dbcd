"""Every game kept on disk: saved the moment an action is made, listed, resumed, shared.

Layout of a data folder::

    games/ID.json        one game: its action log and its revision
    index/YYYY-MM.json   summaries of the games started that month, for the history list
    .lock                the write lock shared by every Bidwell process

A tap during a game writes only that game's own file, so saving a bid costs
the same with ten thousand games stored as with none. Every write of a game
file raises its revision; a screen may only write over the revision it last
saw, and only an action the engine accepts after the log on disk, so two
screens on one game can never store a log that does not replay.

The index is a cache of the game files, never trusted blindly. A write that
changes what the history shows of a game (it finishes, stops being finished,
or a finished game is corrected) first marks the game's entry unsettled, then
writes the game file, then writes the entry anew; every time a store is
opened, unsettled entries are read again from their games, games missing
from the index are added back, and a month whose index file had to be
repaired is rebuilt. So a process killed between the two writes leaves
nothing listed wrongly for good. Each entry also records the size and time
of the file it describes, and a listed finished game whose file has changed
since is read again before it is shown.

A game that cannot be read whole is never hidden: it is listed as damaged,
with what is wrong, and opens (read-only) up to its last good action.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import threading
import unicodedata
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from tinydb import Query

from companion.store.files import (
    AtomicJSONStorage,
    Folder,
    NewerSchemaError,
    FOLDER_MODE,
    Notice,
    StorageError,
    UnwritableError,
    collecting_notices,
    make_folder,
    os_reason,
    remove_file,
)
from companion.texts import APP, t
from scoring.errors import BidwellError
from scoring.game import (
    REPLAY_REFUSALS,
    Action,
    Bid,
    ChangeBid,
    CoinFlip,
    Correct,
    Game,
    GameState,
    Phase,
    Start,
    Tricks,
    Trump,
    action_from_dict,
    action_to_dict,
    replay_sound,
)
from scoring.i18n import Words, in_english
from scoring.record import check_extras_size, game_from_record, parse_record, record_from_game
from scoring.stats import MATCH_KEY, GameFigures, MatchTally, SeatFigures, figures_of, match_tallies, seat_figures

DATA_ENV = "BIDWELL_DATA"
PAGE_SIZE = 50

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_GAME_FILE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.json(\.bak)?$")
_OWN_KEYS = ("id", "created")
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ı": "i", "æ": "ae", "Æ": "AE",
                       "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H"})
_UNREADABLE_GAME = "?"
_INDEX_FIELDS: Mapping[str, type] = {
    "id": str, "game": str, "game_name": str, "players": list, "created": str, "finished": bool, "winners": list,
    "hands_played": int,
}


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


class DamagedGameError(StorageError):
    """The game on disk cannot be read whole: it can be looked at and exported as far as it goes, not changed."""


@dataclass(frozen=True)
class GameSummary:
    """One line of the history: which game, who played, when, how it stands.

    ``damage`` says what is wrong with a game that cannot be read whole; such
    a game is listed all the same.
    """

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
    damage: str | None = None
    totals: tuple[int, ...] = ()
    coin_pending: bool = False
    figures: tuple[SeatFigures, ...] | None = None
    """Each seat's figures for the statistics; None where the index entry was written before they were kept."""
    match: str | None = None
    """The id of the first game of the match (a game and its rematches) this game is a rematch in."""
    repaired: str | None = None
    """What was repaired in the game's file and what that lost (in English, as the index keeps it), or None."""

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
            "damage": self.damage,
            "totals": list(self.totals),
            "coin_pending": self.coin_pending,
            "repaired": self.repaired,
        }

    def figures_json(self) -> list[list[int | bool]] | None:
        """The seats' figures as the index keeps them."""
        return None if self.figures is None else [seat.to_json() for seat in self.figures]


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
    refused: list[tuple[str, object]] = field(default_factory=list)
    """(where, why): the why is said in the language in use when shown."""


@dataclass
class ExportReport:
    """What exporting every game gave: the records, the damaged games exported only as far as they go
    (id and what is wrong), and the games that could not be exported at all."""

    records: list[dict[str, Any]] = field(default_factory=list)
    partial: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)


def records_in(name: str, raw: bytes) -> list[tuple[str, object]]:
    """The records the file ``name`` holds (one, or an array of them), each named as messages name it, for
    :meth:`GameStore.import_records`; :class:`BidwellError` if the file is not JSON records."""
    data = parse_record(raw)
    if isinstance(data, list):
        return [(t("cli.record_in", path=name, number=number), item) for number, item in enumerate(data, start=1)]
    return [(name, data)]


def summarize(game_id: str, game: Game, created: str, damage: Words | str | None = None) -> GameSummary:
    """The history line of ``game``; ``damage`` is kept in English (the index keeps it as text)."""
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
        damage=None if damage is None else in_english(damage),
        totals=state.totals,
        coin_pending=bool(state.coin_flip_between),
        figures=seat_figures(game),
        match=match if isinstance(match := game.extras.get(MATCH_KEY), str) and _ID.match(match) else None,
    )


@dataclass(eq=False)
class _Loaded:
    """A game file as far as it is sound: the game up to its last good action, and what is wrong after it.

    The store keeps one of these per game it has open (see :meth:`GameStore.open`): every screen of the game in
    this process reads it, and only the store changes it, after the file on disk has changed.
    """

    game: Game | None
    created: str | None
    revision: int
    actions: list[dict[str, Any]]
    damage: Words | None

    def take(self, other: _Loaded) -> None:
        """Become ``other`` (the game as read again from its file), so every holder sees the change."""
        self.game, self.created, self.revision = other.game, other.created, other.revision
        self.actions, self.damage = other.actions, other.damage

    def follow(self, tables: Mapping[str, Any]) -> bool:
        """Become the game the file's ``tables`` hold where it only has actions added after this copy's, or this
        copy's last actions dropped (another program saved or undid): the new actions applied, or the dropped
        ones undone, nothing replayed. Whether that was so (if not, the file is to be replayed whole)."""
        documents, damage = _numbered(tables)
        game, kept = self.game, self.actions
        if game is None or self.damage is not None or damage is not None or not documents:
            return False
        if len(documents) >= len(kept) and documents[:len(kept)] == kept:
            applied = 0
            try:
                for doc in documents[len(kept):]:
                    game.apply(action_from_dict(doc["action"]))
                    applied += 1
            except REPLAY_REFUSALS:
                for _ in range(applied):  # as it was: the whole file is replayed, and its damage named
                    game.undo()
                return False
        elif kept[:len(documents)] == documents:
            for _ in range(len(kept) - len(documents)):
                game.undo()
        else:
            return False
        self.revision, self.actions = _revision(tables), documents
        return True

    def agrees_with(self, tables: Mapping[str, Any]) -> bool:
        """Whether this is the game the file's ``tables`` hold: the same revision and the same actions."""
        return self.game is not None and _revision(tables) == self.revision and _numbered(tables) == (
            self.actions, None)


class SavedGame:
    """A stored game as the screens of this process use it: every accepted action is on disk before the call
    returns.

    Every :class:`SavedGame` of one game opened from one store reads the same copy in memory, which changes
    only once a change is on disk (see :meth:`GameStore.append`). A change names the revision it was made
    from (by default, the revision now); one made from a revision that is no longer the stored one is refused
    with :class:`ConflictError`, so a screen that drew an older state cannot write over a newer one. A damaged
    game (``damage`` says why) holds its actions up to the last good one and refuses every change.
    """

    def __init__(self, store: GameStore, game_id: str, loaded: _Loaded):
        assert loaded.game is not None and loaded.created is not None
        self.store = store
        self.id = game_id
        self._loaded = loaded

    @property
    def game(self) -> Game:
        """The engine's game, as stored."""
        return self._loaded.game  # type: ignore[return-value]

    @property
    def created(self) -> str:
        """When the game was started (ISO 8601, UTC)."""
        return self._loaded.created  # type: ignore[return-value]

    @property
    def damage(self) -> Words | None:
        """What is wrong with the game on disk (said in the language in use when shown), or None."""
        return self._loaded.damage

    @property
    def revision(self) -> int:
        """The revision of the game file this copy is; every write raises it by one."""
        return self._loaded.revision

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The action documents of the game file, oldest first."""
        return self._loaded.actions

    @property
    def state(self) -> GameState:
        """The game's state, as derived from its log."""
        return self.game.state

    @property
    def read_only(self) -> bool:
        """Whether the game can only be looked at: it is damaged on disk."""
        return self.damage is not None

    def record(self) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md) with its id and start time, as export writes it."""
        return {"id": self.id, "created": self.created, **record_from_game(self.game)}

    def reload(self) -> bool:
        """Take the game as it is on disk now (another program changed it); whether anything changed.

        A game that can no longer be read at all is kept as it was in memory.
        """
        return self.store.refresh(self.id)

    def apply(self, action: Action, *, expected_revision: int | None = None) -> GameState:
        """Save ``action`` and apply it, if the game is still at ``expected_revision`` (default: this copy's);
        raises the engine's refusal, :class:`ConflictError` or another :class:`StorageError`."""
        return self.store.append(self.id, self.revision if expected_revision is None else expected_revision, action)

    def bid(self, player: int, bid: int, *, expected_revision: int | None = None) -> GameState:
        """Save and apply a bid (see :meth:`scoring.game.Game.bid`)."""
        return self.apply(Bid(player, bid), expected_revision=expected_revision)

    def change_bid(self, player: int, bid: int, *, expected_revision: int | None = None) -> GameState:
        """Save and apply a changed bid of the current hand (see :meth:`scoring.game.Game.change_bid`)."""
        return self.apply(ChangeBid(player, bid), expected_revision=expected_revision)

    def record_tricks(self, tricks, counted=None, *,  # noqa: ANN001 - as Game.record_tricks
                      expected_revision: int | None = None) -> GameState:
        """Save and apply the tricks of the current hand."""
        return self.apply(Tricks(tuple(tricks), dict(counted or {})), expected_revision=expected_revision)

    def correct(self, hand, bids, tricks, counted=None, *,  # noqa: ANN001 - as Game.correct
                expected_revision: int | None = None) -> GameState:
        """Save and apply a correction of a finished hand."""
        return self.apply(Correct(hand, tuple(bids), tuple(tricks), dict(counted or {})),
                          expected_revision=expected_revision)

    def record_coin_flip(self, winner: int, *, expected_revision: int | None = None) -> GameState:
        """Save and apply the coin flip's winner."""
        return self.apply(CoinFlip(winner), expected_revision=expected_revision)

    def record_trump(self, hand: int, trumps, *,  # noqa: ANN001 - a sequence of suits
                     expected_revision: int | None = None) -> GameState:
        """Save and apply what was trump in hand ``hand`` (a table aid)."""
        return self.apply(Trump(hand, tuple(trumps)), expected_revision=expected_revision)

    def undo(self, *, expected_revision: int | None = None) -> GameState:
        """Drop the last action on disk, then in memory, if the game is still at ``expected_revision``."""
        return self.store.drop_last(self.id, self.revision if expected_revision is None else expected_revision)


class GameStore:
    """All games in one data folder.

    Opening a store removes what writers killed mid-write left behind and
    checks the history index against the game files (see the module's text).

    >>> import tempfile
    >>> store = GameStore(tempfile.mkdtemp())
    >>> saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    >>> _ = saved.bid(1, 3)
    >>> store.open(saved.id).state.next_bidder
    0
    """

    def __init__(self, path: Path | str | None = None, *, after_write: Callable[[], None] | None = None):
        """Open the games in ``path`` (default: :func:`default_data_folder`); ``after_write`` is called after
        every write to the folder (see :meth:`Folder.writing`)."""
        self.folder = Folder(path if path is not None else default_data_folder(), after_write=after_write)
        self._figures_by_month: dict[str, tuple[list[int] | None, list[GameFigures], list[Mapping[str, Any]]]] = {}
        self._last_figures: tuple[tuple, list[GameFigures]] | None = None
        # One copy in memory per open game, shared by every screen of it in this process; forgotten once no
        # screen holds it.
        self._open: weakref.WeakValueDictionary[str, _Loaded] = weakref.WeakValueDictionary()
        self._open_lock = threading.RLock()
        self._repairs_met: dict[str, str] = {}
        """What this process repaired in a game's file, by game, until its index entry says so."""
        for part in ("games", "index"):
            target = self.path / part
            if target.exists() and not target.is_dir():
                raise StorageError("storage.file_in_the_way", target=target)
            try:
                make_folder(target)
            except OSError as error:
                raise StorageError("storage.cannot_create", target=target, reason=os_reason(error)) from None
            # Folders an older Bidwell made readable to all are closed (a read-only folder stays as it is).
            with contextlib.suppress(OSError):
                if target.stat().st_mode & 0o077:
                    target.chmod(FOLDER_MODE)
        self.read_only: StorageError | None = None
        """Why the folder cannot be written (its games are read as they are, none is saved), or None."""
        try:
            self._check_index()
        except StorageError as error:
            if error.key != "storage.cannot_write_folder":
                raise
            # A read-only disk or a folder of someone else's: the games are still there to look at and export.
            self.read_only = error
            self.folder.notice("storage.read_only", folder=self.path, reason=error.params["reason"])

    @property
    def path(self) -> Path:
        """The data folder."""
        return self.folder.path

    @property
    def notices(self) -> list[Notice]:
        """What the storage repaired on its own since this store was opened, outside any app screen's action."""
        return self.folder.notices

    # -- one game --

    def start(self, game: Game, *, created: str | None = None) -> SavedGame:
        """Keep a new game (it may already hold actions, as an imported one does)."""
        created = created or now()
        game_id = _new_id(created)
        actions = _documents(game, created)
        with self.folder.writing():
            self._write_game(game_id, actions, revision=1)
            try:
                self._index_put([summarize(game_id, game, created)])
            except StorageError:
                self._forget_game(game_id)
                raise
        loaded = _Loaded(game, created, 1, actions, None)
        with self._open_lock:
            self._open[game_id] = loaded
        return SavedGame(self, game_id, loaded)

    def open(self, game_id: str) -> SavedGame:
        """The stored game ``game_id`` as far as it is sound; :class:`StorageError` if nothing of it can be read.

        Every game opened twice from one store is the same copy in memory (read again only if its file
        changed). A damaged game comes back read-only, up to its last good action, with ``damage`` saying
        what is wrong.
        """
        _check_id(game_id)
        tables = self._tables(game_id)
        loaded = tables if isinstance(tables, _Loaded) else self._current(game_id, tables)
        if loaded.game is None:
            if loaded.damage is None:
                raise StorageError("storage.no_game", game=game_id, folder=self.path)
            raise DamagedGameError("storage.cannot_open", game=game_id, damage=loaded.damage)
        return SavedGame(self, game_id, loaded)

    def refresh(self, game_id: str) -> bool:
        """Read game ``game_id`` again if its file changed (another program wrote it); whether the copy in
        memory changed. A game that can no longer be read at all is kept as it was in memory."""
        _check_id(game_id)
        with self._open_lock:
            before = self._open.get(game_id)
            seen = None if before is None else (before.revision, before.actions)
            after = self._current(game_id)
            return before is not None and after is before and (after.revision, after.actions) != seen

    def append(self, game_id: str, expected_revision: int, action: Action) -> GameState:
        """Save ``action`` after the stored log of game ``game_id``, then apply it to the copy in memory, if the
        game on disk is still at ``expected_revision``: the revision the screen that sends it drew.

        Checked once, under the folder's write lock: the revision (:class:`ConflictError` if the game has
        moved on, the copy in memory then being the stored game), then the action, by the engine (its
        refusal is raised as it is). Nothing is written unless both pass; the new state is returned.
        """
        _check_id(game_id)
        with self.folder.writing():
            loaded = self._writable(game_id, expected_revision)
            game = loaded.game
            assert game is not None
            document = _document(action, now())
            return self._save(game_id, loaded, [*loaded.actions, document], change=lambda: game.apply(action),
                              take_back=game.undo)

    def drop_last(self, game_id: str, expected_revision: int) -> GameState:
        """Drop the last action of game ``game_id`` from its file, then from the copy in memory, if the game on
        disk is still at ``expected_revision`` (as :meth:`append` checks); the engine's refusal if there is
        nothing to undo."""
        _check_id(game_id)
        with self.folder.writing():
            loaded = self._writable(game_id, expected_revision)
            game = loaded.game
            assert game is not None
            if not game.can_undo():
                return game.undo()  # raises the engine's "nothing to undo"
            dropped = game.log[-1]
            return self._save(game_id, loaded, loaded.actions[:-1], change=game.undo,
                              take_back=lambda: game.apply(dropped))

    def delete(self, game_id: str) -> None:
        """Delete a game for good (the app asks first).

        The index entry goes first: a crash in between leaves a game file
        without an entry, which the next open lists again, never an entry
        for a game that is gone.
        """
        _check_id(game_id)
        with self.folder.writing():
            self._index_remove(game_id)
            self._forget_game(game_id)
        with self._open_lock:
            self._open.pop(game_id, None)

    def export(self, game_id: str) -> dict[str, Any]:
        """The record of a stored game, with its id and dates (RECORD-FORMAT.md); a damaged one as far as it goes."""
        return self.open(game_id).record()

    def export_all(self) -> ExportReport:
        """The records of every stored game, newest first, with the damaged ones named."""
        report = ExportReport()
        for summary in self._all_summaries():
            try:
                saved = self.open(summary.id)
            except StorageError as error:
                report.failed.append((summary.id, str(error)))
                continue
            report.records.append(saved.record())
            if saved.damage is not None:
                report.partial.append((summary.id, saved.damage))
        return report

    # -- many games --

    def player_names(self) -> list[str]:
        """Names from past games, the most often seen first, for the new-game screen to offer."""
        counts: dict[str, int] = {}
        for month in self._months():
            for doc in self._listed_docs(month):
                for name in doc["players"]:
                    counts[name] = counts.get(name, 0) + 1
        return sorted(counts, key=lambda name: (-counts[name], fold(name)))

    def figures(self) -> list[GameFigures]:
        """Every readable game's figures for the statistics, newest first.

        A finished game's come from its index entry, kept there whenever the game is saved (the game file's
        signature is not checked, as the history's list does: every change to a finished game rewrites its
        entry, and an entry left unsettled by a crash is mended when the store opens). An unfinished game's
        are read from its own file, as the history lists it; so is an entry written before figures were kept,
        and its figures are kept then.
        """
        found: list[GameFigures] = []
        to_read: list[Mapping[str, Any]] = []
        months: list[list[int] | None] = []
        for month in self._months():
            signature, month_found, month_to_read = self._month_figures(month)
            months.append(signature)
            found += month_found
            to_read += month_to_read
        # The same answer, the same list, while no index file and no unfinished game's file changed: a screen
        # keeps what it worked out from it.
        unchanged = tuple(months), tuple((doc["id"], _signature(self._game_path(doc["id"]))) for doc in to_read)
        if self._last_figures is not None and self._last_figures[0] == unchanged:
            return self._last_figures[1]
        mended: list[GameSummary] = []
        for doc in to_read:
            summary = self._summary_from_file(doc["id"], doc)
            if summary is None or summary.figures is None or not summary.players:
                continue
            if summary.finished or doc["finished"]:
                mended.append(summary)
            found.append(figures_of(summary.id, summary.game, summary.created, summary.finished, summary.players,
                                    summary.figures, summary.match))
        if mended:  # all at once: each month's index file is written once, not once a game
            with self.folder.writing():
                self._index_put(mended)
        figures = sorted(found, key=lambda figures: (figures.created, figures.id), reverse=True)
        self._last_figures = None if mended else (unchanged, figures)
        return figures

    def rematch(self, saved: SavedGame) -> SavedGame:
        """Start the rematch of ``saved`` (same game, options and seats; the next seat deals first), in the same
        match: the match is named by its first game, kept with the new game's record."""
        game = saved.game.rematch()
        game.extras[MATCH_KEY] = saved.game.extras.get(MATCH_KEY) or saved.id
        return self.start(game)

    def matches(self) -> dict[str, MatchTally]:
        """Every match's tally (a game and its rematches), by the id of its first game."""
        return match_tallies(self.figures())

    def _month_figures(self, month: str) -> tuple[list[int] | None, list[GameFigures], list[Mapping[str, Any]]]:
        """One month's index file's signature, its finished games' figures, and its entries to read from their
        games; kept while the index file is unchanged, so a second look at the statistics reads only what
        changed."""
        signature = _signature(self.path / "index" / f"{month}.json")
        kept = self._figures_by_month.get(month)
        if kept is not None and signature is not None and kept[0] == signature:
            return kept
        found: list[GameFigures] = []
        to_read: list[Mapping[str, Any]] = []
        for doc in self._listed_docs(month):
            seats = _seat_figures_in(doc.get("figures"), len(doc["players"])) if doc["finished"] and doc.get(
                "damage") is None else None
            if seats is None:
                to_read.append(doc)
            else:
                match = doc.get("match")
                found.append(figures_of(doc["id"], doc["game"], doc["created"], True, doc["players"], seats,
                                        match if isinstance(match, str) else None))
        self._figures_by_month[month] = kept = (signature, found, to_read)
        return kept

    def unfinished(self) -> list[GameSummary]:
        """Games to continue, newest first, each with its current hand and phase (damaged ones too, marked)."""
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
        ("bela" finds "Béla"). Damaged games are listed with what is wrong.
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
        on a second import; one without is known by its content. Whether a
        game is already stored is decided under the write lock, so two
        imports at once cannot both add it.
        """
        report = ImportReport()
        incoming: list[tuple[str, Game, str]] = []
        where_of: dict[str, str] = {}
        for where, record in records:
            try:
                game = game_from_record(record)
                own = {key: game.extras.pop(key) for key in _OWN_KEYS if key in game.extras}
                check_extras_size(game)
                given = own.get("id")
                game_id = given if isinstance(given, str) and _ID.match(given) else _content_id(record)
            except (BidwellError, RecursionError, ValueError) as refusal:
                report.refused.append((where, _refusal_text(refusal)))
                continue
            created = own["created"] if is_timestamp(own.get("created")) else now()
            incoming.append((game_id, game, created))
            where_of.setdefault(game_id, where)
        with self.folder.writing():
            kept: list[tuple[str, Game, str]] = []
            seen: set[str] = set()
            for game_id, game, created in incoming:
                if game_id in seen or self._stored(game_id):
                    report.existing.append(game_id)
                    continue
                seen.add(game_id)
                try:
                    self._write_game(game_id, _documents(game, created), revision=1)
                except UnwritableError as refusal:
                    report.refused.append((where_of[game_id], refusal))
                    continue
                kept.append((game_id, game, created))
                report.new.append(game_id)
            self._index_put([summarize(game_id, game, created) for game_id, game, created in kept])
        return report

    # -- internals: game files --

    def _game_path(self, game_id: str) -> Path:
        return self.path / "games" / f"{game_id}.json"

    def _stored(self, game_id: str) -> bool:
        path = self._game_path(game_id)
        return path.exists() or path.with_name(path.name + ".bak").exists()

    def _game_storage(self, game_id: str) -> AtomicJSONStorage:
        return AtomicJSONStorage(self._game_path(game_id), kind="game", folder=self.folder, tinydb_tables=False)

    def _write_game(self, game_id: str, actions: list[dict[str, Any]], *, revision: int) -> None:
        tables = {"actions": {str(n): doc for n, doc in enumerate(actions, start=1)}, "game": {"1": {"revision": revision}}}
        self._game_storage(game_id).write(tables)

    def _forget_game(self, game_id: str) -> None:
        remove_file(self._game_path(game_id))

    def _load(self, game_id: str) -> _Loaded:
        """The game file of ``game_id`` as far as it is sound (see :class:`_Loaded`); never raises for damage."""
        tables = self._tables(game_id)
        return tables if isinstance(tables, _Loaded) else _replay(tables, game_id)

    def _tables(self, game_id: str) -> Mapping[str, Any] | _Loaded:
        """The tables of the game file of ``game_id``, or, where it cannot be read, what is wrong (a damaged
        :class:`_Loaded` with no game)."""
        try:
            with collecting_notices() as met:
                data = self._game_storage(game_id).read()
        except StorageError as error:
            return _damaged(_words(error.key, **error.params))
        except OSError as error:
            what = _words("storage.damage.folder") if self._game_path(game_id).is_dir() else os_reason(error)
            return _damaged(_words("storage.damage.unreadable", reason=what))
        finally:
            self.folder.pass_on(met)
        repairs = [notice for notice in met if notice.key in _GAME_REPAIRS]
        if data is None:
            return _damaged(self._missing(game_id))
        if repairs:
            self._repairs_met[game_id] = _repair_text(repairs[-1], _replay(data, game_id))
            self._mark_repaired(game_id)
        return data

    def _mark_repaired(self, game_id: str) -> None:
        """Keep in the game's index entry what its repair lost, whoever read the file (a tab, or the statistics
        as the app starts): the history and the start screen say it from then on."""
        with self.folder.writing():
            for month in self._months():
                docs = self._index_docs(month)
                for doc in docs:
                    if doc["id"] == game_id:
                        doc["repaired"] = self._repairs_met[game_id]
                        self._index_write(month, docs)
                        return

    def _current(self, game_id: str, tables: Mapping[str, Any] | _Loaded | None = None) -> _Loaded:
        """The copy in memory of game ``game_id``, made to agree with its file (``tables``, if read already):
        replayed only where the file holds another revision or other actions than the copy (another program
        wrote it). A file that cannot be read at all leaves an open copy as it was; with none open, its damage
        is returned."""
        with self._open_lock:
            if tables is None:
                tables = self._tables(game_id)
            held = self._open.get(game_id)
            if isinstance(tables, _Loaded):
                return held if held is not None else tables
            if held is not None and (held.agrees_with(tables) or held.follow(tables)):
                return held
            loaded = _replay(tables, game_id)
            if loaded.game is None:
                return held if held is not None else loaded
            if held is None:
                self._open[game_id] = loaded
                return loaded
            held.take(loaded)
            return held

    def _writable(self, game_id: str, expected_revision: int) -> _Loaded:
        """Under the lock: the stored game, read from its file, if a change made from ``expected_revision`` may
        be written after it; why not otherwise (a screen's copy is never written over a file it cannot read)."""
        with self._open_lock:
            tables = self._tables(game_id)
            if isinstance(tables, _Loaded):
                if tables.damage is None:
                    raise StorageError("storage.no_game", game=game_id, folder=self.path)
                raise StorageError("storage.unread_before_saving", path=self._game_path(game_id),
                                   reason=tables.damage)
            loaded = self._current(game_id, tables)
        if loaded.game is None:
            raise DamagedGameError("storage.cannot_open", game=game_id, damage=loaded.damage)
        if loaded.damage is not None:
            raise DamagedGameError("storage.damaged_game", damage=loaded.damage)
        if loaded.revision != expected_revision:
            raise ConflictError("storage.conflict")
        return loaded

    def _missing(self, game_id: str) -> Words | None:
        """What became of a game's file that is not there: moved aside as damaged, or lost; None if never made."""
        moved = sorted(self._game_path(game_id).parent.glob(f"{game_id}.broken-*.json"))
        if moved:
            return _words("storage.damage.moved", path=moved[-1])
        return None

    def _save(self, game_id: str, loaded: _Loaded, actions: list[dict[str, Any]], *,  # noqa: ANN001
              change, take_back) -> GameState:
        """Under the lock: change the game in memory, write it, and settle its index entry (see the module's text).

        If the write fails, ``take_back`` returns the game in memory to what
        is still on disk, so the action can be tried again.
        """
        game, created = loaded.game, loaded.created
        assert game is not None and created is not None
        before = summarize(game_id, game, created)
        state = change()
        try:
            after = summarize(game_id, game, created)
            shown = before.finished or after.finished
            if shown:
                self._index_put([before], unsettled=True)
            self._write_game(game_id, actions, revision=loaded.revision + 1)
        except BaseException:
            take_back()
            raise
        loaded.actions, loaded.revision = actions, loaded.revision + 1
        if shown:
            self._index_put([after])
        return state

    # -- internals: the index --

    def _index_put(self, summaries: list[GameSummary], *, unsettled: bool = False) -> None:
        """Write the entries of ``summaries``; ``unsettled`` marks them to be read again from their games on the
        next open (their game file is about to change).

        The index keeps how a game ended, not how far an unfinished one got
        (that is read from the game's own file), so bids and tricks in an
        unfinished game never touch it.
        """
        by_month: dict[str, list[GameSummary]] = {}
        for summary in summaries:
            by_month.setdefault(_month(summary.created), []).append(summary)
        for month, group in by_month.items():
            documents = {doc["id"]: doc for doc in self._index_docs(month)}
            for summary in group:
                old = documents.get(summary.id, {})
                documents[summary.id] = self._index_document(summary)
                # A save's line is made from the game alone; a repair its file went through is the index's to keep.
                if summary.repaired is None and isinstance(old.get("repaired"), str):
                    documents[summary.id]["repaired"] = old["repaired"]
                if unsettled:
                    documents[summary.id]["unsettled"] = True
            self._index_write(month, list(documents.values()))

    def _index_remove(self, game_id: str) -> None:
        for month in self._months():
            with self._index_db(month) as db:
                if db.table("games").remove(Query().id == game_id):
                    return

    def _index_db(self, month: str):  # noqa: ANN202 - a TinyDB
        return self.folder.database(f"index/{month}.json", kind="index")

    def _index_docs(self, month: str) -> list[dict[str, Any]]:
        """The entries of one month's index file that name a game (:func:`_is_index_doc` checks the rest)."""
        try:
            with self._index_db(month) as db:
                tables = db.storage.read() or {}
            return [doc for doc in tables.get("games", {}).values() if _names_a_game(doc)]
        except OSError as error:
            raise StorageError("storage.index_unreadable", path=self.path / "index" / f"{month}.json",
                               reason=os_reason(error)) from None

    def _index_write(self, month: str, documents: list[dict[str, Any]]) -> None:
        with self._index_db(month) as db:
            db.storage.write({"games": {str(n): doc for n, doc in enumerate(documents, start=1)}})

    def _index_document(self, summary: GameSummary) -> dict[str, Any]:
        doc = summary.to_json()
        doc.pop("current_hand")
        doc.pop("phase")
        doc["figures"] = summary.figures_json()
        doc["match"] = summary.match
        doc["search"] = fold(" | ".join(summary.players))
        doc["file"] = _signature(self._game_path(summary.id))
        return doc

    def _months(self) -> list[str]:
        return sorted((p.stem for p in (self.path / "index").glob("????-??.json")), reverse=True)

    def _check_index(self) -> None:
        """Make the index agree with the game files (see the module's text), saying what was mended.

        Temporary files that killed writers left behind are removed on the way.
        """
        with self.folder.writing():
            files = {match.group(1) for name in self.folder.sweep(self.path / "games") if (
                match := _GAME_FILE.match(name))}
            self.folder.sweep(self.path / "index")
            self.folder.sweep(self.path)
            months: dict[str, dict[str, dict[str, Any]]] = {}
            rebuilt: list[str] = []
            for month in self._months():
                self._move_aside_if_folder(self.path / "index" / f"{month}.json")
                with collecting_notices() as repaired:
                    try:
                        docs = self._index_docs(month)
                    except NewerSchemaError:
                        raise  # a newer Bidwell's folder is left exactly as it is
                    except StorageError as error:
                        repaired.append(Notice.of(error))
                        docs = []
                self.folder.pass_on(repaired)
                if repaired:
                    rebuilt.append(month)
                months[month] = {doc["id"]: doc for doc in docs}
            where = {game_id: month for month, docs in months.items() for game_id in docs}
            stale = [game_id for game_id, month in where.items()
                     if month in rebuilt or months[month][game_id].get("unsettled")]
            unlisted = sorted(set(files) - set(where))
            missing = [game_id for game_id, month in where.items() if game_id not in files
                       and months[month][game_id].get("damage") is None]
            changed: set[str] = set()
            for game_id in [*stale, *unlisted, *missing]:
                old_month = where.get(game_id)
                summary = self._summary_from_file(game_id, months[old_month][game_id] if old_month else None)
                if summary is None:
                    continue
                if old_month is not None:
                    del months[old_month][game_id]
                    changed.add(old_month)
                new_month = _month(summary.created)
                months.setdefault(new_month, {})[game_id] = self._index_document(summary)
                changed.add(new_month)
            for month in sorted(changed):
                self._index_write(month, list(months[month].values()))
        if unlisted:
            self.folder.notice("storage.index_added", count=len(unlisted), folder=self.path)
        for month in rebuilt:
            self.folder.notice("storage.index_rebuilt", month=month, folder=self.path)

    def _move_aside_if_folder(self, path: Path) -> None:
        """A folder where an index file should be cannot be read or written: it goes aside, and is said so."""
        if not path.is_dir():
            return
        target = path.with_name(f"{path.stem}.broken-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}{path.suffix}")
        try:
            path.rename(target)
        except OSError as error:
            raise StorageError("storage.folder_in_the_way", path=path, reason=os_reason(error)) from None
        self.folder.notice("storage.folder_moved", path=path, target=target)

    def _summary_from_file(self, game_id: str, known: Mapping[str, Any] | None) -> GameSummary | None:
        """The history line of a game read from its own file; a damaged one keeps what ``known`` (its old
        entry) says of the rest, if that is whole. None for a game with no file and no entry."""
        loaded = self._load(game_id)
        repaired = self._repairs_met.get(game_id) or (known or {}).get("repaired")
        if loaded.game is not None:
            return replace(summarize(game_id, loaded.game, loaded.created or now(), damage=loaded.damage),
                           repaired=repaired if isinstance(repaired, str) else None)
        if loaded.damage is None and known is None:
            return None
        damage = in_english(loaded.damage or _words("storage.damage.file_missing"))
        if known is not None and _is_index_doc(known):
            return replace(_summary_of(known), damage=damage)
        return GameSummary(id=game_id, game=_UNREADABLE_GAME, game_name=_UNREADABLE_GAME, players=(),
                           created=_created_from_id(game_id), finished=False, winners=(), hands_played=0, damage=damage)

    def _all_summaries(
        self, *, game: str | None = None, player: str | None = None, finished: bool | None = None
    ) -> Iterator[GameSummary]:
        wanted = fold(player.strip()) if player else None
        listed: set[str] = set()
        # Months are looked up again after each one: mending an entry can move a game to a month not listed yet.
        while month := next((m for m in self._months() if m not in listed), None):
            listed.add(month)
            documents = self._listed_docs(month)
            for doc in sorted(documents, key=lambda d: (d["created"], d["id"]), reverse=True):
                if game is not None and doc["game"] != game:
                    continue
                if finished is not None and doc["finished"] != finished:
                    continue
                if wanted is not None and wanted not in doc.get("search", ""):
                    continue
                summary = _summary_of(doc)
                if not summary.finished or summary.damage is None and _signature(
                        self._game_path(summary.id)) != doc.get("file"):
                    summary = self._fresh(summary)
                    if summary is None or finished is False and summary.finished:
                        continue
                yield summary

    def _listed_docs(self, month: str) -> list[dict[str, Any]]:
        """One month's entries as the history lists them: one of the wrong shape is read again from its game."""
        docs = self._index_docs(month)
        sound = [doc for doc in docs if _is_index_doc(doc)]
        if len(sound) < len(docs):
            mended = [self._summary_from_file(doc["id"], doc) for doc in docs if not _is_index_doc(doc)]
            mended = [summary for summary in mended if summary is not None]
            with self.folder.writing():
                self._index_put(mended)
            sound += [self._index_document(summary) for summary in mended if _month(summary.created) == month]
        return sound

    def _fresh(self, summary: GameSummary) -> GameSummary | None:
        """A game's line read from its own file: an unfinished game's current hand, or what is wrong with it."""
        fresh = self._summary_from_file(summary.id, summary.to_json())
        if fresh is None:
            return None
        if (fresh.finished, fresh.damage, fresh.repaired) != (summary.finished, summary.damage, summary.repaired):
            with self.folder.writing():
                self._index_put([fresh])
        return fresh


def _document(action: Action, at: str) -> dict[str, Any]:
    return {"at": at, "action": action_to_dict(action)}


def _documents(game: Game, created: str) -> list[dict[str, Any]]:
    documents = [_document(action, created) for action in game.log]
    documents[0]["extras"] = game.extras
    return documents


_GAME_REPAIRS = ("storage.moved_restored", "storage.restored")
"""The notices of a game file put back from its last good copy (one save behind): its last change is lost."""


def _repair_text(notice: Notice, restored: _Loaded) -> str:
    """What a repair of a game's file did and lost, in English, as its history line keeps it."""
    game = restored.game
    current = None if game is None else game.state.current
    if current is None:
        back_to = _words("history.repair.back_to_end")
    else:
        back_to = _words("history.repair.back_to_hand", hand=current.number,
                         phase=_words(f"phase.{game.state.phase.value}"))
    at = now()[:16].replace("T", " ")
    problem = notice.params["problem"]
    if "moved" in notice.params:
        said = _words("history.repaired_moved", at=at, problem=problem, moved=Path(notice.params["moved"]).name,
                      back_to=back_to)
    else:
        said = _words("history.repaired", at=at, problem=problem, back_to=back_to)
    return in_english(said)


def _damaged(damage: Words | None) -> _Loaded:
    return _Loaded(game=None, created=None, revision=-1, actions=[], damage=damage)


def _revision(tables: Mapping[str, Any]) -> int:
    """The revision a game file was written at: 0 for one written before revisions, -1 for a damaged one."""
    meta = tables.get("game")
    if not isinstance(meta, dict) or not isinstance(meta.get("1"), dict):
        return 0
    revision = meta["1"].get("revision", 0)
    return revision if type(revision) is int else -1


def _numbered(tables: Mapping[str, Any]) -> tuple[list[Any], str | None]:
    """A game file's action documents in the order of their numbers, and what is wrong with the numbering."""
    table = tables.get("actions")
    if not isinstance(table, dict):
        return [], _words("storage.damage.no_actions")
    damage = None
    numbered = []
    for key, doc in table.items():
        if key.isascii() and key.isdigit():
            numbered.append((int(key), doc))
        elif damage is None:
            damage = _words("storage.damage.bad_number", number=json.dumps(key, ensure_ascii=False))
    numbered.sort(key=lambda pair: pair[0])
    return [doc for _, doc in numbered], damage


def _replay(tables: Mapping[str, Any], game_id: str) -> _Loaded:
    """The game in a game file's tables, up to the first action that is not sound (named in ``damage``)."""
    documents, damage = _numbered(tables)
    if not documents:
        return _damaged(damage or _words("storage.damage.no_actions"))
    replayed = replay_sound(_actions_in(documents))
    if replayed.error is not None:
        reason = _words("storage.damage.replay", position=replayed.sound + 1, reason=_refusal_text(replayed.error))
        damage = reason if damage is None else _words("storage.damage.and", first=damage, second=reason)
    if replayed.game is None:
        return _damaged(damage or _words("storage.damage.no_actions"))
    extras, at = documents[0].get("extras", {}), documents[0].get("at")
    replayed.game.extras = dict(extras) if isinstance(extras, dict) else {}
    created = at if is_timestamp(at) else _created_from_id(game_id)
    return _Loaded(game=replayed.game, created=created, revision=_revision(tables),
                   actions=documents[:replayed.sound], damage=damage)


def _actions_in(documents: list[Any]) -> Iterator[Action]:
    """The actions of a game file's documents, in order; :class:`_Unsound` at the first that is none, or at a
    first one that is not the game's start."""
    for position, doc in enumerate(documents):
        if not isinstance(doc, dict) or not isinstance(doc.get("action"), dict):
            raise _Unsound(_words("storage.damage.not_action", kind=_kind(doc)))
        action = action_from_dict(doc["action"])
        if position == 0 and not isinstance(action, Start):
            raise _Unsound(_words("storage.damage.not_start"))
        yield action


def _kind(value: object) -> str | Words:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return _words("storage.kind.number")
    if isinstance(value, str):
        return _words("storage.kind.text")
    if isinstance(value, list):
        return _words("storage.kind.list")
    return _words("storage.kind.object")


class _Unsound(ValueError):
    """An action document that is not an action: ``words`` says what it is."""

    def __init__(self, words: Words):
        super().__init__(words)
        self.words = words


def _refusal_text(error: BaseException) -> object:
    """Why an action could not be replayed, to be said when the damage is shown (in that moment's language)."""
    if isinstance(error, RecursionError):
        return _words("storage.too_deep")
    if isinstance(error, KeyError):
        return _words("storage.damage.key_missing", key=repr(error.args[0])) if error.args else _words(
            "storage.damage.a_key_missing")
    if isinstance(error, _Unsound):
        return error.words
    return error if isinstance(error, BidwellError) else str(error)


def _words(key: str, /, **params: object) -> Words:
    """The app's sentence ``key``, made when it is shown (in that moment's language)."""
    return Words(APP, key, **params)


def _names_a_game(doc: object) -> bool:
    return isinstance(doc, dict) and type(doc.get("id")) is str and _ID.match(doc["id"]) is not None


def _is_index_doc(doc: Mapping[str, Any]) -> bool:
    """Whether an index entry has every field a history line needs, each of the right type."""
    try:
        return (
            all(type(doc[key]) is kind for key, kind in _INDEX_FIELDS.items())
            and set(map(type, doc["players"])) | set(map(type, doc["winners"])) <= {str}
            and _ID.match(doc["id"]) is not None
        )
    except (KeyError, TypeError):
        return False


def _summary_of(doc: Mapping[str, Any]) -> GameSummary:
    damage = doc.get("damage")
    return GameSummary(
        id=doc["id"],
        game=doc["game"],
        game_name=doc["game_name"],
        players=tuple(doc["players"]),
        created=doc["created"],
        finished=doc["finished"],
        winners=tuple(doc["winners"]),
        hands_played=doc["hands_played"],
        damage=damage if isinstance(damage, str) else None,
        # Entries written before totals were kept have none; their cards list the players instead.
        totals=tuple(totals) if isinstance(totals := doc.get("totals"), list)
        and all(type(total) is int for total in totals) else (),
        coin_pending=doc.get("coin_pending") is True,
        figures=_seat_figures_in(doc.get("figures"), len(doc["players"])),
        match=match if isinstance(match := doc.get("match"), str) else None,
        repaired=repaired if isinstance(repaired := doc.get("repaired"), str) else None,
    )


def _seat_figures_in(data: object, seats: int) -> tuple[SeatFigures, ...] | None:
    """The seats' figures an index entry keeps; None if it keeps none (or not one per seat, whole)."""
    if not isinstance(data, list) or len(data) != seats:
        return None
    figures = tuple(SeatFigures.from_json(seat) for seat in data)
    return None if None in figures else figures


def _signature(path: Path) -> list[int] | None:
    """What tells a changed file from the one an index entry describes: its size and modification time."""
    try:
        status = path.stat()
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size]


def _month(created: str) -> str:
    month = created[:7]
    return month if re.fullmatch(r"\d{4}-\d{2}", month) else "0000-00"


def _created_from_id(game_id: str) -> str:
    """A start time for a game whose own is unreadable: the one its id was made from, else the epoch."""
    match = re.match(r"^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})", game_id)
    if match:
        year, month, day, hour, minute, second = match.groups()
        return f"{year}-{month}-{day}T{hour}:{minute}:{second}.000Z"
    return "1970-01-01T00:00:00.000Z"


def _new_id(created: str) -> str:
    stamp = created.replace("-", "").replace(":", "").replace(".", "").replace("T", "-").rstrip("Z")
    return f"{stamp}-{secrets.token_hex(3)}"


def _content_id(record: object) -> str:
    relevant = {k: v for k, v in record.items() if k not in _OWN_KEYS} if isinstance(record, Mapping) else record
    digest = hashlib.sha256(json.dumps(relevant, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return f"imported-{digest[:16]}"


def is_timestamp(value: object) -> bool:
    """Whether ``value`` is a time as Bidwell writes one (``2026-11-25T18:00:00.000Z``, UTC), and a real one:
    a record's ``created`` that is not is ignored, never taken for a date that does not exist."""
    if not isinstance(value, str) or re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z", value) is None:
        return False
    try:
        datetime.fromisoformat(value[:-1])
    except ValueError:
        return False
    return True


def _check_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not _ID.match(game_id):
        raise StorageError("storage.bad_id", game=game_id)
