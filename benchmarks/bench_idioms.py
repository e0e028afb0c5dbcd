"""What each hand-made speed-up in ``scoring/`` buys (issue 46, item 6): checkouts that differ from this one by one
standard idiom each, timed in turns with it.

    .venv/bin/python benchmarks/bench_idioms.py NAME=CHECKOUT [NAME=CHECKOUT …] [--runs 30]

For this checkout ("now") and each named one (its ``companion`` and ``scoring`` first on ``PYTHONPATH``):

1. ``bidwell score`` of the 31-hand 3-player Rage'n Glyphs record (``bench_engine.longest_game``), a process's wall
   time with compiled bytecode written and read (a folder of its own, warmed first), as an installed Bidwell runs;
   the floor ``python -c "import re, json"`` is timed in the same turns. The issue asks for at most 1.5 times the
   floor and under 100 ms.
2. The replay in Python: the record read into a game action by action and its summary built, in a process of the
   checkout's own, 200 times a round (``--rounds``); the rounds alternate between the checkouts.

Medians; the load average is said at the start and the end.
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

HERE = Path(__file__).resolve().parent
REPLAY = """
import json, statistics, sys, time
from scoring.record import game_from_record, score_summary
record = json.loads(open(sys.argv[1], encoding="utf-8").read())
score_summary(game_from_record(record))
times = []
for _ in range(200):
    start = time.perf_counter()
    score_summary(game_from_record(record))
    times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+", metavar="NAME=CHECKOUT")
    parser.add_argument("--runs", type=int, default=30, help="timed runs of each command (default 30)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of 200 replays for each checkout (default 9)")
    args = parser.parse_args()
    checkouts = {"now": HERE.parent, **{name: Path(path).resolve() for name, path in
                                        (variant.split("=", 1) for variant in args.variants)}}
    sys.path.insert(0, str(HERE))
    from bench_engine import longest_game

    print(f"load average at start: {os.getloadavg()}")
    bidwell = Path(sys.executable).with_name("bidwell")
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "longest.json"
        record.write_text(json.dumps(longest_game()), encoding="utf-8")
        base = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        envs = {name: {**base, "PYTHONPATH": str(path), "PYTHONPYCACHEPREFIX": os.path.join(folder, name)}
                for name, path in checkouts.items()}
        floor_env = {**base, "PYTHONPYCACHEPREFIX": os.path.join(folder, "floor")}
        wall: dict[str, list[float]] = {name: [] for name in checkouts}
        floor: list[float] = []
        replay: dict[str, list[float]] = {name: [] for name in checkouts}
        for run in range(args.runs + 3):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import re, json"], check=True, env=floor_env)
            if run >= 3:  # the first turns write the bytecode and warm the file cache
                floor.append(time.perf_counter() - started)
            for name, env in envs.items():
                started = time.perf_counter()
                subprocess.run([str(bidwell), "score", str(record)], check=True, stdout=subprocess.DEVNULL, env=env)
                if run >= 3:
                    wall[name].append(time.perf_counter() - started)
        for _ in range(args.rounds):
            for name, env in envs.items():
                said = subprocess.run([sys.executable, "-c", REPLAY, str(record)], check=True, capture_output=True,
                                      text=True, env=env).stdout
                replay[name].append(float(said))
    print(f"load average at end: {os.getloadavg()}")
    floor_ms = statistics.median(floor) * 1000
    print(f"python -c 'import re, json': {floor_ms:.1f} ms")
    now_ms, now_replay = statistics.median(wall["now"]) * 1000, statistics.median(replay["now"]) * 1e6
    for name in checkouts:
        wall_ms, replay_us = statistics.median(wall[name]) * 1000, statistics.median(replay[name]) * 1e6
        print(f"{name:10} bidwell score {wall_ms:6.1f} ms = {wall_ms / floor_ms:.2f}x the floor "
              f"({wall_ms / now_ms:.3f}x now); replay {replay_us:6.1f} µs ({replay_us / now_replay:.3f}x now)")


if __name__ == "__main__":
    main()
