"""What the last look at the history index found, so that opening a store and reading the history cost the
months, not the games.

Two small files beside the month files, each a cache that is never trusted blindly:

``index/checkpoint-months.json``
    for each month file, what a reader needs without reading it (the names and how often each was seen, how
    many games of each kind, the unfinished games' entries, the matches its rematches are in, whether an entry
    is unsettled or of the wrong shape), with the month file's signature (inode, modification time, size)
    when it was read or written. A month file whose signature differs is read again, whoever changed it.

``index/checkpoint-games.json``
    the signature of the ``games`` folder at a moment the index was known to agree with the game files: the
    last full check, carried on by each write of Bidwell's own that keeps them agreeing (see
    :meth:`Checkpoint.custody`). While the folder still has that signature no game file was added, removed
    or left half-written since, and none of the temporary files a write makes is in it (a write of Bidwell's
    own leaves none), so opening the store need not list the folder; any other change to it (a
    second program, a writer that died, a file copied in by hand) changes the signature, and the store is
    checked in full.

Both are written whole (a temporary file renamed over the old one) under the folder's write lock; one that
is missing, unreadable or of another shape counts as empty, and the store falls back to reading. The limit
is the file system's clock: a file added by an outside program within the same clock tick as a write of
Bidwell's own may go unnoticed until the folder next changes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.store.files import Folder, StorageError, fast_loads
from scoring.files import open_regular

try:
    # The checkpoint is rewritten whole when a month changes: orjson writes it several times faster.
    from orjson import dumps as _dumps
except ImportError:
    def _dumps(data: object) -> bytes:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

MONTHS_FILE = "checkpoint-months.json"
GAMES_FILE = "checkpoint-games.json"
SUMS_FILE = "checkpoint-stats.json"
MONTH_FILE = re.compile(r"(.{4}-.{2})\.json", re.DOTALL)
"""The name of a month's index file (as ``????-??.json`` matches it); use ``fullmatch``."""
_VERSION = 1
_GAMES_VERSION = 2
"""The version of ``checkpoint-games.json``. Its signature promises, too, that no temporary file is in the games
folder; version 1, written by a Bidwell whose saves could leave a staged copy behind after a writer died (see
:func:`companion.store.files._keep_copy`), promises less, and its folder is checked (and swept) once in full."""


def file_stamp(path: Path | str) -> list[int] | None:
    """What tells a changed file from the one read before: its inode, modification time (ns) and size; None if
    it is not there or is not a plain file."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return [status.st_ino, status.st_mtime_ns, status.st_size]


def folder_stamp(path: Path) -> list[int] | None:
    """What changes whenever an entry of the folder ``path`` is added, removed or renamed; None if unreadable."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return [status.st_ino, status.st_mtime_ns, status.st_ctime_ns]


def digest_of(docs: Iterable[Mapping[str, Any]], stamp: list[int] | None, *, sound) -> dict[str, Any]:  # noqa: ANN001
    """A month's digest: what the history's readers need of its entries ``docs`` (``sound`` tells an entry with
    every field a history line needs), for the month file whose signature is ``stamp``."""
    names: dict[str, int] = {}
    kinds: dict[str, list[int]] = {}
    opened: list[Mapping[str, Any]] = []
    matches: set[str] = set()
    unsettled = misshapen = False
    for doc in docs:
        unsettled = unsettled or bool(doc.get("unsettled"))
        if not sound(doc):
            misshapen = True
            continue
        for name in doc["players"]:
            names[name] = names.get(name, 0) + 1
        counts = kinds.get(doc["game"])
        if counts is None:
            counts = kinds[doc["game"]] = [0, 0]
        counts[doc["finished"]] += 1
        if not doc["finished"]:
            opened.append(doc)
        if isinstance(doc.get("match"), str):
            matches.add(doc["match"])
    return {"file": stamp, "names": names, "kinds": kinds, "open": opened, "matches": sorted(matches),
            "unsettled": unsettled, "misshapen": misshapen}


def _is_digest(value: object) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("file"), list)
            and isinstance(value.get("names"), dict) and isinstance(value.get("kinds"), dict)
            and isinstance(value.get("open"), list) and isinstance(value.get("matches"), list)
            and isinstance(value.get("unsettled"), bool)
            and isinstance(value.get("misshapen"), bool))


