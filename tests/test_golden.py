"""Golden transcripts: whole games played through the engine, checked hand by hand.

Every expected number below was worked out by hand from ``RULES.md`` (beside the checkout, in ``../shared/``)
(never printed by the engine). Each hand is one row of a score sheet: cards,
dealer, the bid the hook forbids the dealer (when the hook is on), bids and
tricks in seat order, then the points of every seat with the arithmetic as a
comment, and the running totals written out as literals.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scoring.errors import BidError, BidwellError
from scoring.game import Game
from scoring.rules import TieBreak
from scoring.state import GameState, Phase

TEN = ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "Júlia"]
NO_CHECK = object()


@dataclass(frozen=True)
class Hand:
    """One line of the score sheet."""

    cards: int
    dealer: int
    bids: list[int]
    tricks: list[int]
    points: list[int]
    totals: list[int]
    hook: object = NO_CHECK  # the dealer's forbidden bid (None: no restriction); NO_CHECK: hook is off
    bonus: list[int] | None = None
    mad: list[int] | None = None


def play_hand(game: Game, bids, tricks, counted=None, hook=NO_CHECK) -> GameState:
    """Bid ``bids`` (given in seat order) in the hand's turn order, then record the tricks."""
    current = game.state.current
    order = current.bidding_order
    assert order[-1] == current.dealer and order[0] == (current.dealer + 1) % len(bids)
    for seat in order:
        state = game.state
        assert state.next_bidder == seat
        if seat == current.dealer:
            if hook is NO_CHECK:
                assert state.forbidden_bid is None
            else:
                assert state.forbidden_bid == hook
                if hook is not None:
                    assert not game.can_bid(seat, hook)
                    with pytest.raises(BidError):
                        game.bid(seat, hook)
        game.bid(seat, bids[seat])
    assert game.state.phase is Phase.PLAYING
    return game.record_tricks(tricks, counted)


def play_game(game: Game, sheet: list[Hand]) -> GameState:
    """Play every line of ``sheet``; check points and running totals after every hand."""
    for number, row in enumerate(sheet, start=1):
        state = game.state
        assert not state.finished
        assert state.current.number == number
        assert state.current.cards == row.cards
        assert state.current.dealer == row.dealer
        counted = None
        if row.bonus is not None or row.mad is not None:
            counted = {"bonus": row.bonus or [0] * len(row.bids), "mad": row.mad or [0] * len(row.bids)}
        state = play_hand(game, row.bids, row.tricks, counted, row.hook)
        hand = state.hands[number - 1]
        assert hand.scored
        assert hand.number == number
        assert hand.cards == row.cards
        assert hand.dealer == row.dealer
        assert hand.bids == tuple(row.bids)
        assert hand.tricks == tuple(row.tricks)
        assert hand.points == tuple(row.points), f"hand {number} points"
        assert hand.totals == tuple(row.totals), f"hand {number} totals"
        assert state.totals == tuple(row.totals)
        assert len(state.scored_hands) == number
        # The game is over after the last line of the sheet, and not before.
        assert state.finished == (number == len(sheet)), f"hand {number} finished"
    assert state.ended_after == len(sheet)
    assert state.current is None
    with pytest.raises(BidwellError):
        game.bid(0, 0)
    return state


# --- 1. Rage'n Glyphs ----------------------------------------------------------
#
# 1 per trick; +10 for an exact bid; bid 0 and took 0 = 5 points.
# Shooting the Stars: taking every trick of the hand = 2 per trick (+10 still if exact).
# 10 players: max = floor((98 - 4) / 10) = 9, so hands of 1..9 cards (9 hands).

