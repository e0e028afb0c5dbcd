"""Figures for undo and for a second screen following a game (issue 25, item 3; issue 27, item 6).

1. One undo at the end of the longest game (Rage'n Glyphs, 3 players, 31
   hands, 124 actions): the last action is dropped and the state before it
   returned. Each run undoes the last action and applies it again; only the
   undo is timed.
1b. Undo next to its baseline, a bid (aim: within 2×), as a screen meets
   them: a game opened (read from its record as a store replays it, its state
   drawn), then the last action of hand 31 undone and the state read again;
   and, timed in turns with it, hand 31's last bid made in a game opened the
   same way. Only the hand the undone action touched is to be worked out again.
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


def time_undo_and_bid(record: dict, runs: int) -> tuple[list[float], list[float]]:
    """Undo of the last action of a game just opened and drawn, and hand 31's last bid in one, in turns."""
    undos, bids = [], []
    for _ in range(runs):
        game = game_from_record(record)
        _ = game.state  # drawn once opened
        start = time.perf_counter()
        game.undo()
        _ = game.state
        undos.append(time.perf_counter() - start)

        game.undo()
        last_bid = game.log[-1]
        game.undo()
        opened = replay(game.log)
        _ = opened.state
        start = time.perf_counter()
        opened.apply(last_bid)
        bids.append(time.perf_counter() - start)
    return undos, bids


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
    undos, bids = time_undo_and_bid(longest_game(), max(args.runs // 4, 50))
    print(f"undo in a game opened and drawn, hand 31: {micros(undos)}")
    print(f"a bid in a game opened and drawn, hand 31: {micros(bids)}")
    print(f"ratio undo / bid: {statistics.median(undos) / statistics.median(bids):.2f} (aim: within 2)")
    after_action, after_undo = time_second_screen(max(args.runs // 20, 20))
    print(f"second screen follows one action: {micros(after_action)}")
    print(f"second screen follows an undo: {micros(after_undo)}")


if __name__ == "__main__":
    main()
