"""Which websocket handshakes companion.server.web lets through to the app, and how companion.server.link reads
the frames of those it lets in."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.server import link
from companion.server.web import SameOriginWebSockets, same_origin


def run_async(awaitable) -> object:
    """Run a coroutine to its end on a thread of its own: the browser tests' Playwright keeps this thread's loop."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, awaitable).result()


def scope(origin: str | None, host: str | None, scheme: str = "ws") -> dict:
    headers = [(b"origin", origin.encode())] if origin is not None else []
    headers += [(b"host", host.encode())] if host is not None else []
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.mark.parametrize("origin, host", [
    ("http://127.0.0.1:8550", "127.0.0.1:8550"),
    ("http://192.168.1.20:8550", "192.168.1.20:8550"),
    ("http://localhost:8550", "localhost:8550"),
    ("http://[::1]:8550", "[::1]:8550"),
    ("HTTP://127.0.0.1:8550", "127.0.0.1:8550"),
])
def test_the_apps_own_origin_is_let_through(origin, host):
    assert same_origin(scope(origin, host))


@pytest.mark.parametrize("origin, host", [
    ("http://127.0.0.1:9999", "127.0.0.1:8550"),  # another local port
    ("http://evil.example", "127.0.0.1:8550"),
    ("https://127.0.0.1:8550", "127.0.0.1:8550"),
    ("null", "127.0.0.1:8550"),  # sandboxed frames and file:// pages
    (None, "127.0.0.1:8550"),
    ("http://127.0.0.1:8550", None),
    ("http://evil.example:8550", "evil.example:8550"),  # DNS rebinding: a name, not an address
    ("http://127.0.0.1:8550/", "127.0.0.1:8550"),
])
def test_any_other_origin_is_refused(origin, host):
    assert not same_origin(scope(origin, host))


def test_two_origin_headers_are_refused():
    handshake = scope("http://127.0.0.1:8550", "127.0.0.1:8550")
    handshake["headers"].append((b"origin", b"http://evil.example"))
    assert not same_origin(handshake)


def test_a_refused_handshake_never_reaches_the_app():
    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope)

    async def send(message):
        sent.append(message)

    run_async(SameOriginWebSockets(app)(scope("http://evil.example", "127.0.0.1:8550"), None, send))
    assert reached == []
    assert sent == [{"type": "websocket.close", "code": 1008}]


def test_a_handler_that_outlives_its_client_is_cancelled(monkeypatch):
    """Flet 1.0.5 waits forever for a client that left before registering; the wrapper ends that wait."""
    monkeypatch.setattr("companion.server.web.HANDLER_GRACE_SECONDS", 0)
    cancelled = []

    async def stuck_app(scope, receive, send):
        await receive()
        try:
            await asyncio.Event().wait()  # as Flet's send loop waits on its queue
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    async def receive():
        return {"type": "websocket.disconnect", "code": 1000}

    async def send(message):
        pass

    own = scope("http://127.0.0.1:8550", "127.0.0.1:8550")
    run_async(asyncio.wait_for(SameOriginWebSockets(stuck_app)(own, receive, send), timeout=10))
    assert cancelled == [True]


def test_flets_messages_are_sent_as_before_without_being_formatted_for_a_log_that_is_off():
    import queue

    import flet as ft
    from flet.messaging.protocol import Message, MessageAction, PatchControlBody
    from flet_web.fastapi import flet_app

    from companion.server.web import send_without_formatting_it

    class Unprintable(ft.Text):
        def __repr__(self) -> str:
            raise AssertionError("formatted for a log line nobody reads")

    original = flet_app.FletApp.send_message
    message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [[0], [0, 0, "value", "Anna 21"]]))
    before = type("App", (), {"_FletApp__send_queue": queue.Queue()})()
    original(before, message)
    assert send_without_formatting_it() is True
    try:
        after = type("App", (), {"_FletApp__send_queue": queue.Queue()})()
        flet_app.FletApp.send_message(after, message)
        assert after._FletApp__send_queue.get_nowait() == before._FletApp__send_queue.get_nowait()
        flet_app.FletApp.send_message(after, Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, Unprintable("x"))))
        assert after._FletApp__send_queue.get_nowait().startswith(b"\x00")
        assert send_without_formatting_it() is True  # once is enough: the second call changes nothing
    finally:
        flet_app.FletApp.send_message = original


