"""Figures for issue 43, item 2: another tab's tap while one tab opens a heavy shared link, on the real server.

The server runs as a user starts it (``bidwell --lan``). The "tap" is a phone's: a PIN typed on a raw Flet client
(tests/browser/flet_wire.py), at a person's pace (one every 0.1 s), timed from the tap to its answer arriving, which
is the server's whole part of a tap. Each round times the same number of taps with no link open (the baseline, in
the same run) and then while a fresh tab opens each link:

- flood: the attack's link, 20,000 adjustments in one hand (about 2,100 characters; refused by the limits);
- longest: the heaviest game a link may carry and a reader must show, 1,000 hands of Herrlof for 3 with 100
  adjustments (the engine's limits), read, replayed and drawn as a scoreboard.

Printed per case: median and slowest tap in ms, how long the link's tab took to answer, and the load average.

    .venv/bin/python benchmarks/bench_link_load.py [--rounds 3]

The same figures for another checkout (the baseline): ``PYTHONPATH=<that checkout>`` (its ``bidwell`` script is this
venv's, which imports whichever ``companion`` the path finds first).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]
from flet_wire import WireSession  # noqa: E402
from helpers import finished_herrlof, long_herrlof  # noqa: E402
from phone import Server  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from companion.store.games import GameStore  # noqa: E402
from companion.views.sharing import link_payload  # noqa: E402
from scoring.hands import HANDS_MAX  # noqa: E402
from scoring.record import record_from_game  # noqa: E402

ANSWERS = ("That PIN is not right", "Too many wrong PINs")
PACE = 0.1
TAPS = 30


def flood_link(folder: Path) -> tuple[str, str]:
    record = finished_herrlof(GameStore(folder / "flood")).record()
    record["hands"][0]["adjustments"] = [{"player": "Ödön", "points": 1}] * 20_000
    return link_payload(record), "cannot be shown"


def longest_link() -> tuple[str, str]:
    return link_payload(record_from_game(long_herrlof(HANDS_MAX))), "Only looked at"


def read_quietly(tab: WireSession, said: str) -> None:
    """Read ``tab``'s frames until a text holding ``said`` comes, or its connection is lost."""
    try:
        tab.read_until(lambda: any(said in text for text in tab.texts))
    except (ConnectionClosed, TimeoutError):
        print("  the link's tab lost its connection")


def taps(table: WireSession, wrong: str, until: threading.Thread | None) -> list[float]:
    """Taps at a person's pace: ``TAPS`` of them, or as long as ``until`` runs, whichever is more."""
    times: list[float] = []
    while len(times) < TAPS or (until is not None and until.is_alive()):
        tapped = time.perf_counter()
        try:
            table.guess(wrong, answers=ANSWERS)
        except ConnectionClosed:  # the server fell silent past the client's keepalive: the tap was never answered
            times.append(time.perf_counter() - tapped)
            print(f"  a tap was never answered: the connection was lost after {times[-1]:.1f} s")
            break
        times.append(time.perf_counter() - tapped)
        time.sleep(PACE)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        links = {"flood": flood_link(folder), "longest": longest_link()}
        for name, (payload, _) in links.items():
            print(f"{name}: {len(payload)} characters")
        server = Server(folder / "data", "--lan").start()
        try:
            wrong = "000000" if re.search(r"PIN: (\d{6})", server.output).group(1) != "000000" else "111111"
            ws, origin = f"ws://127.0.0.1:{server.port}/ws", f"http://127.0.0.1:{server.port}"
            results: dict[str, list[float]] = {"none": []}
            answered: dict[str, list[float]] = {}
            for round_ in range(arguments.rounds):
                for name, (payload, said) in links.items():
                    # A fresh address a phase: its wrong tries are its own (each answered, checked or not).
                    quiet = WireSession(ws, origin, address=f"192.0.2.{round_ * 4 + 1}", timeout=120)
                    results["none"] += taps(quiet, wrong, None)
                    quiet.close()
                    table = WireSession(ws, origin, address=f"192.0.2.{round_ * 4 + 2 + (name == 'longest')}",
                                        timeout=120)
                    opened = time.perf_counter()
                    link_tab = WireSession(ws, origin, address=None, route=f"/shared?game={payload}", timeout=120)
                    reading = threading.Thread(target=read_quietly, args=(link_tab, said))
                    reading.start()
                    results.setdefault(name, []).extend(taps(table, wrong, reading))
                    reading.join()
                    answered.setdefault(name, []).append(time.perf_counter() - opened)
                    for tab in (table, link_tab):
                        try:
                            tab.close()
                        except (ConnectionClosed, TimeoutError):
                            pass
        finally:
            server.kill()
    print(f"load average {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    for name, times in results.items():
        line = f"taps with {name:8} link open: median {statistics.median(times) * 1000:6.1f} ms, " \
               f"slowest {max(times) * 1000:7.1f} ms ({len(times)} taps)"
        if name in answered:
            line += f"; the link's tab answered in {statistics.median(answered[name]):.2f} s (median, from its open)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
