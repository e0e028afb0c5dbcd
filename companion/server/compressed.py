"""What the server sends over HTTP, compressed: brotli where the browser takes it (over https), gzip otherwise.

Flet's web client is about 20 MB of files that never change between runs (its code, its renderer's WebAssembly,
icon fonts). Compressing them on every request would cost a laptop that serves the table's phones a second of CPU
per file and phone, so a big file is compressed once, in the background, into a cache folder (kept across runs,
named after the file's address and identity), and sent from there from then on; until its copy is ready it is sent
as it is. A small answer (a page, a manifest, which Flet writes anew each run) is compressed at once and kept in
memory. Websockets pass untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import logging
import os
import queue
import re
import tempfile
import threading
from collections.abc import Callable, Iterable
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
SUFFIX = {"br": "-br", "gzip": "-gz"}
"""What a compressed copy's ETag has after its file's own, so a browser's If-None-Match names the copy it holds."""
_SUFFIXED_TAG = re.compile(r'(-br|-gz)(")')


def compress(body: bytes, encoding: str) -> bytes:
    """``body`` in ``encoding`` ("br" or "gzip"), as small as the encoder makes it (this is done once per file)."""
    if encoding == "br":
        return brotli.compress(body, quality=BROTLI_QUALITY)
    return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)


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
        """The compressed copy of a big file, if it is ready."""
        name = _copy_name(encoding, address, tag, length)
        if self.cache is None:
            return self._large.get(name)
        try:
            return (self.cache / name).read_bytes()
        except OSError:
            return None

    def make_copy(self, encoding: str, address: str, tag: bytes, body: Iterable[bytes]) -> None:
        """Compress a big file's ``body`` into its copy, in the background (once, however many ask)."""
        chunks = list(body)
        name = _copy_name(encoding, address, tag, sum(len(chunk) for chunk in chunks))
        with self._lock:
            if name in self._pending:
                return
            self._pending.add(name)
        self._jobs.put((encoding, name, lambda: b"".join(chunks)))

    def prepare(self, files: Iterable[tuple[str, Path]]) -> None:
        """Compress each file (its address, its path) into its copies in the background now, in every encoding, so
        that the first browser to ask gets it compressed too: gzip first (what a browser takes over plain http, as
        phones on the local network come), then brotli. Copies already made are left as they are."""
        from starlette.responses import FileResponse

        wanted = []
        for address, path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            # Named by the ETag Starlette gives the file, as the answers that come to be compressed carry.
            tag = FileResponse(path, stat_result=stat).headers["etag"].encode("latin-1")
            wanted += [(encoding, address, tag, stat.st_size, path) for encoding in ("gzip", "br")]
        for encoding, address, tag, length, path in sorted(wanted, key=lambda each: each[0] != "gzip"):
            if encoding == "br" and brotli is None or self.copy(encoding, address, tag, length) is not None:
                continue
            name = _copy_name(encoding, address, tag, length)
            with self._lock:
                if name in self._pending:
                    continue
                self._pending.add(name)
            self._jobs.put((encoding, name, path.read_bytes))

    def _work(self) -> None:
        with contextlib.suppress(AttributeError, OSError):  # Linux lets a thread run at a lower priority
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._write_copy(*job)

    def _write_copy(self, encoding: str, name: str, body: Callable[[], bytes]) -> None:
        try:
            packed = compress(body(), encoding)
            if self.cache is None:
                self._large[name] = packed
                return
            with tempfile.NamedTemporaryFile(dir=self.cache, delete=False, prefix=".part-") as part:
                part.write(packed)
            os.replace(part.name, self.cache / name)
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
