"""Serving the web app ourselves, so that only the app's own pages can open its websocket.

``ft.run`` serves Flet's FastAPI app with uvicorn and offers no way to add a
middleware. Browsers let any page open a websocket to any address, sending
the page's origin along: without a check, a page on another local port (or
on the internet, through DNS rebinding) could drive the app, or guess the
PIN, from the user's own browser. So the same Flet app
(``flet_web.fastapi.app``) is served here, wrapped in
:class:`SameOriginWebSockets`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.server.compressed import (IN_MEMORY, Compressed, compressible, default_copies_folder, make_copies_now,
                                        without_header)
from companion.server.link import Admission, LinkWatch

log = logging.getLogger(__name__)

ASGIApp = Callable  # an ASGI application: (scope, receive, send) -> awaitable

# How long Flet's handler of a websocket may run on once the client has gone.
HANDLER_GRACE_SECONDS = 5.0
HEADER_SECONDS = 5.0
"""How long a request's headers may take to arrive: a browser sends them at once."""


class SameOriginWebSockets:
    """ASGI middleware: a websocket is refused (HTTP 403) unless its Origin is the address it came to.

    The Origin must equal ``http://`` plus the request's own Host header, and
    that host must be an IP address or ``localhost``: a name could be an
    attacker's, pointed at this machine (DNS rebinding). Browsers always send
    Origin on websockets; a request without one is refused too.
    """

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Pass everything on, except websockets from another origin, which are closed before accepting."""
        if scope["type"] == "websocket" and not same_origin(scope):
            log.warning("refused a websocket from origin %r to host %r", _header(scope, "origin"),
                        _header(scope, "host"))
            # Closing before accepting makes the server answer the handshake with 403 Forbidden.
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] == "websocket":
            await _ended_after_disconnect(self.app, scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _ended_after_disconnect(app: ASGIApp, scope: dict, receive: Callable, send: Callable) -> None:
    """Run Flet's websocket handler, but cancel it if it outlives its client by more than a grace period.

    Flet 1.0.5's handler waits forever when a client disconnects without ever registering (a tab closed
    while loading, a port scanner): each such connection would hold a task for good, and the server
    could not stop on Ctrl-C or SIGTERM, as it waits for every handler.
    """
    disconnected = asyncio.Event()

    async def watched_receive() -> dict:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            disconnected.set()
        return message

    handler = asyncio.ensure_future(app(scope, watched_receive, send))
    gone = asyncio.ensure_future(disconnected.wait())
    try:
        await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not handler.done():
            await asyncio.wait({handler}, timeout=HANDLER_GRACE_SECONDS)
    finally:
        gone.cancel()
        if not handler.done():
            handler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await handler


def same_origin(scope: dict) -> bool:
    """The request's Origin header is its own scheme and Host, and the host is an address, not a name."""
    origin, host = _header(scope, "origin"), _header(scope, "host")
    if not origin or not host:
        return False
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    if origin.lower() != f"{scheme}://{host.lower()}":
        return False
    try:
        hostname = urlsplit(f"//{host}").hostname
    except ValueError:
        return False
    if hostname == "localhost":
        return True
    try:
        ipaddress.ip_address(hostname or "")
    except ValueError:
        return False
    return True


def _header(scope: dict, name: str) -> str | None:
    wanted = name.encode("latin-1")
    values = [value.decode("latin-1") for key, value in scope.get("headers", []) if key.lower() == wanted]
    # Two Origin (or Host) headers are not something a browser sends: treat as none.
    return values[0] if len(values) == 1 else None


class _Server(uvicorn.Server):
    """uvicorn's server, which calls ``listening(stop)`` once it is listening (to open a browser or a window on the
    app), where ``stop()`` shuts it down from any thread."""

    def __init__(self, config: uvicorn.Config, listening: Callable[[Callable[[], None]], None] | None = None):
        super().__init__(config)
        self.listening = listening

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """Ctrl-C or SIGTERM shuts the server down and ``serve`` returns (exit status 0), as under ``ft.run``.

        uvicorn's own version raises the signal again once it has shut down, which would end the process
        with SIGTERM's status (or a KeyboardInterrupt) instead of returning.
        """
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        originals = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in originals.items():
                signal.signal(sig, handler)

    async def startup(self, sockets=None) -> None:  # noqa: ANN001 - uvicorn's signature
        await super().startup(sockets)
        if self.started and self.listening:
            self.listening(self.stop)

    def stop(self) -> None:
        """Shut down, as Ctrl-C does (from any thread: the server's loop looks at the flag every tenth of a second)."""
        self.should_exit = True


