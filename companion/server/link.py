"""The table's link to the server, guarded: every page of the app gets a heartbeat (a page that hears none says
the connection is lost and takes no taps), a tab's frames are read at a person's pace, one that floods is cut
off, and under --lan a tab that gives neither the PIN nor a join code is let go (see :class:`LinkWatch`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

from uvicorn.protocols.utils import ClientDisconnected

from companion.server.compressed import with_header

log = logging.getLogger(__name__)

ASGIApp = Callable  # an ASGI application: (scope, receive, send) -> awaitable

HEARTBEAT = 0x42
"""The type byte of the link's own frames (see :class:`LinkWatch`); Flet's client and server drop a type they do not
know, so neither ever sees one."""
HEARTBEAT_SECONDS = 1.0
LATE_SECONDS = 4.0
"""A frame whose page had heard no heartbeat sent within this long was made on a screen cut off from the server.
A busy server may hold a frame a second or two before reading it, so this is well over one heartbeat."""
HEARTBEATS_KEPT = 600
LINK_WATCH_JS = Path(__file__).with_name("link_watch.js")
GOING_AWAY = 1001
"""The close code a browser gives a websocket as its page is reloaded, closed or left: the person's doing, unlike a
connection the network cut (which closes with no code of the page's)."""


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
    (the app on this computer only) every session is in. Also the sessions whose page closed its connection itself,
    which the app asks as it hears of the close (:meth:`closed_by_its_page`)."""

    def __init__(self, *, required: bool):
        self.required = required
        self._admitted: set[str] = set()
        self._pages_closed: set[str] = set()
        self._lock = threading.Lock()
        self.let_go = 0
        """Sessions let go without having been admitted (counted for the figures of issue 24)."""
        self.cut_off = 0
        """Connections cut off for sending more than a person can."""

    def admit(self, session_id: str) -> None:
        """The session ``session_id`` gave the PIN or a join code."""
        with self._lock:
            self._admitted.add(session_id)

    def page_closed(self, session_id: str) -> None:
        """The page of the session ``session_id`` closed its connection itself ("going away": reloaded, closed or
        left), where a connection cut by the network says nothing."""
        with self._lock:
            self._pages_closed.add(session_id)

    def closed_by_its_page(self, session_id: str) -> bool:
        """Whether the session's last connection was closed by its page (told once: it is forgotten here)."""
        with self._lock:
            if session_id in self._pages_closed:
                self._pages_closed.discard(session_id)
                return True
            return False

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

    def __init__(self, app: ASGIApp, lost_words: Callable[[], str], admission: Admission | None = None,
                 preloads: Callable[[str], Sequence[str]] = lambda _address: ()):
        self.app = app
        self.lost_words = lost_words
        self.admission = admission or Admission(required=False)
        self.preloads = preloads

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Watch websockets; put the watch's script into every page of the app."""
        if scope["type"] == "websocket":
            await _Link(self.app, self.admission).run(scope, receive, send)
        elif scope["type"] == "http":
            address = (scope.get("client") or ("",))[0]
            # Worked out for a page only: the preloads may read the stored games' names, and a page's load makes
            # thirty other requests.
            await self.app(scope, receive, _with_script(send, lambda: self.script(self.preloads(address))))
        else:
            await self.app(scope, receive, send)

    def script(self, preloads: Sequence[str] = ()) -> bytes:
        """The page's watch, as the ``<script>`` put before its ``</head>``, after a preload of each address of
        ``preloads``."""
        import json

        words = json.dumps(self.lost_words(), ensure_ascii=False).replace("</", "<\\/")
        watch = LINK_WATCH_JS.read_text(encoding="utf-8")
        # Fetched with the client's own files, not once the app's first message names them (as Flutter's fetch
        # asks for them, so the one download serves it).
        links = "".join(f'<link rel="preload" href="{escape(address)}" as="fetch" crossorigin="anonymous">'
                        for address in preloads)
        return f"{links}<script>window.bidwellLinkLost = {words};\n{watch}</script>".encode()


def _with_script(send: Callable, script: Callable[[], bytes]) -> Callable:
    """``send`` for one HTTP response, with ``script()`` put before ``</head>`` where the response is an HTML
    page."""
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
            page = b"".join(body).replace(b"</head>", script() + b"</head>", 1)
            await send(with_header(start, b"content-length", str(len(page)).encode("latin-1")))
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
                    if message.get("code") == GOING_AWAY and self.session_id is not None:
                        self.admission.page_closed(self.session_id)
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
