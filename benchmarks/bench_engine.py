"""Figures for the rules engine and the command line (issue 2).

1. The time to score the longest game, Rage'n Glyphs with 3 players (31
   hands), inside Python: the record is read into a game action by action
   (every bid and trick count checked) and its summary built.
2. The wall time of one ``bidwell score`` process next to ``python -c pass``.

Run from the checkout, with the project installed in the interpreter's venv:

    .venv/bin/python benchmarks/bench_engine.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
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


def time_in_python(record: dict, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        summary = score_summary(game_from_record(record))
        times.append(time.perf_counter() - start)
    assert summary["finished"] and len(summary["hands"]) == 31
    return times


def time_process(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def describe(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.2f} ms, best {min(times) * 1000:.2f} ms ({len(times)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    record = longest_game()
    time_in_python(record, 3)  # warm the template cache, as a running app has it
    in_python = time_in_python(record, runs * 10)
    print(f"score the 31-hand 3-player Rage'n Glyphs game in Python: {describe(in_python)}")

    bidwell = Path(sys.executable).with_name("bidwell")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "longest.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        python_pass = time_process([sys.executable, "-c", "pass"], runs)
        score = time_process([str(bidwell), "score", str(path)], runs)
    ratio = statistics.median(score) / statistics.median(python_pass)
    print(f"python -c pass:                         {describe(python_pass)}")
    print(f"bidwell score (the same game):          {describe(score)}")
    print(f"ratio bidwell score / python -c pass:   {ratio:.2f}")


if __name__ == "__main__":
    main()
