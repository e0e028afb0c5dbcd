"""What the server sends over HTTP, compressed: brotli where the browser takes it (over https), gzip otherwise.

Flet's web client is about 20 MB of files that never change between runs (its code, its renderer's WebAssembly,
icon fonts). Compressing them on every request would cost a laptop that serves the table's phones a second of CPU
per file and phone, so a big file is compressed once into a cache folder (kept across runs, named after the file's
content, so a reinstall that writes the same bytes keeps them) and sent from there from then on. The web client's
copies are made before the server says its address (:func:`make_copies_now`: at install, or at the first start after
an upgrade), quickly, so that no phone ever gets the client uncompressed; the smallest brotli copies follow in the
background. A file nobody prepared is sent as it is until its copy is made. A small answer (a page, a manifest,
which Flet writes anew each run) is compressed at once and kept in memory. Websockets pass untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import json
import logging
import os
import queue
import re
import tempfile
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

try:  # not in a browser's Python (the published phone app), which serves nothing
    import brotli
except ImportError:  # pragma: no cover - brotli is a dependency wherever the server runs
    brotli = None

log = logging.getLogger(__name__)

ASGIApp = Callable

COMPRESSIBLE = (b"text/", b"application/javascript", b"application/json", b"application/manifest+json",
                b"application/wasm", b"application/xml", b"application/octet-stream", b"image/svg+xml", b"font/ttf",
                b"font/otf", b"font/sfnt")
"""Content types worth compressing; images and woff2 fonts are compressed already."""
SMALLEST = 1024
"""Bytes below which an answer is sent as it is: compression saves less than it costs."""
IN_MEMORY = 32 * 1024
"""Bytes up to which an answer is compressed at once and kept in memory; bigger ones go to the cache folder."""
BROTLI_QUALITY = 11
GZIP_LEVEL = 9
FAST_LEVELS = {"gzip": 6, "br": 5}
"""The levels of the copies made while a person waits for the address. Measured on Flet's main.dart.wasm (8.5 MB,
one core): gzip's 6 is within 0.3 % of 9's size in half its time (0.48 s), and a phone on the local network (plain
http) takes gzip only; brotli's 5 is 17 % bigger than its 11 and made 51 times as fast (0.57 s against 29 s)."""
BEST_LEVELS = {"gzip": FAST_LEVELS["gzip"], "br": BROTLI_QUALITY}
"""The levels of the copies made in the background once the server runs: brotli's best replaces its fast copy."""
FAST_BYTES_PER_SECOND = {"gzip": 17e6, "br": 20e6}
"""How fast one core makes the fast copies of Flet's web client (measured on this project's machines), for the
estimate said before making them."""
BEST_BROTLI_BYTES_PER_SECOND = 0.25e6
"""How fast one core makes brotli's best copies (Flet's main.dart.js 0.32 MB/s, CanvasKit's WebAssembly 0.23)."""
DIGESTS = "digests.json"
"""The cache folder's index of each prepared file's content digest, by its path, size and modification time."""
SUFFIX = {"br": "-br", "gzip": "-gz"}
"""What a compressed copy's ETag has after its file's own, so a browser's If-None-Match names the copy it holds."""
_SUFFIXED_TAG = re.compile(r'(-br|-gz)(")')


def compress(body: bytes, encoding: str, level: int | None = None) -> bytes:
    """``body`` in ``encoding`` ("br" or "gzip"), at ``level`` (by default as small as the encoder makes it)."""
    if encoding == "br":
        return brotli.compress(body, quality=BROTLI_QUALITY if level is None else level)
    return gzip.compress(body, compresslevel=GZIP_LEVEL if level is None else level, mtime=0)


def compressible(content_type: str | bytes | None) -> bool:
    """Whether an answer of ``content_type`` is worth compressing (:data:`COMPRESSIBLE`)."""
    kind = content_type.encode("latin-1") if isinstance(content_type, str) else content_type or b""
    return kind.startswith(COMPRESSIBLE)


