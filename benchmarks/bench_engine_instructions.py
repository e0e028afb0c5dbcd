"""Item 1 of bench_engine.py counted in machine instructions, a figure a busy machine does not blur (issue 27, item 3).

The replay of the 31-hand 3-player Rage'n Glyphs record to its summary, and its floor (``json.loads`` of the
record's text and a sum per player), each run N times inside ``functools.reduce`` under valgrind's callgrind with
``--toggle-collect=functools_reduce``: only the instructions of the loop are counted, not Python's start or the
imports. Printed per run, in millions (about 86 µs per million on a quiet machine of this kind). Needs valgrind.

    .venv/bin/python benchmarks/bench_engine_instructions.py [--runs N]

The same figures for another checkout (the baseline): run this file from /tmp with ``PYTHONPATH=<that checkout>``
(from the checkout's own folder, its ``scoring`` would be found first).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

_LOOP = """
import functools, json, sys
sys.path.insert(0, {folder!r})
from bench_engine import longest_game
from scoring.record import game_from_record, score_summary
record = longest_game()
text = json.dumps(record)
for _ in range(5):
    score_summary(game_from_record(record))
def replay():
    score_summary(game_from_record(record))
def floor():
    loaded = json.loads(text)
    [sum(hand["tricks"][seat] for hand in loaded["hands"]) for seat in range(len(loaded["players"]))]
work = {{"replay": replay, "floor": floor}}[sys.argv[1]]
functools.reduce(lambda _kept, _run: work(), range(int(sys.argv[2])), None)
"""


def instructions(what: str, runs: int) -> float:
    """Millions of instructions one run of ``what`` ("replay" or "floor") takes, counted over ``runs`` runs."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=functools_reduce",
               sys.executable, "-c", _LOOP.format(folder=str(Path(__file__).parent)), what, str(runs)]
    done = subprocess.run(command, capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONHASHSEED="0"))
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr}")
    return int(collected.group(1)) / runs / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=100)
    runs = parser.parse_args().runs
    replay, floor = instructions("replay", runs), instructions("floor", runs)
    print(f"replay of the 31-hand record to its summary: {replay:.2f} M instructions a run ({runs} runs)")
    print(f"json.loads of its text and a sum per player:  {floor:.2f} M instructions a run")
    print(f"ratio: {replay / floor:.1f} (aim: the replay under 3.5 M, about 300 µs)")


if __name__ == "__main__":
    main()
