"""Figures for the rules engine and the command line (issue 2; issue 27, item 3).

1. The time to score the longest game, Rage'n Glyphs with 3 players (31
   hands, 124 actions), inside Python: the record is read into a game action
   by action (every bid and trick count checked) and its summary built. Its
   floor, timed in turns with it: ``json.loads`` of the record's text and a
   sum per player (what any reader of the file pays). Aim: under 300 µs.
2. The wall time of one ``bidwell score`` process next to ``python -c pass``,
   in turns, both allowed to write and read compiled bytecode (in a folder of
   their own, warmed first), as an installed Bidwell runs. Aim: under 2×.
   Beside them, the floor any such command pays before Bidwell's own code:
   ``python -c "import re, json"`` (the script pip writes for ``bidwell``
   imports ``re``; the standard library's ``json`` imports it too).

Run from the checkout, with the project installed in the interpreter's venv:

    .venv/bin/python benchmarks/bench_engine.py [--runs N]

The same figures for another checkout (the baseline): run it from /tmp with
``PYTHONPATH=<that checkout>`` (its ``bidwell`` script is this venv's, which
imports whichever ``companion`` the path finds first).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scoring.record import game_from_record, score_summary


def longest_game() -> dict:
    """A finished 31-hand Rage'n Glyphs record for 3 players, every bid made."""
    hands = []
    for cards in range(1, 32):
        share = cards // 3
        bids = [share, share, cards - 2 * share]
        hands.append({"bids": bids, "tricks": bids})
    return {"format": 1, "game": "rage-n-glyphs", "players": ["Anna", "Béla", "Csilla"], "hands": hands}


def time_in_python(record: dict, runs: int) -> tuple[list[float], list[float]]:
    """Reading ``record`` to its summary, and its floor (its JSON text loaded, a sum per player), in turns."""
    text = json.dumps(record)
    times, floor = [], []
    for _ in range(runs):
        start = time.perf_counter()
        summary = score_summary(game_from_record(record))
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        loaded = json.loads(text)
        sums = [sum(hand["tricks"][seat] for hand in loaded["hands"]) for seat in range(len(loaded["players"]))]
        floor.append(time.perf_counter() - start)
    assert summary["finished"] and len(summary["hands"]) == 31 and sum(sums) == sum(range(32))
    return times, floor


def time_processes(commands: list[list[str]], runs: int, env: dict[str, str]) -> list[list[float]]:
    """Each command's wall times, the commands run in turns so a busy moment weighs on all alike."""
    times: list[list[float]] = [[] for _ in commands]
    for run in range(runs + 3):
        for command, kept in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            if run >= 3:  # the first runs write the bytecode and warm the file cache
                kept.append(time.perf_counter() - start)
    return times


def micros(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1e6:7.1f} µs, best {min(times) * 1e6:7.1f} µs ({len(times)} runs)"


def describe(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.2f} ms, best {min(times) * 1000:.2f} ms ({len(times)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    record = longest_game()
    time_in_python(record, 3)  # warm the template cache, as a running app has it
    in_python, floor = time_in_python(record, runs * 10)
    print(f"score the 31-hand 3-player Rage'n Glyphs game in Python: {micros(in_python)}")
    print(f"json.loads of its text and a sum per player:           {micros(floor)}")
    print(f"ratio: {statistics.median(in_python) / statistics.median(floor):.1f} (aim: the game under 300 µs)")

    bidwell = Path(sys.executable).with_name("bidwell")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "longest.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        env = dict(os.environ, PYTHONPYCACHEPREFIX=os.path.join(folder, "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        python_pass, floor, score = time_processes(
            [[sys.executable, "-c", "pass"], [sys.executable, "-c", "import re, json"],
             [str(bidwell), "score", str(path)]], runs, env)
    ratio = statistics.median(score) / statistics.median(python_pass)
    print("bytecode written and read (as installed):")
    print(f"python -c pass:                         {describe(python_pass)}")
    print(f"python -c 'import re, json':            {describe(floor)}")
    print(f"bidwell score (the same game):          {describe(score)}")
    print(f"ratio bidwell score / python -c pass:   {ratio:.2f} (aim: under 2)")
    print(f"ratio of the floor / python -c pass:    {statistics.median(floor) / statistics.median(python_pass):.2f}"
          " (pip's script for bidwell imports re; reading a record's JSON with the standard library needs json)")


if __name__ == "__main__":
    main()
