"""The relatives shipped as game files (issue 28): Wizard, Skull King, Up and Down the River, and the parameters
they need (a zero bid scored by the cards in the hand, cards that count only with a made bid, the hook from a
hand number or a hand size on).

Every expected number below was worked out by hand from the published rules as RULES.md section 5 states them
(``../shared/RULES.md``), never printed by the engine: each hand is a row of a score sheet with the arithmetic
per player as a comment, and the running totals written out as literals.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import play_hand, view_texts
from pseudo import outside
from pypdf import PdfReader
from test_languages import PLAYERS, _calendar_words, _check, _play_to_the_end, pseudo, pseudo_catalogs  # noqa: F401

from companion.sheets.pdf import blank_sheet, filled_sheet, render_pdf
from companion.store.games import GameStore
from companion.views.stats import StatsModel
from scoring.definitions import load_game, rules_for
from scoring.describe import scoring_summary
from scoring.draft import TrickDraft
from scoring.errors import BidError, TemplateError
from scoring.game import Game
from scoring.record import game_from_record
from scoring.schedule import plan
from scoring.state import Phase

BIDWELL = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "bidwell"
NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra"]
FREE = object()  # the dealer's bid is not restricted in this hand


@dataclass(frozen=True)
class Row:
    """One line of the score sheet, every list in seat order."""

    cards: int
    dealer: int
    bids: list[int]
    tricks: list[int]
    points: list[int]
    totals: list[int]
    forbidden: object = FREE  # the one bid the hook forbids the dealer, or FREE
    counted: dict[str, list[int]] = field(default_factory=dict)


def play(game: Game, sheet: list[Row], *, to_the_end: bool = True) -> None:
    """Play every row: bids in turn (the dealer last, the hook checked there), tricks and counted cards; then
    check the hand's points and the running totals, and that the game ends after the last row (``to_the_end``) or
    goes on."""
    for number, row in enumerate(sheet, start=1):
        current = game.state.current
        assert (current.number, current.cards, current.dealer) == (number, row.cards, row.dealer), f"hand {number}"
        for seat in current.bidding_order:
            if seat == row.dealer:
                if row.forbidden is FREE:
                    assert game.state.forbidden_bid is None, f"hand {number}"
                else:
                    assert game.state.forbidden_bid == row.forbidden, f"hand {number}"
                    assert not game.can_bid(seat, row.forbidden)
            game.bid(seat, row.bids[seat])
        assert game.state.phase is Phase.PLAYING
        state = game.record_tricks(row.tricks, row.counted or None)
        hand = state.hands[number - 1]
        assert hand.points == tuple(row.points), f"hand {number} points"
        assert hand.totals == tuple(row.totals), f"hand {number} totals"
        assert state.finished == (to_the_end and number == len(sheet)), f"hand {number} finished"


# --- Skull King, 4 players --------------------------------------------------------------------------------------
#
# Round n deals n cards, 10 rounds. Bid 1+ made: 20 a trick; missed: -10 a trick over or under. Bid 0 made:
# +10 x the cards; missed: -10 x the cards. Captures count only with a made bid: a standard 14 +10, the black 14
# +20, a mermaid taken by a pirate +20, a pirate taken by the Skull King +30, the Skull King taken by a mermaid +40.

SKULL_KING = [
    Row(cards=1, dealer=0, bids=[0, 1, 0, 0], tricks=[0, 1, 0, 0],
        counted={"fourteens": [0, 1, 0, 0]},
        # Anna 0 made: 10x1; Béla 1 made: 20 + a 14 captured 10 = 30; Csilla, Dóra 0 made: 10
        points=[10, 30, 10, 10], totals=[10, 30, 10, 10]),
    Row(cards=2, dealer=1, bids=[1, 0, 1, 0], tricks=[1, 1, 0, 0],
        counted={"black_fourteen": [0, 1, 0, 0], "mermaids": [1, 0, 0, 0]},
        # Anna 1 made: 20 + mermaid 20 = 40; Béla 0 missed: -10x2 = -20 (his black 14 does not count);
        # Csilla 1 took 0: -10; Dóra 0 made: 10x2 = 20
        points=[40, -20, -10, 20], totals=[50, 10, 0, 30]),
    Row(cards=3, dealer=2, bids=[1, 1, 1, 0], tricks=[1, 2, 0, 0],
        counted={"skull_king": [1, 0, 0, 0], "pirates": [0, 1, 0, 0]},
        # Anna 1 made: 20 + Skull King taken by a mermaid 40 = 60; Béla 1 took 2: -10 (his pirate does not count);
        # Csilla 1 took 0: -10; Dóra 0 made: 10x3 = 30
        points=[60, -10, -10, 30], totals=[110, 0, -10, 60]),
    Row(cards=4, dealer=3, bids=[2, 0, 1, 1], tricks=[2, 0, 1, 1],
        counted={"black_fourteen": [1, 0, 0, 0], "pirates": [0, 0, 2, 0], "fourteens": [0, 0, 0, 1]},
        # Anna 2 made: 40 + black 14 20 = 60; Béla 0 made: 10x4 = 40; Csilla 1 made: 20 + 2 pirates 60 = 80;
        # Dóra 1 made: 20 + a 14 10 = 30
        points=[60, 40, 80, 30], totals=[170, 40, 70, 90]),
    Row(cards=5, dealer=0, bids=[1, 2, 0, 3], tricks=[0, 2, 1, 2],
        counted={"fourteens": [0, 2, 0, 0], "mermaids": [0, 0, 0, 1]},
        # Anna 1 took 0: -10; Béla 2 made: 40 + two 14s 20 = 60; Csilla 0 took 1: -10x5 = -50;
        # Dóra 3 took 2: -10 (her mermaid does not count)
        points=[-10, 60, -50, -10], totals=[160, 100, 20, 80]),
    Row(cards=6, dealer=1, bids=[3, 0, 2, 0], tricks=[3, 0, 3, 0],
        counted={"fourteens": [3, 0, 0, 0], "black_fourteen": [0, 0, 1, 0]},
        # Anna 3 made: 60 + three 14s 30 = 90; Béla 0 made: 60; Csilla 2 took 3: -10 (no black 14); Dóra 0 made: 60
        points=[90, 60, -10, 60], totals=[250, 160, 10, 140]),
    Row(cards=7, dealer=2, bids=[0, 0, 0, 0], tricks=[2, 2, 2, 1],
        counted={"pirates": [1, 0, 0, 0]},
        # every bid of 0 missed: -10x7 = -70 each, whatever the tricks (Anna's pirate does not count)
        points=[-70, -70, -70, -70], totals=[180, 90, -60, 70]),
    Row(cards=8, dealer=3, bids=[4, 1, 2, 1], tricks=[4, 1, 2, 1],
        counted={"skull_king": [1, 0, 0, 0], "mermaids": [0, 2, 0, 0], "pirates": [0, 0, 3, 0],
                 "fourteens": [0, 0, 0, 1], "black_fourteen": [0, 0, 0, 1]},
        # Anna 4 made: 80 + Skull King 40 = 120; Béla 1 made: 20 + two mermaids 40 = 60;
        # Csilla 2 made: 40 + three pirates 90 = 130; Dóra 1 made: 20 + a 14 10 + the black 14 20 = 50
        points=[120, 60, 130, 50], totals=[300, 150, 70, 120]),
    Row(cards=9, dealer=0, bids=[3, 3, 3, 3], tricks=[9, 0, 0, 0],
        counted={"fourteens": [3, 0, 0, 0], "black_fourteen": [1, 0, 0, 0], "mermaids": [2, 0, 0, 0],
                 "pirates": [3, 0, 0, 0], "skull_king": [1, 0, 0, 0]},
        # Anna 3 took 9: -60 (every capture lost with the bid); Béla, Csilla, Dóra 3 took 0: -30
        points=[-60, -30, -30, -30], totals=[240, 120, 40, 90]),
    Row(cards=10, dealer=1, bids=[0, 5, 5, 0], tricks=[0, 5, 5, 0],
        counted={"pirates": [0, 3, 0, 0], "mermaids": [0, 0, 1, 0], "fourteens": [0, 0, 2, 0]},
        # Anna 0 made: 10x10 = 100; Béla 5 made: 100 + three pirates 90 = 190;
        # Csilla 5 made: 100 + a mermaid 20 + two 14s 20 = 140; Dóra 0 made: 100
        points=[100, 190, 140, 100], totals=[340, 310, 180, 190]),
]


def test_skull_king_whole_game_by_the_published_rules():
    game = Game.new("skull-king", NAMES[:4])
    assert game.rules.bidding.value == "hidden"  # everyone shows a fist at once
    play(game, SKULL_KING)
    assert game.state.winners == (0,)


def test_skull_king_deals_ten_rounds_up_to_seven_players_and_eight_with_eight():
    assert [hand.cards for hand in plan(rules_for("skull-king", 2))] == list(range(1, 11))
    assert [hand.cards for hand in plan(rules_for("skull-king", 7))] == list(range(1, 11))  # all 70 cards
    assert [hand.cards for hand in plan(rules_for("skull-king", 8))] == list(range(1, 9))


def test_skull_king_captures_are_capped_by_the_deck():
    game = Game.new("skull-king", NAMES[:4])
    for seat in game.state.current.bidding_order:
        game.bid(seat, 0)
    assert not game.can_record_tricks([1, 0, 0, 0], {"skull_king": [1, 1, 0, 0]})  # one Skull King
    assert game.can_record_tricks([1, 0, 0, 0], {"skull_king": [1, 0, 0, 0]})


def _skull_king_in_round_two() -> Game:
    """Four players in round 2 (2 cards each, so the deck's copies bound every kind), their bids in."""
    game = Game.new("skull-king", NAMES[:4])
    play_hand(game, [1, 0, 0, 0], [1, 0, 0, 0])
    for seat in game.state.current.bidding_order:
        game.bid(seat, 0)
    return game


def test_skull_king_captures_come_only_from_the_tricks_a_player_won():
    game = _skull_king_in_round_two()
    assert game.allowed_counted("black_fourteen", 0, [0, 0, 0, 0], tricks=0) == 0
    assert game.allowed_counted("pirates", 0, [0, 0, 0, 0], tricks=0) == 0
    # One trick holds one card of each of the 4 players: at most 4, and never past the 6 pirates less the others'.
    assert game.allowed_counted("pirates", 0, [0, 0, 0, 0], tricks=1) == 4
    assert game.allowed_counted("pirates", 0, [0, 3, 0, 0], tricks=1) == 3
    assert game.allowed_counted("pirates", 0, [0, 0, 0, 0], tricks=2) == 6
    assert game.allowed_counted("pirates", 0, [0, 0, 0, 0]) == 6  # tricks not known yet: only the deck bounds it


def test_rage_action_cards_go_to_whoever_played_them_whatever_their_tricks():
    game = Game.new("rage", NAMES[:3])
    for seat in game.state.current.bidding_order:
        game.bid(seat, 3)
    assert game.allowed_counted("bonus", 0, [0, 0, 0], tricks=0) == 3
    assert game.can_record_tricks([0, 5, 5], {"bonus": [3, 0, 0], "mad": [0, 0, 3]})
    draft = TrickDraft.fresh(game).give(game, 1, 5).give(game, 2, 5)  # seat 0 is left 0
    assert draft.tricks == (0, 5, 5)
    assert draft.step_counted(game, "bonus", 0, 1).counted["bonus"] == (1, 0, 0)


def test_a_skull_king_draft_gives_no_capture_without_a_trick_and_lowers_captures_when_tricks_drop():
    game = _skull_king_in_round_two()
    draft = TrickDraft.fresh(game).give(game, 1, 2)  # every trick placed: the others are filled in with 0
    assert draft.tricks == (0, 2, 0, 0)
    assert draft.step_counted(game, "black_fourteen", 0, 1).counted["black_fourteen"] == (0, 0, 0, 0)
    for _ in range(8):
        draft = draft.step_counted(game, "pirates", 1, 1)
    assert draft.counted["pirates"] == (0, 6, 0, 0)
    draft = draft.give(game, 1, 1)  # one trick for seat 1 now: its 6 pirates cannot all be in it
    assert draft.counted["pirates"] == (0, 4, 0, 0)
    draft = draft.give(game, 1, 0)
    assert draft.counted["pirates"] == (0, 0, 0, 0)
    assert game.can_record_tricks([2, 0, 0, 0], {"pirates": [4, 0, 0, 0]})


def test_a_skull_king_record_with_a_capture_no_trick_holds_is_still_read():
    # Bidwell offered captures to any player before they were bounded by the tricks: a game stored then must
    # still open as it was scored. The bound is the screens' (allowed_counted and the draft), not a refusal.
    record = {"format": 1, "game": "skull-king", "players": NAMES[:4], "first_dealer": 0, "hands": [
        {"bids": [1, 0, 0, 0], "tricks": [0, 1, 0, 0], "skull_king": [1, 0, 0, 0]}]}
    game = game_from_record(record)
    assert game.state.hands[0].tricks == (0, 1, 0, 0)
    assert game.allowed_counted("skull_king", 0, [0, 0, 0, 0], hand=1, tricks=0) == 0


# --- Wizard, 6 players, the hook on but not in the first hand (the Canadian rule) --------------------------------
#
# Hand n deals n cards, 60 / 6 = 10 hands. Made: 20 + 10 a trick; missed: -10 a trick over or under.
# The dealer may not make the bids add up to the cards, from hand 2 on.

WIZARD = [
    Row(cards=1, dealer=0, bids=[0, 1, 0, 0, 0, 0], tricks=[0, 1, 0, 0, 0, 0],
        # bids add up to 1 = the cards: allowed in the first hand. 0 made: 20; Béla 1 made: 20 + 10 = 30
        points=[20, 30, 20, 20, 20, 20], totals=[20, 30, 20, 20, 20, 20]),
    Row(cards=2, dealer=1, forbidden=0, bids=[1, 1, 0, 0, 1, 0], tricks=[1, 0, 0, 0, 1, 0],
        # the others bid 2 of 2: Béla may not bid 0. Anna, Ernő 1 made: 30; Béla 1 took 0: -10; 0 made: 20
        points=[30, -10, 20, 20, 30, 20], totals=[50, 20, 40, 40, 50, 40]),
    Row(cards=3, dealer=2, forbidden=1, bids=[1, 1, 0, 0, 0, 0], tricks=[1, 1, 0, 0, 1, 0],
        # others 2 of 3: not 1. Anna, Béla 30; Csilla, Dóra, Flóra 0 made: 20; Ernő 0 took 1: -10
        points=[30, 30, 20, 20, -10, 20], totals=[80, 50, 60, 60, 40, 60]),
    Row(cards=4, dealer=3, forbidden=1, bids=[2, 0, 1, 0, 0, 0], tricks=[2, 0, 1, 1, 0, 0],
        # others 3 of 4: not 1. Anna 20 + 20 = 40; Béla 20; Csilla 30; Dóra 0 took 1: -10; Ernő, Flóra 20
        points=[40, 20, 30, -10, 20, 20], totals=[120, 70, 90, 50, 60, 80]),
    Row(cards=5, dealer=4, bids=[1, 1, 1, 1, 0, 2], tricks=[1, 1, 1, 0, 0, 2],
        # others 6 of 5: no bid would make 5. Anna, Béla, Csilla 30; Dóra 1 took 0: -10; Ernő 20; Flóra 20 + 20 = 40
        points=[30, 30, 30, -10, 20, 40], totals=[150, 100, 120, 40, 80, 120]),
    Row(cards=6, dealer=5, forbidden=1, bids=[2, 1, 0, 1, 1, 2], tricks=[2, 1, 0, 1, 1, 1],
        # others 5 of 6: not 1. Anna 40; Béla 30; Csilla 20; Dóra, Ernő 30; Flóra 2 took 1: -10
        points=[40, 30, 20, 30, 30, -10], totals=[190, 130, 140, 70, 110, 110]),
    Row(cards=7, dealer=0, forbidden=2, bids=[3, 1, 2, 0, 1, 1], tricks=[3, 1, 1, 0, 1, 1],
        # others 5 of 7: not 2. Anna 20 + 30 = 50; Béla 30; Csilla 2 took 1: -10; Dóra 20; Ernő, Flóra 30
        points=[50, 30, -10, 20, 30, 30], totals=[240, 160, 130, 90, 140, 140]),
    Row(cards=8, dealer=1, forbidden=1, bids=[2, 0, 1, 2, 1, 1], tricks=[2, 1, 1, 2, 1, 1],
        # others 7 of 8: not 1. Anna 40; Béla 0 took 1: -10; Csilla 30; Dóra 40; Ernő, Flóra 30
        points=[40, -10, 30, 40, 30, 30], totals=[280, 150, 160, 130, 170, 170]),
    Row(cards=9, dealer=2, forbidden=2, bids=[1, 2, 3, 1, 2, 1], tricks=[0, 2, 3, 1, 2, 1],
        # others 7 of 9: not 2. Anna 1 took 0: -10; Béla 40; Csilla 20 + 30 = 50; Dóra 30; Ernő 40; Flóra 30
        points=[-10, 40, 50, 30, 40, 30], totals=[270, 190, 210, 160, 210, 200]),
    Row(cards=10, dealer=3, forbidden=1, bids=[2, 2, 2, 0, 2, 1], tricks=[2, 2, 2, 0, 2, 2],
        # others 9 of 10: not 1. Anna, Béla, Csilla, Ernő 40; Dóra 0 made: 20; Flóra 1 took 2: -10
        points=[40, 40, 40, 20, 40, -10], totals=[310, 230, 250, 180, 250, 190]),
]


def test_wizard_whole_game_by_the_published_rules_with_the_canadian_hook():
    game = Game.new("wizard", NAMES, options={"hose_the_dealer": True, "hook_not_in_first_hand": True})
    play(game, WIZARD)
    assert game.state.winners == (0,)


def test_wizard_deals_the_whole_deck_by_the_end():
    assert [len(plan(rules_for("wizard", players))) for players in (3, 4, 5, 6)] == [20, 15, 12, 10]
    assert plan(rules_for("wizard", 3))[-1].cards == 20


# --- Up and Down the River, 3 players, the hook on ----------------------------------------------------------------
#
# max = min(10, 51 / 3) = 10: hands 10 ... 1 ... 10 (19 hands). Made: 10 + the tricks; missed: nothing for the
# tricks and -10 for each trick over or under.

RIVER = [
    Row(cards=10, dealer=0, forbidden=3, bids=[2, 4, 3], tricks=[2, 5, 3],
        points=[12, -10, 13], totals=[12, -10, 13]),  # 10+2; 4 took 5: -10; 10+3
    Row(cards=9, dealer=1, forbidden=3, bids=[3, 4, 3], tricks=[3, 4, 2],
        points=[13, 14, -10], totals=[25, 4, 3]),  # 10+3; 10+4; 3 took 2: -10
    Row(cards=8, dealer=2, forbidden=3, bids=[2, 3, 2], tricks=[2, 3, 3],
        points=[12, 13, -10], totals=[37, 17, -7]),  # 10+2; 10+3; 2 took 3: -10
    Row(cards=7, dealer=0, forbidden=3, bids=[4, 2, 2], tricks=[4, 1, 2],
        points=[14, -10, 12], totals=[51, 7, 5]),  # 10+4; 2 took 1: -10; 10+2
    Row(cards=6, dealer=1, forbidden=3, bids=[2, 2, 1], tricks=[2, 2, 2],
        points=[12, 12, -10], totals=[63, 19, -5]),  # 10+2; 10+2; 1 took 2: -10
    Row(cards=5, dealer=2, bids=[3, 3, 0], tricks=[2, 3, 0],  # others 6 of 5: nothing forbidden
        points=[-10, 13, 10], totals=[53, 32, 5]),  # 3 took 2: -10; 10+3; 0 made: 10
    Row(cards=4, dealer=0, forbidden=2, bids=[1, 1, 1], tricks=[1, 1, 2],
        points=[11, 11, -10], totals=[64, 43, -5]),  # 10+1; 10+1; 1 took 2: -10
    Row(cards=3, dealer=1, forbidden=2, bids=[1, 0, 0], tricks=[1, 2, 0],
        points=[11, -20, 10], totals=[75, 23, 5]),  # 10+1; 0 took 2: -20; 0 made: 10
    Row(cards=2, dealer=2, forbidden=1, bids=[1, 0, 0], tricks=[1, 0, 1],
        points=[11, 10, -10], totals=[86, 33, -5]),  # 10+1; 0 made: 10; 0 took 1: -10
    Row(cards=1, dealer=0, forbidden=1, bids=[0, 0, 0], tricks=[0, 1, 0],
        points=[10, -10, 10], totals=[96, 23, 5]),  # 0 made: 10; 0 took 1: -10; 0 made: 10
    Row(cards=2, dealer=1, forbidden=0, bids=[1, 1, 1], tricks=[1, 0, 1],
        points=[11, -10, 11], totals=[107, 13, 16]),  # 10+1; 1 took 0: -10; 10+1
    Row(cards=3, dealer=2, forbidden=1, bids=[1, 1, 0], tricks=[1, 1, 1],
        points=[11, 11, -10], totals=[118, 24, 6]),  # 10+1; 10+1; 0 took 1: -10
    Row(cards=4, dealer=0, forbidden=1, bids=[0, 2, 1], tricks=[0, 2, 2],
        points=[10, 12, -10], totals=[128, 36, -4]),  # 0 made: 10; 10+2; 1 took 2: -10
    Row(cards=5, dealer=1, forbidden=1, bids=[2, 2, 2], tricks=[2, 2, 1],
        points=[12, 12, -10], totals=[140, 48, -14]),  # 10+2; 10+2; 2 took 1: -10
    Row(cards=6, dealer=2, forbidden=2, bids=[2, 2, 1], tricks=[3, 2, 1],
        points=[-10, 12, 11], totals=[130, 60, -3]),  # 2 took 3: -10; 10+2; 10+1
    Row(cards=7, dealer=0, forbidden=2, bids=[1, 3, 2], tricks=[1, 3, 3],
        points=[11, 13, -10], totals=[141, 73, -13]),  # 10+1; 10+3; 2 took 3: -10
    Row(cards=8, dealer=1, forbidden=2, bids=[3, 3, 3], tricks=[3, 3, 2],
        points=[13, 13, -10], totals=[154, 86, -23]),  # 10+3; 10+3; 3 took 2: -10
    Row(cards=9, dealer=2, forbidden=0, bids=[5, 4, 1], tricks=[2, 4, 3],
        points=[-30, 14, -20], totals=[124, 100, -43]),  # 5 took 2: -30; 10+4; 1 took 3: -20
    Row(cards=10, dealer=0, forbidden=0, bids=[1, 5, 5], tricks=[1, 5, 4],
        points=[11, 15, -10], totals=[135, 115, -53]),  # 10+1; 10+5; 5 took 4: -10
]


def test_up_and_down_the_river_whole_game_by_the_published_rules():
    game = Game.new("up-and-down-the-river", NAMES[:3])
    assert game.rules.hook  # on unless the table turns it off
    play(game, RIVER)
    assert game.state.winners == (0,)


def test_up_and_down_the_river_with_one_point_a_trick_off():
    game = Game.new("up-and-down-the-river", NAMES[:3], options={"penalty": "1"})
    play_two = [
        Row(cards=10, dealer=0, forbidden=3, bids=[2, 4, 3], tricks=[2, 5, 3],
            points=[12, -1, 13], totals=[12, -1, 13]),  # 10+2; 4 took 5: -1; 10+3
        Row(cards=9, dealer=1, forbidden=3, bids=[3, 4, 3], tricks=[3, 4, 2],
            points=[13, 14, -1], totals=[25, 13, 12]),  # 10+3; 10+4; 3 took 2: -1
    ]
    play(game, play_two, to_the_end=False)


# --- the hook from a hand number or a hand size on ----------------------------------------------------------------

def test_the_canadian_hook_lets_the_first_hand_come_out_even_and_no_other():
    game = Game.new("wizard", NAMES[:3], options={"hose_the_dealer": True, "hook_not_in_first_hand": True})
    game.bid(1, 1)
    game.bid(2, 0)
    assert game.state.forbidden_bid is None and game.can_bid(0, 0)  # 1 + 0 + 0 = 1 card: allowed in hand 1
    game.bid(0, 0)
    game.record_tricks([0, 1, 0])
    game.bid(2, 1)
    game.bid(0, 0)
    assert game.state.forbidden_bid == 1  # hand 2: 1 + 0 + 1 would be the 2 cards
    with pytest.raises(BidError, match="may not bid 1"):
        game.bid(1, 1)
    assert game.can_bid(1, 0) and game.can_bid(1, 2)
    game.bid(1, 2)
    # a bid changed afterwards may not make hand 2 come out even either
    assert not game.can_change_bid(1, 1) and game.can_change_bid(1, 0)
    game.record_tricks([0, 1, 1])
    # a correction keeps each hand's own rule: hand 1 may be corrected to come out even, hand 2 may not
    assert game.can_correct(1, [1, 0, 0], [1, 0, 0])
    assert not game.can_correct(2, [0, 1, 1], [0, 1, 1])


def test_without_the_canadian_rule_the_hook_holds_from_the_first_hand():
    game = Game.new("wizard", NAMES[:3], options={"hose_the_dealer": True})
    game.bid(1, 1)
    game.bid(2, 0)
    assert game.state.forbidden_bid == 0 and not game.can_bid(0, 0)


ESCALIER = """
id = "escalier"
name = "L'Escalier"
players = { min = 3, max = 5 }
deck = { cards = 52, undealt_at_least = 1, max_hand = 5 }
hands = { path = [1, "max"] }
scoring = { per_trick = 1, exact_bonus = 10 }
end = { after = "last_hand", tie_breaks = [] }
bidding = { hook_from_cards = 3 }
options.hose_the_dealer.default = true
"""


def test_the_hook_from_a_hand_size_on_holds_in_hands_of_that_size_or_more(own_templates: Path):
    (own_templates / "escalier.toml").write_text(ESCALIER, encoding="utf-8")
    game = Game.new("escalier", NAMES[:3])
    for cards, forbidden in [(1, None), (2, None), (3, 3), (4, 4)]:
        assert game.state.current.cards == cards
        *others, dealer = game.state.current.bidding_order
        for seat in others:
            game.bid(seat, 0)
        # the others bid 0: the dealer bidding every card would make the bids add up to the cards
        assert game.state.forbidden_bid == forbidden, cards
        assert game.can_bid(dealer, cards) == (forbidden is None) and game.can_bid(dealer, cards - 1)
        game.bid(dealer, cards if forbidden is None else cards - 1)
        game.record_tricks([cards if seat == dealer else 0 for seat in range(3)])
    assert ("Hose the Dealer in hands of 3 cards or more: the dealer may not bid so that the bids add up to the "
            "tricks") in scoring_summary(game.rules)


def test_the_hook_from_a_hand_number_and_a_hand_size_is_said_as_both(own_templates: Path):
    (own_templates / "escalier.toml").write_text(
        ESCALIER.replace("hook_from_cards = 3", "hook_from_cards = 3, hook_from_hand = 4"), encoding="utf-8")
    rules = rules_for("escalier", 3)
    assert [rules.hook_in(number, cards) for number, cards in [(3, 3), (4, 4), (4, 2)]] == [False, True, False]
    assert ("Hose the Dealer from hand 4 on, in hands of 3 cards or more: the dealer may not bid so that the bids "
            "add up to the tricks") in scoring_summary(rules)


# --- the new keys, checked like every other -----------------------------------------------------------------------

def _refusal(game: str) -> str:
    with pytest.raises(TemplateError) as refused:
        load_game(game)
    return str(refused.value)


@pytest.mark.parametrize("file, old, new, said", [
    ("skull-king.toml", "exact_zero_per_card = 10", "exact_zero_per_crad = 10",
     "skull-king.toml: unknown key scoring.exact_zero_per_crad; did you mean scoring.exact_zero_per_card?"),
    ("skull-king.toml", "missed_zero_per_card = -10", "missed_zero_per_cards = -10",
     "skull-king.toml: unknown key scoring.missed_zero_per_cards; did you mean scoring.missed_zero_per_card?"),
    ("skull-king.toml", "only_when_made = true", "only_when_mad = true",
     "skull-king.toml: unknown key scoring.cards[1].only_when_mad; did you mean scoring.cards[1].only_when_made?"),
    ("skull-king.toml", 'heading = "14"', 'headnig = "14"',
     "skull-king.toml: unknown key scoring.cards[1].headnig; did you mean scoring.cards[1].heading?"),
    ("skull-king.toml", "only_when_made = true", 'only_when_made = "yes"',
     'skull-king.toml: scoring.cards[1].only_when_made must be true or false, got "yes"'),
    ("skull-king.toml", "exact_zero_per_card = 10", "exact_zero_per_card = 0.5",
     "skull-king.toml: scoring.exact_zero_per_card must be a whole number from -1,000,000 to 1,000,000, got 0.5"),
    ("wizard.toml", "when.true.bidding.hook_from_hand = 2", "when.true.bidding.hook_form_hand = 2",
     "wizard.toml: unknown key options.hook_not_in_first_hand.when.true.bidding.hook_form_hand; did you mean "
     "options.hook_not_in_first_hand.when.true.bidding.hook_from_hand?"),
    ("wizard.toml", "when.true.bidding.hook_from_hand = 2", "when.true.bidding.hook_from_hand = -1",
     "wizard.toml: options.hook_not_in_first_hand.when.true.bidding.hook_from_hand must be a whole number from 0 to "
     "1,000, got -1"),
])
def test_a_misspelled_or_mistyped_new_key_is_refused_clearly(own_templates: Path, file, old, new, said):
    path = own_templates / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert _refusal(file.removesuffix(".toml")) == said


def test_the_new_keys_default_so_that_the_four_games_score_as_before():
    for game in ("rage-n-glyphs", "oh-hell", "rage", "herrlof"):
        rules = rules_for(game, 3)
        assert (rules.hook_from_hand, rules.hook_from_cards) == (1, 1)
        assert rules.scoring.exact_zero_per_card == 0 and rules.scoring.missed_zero_per_card is None
        assert not any(kind.only_when_made or kind.heading for kind in rules.scoring.cards)


# --- the rules in words, the command line ------------------------------------------------------------------------

def test_skull_king_in_words():
    lines = scoring_summary(rules_for("skull-king", 4))
    assert lines[:4] == [
        "each trick taken scores 20 with a made bid, 0 with a missed one",
        "a bid of 0 made scores 10 for each card in the hand",
        "-10 for each trick over or under a missed bid",
        "a bid of 0 missed scores -10 for each card in the hand instead",
    ]
    assert "Pirates taken by the Skull King: +30 each, only with a made bid" in lines
    assert "Skull King taken by a mermaid: +40 each, only with a made bid" in lines


def test_wizard_canadian_hook_in_words():
    lines = scoring_summary(rules_for("wizard", 4, {"hose_the_dealer": True, "hook_not_in_first_hand": True}))
    assert "+20 for an exact bid" in lines
    assert "Hose the Dealer from hand 2 on: the dealer may not bid so that the bids add up to the tricks" in lines


def bidwell(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIDWELL), *args], input=stdin, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "BIDWELL_LANG": "en"})