def chosen_encoding(accept_encoding: str) -> str | None:
    """The encoding to send for a request's Accept-Encoding: "br" if taken (and brotli installed), else "gzip" if
    taken, else None (as it is). A coding given ``q=0`` is refused.

    >>> chosen_encoding("gzip, deflate, br"), chosen_encoding("gzip, deflate"), chosen_encoding("br;q=0, gzip")
    ('br', 'gzip', 'gzip')
    >>> chosen_encoding(""), chosen_encoding("identity")
    (None, None)
    """
    taken = set()
    for part in accept_encoding.split(","):
        name, _, parameters = part.strip().partition(";")
        weight = parameters.strip().removeprefix("q=").strip() if parameters.strip().startswith("q=") else "1"
        try:
            accepted = float(weight) > 0
        except ValueError:
            accepted = False
        if accepted:
            taken.add(name.strip().lower())
    if brotli is not None and ("br" in taken or "*" in taken):
        return "br"
    if "gzip" in taken or "*" in taken:
        return "gzip"
    return None


class Compressed:
    """ASGI middleware: every HTTP answer of a compressible type, compressed in the encoding the request takes, with
    ``Vary: Accept-Encoding``, its own Content-Length and an ETag of its own (the file's, plus ``-br`` or ``-gz``).

    Answers carrying an ETag (files) bigger than :data:`IN_MEMORY` are compressed once, in a background thread,
    into ``cache`` (a folder; ``None`` keeps them in memory), and sent as they are until then. A range request, a
    non-GET method and a websocket pass untouched.
    """

    def __init__(self, app: ASGIApp, cache: Path | None = None):
        self.app = app
        self.cache = cache
        self._small: dict[tuple[str, bytes], bytes] = {}
        self._large: dict[str, bytes] = {}  # without a cache folder
        self._pending: set[str] = set()
        self._content: dict[tuple[str, bytes, int], str] = {}  # a prepared file's address, ETag, length: its digest
        self._lock = threading.Condition()
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        # A daemon: stopping the server does not wait for a copy being made (the next run makes it).
        threading.Thread(target=self._work, name="compress", daemon=True).start()
        if cache is not None:
            try:
                cache.mkdir(parents=True, exist_ok=True)
                for left in cache.glob(".part-*"):  # a run stopped while writing a copy
                    left.unlink(missing_ok=True)
            except OSError as error:
                log.warning("compressed copies kept in memory: %s cannot be written (%s)", cache, error)
                self.cache = None

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Compress the answer when the request takes it; pass everything else on."""
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        request = {key.lower(): value for key, value in scope.get("headers", [])}
        encoding = None if b"range" in request else chosen_encoding(
            request.get(b"accept-encoding", b"").decode("latin-1"))
        address = scope.get("root_path", "") + scope.get("path", "")
        if encoding is not None:
            # A file's copy is named by the file's ETag plus a suffix: Starlette compares the file's own.
            headers = [(key, _SUFFIXED_TAG.sub(r"\2", value.decode("latin-1")).encode("latin-1"))
                       if key.lower() == b"if-none-match" else (key, value) for key, value in scope["headers"]]
            extensions = {key: value for key, value in scope.get("extensions", {}).items()
                          if key != "http.response.pathsend"}  # the body must pass through here
            scope = {**scope, "headers": headers, "extensions": extensions}
        held = request.get(b"if-none-match", b"")
        answer = _Answer(self, send, encoding, address, head=scope["method"] == "HEAD",
                         holds_copy=encoding is not None and SUFFIX[encoding].encode() + b'"' in held)
        await self.app(scope, receive, answer.send)

    def copy(self, encoding: str, address: str, tag: bytes, length: int) -> bytes | None:
        """The compressed copy of a big file, if one is ready: the smallest made."""
        for name in self._names(encoding, address, tag, length):
            if self.cache is None:
                packed = self._large.get(name)
            else:
                try:
                    packed = (self.cache / name).read_bytes()
                except OSError:
                    packed = None
            if packed is not None:
                return packed
        return None

    def _names(self, encoding: str, address: str, tag: bytes, length: int) -> list[str]:
        digest = self._content.get((address, tag, length))
        if digest is None:
            return [_copy_name(encoding, address, tag, length)]
        return _content_names(digest, encoding)

    def _has(self, name: str) -> bool:
        return name in self._large if self.cache is None else (self.cache / name).exists()

    def make_copy(self, encoding: str, address: str, tag: bytes, body: Iterable[bytes]) -> None:
        """Compress a big file's ``body`` into its copy, in the background (once, however many ask)."""
        chunks = list(body)
        name = self._names(encoding, address, tag, sum(len(chunk) for chunk in chunks))[0]
        with self._lock:
            if name in self._pending:
                return
            self._pending.add(name)
        self._jobs.put((encoding, name, lambda: b"".join(chunks), BEST_LEVELS[encoding]))

    def prepare(self, files: Iterable[tuple[str, Path]]) -> None:
        """Compress each file (its address, its path) into its smallest copies in the background now, in every
        encoding, so that the first browser to ask gets the best there is: gzip first (what a browser takes over
        plain http, as phones on the local network come), then brotli. Copies already made are left as they are;
        a file's fast copy (:func:`make_copies_now`) is sent until its best is made."""
        jobs = []
        for file in _prepared(files, self.cache):
            self._content[(file.address, file.tag, file.length)] = file.digest
            for encoding in _encodings():
                name = content_copy_name(file.digest, encoding, BEST_LEVELS[encoding])
                if not self._has(name):
                    jobs.append((encoding, name, file.path))
        for encoding, name, path in sorted(jobs, key=lambda job: job[0] != "gzip"):
            with self._lock:
                if name in self._pending:
                    continue
                self._pending.add(name)
            self._jobs.put((encoding, name, path.read_bytes, BEST_LEVELS[encoding]))

    def _work(self) -> None:
        with contextlib.suppress(AttributeError, OSError):  # Linux lets a thread run at a lower priority
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._write_copy(*job)

    def _write_copy(self, encoding: str, name: str, body: Callable[[], bytes], level: int) -> None:
        try:
            packed = compress(body(), encoding, level)
            if self.cache is None:
                self._large[name] = packed
                return
            _write_whole(self.cache / name, packed)
        except OSError as error:
            log.warning("could not keep a compressed copy in %s: %s", self.cache, error)
        finally:
            with self._lock:
                self._pending.discard(name)
                self._lock.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every copy asked for so far is made; whether they were within ``timeout`` seconds."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending, timeout)

    def small(self, encoding: str, body: bytes) -> bytes:
        """A small answer compressed (remembered by its content: Flet writes its pages anew each run)."""
        key = (encoding, hashlib.sha256(body).digest())
        packed = self._small.get(key)
        if packed is None:
            packed = self._small[key] = compress(body, encoding)
        return packed

    def close(self) -> None:
        """Stop making copies once the one being made is done (copies not begun are left to the next run)."""
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
        self._jobs.put(None)


