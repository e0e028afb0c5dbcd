"""Files that survive a crash: TinyDB storage that never leaves half a file.

TinyDB's own JSON storage rewrites its file in place, so a crash mid-write
leaves broken JSON (tinydb issues #467 and #301). :class:`AtomicJSONStorage`
writes a temporary file beside the real one, fsyncs it, keeps the previous
version as ``NAME.bak`` and renames the new one over the old, so a reader
sees either the old file or the new one, never a mix.

Every file carries a ``bidwell`` table with the schema version and the kind
of file. A file that is not JSON, is truncated or is not Bidwell's is moved
aside under a name with the time and the last good copy is restored; a file
from a newer Bidwell is refused and never rewritten.

What the storage repairs on its own is told as a :class:`Notice` to whoever
met it: inside :func:`collecting_notices` (one app screen's action) to that
caller alone, otherwise to the folder's own list (a command-line run).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from tinydb import TinyDB
from tinydb.storages import Storage

from companion.texts import APP, t
from scoring.files import NotRegularFile, open_regular
from scoring.i18n.sentences import Words

try:
    # orjson reads a sound file several times faster (opening 10,000 games reads megabytes of index). It is
    # compiled, so the app running in a browser (Python on WebAssembly) reads with the standard reader only.
    from orjson import JSONDecodeError as _FastDecodeError
    from orjson import loads as _fast_loads
except ImportError:
    from json import JSONDecodeError as _FastDecodeError

    def _fast_loads(raw: bytes) -> Any:
        return json.loads(raw.decode("utf-8"))

def fast_loads(raw: bytes) -> Any:
    """The JSON document ``raw``, read by the fastest reader at hand; ValueError (or UnicodeDecodeError) if it is
    not one."""
    return _fast_loads(raw)


SCHEMA = 1
"""The version of the files this Bidwell writes; it reads this one and older."""

META_TABLE = "bidwell"
FILE_MODE = 0o600
FOLDER_MODE = 0o700
"""Data files and folders are the owner's alone: games hold private bids, and a computer may be shared."""
LOCK_WAIT_SECONDS = 5.0
TEMPORARY_SUFFIXES = (".tmp", ".bak.new")
"""Endings of the files a write makes before its rename; one still there after the lock is free was left by a
writer that died."""
STAGED_SUFFIX = ".bak.new"
"""The ending of the copy a write stages as the next ``NAME.bak`` (see :func:`_keep_copy`)."""


CLOCK_TICK_NS = 2_000_000_000
"""The coarsest step a file system's clock may keep a modification time in (FAT's two seconds): a file changed
twice within one step may keep the same time."""


class StorageError(Exception):
    """Something about the data folder that the user has to act on; ``str()`` says what and where, in the
    language in use (the sentence ``key`` of :mod:`companion.texts` with ``params``)."""

    def __init__(self, key: str, /, **params: object):
        self.key = key
        self.params = params
        super().__init__(key)

    def __str__(self) -> str:
        return t(self.key, **self.params)


class NewerSchemaError(StorageError):
    """A file written by a newer Bidwell: it is left exactly as it is."""


class NotKeptError(StorageError):
    """What was just written did not last: the device refused to store it (a browser whose storage is full), and the
    folder is back as it was before it. Whoever changed something in memory for that write takes it back."""


class UnwritableError(StorageError):
    """Data that cannot be written as JSON (nested too deeply, a number too long to write); nothing was written."""