class FakeFlet:
    """Flet's websocket handler as the link guard sees it: accepts, answers the registration with a session id,
    then takes frames until the connection ends."""

    def __init__(self, session_id: str = "s-1"):
        self.session_id = session_id
        self.frames: list[bytes] = []

    async def __call__(self, scope, receive, send) -> None:
        import msgpack

        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "bytes": b"\x00" + msgpack.packb([1, {"session_id": self.session_id, "page_patch": {}}])})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            self.frames.append(message["bytes"])


def client(frames: list[bytes], *, then_wait: bool = True):
    """A client that connects, sends ``frames`` as fast as it can, then stays (or leaves); and what it was sent."""
    sent: list[dict] = []
    queue: asyncio.Queue = asyncio.Queue()

    async def receive() -> dict:
        return await queue.get()

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "websocket.close":
            queue.put_nowait({"type": "websocket.disconnect", "code": message.get("code", 1000)})

    queue.put_nowait({"type": "websocket.connect"})
    for frame in frames:
        queue.put_nowait({"type": "websocket.receive", "bytes": frame})
    if not then_wait:
        queue.put_nowait({"type": "websocket.disconnect", "code": 1000})
    return receive, send, sent


def closed_with(sent: list[dict]) -> list[int]:
    return [message.get("code") for message in sent if message["type"] == "websocket.close"]


@pytest.fixture
def forgotten(monkeypatch) -> list[str]:
    """The Flet sessions the link guard deleted (none really: there is no Flet here); heartbeats kept quiet."""
    from companion.server import link

    monkeypatch.setattr(link, "HEARTBEAT_SECONDS", 3600)
    deleted: list[str] = []

    async def forget(session_id: str) -> None:
        deleted.append(session_id)

    monkeypatch.setattr(link, "_forget_session", forget)
    return deleted


def test_a_tab_flooding_frames_is_read_at_a_persons_pace_then_cut_off(monkeypatch, forgotten):
    from companion.server import link

    monkeypatch.setattr(link, "FLOOD_SECONDS", 0.5)
    app, admission = FakeFlet(), link.Admission(required=False)
    receive, send, sent = client([b"\x00" + bytes([n % 256]) for n in range(50_000)])
    run_async(link.LinkWatch(app, lambda: "", admission)({"type": "websocket"}, receive, send))
    assert closed_with(sent) == [1008]
    # The burst, then what the pace allows while it was held back, and not one frame more.
    allowed = link.FRAME_BURST + link.FRAMES_PER_SECOND * 0.5
    assert link.FRAME_BURST <= len(app.frames) <= allowed + 2
    assert admission.cut_off == 1 and forgotten == []


def test_a_tab_at_a_persons_pace_is_never_held_back(forgotten):
    from companion.server import link

    app = FakeFlet()
    frames = [b"\x00tap%d" % n for n in range(int(link.FRAME_BURST))]
    receive, send, sent = client(frames, then_wait=False)
    run_async(link.LinkWatch(app, lambda: "")({"type": "websocket"}, receive, send))
    assert app.frames == frames and closed_with(sent) == []


def test_under_lan_a_tab_without_the_pin_is_let_go_and_its_session_forgotten(monkeypatch, forgotten):
    from companion.server import link

    monkeypatch.setattr(link, "UNADMITTED_SECONDS", 0.2)
    admission = link.Admission(required=True)
    receive, send, sent = client([b"\x00pin"])
    run_async(link.LinkWatch(FakeFlet("guesser"), lambda: "", admission)({"type": "websocket"}, receive, send))
    assert closed_with(sent) == [4001] and forgotten == ["guesser"] and admission.let_go == 1

    admission.admit("player")
    receive, send, sent = client([b"\x00pin"], then_wait=False)
    run_async(link.LinkWatch(FakeFlet("player"), lambda: "", admission)({"type": "websocket"}, receive, send))
    assert closed_with(sent) == [] and forgotten == ["guesser"], "a tab that gave the PIN is kept"