def make_copies_now(files: Iterable[tuple[str, Path]], cache: Path, *, levels: dict[str, int] = FAST_LEVELS,
                    told: Callable[[float], None] | None = None) -> int:
    """Make, before returning, a copy of each of ``files`` (address, path) in each encoding that has none yet in
    ``cache`` at ``levels`` or at :data:`BEST_LEVELS`, on every core; ``told(seconds)`` is called first with how
    long that should take, if there is anything to make. Returns how many copies were made. A folder that cannot be
    written gets none (the server then makes them in the background, as for any file)."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        log.warning("compressed copies not made: %s cannot be written (%s)", cache, error)
        return 0
    jobs = []
    for file in _prepared(files, cache):
        for encoding in _encodings():
            names = _content_names(file.digest, encoding, levels[encoding])
            if not any((cache / name).exists() for name in names):
                jobs.append((encoding, names[-1], file))
    if not jobs:
        return 0
    cores = os.cpu_count() or 1
    if told is not None:
        told(_seconds([(encoding, levels[encoding], file.length) for encoding, _, file in jobs]))

    def make(job: tuple[str, str, _Prepared]) -> None:
        encoding, name, file = job
        try:
            _write_whole(cache / name, compress(file.path.read_bytes(), encoding, levels[encoding]))
        except OSError as error:
            log.warning("could not keep a compressed copy in %s: %s", cache, error)

    with ThreadPoolExecutor(cores) as pool:  # zlib and brotli let go of the GIL while they compress
        list(pool.map(make, sorted(jobs, key=lambda job: -job[2].length)))
    return len(jobs)


def default_copies_folder() -> Path:
    """Where compressed copies are kept between runs (the server's, and the published app's big files): the user's
    cache folder."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("bidwell", appauthor=False)) / "compressed"