@dataclass(frozen=True)
class Notice:
    """Something the storage did on its own that the user should be told (a bad file moved aside): the sentence
    ``key`` with ``params``, made in the language in use when it is read (:attr:`text`)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """What to tell the user."""
        return t(self.key, **self.params)

    @classmethod
    def of(cls, error: StorageError) -> Notice:
        """A storage error told as a notice (the app goes on, the user is told)."""
        return cls(error.key, error.params)


@dataclass(frozen=True)
class FileSeen:
    """A file as this process last saw it whole, having read or written it: its signature (inode, modification
    time in ns, size), its bytes, and when (``at_ns``, the wall clock) those bytes were known to be the file's.

    :meth:`still` tells whether the file is still this one without parsing it: a file another program changed
    is read again, one only this process wrote is not.
    """

    signature: tuple[int, int, int]
    content: bytes
    at_ns: int

    def still(self, path: Path) -> FileSeen | None:
        """This file, confirmed now, if ``path`` still holds it; None if it may not (then it is to be read anew).

        A change replaces the file (a new inode) or gives it a later modification time, except a change made in
        place, keeping the size, within the clock step of the last write: the signature alone is trusted only
        once the bytes were known after that step had passed; until then the bytes are read again and compared,
        which costs a read, not a parse. The limit is the file system's clock (see :data:`CLOCK_TICK_NS`).
        """
        looked_at = time.time_ns()
        try:
            if signature_of(os.stat(path)) != self.signature:
                return None
            if self.at_ns - self.signature[1] > CLOCK_TICK_NS:
                return self
            with open_regular(path) as file:
                same = signature_of(os.fstat(file.fileno())) == self.signature and file.read() == self.content
        except OSError:
            return None
        return FileSeen(self.signature, self.content, looked_at) if same else None


def signature_of(status: os.stat_result) -> tuple[int, int, int]:
    """What tells a file from another version of it: its inode, modification time (ns) and size."""
    return status.st_ino, status.st_mtime_ns, status.st_size


_notice_sink: ContextVar[list[Notice] | None] = ContextVar("bidwell_notice_sink", default=None)


@contextlib.contextmanager
def collecting_notices() -> Iterator[list[Notice]]:
    """Collect, in the list this yields, every notice raised by storage work done inside the block.

    Each app session wraps its own actions in this, so a repair is told on the
    screen of the person whose action met it and in no other. Context
    variables follow asyncio tasks and threads, so sessions never mix.
    """
    collected: list[Notice] = []
    token = _notice_sink.set(collected)
    try:
        yield collected
    finally:
        _notice_sink.reset(token)


class Folder:
    """A data folder: its path, one lock for writers, and the notices of what was repaired.

    Every write in every thread and process goes through :meth:`writing`:
    a lock per process (the web app's sessions share one) and a file lock
    beside the data (a second ``bidwell`` process).
    """

    def __init__(self, path: Path | str, *, after_write: Callable[[], None] | None = None):
        self.path = Path(path)
        self._after_write = after_write
        if self.path.exists() and not self.path.is_dir():
            raise StorageError("storage.folder_is_file", folder=self.path)
        try:
            make_folder(self.path)
        except OSError as error:
            raise StorageError("storage.cannot_create_folder", folder=self.path, reason=_reason(error)) from None
        self.notices: list[Notice] = []
        self.notices_told = 0
        """How many notices were told so far, wherever they went (a write during which one was knows a repair
        happened)."""
        self.on_notice: Callable[[Notice], None] | None = None
        """Told every notice as well, whoever else is (the app's console)."""
        self._thread_lock = threading.RLock()
        self._file_lock = FileLock(self.path / ".lock", timeout=LOCK_WAIT_SECONDS, thread_local=False)

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the folder's write lock; :class:`StorageError` if another process keeps it too long.

        ``after_write`` (where the folder lives in a browser: make the writes last in the browser's storage) is
        called once the block is done and the lock let go, whether the block wrote all it meant to or not. If it
        raises :class:`NotKeptError` after a block that did its work, so does this: the caller takes back what it
        changed in memory for the block's writes. After a block that failed, its own error is the one raised.
        """
        try:
            with self._locked():
                yield
        except BaseException:
            if self._after_write is not None:
                with contextlib.suppress(NotKeptError):
                    self._after_write()
            raise
        if self._after_write is not None:
            self._after_write()

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with self._thread_lock:
            try:
                self._file_lock.acquire()
            except Timeout:
                raise StorageError("storage.locked", folder=self.path, seconds=round(LOCK_WAIT_SECONDS)) from None
            except OSError as error:
                raise StorageError("storage.cannot_write_folder", folder=self.path, reason=_reason(error)) from None
            try:
                yield
            finally:
                self._file_lock.release()

    def notice(self, key: str, /, **params: object) -> None:
        """Tell the user the sentence ``key``: the caller collecting notices (an app screen), else this folder's
        list."""
        sink = _notice_sink.get()
        notice = Notice(key, params)
        self.notices_told += 1
        (self.notices if sink is None else sink).append(notice)
        if self.on_notice is not None:
            self.on_notice(notice)

    def pass_on(self, notices: list[Notice]) -> None:
        """Tell ``notices``, collected inside (and told to :attr:`on_notice` then), to whoever collects out here."""
        sink = _notice_sink.get()
        (self.notices if sink is None else sink).extend(notices)

    def sweep(self, folder: Path) -> list[str]:
        """Delete the temporary files dead writers left in ``folder``; return the names of the other entries.

        Never deleted is a file that may be the only copy of what was saved: a write's ``.tmp`` holds a change
        whose save never returned (its writer died before the rename that makes it the file, maybe before it
        was whole), but a staged ``NAME.bak.new`` is a whole copy of ``NAME`` and goes only while ``NAME``
        itself is there (``NAME`` is only ever replaced by a later version, so it holds all the copy does).

        Call it holding :meth:`writing`: every temporary file is made and
        renamed under the write lock, so one found then belongs to no live writer.
        """
        kept = []
        entries = list(os.scandir(folder))
        names = {entry.name for entry in entries}
        for entry in entries:
            name = entry.name
            staged_from = name[:-len(STAGED_SUFFIX)] if name.endswith(STAGED_SUFFIX) else None
            stray = name.endswith(TEMPORARY_SUFFIXES) and entry.is_file() and (
                staged_from is None or staged_from in names and os.path.isfile(os.path.join(folder, staged_from)))
            if stray:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)
            else:
                kept.append(name)
        return kept

    def database(self, relative: str, kind: str, *, tinydb_tables: bool = True) -> TinyDB:
        """The TinyDB database in file ``relative`` of this folder, stored crash-safely.

        ``tinydb_tables=False`` is for a reader that checks the inside of the
        tables itself (a game file, shown as far as it is sound).
        """
        return TinyDB(
            storage=AtomicJSONStorage, path=self.path / relative, kind=kind, folder=self, tinydb_tables=tinydb_tables
        )


class AtomicJSONStorage(Storage):
    """A TinyDB storage that replaces its file whole and keeps the previous version.

    ``kind`` names what the file holds; a file of another kind, or without
    Bidwell's ``bidwell`` table, is not Bidwell's and is moved aside. With
    ``tinydb_tables`` every table must also be what TinyDB reads (documents
    that are objects under whole-number ids), or the file is bad.
    """

    def __init__(self, path: Path | str, *, kind: str, folder: Folder, tinydb_tables: bool = True):
        self.path = Path(path)
        self.kind = kind
        self.folder = folder
        self.tinydb_tables = tinydb_tables
        self.seen: FileSeen | None = None
        """The file as this storage last read or wrote it whole, or None (see :class:`FileSeen`)."""

    @property
    def backup(self) -> Path:
        """The last good copy, kept beside the file."""
        return self.path.with_name(self.path.name + ".bak")

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The file's tables, or None for a file not written yet; a bad file is repaired first."""
        try:
            return self._parse(self.path)
        except (FileNotFoundError, _BadFile):
            pass
        # Repairs move and write files, so they happen under the folder's write
        # lock, after a second look: another writer may have just replaced it.
        with self.folder.writing():
            try:
                return self._parse(self.path)
            except FileNotFoundError:
                return self._restore(reason=_bad("missing")) if self.backup.exists() else None
            except _BadFile as bad:
                try:
                    return self._repair(bad.reason)
                except OSError as error:
                    raise StorageError("storage.unrepairable", path=self.path, problem=bad.reason,
                                       reason=_reason(error)) from None

    def _repair(self, reason: Words) -> dict[str, dict[str, Any]] | None:
        moved = self._move_aside()
        try:
            data = self._parse(self.backup)
        except (_BadFile, FileNotFoundError):
            self.folder.notice("storage.moved_no_copy", path=self.path, problem=reason, moved=moved)
            return None
        self._replace_with(data)
        self.folder.notice("storage.moved_restored", path=self.path, problem=reason, moved=moved)
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with ``data``: whole, synced to disk, the previous version kept as ``.bak``."""
        data = dict(data)
        data[META_TABLE] = {"1": {"schema": SCHEMA, "kind": self.kind}}
        self._replace_with(data)

    def _replace_with(self, data: dict[str, Any]) -> None:
        """Write ``data`` whole; on any failure the file stays as it was and :class:`StorageError` says why."""
        try:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except (RecursionError, ValueError, TypeError) as error:
            detail = (
                _words("storage.too_deep") if isinstance(error, RecursionError)
                else _words("storage.bad_unicode") if isinstance(error, UnicodeEncodeError)
                else str(error)
            )
            raise UnwritableError("storage.cannot_save_data", name=self.path.name, detail=detail) from None
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            make_folder(self.path.parent)
            # Owner-only: a game file holds the private bids of a hand not yet revealed.
            with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE), "wb") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
                # The file as written, taken from the file itself: what another program puts at the path later,
                # even just after the rename below, is then told from it.
                written = signature_of(os.fstat(file.fileno()))
            if self.path.exists():
                _keep_copy(self.path, self.backup)
            os.replace(temporary, self.path)
            _sync_folder(self.path.parent)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise StorageError("storage.could_not_save", path=self.path, reason=_reason(error)) from None
        self.seen = FileSeen(written, text, time.time_ns())

    def _parse(self, path: Path) -> dict[str, dict[str, Any]]:
        looked_at = time.time_ns()
        # A link to /dev/zero or a named pipe put where a file was is refused (NotRegularFile, an OSError), never
        # read without end or waited on.
        with open_regular(path) as file:
            raw = file.read()
            status = os.fstat(file.fileno())
        if not raw.strip():
            raise _BadFile(_bad("empty"))
        try:
            # What the fast reader refuses (numbers past 64 bits, lone surrogates, bad UTF-8) the standard
            # reader decides, as before.
            data = _fast_loads(raw)
        except (_FastDecodeError, UnicodeDecodeError):
            data = self._parse_strictly(raw)
        checked = self._checked(data, path)
        if path == self.path:
            self.seen = FileSeen(signature_of(status), raw, looked_at)
        return checked

    def _parse_strictly(self, raw: bytes) -> Any:
        """``raw`` read by the standard JSON reader; :class:`_BadFile` saying why if it cannot be."""
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise _BadFile(_bad("not_utf8")) from None
        except json.JSONDecodeError:
            raise _BadFile(_bad("not_json")) from None
        except RecursionError:
            raise _BadFile(_bad("too_deep")) from None
        except ValueError:  # a number past Python's integer-string limit
            raise _BadFile(_bad("long_number")) from None

    def _checked(self, data: Any, path: Path) -> dict[str, dict[str, Any]]:
        """``data`` if it is a Bidwell file of this kind and schema; :class:`_BadFile` or NewerSchemaError if not."""
        table = data.get(META_TABLE) if isinstance(data, dict) else None
        meta = table.get("1") if isinstance(table, dict) else None
        if not isinstance(meta, dict) or meta.get("kind") != self.kind or not isinstance(meta.get("schema"), int):
            raise _BadFile(_bad("not_bidwell"))
        if meta["schema"] > SCHEMA:
            raise NewerSchemaError("storage.newer", path=path, schema=meta["schema"], ours=SCHEMA)
        if not all(isinstance(table, dict) for table in data.values()):
            raise _BadFile(_bad("not_bidwell"))
        if self.tinydb_tables and not all(_is_tinydb_table(table) for table in data.values()):
            raise _BadFile(_bad("table_shape"))
        return data

    def _restore(self, reason: Words) -> dict[str, dict[str, Any]] | None:
        try:
            data = self._parse(self.backup)
        except (_BadFile, FileNotFoundError):
            return None
        self._replace_with(data)
        self.folder.notice("storage.restored", path=self.path, problem=reason)
        return data

    def _move_aside(self) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.stem}.broken-{stamp}{self.path.suffix}")
        counter = 1
        while target.exists():
            counter += 1
            target = self.path.with_name(f"{self.path.stem}.broken-{stamp}-{counter}{self.path.suffix}")
        os.replace(self.path, target)
        return target


class _BadFile(Exception):
    def __init__(self, reason: Words):
        super().__init__(reason)
        self.reason = reason


def _words(key: str, /, **params: object) -> Words:
    """The app's sentence ``key``, made when it is shown (in that moment's language)."""
    return Words(APP, key, **params)


def _bad(what: str) -> Words:
    """What is wrong with a file, as it is said after the file's name ("… was empty")."""
    return _words(f"storage.bad.{what}")


def _is_tinydb_table(table: dict[str, Any]) -> bool:
    """Whether TinyDB can read ``table``: documents that are objects, under ids that are whole numbers."""
    return all(key.isascii() and key.isdigit() and isinstance(doc, dict) for key, doc in table.items())


def _reason(error: OSError) -> str | Words:
    """An operating system's refusal in a scorekeeper's words, with what to do about it (others in the system's
    own words)."""
    if isinstance(error, NotRegularFile):
        return error.detail
    advice = {
        errno.ENOSPC: "disk_full",
        errno.EDQUOT: "quota",
        errno.EROFS: "read_only",
        errno.EACCES: "permission",
        errno.EPERM: "permission",
        errno.EFBIG: "too_big",
        errno.ENOTDIR: "not_a_folder",
        errno.EISDIR: "is_a_folder",
    }
    known = advice.get(error.errno)
    return _words(f"storage.os.{known}") if known else error.strerror or str(error)


def os_reason(error: OSError) -> str | Words:
    """An operating system's refusal as :class:`StorageError` says it (public for the other storage modules)."""
    return _reason(error)


def _keep_copy(current: Path, backup: Path) -> None:
    """Make ``backup`` the current file's content without a moment where neither exists."""
    staged = backup.with_name(backup.name + ".new")
    with contextlib.suppress(FileNotFoundError):
        staged.unlink()
    try:
        os.link(current, staged)
    except (OSError, AttributeError):  # no hard links here (AttributeError: a browser's Python has no os.link)
        shutil.copy2(current, staged)
    os.replace(staged, backup)
    # A writer killed after this rename and before the next leaves the file and its copy one file (two links);
    # renaming a link over another of the same file does nothing (POSIX), and the staged name would stay, a
    # stray the next open need not look for. The copy is whole under its own name, so the staged one goes.
    with contextlib.suppress(FileNotFoundError):
        staged.unlink()


def _sync_folder(folder: Path) -> None:
    """Make a rename durable: on POSIX the folder entry itself must reach the disk."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def make_folder(path: Path) -> None:
    """Create the folder ``path`` and its missing parents, owner-only, each one durable in its parent once made.

    Without the parent's fsync a power cut can take a new folder away with the first game saved in it.
    Raises OSError as :meth:`Path.mkdir` does.
    """
    missing = []
    while not path.is_dir():
        missing.append(path)
        if path.parent == path:
            break
        path = path.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            if not folder.is_dir():
                raise
            continue
        _sync_folder(folder.parent)


def remove_file(path: Path) -> None:
    """Delete a stored file, its last good copy and any copy a dead writer staged, for good: once this returns, a
    power cut brings none of them back.

    Raises :class:`StorageError` (with the file and the reason) if one of them cannot be deleted.
    """
    for victim in (path, path.with_name(path.name + ".bak"), path.with_name(path.name + STAGED_SUFFIX)):
        try:
            victim.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            raise StorageError("storage.could_not_delete", path=victim, reason=_reason(error)) from None
    _sync_folder(path.parent)


__all__ = [
    "SCHEMA",
    "AtomicJSONStorage",
    "FileSeen",
    "Folder",
    "NewerSchemaError",
    "Notice",
    "StorageError",
    "UnwritableError",
    "collecting_notices",
    "make_folder",
    "remove_file",
]