class NotCrossOriginIsolated:
    """ASGI middleware: the app's responses go without Flet's ``Cross-Origin-Embedder-Policy``, so its pages are not
    cross-origin isolated and Flutter's skwasm renderer draws on the page's own thread, not in a worker beside it.

    Isolation is what lets skwasm draw in a worker that shares the page's memory, and there that worker and the
    page's thread share Skia's glyph cache with no lock that works (skwasm is built without pthreads, so its mutexes
    do nothing): under changing text the two corrupt the heap, and the page never runs again, its thread pinned at a
    full core (flutter/flutter#190039; fixed upstream by #190048, yet seen with Flet 1.0.5, the newest). So pages
    stalled here: a tab of bench_screens with its renderer's main thread at 100 % for good and its worker idle, and
    one tab of several in CI's runs of 30f9677 and 81d61f6, which answered nothing. Drawn on one thread, nothing is
    shared. Flet's ``Cross-Origin-Opener-Policy`` stays: another site's window still gets no handle on
    the app's.
    """

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Pass everything on; an HTTP response loses its ``Cross-Origin-Embedder-Policy`` header."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = without_header(message, b"cross-origin-embedder-policy")
            await send(message)

        await self.app(scope, receive, sending)


class WithFolders:
    """ASGI: requests under a folder's address (e.g. ``/phone/``) go to that folder's app, the rest to ``app``.

    The folder's app sees the folder as its ``root_path``; the address without its slash is redirected to it.
    Everything else, lifespan events included, is ``app``'s.
    """

    def __init__(self, app: ASGIApp, folders: dict[str, ASGIApp]):
        self.app = app
        self.folders = {"/" + path.strip("/") + "/": folder for path, folder in folders.items()}

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Route by the request's path."""
        if scope["type"] in ("http", "websocket"):
            path = scope["path"]
            for prefix, folder in self.folders.items():
                if path == prefix.rstrip("/") and scope["type"] == "http":
                    from starlette.responses import RedirectResponse

                    await RedirectResponse(prefix, status_code=308)(scope, receive, send)
                    return
                if path.startswith(prefix):
                    await folder({**scope, "root_path": scope.get("root_path", "") + prefix.rstrip("/")}, receive,
                                 send)
                    return
        await self.app(scope, receive, send)


def serve_web(
    main: Callable, *, host: str, port: int, assets_dir: str,
    folders: dict[str, ASGIApp] | None = None, tls: tuple[str, str] | None = None,
    lost_words: Callable[[], str] | None = None, admission: Admission | None = None,
    listening: Callable[[Callable[[], None]], None] | None = None, compressed_copies: Path | None = None,
    preloads: Callable[[str], Sequence[str]] = lambda _address: (),
) -> None:
    """Serve the Flet app ``main`` on ``host:port`` until Ctrl-C or SIGTERM, offline (no CDN).

    ``listening(stop)`` is called once the server listens (a browser or an app window opened on it), and ``stop()``
    ends the serving as Ctrl-C does (an app window that was closed). ``folders`` are other apps served under
    their own addresses (see :class:`WithFolders`). ``tls`` (certificate file, key file) serves https.
    ``lost_words`` is what a page says when its connection is lost, until its tab says it in its own language
    (see :class:`LinkWatch`). ``admission``: under --lan, the sessions that gave the PIN or a join code.
    ``preloads(client address)``: addresses of files the page fetches as it starts instead of once the app asks
    for them (the font its first screen is drawn in). Everything is sent compressed where the browser takes it
    (:class:`Compressed`); the big files' compressed copies are kept in ``compressed_copies`` (by default a folder
    in the user's cache), and the web client's are made as the server starts, for the first phone to come.
    """
    import flet_web.fastapi as flet_fastapi

    send_without_formatting_it()

    app = flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True)
    certificate, key = tls or (None, None)
    watched = LinkWatch(NotCrossOriginIsolated(app), lost_words or (lambda: ""), admission, preloads)
    _quiet_about_clients()
    compressed = Compressed(WithFolders(watched, folders or {}), compressed_copies or default_copies_folder())
    compressed.prepare(served_files(Path(assets_dir)))
    config = uvicorn.Config(
        SameOriginWebSockets(compressed), host=host, port=port, log_level="warning",
        ws="websockets-sansio", lifespan="on", timeout_graceful_shutdown=HANDLER_GRACE_SECONDS * 2,
        ssl_certfile=certificate, ssl_keyfile=key,
        # A connection that stops answering is closed after about ten seconds, so its tab is told (and its
        # player's seat shows away) while the table waits, not minutes later.
        ws_ping_interval=5.0, ws_ping_timeout=5.0,
        # Wrong PINs are counted per client address: the socket's own, or, through a reverse proxy on this
        # computer (one that serves https, say), the phone's address it passes on.
        proxy_headers=True, forwarded_allow_ips="127.0.0.1",
        http=_HeadersInTime,
    )
    try:
        _Server(config, listening).run()
    finally:
        compressed.close()


