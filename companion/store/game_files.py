"""The game files of a data folder, each read as far as it is sound and kept in memory once per process.

A game file (``games/ID.json``) holds the game's action log and its revision;
every write raises the revision. Reading one replays its log
(:func:`scoring.replay.replay_sound`) up to the first action that is not sound,
and says what is wrong after it; a second program's changes are followed on
the copy in memory (new actions applied, dropped ones undone) rather than
replayed. A file is read again only when its signature (inode, modification
time, size) is no longer the one this process last read or wrote, so a tap
checks the file it saves after without parsing it (see
:class:`~companion.store.files.FileSeen`).
"""

from __future__ import annotations

import json
import re
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.store.files import (
    AtomicJSONStorage,
    FileSeen,
    Folder,
    Notice,
    StorageError,
    collecting_notices,
    os_reason,
    remove_file,
)
from companion.texts import APP
from scoring.actions import Action, Start, action_from_dict, action_to_dict
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.i18n.language import in_english
from scoring.i18n.sentences import Words
from scoring.replay import REPLAY_REFUSALS, replay_sound

GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
GAME_FILE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.json(\.bak)?$")


def now() -> str:
    """The current time, UTC, as ISO 8601 to the millisecond (games started in one second still sort)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class ConflictError(StorageError):
    """The game was changed from another screen; the copy in memory has been reloaded."""


class DamagedGameError(StorageError):
    """The game on disk cannot be read whole: it can be looked at and exported as far as it goes, not changed."""


@dataclass(eq=False)
class Loaded:
    """A game file as far as it is sound: the game up to its last good action, and what is wrong after it.

    The store keeps one of these per game it has open (see :meth:`GameStore.open`): every screen of the game in
    this process reads it, and only the store changes it, after the file on disk has changed.
    """

    game: Game | None
    created: str | None
    revision: int
    actions: list[dict[str, Any]]
    damage: Words | None
    file: FileSeen | None = None
    """The version of the game file that reading gives this copy from (or that was written from it), or None if
    not known: then the file is read whole before this copy is trusted to be it (see :meth:`GameFiles.unchanged`)."""

    def take(self, other: Loaded) -> None:
        """Become ``other`` (the game as read again from its file), so every holder sees the change."""
        self.game, self.created, self.revision = other.game, other.created, other.revision
        self.actions, self.damage, self.file = other.actions, other.damage, other.file

    def follow(self, tables: Mapping[str, Any]) -> bool:
        """Become the game the file's ``tables`` hold where it only has actions added after this copy's, or this
        copy's last actions dropped (another program saved or undid): the new actions applied, or the dropped
        ones undone, nothing replayed. Whether that was so (if not, the file is to be replayed whole)."""
        documents, damage = numbered(tables)
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
        self.revision, self.actions = revision_of(tables), documents
        return True

    def agrees_with(self, tables: Mapping[str, Any]) -> bool:
        """Whether this is the game the file's ``tables`` hold: the same revision and the same actions."""
        return self.game is not None and revision_of(tables) == self.revision and numbered(tables) == (
            self.actions, None)


