"""The engine's actions: turn order, the hook, private bids, tricks, corrections, undo, the end."""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import play_hand

from scoring.actions import Bid, ChangeBid, CoinFlip, Correct, Start, Tricks, action_from_dict, action_to_dict
from scoring.errors import (
    BidError,
    BidwellError,
    CardsError,
    CoinFlipError,
    CorrectionError,
    GameOverError,
    SetupError,
    TricksError,
    UndoError,
)
from scoring.game import Game
from scoring.replay import replay
from scoring.rules import TieBreak
from scoring.state import Phase

FOUR = ["Anna", "Béla", "Csilla", "Dóra"]


def snapshot(game: Game):
    return game.log, game.state


def test_a_new_game_waits_for_the_first_bid_from_the_dealers_left():
    game = Game.new("rage", FOUR, first_dealer=2)
    state = game.state
    assert state.phase is Phase.BIDDING
    assert state.current.number == 1 and state.current.cards == 10
    assert state.current.dealer == 2 and state.current.first == 3
    assert state.next_bidder == 3
    assert state.allowed_bids == tuple(range(11))
    assert state.totals == (0, 0, 0, 0)


def test_bids_go_clockwise_and_the_dealer_bids_last():
    game = Game.new("rage", FOUR, first_dealer=1)
    order = []
    while game.state.phase is Phase.BIDDING:
        order.append(game.state.next_bidder)
        game.bid(game.state.next_bidder, 1)
    assert order == [2, 3, 0, 1]
    assert game.state.phase is Phase.PLAYING


def test_a_bid_out_of_turn_is_refused_and_changes_nothing():
    game = Game.new("rage", FOUR)
    before = snapshot(game)
    with pytest.raises(BidError) as refused:
        game.bid(2, 3)
    assert str(refused.value) == "hand 1, Csilla: it is Béla's turn to bid (bids go clockwise from the dealer's left)"
    assert snapshot(game) == before
    assert not game.can_bid(2, 3) and game.can_bid(1, 3)


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        (11, "hand 1, Béla: bid 11 is more than the 10 cards in this hand"),
        (-1, "hand 1, Béla: bid -1 is negative; bids are whole numbers from 0 to 10"),
        (2.5, "hand 1, Béla: bid 2.5 is not a whole number; bids are whole numbers from 0 to 10"),
        ("2", 'hand 1, Béla: bid "2" is not a whole number; bids are whole numbers from 0 to 10'),
        (True, "hand 1, Béla: bid true is not a whole number; bids are whole numbers from 0 to 10"),
        (None, "hand 1, Béla: bid null is not a whole number; bids are whole numbers from 0 to 10"),
    ],
)
def test_bids_outside_the_hand_are_refused(bid, message):
    game = Game.new("rage", FOUR)
    before = snapshot(game)
    with pytest.raises(BidError) as refused:
        game.bid(1, bid)
    assert str(refused.value) == message
    assert snapshot(game) == before


def test_one_card_hand_says_card_not_cards():
    game = Game.new("rage-n-glyphs", FOUR)
    with pytest.raises(BidError, match="bid 2 is more than the 1 card in this hand"):
        game.bid(1, 2)


def test_an_unknown_seat_is_refused():
    game = Game.new("rage", FOUR)
    with pytest.raises(BidError, match="there is no seat 7; the seats are 0 to 3"):
        game.bid(7, 1)


def hooked(mode="open", game="rage"):
    return Game.new(game, FOUR, options={"hose_the_dealer": True, "bidding": mode})