def test_bidwell_games_lists_the_new_games_with_their_options():
    done = bidwell("games")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "skull-king: Skull King, 2 to 8 players" in lines
    assert "    Bidding: bidding=open (Open) | hidden (Hidden; default) | secret (Secret)" in lines
    assert "up-and-down-the-river: Up and Down the River, 3 to 7 players" in lines
    assert "    Missed bid: penalty=10 (-10 a trick off; default) | 1 (-1 a trick off)" in lines
    assert "wizard: Wizard, 3 to 6 players" in lines
    assert "    Not in the first hand: hook_not_in_first_hand=false (default) | true" in lines
    listed = {game["id"]: game for game in json.loads(bidwell("games", "--json").stdout)}
    assert set(listed) >= {"rage-n-glyphs", "oh-hell", "rage", "herrlof", "wizard", "skull-king",
                           "up-and-down-the-river"}
    assert listed["wizard"]["players"] == {"min": 3, "max": 6}
    assert {"name": "penalty", "label": "Missed bid", "default": "10", "allowed": ["10", "1"],
            "labels": {"10": "-10 a trick off", "1": "-1 a trick off"}} in listed["up-and-down-the-river"]["options"]


def test_bidwell_score_reads_a_skull_king_record_with_its_captures():
    record = {"format": 1, "game": "skull-king", "players": NAMES[:4], "first_dealer": 0, "hands": [
        {"bids": row.bids, "tricks": row.tricks, **row.counted} for row in SKULL_KING[:3]]}
    done = bidwell("score", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == [110, 0, -10, 60]  # the sheet above, after round 3


def test_bidwell_schedule_takes_the_new_games_options():
    done = bidwell("schedule", "--game", "up-and-down-the-river", "--players", "7", "--option", "penalty=1")
    assert [hand["cards"] for hand in json.loads(done.stdout)] == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    refused = bidwell("schedule", "--game", "up-and-down-the-river", "--players", "7", "--option", "penalty=5")
    assert refused.returncode == 2 and refused.stderr == "error: option penalty cannot be 5; allowed: 10, 1\n"


# --- the app, the sheets and the statistics take them as any game -------------------------------------------------

def test_every_word_the_new_games_show_comes_from_a_catalog(tmp_path, pseudo):  # noqa: F811 - the fixture
    store = GameStore(tmp_path / "data")
    seen: list[str] = []
    skull_king = _play_to_the_end(store, "skull-king", PLAYERS, [1, 0, 0, 0], [1, 0, 0, 0], seen=seen)
    _play_to_the_end(store, "wizard", PLAYERS[:3], [1, 0, 0], [1, 0, 0], seen=seen, bidding="hidden",
                     hose_the_dealer=True, hook_not_in_first_hand=True)
    _play_to_the_end(store, "up-and-down-the-river", PLAYERS[:3], [1, 0, 0], [1, 0, 0], seen=seen, penalty="1")
    stats = StatsModel(store.figures(), with_players=PLAYERS[:2])
    seen += [*view_texts(stats.view()), *view_texts(stats.player(PLAYERS[0]))]
    ids = [summary.id for summary in store.history(page=1, per_page=10).items]  # a game's id is not a word
    assert _check(seen, [*PLAYERS, *ids, *_calendar_words()]) == []
    assert any("«" in text for text in seen)  # the pseudo-language was spoken, so this could fail
    sheets = [filled_sheet(skull_king.game, played_on="2026-11-26"), blank_sheet(rules_for("skull-king", 8)),
              blank_sheet(rules_for("wizard", 3, {"hose_the_dealer": True, "hook_not_in_first_hand": True})),
              blank_sheet(rules_for("up-and-down-the-river", 7, {"penalty": "1"}))]
    texts = ["\n".join(page.extract_text() for page in PdfReader(io.BytesIO(render_pdf(sheet))).pages)
             for sheet in sheets]
    assert [outside(text, [*PLAYERS, *_calendar_words()]) for text in texts] == [[], [], [], []]



def test_a_sheet_with_more_player_cells_than_fit_their_words_takes_the_one_letter_headings():
    # Skull King: bid, tricks, five captures, points, total: 9 cells a player. For 4 (36 cells) the words fit, as
    # Rage's 6 cells for 6 players do; for 5 (45 cells) they ran into each other.
    assert blank_sheet(rules_for("skull-king", 4)).columns[:2] == ("Bid", "Tricks")
    assert blank_sheet(rules_for("rage", 6)).columns[:2] == ("Bid", "Tricks")
    assert blank_sheet(rules_for("skull-king", 5)).columns == ("B", "T", "14", "B14", "Mer", "Pir", "SK", "P", "Σ")
    assert blank_sheet(rules_for("oh-hell", 7)).columns == ("B", "T", "P", "Σ")