class GameFiles:
    """The game files of a data folder (``games/ID.json``), and the one copy in memory of each open game: read
    as far as they are sound, followed when another program changes them, written whole under the folder's lock
    by :class:`~companion.store.games.GameStore`."""

    def __init__(self, folder: Folder):
        self.folder = folder
        # One copy in memory per open game, shared by every screen of it in this process; forgotten once no
        # screen holds it.
        self.open_copies: weakref.WeakValueDictionary[str, Loaded] = weakref.WeakValueDictionary()
        self.lock = threading.RLock()
        self.repairs_met: dict[str, str] = {}
        """What this process repaired in a game's file, by game, until its index entry says so."""
        self.on_repair: Callable[[str], None] = lambda game_id: None
        """Called with a game's id when reading its file repaired it (the history index keeps what was lost)."""

    def keep_open(self, game_id: str, loaded: Loaded) -> None:
        """``loaded`` is now the copy in memory of game ``game_id`` (a game just started)."""
        with self.lock:
            self.open_copies[game_id] = loaded

    def forget_open(self, game_id: str) -> None:
        """Game ``game_id`` is gone: no copy in memory is kept for it."""
        with self.lock:
            self.open_copies.pop(game_id, None)

    def refresh(self, game_id: str) -> bool:
        """Read game ``game_id`` again if its file changed (another program wrote it); whether the copy in
        memory changed. A game that can no longer be read at all is kept as it was in memory."""
        check_id(game_id)
        with self.lock:
            before = self.open_copies.get(game_id)
            seen = None if before is None else (before.revision, before.actions)
            after = self.current(game_id)
            return before is not None and after is before and (after.revision, after.actions) != seen

    def path_of(self, game_id: str) -> Path:
        return self.folder.path / "games" / f"{game_id}.json"

    def stored(self, game_id: str) -> bool:
        path = self.path_of(game_id)
        return path.exists() or path.with_name(path.name + ".bak").exists()

    def _storage(self, game_id: str) -> AtomicJSONStorage:
        return AtomicJSONStorage(self.path_of(game_id), kind="game", folder=self.folder, tinydb_tables=False)

    def write(self, game_id: str, actions: list[dict[str, Any]], *, revision: int) -> FileSeen:
        """Write game ``game_id``'s file whole (see :meth:`AtomicJSONStorage.write`); the file as written, for the
        copy in memory that is now this file (:attr:`Loaded.file`)."""
        tables = {"actions": {str(n): doc for n, doc in enumerate(actions, start=1)}, "game": {"1": {"revision": revision}}}
        storage = self._storage(game_id)
        storage.write(tables)
        assert storage.seen is not None
        return storage.seen

    def forget(self, game_id: str) -> None:
        remove_file(self.path_of(game_id))

    def load(self, game_id: str) -> Loaded:
        """The game file of ``game_id`` as far as it is sound (see :class:`Loaded`); never raises for damage."""
        tables = self.tables(game_id)
        return tables if isinstance(tables, Loaded) else replay_file(tables, game_id)

    def tables(self, game_id: str) -> Mapping[str, Any] | Loaded:
        """The tables of the game file of ``game_id``, or, where it cannot be read, what is wrong (a damaged
        :class:`Loaded` with no game)."""
        return self.read(game_id)[0]

    def read(self, game_id: str) -> tuple[Mapping[str, Any] | Loaded, FileSeen | None]:
        """The tables of the game file of ``game_id`` (what is wrong where it cannot be read, as :meth:`tables`
        says it), and the version of the file they were read from, if they were."""
        storage = self._storage(game_id)
        try:
            with collecting_notices() as met:
                data = storage.read()
        except StorageError as error:
            return damaged(_words(error.key, **error.params)), None
        except OSError as error:
            what = _words("storage.damage.folder") if self.path_of(game_id).is_dir() else os_reason(error)
            return damaged(_words("storage.damage.unreadable", reason=what)), None
        finally:
            self.folder.pass_on(met)
        repairs = [notice for notice in met if notice.key in _GAME_REPAIRS]
        if data is None:
            return damaged(self.missing(game_id)), None
        if repairs:
            self.repairs_met[game_id] = _repair_text(repairs[-1], replay_file(data, game_id))
            self.on_repair(game_id)
        return data, storage.seen

    def current(self, game_id: str, tables: Mapping[str, Any] | Loaded | None = None,
                seen: FileSeen | None = None) -> Loaded:
        """The copy in memory of game ``game_id``, made to agree with its file (``tables``, if read already from
        the version ``seen`` of it): not read at all while the file is the version the copy was last made from,
        and replayed only where the file holds another revision or other actions than the copy (another program
        wrote it). A file that cannot be read at all leaves an open copy as it was; with none open, its damage
        is returned."""
        with self.lock:
            if tables is None:
                held = self.unchanged(game_id)
                if held is not None:
                    return held
                tables, seen = self.read(game_id)
            held = self.open_copies.get(game_id)
            if isinstance(tables, Loaded):
                return held if held is not None else tables
            if held is not None and held.agrees_with(tables):
                # The same game; a version of the file read without its signature leaves the known one.
                held.file = seen or held.file
                return held
            if held is not None and held.follow(tables):
                held.file = seen
                return held
            loaded = replay_file(tables, game_id)
            if loaded.game is None:
                return held if held is not None else loaded
            loaded.file = seen
            if held is None:
                self.open_copies[game_id] = loaded
                return loaded
            held.take(loaded)
            return held

    def unchanged(self, game_id: str) -> Loaded | None:
        """The copy in memory of game ``game_id`` if its file is still the version the copy was made from (or
        written as), found without parsing the file; None if there is none, or the file may have changed since."""
        with self.lock:
            held = self.open_copies.get(game_id)
            if held is None or held.file is None:
                return None
            confirmed = held.file.still(self.path_of(game_id))
            if confirmed is None:
                return None
            held.file = confirmed
            return held

    def doubt(self, game_id: str) -> None:
        """The file of game ``game_id`` may have been put back behind this process's back (a browser's storage
        that did not keep a write): the next look at it reads it whole."""
        with self.lock:
            held = self.open_copies.get(game_id)
            if held is not None:
                held.file = None

    def writable(self, game_id: str, expected_revision: int) -> Loaded:
        """Under the lock: the stored game, as its file holds it, if a change made from ``expected_revision`` may
        be written after it; why not otherwise (a screen's copy is never written over a file it cannot read).
        The file is read only if it may have changed since the copy in memory was last made from it."""
        with self.lock:
            loaded = self.unchanged(game_id)
            if loaded is None:
                tables, seen = self.read(game_id)
                if isinstance(tables, Loaded):
                    if tables.damage is None:
                        raise StorageError("storage.no_game", game=game_id, folder=self.folder.path)
                    raise StorageError("storage.unread_before_saving", path=self.path_of(game_id),
                                       reason=tables.damage)
                loaded = self.current(game_id, tables, seen)
        if loaded.game is None:
            raise DamagedGameError("storage.cannot_open", game=game_id, damage=loaded.damage)
        if loaded.damage is not None:
            raise DamagedGameError("storage.damaged_game", damage=loaded.damage)
        if loaded.revision != expected_revision:
            raise ConflictError("storage.conflict")
        return loaded

    def gone(self, game_id: str) -> bool:
        """Whether game ``game_id`` is gone: neither its file nor its last good copy is there, and nothing of it
        was moved aside (deleted outside Bidwell: nothing is left to show or repair)."""
        return not self.stored(game_id) and self.missing(game_id) is None

    def missing(self, game_id: str) -> Words | None:
        """What became of a game's file that is not there: moved aside as damaged, or lost; None if never made."""
        moved = sorted(self.path_of(game_id).parent.glob(f"{game_id}.broken-*.json"))
        if moved:
            return _words("storage.damage.moved", path=moved[-1])
        return None