@pytest.mark.parametrize("mode", ["open", "hidden", "secret"])
def test_the_hook_forbids_the_dealers_bid_that_makes_the_total_even(mode):
    game = hooked(mode)
    for seat, bid in ((1, 3), (2, 2), (3, 4)):
        assert game.state.forbidden_bid is None
        game.bid(seat, bid)
    state = game.state
    assert state.next_bidder == 0
    assert state.forbidden_bid == 1
    assert state.allowed_bids == (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    before = snapshot(game)
    with pytest.raises(BidError) as refused:
        game.bid(0, 1)
    assert str(refused.value) == (
        "hand 1, Anna: may not bid 1: the bids would add up to the 10 tricks in this hand (Hose the Dealer);"
        " any other bid from 0 to 10 is allowed"
    )
    assert snapshot(game) == before
    game.bid(0, 0)
    assert game.state.phase is Phase.PLAYING


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_the_hook_on_a_private_bid_reveals_no_other_bid(mode):
    game = hooked(mode)
    for seat, bid in ((1, 3), (2, 2), (3, 4)):
        game.bid(seat, bid)
    state = game.state
    assert state.forbidden_bid == 1
    assert state.current.shown_bids == (None, None, None, None)
    with pytest.raises(BidError) as refused:
        game.bid(0, 1)
    for other in ("3", "2", "4"):
        assert f" {other} " not in refused.value.detail.replace("10", "")


def test_no_restriction_when_the_forbidden_number_is_out_of_range():
    game = hooked()
    for seat in (1, 2, 3):
        game.bid(seat, 4)
    assert game.state.forbidden_bid is None
    assert game.state.allowed_bids == tuple(range(11))


def test_without_the_hook_the_dealer_may_even_out():
    game = Game.new("rage", FOUR)
    for seat, bid in ((1, 3), (2, 2), (3, 4), (0, 1)):
        game.bid(seat, bid)
    assert game.state.phase is Phase.PLAYING


def test_open_bids_show_as_they_come():
    game = Game.new("rage", FOUR)
    game.bid(1, 3)
    assert game.state.current.shown_bids == (None, 3, None, None)


def test_hidden_bids_show_once_everyone_has_bid():
    game = Game.new("rage", FOUR, options={"bidding": "hidden"})
    for seat, bid in ((1, 3), (2, 2), (3, 4)):
        game.bid(seat, bid)
        assert game.state.current.shown_bids == (None,) * 4
        assert game.state.current.bid_total is None
    game.bid(0, 0)
    assert game.state.current.shown_bids == (0, 3, 2, 4)
    assert game.state.current.bid_total == 9


def test_secret_bids_show_only_with_the_tricks():
    game = Game.new("rage", FOUR, options={"bidding": "secret"})
    for seat, bid in ((1, 3), (2, 2), (3, 4), (0, 0)):
        game.bid(seat, bid)
    assert game.state.phase is Phase.PLAYING
    assert game.state.current.shown_bids == (None,) * 4
    game.record_tricks([0, 3, 3, 4])
    assert game.state.hands[0].shown_bids == (0, 3, 2, 4)
    assert game.state.current.shown_bids == (None,) * 4


def test_herrlof_bids_are_secret_by_default():
    game = Game.new("herrlof", ["Anna", "Béla"])
    game.bid(1, 4)
    game.bid(0, 5)
    assert game.state.current.shown_bids == (None, None)


def finish_bids(game, bid=0):
    while game.state.phase is Phase.BIDDING:
        game.bid(game.state.next_bidder, bid)


def test_tricks_before_the_bids_are_refused():
    game = Game.new("rage", FOUR)
    game.bid(1, 2)
    with pytest.raises(TricksError, match="hand 1: the tricks come after the bids, and Csilla has not bid yet"):
        game.record_tricks([1, 2, 3, 4])


def test_a_bid_after_all_bids_are_in_is_refused():
    game = Game.new("rage", FOUR)
    finish_bids(game)
    with pytest.raises(BidError, match="all bids of this hand are in; the tricks come next"):
        game.bid(1, 2)


def test_a_bid_of_this_hand_changes_without_touching_the_bids_after_it():
    game = Game.new("rage", FOUR)  # Anna deals: Béla, Csilla, Dóra, then Anna bid
    game.bid(1, 2)
    game.bid(2, 3)
    state = game.change_bid(1, 4)  # Béla said 4, not 2
    assert state.current.bids == (None, 4, 3, None) and state.next_bidder == 3
    finish = [game.bid(3, 0), game.bid(0, 1)][-1]
    assert finish.phase is Phase.PLAYING
    state = game.change_bid(3, 2)  # after every bid is in, before the tricks
    assert state.current.bids == (1, 4, 3, 2) and state.phase is Phase.PLAYING
    state = game.record_tricks([1, 4, 3, 2])
    assert [seat.points for seat in state.hands[0].seats] == [11, 14, 13, 12]  # each made it: tricks + 10
    with pytest.raises(BidError, match="hand 2, Anna: has not bid in this hand yet, so there is no bid to change"):
        game.change_bid(0, 3)  # hand 1 is scored: it is corrected, not changed


@pytest.mark.parametrize(
    ("seat", "bid", "message"),
    [
        (2, 1, "hand 1, Csilla: has not bid in this hand yet, so there is no bid to change; they bid in turn"),
        (1, 2, "hand 1, Béla: the bid is 2 already"),
        (1, 11, "hand 1, Béla: bid 11 is more than the 10 cards in this hand"),
        (1, -1, "hand 1, Béla: bid -1 is negative"),
        (7, 1, "hand 1: there is no seat 7"),
    ],
)
def test_a_change_of_a_bid_is_checked_like_a_bid(seat, bid, message):
    game = Game.new("rage", FOUR)
    game.bid(1, 2)
    before = snapshot(game)
    assert not game.can_change_bid(seat, bid)
    with pytest.raises(BidwellError, match=message):
        game.change_bid(seat, bid)
    assert snapshot(game) == before


def test_a_changed_bid_may_not_make_the_bids_even_out_under_the_hook():
    game = Game.new("oh-hell", ["Anna", "Béla", "Csilla"])  # 10 cards; Anna deals and bids last; the hook is on
    for seat, bid in ((1, 3), (2, 3), (0, 2)):
        game.bid(seat, bid)
    with pytest.raises(BidError, match=re.escape(
            "hand 1, Béla: may not change the bid to 5: the bids would then add up to 10, the tricks in this hand, "
            "which Hose the Dealer forbids (Anna bids last); change Anna's bid first, or choose another number")):
        game.change_bid(1, 5)
    with pytest.raises(BidError, match="hand 1, Anna: may not change the bid to 4"):
        game.change_bid(0, 4)  # the dealer's own forbidden number
    assert game.change_bid(0, 1).current.bids == (1, 3, 3)
    assert not game.can_change_bid(1, 6)  # 1 + 6 + 3 = 10
    assert game.change_bid(1, 5).current.bids == (1, 5, 3)
    early = Game.new("oh-hell", ["Anna", "Béla", "Csilla"])
    early.bid(1, 3)
    early.bid(2, 3)
    state = early.change_bid(1, 7)  # before the dealer's bid the hook has nothing to check yet; it moves with it
    assert (state.forbidden_bid, state.next_bidder) == (0, 0)


def test_a_changed_bid_undoes_to_the_bid_before_and_replays():
    game = Game.new("rage", FOUR, options={"bidding": "hidden"})
    game.bid(1, 2)
    game.bid(2, 3)
    game.change_bid(1, 0)
    assert game.state.current.shown_bids == (None, None, None, None)  # still private until everyone has bid
    log = game.log
    assert log[-1] == ChangeBid(1, 0)
    assert action_to_dict(log[-1]) == {"action": "change_bid", "player": 1, "bid": 0}
    assert replay([action_from_dict(action_to_dict(a)) for a in log]).state == game.state
    assert game.undo().current.bids == (None, 2, 3, None)


@pytest.mark.parametrize(
    ("tricks", "error", "message"),
    [
        ([1, 2, 3], TricksError, "hand 1: tricks are needed for all 4 players, got 3"),
        ([1, 2, 3, 3], TricksError, "hand 1: the tricks add up to 9, but this hand has 10; they must add up to exactly 10"),
        ([1, 2, 3, 5], TricksError, "hand 1: the tricks add up to 11, but this hand has 10"),
        ([11, 0, 0, 0], TricksError, "hand 1, Anna: took 11 tricks, more than the 10 cards in this hand"),
        ([-1, 5, 3, 3], TricksError, "hand 1, Anna: tricks -1 is negative"),
        ([1.0, 2, 3, 4], TricksError, "hand 1, Anna: tricks 1.0 is not a whole number"),
    ],
)
def test_tricks_that_do_not_fit_are_refused(tricks, error, message):
    game = Game.new("rage", FOUR)
    finish_bids(game)
    before = snapshot(game)
    with pytest.raises(error) as refused:
        game.record_tricks(tricks)
    assert str(refused.value).startswith(message)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("counted", "message"),
    [
        ({"bonus": [2, 2, 0, 0]}, "hand 1: +5 cards: 4 in this hand, but at most 3 can be in one hand"),
        ({"mad": [1, 1, 1, 1]}, "hand 1: -5 cards: 4 in this hand, but at most 3 can be in one hand"),
        ({"bonus": [-1, 0, 0, 0]}, "hand 1, Anna: +5 cards: -1 is negative"),
        ({"bonus": [0, 0.5, 0, 0]}, "hand 1, Béla: +5 cards: 0.5 is not a whole number"),
        ({"bonus": [0, 0, 0]}, "hand 1: +5 cards are needed for all 4 players, got 3"),
        ({"joker": [0, 0, 0, 1]}, "hand 1: Rage has no 'joker' cards; it has: bonus, mad"),
    ],
)
def test_rage_action_cards_are_checked(counted, message):
    game = Game.new("rage", FOUR)
    finish_bids(game)
    with pytest.raises(CardsError) as refused:
        game.record_tricks([1, 2, 3, 4], counted)
    assert str(refused.value) == message