def write_siblings(folder: Path, cache: Path | None, *, levels: dict[str, int] = BEST_LEVELS,
                   told: Callable[[float], None] | None = None) -> list[Path]:
    """Write beside each file of ``folder`` worth compressing (of a :data:`COMPRESSIBLE` type, :data:`SMALLEST`
    bytes or more) its copies at ``levels``, named as static hosts look for them (``main.dart.js.br``,
    ``main.dart.js.gz``: nginx's ``brotli_static`` and ``gzip_static``, Caddy's ``precompressed``), where they are
    smaller than the file. A big file's copies come from ``cache`` when it keeps them for the same content, and are
    kept there for the next build; ``told(seconds)`` as for :func:`make_copies_now`. Returns the copies written."""
    import mimetypes

    # A file of no known type (Flutter's NOTICES, 1.5 MB of text) is tried too: a copy no smaller is not kept.
    worth = sorted(path for path in folder.rglob("*") if path.is_file() and path.suffix not in (".br", ".gz")
                   and path.stat().st_size >= SMALLEST
                   and compressible(mimetypes.guess_type(path.name)[0] or "application/octet-stream"))
    big = [path for path in worth if path.stat().st_size > IN_MEMORY]
    if cache is not None:
        make_copies_now([(path.as_posix(), path) for path in big], cache, levels=levels, told=told)
    elif told is not None and big:
        told(_seconds([(encoding, levels[encoding], path.stat().st_size) for path in big for encoding in _encodings()]))

    # The big files' digests, under which their copies were kept just now: the index read once, not once a file.
    digests, known = _Digests(cache), {}
    for path in big if cache is not None else ():
        with contextlib.suppress(OSError):  # compressed here instead
            known[path] = digests.of(path, path.stat())

    def kept_copy(path: Path, encoding: str) -> Path | None:
        names = _content_names(known[path], encoding) if path in known else []
        return next((cache / name for name in names if (cache / name).exists()), None)

    def write(path: Path) -> list[Path]:
        written = []
        for encoding in _encodings():
            kept = kept_copy(path, encoding)
            packed = kept.read_bytes() if kept is not None else compress(path.read_bytes(), encoding, levels[encoding])
            if len(packed) < path.stat().st_size:
                sibling = path.with_name(path.name + (".br" if encoding == "br" else ".gz"))
                sibling.write_bytes(packed)
                written.append(sibling)
        return written

    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        return [sibling for siblings in pool.map(write, worth) for sibling in siblings]


def _bytes_per_second(encoding: str, level: int) -> float:
    """How fast one core compresses at ``level``: :data:`FAST_BYTES_PER_SECOND`, or :data:`BEST_BROTLI_BYTES_PER_SECOND`
    at brotli's best."""
    return BEST_BROTLI_BYTES_PER_SECOND if encoding == "br" and level > FAST_LEVELS["br"] else \
        FAST_BYTES_PER_SECOND[encoding]


