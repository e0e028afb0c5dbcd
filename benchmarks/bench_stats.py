"""Figures of the statistics (issue 11) with 10,000 games stored.

(a) The players' figures read from the store and added up (``GameStore.figures`` and ``scoring.stats.players``,
    what the Statistics screen and ``bidwell stats`` both do): the first time on a history whose index was
    written before figures were kept (each game read once and its figures kept), then as every later time.
(b) ``bidwell stats`` and ``bidwell stats --json`` as a user runs them, start of the process to its end.
(c) The Statistics screen in the app (``bidwell`` serving the folder, headless Chromium at 390x844): the tap on
    "Statistics" to the first player's line drawn, timed in the page as bench_app times a tap; the first
    time after the server started, then again after going back to the start screen.

The history is bench_storage's (built into --folder once and reused). Run from the checkout:

    .venv/bin/python benchmarks/bench_stats.py [--games 10000] [--runs 10] [--folder DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_app import TAP_AND_SEE, free_port, open_page, wait_serving
from bench_storage import build
from playwright.sync_api import expect, sync_playwright

from companion.store.games import GameStore
from companion.views.stats import StatsModel
from scoring.stats import players

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from phone import CHROMIUM_ARGS, chromium  # noqa: E402 - the browser tests' Chromium, found the same way

BIDWELL = Path(sys.executable).with_name("bidwell")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    build(args.folder, args.games)
    started = time.perf_counter()
    lines = players(GameStore(args.folder).figures())
    print(f"(a) first time (figures kept where the index had none): {time.perf_counter() - started:.2f} s, "
          f"{len(lines)} players")
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        players(GameStore(args.folder).figures())
        times.append(time.perf_counter() - started)
    print(f"    every later time, store opened included: median {statistics.median(times) * 1000:.0f} ms, "
          f"p90 {statistics.quantiles(times, n=10)[-1] * 1000:.0f} ms ({args.runs} runs)")
    store = GameStore(args.folder)
    changed = []
    for _ in range(args.runs):
        store.figures()
        # As after a game finished: its month's figures are read again, and the players' sums done again.
        store.statistics._by_month.pop(max(store.statistics._by_month))
        store.statistics._last = None
        started = time.perf_counter()
        StatsModel(store.figures()).view()
        changed.append(time.perf_counter() - started)
    print(f"    the app's store to the screen's lines after a game finished (its month read again): median "
          f"{statistics.median(changed) * 1000:.0f} ms, p90 {statistics.quantiles(changed, n=10)[-1] * 1000:.0f} ms")
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        StatsModel(store.figures()).view()
        times.append(time.perf_counter() - started)
    print(f"    the app's store to the screen's lines, no game changed since the last look (what is kept is used): "
          f"median {statistics.median(times) * 1000:.0f}"
          f" ms, p90 {statistics.quantiles(times, n=10)[-1] * 1000:.0f} ms ({args.runs} runs)")
    for extra in ([], ["--json"]):
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run([str(BIDWELL), "stats", "--data", str(args.folder), *extra], check=True,
                           stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - started)
        print(f"(b) bidwell stats {' '.join(extra)}: median {statistics.median(times) * 1000:.0f} ms "
              f"({args.runs} runs)")

    first_line = StatsModel(GameStore(args.folder).figures()).view().lines[0]
    shown = f"{first_line.name}\n{first_line.summary}"
    port = free_port()
    server = subprocess.Popen([str(BIDWELL), "--no-browser", "--port", str(port), "--data", str(args.folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            wait_serving(browser, port)
            page = open_page(browser, f"http://127.0.0.1:{port}/")
            opened: dict[str, list[float]] = {}
            # The Statistics screen, and for comparison two screens of the same app: one that reads no games
            # (the blank sheets' screen, all navigation and drawing) and Past games (one page of 50).
            for target, shown in (("Statistics", shown), ("Blank score sheets", "Blank score sheet (PDF)"),
                                  ("Past games", "Import records (JSON)")):
                for _ in range(args.runs + 1):
                    button = page.get_by_role("button", name=target, exact=True)
                    expect(button).to_be_visible(timeout=30_000)
                    opened.setdefault(target, []).append(page.evaluate(TAP_AND_SEE, [button.element_handle(), shown]))
                    page.get_by_role("button", name="Back").click()
            browser.close()
    finally:
        server.terminate()
        server.wait()
    for target, times in opened.items():
        print(f"(c) {target}, tap to the first line drawn: first {times[0]:.0f} ms, then median "
              f"{statistics.median(times[1:]):.0f} ms, p90 {statistics.quantiles(times[1:], n=10)[-1]:.0f} ms "
              f"({args.runs} runs)")


if __name__ == "__main__":
    main()