class MonthsFile:
    """A file of the checkpoint keeping something of each month file (a dict with the month file's signature
    under ``"file"``, checked by ``sound``), as this process knows it; written by :meth:`save`."""

    def __init__(self, path: Path, sound: Callable[[object], bool]):
        self.path = path
        self._sound = sound
        self._lock = threading.RLock()
        self._months: dict[str, dict[str, Any]] | None = None
        self._seen: list[int] | None = None
        self._changed: set[str] = set()

    def month(self, month: str, stamp: list[int] | None) -> dict[str, Any] | None:
        """What is kept of ``month`` if it was made from the month file whose signature is ``stamp``, else None."""
        if stamp is None:
            return None
        with self._lock:
            kept = self._loaded().get(month)
        return kept if kept is not None and kept["file"] == stamp else None

    def months(self) -> set[str]:
        """The months something is kept of."""
        with self._lock:
            return set(self._loaded())

    def keep(self, month: str, kept: dict[str, Any]) -> None:
        """Keep ``kept`` for ``month`` (written by :meth:`save`)."""
        with self._lock:
            self._loaded()[month] = kept
            self._changed.add(month)

    def forget(self, months: Iterable[str]) -> None:
        """Keep nothing of ``months`` (their files are gone)."""
        with self._lock:
            loaded = self._loaded()
            for month in months:
                if loaded.pop(month, None) is not None:
                    self._changed.add(month)

    def save(self) -> None:
        """Write what was kept since the last save, over what another process may have written since.

        Call it holding the folder's write lock. A file that cannot be written is left as it is: it is a
        cache, and what does not match the month files is not used.
        """
        with self._lock:
            if not self._changed:
                return
            on_disk = self._months or {}
            if file_stamp(self.path) != self._seen:
                on_disk = self._read_months()
            merged = dict(on_disk)
            for month in self._changed:
                if month in self._months:
                    merged[month] = self._months[month]
                else:
                    merged.pop(month, None)
            if _write(self.path, {"version": _VERSION, "months": merged}):
                self._months, self._seen = merged, file_stamp(self.path)
                self._changed.clear()

    def _loaded(self) -> dict[str, dict[str, Any]]:
        if self._months is None:
            self._seen = file_stamp(self.path)
            self._months = self._read_months()
        return self._months

    def _read_months(self) -> dict[str, dict[str, Any]]:
        data = _read(self.path)
        months = data.get("months") if isinstance(data, dict) and data.get("version") == _VERSION else None
        if not isinstance(months, dict):
            return {}
        return {month: kept for month, kept in months.items()
                if isinstance(kept, dict) and isinstance(kept.get("file"), list) and self._sound(kept)}


class Checkpoint:
    """The checkpoint of one data folder's history index (see the module's text), as this process knows it."""

    def __init__(self, folder: Folder):
        self.folder = folder
        self._index = folder.path / "index"
        self._lock = threading.RLock()
        self.digests = MonthsFile(self._index / MONTHS_FILE, _is_digest)
        """Each month file's digest (see :func:`digest_of`)."""
        self.sums = MonthsFile(self._index / SUMS_FILE, lambda kept: True)
        """Each month file's players' figures added up, for the statistics (see
        :meth:`companion.store.figures.Figures.players`)."""
        self._games_seen: tuple[list[int] | None, list[int] | None] | None = None

    def month(self, month: str, stamp: list[int] | None) -> dict[str, Any] | None:
        """The digest of ``month`` if it was made from the month file whose signature is ``stamp``, else None."""
        return self.digests.month(month, stamp)

    def months(self) -> set[str]:
        """The months a digest is kept of."""
        return self.digests.months()

    def keep(self, month: str, digest: dict[str, Any]) -> None:
        """Keep ``digest`` as ``month``'s (written by :meth:`save`)."""
        self.digests.keep(month, digest)

    def forget(self, months: Iterable[str]) -> None:
        """Keep nothing of ``months`` (their files are gone)."""
        months = set(months)
        self.digests.forget(months)
        self.sums.forget(months)

    def save(self) -> None:
        """Write the digests kept since the last save (see :meth:`MonthsFile.save`)."""
        self.digests.save()

    # --- the games folder ---------------------------------------------------------------

    def games_agree(self) -> bool:
        """Whether the ``games`` folder is as it was when the index was last known to agree with its files."""
        current = folder_stamp(self.folder.path / "games")
        return current is not None and current == self._agreed()

    def agreed(self) -> None:
        """The index agrees with the game files now (a full check was just made): keep the folder's signature.

        Call it holding the folder's write lock.
        """
        self._write_agreed(folder_stamp(self.folder.path / "games"))

    @contextlib.contextmanager
    def custody(self, *, changes_games: bool = False) -> Iterator[None]:
        """Around a write of Bidwell's own that leaves the index agreeing with the game files: if they agreed
        before it, the folder's new signature is kept after it, so the next opening need not list the games.

        ``changes_games``: the write adds or removes games; the signature kept is withdrawn first, so a writer
        that dies half-way leaves the next opening a full check. A write that fails, or during which a file
        was repaired (a notice was raised), keeps nothing. Call it holding the folder's write lock.
        """
        held = self.games_agree()
        if held and changes_games:
            held = self._write_agreed(None)
        told = self.folder.notices_told
        yield
        if held and self.folder.notices_told == told:
            self._write_agreed(folder_stamp(self.folder.path / "games"))

    def _agreed(self) -> list[int] | None:
        path = self._index / GAMES_FILE
        seen = file_stamp(path)
        with self._lock:
            if self._games_seen is not None and self._games_seen[0] == seen and seen is not None:
                return self._games_seen[1]
            data = _read(path)
            games = data.get("games") if isinstance(data, dict) and data.get("version") == _GAMES_VERSION else None
            agreed = games if isinstance(games, list) and all(type(part) is int for part in games) else None
            self._games_seen = (seen, agreed)
            return agreed

    def _write_agreed(self, stamp: list[int] | None) -> bool:
        path = self._index / GAMES_FILE
        with self._lock:
            written = _write(path, {"version": _GAMES_VERSION, "games": stamp})
            self._games_seen = (file_stamp(path), stamp) if written else None
            return written


def _read(path: Path) -> object:
    try:
        with open_regular(path) as file:
            return fast_loads(file.read())
    except (OSError, ValueError, RecursionError):
        return None


def _write(path: Path, data: object) -> bool:
    """Replace ``path`` with ``data`` whole (a reader sees the old file or the new one); whether it was."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        text = _dumps(data)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(text)
        os.replace(temporary, path)
    except (OSError, ValueError, TypeError, RecursionError, StorageError):
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True