def _seconds(jobs: list[tuple[str, int, int]]) -> float:
    """How long making copies takes on every core, each job (encoding, level, bytes) on one: the work shared out,
    but never less than the longest job."""
    each = [length / _bytes_per_second(encoding, level) for encoding, level, length in jobs]
    return max(sum(each) / (os.cpu_count() or 1), max(each, default=0))


def content_copy_name(digest: str, encoding: str, level: int) -> str:
    """The file name of the copy, at ``level``, of a file whose content's SHA-256 is ``digest``."""
    return f"{digest[:40]}-{level}.{'br' if encoding == 'br' else 'gz'}"


def _content_names(digest: str, encoding: str, level: int | None = None) -> list[str]:
    """The names a file's copies in ``encoding`` may have, the best first, then the one at ``level`` (by default
    the fast one; one name where the two levels are the same, as gzip's are)."""
    other = FAST_LEVELS[encoding] if level is None else level
    return [content_copy_name(digest, encoding, each) for each in dict.fromkeys((BEST_LEVELS[encoding], other))]


def _encodings() -> tuple[str, ...]:
    return ("gzip", "br") if brotli is not None else ("gzip",)


@dataclass(frozen=True)
class _Prepared:
    """A file to keep compressed copies of: its address, path, the ETag and length its answers carry, its digest."""

    address: str
    path: Path
    tag: bytes
    length: int
    digest: str


def _prepared(files: Iterable[tuple[str, Path]], cache: Path | None) -> list[_Prepared]:
    from starlette.responses import FileResponse

    digests, found = _Digests(cache), []
    for address, path in files:
        try:
            stat = path.stat()
            digest = digests.of(path, stat)
        except OSError:
            continue
        # The ETag Starlette gives the file, as the answers that come to be compressed carry.
        tag = FileResponse(path, stat_result=stat).headers["etag"].encode("latin-1")
        found.append(_Prepared(address, path, tag, stat.st_size, digest))
    digests.save()
    return found


class _Digests:
    """The SHA-256 of each prepared file's content, kept in the cache folder's :data:`DIGESTS` by the file's path,
    size and modification time: a file is read through again only when it changed (an upgrade, a reinstall)."""

    def __init__(self, cache: Path | None):
        self.path = None if cache is None else cache / DIGESTS
        self.known: dict[str, list] = {}
        self.changed = False
        with contextlib.suppress(OSError, ValueError, TypeError):
            known = json.loads(self.path.read_bytes())
            if isinstance(known, dict):
                self.known = known

    def of(self, path: Path, stat: os.stat_result) -> str:
        seen = [stat.st_size, stat.st_mtime_ns]
        entry = self.known.get(str(path))
        if isinstance(entry, list) and len(entry) == 3 and entry[:2] == seen and isinstance(entry[2], str):
            return entry[2]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        self.known[str(path)] = [*seen, digest]
        self.changed = True
        return digest

    def save(self) -> None:
        if self.changed and self.path is not None:
            try:
                _write_whole(self.path, json.dumps(self.known).encode())
            except OSError as error:  # the next start reads the files through again
                log.warning("could not keep %s: %s", self.path, error)


def _write_whole(path: Path, data: bytes) -> None:
    """``data`` as ``path``'s whole content: written beside it, then put in its place, so a run stopped halfway
    leaves only a ``.part-`` file (removed at the next start)."""
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, prefix=".part-") as part:
        part.write(data)
    os.replace(part.name, path)


def _copy_name(encoding: str, address: str, tag: bytes, length: int) -> str:
    identity = f"{address}\0{tag.decode('latin-1')}\0{length}".encode()
    return f"{hashlib.sha256(identity).hexdigest()[:40]}.{'br' if encoding == 'br' else 'gz'}"


