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
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import ClientDisconnected

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


HEARTBEAT = 0x42
"""The type byte of the link's own frames (see :class:`LinkWatch`); Flet's client and server drop a type they do not
know, so neither ever sees one."""
HEARTBEAT_SECONDS = 1.0
LATE_SECONDS = 4.0
"""A frame whose page had heard no heartbeat sent within this long was made on a screen cut off from the server.
A busy server may hold a frame a second or two before reading it, so this is well over one heartbeat."""
HEARTBEATS_KEPT = 600
LINK_WATCH_JS = Path(__file__).with_name("link_watch.js")


FRAMES_PER_SECOND = 20.0
FRAME_BURST = 120.0
"""A tab's frames: a person taps a few times a second, and typing sends a frame a key; a page's first moments
send a few dozen at once. A tab over the rate is read more slowly (its frames wait in the network's buffers,
costing the server nothing); one held back :data:`FLOOD_SECONDS` without a break is cut off."""
UNADMITTED_FRAMES_PER_SECOND = 10.0
UNADMITTED_BURST = 200.0
"""The same for a tab that has not given the PIN or a join code: it can only type PINs (a frame a key) and tap;
room for a dozen typed at full speed, a fraction of what a script would send."""
FLOOD_SECONDS = 3.0
"""Under the server's ping timeout (5 s): a tab held back this long is cut off here, with a line on the terminal,
before the unanswered ping would close it."""
UNADMITTED_SECONDS = 60.0
"""A tab that has not given the PIN or a join code within this long is let go, its session with it."""


class Admission:
    """Under --lan, the Flet sessions that have given the PIN or a join code; thread-safe. Without ``required``
    (the app on this computer only) every session is in."""

    def __init__(self, *, required: bool):
        self.required = required
        self._admitted: set[str] = set()
        self._lock = threading.Lock()
        self.let_go = 0
        """Sessions let go without having been admitted (counted for the figures of issue 24)."""
        self.cut_off = 0
        """Connections cut off for sending more than a person can."""

    def admit(self, session_id: str) -> None:
        """The session ``session_id`` gave the PIN or a join code."""
        with self._lock:
            self._admitted.add(session_id)

    def admitted(self, session_id: str | None) -> bool:
        """Whether the session may use the app (always, without ``required``)."""
        if not self.required:
            return True
        with self._lock:
            return session_id in self._admitted


class LinkWatch:
    """ASGI middleware around the Flet app: the page and the server each know when the connection between them is
    lost, and nothing tapped on a screen cut off from the server is taken when it arrives; and no one client can
    slow the others down.

    - Every page of the app gets ``link_watch.js``, which covers the screen with a notice and takes no taps while
      no frame has come from the server for a few seconds (or the socket is closed).
    - Every websocket gets a heartbeat frame, ``[0x42][sequence, 4 bytes little-endian]``, each second.
    - Before each of its frames the page sends ``[0x42][the newest sequence it heard]``. A frame whose heartbeat
      was sent more than :data:`LATE_SECONDS` before the frame came is not passed on: the socket is closed, the
      tab's session sees its connection drop (its controls are drawn anew, see
      :meth:`companion.ui.session.Session.link_lost`), and the page reconnects to the game as stored and says so.

    - A tab's frames are read at most at a person's pace (:data:`FRAMES_PER_SECOND`), and one that sends far
      more is cut off; under --lan, a tab that has not given the PIN or a join code (``admission``) is read
      slower still, let go after :data:`UNADMITTED_SECONDS`, and its session forgotten when it goes, not kept
      for an hour as Flet keeps a session for its tab to come back to.

    ``lost_words`` says, in the server's language, what the notice says before the tab has told the page its own
    (the app keeps it in the tab's language, see :func:`companion.ui.app.speak`).
    """

    def __init__(self, app: ASGIApp, lost_words: Callable[[], str], admission: Admission | None = None):
        self.app = app
        self.lost_words = lost_words
        self.admission = admission or Admission(required=False)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Watch websockets; put the watch's script into every page of the app."""
        if scope["type"] == "websocket":
            await _Link(self.app, self.admission).run(scope, receive, send)
        elif scope["type"] == "http":
            await self.app(scope, receive, _with_script(send, self.script()))
        else:
            await self.app(scope, receive, send)

    def script(self) -> bytes:
        """The page's watch, as the ``<script>`` put before its ``</head>``."""
        import json

        words = json.dumps(self.lost_words(), ensure_ascii=False).replace("</", "<\\/")
        watch = LINK_WATCH_JS.read_text(encoding="utf-8")
        return f"<script>window.bidwellLinkLost = {words};\n{watch}</script>".encode()


