"""The screens' logic, driven by plain pytest: a scorekeeper's taps without a browser.

Every expected value here is worked out from the rules (RULES.md and the
templates), and the comments show the sums.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from companion.store.games import GameStore
from companion.views.common import Message, Screen, Step, download_name
from companion.views.history import SCREEN_PAGE, HistoryModel
from companion.views.new_game import GameChoice, NewGameModel
from companion.views.play import PlayModel
from companion.views.play_views import HandSummary, ResultLine, StandingLine
from scoring.game import Game

RAGE_THREE = ["Anna", "Béla", "Csilla"]  # Anna deals hand 1, so Béla bids first and leads


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data")


def new_play(store, game, players, *, first_dealer=0, created=None, **options):
    saved = store.start(Game.new(game, players, first_dealer=first_dealer, options=options), created=created)
    return PlayModel(saved, chance=random.Random(7))


def seat_of(model, name):
    return model.players.index(name)


def taken(model, tapped, *, guarded=True):
    """A tap was taken (``tapped`` is what the model said), and the moment it is shown where its pad was is
    over, as after :data:`companion.views.common.SETTLE_SECONDS` on a screen; a tap not ``guarded`` (Score, in
    the bar that stays put, whose next hand is new pads) has no such moment."""
    assert tapped, model.message
    assert model.settle() is guarded


def bid_all(model, bids):
    """Tap the bids (given in seat order) in turn, unlocking the cover where bids are private."""
    for seat in model.state.current.bidding_order:
        if model.screen is Screen.COVER:
            model.unlock()
        taken(model, model.tap_bid(bids[seat]))


def enter_tricks(model, tricks, **counted):
    """Tap the counts (given in seat order) in the order of play, each on its player's pad, then score the hand.

    The last count is filled in; where tricks may vanish (Herrlof) the one
    filled in may be more than was taken, and is then lowered on its pad.
    """
    while (choosing := model.view().tricks.choosing) is not None:
        taken(model, model.tap_tricks(tricks[seat_of(model, choosing)]))
    for line in model.view().tricks.lines:
        if line.tricks != tricks[line.seat]:
            taken(model, model.tap_tricks(tricks[line.seat], line.aim))
    for kind, counts in counted.items():
        for seat, count in enumerate(counts):
            for _ in range(count):
                model.step_counted(kind, seat, 1)
    taken(model, model.confirm_tricks(), guarded=False)


def said_bids(lines):
    """The bids line as the table reads it: (name, bid) in bidding order."""
    return [(line.name, line.bid) for line in lines]


def lines_by_name(tricks_view):
    return {line.name: line for line in tricks_view.lines}


class Taps:
    """The model behind a screen, counting every call the screen makes to it: one call, one tap."""

    def __init__(self, model):
        self.model = model
        self.calls = []

    def __getattr__(self, name):
        method = getattr(self.model, name)

        def tap(*args):
            self.calls.append(name)
            return method(*args)

        return tap


# --- new game ---


def test_players_are_added_in_seat_order_and_bad_names_refused():
    setup = NewGameModel()
    assert setup.add_player("Anna") and setup.add_player(" Béla ")
    assert not setup.add_player("   ")
    assert setup.message == Message("Player 3 has an empty name", error=True)
    assert not setup.add_player("Anna")
    assert setup.message == Message("'Anna' is at the table twice (players 1 and 3)", error=True)
    assert setup.players == ["Anna", "Béla"]
    assert setup.add_player("Csilla") and setup.message is None


def test_the_player_count_is_enforced_with_the_range_shown():
    setup = NewGameModel(game_id="herrlof")
    assert setup.range_text == "2 to 3 players"
    for name in ("Anna", "Béla", "Csilla"):
        assert setup.add_player(name)
    assert not setup.add_player("Dóra")
    assert setup.message == Message("Herrlof is played by at most 3 players", error=True)


def test_starting_with_too_few_players_says_how_many_more(store):
    setup = NewGameModel()
    setup.add_player("Anna")
    assert not setup.view().can_start
    assert setup.start(store) is None
    # Said next to the button (the view's start_refusal), not under the name field; the player stays seated.
    refusal = Message("Rage'n Glyphs needs 3 to 10 players; add 2 more", error=True)
    assert setup.view().start_refusal == refusal and setup.message is None and setup.players == ["Anna"]
    assert setup.add_player("Béla") and setup.view().start_refusal is None  # a name added: the line has done its job


def test_seats_can_be_reordered_and_the_first_dealer_follows_the_person():
    setup = NewGameModel()
    for name in ("Anna", "Béla", "Csilla"):
        setup.add_player(name)
    setup.first_dealer = 2
    setup.move_player(2, -1)
    assert setup.players == ["Anna", "Csilla", "Béla"] and setup.first_dealer == 1
    setup.remove_player(0)
    assert setup.players == ["Csilla", "Béla"] and setup.first_dealer == 0
    setup.remove_player(0)
    assert setup.first_dealer is None


def test_names_from_past_games_are_offered_as_you_type():
    setup = NewGameModel(known_names=["Béla", "Bence", "Anna", "Łucja"])
    setup.add_player("Bence")
    assert setup.suggestions("be") == ["Béla"]
    assert setup.suggestions("LU") == ["Łucja"]
    assert setup.suggestions("") == ["Béla", "Anna", "Łucja"]  # nothing typed yet: every name not seated


def test_options_are_checked_and_the_random_dealer_drawn(store):
    setup = NewGameModel(game_id="oh-hell")
    assert [row.name for row in setup.option_rows()] == ["bidding", "sequence", "scoring"]  # the hook is fixed
    setup.set_option("sequence", "sideways")
    assert setup.message.error and "cannot be sideways" in setup.message.text
    setup.set_option("sequence", "short-up")
    assert setup.message is None
    for name in ("Anna", "Béla", "Csilla"):
        setup.add_player(name)
    saved = setup.start(store, random.Random(3))
    assert saved.game.rules.options["sequence"] == "short-up"
    assert saved.game.first_dealer == random.Random(3).randrange(3)


def test_the_new_game_screen_view_shows_the_choices_and_is_frozen():
    setup = NewGameModel(game_id="oh-hell")
    view = setup.view()
    assert view.game_id == "oh-hell" and GameChoice("oh-hell", "Oh Hell (BGA)", "3 to 7 players") in view.games
    assert GameChoice("rage", "Rage", "2 to 10 players") in view.games and len(view.games) == 7
    assert view.range_text == "3 to 7 players" and view.players == () and not view.can_start
    sequence = next(row for row in view.options if row.name == "sequence")
    assert (sequence.label, sequence.value, sequence.is_bool) == ("Sequence", "long", False)
    assert sequence.allowed == ("long", "long-reversed", "short-up-down", "short-up", "short-down")
    for name in ("Anna", "Béla", "Csilla"):
        setup.add_player(name)
    view = setup.view()
    assert view.players == ("Anna", "Béla", "Csilla") and view.can_start and view.message is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.can_start = False


# --- playing: bids ---


def test_an_open_hand_from_bids_to_points(store):
    model = new_play(store, "rage", RAGE_THREE)
    view = model.view()
    header = view.header
    assert (header.title, header.cards, header.dealer, header.first) == (
        "Hand 1 of 10", "10 cards each", "Anna deals", "Béla bids first and leads")
    assert header.options == "Bids said aloud" and header.race is None
    assert view.screen is Screen.BIDDING and view.bids.bidder == "Béla" and not view.bids.private
    assert [key.value for key in view.bids.keys] == list(range(11)) and all(k.allowed for k in view.bids.keys)
    assert view.bids.forbidden is None and view.summary is None and view.tricks is None
    bid_all(model, [2, 3, 4])
    view = model.view()
    assert view.screen is Screen.TRICKS and view.bids is None
    assert view.tricks.bid_total == "Bids 9 for 10 tricks: underbid by 1" and view.tricks.bids_note is None
    enter_tricks(model, [2, 3, 5], bonus=[1, 0, 0], mad=[0, 0, 1])
    # Anna 2/2: 2 + 10 + 5; Béla 3/3: 3 + 10; Csilla bid 4, took 5: 5 - 5 (missed) - 5 (a -5 card).
    assert model.state.hands[0].points == (17, 13, -5)
    assert model.leaders() == (0,)


def test_the_table_sees_the_options_in_play_and_the_bids_add_up_as_they_come(store):
    model = new_play(store, "oh-hell", RAGE_THREE)
    header = model.view().header
    # Oh Hell, 3 players, long sequence: 10 … 1 … 10 is 10 + 9 = 19 hands; the hook is part of the game.
    assert (header.title, header.cards) == ("Hand 1 of 19", "10 cards each")
    assert header.options == "Bids said aloud · Hose the Dealer"
    taken(model, model.tap_bid(2))
    assert model.view().bids.running == "Bids so far: 2 for 10"
    taken(model, model.tap_bid(3))
    bids = model.view().bids
    assert bids.running == "Bids so far: 5 for 10"
    assert said_bids(bids.bids) == [("Béla", "2"), ("Csilla", "3"), ("Anna", "–")] and bids.bidder == "Anna"
    assert bids.forbidden == "Not 5: the bids would make 10"


def test_the_options_line_names_the_bidding_mode(store):
    hidden = new_play(store, "rage-n-glyphs", RAGE_THREE, bidding="hidden", hose_the_dealer=True)
    assert hidden.view().header.options == "Hidden bids (shown when all are in) · Hose the Dealer"
    secret = new_play(store, "herrlof", ["Anna", "Béla"])
    assert secret.view().header.options == "Secret bids (shown after the tricks)"


def test_the_options_line_names_the_hook_only_in_the_hands_it_holds_in(store):
    # Wizard's Canadian rule as tables tell it: the dealer is free in the first hand (one card), hooked after.
    model = new_play(store, "wizard", RAGE_THREE, hose_the_dealer=True, hook_not_in_first_hand=True)
    assert model.view().header.options == "Bids said aloud"
    assert model.view().bids.forbidden is None
    bid_all(model, [0, 0, 1])  # the bids add up to the one card: allowed in this hand
    enter_tricks(model, [0, 0, 1])
    assert model.state.current.number == 2 and model.view().header.options == "Bids said aloud · Hose the Dealer"


def test_the_hook_strikes_out_one_number_and_refuses_it_with_the_reason(store):
    model = new_play(store, "oh-hell", RAGE_THREE, sequence="short-down")
    taken(model, model.tap_bid(4))
    taken(model, model.tap_bid(3))
    bids = model.view().bids
    assert bids.bidder == "Anna"
    # 4 + 3 = 7 of 10 tricks: a bid of 3 would make the total 10.
    assert [key.value for key in bids.keys if not key.allowed] == [3]
    assert bids.keys[3].reason == "Not 3: the bids would make 10" and bids.forbidden == bids.keys[3].reason
    assert all(key.reason is None for key in bids.keys if key.allowed)
    assert not model.tap_bid(3)
    assert model.message == Message(
        "Hand 1, Anna: may not bid 3: the bids would add up to the 10 tricks in this hand "
        "(Hose the Dealer); any other bid from 0 to 10 is allowed", error=True)
    assert model.state.next_bidder == 0
    taken(model, model.tap_bid(2))


def test_the_hook_forbids_nothing_once_the_bids_are_over_the_hand_size(store):
    model = new_play(store, "oh-hell", RAGE_THREE, sequence="short-down")
    taken(model, model.tap_bid(6))
    taken(model, model.tap_bid(5))
    bids = model.view().bids  # 11 already: no bid of Anna's makes 10
    assert all(key.allowed for key in bids.keys) and bids.forbidden is None


def test_hidden_bids_pass_the_phone_and_show_together(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    view = model.view()
    assert view.screen is Screen.COVER and model.bidder == "Béla" and view.bids is None
    model.unlock()
    view = model.view()
    assert view.screen is Screen.PRIVATE_BID and view.bids.private and view.bids.running == "0 of 3 have bid"
    taken(model, model.tap_bid(3))
    assert model.screen is Screen.COVER and model.bidder == "Csilla"
    assert said_bids(model.bids_line()) == [("Béla", "secret"), ("Csilla", "–"), ("Anna", "–")]
    model.unlock()
    assert model.view().bids.running == "1 of 3 have bid"
    taken(model, model.tap_bid(2))
    model.unlock()
    taken(model, model.tap_bid(4))
    assert model.screen is Screen.TRICKS
    assert said_bids(model.bids_line()) == [("Béla", "3"), ("Csilla", "2"), ("Anna", "4")]
    assert model.view().tricks.bid_total == "Bids 9 for 10 tricks: underbid by 1"


def test_secret_bids_stay_covered_until_the_tricks(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    bid_all(model, [3, 4])
    assert model.screen is Screen.TRICKS
    assert said_bids(model.bids_line()) == [("Béla", "secret"), ("Anna", "secret")]
    tricks = model.view().tricks
    assert tricks.bids_note == "Everyone has bid. The bids stay secret until the tricks are in."
    assert tricks.bid_total is None and [line.bid for line in tricks.lines] == ["secret", "secret"]
    assert model.board().rows[0].cells[0].bid == "secret"
    enter_tricks(model, [3, 10])  # 13 of 15: two tricks destroyed
    assert model.board().rows[0].cells[0].bid == "3"
    header = model.header()
    # Anna bid 3, took 3: 3 + 5 (exactly 3 tricks) + 10 = 18; Béla bid 4, took 10: 10.
    assert header.title == "Hand 2 · race to 50" and header.race == "Anna is ahead with 18"


def test_a_private_hook_refusal_shows_no_other_bid(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="secret", hose_the_dealer=True)
    model.unlock()
    taken(model, model.tap_bid(3))
    model.unlock()
    taken(model, model.tap_bid(4))
    model.unlock()
    bids = model.view().bids
    assert said_bids(bids.bids) == [("Béla", "secret"), ("Csilla", "secret"), ("Anna", "–")]
    assert [key.value for key in bids.keys if not key.allowed] == [3]
    assert not model.tap_bid(3)
    assert model.message.error and "may not bid 3" in model.message.text
    assert "4" not in model.message.text.replace("10", "")
    assert model.screen is Screen.PRIVATE_BID


def test_a_reload_in_the_middle_of_private_bids_starts_at_the_cover(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    model.unlock()
    taken(model, model.tap_bid(3))
    model.unlock()
    resumed = PlayModel(store.open(model.saved.id))
    assert resumed.screen is Screen.COVER and resumed.bidder == "Csilla"


def test_a_private_pad_left_open_is_covered_again_when_its_screen_is_left(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    model.unlock()
    taken(model, model.tap_bid(3))
    model.unlock()
    assert model.screen is Screen.PRIVATE_BID
    model.left()
    assert model.screen is Screen.COVER and model.bidder == "Csilla"
    assert not model.tap_bid(2)  # the pad's key, tapped as the screen came back: not taken for Csilla
    assert model.game.state.current.bids[2] is None


def test_a_bid_the_disk_refuses_says_so_and_keeps_the_hand_as_it_was(tmp_path, monkeypatch):
    import errno
    import os

    from companion.store import files as storage

    store = GameStore(tmp_path / "data")
    model = PlayModel(store.start(Game.new("rage", RAGE_THREE)))

    def disk_full(_):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage.os, "fsync", disk_full)
    assert model.tap_bid(3) is False
    assert model.message.error
    assert "the disk is full; free some space" in model.message.text and "tried again" in model.message.text
    assert model.state.next_bidder == 1 and model.bidder == "Béla"
    monkeypatch.undo()
    assert model.tap_bid(3) is True and model.bidder == "Csilla"


# --- playing: every tap lands where it was aimed, or not at all ---


def test_a_second_tap_on_a_pad_that_has_moved_on_is_refused_and_never_given_to_the_next_player(store):
    model = new_play(store, "rage", RAGE_THREE)  # Béla, then Csilla, then Anna bid
    bela = model.view().bids.aim
    assert (bela.step, bela.seat) == (Step.BID, seat_of(model, "Béla"))
    assert model.tap_bid(2, bela)
    # Béla's 2 is said where the pad's heading was while Csilla's pad waits a moment; Béla's pad is kept, unseen,
    # with his 2 marked, for a tap sent to it before the screen changed.
    view = model.view()
    assert view.settling.text == "Béla bids 2" and view.last_entry == "Béla bids 2"
    assert view.retired.pad == bela and view.retired.chosen == 2 and view.bids.bidder == "Csilla"
    # A finger's bounce on that pad, or a second tap sent before the screen changed: refused.
    assert not model.tap_bid(2, bela)
    assert model.message == Message("Béla bids 2 — the tap right after it was not taken.", error=True)
    assert not model.tap_bid(2, model.view().bids.aim)  # nor, this moment, a tap on Csilla's pad
    assert not any(key.allowed for key in model.view().bids.keys)  # which is drawn greyed meanwhile
    assert model.settle() and model.view().settling is None
    assert any(key.allowed for key in model.view().bids.keys)
    csilla = model.view().bids.aim
    assert csilla.seat == seat_of(model, "Csilla") and csilla.key != bela.key
    # The same bounce arriving later still names Béla's pad: it is not taken for Csilla.
    assert not model.tap_bid(2, bela)
    assert model.message == Message("Béla's bid is 2 — that tap was for Béla, so it was not taken again.", error=True)
    assert model.state.current.bids == (None, 2, None)
    taken(model, model.tap_bid(3, csilla))  # a tap on Csilla's pad, once it is drawn, is hers
    assert model.state.current.bids == (None, 2, 3)


def test_a_private_bid_refused_as_stale_does_not_say_the_bid(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    model.unlock()
    bela = model.view().bids.aim
    assert model.tap_bid(7, bela) and model.view().settling.text == "Béla's bid is in"
    assert model.view().settling.chosen is None  # the greyed pad does not mark the 7
    model.settle()
    assert not model.tap_bid(7, bela)
    assert model.message == Message("Béla has bid — that tap was for Béla, so it was not taken again.", error=True)
    assert "7" not in model.message.text


def pad_of(model, name):
    """The aim of ``name``'s own tricks pad, as the screen draws it now."""
    return next(line.aim for line in model.view().tricks.lines if line.name == name)