def test_no_action_cards_outside_rage():
    game = Game.new("oh-hell", ["Anna", "Béla", "Csilla"])
    finish_bids(game, 1)
    with pytest.raises(CardsError, match="Oh Hell \\(BGA\\) has no cards to count besides the tricks"):
        game.record_tricks([10, 0, 0], {"bonus": [1, 0, 0]})


def test_rage_with_two_players_and_one_card_caps_the_cards_at_those_dealt():
    game = Game.new("rage", ["Anna", "Béla"])
    for _ in range(9):
        play_hand(game, [0, 0], [game.state.current.cards, 0])
    finish_bids(game)
    with pytest.raises(CardsError, match="3 in this hand, but at most 2 can be in one hand"):
        game.record_tricks([1, 0], {"bonus": [2, 1]})
    game.record_tricks([1, 0], {"bonus": [1, 1]})


@pytest.mark.parametrize(("tricks", "ok"), [([8, 7], True), ([8, 4], True), ([6, 5], False), ([9, 7], False)])
def test_herrlof_tricks_may_add_up_to_at_most_three_less(tricks, ok):
    game = Game.new("herrlof", ["Anna", "Béla"])
    finish_bids(game, 5)
    assert game.can_record_tricks(tricks) is ok
    if not ok:
        with pytest.raises(TricksError, match="must add up to between 12 and 15 in this hand"):
            game.record_tricks(tricks)