def served_files(assets_dir: Path) -> list[tuple[str, Path]]:
    """The files worth compressed copies kept between runs: the web client's and the app's own big ones."""
    return web_client_files() + big_files(assets_dir)


def make_client_copies(assets_dir: Path, told: Callable[[float], None] | None = None,
                       cache: Path | None = None) -> int:
    """Make the :func:`served_files`' compressed copies that are missing, now (at install, or before the server
    says its address), so that no phone is sent the web client uncompressed; see
    :func:`~companion.server.compressed.make_copies_now`."""
    return make_copies_now(served_files(assets_dir), cache or default_copies_folder(), told=told)


WEB_CLIENT_FILES = ("main.dart.*", "flutter*.js", "canvaskit/skwasm.*", "canvaskit/canvaskit.*",
                    "canvaskit/chromium/canvaskit.*", "assets/**/*")
"""The files of Flet's web client that a first load asks for, whichever renderer the browser can run (patterns
under its folder)."""


def web_client_files() -> list[tuple[str, Path]]:
    """The address and path of each of :data:`WEB_CLIENT_FILES` worth a compressed copy kept between runs."""
    from flet_web import get_package_web_dir

    return big_files(Path(get_package_web_dir()), WEB_CLIENT_FILES)


def big_files(folder: Path, patterns: tuple[str, ...] = ("**/*",)) -> list[tuple[str, Path]]:
    """The address (under the site's root) and path of each file in ``folder`` matching ``patterns`` that is worth
    a compressed copy kept between runs: of a type worth compressing, and too big to compress at once."""
    import mimetypes

    found = {path for pattern in patterns for path in folder.glob(pattern)}
    return sorted(("/" + path.relative_to(folder).as_posix(), path) for path in found
                  if path.is_file() and path.stat().st_size > IN_MEMORY and compressible(mimetypes.guess_type(path)[0]))



class _ClientFaultsInOneLine(logging.Filter):
    """Flet's reading of a tab ends in a logged traceback when the tab sent a frame it cannot read (not msgpack,
    nested past msgpack's limit, an unknown action): the client's fault, said on the server's terminal in one
    line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Receive loop error") and record.exc_info:
            record.msg, record.args = "a client sent a frame that could not be read (%s); its connection was closed", (
                record.exc_info[1],)
            record.exc_info = record.exc_text = None
        return True


def _quiet_about_clients() -> None:
    flet_logger = logging.getLogger("flet_web.fastapi")  # flet_app.py logs under its package's name
    if not any(isinstance(each, _ClientFaultsInOneLine) for each in flet_logger.filters):
        flet_logger.addFilter(_ClientFaultsInOneLine())


class _HeadersInTime(H11Protocol):
    """uvicorn's HTTP/1.1, with a request's headers due within :data:`HEADER_SECONDS` of the connection (or of its
    first byte, on a kept-alive one): uvicorn waits for them forever, so a thousand half-sent requests would
    hold every connection the machine allows, and no new tab or phone could open."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._headers_due: asyncio.TimerHandle | None = None
        self._expect_headers()

    def data_received(self, data: bytes) -> None:
        if self._headers_due is None and (self.cycle is None or self.cycle.response_complete):
            self._expect_headers()
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
        super().connection_lost(exc)

    def _expect_headers(self) -> None:
        self._headers_due = self.loop.call_later(HEADER_SECONDS, self._headers_late, self.cycle)

    def _headers_late(self, cycle_then: object) -> None:
        self._headers_due = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or a websocket now
        if self.cycle is not cycle_then and self.cycle is not None:
            return  # the headers came: a request is being served
        self.transport.close()


def send_without_formatting_it() -> bool:
    """Make Flet's web server stop writing every message it sends out as text; whether it was needed.

    Flet 1.0.5's ``FletApp.send_message`` formats the whole message for a debug log line
    (``transport_log.debug(f"send_message: {message}")``) before the logger decides not to write it: the repr of
    every control in the patch, which took about half the server's time for a screen of 20 cards
    (benchmarks/bench_stats.py). This replacement sends the same bytes, formatting only when the log is on.
    Nothing is replaced unless Flet's method still reads as described, so a fixed Flet is left as it is.
    """
    import inspect

    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet_web.fastapi import flet_app

    original = flet_app.FletApp.send_message
    if getattr(original, "formats_lazily", False):
        return True
    if 'transport_log.debug(f"send_message: {message}")' not in inspect.getsource(original):
        return False

    def send_message(self, message) -> None:  # noqa: ANN001 - as FletApp.send_message
        if flet_app.transport_log.isEnabledFor(logging.DEBUG):
            flet_app.transport_log.debug("send_message: %s", message)
        body = msgpack.packb([message.action, message.body], default=configure_encode_object_for_msgpack(BaseControl))
        self._FletApp__send_queue.put_nowait(b"\x00" + body)

    send_message.formats_lazily = True
    flet_app.FletApp.send_message = send_message
    return True
