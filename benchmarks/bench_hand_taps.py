"""Taps for one hand of five players whose tricks all go to two of them, through the play screen's model.

Each of the ten ways to seat the two takers in the order of play is tapped
as a scorekeeper does: five bids, then the counts the pad asks for in the
order of play, then "Score the hand". A count that has only one answer is not
asked (the last one left, and everyone's once every trick is placed).

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
    while (choosing := model.view().tricks.choosing) is not None:
        assert model.tap_tricks(tricks[PLAYERS.index(choosing)]), model.message
        model.settle()
        taps += 1
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
    print(f"fewest {min(values)}, median {statistics.median(values)}, most {max(values)} "
          f"(before: {len(PLAYERS) * 2} whoever took the tricks)")


if __name__ == "__main__":
    main()