def _with_script(send: Callable, script: bytes) -> Callable:
    """``send`` for one HTTP response, with ``script`` put before ``</head>`` where the response is an HTML page."""
    start: dict | None = None
    body: list[bytes] = []

    async def sending(message: dict) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            headers = {key.lower(): value for key, value in message.get("headers", [])}
            if headers.get(b"content-type", b"").startswith(b"text/html") and message.get("status", 200) == 200:
                start = message
                return
        elif message["type"] == "http.response.body" and start is not None:
            body.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            page = b"".join(body).replace(b"</head>", script + b"</head>", 1)
            headers = [(key, value) for key, value in start.get("headers", []) if key.lower() != b"content-length"]
            headers.append((b"content-length", str(len(page)).encode("latin-1")))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": page})
            return
        await send(message)

    return sending


class _Link:
    """One websocket's heartbeats, the frames of it that come too late to be taken, and the pace its frames are read
    at (see :class:`LinkWatch`)."""

    def __init__(self, app: ASGIApp, admission: Admission):
        self.app = app
        self.admission = admission
        self.sequence = 0
        self.sent_at: dict[int, float] = {}
        self.heard: int | None = None
        self.open = False
        self.closed = False
        self.session_id: str | None = None
        self.tokens = FRAME_BURST
        self.filled_at: float | None = None
        self.held = 0.0
        self.cut = asyncio.Event()
        self.reading: asyncio.Future | None = None

    @property
    def admitted(self) -> bool:
        return self.admission.admitted(self.session_id)

    async def run(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Serve the websocket with the app, beating while it is open."""
        beating: asyncio.Task | None = None
        letting_go: asyncio.Task | None = None

        async def sending(message: dict) -> None:
            nonlocal beating, letting_go
            if message["type"] == "websocket.close":
                self.closed = True
            elif self.session_id is None and message["type"] == "websocket.send":
                self.session_id = _registered_session(message.get("bytes"))
            try:
                await send(message)
            except (ClientDisconnected, OSError):
                if message["type"] != "websocket.send":
                    raise
                # The tab left while Flet was still sending to it: its receiving ends with the disconnect; a
                # traceback on the server's terminal would say nothing but that a phone went away.
                self.closed = True
                return
            if message["type"] == "websocket.accept":
                self.open = True
                beating = asyncio.ensure_future(self._beat(send))
                if self.admission.required:
                    letting_go = asyncio.ensure_future(self._let_go_unless_admitted(send))

        async def receiving() -> dict:
            while True:
                message = await self._next(receive)
                if message["type"] == "websocket.disconnect":
                    self.closed = True
                if message["type"] == "websocket.receive" and message.get("text") is not None:
                    # Flet's client speaks in binary frames only; a text frame would end Flet's reading in a
                    # traceback on the server's terminal.
                    return await self._cut_off(send, 1003, "a text frame")
                data = message.get("bytes") if message["type"] == "websocket.receive" else None
                if not data:
                    return message
                if data[0] == HEARTBEAT:
                    self.heard = int.from_bytes(data[1:5], "little") if len(data) >= 5 else None
                    continue
                if not await self._paced():
                    return await self._cut_off(send, 1008, "more frames than a person sends")
                heard, self.heard = self.heard, None
                late = self._late(heard)
                if late is None:
                    return message
                log.warning("a frame came %.1f s after the heartbeat its page had heard; the connection is closed "
                            "and the page draws the game again", late)
                self.closed = True
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": 4000})
                return {"type": "websocket.disconnect", "code": 4000}

        try:
            await self.app(scope, receiving, sending)
        finally:
            self.closed = True
            for task in (beating, letting_go, self.reading):
                if task is not None:
                    task.cancel()
        if self.session_id is not None and not self.admitted:
            self.admission.let_go += 1
            await _forget_session(self.session_id)

    async def _next(self, receive: Callable) -> dict:
        """The next message from the client, or a disconnect once this link was cut off."""
        if self.cut.is_set():
            return {"type": "websocket.disconnect", "code": 1008}
        if self.reading is None:
            self.reading = asyncio.ensure_future(receive())
        cut = asyncio.ensure_future(self.cut.wait())
        try:
            await asyncio.wait({self.reading, cut}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            cut.cancel()
        if not self.reading.done():
            return {"type": "websocket.disconnect", "code": 1008}
        message, self.reading = self.reading.result(), None
        return message

    async def _paced(self) -> bool:
        """Take a frame at this tab's pace, waiting for it if the tab sends faster; False once the tab has been
        held back :data:`FLOOD_SECONDS` without a break (more than a person ever sends)."""
        rate, burst = ((FRAMES_PER_SECOND, FRAME_BURST) if self.admitted
                       else (UNADMITTED_FRAMES_PER_SECOND, UNADMITTED_BURST))
        now = asyncio.get_running_loop().time()
        if self.filled_at is not None:
            self.tokens = min(burst, self.tokens + (now - self.filled_at) * rate)
        self.filled_at = now
        self.tokens = min(self.tokens, burst)
        if self.tokens >= 1:
            self.held = 0.0  # only an unbroken stretch of holding back counts
        else:
            wait = (1 - self.tokens) / rate
            self.held += wait
            if self.held > FLOOD_SECONDS:
                return False
            await asyncio.sleep(wait)
            self.tokens, self.filled_at = 1.0, asyncio.get_running_loop().time()
        self.tokens -= 1
        return True

    async def _cut_off(self, send: Callable, code: int, why: str) -> dict:
        log.warning("a client sent %s; its connection was closed", why)
        self.admission.cut_off += 1
        self.closed = True
        self.cut.set()
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code})
        return {"type": "websocket.disconnect", "code": code}

    async def _let_go_unless_admitted(self, send: Callable) -> None:
        await asyncio.sleep(UNADMITTED_SECONDS)
        if not self.closed and not self.admitted:
            await self._cut_off(send, 4001, "neither the PIN nor a join code in time")

    def _late(self, heard: int | None) -> float | None:
        """How long before now the heartbeat the page last heard was sent, if that is too long; else None. A frame
        with no heartbeat named (the page's first, or a page without the watch) is taken as it comes."""
        if heard is None:
            return None
        now = asyncio.get_running_loop().time()
        sent = self.sent_at.get(heard)
        if sent is None:
            return LATE_SECONDS if heard < self.sequence - HEARTBEATS_KEPT else None
        return now - sent if now - sent > LATE_SECONDS else None

    async def _beat(self, send: Callable) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed:
            self.sequence += 1
            self.sent_at[self.sequence] = loop.time()
            self.sent_at.pop(self.sequence - HEARTBEATS_KEPT, None)
            try:
                await send({"type": "websocket.send",
                            "bytes": bytes([HEARTBEAT]) + self.sequence.to_bytes(4, "little")})
            except Exception:  # noqa: BLE001 - the socket is gone: nothing left to beat for
                return
            await asyncio.sleep(HEARTBEAT_SECONDS)


class _Server(uvicorn.Server):
    """uvicorn's server, which opens a browser on the app once it is listening (if asked to)."""

    def __init__(self, config: uvicorn.Config, open_url: str | None):
        super().__init__(config)
        self.open_url = open_url

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
        if self.started and self.open_url:
            webbrowser.open(self.open_url)


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
    main: Callable, *, host: str, port: int, assets_dir: str, open_url: str | None = None,
    folders: dict[str, ASGIApp] | None = None, tls: tuple[str, str] | None = None,
    lost_words: Callable[[], str] | None = None, admission: Admission | None = None,
) -> None:
    """Serve the Flet app ``main`` on ``host:port`` until Ctrl-C or SIGTERM, offline (no CDN).

    ``open_url`` is opened in a browser once the server listens. ``folders`` are other apps served under
    their own addresses (see :class:`WithFolders`). ``tls`` (certificate file, key file) serves https.
    ``lost_words`` is what a page says when its connection is lost, until its tab says it in its own language
    (see :class:`LinkWatch`). ``admission``: under --lan, the sessions that gave the PIN or a join code.
    """
    import flet_web.fastapi as flet_fastapi

    send_without_formatting_it()

    app = flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True)
    certificate, key = tls or (None, None)
    watched = LinkWatch(app, lost_words or (lambda: ""), admission)
    _quiet_about_clients()
    config = uvicorn.Config(
        SameOriginWebSockets(WithFolders(watched, folders or {})), host=host, port=port, log_level="warning",
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
    _Server(config, open_url).run()



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


def _registered_session(frame: bytes | None) -> str | None:
    """The session id in Flet's answer to a tab's registration (``[0x00][msgpack [1, {"session_id": …}]]``), the
    first frame the server sends; None for any other frame."""
    if not frame or frame[0] != 0:
        return None
    import msgpack

    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    except (ValueError, TypeError, msgpack.UnpackException):
        return None
    session_id = body.get("session_id") if action == 1 and isinstance(body, dict) else None
    return session_id if isinstance(session_id, str) else None


async def _forget_session(session_id: str) -> None:
    """Remove Flet's session ``session_id`` now, not an hour after its tab went (Flet 1.0's manager offers
    deletion by its own key only, which it does not tell; so the key is found by the session)."""
    from flet_web.fastapi.flet_app_manager import app_manager

    sessions = getattr(app_manager, "_FletAppManager__sessions", {})
    for key, session in list(sessions.items()):
        if getattr(session, "id", None) == session_id:
            await app_manager.delete_session(key)


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
