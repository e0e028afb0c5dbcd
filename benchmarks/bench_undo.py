"""Figures for undo and for a second screen following a game (issue 25, item 3).

1. One undo at the end of the longest game (Rage'n Glyphs, 3 players, 31
   hands, 124 actions): the last action is dropped and the state before it
   returned. Each run undoes the last action and applies it again; only the
   undo is timed.
2. A second screen's copy catching up with one action another screen saved
   (``GameStore.refresh`` on the second store) at the end of the same game,
   and with an undo made on the other screen.

Run from the checkout, with the project installed in the interpreter's venv:

    .venv/bin/python benchmarks/bench_undo.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench_engine import longest_game  # noqa: I001 - a sibling script

from scoring.game import Game
from scoring.record import game_from_record
from scoring.replay import replay


def micros(times: list[float]) -> str:
    return (f"median {statistics.median(times) * 1e6:.1f} µs, p90 {sorted(times)[int(len(times) * 0.9)] * 1e6:.1f} µs"
            f" ({len(times)} runs)")


def time_undo(game: Game, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        last = game.log[-1]
        start = time.perf_counter()
        game.undo()
        times.append(time.perf_counter() - start)
        game.apply(last)
    return times


def time_second_screen(runs: int) -> tuple[list[float], list[float]]:
    from companion.store.games import GameStore

    with tempfile.TemporaryDirectory() as folder:
        first = GameStore(Path(folder))
        game = game_from_record(longest_game())
        last = game.log[-1]
        game.undo()
        game_id = first.start(replay(game.log[:1])).id
        saved = first.open(game_id)
        for action in game.log[1:]:
            saved = first.open(game_id)
            saved.apply(action)
        second = GameStore(Path(folder))
        watched = second.open(game_id)  # the second screen holds its copy, as a screen does
        after_action, after_undo = [], []
        for _ in range(runs):
            saved = first.open(game_id)
            saved.apply(last)
            start = time.perf_counter()
            assert second.refresh(game_id)
            after_action.append(time.perf_counter() - start)
            saved = first.open(game_id)
            saved.undo()
            start = time.perf_counter()
            assert second.refresh(game_id)
            after_undo.append(time.perf_counter() - start)
        assert watched.game.log == first.open(game_id).game.log
        return after_action, after_undo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    game = game_from_record(longest_game())
    assert len(game.log) == 1 + 31 * 4 and game.state.finished
    print(f"undo at the end of a 31-hand game ({len(game.log) - 1} actions): {micros(time_undo(game, args.runs))}")
    after_action, after_undo = time_second_screen(max(args.runs // 20, 20))
    print(f"second screen follows one action: {micros(after_action)}")
    print(f"second screen follows an undo: {micros(after_undo)}")


if __name__ == "__main__":
    main()
