"""Taps for one hand of five players whose tricks all go to two of them, through the play screen's model.

Each of the ten ways to seat the two takers in the order of play is tapped
as a scorekeeper does: five bids, then each taker's count on the taker's own
pad, then "Score the hand". A count that has only one answer is not asked
(the last one left, and everyone's once every trick is placed). Before issue
26 the pad moved from player to player in the order of play, so a taker who
was not next cost a tap to choose (8 to 10 taps; 10 whoever took the tricks
before the zeros were filled in).

    .venv/bin/python benchmarks/bench_hand_taps.py
"""

from __future__ import annotations

import itertools
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.store.games import GameStore  # noqa: E402
from companion.views.play import PlayModel  # noqa: E402
from scoring.game import Game  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra", "Emil"]


def taps_for(store: GameStore, takers: tuple[int, int]) -> int:
    """The taps of hand 1 (10 cards) where the players at positions ``takers`` of the order of play take 6 and 4."""
    model = PlayModel(store.start(Game.new("rage", PLAYERS)))
    hand = model.state.current
    order = hand.bidding_order
    tricks = dict.fromkeys(order, 0)
    tricks[order[takers[0]]], tricks[order[takers[1]]] = 6, hand.cards - 6
    taps = 0
    for _ in PLAYERS:
        assert model.tap_bid(0), model.message
        model.settle()
        taps += 1
    for seat in (order[takers[0]], order[takers[1]]):
        pad = next(line.aim for line in model.view().tricks.lines if line.seat == seat)
        assert model.tap_tricks(tricks[seat], pad), model.message
        model.settle()
        taps += 1
    assert model.view().tricks.complete, "the three who took none are given 0 without a tap"
    assert model.confirm_tricks(), model.message
    taps += 1
    assert model.state.hands[0].tricks == tuple(tricks[seat] for seat in range(len(PLAYERS)))
    return taps


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(folder)
        counts = {takers: taps_for(store, takers) for takers in itertools.combinations(range(len(PLAYERS)), 2)}
    for takers, taps in counts.items():
        print(f"takers at places {takers[0] + 1} and {takers[1] + 1} of the order of play: {taps} taps")
    values = list(counts.values())
    print(f"fewest {min(values)}, median {statistics.median(values)}, most {max(values)}")


if __name__ == "__main__":
    main()
