"""A phone at another address on the network, without leaving this machine.

Every browser test runs on the computer that serves Bidwell, whose own tabs
need no PIN. A tab that opens the app through :class:`AddressRelay` reaches
the real server as a phone on the network does: the relay passes the phone's
address on in ``X-Forwarded-For``, as a reverse proxy on the server's computer
would, and the server (which trusts that header from 127.0.0.1 only) takes it
as the client's address. Chromium cannot add that header to a websocket
itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

HEAD_END = b"\r\n\r\n"
LONGEST_HEAD = 64 * 1024


class AddressRelay:
    """Listens on 127.0.0.1 (``url``) and forwards every connection to ``port``, its first request marked as
    coming from ``address``. Each connection's first request is the one marked: a websocket always opens a
    connection of its own, so the app's connection is always marked."""

    def __init__(self, port: int, address: str):
        self.port = port
        self.address = address
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"relay {address}", daemon=True)
        self._thread.start()
        self._started.wait(timeout=10)
        self.url = f"http://127.0.0.1:{self.listening_port}/"

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._relay, "127.0.0.1", 0))
        self.listening_port = self._server.sockets[0].getsockname()[1]
        self._started.set()
        self._loop.run_forever()

    async def _relay(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            head = await client_reader.readuntil(HEAD_END)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            client_writer.close()
            return
        request_line, _, rest = head.partition(b"\r\n")
        marked = request_line + b"\r\nX-Forwarded-For: " + self.address.encode("ascii") + b"\r\n" + rest
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError:
            client_writer.close()
            return
        server_writer.write(marked)
        await asyncio.gather(_pipe(client_reader, server_writer), _pipe(server_reader, client_writer))

    def close(self) -> None:
        """Stop listening and drop every connection it relays."""
        def stop() -> None:
            self._server.close()
            for task in asyncio.all_tasks(self._loop):
                task.cancel()
            self._loop.stop()

        self._loop.call_soon_threadsafe(stop)
        self._thread.join(timeout=10)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()
