"""History at scale (issue 27, item 2): what opening the history costs with 1,000 to 100,000 games stored, this
checkout against a baseline checkout, in the same run (alternated, medians).

(a) Opening the store and reading the history's first page of 50 (``GameStore(folder).history()``), timed inside
    a fresh process each round (several opens in it).
(b) ``bidwell history`` and ``bidwell stats`` as a user runs them, start of the process to its end, and on an
    empty folder for comparison.
(c) What the start screen and the New game screen ask the store each time they are drawn, the store already
    open as in the app: ``unfinished()`` (the games to continue) and ``player_names()`` (names offered).
(d) What the Past games screen works out for its first page (``HistoryModel(store).view()``: the page, the tally
    of each match on it, the filters), in a store just opened, and again in the same store after a game was
    started in it (the newest month's index changed).

The folders are bench_storage's history (built through the engine, ``--folder``) and, for 1,000 and 100,000
games, copies made from it by history_clone.py (built once, reused). Before the timing, each folder is opened
once by this checkout (a first open writes the checkpoint; its time is printed). Run from the checkout:

    .venv/bin/python benchmarks/bench_history_scale.py --before /tmp/base27 [--runs 5] [--folder DIR] [--sizes 1000,10000,100000]

Each figure is a median, of the wall clock and of the processor time the process used (which says more on a
busy machine).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_storage import build
from history_clone import clone

CHECKOUT = Path(__file__).resolve().parent.parent
BIDWELL = Path(sys.executable).with_name("bidwell")

OPENS = """
import json, sys, time
from companion.store.games import GameStore
folder, opens = sys.argv[1], int(sys.argv[2])
found = {}

def timed(name, call):
    started, cpu = time.perf_counter(), time.process_time()
    answer = call()
    found.setdefault(name, []).append(time.perf_counter() - started)
    found.setdefault(name + " cpu", []).append(time.process_time() - cpu)
    return answer

for _ in range(opens):
    page = timed("open", lambda: GameStore(folder).history(page=1, per_page=50))
assert len(page.items) == 50
store = GameStore(folder)
for _ in range(opens):
    timed("unfinished", store.unfinished)
    timed("player_names", store.player_names)
from companion.views.history import HistoryModel
HistoryModel(store).view()  # the language's dates and the games' names, loaded once in a running app
for _ in range(opens):
    timed("past games", lambda: HistoryModel(GameStore(folder)).view())
from scoring.game import Game
for _ in range(opens):
    store.start(Game.new("rage", ["Anna", "Béla", "Csilla"]))  # the newest month's index changes
    timed("past games again", lambda: HistoryModel(store).view())
print(json.dumps(found))
"""


def child(code: Path, *args: str) -> dict:
    """Run ``OPENS`` with ``code``'s companion and scoring first on the path; what it measured."""
    out = subprocess.run([sys.executable, "-c", OPENS, *args], env=dict(os.environ, PYTHONPATH=str(code)),
                         cwd=tempfile.gettempdir(), check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def command(code: Path, *args: str) -> tuple[float, float]:
    """Seconds ``bidwell ARGS`` takes with ``code``'s companion and scoring first on the path: on the wall clock,
    and of processor time (user and system; on a busy machine the wall clock says more of the others)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([str(BIDWELL), *args], env=dict(os.environ, PYTHONPATH=str(code)), cwd=tempfile.gettempdir(),
                   check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def linked_copy(folder: Path, name: str) -> Path:
    """A fresh copy of the data folder ``folder`` for the checkout ``name``, its files hard links to the originals."""
    copy = folder.with_name(f"{folder.name}-{name}")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(folder, copy, copy_function=os.link)
    return copy


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:,.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the baseline checkout (e.g. /tmp/base27)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    build(args.folder, 10_000)
    folders: dict[int, Path] = {}
    for size in map(int, args.sizes.split(",")):
        folders[size] = args.folder if size == 10_000 else args.folder.with_name(f"{args.folder.name}-{size // 1000}k")
        if not folders[size].exists():
            clone(args.folder, folders[size], size)
    empty = Path(tempfile.mkdtemp())
    versions = {"before": args.before, "after": CHECKOUT}
    # Each checkout reads and writes a copy of its own (files linked, not copied: the store replaces a file it
    # writes, so the copies part where one writes): one checkout's checkpoint, of another shape, would make the
    # other check the whole folder again at each open.
    own = {(size, name): linked_copy(folder, name) for size, folder in folders.items() for name in versions}
    print(f"load: {os.getloadavg()}")
    for (size, name), folder in own.items():
        started = time.perf_counter()
        child(versions[name], str(folder), "1")
        print(f"{size:,} games: the {name} checkout's first open (a full check, the checkpoint written): "
              f"{time.perf_counter() - started:.2f} s, process included")
    for size in folders:
        # The baseline reads every month at each open: a few opens are enough where that takes seconds.
        opens = 2 if size >= 100_000 else 5
        found: dict[str, dict[str, list[float]]] = {name: {} for name in versions}
        for _ in range(max(2, args.runs // 2) if size >= 100_000 else args.runs):
            for name, code in versions.items():
                for key, times in child(code, str(own[size, name]), str(opens)).items():
                    found[name].setdefault(key, []).extend(times)
        for name in versions:
            print(f"(a) {size:,} games, {name}: open + first page {ms(found[name]['open'])} "
                  f"(cpu {ms(found[name]['open cpu'])}); (c) unfinished() {ms(found[name]['unfinished'])} "
                  f"(cpu {ms(found[name]['unfinished cpu'])}), player_names() {ms(found[name]['player_names'])} "
                  f"(cpu {ms(found[name]['player_names cpu'])}); (d) Past games {ms(found[name]['past games'])} "
                  f"(cpu {ms(found[name]['past games cpu'])}), again after a game was started "
                  f"{ms(found[name]['past games again'])} (cpu {ms(found[name]['past games again cpu'])})")
    for size in [0, *(size for size in folders if size >= 10_000)]:
        for what in ("history", "stats"):
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in versions}
            for _ in range(max(2, args.runs // 2) if size >= 100_000 else args.runs):
                for name, code in versions.items():
                    times[name].append(command(code, what, "--data", str(own[size, name] if size else empty)))
            print(f"(b) bidwell {what}, {size:,} games: " + ", ".join(
                f"{name} {statistics.median(wall for wall, _ in values):.2f} s "
                f"(cpu {statistics.median(cpu for _, cpu in values):.2f} s)" for name, values in times.items()))
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