def test_the_hand_is_scored_when_the_tricks_are_in():
    game = Game.new("rage", FOUR)
    state = play_hand(game, [2, 1, 3, 3], [3, 1, 2, 4], {"bonus": [1, 0, 0, 0], "mad": [0, 0, 1, 0]})
    first = state.hands[0]
    assert first.points == (3, 11, -8, -1)
    assert first.totals == (3, 11, -8, -1)
    assert [seat.exact for seat in first.seats] == [False, True, False, False]
    assert first.counted("bonus") == (1, 0, 0, 0)
    assert state.current.number == 2 and state.current.cards == 9 and state.current.dealer == 1
    assert state.exact_bids == (0, 1, 0, 0)


def test_a_fixed_game_ends_after_its_last_hand_and_refuses_more():
    game = Game.new("rage", ["Anna", "Béla"])
    for hand in range(10):
        cards = game.state.current.cards
        state = play_hand(game, [cards, 0], [cards, 0])
    assert state.finished and state.current is None
    assert state.winners == (0,) and state.decided_by is None
    with pytest.raises(GameOverError) as refused:
        game.bid(1, 0)
    assert str(refused.value) == "hand 11: Rage with 2 players has 10 hands, and they are all played"
    with pytest.raises(GameOverError):
        game.record_tricks([0, 0])


def herrlof_to(totals_after):
    """A Herrlof game where Anna takes 15 tricks a hand, bidding them: 25 points a hand."""
    game = Game.new("herrlof", ["Anna", "Béla"])
    for _ in range(totals_after):
        play_hand(game, [15, 0], [15, 0])
    return game


def test_herrlof_ends_after_the_hand_in_which_someone_reaches_fifty():
    game = herrlof_to(1)
    assert not game.state.finished and game.state.totals == (25, 10)
    state = play_hand(game, [15, 0], [15, 0])
    assert state.totals == (50, 20) and state.finished and state.ended_after == 2
    assert state.winners == (0,)
    with pytest.raises(GameOverError) as refused:
        game.bid(1, 0)
    assert str(refused.value) == "hand 3: the game ended after hand 2 (Anna reached 50)"


def test_correction_recomputes_every_later_total():
    game = Game.new("rage", FOUR)
    play_hand(game, [2, 1, 3, 3], [3, 1, 2, 4])
    play_hand(game, [0, 4, 2, 2], [0, 4, 3, 2])
    play_hand(game, [1, 1, 1, 1], [2, 2, 2, 2])
    assert game.state.totals == (-2 + 10 - 3, 11 + 14 - 3, -3 - 2 - 3, -1 + 12 - 3)
    game.correct(1, [3, 1, 2, 4], [3, 1, 2, 4])
    state = game.state
    assert state.hands[0].points == (13, 11, 12, 14)
    assert state.hands[1].totals == (23, 25, 10, 26)
    assert state.totals == (20, 22, 7, 23)


def test_correction_is_checked_like_the_hand_itself():
    game = Game.new("oh-hell", ["Anna", "Béla", "Csilla"])
    play_hand(game, [3, 3, 3], [4, 3, 3])
    before = snapshot(game)
    with pytest.raises(BidError, match="hand 1, Anna: may not bid 4"):
        game.correct(1, [4, 3, 3], [4, 3, 3])
    with pytest.raises(TricksError, match="hand 1: the tricks add up to 11"):
        game.correct(1, [3, 3, 3], [4, 4, 3])
    with pytest.raises(CorrectionError, match="hand 1: nothing changed in this hand"):
        game.correct(1, [3, 3, 3], [4, 3, 3])
    with pytest.raises(CorrectionError, match="there is no finished hand 2 to correct \\(finished hands: 1 to 1\\)"):
        game.correct(2, [3, 3, 3], [4, 3, 3])
    assert snapshot(game) == before


