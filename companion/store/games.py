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

The history index (:mod:`companion.store.index`) is a cache of the game files, never trusted blindly;
the statistics' figures (:mod:`companion.store.figures`) are read from it. :class:`GameStore` keeps the three
in step: a save writes the game file (:mod:`companion.store.game_files`) and settles its index entry.

A game that cannot be read whole is never hidden: it is listed as damaged,
with what is wrong, and opens (read-only) up to its last good action.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from companion.store.figures import Figures
from companion.store.files import (
    FOLDER_MODE,
    Folder,
    Notice,
    NotKeptError,
    StorageError,
    UnwritableError,
    make_folder,
    os_reason,
)
from companion.store.game_files import (
    GAME_ID,
    DamagedGameError,
    GameFiles,
    Loaded,
    check_id,
    document_of,
    documents_of,
    is_timestamp,
    now,
    refusal_text,
)
from companion.store.index import PAGE_SIZE, GameSummary, HistoryIndex, HistoryPage, summarize
from companion.texts import t
from scoring.actions import Action, Adjust, Bid, ChangeBid, CoinFlip, Correct, Tricks, Trump
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.i18n.sentences import Words
from scoring.record import check_extras_size, game_from_record, parse_record, record_from_game
from scoring.state import GameState
from scoring.stats import MATCH_KEY, GameFigures, MatchTally, PlayerFigures

DATA_ENV = "BIDWELL_DATA"
_OWN_KEYS = ("id", "created")


