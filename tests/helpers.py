"""Helpers shared by the tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from companion.store.games import GameStore
from scoring.game import Game
from scoring.state import GameState


def play_hand(
    game: Game,
    bids: Sequence[int],
    tricks: Sequence[int],
    counted: Mapping[str, Sequence[int]] | None = None,
) -> GameState:
    """Enter ``bids`` (seat order) in the hand's turn order, then the tricks."""
    for seat in game.state.current.bidding_order:
        game.bid(seat, bids[seat])
    return game.record_tricks(tricks, counted)


def hand_worked_history(folder) -> tuple[GameStore, dict[str, str]]:  # noqa: ANN001 - a path
    """A small history whose figures were worked out by hand (:data:`HAND_WORKED_FIGURES`); returns the store
    and the games' ids by letter. Herrlof: 1 point a trick, +5 for exactly 3 or 4, +10 for an exact bid; the
    game ends after the hand in which someone reaches 50; a tie goes to more exact bids, then is shared.

    - A, Herrlof, Anna and Béla, finished: Anna 11/11 = 21, 3/3 = 18, 15/15 = 25: 64; Béla 4/4 = 19,
      12/12 = 22, 0/0 = 10: 51. Anna wins.
    - B, Herrlof, Anna and Csilla, finished: both 7/7 (one trick destroyed) = 17 in each of 3 hands: 51 each,
      3 exact bids each: a shared win.
    - C, Herrlof, Béla and Csilla, ended by a correction: Béla 15/15 = 25, Csilla 0/0 = 10; hand 2 first
      Béla 12/12 = 22, Csilla 3/3 = 18 (47 to 28), hand 3 Béla 1/0 = 0, Csilla 14/15 = 15; then hand 2 is
      corrected to Béla 15/15 = 25 (50) and Csilla 0/0 = 10 (20): the game ends after hand 2, hand 3 is void.
      Béla wins 50 to 20; his bids 2 (both exact), Csilla's 2 (both 0, both made).
    - D, Herrlof, Anna and Béla, finished (Béla 0/15 twice: 50), then deleted: counts for nothing.
    - E, Rage, Anna, "Be\u0301la " (the same Béla, written another way) and Dóra, one hand of 10 scored:
      Béla 3/3, Dóra 3/3, Anna 0/4.
    """
    store = GameStore(folder)
    ids = {}
    hands = {
        "A": (["Anna", "Béla"], [([11, 4], [11, 4]), ([3, 12], [3, 12]), ([15, 0], [15, 0])]),
        "B": (["Anna", "Csilla"], [([7, 7], [7, 7])] * 3),
        "C": (["Béla", "Csilla"], [([15, 0], [15, 0]), ([12, 3], [12, 3]), ([1, 14], [0, 15])]),
        "D": (["Anna", "Béla"], [([0, 15], [0, 15])] * 2),
    }
    for letter, (players, played) in hands.items():
        saved = store.start(Game.new("herrlof", players, first_dealer=0))
        for bids, tricks in played:
            play_hand(saved, bids, tricks)
        ids[letter] = saved.id
    store.open(ids["C"]).correct(2, [15, 0], [15, 0])
    store.delete(ids.pop("D"))
    rage = store.start(Game.new("rage", ["Anna", "Be\u0301la ", "Dóra"], first_dealer=0))
    play_hand(rage, [0, 3, 3], [4, 3, 3])
    ids["E"] = rage.id
    return store, ids


HAND_WORKED_FIGURES = [
    {"name": "Anna", "games": 3, "finished": 2, "wins": 2, "bids": 7, "exact": 6, "zero_bids": 1, "zero_exact": 0,
     "average_score": 57.5, "average_place": 1.0},
    {"name": "Béla", "games": 3, "finished": 2, "wins": 1, "bids": 6, "exact": 6, "zero_bids": 1, "zero_exact": 1,
     "average_score": 50.5, "average_place": 1.5},
    {"name": "Csilla", "games": 2, "finished": 2, "wins": 1, "bids": 5, "exact": 5, "zero_bids": 2, "zero_exact": 2,
     "average_score": 35.5, "average_place": 1.5},
    {"name": "Dóra", "games": 1, "finished": 0, "wins": 0, "bids": 1, "exact": 1, "zero_bids": 0, "zero_exact": 0,
     "average_score": None, "average_place": None},
]
"""The players' figures in :func:`hand_worked_history`, as ``bidwell stats --json`` gives them."""


def view_texts(value: object) -> list[str]:
    """Every text in a screen's frozen view (dataclasses, and tuples of them): what the screen is sent."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value):
        return [text for field in dataclasses.fields(value) for text in view_texts(getattr(value, field.name))]
    if isinstance(value, (tuple, list)):
        return [text for item in value for text in view_texts(item)]
    return []


def two_hands_of_rage(store: GameStore):
    """Rage for three, two hands, worked out by hand (exact: 10 + tricks; missed: tricks - 5; a +5 card 5, a -5
    card -5).

    Hand 1, 10 cards, Anna deals, Béla bids first. Bids Anna 3, Béla 4, さくら 2; tricks 3, 5, 2; Béla ends with a
    +5 card, さくら with a -5 card. Anna 3 + 10 = 13; Béla missed: 5 - 5 + 5 = 5; さくら 2 + 10 - 5 = 7.
    Hand 2, 9 cards, Béla deals, さくら bids first. Bids さくら 0, Anna 5, Béla 4; tricks 0, 5, 4, all made:
    さくら 10 (17), Anna 15 (28), Béla 14, less a 10-point penalty for a revoke: 4 (9).
    """
    saved = store.start(Game.new("rage", ["Anna", "Béla", "さくら"]), created="2026-11-26T19:05:00.000Z")
    for seat, bid in ((1, 4), (2, 2), (0, 3)):
        saved.bid(seat, bid)
    saved.record_tricks([3, 5, 2], {"bonus": [0, 1, 0], "mad": [0, 0, 1]})
    for seat, bid in ((2, 0), (0, 5), (1, 4)):
        saved.bid(seat, bid)
    saved.record_tricks([5, 4, 0])
    saved.adjust(2, 1, -10, "revoke")
    assert saved.state.totals == (28, 9, 17)
    return saved


def long_herrlof(hands: int) -> Game:
    """Herrlof for three kept going for ``hands`` hands (the engine allows 1,000): everyone bids 0, one takes all
    11 tricks in turn, and a penalty of 999 for everyone every 30 hands keeps them all under the target."""
    game = Game.new("herrlof", ["Anna", "Béla", "Csilla"])
    for number in range(1, hands + 1):
        for seat in game.bidding_order():
            game.bid(seat, 0)
        if number % 30 == 1:
            for seat in range(3):
                game.adjust(number, seat, -999)
        game.record_tricks([11 if seat == number % 3 else 0 for seat in range(3)])
    return game


def finished_herrlof(store: GameStore, created: str = "2026-10-01T18:00:00.000Z"):
    """Herrlof for two: Zoë bids 15 and takes 15 twice (25 + 25 = 50, the end), Ödön bids 0 and takes 0 (10 + 10)."""
    saved = store.start(Game.new("herrlof", ["Zoë", "Ödön"]), created=created)
    for _ in range(2):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 15 if seat == 0 else 0)
        saved.record_tricks([15, 0])
    assert saved.state.finished and saved.state.totals == (50, 20)
    return saved


class FakeClock:
    """A clock a test moves on by hand (``advance``), for the throttles that take one (``clock=``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