def test_correction_moves_the_herrlof_end_earlier_and_undo_moves_it_back():
    game = Game.new("herrlof", ["Anna", "Béla"])
    play_hand(game, [3, 3], [4, 11])  # Anna 4+5 = 9, Béla 11
    play_hand(game, [15, 0], [15, 0])  # 25, 10
    play_hand(game, [15, 0], [15, 0])  # 25, 10
    assert game.state.totals == (59, 31) and game.state.ended_after == 3
    game.correct(1, [15, 3], [15, 0])  # Anna 25: 50 after hand 2
    state = game.state
    assert state.ended_after == 2 and state.finished
    assert state.totals == (50, 0 + 10)
    assert state.hands[2].void and not state.hands[2].scored
    assert [h.number for h in state.scored_hands] == [1, 2]
    game.undo()
    assert game.state.ended_after == 3 and game.state.totals == (59, 31)


def test_correction_can_reopen_a_finished_herrlof_game():
    game = Game.new("herrlof", ["Anna", "Béla"])
    play_hand(game, [15, 0], [15, 0])
    play_hand(game, [15, 0], [15, 0])
    assert game.state.finished
    game.correct(2, [14, 0], [14, 0])
    state = game.state
    assert not state.finished and state.phase is Phase.BIDDING and state.current.number == 3
    assert state.totals == (25 + 24, 20)  # 14 tricks + 10 exact


def tie_for_coin_flip():
    """Rage'n Glyphs, 3 players, Skip Up (hands of 1, 3, ..., 31 cards), every bid made.

    Anna and Béla each bid and take (cards - 1) / 2, Csilla 1: per hand Anna and
    Béla score (c - 1) / 2 + 10 (5 in the 1-card hand, a made bid of 0), Csilla 11.
    Anna = Béla = 5 + (1 + 2 + ... + 15) + 15 x 10 = 275; Csilla = 16 x 11 = 176.
    """
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"], options={"skip_up": True})
    while not game.state.finished:
        half = (game.state.current.cards - 1) // 2
        play_hand(game, [half, half, 1], [half, half, 1])
    return game


def test_a_tie_the_final_hand_cannot_break_waits_for_a_coin_flip():
    game = tie_for_coin_flip()
    state = game.state
    assert state.totals == (275, 275, 176)
    assert state.hands[-1].points == (25, 25, 11)
    assert state.finished and state.coin_flip_between == (0, 1) and state.winners == (0, 1)
    with pytest.raises(CoinFlipError, match="Csilla is not among the tied players \\(Anna, Béla\\)"):
        game.record_coin_flip(2)
    state = game.record_coin_flip(1)
    assert state.winners == (1,) and state.decided_by is TieBreak.COIN_FLIP
    assert state.coin_flip_between == ()
    with pytest.raises(CoinFlipError, match="the coin flip is already recorded"):
        game.record_coin_flip(0)


def test_a_coin_flip_that_a_correction_made_moot_no_longer_counts():
    game = tie_for_coin_flip()
    game.record_coin_flip(1)
    state = game.correct(16, [14, 15, 2], [14, 15, 2])  # Anna 14 + 10 = 24, Béla 25
    assert state.winners == (1,) and state.decided_by is None
    game.undo()
    assert game.state.winners == (1,) and game.state.decided_by is TieBreak.COIN_FLIP


def test_a_coin_flip_before_the_end_or_in_another_game_is_refused():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    with pytest.raises(CoinFlipError, match="no coin flip is needed: the game is not over"):
        game.record_coin_flip(0)
    with pytest.raises(CoinFlipError, match="Rage has no coin flip"):
        Game.new("rage", FOUR).record_coin_flip(0)


def test_final_hand_points_break_a_tie():
    """10 players, Skip Up: hands of 1, 3, 5, 7, 9 cards; whoever is not named bids 0 and takes 0 (5).

    P0: 1/1 = 11, 3/3 = 13, 5/5 = 15, then 5 and 5: 49.
    P1: 5, 5, 5, 7/7 = 17, 7/7 = 17: 49. P2: 5, 5, 5, 5, 2/2 = 12: 32.
    Tied at 49; in the final hand P1 scored 17, P0 5.
    """
    game = Game.new("rage-n-glyphs", [f"P{i}" for i in range(10)], options={"skip_up": True})
    for takers in ({0: 1}, {0: 3}, {0: 5}, {1: 7}, {1: 7, 2: 2}):
        bids = [takers.get(seat, 0) for seat in range(10)]
        play_hand(game, bids, bids)
    state = game.state
    assert state.finished
    assert state.totals[:3] == (49, 49, 32) and state.totals[3:] == (25,) * 7
    assert state.winners == (1,) and state.decided_by is TieBreak.FINAL_HAND_POINTS


