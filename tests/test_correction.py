"""The correction screen's view-model: a scored hand's bids and tricks on steppers, each refusal of the engine's
said where it belongs, and the save confirmed."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.store.games import GameStore
from companion.views.common import Message, Screen
from companion.views.play import PlayModel
from scoring.game import Game

RAGE_THREE = ["Anna", "Béla", "Csilla"]


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data")


def new_play(store, game, players, **options):
    return PlayModel(store.start(Game.new(game, players, options=options)), chance=random.Random(7))


def score_hand(model, bids, tricks, **counted):
    """Bid and score the current hand straight through the store (seat order), as if tapped earlier."""
    saved = model.saved
    for seat in model.state.current.bidding_order:
        saved.bid(seat, bids[seat])
    saved.record_tricks(tricks, counted)


def lines(view):
    return {line.name: line for line in view.lines}


def test_a_row_per_player_in_bidding_order_with_steppers_that_stop_at_0_and_the_cards(store):
    model = new_play(store, "rage", RAGE_THREE)
    score_hand(model, [2, 3, 4], [2, 3, 5])
    score_hand(model, [3, 3, 3], [3, 3, 3])
    assert model.correction(3) is None  # hand 3 is being bid, not scored
    assert model.correction(4) is None and model.correction(0) is None
    correction = model.correction(1)
    view = correction.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.can_save = True
    assert view.title == "Correct hand 1" and view.heading == "10 cards each · Anna deals"
    assert [(line.name, line.bid, line.tricks, line.most, line.dealer) for line in view.lines] == [
        ("Béla", 3, 3, 10, False), ("Csilla", 4, 5, 10, False), ("Anna", 2, 2, 10, True)]
    assert [line.result for line in view.lines] == ["✓ 13 points", "× 0 points", "✓ 12 points"]
    assert view.check == "Tricks 10 of 10" and not view.check_refused and view.result_refused is None
    assert not view.can_save  # nothing changed yet, and nothing said about it
    for _ in range(12):
        correction.step_bid(1, 1)
        correction.step_tricks(0, -1)
    assert correction.bids[1] == 10 and correction.tricks[0] == 0


def test_tricks_that_do_not_add_up_are_said_at_the_total_and_the_save_waits(store):
    model = new_play(store, "rage", RAGE_THREE)
    score_hand(model, [2, 3, 4], [2, 3, 5])
    score_hand(model, [3, 3, 3], [3, 3, 3])
    correction = model.correction(1)
    correction.step_tricks(2, -1)  # Csilla 4 of her bid 4: the total is 9
    view = correction.view()
    assert view.check == "Tricks 9 of 10" and view.check_refused and not view.can_save
    assert view.result_refused == "The tricks add up to 9, but this hand has 10; they must add up to exactly 10"
    assert lines(view)["Csilla"].result == "✓ 14 points"  # 4/4 now: 4 + 10
    assert all(line.bid_refused is None for line in view.lines)
    assert not correction.save()
    assert correction.tricks == [2, 3, 4] and model.state.hands[0].tricks == (2, 3, 5)
    correction.step_tricks(1, 1)
    view = correction.view()
    assert view.check == "Tricks 10 of 10" and not view.check_refused and view.result_refused is None
    assert view.can_save
    assert correction.save()
    assert correction.confirmation == "Hand 1 corrected; every later total follows."
    assert model.message == Message("Hand 1 corrected; every later total follows.", error=False)
    # Anna 2/2: 12; Béla bid 3 took 4: 4 - 5 = -1; Csilla 4/4: 14. Hand 2, all 3/3: 13 each.
    assert model.state.hands[0].points == (12, -1, 14)
    assert model.state.totals == (25, 12, 27)
    assert model.undo()
    assert model.message == Message("Undone: the correction of hand 1.", error=False)
    assert model.state.totals == (25, 26, 13)  # 12 + 13; 13 + 13; 0 + 13


def test_a_bid_the_hook_forbids_is_refused_at_the_dealers_row_in_the_engines_words(store):
    model = new_play(store, "oh-hell", RAGE_THREE, sequence="short-down")
    score_hand(model, [4, 4, 3], [4, 4, 2])  # Béla 4, Csilla 3, Anna (the dealer) 4: 11 for 10
    correction = model.correction(1)
    correction.step_bid(0, -1)  # 4 + 3 + 3 = 10: the dealer may not make it come out even
    view = correction.view()
    refused = {line.name: line.bid_refused for line in view.lines}
    assert refused == {"Béla": None, "Csilla": None, "Anna": (
        "May not bid 3: the bids would add up to the 10 tricks in this hand (Hose the Dealer); any other bid from 0 "
        "to 10 is allowed")}
    # The tricks are as they were: their total is right, and says so.
    assert view.check == "Tricks 10 of 10" and not view.check_refused and view.result_refused is None
    assert not view.can_save
    assert not correction.save()
    assert correction.message.error and "may not bid 3" in correction.message.text
    assert correction.bids == [3, 4, 3] and model.state.hands[0].bids == (4, 4, 3)
    assert model.message is None  # the refusal is the correction's, not the game's
    correction.step_tricks(1, 1)  # and now the tricks are wrong too: each said at its own place
    view = correction.view()
    assert lines(view)["Anna"].bid_refused.startswith("May not bid 3")
    assert view.check == "Tricks 11 of 10" and view.check_refused
    assert view.result_refused.startswith("The tricks add up to 11")
    correction.step_bid(0, -1)
    correction.step_tricks(1, -1)
    view = correction.view()
    assert all(line.bid_refused is None for line in view.lines) and view.can_save
    assert correction.save()
    assert model.state.hands[0].bids == (2, 4, 3)


def test_rage_counts_its_action_cards_in_the_correction_within_the_deck(store):
    model = new_play(store, "rage", RAGE_THREE)
    score_hand(model, [2, 3, 4], [2, 3, 5], bonus=[1, 0, 0], mad=[0, 0, 1])
    correction = model.correction(1)
    view = correction.view()
    assert view.card_kinds == ("+5 cards", "-5 cards")
    assert lines(view)["Anna"].counted == (("bonus", "+5 cards", 1, 3), ("mad", "-5 cards", 0, 2))
    correction.step_bid(0, 1)
    assert (lines(correction.view())["Anna"].result, lines(correction.view())["Anna"].made) == ("× 2 points", False)
    for _ in range(5):
        correction.step_counted("bonus", 1, 1)
    correction.step_counted("mad", 2, -3)
    assert correction.counted == {"bonus": [1, 2, 0], "mad": [0, 0, 0]}  # Anna keeps 1 of the 3
    assert lines(correction.view())["Béla"].result == "✓ 23 points"
    assert correction.save()
    # Anna 2 - 5 + 5 = 2; Béla 3/3 with two +5s: 23; Csilla bid 4 took 5: 0.
    assert model.state.hands[0].points == (2, 23, 0)


def test_skull_king_captures_in_a_correction_follow_the_tricks(store):
    model = new_play(store, "skull-king", ["Anna", "Béla", "Csilla", "Dóra"])
    score_hand(model, [0, 0, 0, 0], [1, 0, 0, 0])
    score_hand(model, [0, 0, 0, 0], [2, 0, 0, 0], pirates=[5, 0, 0, 0])
    correction = model.correction(2)
    correction.step_counted("pirates", 1, 1)  # Béla won no trick: he captured nothing
    assert correction.counted["pirates"] == [5, 0, 0, 0]
    correction.step_tricks(0, -1)
    correction.step_tricks(1, 1)
    assert correction.counted["pirates"] == [4, 0, 0, 0]  # one trick of 4 players holds 4 at most
    assert lines(correction.view())["Anna"].counted[3][3] == 4
    assert correction.save()
    assert model.state.hands[1].counted("pirates") == (4, 0, 0, 0)


def test_a_game_changed_elsewhere_keeps_the_correction_and_says_so(store):
    model = new_play(store, "rage", RAGE_THREE)
    score_hand(model, [2, 3, 4], [2, 3, 5])
    correction = model.correction(1)
    correction.step_tricks(2, -1)
    correction.step_tricks(1, 1)
    elsewhere = PlayModel(store.open(model.saved.id))
    elsewhere.tap_bid(3)  # hand 2's first bid, on another screen
    assert model.screen is Screen.BIDDING
    assert not correction.save()
    assert correction.message == Message(
        "The game changed on another screen while hand 1 was open here, so this correction was not saved: go back "
        "and open the hand again.", error=True)
    assert correction.view().message == correction.message and correction.tricks == [2, 4, 4]
    assert correction.confirmation is None
