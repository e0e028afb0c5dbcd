"""Which websocket handshakes companion.webserver lets through to the app."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.webserver import SameOriginWebSockets, same_origin


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
    monkeypatch.setattr("companion.webserver.HANDLER_GRACE_SECONDS", 0)
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

    from companion.webserver import send_without_formatting_it

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