def test_undo_gives_back_the_state_before_each_action():
    game = Game.new("rage", FOUR, options={"bidding": "hidden"})
    states = [game.state]
    for seat, bid in ((1, 2), (2, 2), (3, 2), (0, 2)):
        states.append(game.bid(seat, bid))
    states.append(game.record_tricks([1, 2, 3, 4]))
    states.append(game.correct(1, [2, 2, 2, 2], [2, 2, 3, 3]))
    while len(states) > 1:
        states.pop()
        assert game.undo() == states[-1]
    with pytest.raises(UndoError, match="there is nothing to undo"):
        game.undo()
    assert not game.can_undo()


def test_the_log_replays_to_the_same_game():
    game = Game.new("rage", FOUR, first_dealer=3)
    play_hand(game, [2, 1, 3, 3], [3, 1, 2, 4], {"bonus": [1, 0, 0, 0]})
    game.correct(1, [2, 1, 3, 3], [2, 2, 2, 4])
    game.bid(1, 4)
    log = game.log
    assert isinstance(log[0], Start) and log[0].options == {"bidding": "open", "hose_the_dealer": False}
    assert [type(a) for a in log[1:]] == [Bid, Bid, Bid, Bid, Tricks, Correct, Bid]
    again = replay(log)
    assert again.state == game.state and again.log == log
    assert replay([action_from_dict(action_to_dict(a)) for a in log]).state == game.state


def test_actions_serialise_to_plain_json():
    assert action_to_dict(Tricks((1, 2), {"bonus": (1, 0)})) == {
        "action": "tricks", "tricks": [1, 2], "counted": {"bonus": [1, 0]}
    }
    assert action_from_dict({"action": "coin_flip", "winner": 2}) == CoinFlip(2)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna", "  "], "player 2 has an empty name"),
        (["Anna", " Anna "], "'Anna' is at the table twice (players 1 and 2)"),
        (["Béla", "Be\u0301la", "Csilla"], "'Béla' is at the table twice (players 1 and 2)"),
        (["Anna", 7], "player 2 must be a name (text), got 7"),
        ("Anna", "players must be a list of names"),
    ],
)
def test_players_are_named_once_each(players, message):
    with pytest.raises(SetupError) as refused:
        Game.new("rage", players)
    assert str(refused.value) == message


def test_names_are_trimmed_and_the_first_dealer_checked():
    assert Game.new("rage", [" Anna ", "Béla"]).players == ("Anna", "Béla")
    with pytest.raises(SetupError, match="first dealer must be a seat from 0 to 1, got 2"):
        Game.new("rage", ["Anna", "Béla"], first_dealer=2)


def test_every_refusal_is_a_value_error_with_a_message():
    with pytest.raises(ValueError):
        Game.new("rage", FOUR).bid(0, 1)
    assert issubclass(BidError, BidwellError)


# --- leaders and standings ---------------------------------------------------------


def test_nobody_leads_before_the_first_hand_and_everyone_shares_first_place():
    state = Game.new("rage", FOUR).state
    assert state.leaders == ()
    assert [(s.seat, s.place, s.total, s.exact_bids, s.winner) for s in state.standings] == [
        (0, 1, 0, 0, False), (1, 1, 0, 0, False), (2, 1, 0, 0, False), (3, 1, 0, 0, False)
    ]


def test_leaders_and_standings_follow_the_totals_while_the_game_goes_on():
    game = Game.new("rage", FOUR)
    # Anna 2/3: 3 - 5 = -2; Béla 1/1: 11; Csilla 3/2: -3; Dóra 3/4: -1
    state = play_hand(game, [2, 1, 3, 3], [3, 1, 2, 4])
    assert state.leaders == (1,)
    assert [(s.seat, s.place, s.total, s.exact_bids) for s in state.standings] == [
        (1, 1, 11, 1), (3, 2, -1, 0), (0, 3, -2, 0), (2, 4, -3, 0)
    ]
    # Hand 2 (9 cards), all made: Anna 2 + 10, Béla 2 + 10, Csilla 3 + 10, Dóra 2 + 10
    state = play_hand(game, [2, 2, 3, 2], [2, 2, 3, 2])
    assert state.totals == (10, 23, 10, 11)
    assert state.leaders == (1,)
    # Equal totals share a place and the next one is skipped (1, 2, 3, 3).
    assert [(s.seat, s.place) for s in state.standings] == [(1, 1), (3, 2), (0, 3), (2, 3)]
    assert not any(s.winner for s in state.standings)


def test_leaders_are_every_seat_on_the_highest_total():
    game = Game.new("rage", FOUR)
    state = play_hand(game, [2, 2, 3, 3], [2, 2, 3, 3])  # 12, 12, 13, 13
    assert state.leaders == (2, 3)
    assert [(s.seat, s.place) for s in state.standings] == [(2, 1), (3, 1), (0, 3), (1, 3)]