class _Answer:
    """One HTTP answer on its way through :class:`Compressed`."""

    def __init__(self, compressed: Compressed, send: Callable, encoding: str | None, address: str, *, head: bool,
                 holds_copy: bool):
        self.holds_copy = holds_copy  # the browser's If-None-Match names a copy in this encoding
        self.compressed = compressed
        self.downstream = send
        self.encoding = encoding
        self.address = address
        self.head = head
        self.mode = "pass"  # "pass", "hold" (small: compressed when whole), "copy" (big: kept to compress), "drop"
        self.start: dict | None = None
        self.tag = b""
        self.body: list[bytes] = []

    async def send(self, message: dict) -> None:
        if message["type"] == "http.response.start":
            await self._started(message)
        elif message["type"] == "http.response.body":
            await self._body(message)
        else:
            await self.downstream(message)

    async def _started(self, message: dict) -> None:
        headers = {key.lower(): value for key, value in message.get("headers", [])}
        status = message.get("status", 200)
        self.tag = headers.get(b"etag", b"")
        if status == 304 and self.holds_copy:  # its copy is still good: named as the browser knows it
            await self.downstream(with_header(self._renamed(message), b"vary", b"Accept-Encoding"))
            return
        kind = headers.get(b"content-type", b"")
        if not compressible(kind) or b"content-encoding" in headers:
            await self.downstream(message)
            return
        message = with_header(message, b"vary", b"Accept-Encoding")
        if self.encoding is None or status != 200:
            await self.downstream(message)
            return
        length = int(headers.get(b"content-length", b"0") or 0)
        if length < SMALLEST and b"content-length" in headers:
            await self.downstream(message)
            return
        self.start = message
        if length <= IN_MEMORY or not self.tag:
            self.mode = "hold"
            return
        ready = self.compressed.copy(self.encoding, self.address, self.tag, length)
        if ready is not None:
            self.mode = "drop"  # the file as Starlette reads it is not needed
            await self._send_packed(ready)
            return
        self.mode = "copy"
        await self.downstream(message)

    async def _body(self, message: dict) -> None:
        more = message.get("more_body", False)
        if self.mode == "drop":
            return
        if self.mode == "pass":
            await self.downstream(message)
            return
        self.body.append(message.get("body", b""))
        if self.mode == "copy":
            await self.downstream(message)
            if not more and not self.head:
                self.compressed.make_copy(self.encoding, self.address, self.tag, self.body)
            return
        if more:
            return
        whole = b"".join(self.body)
        if self.head:  # a HEAD's answer has no body to compress: its headers say the file's own length
            await self.downstream(self.start)
            await self.downstream({"type": "http.response.body", "body": b""})
            return
        # Off the event loop: brotli's best takes a while even on a small file, and other tabs are waiting.
        await self._send_packed(await asyncio.to_thread(self.compressed.small, self.encoding, whole))

    async def _send_packed(self, packed: bytes) -> None:
        message = self._renamed(self.start)
        message = with_header(message, b"content-encoding", self.encoding.encode())
        message = with_header(message, b"content-length", str(len(packed)).encode())
        await self.downstream(message)
        await self.downstream({"type": "http.response.body", "body": b"" if self.head else packed})

    def _renamed(self, message: dict) -> dict:
        if not self.tag:
            return message
        tag = self.tag[:-1] + SUFFIX[self.encoding].encode() + b'"' if self.tag.endswith(b'"') else self.tag
        return with_header(message, b"etag", tag)


def without_header(message: dict, name: bytes) -> dict:
    """An ``http.response.start`` message without its header ``name`` (lower case), whatever case it came in."""
    return {**message, "headers": [(key, value) for key, value in message.get("headers", []) if key.lower() != name]}


def with_header(message: dict, name: bytes, value: bytes) -> dict:
    """An ``http.response.start`` message whose header ``name`` (lower case) is ``value``, and only that."""
    headers = without_header(message, name)["headers"]
    return {**message, "headers": [*headers, (name, value)]}