def document_of(action: Action, at: str) -> dict[str, Any]:
    return {"at": at, "action": action_to_dict(action)}


def documents_of(game: Game, created: str) -> list[dict[str, Any]]:
    documents = [document_of(action, created) for action in game.log]
    documents[0]["extras"] = game.extras
    return documents


_GAME_REPAIRS = ("storage.moved_restored", "storage.restored")
"""The notices of a game file put back from its last good copy (one save behind): its last change is lost."""


def _repair_text(notice: Notice, restored: Loaded) -> str:
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


def damaged(damage: Words | None) -> Loaded:
    return Loaded(game=None, created=None, revision=-1, actions=[], damage=damage)


def revision_of(tables: Mapping[str, Any]) -> int:
    """The revision a game file was written at: 0 for one written before revisions, -1 for a damaged one."""
    meta = tables.get("game")
    if not isinstance(meta, dict) or not isinstance(meta.get("1"), dict):
        return 0
    revision = meta["1"].get("revision", 0)
    return revision if type(revision) is int else -1


def numbered(tables: Mapping[str, Any]) -> tuple[list[Any], str | None]:
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


def replay_file(tables: Mapping[str, Any], game_id: str) -> Loaded:
    """The game in a game file's tables, up to the first action that is not sound (named in ``damage``)."""
    documents, damage = numbered(tables)
    if not documents:
        return damaged(damage or _words("storage.damage.no_actions"))
    replayed = replay_sound(_actions_in(documents))
    if replayed.error is not None:
        reason = _words("storage.damage.replay", position=replayed.sound + 1, reason=refusal_text(replayed.error))
        damage = reason if damage is None else _words("storage.damage.and", first=damage, second=reason)
    if replayed.game is None:
        return damaged(damage or _words("storage.damage.no_actions"))
    extras, at = documents[0].get("extras", {}), documents[0].get("at")
    replayed.game.extras = dict(extras) if isinstance(extras, dict) else {}
    created = at if is_timestamp(at) else created_from_id(game_id)
    return Loaded(game=replayed.game, created=created, revision=revision_of(tables),
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


def refusal_text(error: BaseException) -> object:
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


def signature(path: Path) -> list[int] | None:
    """What tells a changed file from the one an index entry describes: its size and modification time."""
    try:
        status = path.stat()
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size]


def created_from_id(game_id: str) -> str:
    """A start time for a game whose own is unreadable: the one its id was made from, else the epoch."""
    match = re.match(r"^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})", game_id)
    if match:
        year, month, day, hour, minute, second = match.groups()
        return f"{year}-{month}-{day}T{hour}:{minute}:{second}.000Z"
    return "1970-01-01T00:00:00.000Z"


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


def check_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not GAME_ID.match(game_id):
        raise StorageError("storage.bad_id", game=game_id)