def test_a_tie_break_winner_is_first_and_the_player_tied_on_total_second():
    # P1 and P0 have 49, P2 32, the rest 25 (test_final_hand_points_break_a_tie); P1 won on the final hand.
    game = Game.new("rage-n-glyphs", [f"P{i}" for i in range(10)], options={"skip_up": True})
    for takers in ({0: 1}, {0: 3}, {0: 5}, {1: 7}, {1: 7, 2: 2}):
        bids = [takers.get(seat, 0) for seat in range(10)]
        play_hand(game, bids, bids)
    standings = game.state.standings
    assert [(s.seat, s.place, s.total, s.winner) for s in standings[:4]] == [
        (1, 1, 49, True), (0, 2, 49, False), (2, 3, 32, False), (3, 4, 25, False)
    ]
    assert [(s.seat, s.place) for s in standings[4:]] == [(seat, 4) for seat in range(4, 10)]
    assert {s.exact_bids for s in standings} == {5}  # everyone bid what they took, every hand
    assert game.state.leaders == (0, 1)  # the totals alone: the tie-break does not change who has most


def test_while_a_coin_flip_is_pending_nobody_has_won_and_the_tied_share_first_place():
    game = tie_for_coin_flip()
    assert [(s.seat, s.place, s.winner) for s in game.state.standings] == [(0, 1, False), (1, 1, False), (2, 3, False)]
    game.record_coin_flip(1)
    assert [(s.seat, s.place, s.total, s.exact_bids, s.winner) for s in game.state.standings] == [
        (1, 1, 275, 16, True), (0, 2, 275, 16, False), (2, 3, 176, 16, False)
    ]


def test_a_shared_win_puts_every_winner_first():
    # Herrlof: both bid 7 and take 7 each hand (one trick destroyed): 17 a hand, 51 after three.
    game = Game.new("herrlof", ["Anna", "Béla"])
    for _ in range(3):
        play_hand(game, [7, 7], [7, 7])
    state = game.state
    assert state.finished and state.winners == (0, 1) and state.decided_by is None
    assert [(s.seat, s.place, s.total, s.winner) for s in state.standings] == [(0, 1, 51, True), (1, 1, 51, True)]


# --- what may be entered while the tricks are counted ------------------------------


def rage_after_bids(players=FOUR):
    game = Game.new("rage", players)
    finish_bids(game, 1)
    return game


def test_allowed_tricks_keep_the_total_within_the_cards():
    game = rage_after_bids()  # 10 cards
    assert game.allowed_tricks(0, [None] * 4) == tuple(range(11))
    assert game.allowed_tricks(0, [None, 3, 4, None]) == (0, 1, 2, 3)
    assert game.allowed_tricks(0, [None, 6, 5, None]) == ()


def test_the_last_count_must_make_the_total_exact():
    game = rage_after_bids()
    assert game.allowed_tricks(0, [None, 3, 4, 2]) == (1,)
    assert game.allowed_tricks(0, [9, 3, 4, 2]) == (1,)  # the seat's own count is what is being chosen
    assert game.allowed_tricks(3, [0, 0, 0, None]) == (10,)


def test_herrlof_allows_up_to_three_tricks_to_vanish():
    game = Game.new("herrlof", ["Anna", "Béla"])  # 15 cards; the tricks add up to 12..15
    finish_bids(game, 5)
    assert game.allowed_tricks(0, [None, None]) == tuple(range(16))
    assert game.allowed_tricks(0, [None, 5]) == (7, 8, 9, 10)
    assert game.allowed_tricks(0, [None, 13]) == (0, 1, 2)
    three = Game.new("herrlof", ["Anna", "Béla", "Csilla"])  # 11 cards; 8..11
    finish_bids(three, 2)
    assert three.allowed_tricks(1, [2, None, None]) == tuple(range(10))
    assert three.allowed_tricks(1, [2, None, 1]) == (5, 6, 7, 8)


def test_what_is_left_goes_to_the_one_seat_without_a_count():
    game = rage_after_bids()
    assert game.tricks_left([None, 3, 4, 2]) == 1
    assert game.tricks_left([None, None, 4, 2]) is None
    assert game.tricks_left([1, 3, 4, 2]) is None
    assert game.tricks_left([None, 6, 5, 0]) == 0  # more than the cards already: nothing is left
    herrlof = Game.new("herrlof", ["Anna", "Béla"])
    finish_bids(herrlof, 5)
    assert herrlof.tricks_left([None, 5]) == 10  # the most allowed: no trick vanished


