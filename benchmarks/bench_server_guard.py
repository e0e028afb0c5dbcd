"""Figures for issue 24, item 3: the scorekeeper's tap while one client attacks the real ``bidwell --lan``.

The server runs as a user starts it. The "tap" is the scorekeeper's: a new
tab (a raw Flet client, tests/browser/flet_wire.py) types the PIN and taps
Open; timed from the tap to the start screen's first line arriving. Ten
taps are timed in quiet, then during each attack, as the issue gives them:

- flood: a script that never gave the PIN sends 50,000 events for controls
  that do not exist, as fast as the server takes them;
- admitted flood: the same from a client that gave the PIN;
- sessions: 10,000 sessions open and register without the PIN, then leave
  (the server's memory is read after them, and 70 s later);
- half-sent: 1,008 connections that send half a request's headers and stop.

Printed per case: median and slowest tap in ms, and the server's resident
memory (VmRSS) in MB after it.

    .venv/bin/python benchmarks/bench_server_guard.py [--taps 10] [--sessions 10000]
"""

from __future__ import annotations

import argparse
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from flet_wire import CONTROL_EVENT, WireSession  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

BIDWELL = Path(sys.executable).with_name("bidwell")
OPENED = "Scorekeeping for Oh Hell and its family"
ANSWERS = ("That PIN is not right", "Too many wrong PINs", OPENED)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Bidwell:
    def __init__(self, folder: Path):
        self.port = free_port()
        self.log = folder / "server.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen([str(BIDWELL), "--lan", "--no-browser", "--port", str(self.port),
                                             "--data", str(folder / "data")], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while "PIN" not in self.log.read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        self.pin = re.search(r"PIN: (\d{6})", self.log.read_text()).group(1)
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.origin = f"http://127.0.0.1:{self.port}"

    def memory_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024

    def tap_ms(self, address: str) -> float:
        """A new tab from ``address`` types the PIN: ms from the tap to the start screen."""
        tab = WireSession(self.ws, origin=self.origin, address=address, timeout=120)
        try:
            started = time.perf_counter()
            answer = tab.guess(self.pin, answers=ANSWERS)
            took = (time.perf_counter() - started) * 1000
            assert answer == OPENED, answer
            return took
        finally:
            tab.close()


def taps(server: Bidwell, count: int) -> list[float]:
    return [server.tap_ms(f"192.0.2.{10 + n % 50}") for n in range(count)]


def flood(server: Bidwell, *, admitted: bool) -> threading.Thread:
    script = WireSession(server.ws, origin=server.origin, address="198.51.100.7")
    if admitted:
        script.guess(server.pin, answers=ANSWERS)
    event = b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": 987_654, "name": "click", "data": None}])

    def send_all() -> None:
        try:
            for _ in range(50_000):
                script.connection.send(event)
            while True:
                script.connection.recv(timeout=120)
        except (ConnectionClosed, TimeoutError, OSError):
            pass
        finally:
            script.close()

    thread = threading.Thread(target=send_all, daemon=True)
    thread.start()
    return thread


def sessions(server: Bidwell, count: int) -> None:
    """``count`` sessions that register without the PIN and leave, from four threads."""
    register = b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": {"route": "/"}}])

    def some(n: int) -> None:
        for _ in range(n):
            try:
                with connect(server.ws, origin=server.origin, open_timeout=60,
                             additional_headers={"X-Forwarded-For": "198.51.100.8"}) as tab:
                    tab.send(register)
                    tab.recv(timeout=60)  # registered: Flet made the session
            except (ConnectionClosed, TimeoutError, OSError):
                pass

    threads = [threading.Thread(target=some, args=(count // 4,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def half_sent(server: Bidwell, count: int) -> list[socket.socket]:
    held = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(connection)
    return held


def report(case: str, times: list[float], server: Bidwell) -> None:
    print(f"{case:44} tap median {statistics.median(times):6.0f} ms, slowest {max(times):6.0f} ms; "
          f"server {server.memory_mb():5.0f} MB", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        server = Bidwell(Path(scratch))
        try:
            taps(server, 2)  # the first tabs load what later ones find ready
            report("quiet", taps(server, args.taps), server)
            for admitted in (False, True):
                attack = flood(server, admitted=admitted)
                report(f"flood of 50,000 events ({'with' if admitted else 'without'} the PIN)",
                       taps(server, args.taps), server)
                attack.join(timeout=120)
                print(f"{'':44} the flooding client {'was cut off' if not attack.is_alive() else 'still runs'}")
            opening = threading.Thread(target=sessions, args=(server, args.sessions))
            started = time.monotonic()
            opening.start()
            during = taps(server, args.taps)
            opening.join()
            report(f"{args.sessions:,} sessions without the PIN "
                   f"({time.monotonic() - started:.0f} s)", during, server)
            time.sleep(70)  # the unadmitted sessions are let go within a minute
            report("  70 s later", taps(server, args.taps), server)
            held = half_sent(server, 1_008)
            report("1,008 half-sent requests", taps(server, args.taps), server)
            closed = 0
            for connection in held:
                try:
                    closed += connection.recv(1) == b""
                except OSError:
                    pass
                connection.close()
            print(f"{'':44} closed by the server: {closed} of {len(held)}")
            print("tracebacks on the server's terminal:", server.log.read_text().count("Traceback"))
        finally:
            server.process.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