def default_data_folder() -> Path:
    """Where Bidwell keeps its games: ``BIDWELL_DATA`` if set, else the user's data directory."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("bidwell", appauthor=False))


@dataclass
class ImportReport:
    """What an import did: ids of new games, ids already stored, and what was refused and why."""

    new: list[str] = field(default_factory=list)
    existing: list[str] = field(default_factory=list)
    refused: list[tuple[str, object]] = field(default_factory=list)
    """(where, why): the why is said in the language in use when shown."""


@dataclass
class ReadRecords:
    """Records read for an import, each checked as the engine checks actions: the games to keep (id, game,
    when it was created) and, in ``report``, what was refused; nothing is stored yet (see
    :meth:`GameStore.keep_records`)."""

    report: ImportReport
    incoming: list[tuple[str, Game, str]]
    where_of: dict[str, str]
    kept_so_far: int = 0
    seen: set[str] = field(default_factory=set)


IMPORT_STEP = 20
"""The games an import writes at once, under the write lock: a step takes about as long as a tap, and a tap of
another tab waits at most one step."""


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


class SavedGame:
    """A stored game as the screens of this process use it: every accepted action is on disk before the call
    returns.

    Every :class:`SavedGame` of one game opened from one store reads the same copy in memory, which changes
    only once a change is on disk (see :meth:`GameStore.append`). A change names the revision it was made
    from (by default, the revision now); one made from a revision that is no longer the stored one is refused
    with :class:`ConflictError`, so a screen that drew an older state cannot write over a newer one. A damaged
    game (``damage`` says why) holds its actions up to the last good one and refuses every change.
    """

    def __init__(self, store: GameStore, game_id: str, loaded: Loaded):
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

    def apply(self, action: Action, *, expected_revision: int | None = None) -> int:
        """Save ``action`` and apply it, if the game is still at ``expected_revision`` (default: this copy's);
        the revision the game is at now (its new state is :attr:`state`). Raises the engine's refusal,
        :class:`ConflictError` or another :class:`StorageError`."""
        return self.store.append(self.id, self.revision if expected_revision is None else expected_revision, action)

    def bid(self, player: int, bid: int, *, expected_revision: int | None = None) -> int:
        """Save and apply a bid (see :meth:`scoring.game.Game.bid`)."""
        return self.apply(Bid(player, bid), expected_revision=expected_revision)

    def change_bid(self, player: int, bid: int, *, expected_revision: int | None = None) -> int:
        """Save and apply a changed bid of the current hand (see :meth:`scoring.game.Game.change_bid`)."""
        return self.apply(ChangeBid(player, bid), expected_revision=expected_revision)

    def record_tricks(self, tricks, counted=None, *,  # noqa: ANN001 - as Game.record_tricks
                      expected_revision: int | None = None) -> int:
        """Save and apply the tricks of the current hand."""
        return self.apply(Tricks(tuple(tricks), dict(counted or {})), expected_revision=expected_revision)

    def correct(self, hand, bids, tricks, counted=None, *,  # noqa: ANN001 - as Game.correct
                expected_revision: int | None = None) -> int:
        """Save and apply a correction of a finished hand."""
        return self.apply(Correct(hand, tuple(bids), tuple(tricks), dict(counted or {})),
                          expected_revision=expected_revision)

    def record_coin_flip(self, winner: int, *, expected_revision: int | None = None) -> int:
        """Save and apply the coin flip's winner."""
        return self.apply(CoinFlip(winner), expected_revision=expected_revision)

    def record_trump(self, hand: int, trumps, *,  # noqa: ANN001 - a sequence of suits
                     expected_revision: int | None = None) -> int:
        """Save and apply what was trump in hand ``hand`` (a table aid)."""
        return self.apply(Trump(hand, tuple(trumps)), expected_revision=expected_revision)

    def adjust(self, hand: int, player: int, points: int, reason: str = "", *,
               expected_revision: int | None = None) -> int:
        """Save and apply a one-off bonus or penalty (see :meth:`scoring.game.Game.adjust`)."""
        return self.apply(Adjust(hand, player, points, reason), expected_revision=expected_revision)

    def undo(self, *, expected_revision: int | None = None) -> int:
        """Drop the last action on disk, then in memory, if the game is still at ``expected_revision``; the
        revision the game is at now."""
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
        self.files = GameFiles(self.folder)
        self.index = HistoryIndex(self.folder, self.files)
        self.files.on_repair = self.index.mark_repaired
        self.statistics = Figures(self.folder, self.files, self.index)
        self.read_only: StorageError | None = None
        """Why the folder cannot be written (its games are read as they are, none is saved), or None."""
        try:
            self.index.check()
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

    def start(self, game: Game, *, created: str | None = None) -> SavedGame:
        """Keep a new game (it may already hold actions, as an imported one does)."""
        created = created or now()
        game_id = _new_id(created)
        actions = documents_of(game, created)
        with self.folder.writing(), self.index.checkpoint.custody(changes_games=True):
            written = self.files.write(game_id, actions, revision=1)
            try:
                self.index.put([summarize(game_id, game, created)])
            except StorageError:
                self.files.forget(game_id)
                raise
        loaded = Loaded(game, created, 1, actions, None, file=written)
        self.files.keep_open(game_id, loaded)
        return SavedGame(self, game_id, loaded)

    def open(self, game_id: str) -> SavedGame:
        """The stored game ``game_id`` as far as it is sound; :class:`StorageError` if nothing of it can be read.

        Every game opened twice from one store is the same copy in memory (read again only if its file
        changed). A damaged game comes back read-only, up to its last good action, with ``damage`` saying
        what is wrong.
        """
        check_id(game_id)
        loaded = self.files.unchanged(game_id)
        if loaded is None:
            tables, seen = self.files.read(game_id)
            loaded = tables if isinstance(tables, Loaded) else self.files.current(game_id, tables, seen)
        if loaded.game is None:
            if loaded.damage is None:
                raise StorageError("storage.no_game", game=game_id, folder=self.path)
            raise DamagedGameError("storage.cannot_open", game=game_id, damage=loaded.damage)
        return SavedGame(self, game_id, loaded)

    def refresh(self, game_id: str) -> bool:
        """Read game ``game_id`` again if its file changed (another program wrote it); whether the copy in
        memory changed. A game that can no longer be read at all is kept as it was in memory."""
        return self.files.refresh(game_id)

    def append(self, game_id: str, expected_revision: int, action: Action) -> int:
        """Save ``action`` after the stored log of game ``game_id``, then apply it to the copy in memory, if the
        game on disk is still at ``expected_revision``: the revision the screen that sends it drew.

        Checked once, under the folder's write lock: the revision (:class:`ConflictError` if the game has
        moved on, the copy in memory then being the stored game), then the action, by the engine (its
        refusal is raised as it is). Nothing is written unless both pass. Returns the game's new revision, a
        plain number: the new state is worked out when a screen asks for it, outside the write lock. A save the
        device refuses to keep (:class:`NotKeptError`) leaves the game in memory as the device kept it.
        """
        check_id(game_id)
        with self._taken_back_unless_kept(game_id), self.folder.writing(), self.index.checkpoint.custody():
            loaded = self.files.writable(game_id, expected_revision)
            game = loaded.game
            assert game is not None
            document = document_of(action, now())
            return self._save(game_id, loaded, [*loaded.actions, document], change=lambda: game.take(action),
                              take_back=game.undo)

    def drop_last(self, game_id: str, expected_revision: int) -> int:
        """Drop the last action of game ``game_id`` from its file, then from the copy in memory, if the game on
        disk is still at ``expected_revision`` (as :meth:`append` checks); the game's new revision. The engine's
        refusal if there is nothing to undo. A drop the device refuses to keep (:class:`NotKeptError`) leaves the
        action in memory."""
        check_id(game_id)
        with self._taken_back_unless_kept(game_id), self.folder.writing(), self.index.checkpoint.custody():
            loaded = self.files.writable(game_id, expected_revision)
            game = loaded.game
            assert game is not None
            if not game.can_undo():
                game.undo()  # raises the engine's "nothing to undo"
            dropped = game.log[-1]
            return self._save(game_id, loaded, loaded.actions[:-1], change=game.undo,
                              take_back=lambda: game.take(dropped))

    def delete(self, game_id: str) -> None:
        """Delete a game for good (the app asks first).

        The index entry goes first: a crash in between leaves a game file
        without an entry, which the next open lists again, never an entry
        for a game that is gone.
        """
        check_id(game_id)
        with self.folder.writing(), self.index.checkpoint.custody(changes_games=True):
            self.index.remove(game_id)
            self.files.forget(game_id)
        self.files.forget_open(game_id)

    def export(self, game_id: str) -> dict[str, Any]:
        """The record of a stored game, with its id and dates (RECORD-FORMAT.md); a damaged one as far as it goes."""
        return self.open(game_id).record()

    def export_all(self) -> ExportReport:
        """The records of every stored game, newest first, with the damaged ones named."""
        report = ExportReport()
        for summary in self.index.summaries():
            try:
                saved = self.open(summary.id)
            except StorageError as error:
                report.failed.append((summary.id, str(error)))
                continue
            report.records.append(saved.record())
            if saved.damage is not None:
                report.partial.append((summary.id, saved.damage))
        return report

    def rematch(self, saved: SavedGame) -> SavedGame:
        """Start the rematch of ``saved`` (same game, options and seats; the next seat deals first), in the same
        match: the match is named by its first game, kept with the new game's record."""
        game = saved.game.rematch()
        game.extras[MATCH_KEY] = saved.game.extras.get(MATCH_KEY) or saved.id
        return self.start(game)

    def import_records(self, records: Iterable[tuple[str, object]]) -> ImportReport:
        """Keep every valid record of ``(where, record)`` pairs; report new, already there and refused.

        A record carrying an ``id`` (as Bidwell's exports do) is the same game
        on a second import; one without is known by its content. Whether a
        game is already stored is decided under the write lock, so two
        imports at once cannot both add it.
        """
        read = self.read_records(records)
        for _ in self.keep_records(read):
            pass
        return read.report

    def read_records(self, records: Iterable[tuple[str, object]]) -> ReadRecords:
        """Check and replay every record of ``(where, record)`` pairs, as :meth:`import_records` does, storing
        nothing: the work of an import that takes long, which any thread may do."""
        report = ImportReport()
        incoming: list[tuple[str, Game, str]] = []
        where_of: dict[str, str] = {}
        for where, record in records:
            try:
                game = game_from_record(record)
                own = {key: game.extras.pop(key) for key in _OWN_KEYS if key in game.extras}
                check_extras_size(game)
                game_id = _record_id(record)
            except (BidwellError, RecursionError, ValueError) as refusal:
                report.refused.append((where, refusal_text(refusal)))
                continue
            created = own["created"] if is_timestamp(own.get("created")) else now()
            incoming.append((game_id, game, created))
            where_of.setdefault(game_id, where)
        return ReadRecords(report, incoming, where_of)

    def keep_records(self, read: ReadRecords, *, step: int = IMPORT_STEP) -> Iterator[None]:
        """Store the games of ``read`` that are not stored yet, ``step`` at a time, each step under the write lock
        (whether a game is stored already is decided there); yields after each step, so a caller on an event loop
        lets other work in between. ``read.report`` says what was new, already there, and refused."""
        report = read.report
        while read.kept_so_far < len(read.incoming):
            batch = read.incoming[read.kept_so_far:read.kept_so_far + step]
            read.kept_so_far += len(batch)
            with self.folder.writing(), self.index.checkpoint.custody(changes_games=True):
                kept: list[tuple[str, Game, str]] = []
                for game_id, game, created in batch:
                    if game_id in read.seen or self.files.stored(game_id):
                        report.existing.append(game_id)
                        continue
                    read.seen.add(game_id)
                    try:
                        self.files.write(game_id, documents_of(game, created), revision=1)
                    except UnwritableError as refusal:
                        report.refused.append((read.where_of[game_id], refusal))
                        continue
                    kept.append((game_id, game, created))
                    report.new.append(game_id)
                self.index.put([summarize(game_id, game, created) for game_id, game, created in kept])
            yield

    def kept_id(self, record: object) -> str | None:
        """The id under which :meth:`import_records` keeps ``record`` (its own id, else one from its content), if
        a game is stored under it; None while it is not."""
        game_id = _record_id(record)
        return game_id if self.files.stored(game_id) else None

    @contextlib.contextmanager
    def _taken_back_unless_kept(self, game_id: str) -> Iterator[None]:
        """A change of game ``game_id`` the device did not keep (:class:`NotKeptError`, raised once the write lock
        is let go, so after :meth:`_save` made the change in memory) is taken back: the folder is by then as the
        device kept it, and the copy in memory follows its file there."""
        try:
            yield
        except NotKeptError:
            self.files.doubt(game_id)
            self.files.refresh(game_id)
            raise

    def _save(self, game_id: str, loaded: Loaded, actions: list[dict[str, Any]], *,  # noqa: ANN001
              change, take_back) -> int:
        """Under the lock: change the game in memory, write it, and settle its index entry (see the module's text);
        the new revision.

        If the write fails, ``take_back`` returns the game in memory to what
        is still on disk, so the action can be tried again.
        """
        game, created = loaded.game, loaded.created
        assert game is not None and created is not None
        # The index keeps how a game ended, not how far an unfinished one got (see HistoryIndex.put): the entry
        # is written only around a change of a game over before it or after it, not at every bid.
        was_over = game_over(game)
        before = summarize(game_id, game, created) if was_over else None
        change()
        changed = True
        try:
            over = game_over(game)
            if over and before is None:
                # This change ends the game (once a game): its entry as it stood is made from the game before it.
                take_back()
                changed = False
                before = summarize(game_id, game, created)
                change()
                changed = True
            if before is not None:
                self.index.put([before], unsettled=True)
            written = self.files.write(game_id, actions, revision=loaded.revision + 1)
        except BaseException:
            if changed:
                take_back()
            raise
        loaded.actions, loaded.revision, loaded.file = actions, loaded.revision + 1, written
        if was_over or over:
            self.index.put([summarize(game_id, game, created)])
        return loaded.revision

    def player_names(self) -> list[str]:
        """Names from past games, the most often seen first (see :meth:`HistoryIndex.player_names`)."""
        return self.index.player_names()

    def unfinished(self) -> list[GameSummary]:
        """Games to continue, newest first (see :meth:`HistoryIndex.unfinished`)."""
        return self.index.unfinished()

    def history(self, *, page: int = 1, per_page: int = PAGE_SIZE, game: str | None = None, player: str | None = None,
                finished: bool | None = None) -> HistoryPage:
        """A page of the games, newest first, filtered (see :meth:`HistoryIndex.history`)."""
        return self.index.history(page=page, per_page=per_page, game=game, player=player, finished=finished)

    def every_game(self, *, game: str | None = None, player: str | None = None,
                   finished: bool | None = None) -> Iterator[GameSummary]:
        """Every game the filters choose, newest first: the pages of :meth:`history`, one after the other."""
        number, more = 1, True
        while more:
            page = self.history(page=number, per_page=500, game=game, player=player, finished=finished)
            yield from page.items
            number, more = number + 1, page.has_more

    def figures(self) -> list[GameFigures]:
        """Every readable game's figures for the statistics, newest first (see :meth:`Figures.figures`)."""
        return self.statistics.figures()

    def players(self) -> list[PlayerFigures]:
        """Every player's figures over every readable game, as ``scoring.stats.players(self.figures())`` gives
        them, without reading the months that did not change since the last look (see :meth:`Figures.players`)."""
        return self.statistics.players()

    def matches(self, firsts: Iterable[str]) -> dict[str, MatchTally]:
        """The tally of each match among ``firsts`` (ids of games that may have been rematched), by that id,
        reading only those matches' games (see :meth:`Figures.matches`)."""
        return self.statistics.matches(firsts)



def game_over(game: Game) -> bool:
    """Whether ``game`` has ended (``game.state.finished``), found without working out its state."""
    return game.ending()[1] is not None


def _new_id(created: str) -> str:
    stamp = created.replace("-", "").replace(":", "").replace(".", "").replace("T", "-").rstrip("Z")
    return f"{stamp}-{secrets.token_hex(3)}"


def _record_id(record: object) -> str:
    """The id a record is kept under: the one it carries (as Bidwell's exports do), else one from its content."""
    given = record.get("id") if isinstance(record, Mapping) else None
    return given if isinstance(given, str) and GAME_ID.match(given) else _content_id(record)


def _content_id(record: object) -> str:
    relevant = {k: v for k, v in record.items() if k not in _OWN_KEYS} if isinstance(record, Mapping) else record
    digest = hashlib.sha256(json.dumps(relevant, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return f"imported-{digest[:16]}"
