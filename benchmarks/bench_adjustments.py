"""Figures for issue 43, item 1: bonuses and penalties (adjustments) cost the same at the thousandth as at the first.

1. ``bidwell score`` and ``bidwell import`` of records giving 1,000 adjustments (100 in each of 10 hands, the
   engine's limits), and 1,000, 10,000 and 100,000 in one hand (the attack's shape: refused now), each beside the
   same command on the plain 31-hand record (the baseline), in turns, in one run. A command still running after
   ``--timeout`` seconds is stopped and said so.
2. Inside Python, the time of one adjustment (checked and applied, :meth:`Game.adjust`): the 1st-10th against the
   991st-1,000th of a game, and the 1st-10th against the 91st-100th of one hand.
3. Through the store (checked, applied, written and synced), the same.

    .venv/bin/python benchmarks/bench_adjustments.py [--runs 3] [--timeout 60]

The figures of another checkout (the code before): ``PYTHONPATH=<that checkout>``; its ``bidwell`` is this venv's
script, which imports whichever ``companion`` the path finds first.
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

from companion.store.games import GameStore
from scoring.game import Game

BIDWELL = Path(sys.executable).with_name("bidwell")


def plain_hands() -> list[dict]:
    hands = []
    for cards in range(1, 32):
        share = cards // 3
        bids = [share, share, cards - 2 * share]
        hands.append({"bids": bids, "tricks": bids})
    return hands


def record(adjustments: int, per_hand: int) -> dict:
    hands = plain_hands()
    left = adjustments
    for hand in hands:
        given = min(per_hand, left)
        if given:
            hand["adjustments"] = [{"player": "Anna", "points": 1, "reason": "r"}] * given
        left -= given
    return {"format": 1, "game": "rage-n-glyphs", "players": ["Anna", "Béla", "Csilla"], "hands": hands}


def run(args: list[str], timeout: float) -> tuple[float, str]:
    started = time.perf_counter()
    try:
        done = subprocess.run([str(BIDWELL), *args], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, f"stopped after {timeout:.0f} s"
    took = time.perf_counter() - started
    said = "exit 0" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.decode()[:90].strip()}"
    return took, said


def commands(folder: Path, runs: int, timeout: float) -> None:
    cases = {"1k over 10 hands": record(1_000, 100), "1k in one hand": record(1_000, 1_000_000),
             "10k in one hand": record(10_000, 1_000_000), "100k in one hand": record(100_000, 1_000_000)}
    plain = folder / "plain.json"
    plain.write_text(json.dumps(record(0, 0)))
    for name, case in cases.items():
        path = folder / f"{name.replace(' ', '-')}.json"
        path.write_text(json.dumps(case))
        for command in ("score", "import"):
            times, floors, said = [], [], ""
            for turn in range(runs):
                data = ["--data", str(folder / f"data-{name}-{turn}".replace(" ", "-"))] if command == "import" else []
                floor_data = ["--data", str(folder / f"floor-{name}-{turn}".replace(" ", "-"))] \
                    if command == "import" else []
                floors.append(run([command, str(plain), *floor_data], timeout)[0])
                took, said = run([command, str(path), *data], timeout)
                times.append(took)
                if said.startswith("stopped"):
                    break
            print(f"bidwell {command:6} {name:17} {statistics.median(times) * 1000:8.0f} ms "
                  f"({statistics.median(times) / statistics.median(floors):5.2f}x the plain record's "
                  f"{statistics.median(floors) * 1000:.0f} ms) {said}")


def per_adjustment(game: Game, hands: list[int], count: int) -> list[float]:
    times = []
    for n in range(count):
        hand = hands[n * len(hands) // count]
        started = time.perf_counter()
        game.adjust(hand, n % 3, 1, "r")
        times.append(time.perf_counter() - started)
    return times


def finished_game() -> Game:
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    for hand in plain_hands()[:10]:
        for seat in game.bidding_order():
            game.bid(seat, hand["bids"][seat])
        game.record_tricks(hand["tricks"])
    return game


def in_python(folder: Path) -> None:
    for label, hands, count in (("a game, 1,000 over 10 hands", list(range(1, 11)), 1_000),
                                ("one hand, 100", [1], 100)):
        engine = per_adjustment(finished_game(), hands, count)
        print(f"Game.adjust, {label}: first 10 {statistics.mean(engine[:10]) * 1e6:7.1f} µs each, "
              f"last 10 {statistics.mean(engine[-10:]) * 1e6:7.1f} µs each")
        store = GameStore(folder / f"store-{count}")
        saved = store.start(finished_game())
        stored = []
        for n in range(count):
            started = time.perf_counter()
            saved.adjust(hands[n * len(hands) // count], n % 3, 1, "r")
            stored.append(time.perf_counter() - started)
        print(f"the store's adjust, {label}: first 10 {statistics.mean(stored[:10]) * 1000:6.2f} ms each, "
              f"last 10 {statistics.mean(stored[-10:]) * 1000:6.2f} ms each")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0)
    arguments = parser.parse_args()
    print(f"load average at the start {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        commands(folder, arguments.runs, arguments.timeout)
        in_python(folder)
    print(f"load average at the end {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