RNG_STARS = [
    # 1: 1 card, Anna deals. Others bid 1 in all (Béla), so Anna may not bid 0.
    Hand(
        cards=1, dealer=0, hook=0,
        bids=[1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        tricks=[0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        points=[
            0,  # Anna: bid 1 took 0: missed, 0 x1 = 0
            12,  # Béla: bid 1 took 1 = every trick: 1 x2 + 10 exact = 12
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            5,  # Gábor: bid 0 took 0 = 5
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[0, 12, 5, 5, 5, 5, 5, 5, 5, 5],
    ),
    # 2: 2 cards, Béla deals. Others bid 1 + 1 = 2, so Béla may not bid 0.
    Hand(
        cards=2, dealer=1, hook=0,
        bids=[1, 1, 0, 1, 0, 0, 0, 0, 0, 0],
        tricks=[0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
        points=[
            0,  # Anna: bid 1 took 0: missed, 0 x1 = 0
            0,  # Béla: bid 1 took 0: missed, 0 x1 = 0
            5,  # Csilla: bid 0 took 0 = 5
            4,  # Dóra: bid 1 took 2 = every trick, missed: 2 x2 = 4, no bonus
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            5,  # Gábor: bid 0 took 0 = 5
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[0, 12, 10, 9, 10, 10, 10, 10, 10, 10],
    ),
    # 3: 3 cards, Csilla deals. Others bid 3 + 1 = 4 > 3: no restriction.
    Hand(
        cards=3, dealer=2, hook=None,
        bids=[0, 0, 0, 0, 3, 0, 1, 0, 0, 0],
        tricks=[0, 0, 0, 0, 3, 0, 0, 0, 0, 0],
        points=[
            5,  # Anna: bid 0 took 0 = 5
            5,  # Béla: bid 0 took 0 = 5
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            16,  # Ernő: bid 3 took 3 = every trick: 3 x2 + 10 exact = 16
            5,  # Flóra: bid 0 took 0 = 5
            0,  # Gábor: bid 1 took 0: missed, 0 x1 = 0
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[5, 17, 15, 14, 26, 15, 10, 15, 15, 15],
    ),
    # 4: 4 cards, Dóra deals. Others bid 1+1+1+1+2 = 6 > 4: no restriction.
    Hand(
        cards=4, dealer=3, hook=None,
        bids=[0, 0, 1, 0, 1, 1, 0, 1, 0, 2],
        tricks=[0, 0, 0, 0, 1, 0, 1, 0, 0, 2],
        points=[
            5,  # Anna: bid 0 took 0 = 5
            5,  # Béla: bid 0 took 0 = 5
            0,  # Csilla: bid 1 took 0: missed, 0 x1 = 0
            5,  # Dóra: bid 0 took 0 = 5
            11,  # Ernő: bid 1 took 1: 1 x1 + 10 exact = 11
            0,  # Flóra: bid 1 took 0: missed, 0 x1 = 0
            1,  # Gábor: bid 0 took 1: missed, 1 x1 = 1 (no 5)
            0,  # Hanna: bid 1 took 0: missed, 0 x1 = 0
            5,  # Imre: bid 0 took 0 = 5
            12,  # Júlia: bid 2 took 2: 2 x1 + 10 exact = 12
        ],
        totals=[10, 22, 15, 19, 37, 15, 11, 15, 20, 27],
    ),
    # 5: 5 cards, Ernő deals. Others bid 1+1+1+1 = 4, so Ernő may not bid 1.
    Hand(
        cards=5, dealer=4, hook=1,
        bids=[1, 0, 0, 0, 0, 1, 1, 0, 1, 0],
        tricks=[0, 0, 0, 0, 1, 1, 1, 0, 2, 0],
        points=[
            0,  # Anna: bid 1 took 0: missed, 0 x1 = 0
            5,  # Béla: bid 0 took 0 = 5
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            1,  # Ernő: bid 0 took 1: missed, 1 x1 = 1
            11,  # Flóra: bid 1 took 1: 1 + 10 = 11
            11,  # Gábor: bid 1 took 1: 1 + 10 = 11
            5,  # Hanna: bid 0 took 0 = 5
            2,  # Imre: bid 1 took 2: missed, 2 x1 = 2
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[10, 27, 20, 24, 38, 26, 22, 20, 22, 32],
    ),
    # 6: 6 cards, Flóra deals. Others bid 1+1+2+1+1 = 6, so Flóra may not bid 0.
    Hand(
        cards=6, dealer=5, hook=0,
        bids=[1, 0, 1, 0, 0, 1, 2, 1, 0, 1],
        tricks=[1, 0, 1, 0, 0, 1, 2, 0, 0, 1],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            5,  # Béla: bid 0 took 0 = 5
            11,  # Csilla: bid 1 took 1: 1 + 10 = 11
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            11,  # Flóra: bid 1 took 1: 1 + 10 = 11
            12,  # Gábor: bid 2 took 2: 2 + 10 = 12
            0,  # Hanna: bid 1 took 0: missed, 0 x1 = 0
            5,  # Imre: bid 0 took 0 = 5
            11,  # Júlia: bid 1 took 1: 1 + 10 = 11
        ],
        totals=[21, 32, 31, 29, 43, 37, 34, 20, 27, 43],
    ),
    # 7: 7 cards, Gábor deals. Others bid 7 (Hanna), so Gábor may not bid 0.
    Hand(
        cards=7, dealer=6, hook=0,
        bids=[0, 0, 0, 0, 0, 0, 1, 7, 0, 0],
        tricks=[0, 0, 0, 0, 0, 0, 0, 7, 0, 0],
        points=[
            5,  # Anna: bid 0 took 0 = 5
            5,  # Béla: bid 0 took 0 = 5
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            0,  # Gábor: bid 1 took 0: missed, 0 x1 = 0
            24,  # Hanna: bid 7 took 7 = every trick: 7 x2 + 10 exact = 24
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[26, 37, 36, 34, 48, 42, 34, 44, 32, 48],
    ),
    # 8: 8 cards, Hanna deals. Others bid 1+1+1+2+2+2 = 9 > 8: no restriction.
    Hand(
        cards=8, dealer=7, hook=None,
        bids=[1, 1, 0, 1, 2, 0, 0, 0, 2, 2],
        tricks=[1, 0, 0, 1, 2, 1, 0, 0, 2, 1],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            0,  # Béla: bid 1 took 0: missed, 0 x1 = 0
            5,  # Csilla: bid 0 took 0 = 5
            11,  # Dóra: bid 1 took 1: 1 + 10 = 11
            12,  # Ernő: bid 2 took 2: 2 + 10 = 12
            1,  # Flóra: bid 0 took 1: missed, 1 x1 = 1
            5,  # Gábor: bid 0 took 0 = 5
            5,  # Hanna: bid 0 took 0 = 5
            12,  # Imre: bid 2 took 2: 2 + 10 = 12
            1,  # Júlia: bid 2 took 1: missed, 1 x1 = 1
        ],
        totals=[37, 37, 41, 45, 60, 43, 39, 49, 44, 49],
    ),
    # 9 (last): 9 cards, Imre deals. Others bid 1+1+1+6+1 = 10 > 9: no restriction.
    Hand(
        cards=9, dealer=8, hook=None,
        bids=[1, 0, 0, 1, 0, 0, 1, 6, 1, 1],
        tricks=[0, 1, 0, 0, 0, 0, 1, 6, 0, 1],
        points=[
            0,  # Anna: bid 1 took 0: missed, 0 x1 = 0
            1,  # Béla: bid 0 took 1: missed, 1 x1 = 1
            5,  # Csilla: bid 0 took 0 = 5
            0,  # Dóra: bid 1 took 0: missed, 0 x1 = 0
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            11,  # Gábor: bid 1 took 1: 1 + 10 = 11
            16,  # Hanna: bid 6 took 6 (not every trick): 6 x1 + 10 = 16
            0,  # Imre: bid 1 took 0: missed, 0 x1 = 0
            11,  # Júlia: bid 1 took 1: 1 + 10 = 11
        ],
        totals=[37, 38, 46, 45, 65, 48, 50, 65, 44, 60],
    ),
]


def test_rage_n_glyphs_ten_players_hook_and_stars_tie_to_final_hand():
    game = Game.new(
        "rage-n-glyphs", TEN, first_dealer=0, options={"hose_the_dealer": True, "shooting_the_stars": True}
    )
    state = play_game(game, RNG_STARS)
    # Ernő and Hanna tie on 65; Hanna scored 16 in the final hand, Ernő 5.
    assert state.winners == (7,)
    assert state.decided_by == TieBreak.FINAL_HAND_POINTS
    assert state.coin_flip_between == ()


# Skip Up, 10 players: 1, 3, 5, 7, 9 (the largest odd size <= 9). No hook, no
# Shooting the Stars: taking every trick is 1 per trick like any other.
RNG_SKIP_UP = [
    Hand(
        cards=1, dealer=5,
        bids=[0, 0, 0, 0, 0, 0, 1, 0, 0, 1],
        tricks=[0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
        points=[
            5,  # Anna: bid 0 took 0 = 5
            5,  # Béla: bid 0 took 0 = 5
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            11,  # Gábor: bid 1 took 1 (every trick, option off): 1 x1 + 10 = 11
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            0,  # Júlia: bid 1 took 0: missed, 0 x1 = 0
        ],
        totals=[5, 5, 5, 5, 5, 5, 11, 5, 5, 0],
    ),
    Hand(
        cards=3, dealer=6,
        bids=[1, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        tricks=[1, 1, 0, 0, 0, 0, 0, 0, 1, 0],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            11,  # Béla: bid 1 took 1: 1 + 10 = 11
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            5,  # Gábor: bid 0 took 0 = 5
            5,  # Hanna: bid 0 took 0 = 5
            11,  # Imre: bid 1 took 1: 1 + 10 = 11
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[16, 16, 10, 10, 10, 10, 16, 10, 16, 5],
    ),
    Hand(
        cards=5, dealer=7,
        bids=[2, 2, 1, 0, 0, 0, 1, 0, 0, 0],
        tricks=[2, 2, 0, 0, 0, 0, 1, 0, 0, 0],
        points=[
            12,  # Anna: bid 2 took 2: 2 + 10 = 12
            12,  # Béla: bid 2 took 2: 2 + 10 = 12
            0,  # Csilla: bid 1 took 0: missed, 0 x1 = 0
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            5,  # Flóra: bid 0 took 0 = 5
            11,  # Gábor: bid 1 took 1: 1 + 10 = 11
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[28, 28, 10, 15, 15, 15, 27, 15, 21, 10],
    ),
    Hand(
        cards=7, dealer=8,
        bids=[0, 0, 0, 0, 0, 7, 0, 0, 0, 0],
        tricks=[0, 0, 0, 0, 0, 7, 0, 0, 0, 0],
        points=[
            5,  # Anna: bid 0 took 0 = 5
            5,  # Béla: bid 0 took 0 = 5
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            5,  # Ernő: bid 0 took 0 = 5
            17,  # Flóra: bid 7 took 7 (every trick, option off): 7 x1 + 10 = 17
            5,  # Gábor: bid 0 took 0 = 5
            5,  # Hanna: bid 0 took 0 = 5
            5,  # Imre: bid 0 took 0 = 5
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[33, 33, 15, 20, 20, 32, 32, 20, 26, 15],
    ),
    Hand(
        cards=9, dealer=9,
        bids=[3, 3, 0, 0, 1, 1, 1, 0, 2, 0],
        tricks=[3, 3, 0, 0, 0, 1, 1, 0, 1, 0],
        points=[
            13,  # Anna: bid 3 took 3: 3 + 10 = 13
            13,  # Béla: bid 3 took 3: 3 + 10 = 13
            5,  # Csilla: bid 0 took 0 = 5
            5,  # Dóra: bid 0 took 0 = 5
            0,  # Ernő: bid 1 took 0: missed, 0 x1 = 0
            11,  # Flóra: bid 1 took 1: 1 + 10 = 11
            11,  # Gábor: bid 1 took 1: 1 + 10 = 11
            5,  # Hanna: bid 0 took 0 = 5
            1,  # Imre: bid 2 took 1: missed, 1 x1 = 1
            5,  # Júlia: bid 0 took 0 = 5
        ],
        totals=[46, 46, 20, 25, 20, 43, 43, 25, 27, 20],
    ),
]


def test_rage_n_glyphs_skip_up_tie_goes_to_coin_flip():
    game = Game.new("rage-n-glyphs", TEN, first_dealer=5, options={"skip_up": True})
    state = play_game(game, RNG_SKIP_UP)
    # Anna and Béla: 46 each, and 13 each in the final hand: only a coin flip decides.
    assert state.finished
    assert state.coin_flip_between == (0, 1)
    assert state.winners == (0, 1)
    assert state.decided_by is None
    with pytest.raises(BidwellError):
        game.record_coin_flip(5)  # Flóra is not in the tie
    state = game.record_coin_flip(1)
    assert state.winners == (1,)
    assert state.decided_by == TieBreak.COIN_FLIP
    assert state.totals == (46, 46, 20, 25, 20, 43, 43, 25, 27, 20)


# --- 2. Oh Hell (BGA), 3 players, short-up-down: 6 5 4 3 2 1 2 3 4 5 6 -----------
#
# The hook is always on. Same bids and tricks under the three scoring styles:
#   positive: exact = 10 + tricks, missed = tricks
#   neutral:  exact = 10 + tricks, missed = 0
#   negative: exact = 10,          missed = -10 x |bid - tricks|
# Each row: cards, dealer, forbidden dealer bid, bids, tricks.

OH_HELL_PLAY = [
    (6, 0, 2, [1, 2, 2], [1, 3, 2]),  # Béla 2 + Csilla 2 = 4: Anna may not bid 2
    (5, 1, 1, [3, 0, 1], [2, 1, 2]),  # Csilla 1 + Anna 3 = 4: Béla may not bid 1
    (4, 2, 2, [0, 2, 3], [0, 1, 3]),  # Anna 0 + Béla 2 = 2: Csilla may not bid 2
    (3, 0, 2, [0, 1, 0], [0, 3, 0]),  # Béla 1 + Csilla 0 = 1: Anna may not bid 2
    (2, 1, 0, [1, 1, 1], [1, 0, 1]),  # Csilla 1 + Anna 1 = 2: Béla may not bid 0
    (1, 2, 1, [0, 0, 0], [1, 0, 0]),  # Anna 0 + Béla 0 = 0: Csilla may not bid 1
    (2, 0, 0, [1, 2, 0], [0, 2, 0]),  # Béla 2 + Csilla 0 = 2: Anna may not bid 0
    (3, 1, 1, [1, 0, 1], [1, 1, 1]),  # Csilla 1 + Anna 1 = 2: Béla may not bid 1
    (4, 2, 0, [4, 0, 1], [2, 0, 2]),  # Anna 4 + Béla 0 = 4: Csilla may not bid 0
    (5, 0, 1, [0, 2, 2], [1, 2, 2]),  # Béla 2 + Csilla 2 = 4: Anna may not bid 1
    (6, 1, 1, [2, 2, 3], [2, 0, 4]),  # Csilla 3 + Anna 2 = 5: Béla may not bid 1
]

OH_HELL_EXPECTED = {
    "positive": [
        # (points, running totals)
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          3,  # Béla: bid 2 took 3: missed, tricks = 3
          12],  # Csilla: bid 2 took 2: 10 + 2 = 12
         [11, 3, 12]),
        ([2,  # Anna: bid 3 took 2: missed, tricks = 2
          1,  # Béla: bid 0 took 1: missed, tricks = 1
          2],  # Csilla: bid 1 took 2: missed, tricks = 2
         [13, 4, 14]),
        ([10,  # Anna: bid 0 took 0: 10 + 0 = 10
          1,  # Béla: bid 2 took 1: missed, tricks = 1
          13],  # Csilla: bid 3 took 3: 10 + 3 = 13
         [23, 5, 27]),
        ([10,  # Anna: bid 0 took 0: 10 + 0 = 10
          3,  # Béla: bid 1 took 3: missed, tricks = 3
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [33, 8, 37]),
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          0,  # Béla: bid 1 took 0: missed, tricks = 0
          11],  # Csilla: bid 1 took 1: 10 + 1 = 11
         [44, 8, 48]),
        ([1,  # Anna: bid 0 took 1: missed, tricks = 1
          10,  # Béla: bid 0 took 0: 10 + 0 = 10
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [45, 18, 58]),
        ([0,  # Anna: bid 1 took 0: missed, tricks = 0
          12,  # Béla: bid 2 took 2: 10 + 2 = 12
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [45, 30, 68]),
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          1,  # Béla: bid 0 took 1: missed, tricks = 1
          11],  # Csilla: bid 1 took 1: 10 + 1 = 11
         [56, 31, 79]),
        ([2,  # Anna: bid 4 took 2: missed, tricks = 2
          10,  # Béla: bid 0 took 0: 10 + 0 = 10
          2],  # Csilla: bid 1 took 2: missed, tricks = 2
         [58, 41, 81]),
        ([1,  # Anna: bid 0 took 1: missed, tricks = 1
          12,  # Béla: bid 2 took 2: 10 + 2 = 12
          12],  # Csilla: bid 2 took 2: 10 + 2 = 12
         [59, 53, 93]),
        ([12,  # Anna: bid 2 took 2: 10 + 2 = 12
          0,  # Béla: bid 2 took 0: missed, tricks = 0
          4],  # Csilla: bid 3 took 4: missed, tricks = 4
         [71, 53, 97]),
    ],
    "neutral": [
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          0,  # Béla: bid 2 took 3: missed = 0
          12],  # Csilla: bid 2 took 2: 10 + 2 = 12
         [11, 0, 12]),
        ([0,  # Anna: bid 3 took 2: missed = 0
          0,  # Béla: bid 0 took 1: missed = 0
          0],  # Csilla: bid 1 took 2: missed = 0
         [11, 0, 12]),
        ([10,  # Anna: bid 0 took 0: 10 + 0 = 10
          0,  # Béla: bid 2 took 1: missed = 0
          13],  # Csilla: bid 3 took 3: 10 + 3 = 13
         [21, 0, 25]),
        ([10,  # Anna: bid 0 took 0: 10 + 0 = 10
          0,  # Béla: bid 1 took 3: missed = 0
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [31, 0, 35]),
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          0,  # Béla: bid 1 took 0: missed = 0
          11],  # Csilla: bid 1 took 1: 10 + 1 = 11
         [42, 0, 46]),
        ([0,  # Anna: bid 0 took 1: missed = 0
          10,  # Béla: bid 0 took 0: 10 + 0 = 10
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [42, 10, 56]),
        ([0,  # Anna: bid 1 took 0: missed = 0
          12,  # Béla: bid 2 took 2: 10 + 2 = 12
          10],  # Csilla: bid 0 took 0: 10 + 0 = 10
         [42, 22, 66]),
        ([11,  # Anna: bid 1 took 1: 10 + 1 = 11
          0,  # Béla: bid 0 took 1: missed = 0
          11],  # Csilla: bid 1 took 1: 10 + 1 = 11
         [53, 22, 77]),
        ([0,  # Anna: bid 4 took 2: missed = 0
          10,  # Béla: bid 0 took 0: 10 + 0 = 10
          0],  # Csilla: bid 1 took 2: missed = 0
         [53, 32, 77]),
        ([0,  # Anna: bid 0 took 1: missed = 0
          12,  # Béla: bid 2 took 2: 10 + 2 = 12
          12],  # Csilla: bid 2 took 2: 10 + 2 = 12
         [53, 44, 89]),
        ([12,  # Anna: bid 2 took 2: 10 + 2 = 12
          0,  # Béla: bid 2 took 0: missed = 0
          0],  # Csilla: bid 3 took 4: missed = 0
         [65, 44, 89]),
    ],
    "negative": [
        ([10,  # Anna: bid 1 took 1: exact = 10
          -10,  # Béla: bid 2 took 3: -10 x 1 = -10
          10],  # Csilla: bid 2 took 2: exact = 10
         [10, -10, 10]),
        ([-10,  # Anna: bid 3 took 2: -10 x 1 = -10
          -10,  # Béla: bid 0 took 1: -10 x 1 = -10
          -10],  # Csilla: bid 1 took 2: -10 x 1 = -10
         [0, -20, 0]),
        ([10,  # Anna: bid 0 took 0: exact = 10
          -10,  # Béla: bid 2 took 1: -10 x 1 = -10
          10],  # Csilla: bid 3 took 3: exact = 10
         [10, -30, 10]),
        ([10,  # Anna: bid 0 took 0: exact = 10
          -20,  # Béla: bid 1 took 3: -10 x 2 = -20
          10],  # Csilla: bid 0 took 0: exact = 10
         [20, -50, 20]),
        ([10,  # Anna: bid 1 took 1: exact = 10
          -10,  # Béla: bid 1 took 0: -10 x 1 = -10
          10],  # Csilla: bid 1 took 1: exact = 10
         [30, -60, 30]),
        ([-10,  # Anna: bid 0 took 1: -10 x 1 = -10
          10,  # Béla: bid 0 took 0: exact = 10
          10],  # Csilla: bid 0 took 0: exact = 10
         [20, -50, 40]),
        ([-10,  # Anna: bid 1 took 0: -10 x 1 = -10
          10,  # Béla: bid 2 took 2: exact = 10
          10],  # Csilla: bid 0 took 0: exact = 10
         [10, -40, 50]),
        ([10,  # Anna: bid 1 took 1: exact = 10
          -10,  # Béla: bid 0 took 1: -10 x 1 = -10
          10],  # Csilla: bid 1 took 1: exact = 10
         [20, -50, 60]),
        ([-20,  # Anna: bid 4 took 2: -10 x 2 = -20
          10,  # Béla: bid 0 took 0: exact = 10
          -10],  # Csilla: bid 1 took 2: -10 x 1 = -10
         [0, -40, 50]),
        ([-10,  # Anna: bid 0 took 1: -10 x 1 = -10
          10,  # Béla: bid 2 took 2: exact = 10
          10],  # Csilla: bid 2 took 2: exact = 10
         [-10, -30, 60]),
        ([10,  # Anna: bid 2 took 2: exact = 10
          -20,  # Béla: bid 2 took 0: -10 x 2 = -20
          -10],  # Csilla: bid 3 took 4: -10 x 1 = -10
         [0, -50, 50]),
    ],
}


@pytest.mark.parametrize("scoring", ["positive", "neutral", "negative"])
def test_oh_hell_three_players_short_up_down(scoring):
    sheet = [
        Hand(cards=cards, dealer=dealer, hook=hook, bids=bids, tricks=tricks, points=points, totals=totals)
        for (cards, dealer, hook, bids, tricks), (points, totals) in zip(
            OH_HELL_PLAY, OH_HELL_EXPECTED[scoring], strict=True
        )
    ]
    game = Game.new("oh-hell", TEN[:3], first_dealer=0, options={"sequence": "short-up-down", "scoring": scoring})
    state = play_game(game, sheet)
    assert state.winners == (2,)  # Csilla leads alone under every style: 97 / 89 / 50
    assert state.decided_by is None


# --- 3. Rage (AMIGO), 4 players, 10 hands of 10..1 cards --------------------------
#
# 1 per trick; +10 exact; -5 missed; +5 per Bonus card, -5 per Mad card held.
# No hook (its default is off). Tie on total -> more exact bids.

RAGE = [
    Hand(
        cards=10, dealer=3, bonus=[1, 0, 0, 0], mad=[0, 0, 1, 0],
        bids=[3, 2, 4, 2],
        tricks=[3, 1, 4, 2],
        points=[
            18,  # Anna: bid 3 took 3: 3 + 10 + 5 bonus = 18
            -4,  # Béla: bid 2 took 1: 1 - 5 = -4
            9,  # Csilla: bid 4 took 4: 4 + 10 - 5 mad = 9
            12,  # Dóra: bid 2 took 2: 2 + 10 = 12
        ],
        totals=[18, -4, 9, 12],
    ),
    Hand(
        cards=9, dealer=0,
        bids=[2, 3, 2, 1],
        tricks=[3, 3, 2, 1],
        points=[
            -2,  # Anna: bid 2 took 3: 3 - 5 = -2
            13,  # Béla: bid 3 took 3: 3 + 10 = 13
            12,  # Csilla: bid 2 took 2: 2 + 10 = 12
            11,  # Dóra: bid 1 took 1: 1 + 10 = 11
        ],
        totals=[16, 9, 21, 23],
    ),
    Hand(
        cards=8, dealer=1, bonus=[0, 2, 0, 0], mad=[0, 0, 0, 1],
        bids=[1, 4, 2, 0],
        tricks=[0, 5, 3, 0],
        points=[
            -5,  # Anna: bid 1 took 0: 0 - 5 = -5
            10,  # Béla: bid 4 took 5: 5 - 5 + 2 x 5 bonus = 10
            -2,  # Csilla: bid 2 took 3: 3 - 5 = -2
            5,  # Dóra: bid 0 took 0: 0 + 10 - 5 mad = 5
        ],
        totals=[11, 19, 19, 28],
    ),
    Hand(
        cards=7, dealer=2, bonus=[0, 0, 1, 0], mad=[1, 1, 0, 0],
        bids=[2, 2, 2, 2],
        tricks=[2, 1, 2, 2],
        points=[
            7,  # Anna: bid 2 took 2: 2 + 10 - 5 mad = 7
            -9,  # Béla: bid 2 took 1: 1 - 5 - 5 mad = -9
            17,  # Csilla: bid 2 took 2: 2 + 10 + 5 bonus = 17
            12,  # Dóra: bid 2 took 2: 2 + 10 = 12
        ],
        totals=[18, 10, 36, 40],
    ),
    Hand(
        cards=6, dealer=3, mad=[0, 0, 0, 3],
        bids=[1, 2, 0, 2],
        tricks=[1, 3, 0, 2],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            -2,  # Béla: bid 2 took 3: 3 - 5 = -2
            10,  # Csilla: bid 0 took 0: 0 + 10 = 10
            -3,  # Dóra: bid 2 took 2: 2 + 10 - 3 x 5 mad = -3
        ],
        totals=[29, 8, 46, 37],
    ),
    Hand(
        cards=5, dealer=0, bonus=[3, 0, 0, 0], mad=[0, 1, 0, 0],
        bids=[2, 1, 1, 0],
        tricks=[2, 2, 1, 0],
        points=[
            27,  # Anna: bid 2 took 2: 2 + 10 + 3 x 5 bonus = 27
            -8,  # Béla: bid 1 took 2: 2 - 5 - 5 mad = -8
            11,  # Csilla: bid 1 took 1: 1 + 10 = 11
            10,  # Dóra: bid 0 took 0: 0 + 10 = 10
        ],
        totals=[56, 0, 57, 47],
    ),
    Hand(
        cards=4, dealer=1,
        bids=[1, 1, 1, 1],
        tricks=[1, 2, 0, 1],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            -3,  # Béla: bid 1 took 2: 2 - 5 = -3
            -5,  # Csilla: bid 1 took 0: 0 - 5 = -5
            11,  # Dóra: bid 1 took 1: 1 + 10 = 11
        ],
        totals=[67, -3, 52, 58],
    ),
    Hand(
        cards=3, dealer=2, bonus=[0, 1, 0, 1], mad=[0, 0, 2, 0],
        bids=[0, 1, 1, 2],
        tricks=[0, 1, 0, 2],
        points=[
            10,  # Anna: bid 0 took 0: 0 + 10 = 10
            16,  # Béla: bid 1 took 1: 1 + 10 + 5 bonus = 16
            -15,  # Csilla: bid 1 took 0: 0 - 5 - 2 x 5 mad = -15
            17,  # Dóra: bid 2 took 2: 2 + 10 + 5 bonus = 17
        ],
        totals=[77, 13, 37, 75],
    ),
    Hand(
        cards=2, dealer=3, bonus=[0, 1, 0, 1], mad=[0, 0, 1, 0],
        bids=[2, 1, 0, 0],
        tricks=[2, 0, 0, 0],
        points=[
            12,  # Anna: bid 2 took 2: 2 + 10 = 12
            0,  # Béla: bid 1 took 0: 0 - 5 + 5 bonus = 0
            5,  # Csilla: bid 0 took 0: 0 + 10 - 5 mad = 5
            15,  # Dóra: bid 0 took 0: 0 + 10 + 5 bonus = 15
        ],
        totals=[89, 13, 42, 90],
    ),
    Hand(
        cards=1, dealer=0,
        bids=[1, 0, 0, 0],
        tricks=[1, 0, 0, 0],
        points=[
            11,  # Anna: bid 1 took 1: 1 + 10 = 11
            10,  # Béla: bid 0 took 0: 0 + 10 = 10
            10,  # Csilla: bid 0 took 0: 0 + 10 = 10
            10,  # Dóra: bid 0 took 0: 0 + 10 = 10
        ],
        totals=[100, 23, 52, 100],
    ),
]


def test_rage_four_players_tie_broken_by_exact_bids():
    game = Game.new("rage", TEN[:4], first_dealer=3)
    state = play_game(game, RAGE)
    # Exact bids, counted by hand from the sheet:
    #   Anna:   hands 1, 4, 5, 6, 7, 8, 9, 10            = 8
    #   Béla:   hands 2, 8, 10                           = 3
    #   Csilla: hands 1, 2, 4, 5, 6, 9, 10               = 7
    #   Dóra:   every hand                               = 10
    assert state.exact_bids == (8, 3, 7, 10)
    # Anna and Dóra tie on 100. Anna scored more in the final hand (11 vs 10),
    # but Rage breaks the tie on exact bids: Dóra 10, Anna 8.
    assert state.winners == (3,)
    assert state.decided_by == TieBreak.EXACT_BIDS
    assert state.coin_flip_between == ()


# --- 4. Herrlof ---------------------------------------------------------------------
#
# 15 cards each (2 players), 11 (3 players); every hand the same size. Tricks may
# add up to 1-3 less than the hand size. 1 per trick; +5 for taking exactly 3 or 4
# (2 players only; option five_trick_bonus adds 5); +10 exact. Bonuses add up.
# Ends after the hand in which someone reaches 50 (3 players: 40).

HERRLOF = [
    Hand(
        cards=15, dealer=0,
        bids=[3, 7],
        tricks=[3, 10],  # 13: two tricks destroyed
        points=[
            18,  # Anna: bid 3 took 3: 3 + 5 (three) + 10 exact = 18
            10,  # Béla: bid 7 took 10: missed, 10
        ],
        totals=[18, 10],
    ),
    Hand(
        cards=15, dealer=1,
        bids=[4, 9],
        tricks=[4, 9],  # 13
        points=[
            19,  # Anna: bid 4 took 4: 4 + 5 (four) + 10 exact = 19
            19,  # Béla: bid 9 took 9: 9 + 10 = 19
        ],
        totals=[37, 29],
    ),
    Hand(
        cards=15, dealer=0,
        bids=[6, 5],
        tricks=[5, 7],  # 12: three tricks destroyed, the most there can be
        points=[
            5,  # Anna: bid 6 took 5: missed, 5 (no bonus for five by default)
            7,  # Béla: bid 5 took 7: missed, 7
        ],
        totals=[42, 36],
    ),
    Hand(
        cards=15, dealer=1,
        bids=[8, 2],
        tricks=[11, 3],  # 14
        points=[
            11,  # Anna: bid 8 took 11: missed, 11
            8,  # Béla: bid 2 took 3: missed, 3 + 5 (three) = 8
        ],
        totals=[53, 44],
    ),
]


def test_herrlof_two_players_until_fifty():
    game = Game.new("herrlof", TEN[:2], first_dealer=0)
    assert game.rules.bidding == "secret"
    state = play_game(game, HERRLOF)
    # Anna reaches 53 (>= 50) after hand 4: the game is over.
    assert state.winners == (0,)
    assert state.decided_by is None
    for hand in state.hands:
        assert hand.shown_bids == hand.bids  # secret bids are revealed with the tricks


def test_herrlof_secret_bids_hidden_until_the_tricks():
    game = Game.new("herrlof", TEN[:2], first_dealer=0)
    game.bid(1, 7)
    game.bid(0, 3)
    assert game.state.current.shown_bids == (None, None)
    assert not game.can_record_tricks([3, 8])  # 11: four short, more than 3 Valknuts
    assert not game.can_record_tricks([8, 8])  # 16: more tricks than cards
    state = game.record_tricks([3, 10])
    assert state.hands[0].shown_bids == (3, 7)
    assert state.hands[0].points == (18, 10)


HERRLOF_FIVE = [
    Hand(
        cards=15, dealer=1,
        bids=[5, 8],
        tricks=[5, 8],  # 13
        points=[
            20,  # Anna: bid 5 took 5: 5 + 5 (five, option) + 10 exact = 20
            18,  # Béla: bid 8 took 8: 8 + 10 = 18
        ],
        totals=[20, 18],
    ),
    Hand(
        cards=15, dealer=0,
        bids=[3, 5],
        tricks=[7, 5],  # 12
        points=[
            7,  # Anna: bid 3 took 7: missed, 7
            20,  # Béla: bid 5 took 5: 5 + 5 (five, option) + 10 exact = 20
        ],
        totals=[27, 38],
    ),
    Hand(
        cards=15, dealer=1,
        bids=[4, 6],
        tricks=[4, 9],  # 13
        points=[
            19,  # Anna: bid 4 took 4: 4 + 5 (four) + 10 exact = 19
            9,  # Béla: bid 6 took 9: missed, 9
        ],
        totals=[46, 47],
    ),
    Hand(
        cards=15, dealer=0,
        bids=[6, 2],
        tricks=[5, 10],  # 15
        points=[
            10,  # Anna: bid 6 took 5: missed, 5 + 5 (five, option) = 10
            10,  # Béla: bid 2 took 10: missed, 10
        ],
        totals=[56, 57],
    ),
]


def test_herrlof_five_trick_bonus():
    game = Game.new("herrlof", TEN[:2], first_dealer=1, options={"five_trick_bonus": True})
    state = play_game(game, HERRLOF_FIVE)
    assert state.winners == (1,)  # Béla 57, Anna 56
    assert state.decided_by is None


HERRLOF_THREE = [
    Hand(
        cards=11, dealer=0,
        bids=[3, 4, 2],
        tricks=[3, 5, 2],  # 10
        points=[
            13,  # Anna: bid 3 took 3: 3 + 10 exact = 13 (no +5 with 3 players)
            5,  # Béla: bid 4 took 5: missed, 5
            12,  # Csilla: bid 2 took 2: 2 + 10 = 12
        ],
        totals=[13, 5, 12],
    ),
    Hand(
        cards=11, dealer=1,
        bids=[4, 3, 4],
        tricks=[4, 4, 3],  # 11
        points=[
            14,  # Anna: bid 4 took 4: 4 + 10 = 14 (no +5)
            4,  # Béla: bid 3 took 4: missed, 4 (no +5)
            3,  # Csilla: bid 4 took 3: missed, 3 (no +5)
        ],
        totals=[27, 9, 15],
    ),
    Hand(
        cards=11, dealer=2,
        bids=[1, 6, 3],
        tricks=[0, 6, 2],  # 8: three tricks destroyed
        points=[
            0,  # Anna: bid 1 took 0: missed, 0
            16,  # Béla: bid 6 took 6: 6 + 10 = 16
            2,  # Csilla: bid 3 took 2: missed, 2
        ],
        totals=[27, 25, 17],
    ),
    Hand(
        cards=11, dealer=0,
        bids=[3, 5, 2],
        tricks=[3, 5, 1],  # 9
        points=[
            13,  # Anna: bid 3 took 3: 3 + 10 = 13 (no +5)
            15,  # Béla: bid 5 took 5: 5 + 10 = 15
            1,  # Csilla: bid 2 took 1: missed, 1
        ],
        totals=[40, 40, 18],
    ),
]


def test_herrlof_three_players_until_forty():
    game = Game.new("herrlof", TEN[:3], first_dealer=0)
    state = play_game(game, HERRLOF_THREE)
    # Anna and Béla reach 40 together. Exact bids: Anna hands 1, 2, 4 = 3;
    # Béla hands 3, 4 = 2; Csilla hand 1 = 1.
    assert state.exact_bids == (3, 2, 1)
    assert state.winners == (0,)
    assert state.decided_by == TieBreak.EXACT_BIDS
