"""A bare client of Flet's websocket protocol, as a script would use it: no browser, no Flutter.

Flet's client and server exchange binary frames: a type byte 0x00, then a
msgpack list ``[action, body]`` (flet/messaging/protocol.py). The client
registers (action 1), the server answers with the page and patches of
controls (action 2); the client sets a control's properties (action 4) and
fires its events (action 3). Enough of that is here to type into the PIN
field and read what the screen says back, which is what a PIN-guessing
script would do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 2, 3, 4, 5, 6


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk(item)


class WireSession:
    """One Flet session over a raw websocket: registers, finds the PIN field, types PINs."""

    def __init__(self, ws_url: str, origin: str, *, address: str | None, timeout: float = 15.0, route: str = "/",
                 answers_calls: bool = False):
        """``address``: the phone's address on the network, as a reverse proxy on the server's computer passes it
        on (the X-Forwarded-For header), for a client on the network without leaving this machine (whose own
        tabs need no PIN); None for a tab of this computer, which opens ``route`` at once (not waited for).
        ``route``: the address the tab opens (``/join``: the join code's field is the one typed into).
        ``answers_calls``: the server's questions to the browser (a remembered setting, the phone's languages)
        are answered at once with nothing, as a script in a hurry would, instead of left for the app to give up
        on after a few seconds."""
        self.timeout = timeout
        self.answers_calls = answers_calls
        self._open = contextlib.ExitStack()
        headers = {"X-Forwarded-For": address} if address is not None else {}
        self.connection: ClientConnection = self._open.enter_context(connect(ws_url, origin=origin,
                                                                             open_timeout=timeout,
                                                                             additional_headers=headers))
        self.crashes: list[str] = []
        self.texts: list[str] = []
        self.pin_field: int | None = None
        self._send(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": route}})
        if address is not None:
            self.read_until(lambda: self.pin_field is not None)

    def _send(self, action: int, body: Any) -> None:
        self.connection.send(b"\x00" + msgpack.packb([action, body]))

    def _read_one(self) -> None:
        data = self.connection.recv(timeout=self.timeout)
        if not isinstance(data, bytes) or not data or data[0] != 0:
            return
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        if action == SESSION_CRASHED:
            self.crashes.append(str(body))
        if action == INVOKE_METHOD and self.answers_calls and isinstance(body, dict):
            self._send(INVOKE_METHOD, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                       "result": None, "error": None})
        for item in _walk(body):
            if isinstance(item, dict) and item.get("_c") == "TextField":
                self.pin_field = item.get("_i")
            elif isinstance(item, dict) and item.get("_c") == "Text" and isinstance(item.get("value"), str):
                self.texts.append(item["value"])

    def read_until(self, condition) -> None:  # noqa: ANN001 - a callable returning bool
        """Read frames until ``condition()`` holds (TimeoutError if the server falls silent first)."""
        while not condition():
            self._read_one()

    def guess(self, value: Any, *, answers: tuple[str, ...]) -> str:
        """Type ``value`` into the PIN field, submit it; return the first new text starting with one of ``answers``."""
        seen = len(self.texts)
        self._send(UPDATE_CONTROL_PROPS, {"id": self.pin_field, "props": {"value": value}})
        self._send(CONTROL_EVENT, {"target": self.pin_field, "name": "submit", "data": None})

        def answered() -> bool:
            return bool(self.crashes) or any(text.startswith(answers) for text in self.texts[seen:])

        self.read_until(answered)
        if self.crashes:
            raise AssertionError(f"the server sent its crash report: {self.crashes[0][:300]}")
        return next(text for text in self.texts[seen:] if text.startswith(answers))

    def close(self) -> None:
        """Close the websocket."""
        self._open.close()