def test_a_text_frame_ends_the_connection_quietly(forgotten):
    from companion.server import link

    app = FakeFlet()
    receive, send, sent = client([])
    texts = [{"type": "websocket.receive", "text": "hello"}]

    async def with_text() -> dict:
        """The connection, then a text frame, then whatever the client's queue holds (the close's answer)."""
        if with_text.connected and texts:
            return texts.pop()
        with_text.connected = True
        return await receive()

    with_text.connected = False

    run_async(link.LinkWatch(app, lambda: "")({"type": "websocket"}, with_text, send))
    assert closed_with(sent) == [1003] and app.frames == []


def test_a_phones_answer_about_a_screen_gone_meanwhile_reaches_its_caller_and_the_link_stays():
    """A Back refused as its screen closes: the phone's answer to ``confirm_pop(False)`` names a view the server no
    longer holds. Flet 1.0.5 raised in the loop reading the phone's websocket, which closed the phone's link."""
    from flet.messaging.session import Session

    from companion.ui.late_answers import answers_reach_their_callers

    class Link:  # what a Flet session asks of its tab's connection
        pubsubhub = None

        def __init__(self) -> None:
            self.sent: list = []
            self.sending = asyncio.Event()

        def send_message(self, message) -> None:  # noqa: ANN001 - a Flet Message
            self.sent.append(message)
            self.sending.set()

    answers_reach_their_callers()

    async def refuse_a_back_as_its_screen_goes() -> object:
        link = Link()
        session = Session(link)
        gone = 10_000  # no control of this session has this id
        call = asyncio.ensure_future(session.invoke_method(gone, "confirm_pop", {"should_pop": False}, timeout=5))
        await link.sending.wait()
        session.handle_invoke_method_results(gone, link.sent[-1].body.call_id, "answered", None)
        return await call

    assert run_async(refuse_a_back_as_its_screen_goes()) == "answered"


def test_the_page_asks_for_the_first_screens_font_with_the_clients_files_and_says_the_watchs_words():
    page = b"<html><head><title>Bidwell</title></head><body></body></html>"

    async def flet_page(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"content-length", str(len(page)).encode())]})
        await send({"type": "http.response.body", "body": page})

    sent: list[dict] = []

    async def send(message: dict) -> None:
        sent.append(message)

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    asked: list[str] = []

    def preloads(address: str) -> list[str]:
        asked.append(address)
        return ["fonts/BidwellSans-Main.woff2"] if address == "192.168.1.20" else []

    watched = link.LinkWatch(flet_page, lambda: "The connection is lost", preloads=preloads)
    run_async(watched({"type": "http", "method": "GET", "path": "/", "headers": [],
                       "client": ("192.168.1.20", 50123)}, receive, send))
    body = sent[1]["body"]
    head = body.split(b"</head>")[0]
    assert head.index(b'<link rel="preload" href="fonts/BidwellSans-Main.woff2" as="fetch" crossorigin="anonymous">') \
        < head.index(b'window.bidwellLinkLost = "The connection is lost"')
    assert dict(sent[0]["headers"])[b"content-length"] == str(len(body)).encode()

    async def script_file(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/javascript")]})
        await send({"type": "http.response.body", "body": b"main();"})

    sent.clear()
    watched.app = script_file
    run_async(watched({"type": "http", "method": "GET", "path": "/main.dart.js", "headers": [],
                       "client": ("192.168.1.20", 50123)}, receive, send))
    assert sent[1]["body"] == b"main();" and asked == ["192.168.1.20"]  # the stored names read for the page only
