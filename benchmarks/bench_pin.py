"""How fast can a script guess the --lan PIN? (issue 8, item 7)

Starts the real ``bidwell --lan`` server and attacks it as a script on the
network would: several threads, each speaking Flet's websocket protocol
directly (tests/browser/flet_wire.py: no browser), each using a fresh
session for every three guesses (the free tries), guessing PINs in order
as fast as the server answers. The real PIN (read from the server's
output) is skipped, so the attack runs for the whole time.

A guess was checked when the answer starts "That PIN is not right" (it
may go on to say how long to wait now); an answer starting "Too many wrong
PINs" means it was refused unchecked. Prints the checked guesses a minute
and the expected days to find the PIN (500,000 guesses) at that rate.

Run from the checkout:

    .venv/bin/python benchmarks/bench_pin.py [--seconds 180] [--threads 8] [--bidwell PATH]
"""

from __future__ import annotations

import argparse
import itertools
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from flet_wire import WireSession  # noqa: E402

WRONG = "That PIN is not right"
WAIT = "Too many wrong PINs"
FREE_TRIES = 3
GUESSER = "198.51.100.7"
"""The guesser's address on the network (this computer's own tabs need no PIN)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(bidwell: str, folder: Path) -> tuple[subprocess.Popen, int, str, Path]:
    """Start ``bidwell --lan`` and wait until it serves; returns the process, port, PIN and log."""
    port = free_port()
    log = folder / "server.log"
    with open(log, "w") as out:
        process = subprocess.Popen([bidwell, "--lan", "--no-browser", "--port", str(port), "--data",
                                    str(folder / "data")], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                break
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"bidwell exited: {log.read_text()}") from None
            time.sleep(0.2)
    pin = re.search(r"PIN: (\d{6})", log.read_text()).group(1)
    return process, port, pin, log


class Tally:
    """Counts shared by the attacking threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = self.checked = self.refused = self.sessions = 0

    def add(self, answer: str) -> None:
        with self.lock:
            self.sent += 1
            if answer.startswith(WRONG):
                self.checked += 1
            else:
                self.refused += 1


def attack(port: int, pin: str, guesses: itertools.count, until: float, tally: Tally) -> None:
    """Guess in fresh sessions, three at a time, until the deadline."""
    url, origin = f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"
    while time.monotonic() < until:
        session = WireSession(url, origin=origin, address=GUESSER)
        with tally.lock:
            tally.sessions += 1
        try:
            for _ in range(FREE_TRIES):
                guess = f"{next(guesses) % 10**6:06d}"
                if guess == pin:
                    continue
                answer = session.guess(guess, answers=(WRONG, WAIT))
                tally.add(answer)
                if time.monotonic() >= until:
                    break
        finally:
            session.close()


def main() -> None:
    """Run the attack for a while and print what it got."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--bidwell", default=str(Path(sys.executable).with_name("bidwell")))
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, port, pin, _ = start_server(options.bidwell, Path(folder))
        try:
            tally = Tally()
            guesses = itertools.count()
            started = time.monotonic()
            until = started + options.seconds
            threads = [threading.Thread(target=attack, args=(port, pin, guesses, until, tally))
                       for _ in range(options.threads)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - started
        finally:
            process.terminate()
            process.wait(timeout=30)
    minutes = elapsed / 60
    checked_per_minute = tally.checked / minutes
    print(f"{options.threads} threads for {elapsed:.0f} s, {tally.sessions} sessions")
    print(f"guesses sent: {tally.sent} ({tally.sent / minutes:.0f} a minute)")
    print(f"checked (answered 'not right'): {tally.checked} ({checked_per_minute:.1f} a minute)")
    print(f"refused unchecked ('try again in'): {tally.refused}")
    if checked_per_minute:
        days = 500_000 / checked_per_minute / 1440
        print(f"expected time to guess the PIN (500,000 guesses): {days:.1f} days")


if __name__ == "__main__":
    main()