@pytest.mark.parametrize(("game_id", "names", "cards"), [
    ("rage", ["Anna", "Béla", "Csilla"], 10), ("herrlof", ["Anna", "Béla"], 15),
    ("herrlof", ["Anna", "Béla", "Csilla"], 11),
])
def test_allowed_tricks_are_exactly_what_record_tricks_accepts(game_id, names, cards):
    game = Game.new(game_id, names)
    finish_bids(game, 1)
    for others in itertools.product(range(cards + 1), repeat=len(names) - 1):
        allowed = game.allowed_tricks(0, [None, *others])
        for taken in range(cards + 1):
            assert game.can_record_tricks([taken, *others]) is (taken in allowed), (others, taken)


def test_a_draft_that_cannot_be_right_is_refused():
    game = rage_after_bids()
    with pytest.raises(TricksError, match="hand 1: tricks are needed for all 4 players, got 2"):
        game.allowed_tricks(0, [None, 3])
    with pytest.raises(TricksError, match="hand 1, Béla: took 11 tricks, more than the 10 cards"):
        game.allowed_tricks(0, [None, 11, 0, 0])
    with pytest.raises(TricksError, match="there is no seat 7; the seats are 0 to 3"):
        game.allowed_tricks(7, [None] * 4)
    with pytest.raises(TricksError, match="hand 1, Csilla: tricks -1 is negative"):
        game.tricks_left([None, 0, -1, 0])


def test_a_correction_asks_about_its_own_hand():
    game = Game.new("rage", ["Anna", "Béla"])
    play_hand(game, [4, 6], [4, 6])  # hand 1: 10 cards; hand 2 (9 cards) is next
    finish_bids(game, 1)
    assert game.allowed_tricks(0, [None, 4]) == (5,)
    assert game.allowed_tricks(0, [None, 4], hand=1) == (6,)
    assert game.tricks_left([None, 4], hand=1) == 6
    with pytest.raises(CorrectionError, match="there is no finished hand 2 to correct"):
        game.allowed_tricks(0, [None, 4], hand=2)


def test_nothing_is_allowed_once_the_game_is_over():
    game = Game.new("rage", ["Anna", "Béla"])
    while not game.state.finished:
        cards = game.state.current.cards
        play_hand(game, [cards, 0], [cards, 0])
    with pytest.raises(GameOverError):
        game.allowed_tricks(0, [None, 0])
    assert game.allowed_tricks(0, [None, 0], hand=10) == (1,)


def test_action_cards_may_be_given_up_to_the_decks_three():
    game = rage_after_bids()  # 10 cards: the limit is the 3 copies in the deck
    assert game.allowed_counted("bonus", 0, [0, 1, 1, 0]) == 1
    assert game.allowed_counted("bonus", 1, [0, 1, 1, 0]) == 2
    assert game.allowed_counted("mad", 0, [None, 1, None, None]) == 2
    assert game.allowed_counted("mad", 0, [0, 2, 2, 0]) == 0  # already too many: none more
    with pytest.raises(CardsError, match="Rage has no 'joker' cards; it has: bonus, mad"):
        game.allowed_counted("joker", 0, [0, 0, 0, 0])
    with pytest.raises(CardsError, match="hand 1: \\+5 cards are needed for all 4 players, got 3"):
        game.allowed_counted("bonus", 0, [0, 0, 0])
    oh_hell = Game.new("oh-hell", ["Anna", "Béla", "Csilla"])
    with pytest.raises(CardsError, match="has no cards to count besides the tricks"):
        oh_hell.allowed_counted("bonus", 0, [0, 0, 0])


def test_two_players_with_one_card_hold_at_most_two_action_cards_and_the_check_agrees():
    game = Game.new("rage", ["Anna", "Béla"])
    for _ in range(9):
        play_hand(game, [0, 0], [game.state.current.cards, 0])
    finish_bids(game)  # hand 10: one card each, so two cards in all
    assert game.rules.card_limit(game.rules.scoring.cards[0], 1) == 2
    for mine in range(4):
        for theirs in range(4):
            most = game.allowed_counted("bonus", 0, [mine, theirs])
            assert most == max(0, 2 - theirs)
            assert game.can_record_tricks([1, 0], {"bonus": [mine, theirs]}) is (mine <= most and theirs <= 2)


# --- the next game -----------------------------------------------------------------


def test_a_rematch_keeps_game_seats_and_options_and_the_next_seat_deals():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"], first_dealer=1,
                    options={"skip_up": True, "bidding": "hidden"})
    play_hand(game, [1, 0, 0], [1, 0, 0])
    rematch = game.rematch()
    assert rematch is not game and rematch.log[1:] == ()
    assert rematch.rules.game.id == "rage-n-glyphs" and rematch.players == ("Anna", "Béla", "Csilla")
    assert rematch.rules.options == game.rules.options and rematch.rules.options["skip_up"] is True
    assert rematch.first_dealer == 2 and rematch.state.current.dealer == 2
    assert rematch.rematch().first_dealer == 0  # round the table
    assert len(game.state.scored_hands) == 1  # the finished game is left as it was
