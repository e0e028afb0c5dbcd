"""How fast can a script guess the --lan PIN, or a join code, from 1, 20 or 200 addresses? (issues 8 and 43)

Starts the real ``bidwell --lan`` server and attacks it as a script on the
network would: several threads, each speaking Flet's websocket protocol
directly (tests/browser/flet_wire.py: no browser, answering the server's
questions to the browser at once), each using a fresh session for every
three guesses (a session's free tries), the sessions' addresses taken in
turn from the attacker's (passed in X-Forwarded-For, which the server
trusts from 127.0.0.1, as from a reverse proxy on its computer). PINs are
guessed in order (the real one skipped), join codes from the code alphabet.

A guess was checked when the answer starts "That PIN is not right" ("That
join code is not right"); one starting "Too many wrong" was refused
unchecked. Each address's first three checked guesses are its free tries,
which come back once a day; the checked guesses beyond them are the rate
that lasts. The expected days to find the secret (half its space) are

    space / 2 / (free tries checked + lasting rate a minute x 1440)

where the lasting rate is counted from the second minute on (the first has
the gate's burst). Prints a line per secret and number of addresses, and
the load average.

Run from the checkout:

    .venv/bin/python benchmarks/bench_pin.py [--seconds 180] [--threads 8] [--addresses 1 20 200]
                                             [--secret pin code] [--bidwell PATH]
"""

from __future__ import annotations

import argparse
import itertools
import os
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

FREE_TRIES = 3
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SECRETS = {
    # what is guessed: (the route its field is on, the answer to a wrong one, to a refused one, its space)
    "pin": ("/", "That PIN is not right", "Too many wrong PINs", 10**6),
    "code": ("/join", "That join code is not right", "Too many wrong join codes", len(CODE_ALPHABET) ** 6),
}
STEADY_FROM_SECONDS = 60.0
"""The lasting rate is counted from here on: the first minute has the gate's burst."""


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


def addresses(count: int) -> list[str]:
    """``count`` addresses of a documentation network, as the attacker's."""
    return [f"198.51.{100 + n // 250}.{n % 250 + 1}" for n in range(count)]


class Tally:
    """Counts shared by the attacking threads."""

    def __init__(self, started: float) -> None:
        self.lock = threading.Lock()
        self.started = started
        self.sent = self.refused = self.sessions = 0
        self.checked: dict[str, int] = {}
        self.beyond_late = 0
        """Checked guesses past their address's free tries, from :data:`STEADY_FROM_SECONDS` on."""

    def add(self, address: str, answer: str, wrong: str) -> None:
        with self.lock:
            self.sent += 1
            if answer.startswith(wrong):
                self.checked[address] = self.checked.get(address, 0) + 1
                if self.checked[address] > FREE_TRIES and time.monotonic() - self.started >= STEADY_FROM_SECONDS:
                    self.beyond_late += 1
            else:
                self.refused += 1


def attack(port: int, secret: str, pin: str, turns, guesses, until: float, tally: Tally) -> None:  # noqa: ANN001
    """Guess in fresh sessions, three at a time, from the addresses in turn, until the deadline."""
    route, wrong, wait, _ = SECRETS[secret]
    url, origin = f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"
    while time.monotonic() < until:
        with tally.lock:
            address = next(turns)
            tally.sessions += 1
        session = WireSession(url, origin=origin, address=address, route=route, answers_calls=True)
        try:
            for _ in range(FREE_TRIES):
                with tally.lock:
                    guess = next(guesses)
                if guess == pin:
                    continue
                tally.add(address, session.guess(guess, answers=(wrong, wait)), wrong)
                if time.monotonic() >= until:
                    break
        finally:
            session.close()


def codes():
    """Join codes in order, from the code alphabet (none is a game's: the bench starts none)."""
    for letters in itertools.product(CODE_ALPHABET, repeat=6):
        yield "".join(letters)


def run(options: argparse.Namespace, secret: str, count: int) -> dict[str, float]:
    """One attack on a server of its own: ``count`` addresses guessing ``secret``; what it got."""
    with tempfile.TemporaryDirectory() as folder:
        process, port, pin, _ = start_server(options.bidwell, Path(folder))
        try:
            started = time.monotonic()
            tally = Tally(started)
            turns = itertools.cycle(addresses(count))
            guesses = (f"{n:06d}" for n in itertools.count()) if secret == "pin" else codes()
            until = started + options.seconds
            threads = [threading.Thread(target=attack, args=(port, secret, pin, turns, guesses, until, tally))
                       for _ in range(options.threads)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - started
            load = os.getloadavg()[0]
        finally:
            process.terminate()
            process.wait(timeout=30)
    checked = sum(tally.checked.values())
    free = sum(min(FREE_TRIES, n) for n in tally.checked.values())
    lasting = tally.beyond_late / max((elapsed - STEADY_FROM_SECONDS) / 60, 1e-9)
    space = SECRETS[secret][3]
    per_day = free + lasting * 1440
    return {"elapsed": elapsed, "sessions": tally.sessions, "sent": tally.sent, "refused": tally.refused,
            "checked": checked, "checked_per_minute": checked / (elapsed / 60), "free": free, "lasting": lasting,
            "days": space / 2 / per_day if per_day else float("inf"), "load": load}


def main() -> None:
    """Run the attacks and print what each got."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="each attack's length (more than 60)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--addresses", type=int, nargs="+", default=[1, 20, 200])
    parser.add_argument("--secret", choices=sorted(SECRETS), nargs="+", default=["pin", "code"])
    parser.add_argument("--bidwell", default=str(Path(sys.executable).with_name("bidwell")))
    options = parser.parse_args()
    if options.seconds <= STEADY_FROM_SECONDS:
        parser.error(f"--seconds must be more than {STEADY_FROM_SECONDS:.0f}: the lasting rate is counted after it")
    print(f"{options.threads} threads, {options.seconds:.0f} s an attack; days: to find the PIN, or one game's "
          "join code, on average")
    print(f"{'secret':6} {'addresses':>9} {'sent/min':>9} {'checked/min':>11} {'free tries':>10} "
          f"{'lasting/min':>11} {'expected days':>13} {'load':>5}")
    for secret in options.secret:
        for count in options.addresses:
            got = run(options, secret, count)
            sent_per_minute = got["sent"] / (got["elapsed"] / 60)
            print(f"{secret:6} {count:>9} {sent_per_minute:>9.0f} {got['checked_per_minute']:>11.1f} "
                  f"{got['free']:>10.0f} {got['lasting']:>11.2f} {got['days']:>13,.0f} {got['load']:>5.2f}", flush=True)


if __name__ == "__main__":
    main()