def test_a_trick_pad_is_its_players_alone_and_score_after_the_hand_moved_on_is_refused(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    bela = pad_of(model, "Béla")
    assert model.tap_tricks(4, bela) and model.view().settling.text == "Béla took 4 tricks"
    assert not model.tap_tricks(3, bela)  # a finger's bounce, while the 4 is said
    assert model.message == Message("Béla took 4 tricks — the tap right after it was not taken.", error=True)
    # Only Béla's pad waits, greyed: another player's is tapped on purpose, and is taken at once.
    assert [all(not key.allowed for key in line.keys) for line in model.view().tricks.lines] == [True, False, False]
    assert model.tap_tricks(5, pad_of(model, "Anna"))
    model.settle()
    assert [line.tricks for line in model.view().tricks.lines] == [4, 1, 5]  # Csilla given the 1 left
    # Later, Béla's pad is still Béla's: a tap on it changes his count, never the next player's.
    taken(model, model.tap_tricks(3, bela))
    assert [line.tricks for line in model.view().tricks.lines] == [3, 2, 5]
    taken(model, model.tap_tricks(4, bela))
    assert [line.tricks for line in model.view().tricks.lines] == [4, 1, 5]  # the count filled in follows
    score = model.view().tricks.score_aim
    taken(model, model.confirm_tricks(score), guarded=False)
    assert not model.confirm_tricks(score)
    assert model.message == Message("Hand 1 is scored — that tap was for it, so it was not taken again.", error=True)
    assert len(model.state.scored_hands) == 1 and model.state.current.bids == (None, None, None)


def test_a_tap_drawn_before_another_screen_changed_the_game_is_refused(store):
    model = new_play(store, "rage", RAGE_THREE)
    other_screen = PlayModel(store.open(model.saved.id))
    drawn = model.view().bids.aim
    taken(other_screen, other_screen.tap_bid(1))  # Béla's bid, tapped on the other screen first
    assert not model.tap_bid(2, drawn)
    assert model.message == Message("Béla's bid is 1 — that tap was for Béla, so it was not taken again.", error=True)
    assert model.state.current.bids == (None, 1, None)


def test_the_trump_and_the_coin_flip_are_taken_only_for_what_was_drawn(store):
    model = new_play(store, "rage-n-glyphs", RAGE_THREE)
    drawn = model.aim(Step.TRUMP)
    assert model.add_trump("hearts", drawn)
    assert not model.add_trump("clovers", drawn)  # drawn before hearts was recorded
    assert model.state.trumps == {1: ("hearts",)}


# --- playing: tricks on a number pad ---


def test_tricks_are_tapped_in_the_order_of_play_and_the_last_is_filled_in(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    tricks = model.view().tricks
    assert tricks.choosing == "Béla"  # the first in the order of play
    assert [line.name for line in tricks.lines] == ["Béla", "Csilla", "Anna"]
    assert [line.selected for line in tricks.lines] == [True, False, False]
    # Every player has a pad of their own, each of 0 to the 10 cards.
    assert all([key.value for key in line.keys] == list(range(11)) and all(key.allowed for key in line.keys)
               for line in tricks.lines)
    assert tricks.check == "Tricks 0 of 10" and not tricks.complete
    taken(model, model.tap_tricks(4))
    tricks = model.view().tricks
    assert tricks.choosing == "Csilla" and tricks.check == "Tricks 4 of 10"
    # Béla has 4 of the 10: Csilla may have 0 to 6, no more; so may Anna. Béla's own pad offers all 10.
    lines = lines_by_name(tricks)
    assert [key.value for key in lines["Csilla"].keys if key.allowed] == list(range(7))
    assert [key.value for key in lines["Anna"].keys if key.allowed] == list(range(7))
    assert {key.reason for key in lines["Csilla"].keys if not key.allowed} == {"more than the tricks left"}
    assert all(key.allowed for key in lines["Béla"].keys)
    assert not model.tap_tricks(7)
    assert model.message == Message("Csilla cannot have taken 7: the others took 4 of the 10 tricks", error=True)
    taken(model, model.tap_tricks(5))
    tricks = model.view().tricks
    anna = lines_by_name(tricks)["Anna"]
    assert (anna.tricks, anna.filled_in) == (1, True)  # 10 - 4 - 5
    assert tricks.choosing is None and tricks.complete and tricks.check == "Tricks 10 of 10"

    bela = lines_by_name(tricks)["Béla"]
    assert bela.tricks == 4 and [key.value for key in bela.keys if key.allowed] == list(range(6))  # Csilla has 5
    taken(model, model.tap_tricks(3, bela.aim))
    lines = lines_by_name(model.view().tricks)
    assert (lines["Anna"].tricks, lines["Anna"].filled_in) == (2, True)  # the rest follows: 10 - 3 - 5
    # Béla bid 3, took 3: 13; Csilla bid 4, took 5: 5 - 5 = 0; Anna bid 2, took 2: 12.
    assert [(line.tricks, line.points, line.made) for line in model.view().tricks.lines] == [
        (3, 13, True), (5, 0, False), (2, 12, True)]
    taken(model, model.confirm_tricks(), guarded=False)
    assert model.state.hands[0].points == (12, 13, 0)


def test_a_hand_is_not_scored_with_counts_missing_and_the_counts_are_kept(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    taken(model, model.tap_tricks(6))  # Béla
    tricks = model.view().tricks
    assert tricks.check == "Tricks 6 of 10" and not tricks.complete
    assert not model.confirm_tricks()
    assert model.message == Message("Enter the tricks of Csilla, Anna first", error=True)
    assert model.screen is Screen.TRICKS and model.state.hands[0].tricks is None
    assert [line.tricks for line in model.view().tricks.lines] == [6, None, None]
    taken(model, model.tap_tricks(0))  # Csilla; Anna gets the 4 left
    tricks = model.view().tricks
    # Béla bid 3, took 6: 6 - 5 = 1; Csilla bid 4, took 0: -5; Anna bid 2, took 4: 4 - 5 = -1.
    assert [(line.tricks, line.points, line.made) for line in tricks.lines] == [
        (6, 1, False), (0, -5, False), (4, -1, False)]
    assert tricks.check == "Tricks 10 of 10" and tricks.complete


def test_herrlof_tricks_may_come_to_less_than_the_hand_but_never_more(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    bid_all(model, [3, 4])
    taken(model, model.tap_tricks(10))  # Béla; Anna is given the 5 left
    tricks = model.view().tricks
    anna = lines_by_name(tricks)["Anna"]
    # Béla took 10 of 15 and up to 3 tricks can be destroyed: Anna took 2 to 5.
    assert [key.value for key in anna.keys if key.allowed] == [2, 3, 4, 5]
    assert tricks.check == "Tricks 15; between 12 and 15 allowed"
    assert not model.tap_tricks(1, anna.aim)
    taken(model, model.tap_tricks(3, anna.aim))
    assert model.view().tricks.check == "Tricks 13; between 12 and 15 allowed"
    taken(model, model.confirm_tricks(), guarded=False)
    assert model.state.hands[0].points == (18, 10)  # 3 + 5 + 10; 10
    taken(model, model.undo())
    anna_line = lines_by_name(model.view().tricks)["Anna"]
    assert (anna_line.tricks, anna_line.filled_in) == (3, False)  # lowered from the 5 left: not "the rest"
    assert [key.value for key in anna_line.keys if key.allowed] == [2, 3, 4, 5]


def test_an_open_hand_costs_a_tap_per_bid_and_per_count_with_more_than_one_answer(store):
    model = new_play(store, "rage-n-glyphs", ["Anna", "Béla", "Csilla", "Dóra"])
    assert model.game.rules.hand_count == 23  # floor((98 - 4) / 4): hands of 1 to 23 cards
    taps_per_size, points_per_size = {}, {}
    while not model.state.finished:
        hand = model.state.current
        cards, quarter = hand.cards, hand.cards // 4
        tricks = [quarter, quarter, quarter, cards - 3 * quarter]
        bids = [quarter, quarter + 1, 0, cards - 3 * quarter]
        # Worked out by hand from the order of play: the last player's count is what is left, and once the
        # counts tapped reach the cards, everyone after is 0 without being asked.
        order, placed = hand.bidding_order, 0
        for asked, seat in enumerate(order):
            placed += tricks[seat]
            if asked == len(order) - 2 or placed == cards:
                break
        expected_filled = [(seat, tricks[seat]) for seat in order[asked + 1:]]
        taps = Taps(model)
        for _ in range(4):
            taken(model, taps.tap_bid(bids[seat_of(model, model.view().bids.bidder)]))
        while (choosing := model.view().tricks.choosing) is not None:
            taken(model, taps.tap_tricks(tricks[seat_of(model, choosing)]))
        filled = [line for line in model.view().tricks.lines if line.filled_in]
        assert [(line.seat, line.tricks) for line in filled] == expected_filled
        taken(model, taps.confirm_tricks(), guarded=False)
        assert taps.calls == ["tap_bid"] * 4 + ["tap_tricks"] * (asked + 1) + ["confirm_tricks"]
        taps_per_size[cards] = taps.calls
        points_per_size[cards] = model.state.hands[hand.number - 1].points
    one_hand = ["tap_bid"] * 4 + ["tap_tricks"] * 3 + ["confirm_tricks"]
    assert all(taps_per_size[cards] == one_hand for cards in range(4, 24)) and len(taps_per_size) == 23
    # Hands of 1 to 3 cards, which Dóra takes whole: whoever comes after her in the order of play is not asked.
    assert sorted(len(taps_per_size[cards]) for cards in (1, 2, 3)) == [6, 7, 8]
    # 1 a trick, +10 for an exact bid, 5 for 0 bid and 0 taken.
    assert points_per_size[3] == (5, 0, 5, 13)  # tricks 0 0 0 3, bids 0 1 0 3
    assert points_per_size[12] == (13, 3, 3, 13)  # tricks 3 3 3 3, bids 3 4 0 3
    assert points_per_size[23] == (15, 5, 5, 18)  # tricks 5 5 5 8, bids 5 6 0 8


def test_action_cards_never_go_below_none_or_past_the_three_in_the_deck(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])

    def cards(kind):
        return {line.name: next(c for c in line.counted if c[0] == kind)[2:] for line in model.view().tricks.lines}

    model.step_counted("bonus", 0, -1)
    assert cards("bonus")["Anna"] == (0, 3)
    for _ in range(2):
        model.step_counted("bonus", 0, 1)
    for _ in range(3):
        model.step_counted("bonus", 1, 1)
    model.step_counted("bonus", 2, 1)
    # (count, most): Anna 2, so Béla gets 1 and then no more; all 3 are out, Csilla can have none.
    assert cards("bonus") == {"Anna": (2, 2), "Béla": (1, 1), "Csilla": (0, 0)}
    for _ in range(4):
        model.step_counted("bonus", 0, -1)
    assert cards("bonus") == {"Anna": (0, 2), "Béla": (1, 3), "Csilla": (0, 2)}
    for _ in range(5):
        model.step_counted("mad", 2, 1)
    assert cards("mad")["Csilla"] == (3, 3) and cards("mad")["Anna"] == (0, 0)
    labels = {(c[0], c[1]) for c in model.view().tricks.lines[0].counted}
    assert labels == {("bonus", "+5 cards"), ("mad", "-5 cards")}
    enter_tricks(model, [2, 3, 5])
    # Anna 2/2: 12; Béla 3/3 with a +5: 18; Csilla bid 4, took 5, three -5 cards: 5 - 5 - 15.
    assert model.state.hands[0].points == (12, 18, -15)


# --- playing: what the screen shows ---


def test_the_view_is_frozen_and_the_hand_just_scored_is_summed_up(store):
    model = new_play(store, "oh-hell", RAGE_THREE)
    bid_all(model, [4, 2, 3])
    enter_tricks(model, [3, 2, 5])
    view = model.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.screen = Screen.TRICKS
    # Oh Hell, positive scoring: 10 + the tricks for a made bid, the tricks for a missed one.
    assert view.summary == HandSummary("Hand 1 scored", (
        ResultLine("Anna", made=False, bid=4, tricks=3, points=3, total=3),
        ResultLine("Béla", made=True, bid=2, tricks=2, points=12, total=12),
        ResultLine("Csilla", made=False, bid=3, tricks=5, points=5, total=5),
    ))
    header = view.header
    assert (header.title, header.cards, header.dealer, header.first) == (
        "Hand 2 of 19", "9 cards each", "Béla deals", "Csilla bids first and leads")
    assert [cell.points for cell in view.board.rows[0].cells] == ["+3", "+12", "+5"]
    assert view.board.leaders == (1,)
    taken(model, model.tap_bid(1))
    assert model.view().summary is None  # gone with the first bid of the next hand


def test_the_scoreboard_shows_every_hand_with_its_points_and_the_leader(store):
    model = new_play(store, "rage-n-glyphs", RAGE_THREE)
    assert model.board().leaders == () and model.board().rows[0].heading == "Hand 1 · 1 card"
    for cards in range(1, 6):
        # Anna bids and takes them all: cards + 10; Béla 0 for 0: 5; Csilla bids 1 and takes none: 0.
        bid_all(model, [cards, 0, 1])
        enter_tricks(model, [cards, 0, 0])
    board = model.view().board
    assert board.names == tuple(RAGE_THREE)
    assert board.totals == (65, 25, 0)  # 1 + 2 + 3 + 4 + 5 + 50; 5 × 5; 0
    assert board.leaders == (0,)
    assert [row.heading for row in board.rows] == [
        "Hand 1 · 1 card", "Hand 2 · 2 cards", "Hand 3 · 3 cards", "Hand 4 · 4 cards", "Hand 5 · 5 cards",
        "Hand 6 · 6 cards"]
    second = board.rows[1]
    assert [(c.bid, c.tricks, c.points, c.total, c.made, c.dealer) for c in second.cells] == [
        ("2", "2", "+12", "23", True, False),  # 11 after hand 1, + 12
        ("0", "0", "+5", "10", True, True),  # Béla deals hand 2
        ("1", "0", "+0", "0", False, False),
    ]
    assert all(row.scored and row.can_correct for row in board.rows[:5])
    last = board.rows[5]
    assert not last.scored and not last.can_correct and {c.points for c in last.cells} == {""}
    header = model.view().header
    assert (header.title, header.dealer, header.first) == ("Hand 6 of 31", "Csilla deals", "Anna bids first and leads")


# --- undo ---


def test_undo_says_which_bid_it_took_back(store):
    model = new_play(store, "rage", RAGE_THREE, first_dealer=2)  # Csilla deals: Anna bids first
    assert not model.view().can_undo
    taken(model, model.tap_bid(2))
    assert model.view().can_undo
    taken(model, model.undo())
    assert model.message == Message("Undone: Anna's bid of 2.", error=False)
    assert model.bidder == "Anna"
    assert not model.undo() and model.message == Message("Nothing to undo.", error=True)


def test_undoing_a_private_bid_does_not_reveal_it(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    model.unlock()
    taken(model, model.tap_bid(7))
    taken(model, model.undo())
    assert model.message == Message("Undone: Béla's bid; Béla bids again.", error=False)
    assert "7" not in model.message.text
    assert model.screen is Screen.COVER and model.bidder == "Béla"


def test_undo_asks_first_where_it_takes_back_a_private_bid_or_a_score(store):
    open_game = new_play(store, "rage", RAGE_THREE)
    taken(open_game, open_game.tap_bid(2))
    assert open_game.undo_question() is None  # said aloud: taken back at once
    taken(open_game, open_game.undo())
    hidden = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    hidden.unlock()
    taken(hidden, hidden.tap_bid(7))
    assert hidden.undo_question() == "Take back Béla's bid? It is private: Béla bids again, where nobody else sees it."
    hidden.unlock()  # Csilla holds the phone, her private pad up: no Undo there, whatever is tapped
    assert hidden.screen is Screen.PRIVATE_BID and not hidden.view().can_undo
    assert not hidden.undo() and hidden.state.current.bids == (None, 7, None)
    bid_all(open_game, [2, 3, 4])  # Béla's 2 taken back, then the whole hand bid
    enter_tricks(open_game, [2, 3, 5])
    assert open_game.undo_question() == (
        "Take back the score of hand 1? Its trick counts come back, to be changed and scored again.")
    correction = open_game.correction(1)
    correction.step_bid(0, 1)  # Anna's 2 made 3
    assert correction.save()
    assert open_game.undo_question() == (
        "Take back the correction of hand 1? Its bids, tricks and points go back to what they were before.")


def test_a_double_tap_on_undo_takes_back_one_action(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    undo = model.view().undo_aim
    assert model.undo(undo)
    assert not model.undo(undo)  # the bounce, while "Undone" is shown
    model.settle()
    assert not model.undo(undo)  # or later: it was drawn before the first undo
    assert model.state.current.bids == (None, 3, 4)  # only Anna's bid, the last, is taken back


def test_undoing_a_score_brings_its_tricks_back_to_score_again_at_once(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    enter_tricks(model, [2, 3, 5], bonus=[1, 0, 0], mad=[0, 0, 1])
    taken(model, model.undo())
    assert model.message == Message("Undone: the score of hand 1; its tricks are back to change.", error=False)
    assert model.screen is Screen.TRICKS and model.state.hands[0].tricks is None
    lines = lines_by_name(model.view().tricks)
    assert {name: line.tricks for name, line in lines.items()} == {"Anna": 2, "Béla": 3, "Csilla": 5}
    assert {c[0]: c[2] for c in lines["Anna"].counted} == {"bonus": 1, "mad": 0}
    assert {c[0]: c[2] for c in lines["Csilla"].counted} == {"bonus": 0, "mad": 1}
    taken(model, model.confirm_tricks(), guarded=False)
    assert model.state.hands[0].points == (17, 13, -5)


def test_tricks_brought_back_by_undo_can_be_changed(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    enter_tricks(model, [2, 3, 5])
    taken(model, model.undo())
    lines = lines_by_name(model.view().tricks)
    assert lines["Anna"].filled_in and not lines["Béla"].filled_in  # the last in the order of play holds the rest
    taken(model, model.tap_tricks(4, lines["Béla"].aim))
    lines = lines_by_name(model.view().tricks)
    # Csilla keeps 5, so the last in the order of play, Anna, is left 10 - 4 - 5 = 1.
    assert {name: line.tricks for name, line in lines.items()} == {"Anna": 1, "Béla": 4, "Csilla": 5}
    taken(model, model.confirm_tricks(), guarded=False)
    assert model.state.hands[0].points == (-4, -1, 0)  # 1 - 5; 4 - 5; 5 - 5


# --- changing a bid of this hand ---


def test_a_bid_said_aloud_is_changed_on_its_own_pad_and_the_bids_after_it_stand(store):
    model = new_play(store, "oh-hell", RAGE_THREE, sequence="short-down")  # 10 cards, the hook on, Anna deals
    taken(model, model.tap_bid(3))  # Béla
    taken(model, model.tap_bid(3))  # Csilla
    lines = model.view().bids.bids
    assert [(line.name, line.changeable) for line in lines] == [("Béla", True), ("Csilla", True), ("Anna", False)]
    assert not model.ask_change(seat_of(model, "Anna"))  # no bid to change yet
    assert model.ask_change(seat_of(model, "Béla"))
    view = model.view()
    assert view.screen is Screen.CHANGE_BID and view.bids is None
    assert (view.change.title, view.change.current, view.change.private) == ("Change Béla's bid (now 3)", 3, False)
    assert all(key.allowed for key in view.change.keys)  # Anna has not bid: the hook has nothing to check yet
    assert model.change_bid(5, view.change.aim)
    assert model.view().settling.text == "Béla's bid is now 5"
    model.settle()
    assert model.state.current.bids == (None, 5, 3) and model.bidder == "Anna"
    assert model.view().bids.forbidden == "Not 2: the bids would make 10"
    taken(model, model.tap_bid(1))  # Anna: 5 + 3 + 1 = 9
    model.ask_change(seat_of(model, "Csilla"))
    keys = model.view().change.keys
    # Csilla's 4 would make 10, which the hook forbids (Anna, the dealer, bid last); her own 3 keeps the bid.
    assert [key.value for key in keys if not key.allowed] == [4]
    assert keys[4].reason == "Not 4: the bids would make 10" and keys[3].allowed
    assert model.change_bid(3) and model.settling is None and model.screen is Screen.TRICKS  # kept as it was
    assert model.state.current.bids == (1, 5, 3)


def test_a_private_bid_is_changed_by_its_player_behind_the_cover(store):
    model = new_play(store, "rage", RAGE_THREE, bidding="hidden")
    model.unlock()
    taken(model, model.tap_bid(7))  # Béla
    model.unlock()
    taken(model, model.tap_bid(2))  # Csilla
    assert model.ask_change(seat_of(model, "Béla"))
    view = model.view()
    assert (view.screen, view.changing_name) == (Screen.COVER, "Béla")
    assert view.change is None  # the cover shows no bid
    assert model.unlock(view.cover_aim)
    view = model.view()
    assert view.screen is Screen.PRIVATE_BID and view.change.private and view.change.current == 7
    assert view.change.title == "Béla, change your bid. Nobody else sees it." and not view.can_undo
    assert model.change_bid(4) and model.view().settling.text == "Béla's bid is changed"
    model.settle()
    assert model.screen is Screen.COVER and model.bidder == "Anna"  # the phone goes on to the next bidder
    assert model.state.current.bids == (None, 4, 2)
    assert model.undo_question() == (
        "Take back the change of Béla's bid? It is private: the bid goes back to the one Béla made before.")


def test_a_change_of_a_bid_is_left_with_keep_and_refused_once_the_hand_is_scored(store):
    model = new_play(store, "rage", RAGE_THREE)
    bid_all(model, [2, 3, 4])
    model.ask_change(seat_of(model, "Csilla"))
    assert model.screen is Screen.CHANGE_BID
    model.cancel_change()
    assert model.screen is Screen.TRICKS
    stale = model.aim(Step.CHANGE)
    enter_tricks(model, [2, 3, 5])
    assert not model.ask_change(seat_of(model, "Csilla"), stale)
    assert not model.ask_change(seat_of(model, "Csilla"))  # hand 2: no bid yet


# --- the end ---


def coin_tie(store):
    """Rage'n Glyphs, 10 players, Skip Up: hands of 1, 3, 5, 7, 9 cards, ending in a tie the coin settles.

    Every hand P0 and P1 each bid and take half of (cards - 1), P2 bids and
    takes 1, the others bid 0 and take 0. P0 and P1: 5 + 11 + 12 + 13 + 14 =
    55; P2: 11 × 5 = 55; the others 5 × 5 = 25. The final hand gave P0 and
    P1 14 and P2 11, so the coin is between P0 and P1.
    """
    model = new_play(store, "rage-n-glyphs", [f"P{i}" for i in range(10)], skip_up=True)
    while not model.state.finished:
        half = (model.state.current.cards - 1) // 2
        bids = [half, half, 1] + [0] * 7
        bid_all(model, bids)
        enter_tricks(model, bids)
    return model


def test_a_coin_flip_decides_a_tie_and_a_rematch_keeps_the_seats(store):
    model = coin_tie(store)
    view = model.view()
    assert view.screen is Screen.FINISHED and view.header is None
    ending = view.ending
    assert ending.coin_between == ("P0", "P1")
    assert ending.headline == "Still tied after the final hand: P0, P1. Flip a coin." and ending.how is None
    # Nobody has won yet: the places follow the totals alone.
    assert ending.standings[:4] == (StandingLine(1, "P0", 55, None), StandingLine(1, "P1", 55, None),
                                    StandingLine(1, "P2", 55, None), StandingLine(4, "P3", 25, None))
    winner = model.flip_coin()
    assert winner in ("P0", "P1")
    ending = model.ending()
    assert ending.headline == f"{winner} wins!" and ending.coin_between == ()
    assert ending.how == "Tied after the final hand too; decided by the coin flip."
    loser = "P1" if winner == "P0" else "P0"
    assert ending.standings[:4] == (StandingLine(1, winner, 55, None), StandingLine(2, loser, 55, None),
                                    StandingLine(2, "P2", 55, None), StandingLine(4, "P3", 25, None))
    record = json.loads(model.record_json())
    assert record["coin_flip"] == winner and record["id"] == model.saved.id
    taken(model, model.undo())
    assert model.message == Message("Undone: the coin flip.", error=False)
    assert model.ending().coin_between == ("P0", "P1")
    rematch = model.rematch(store)
    assert rematch.game.players == model.players and rematch.game.first_dealer == 1
    assert rematch.game.rules.options == model.game.rules.options


def test_a_coin_flip_left_pending_is_settled_later_from_past_games(store):
    model = coin_tie(store)
    card = HistoryModel(store).view().cards[0]
    assert card.coin_pending and card.status == "tied, coin flip to make"
    viewer = PlayModel(store.open(model.saved.id), read_only=True)
    assert viewer.view().read_only and not viewer.undo() and viewer.correction(1) is None
    winner = viewer.flip_coin()
    assert winner in ("P0", "P1")
    assert viewer.ending().headline == f"{winner} wins!"
    reopened = PlayModel(store.open(model.saved.id))
    assert reopened.ending().headline == f"{winner} wins!"
    card = HistoryModel(store).view().cards[0]
    assert not card.coin_pending and card.status == f"won by {winner}"


def test_a_damaged_game_refuses_the_coin_flip(store):
    model = coin_tie(store)
    path = store.path / "games" / f"{model.saved.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    actions = data["actions"]
    actions[str(len(actions) + 1)] = {"at": "2026-11-23T15:00:00.000Z",
                                      "action": {"action": "bid", "player": 0, "bid": 0}}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    damaged = PlayModel(GameStore(store.path).open(model.saved.id))
    view = damaged.view()
    assert view.read_only and view.damage and view.ending.coin_between == ("P0", "P1")
    assert damaged.flip_coin() is None
    assert GameStore(store.path).open(model.saved.id).state.coin_flip_between == (0, 1)


def test_more_exact_bids_break_a_tie_and_the_standings_show_them(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    # Anna bids 5 and takes 5 every hand: 15 each. Béla takes 10 every hand; bids 10 in hands 1 and 4 (20),
    # 0 in hands 2 and 3 (10). After hand 3: 45 and 40; after hand 4 both have 60, Anna 4 exact bids, Béla 2.
    for bela_bid in (10, 0, 0, 10):
        bid_all(model, [5, bela_bid])
        enter_tricks(model, [5, 10])
    assert model.state.finished
    ending = model.ending()
    assert ending.headline == "Anna wins!" and ending.how == "Tied on total; decided by more exact bids."
    assert ending.coin_between == ()
    assert ending.standings == (StandingLine(1, "Anna", 60, 4), StandingLine(2, "Béla", 60, 2))


def test_a_finished_game_opened_from_the_history_is_read_only(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    for _ in range(2):
        bid_all(model, [15, 0])  # Anna 15 of 15: 25; Béla 0 of 0: 10
        enter_tricks(model, [15, 0])
    ending = model.view().ending
    assert model.screen is Screen.FINISHED and ending.headline == "Anna wins!" and ending.how is None
    assert ending.standings == (StandingLine(1, "Anna", 50, None), StandingLine(2, "Béla", 20, None))
    viewer = PlayModel(store.open(model.saved.id), read_only=True)
    view = viewer.view()
    assert view.read_only and not view.can_undo and not any(row.can_correct for row in view.board.rows)
    assert not viewer.undo() and not viewer.tap_bid(0)
    assert viewer.correction(1) is None and viewer.flip_coin() is None
    assert viewer.screen is Screen.FINISHED
    assert len(store.open(model.saved.id).game.log) == len(model.game.log)


# --- downloads ---


def test_download_names_say_what_when_and_who_in_safe_characters():
    name = download_name("rage-n-glyphs", "2026-11-23", ["Anna Mária", "O'Brien", "Béla"], "pdf")
    assert name == "bidwell-rage-n-glyphs-2026-11-23-anna-maria-o-brien-bela.pdf"
    name = download_name("rage", "2026-11-23", ["../etc", "a\\b: c", "???"], "json")
    assert name == "bidwell-rage-2026-11-23-etc-a-b-c.json"
    long = download_name("rage", "2026-11-23", [f"Player{i}" for i in range(10)], "pdf")
    people = long.removeprefix("bidwell-rage-2026-11-23-").removesuffix(".pdf")
    assert people.startswith("player0-player1") and len(people) <= 60 and not people.endswith("-")
    for made in (name, long):
        assert re.fullmatch(r"[a-z0-9-]+\.[a-z]+", made)


def test_a_game_downloads_under_its_own_name(store):
    model = new_play(store, "rage", RAGE_THREE, created="2026-11-23T14:05:09.123Z")
    assert model.download_name("pdf") == "bidwell-rage-2026-11-23-anna-bela-csilla.pdf"


# --- history ---


def test_history_filters_and_asks_before_deleting(store):
    keep = store.start(Game.new("rage", ["Béla", "Anna"]))
    drop = store.start(Game.new("oh-hell", ["Anna", "Csilla", "Dóra"]))
    history = HistoryModel(store)
    assert [s.id for s in history.items] == [drop.id, keep.id]
    history.set_filters(player="BELA")
    assert [s.id for s in history.items] == [keep.id]
    history.set_filters(player="", game="oh-hell")
    assert [s.id for s in history.items] == [drop.id]
    question = history.ask_delete(drop.id)
    assert question == "Delete this game of Oh Hell (BGA) with Anna, Csilla, Dóra? This cannot be undone."
    history.cancel_delete()
    assert [s.id for s in HistoryModel(store).items] == [drop.id, keep.id]
    history.ask_delete(drop.id)
    history.confirm_delete()
    assert history.message == Message("Deleted.", error=False) and history.items == []
    assert [s.id for s in HistoryModel(store).items] == [keep.id]


def test_past_games_come_a_few_screens_at_a_time_and_more_brings_the_rest_once_each(store):
    started = [store.start(Game.new("rage", ["Anna", "Béla"])).id for _ in range(SCREEN_PAGE + 2)]
    history = HistoryModel(store)
    view = history.view()
    assert [card.id for card in view.cards] == started[::-1][:SCREEN_PAGE] and view.has_more
    history.more()
    view = history.view()
    assert [card.id for card in view.cards] == started[::-1] and not view.has_more


def test_past_games_show_the_winner_the_scores_and_when(store):
    won = new_play(store, "herrlof", ["Anna", "さくら"], created="2026-11-23T14:05:09.123Z")
    for _ in range(2):
        bid_all(won, [15, 0])  # Anna 15 of 15: 25; さくら 0 of 0: 10
        enter_tricks(won, [15, 0])
    going = store.start(Game.new("rage", ["Béla", "Anna"]), created="2026-11-24T09:30:00.000Z")
    view = HistoryModel(store).view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.player = "Anna"
    assert [card.id for card in view.cards] == [going.id, won.saved.id]  # newest first
    latest, finished = view.cards
    assert (finished.title, finished.when, finished.status, finished.scores) == (
        "Herrlof", "Nov 23, 2026, 2:05\u202fPM", "won by Anna", "Anna 50 · さくら 20")
    assert finished.finished and not finished.coin_pending and finished.damage is None
    assert (latest.title, latest.when, latest.status, latest.scores) == (
        "Rage", "Nov 24, 2026, 9:30\u202fAM", "hand 1", "Béla 0 · Anna 0")
    assert not latest.finished


def test_a_hand_of_a_finished_game_can_be_corrected_with_its_cards(store):
    model = new_play(store, "rage", ["Anna", "Béla"])
    while not model.state.finished:
        cards = model.state.current.cards
        bid_all(model, [cards, 0])
        enter_tricks(model, [cards, 0])
    correction = model.correction(1)
    # The game is over, yet hand 1 (10 cards) still takes Rage's cards up to the deck's 3 of each kind.
    for _ in range(4):
        correction.step_counted("bonus", 0, 1)
    assert correction.counted["bonus"] == [3, 0]
    assert correction.save()
    # Anna bid 10 and took 10: 10 + 10, and three +5 cards: 35. Béla bid 0 and took 0: +10 in Rage.
    assert model.state.hands[0].points == (35, 10)


def test_importing_record_files_says_what_was_new_known_and_refused(store):
    played = store.start(Game.new("rage", ["Anna", "Béla"]))
    known = json.dumps(store.export(played.id)).encode()
    rage = {"format": 1, "game": "rage", "players": ["Zoë", "Noor", "Csilla"], "first_dealer": 0,
            "hands": [{"bids": [10, 0, 0], "tricks": [10, 0, 0]}]}
    herrlof = {"format": 1, "game": "herrlof", "players": ["Zoë", "Noor"], "first_dealer": 1, "hands": []}
    history = HistoryModel(store)
    new = history.import_files([
        ("known.json", known),
        ("two.json", json.dumps([rage, {**herrlof, "players": ["Zoë"]}]).encode()),
        ("notes.json", b"shopping list"),
        ("herrlof.json", json.dumps(herrlof).encode()),
    ])
    assert len(new) == 2 and {s.game for s in store.history().items if s.id in new} == {"rage", "herrlof"}
    lines = history.view().message.text.splitlines()
    assert lines[:2] == ["2 games imported.", "1 was already here."]
    assert lines[2].startswith("notes.json: ") and lines[3].startswith("two.json: record 2: ")
    assert len(lines) == 4 and history.view().message.error
    assert {card.id for card in history.view().cards} == {played.id, *new}


def test_once_every_trick_is_placed_the_rest_are_0_without_being_asked_and_follow_a_change(store):
    players = ["Anna", "Béla", "Csilla", "Dóra", "Emil"]
    model = new_play(store, "rage", players)  # Anna deals hand 1: Béla bids first, Anna last
    cards = model.state.current.cards
    taps = Taps(model)
    for _ in players:
        taken(model, taps.tap_bid(1))
    assert model.view().tricks.choosing == "Béla"
    taken(model, taps.tap_tricks(cards - 3))  # Béla
    taken(model, taps.tap_tricks(3))  # Csilla: every trick of the hand is placed
    assert model.view().tricks.rest_none == "Every trick is placed, so Dóra, Emil, and Anna took none"
    view = model.view().tricks
    assert view.choosing is None
    assert [(line.name, line.tricks, line.filled_in) for line in view.lines] == [
        ("Béla", cards - 3, False), ("Csilla", 3, False), ("Dóra", 0, True), ("Emil", 0, True), ("Anna", 0, True)]
    # Csilla took 2 after all: one trick is not placed, so the three are asked again, from Dóra on.
    taken(model, model.tap_tricks(2, pad_of(model, "Csilla")))
    view = model.view().tricks
    assert [(line.name, line.tricks) for line in view.lines][2:] == [("Dóra", None), ("Emil", None), ("Anna", None)]
    assert view.choosing == "Dóra"
    taken(model, model.tap_tricks(1))  # Dóra: placed again; Emil and Anna are 0
    assert [(line.name, line.tricks, line.filled_in) for line in model.view().tricks.lines][3:] == [
        ("Emil", 0, True), ("Anna", 0, True)]
    taken(model, taps.confirm_tricks(), guarded=False)
    assert model.state.hands[0].tricks == (0, cards - 3, 2, 1, 0)
    # Its scoring undone, the hand comes back as tapped: the two zeros are filled in again, not asked.
    taken(model, model.undo())
    assert [(line.name, line.tricks, line.filled_in) for line in model.view().tricks.lines][3:] == [
        ("Emil", 0, True), ("Anna", 0, True)]


def test_a_hand_of_five_whose_tricks_go_to_two_players_costs_eight_taps(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla", "Dóra", "Emil"])
    cards = model.state.current.cards
    taps = Taps(model)
    for _ in range(5):
        taken(model, taps.tap_bid(0))
    taken(model, taps.tap_tricks(cards - 1))  # Béla, first in the order of play
    taken(model, taps.tap_tricks(1))  # Csilla
    taken(model, taps.confirm_tricks(), guarded=False)
    assert len(taps.calls) == 8
    assert model.state.hands[0].tricks == (0, cards - 1, 1, 0, 0)


def row_of(table, name):
    return next(row for row in table.rows if row.name == name)


def test_the_table_has_a_row_per_player_in_the_order_of_play_each_with_their_own_pad(store):
    model = new_play(store, "rage", RAGE_THREE)  # Anna deals: Béla bids first, then Csilla, then Anna
    table = model.table()
    assert [row.name for row in table.rows] == ["Béla", "Csilla", "Anna"]
    assert [(row.turn, row.first, row.dealer) for row in table.rows] == [
        (True, True, False), (False, False, False), (False, False, True)]
    assert row_of(table, "Béla").label == "Bid {value}" and row_of(table, "Csilla").label == "Csilla: bid {value}"
    assert all(key.allowed for key in row_of(table, "Béla").keys)
    assert not any(key.allowed for key in row_of(table, "Csilla").keys)  # not yet due: faint, takes nothing
    assert table.status == "Béla's bid" and not table.can_score


def test_a_bounce_on_a_players_own_pad_repeats_their_bid_and_never_reaches_the_next_player(store):
    model = new_play(store, "rage", RAGE_THREE)
    bela = row_of(model.table(), "Béla").aim
    taken(model, model.tap_seat_bid(2, bela), guarded=False)  # nothing waits: Csilla's pad is live at once
    table = model.table()
    assert table.status == "Csilla's bid" and row_of(table, "Csilla").label == "Bid {value}"
    assert row_of(table, "Béla").chosen == 2 and row_of(table, "Béla").aim == bela  # the same pad, still Béla's
    revision = model.saved.revision
    assert model.tap_seat_bid(2, bela)  # the bounce: the same number, nothing changes
    assert model.saved.revision == revision and model.state.current.bids == (None, 2, None)
    taken(model, model.tap_seat_bid(3, bela), guarded=False)  # a second touch on another key: Béla's bid changes
    assert model.state.current.bids == (None, 3, None) and model.table().status == "Csilla's bid"
    # A pad of a player not yet due takes nothing, and says whose turn it is.
    assert not model.tap_seat_bid(1, row_of(model.table(), "Anna").aim)
    assert model.message == Message("It is Csilla's turn to bid; Anna bids after.", error=True)
    assert model.state.current.bids == (None, 3, None)


def test_the_bid_that_ends_the_bidding_waits_a_moment_before_the_trick_pads_take_a_tap(store):
    model = new_play(store, "rage", RAGE_THREE)
    for name, bid in (("Béla", 2), ("Csilla", 3)):
        taken(model, model.tap_seat_bid(bid, row_of(model.table(), name).aim), guarded=False)
    anna = row_of(model.table(), "Anna").aim
    assert model.tap_seat_bid(4, anna)
    # Anna's bid pad gives way to her trick pad in the same place: her bounce must not be a count.
    assert not model.table().bidding and model.settling is not None
    assert not model.tap_tricks(4, row_of(model.table(), "Anna").aim)
    assert model.draft is None or model.draft.tricks == (None, None, None)
    assert model.settle()
    taken(model, model.tap_tricks(4, row_of(model.table(), "Anna").aim), guarded=False)
    bounce = row_of(model.table(), "Anna").aim
    taken(model, model.tap_tricks(4, bounce), guarded=False)  # the bounce lands on Anna's own pad again
    assert [row.chosen for row in model.table().rows] == [None, None, 4]


def test_where_the_rows_scroll_every_pad_waits_a_moment_after_a_tap(store):
    model = new_play(store, "rage", RAGE_THREE)
    model.rows_scroll = True
    assert model.tap_seat_bid(2, row_of(model.table(), "Béla").aim)
    assert not model.tap_seat_bid(3, row_of(model.table(), "Csilla").aim)  # moved under the finger: not taken
    assert model.state.current.bids == (None, 2, None)
    assert model.settle()
    taken(model, model.tap_seat_bid(3, row_of(model.table(), "Csilla").aim))


def test_skull_kings_captures_are_asked_only_of_players_who_took_tricks_and_rages_cards_of_anyone(store):
    model = new_play(store, "skull-king", ["Anna", "Béla", "Csilla"], first_dealer=0)
    for seat in model.state.current.bidding_order:
        model.unlock()
        taken(model, model.tap_bid(0))
    assert all(row.counted == () for row in model.table().rows)  # no trick taken yet: nothing to ask
    taken(model, model.tap_tricks(1, row_of(model.table(), "Béla").aim), guarded=False)
    rows = {row.name: row for row in model.table().rows}
    assert rows["Béla"].counted and rows["Csilla"].counted == () and rows["Anna"].counted == ()
    rage = new_play(store, "rage", RAGE_THREE)
    for name in ("Béla", "Csilla", "Anna"):
        taken(rage, rage.tap_seat_bid(0, row_of(rage.table(), name).aim), guarded=name == "Anna")
    assert all(row.counted for row in rage.table().rows)  # whoever played the +5 gets it, tricks or not


def test_the_trump_and_a_rows_bid_keep_their_aim_through_a_hand_and_not_into_the_next(store):
    model = new_play(store, "rage-n-glyphs", ["Anna", "Béla", "Csilla", "Dóra"])
    trump = model.table_aim(Step.TRUMP)
    taken(model, model.tap_seat_bid(0, row_of(model.table(), "Béla").aim), guarded=False)
    assert model.table_aim(Step.TRUMP) == trump  # drawn once for the hand, whatever is bid meanwhile
    assert model.add_trump(model.trump_view().choices[0][0], trump)
    assert model.state.trumps[1] == (model.trump_view().choices[0][0],)
    for name in ("Csilla", "Dóra", "Anna"):
        assert model.tap_seat_bid(0, row_of(model.table(), name).aim)
        model.settle()
    assert model.ask_change(seat_of(model, "Béla"), model.table_aim(Step.CHANGE))
    model.cancel_change()
    enter_tricks(model, [1, 0, 0, 0])
    assert not model.add_trump(model.trump_view().choices[1][0], trump)  # hand 1's suits, tapped in hand 2
    assert model.state.trumps.get(2) is None


def test_the_house_rules_are_said_in_one_line_as_they_stand():
    setup = NewGameModel(game_id="rage-n-glyphs")
    assert setup.view().rules_summary == "Bidding: Open · Off: Hose the Dealer, Skip Up, Shooting the Stars"
    setup.set_option("skip_up", True)
    setup.set_option("bidding", "hidden")
    assert setup.view().rules_summary == "Bidding: Hidden · On: Skip Up · Off: Hose the Dealer, Shooting the Stars"
    setup.choose_game("up-and-down-the-river")  # its own default is on, and it has a choice of two
    assert setup.view().rules_summary == "Bidding: Open · Missed bid: -10 a trick off · On: Hose the Dealer"
    setup.choose_game("oh-hell")  # no switches at all
    assert setup.view().rules_summary == "Bidding: Open · Sequence: Long · Scoring: Positive"
