"""Rage'n Glyphs' trump, recorded per hand as a table aid: kept with the game, exported, never scored."""

from __future__ import annotations

import pytest

from companion.sheets.pdf import filled_sheet
from companion.store.games import GameStore
from companion.views.play import PlayModel
from scoring.actions import NO_TRUMP
from scoring.errors import TrumpError
from scoring.game import Game
from scoring.record import game_from_record, record_from_game


def test_a_hands_trump_is_the_turned_card_then_each_jokers_change_and_scores_nothing():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    game.record_trump(1, ("hearts",))
    for seat, bid in ((1, 0), (2, 1), (0, 0)):
        game.bid(seat, bid)
    game.record_trump(1, ("hearts", "clovers", NO_TRUMP))
    game.record_tricks((0, 0, 1))
    assert game.state.trumps == {1: ("hearts", "clovers", NO_TRUMP)}
    # 1 card: Béla and Anna bid 0 and took 0 (5 each), Csilla bid 1 and took it (1 + 10).
    assert game.state.totals == (5, 5, 11)


def test_a_trump_is_refused_with_what_is_allowed():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    with pytest.raises(TrumpError, match='"spades" is not a trump; the trumps are: mushrooms, hearts, diamonds, '
                                         'clovers, crosses, horns, none'):
        game.record_trump(1, ("spades",))
    with pytest.raises(TrumpError, match="no hand 2 to record a trump for; hands 1 to 1 are dealt"):
        game.record_trump(2, ("hearts",))
    with pytest.raises(TrumpError, match="10 trumps in one hand, but the turned-up card and the jokers make at "
                                         "most 9"):
        game.record_trump(1, ("hearts",) * 10)
    with pytest.raises(TrumpError, match="Rage has no trump to record"):
        Game.new("rage", ["Anna", "Béla", "Csilla"]).record_trump(1, ("hearts",))
    assert len(game.log) == 1


def test_the_trump_goes_out_with_the_record_and_comes_back_in():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    game.record_trump(1, ("horns", NO_TRUMP))
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        game.bid(seat, bid)
    game.record_tricks((1, 0, 0))
    game.record_trump(2, ("diamonds",))  # hand 2 is dealt, nobody has bid yet
    record = record_from_game(game)
    assert record["hands"] == [{"bids": [1, 0, 0], "trump": ["horns", "none"], "tricks": [1, 0, 0]},
                               {"bids": [None, None, None], "trump": ["diamonds"]}]
    again = game_from_record(record)
    assert again.state.trumps == {1: ("horns", NO_TRUMP), 2: ("diamonds",)}
    assert record_from_game(again) == record


def test_the_app_records_the_trump_says_it_and_undoes_it(tmp_path):
    store = GameStore(tmp_path / "data")
    model = PlayModel(store.start(Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])))
    assert model.view().trump.line == "Trump: not recorded"
    assert model.add_trump("hearts") and model.add_trump("clovers") and model.add_trump(NO_TRUMP)
    assert model.view().trump.line == "Trump: Hearts → Clovers (2-dot joker) → No trump (4-dot joker)"
    assert [label for _, label in model.view().trump.choices][-2:] == ["Horns", "No trump"]
    assert PlayModel(store.open(model.saved.id)).state.trumps == {1: ("hearts", "clovers", NO_TRUMP)}
    assert model.undo() and model.settle() and model.message.text == "Undone: the trump of hand 1."
    assert model.clear_trump() and model.view().trump.line == "Trump: not recorded"
    assert PlayModel(store.start(Game.new("rage", ["Anna", "Béla", "Csilla"]))).view().trump is None


def test_the_suit_that_is_trump_now_is_marked_and_the_scoreboard_row_keeps_every_change(tmp_path):
    store = GameStore(tmp_path / "data")
    model = PlayModel(store.start(Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])))
    assert model.view().trump.current is None
    model.add_trump("hearts")
    model.add_trump("clovers")
    assert model.view().trump.current == "clovers"
    assert model.view().board.rows[0].trumps == ("Hearts", "Clovers")
    model.add_trump(NO_TRUMP)
    assert model.view().trump.current == NO_TRUMP
    assert model.view().board.rows[0].trumps == ("Hearts", "Clovers", "No trump")


def test_the_filled_sheet_has_each_hand_s_trump_and_the_standings():
    # Rage'n Glyphs, 3 players: 1 a trick, +10 for an exact bid, +5 for a zero bid made. Hand 1 (1 card, Béla
    # first): Anna 1/1 = 11, Béla 0/0 = 5, Csilla 0/0 = 5.
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    game.record_trump(1, ("hearts", "clovers"))
    for seat in game.state.current.bidding_order:
        game.bid(seat, 1 if seat == 0 else 0)
    game.record_tricks([1, 0, 0])
    sheet = filled_sheet(game)
    assert sheet.trump_column
    assert [row.trump for row in sheet.rows] == ["Hearts → Clovers"]
    assert sheet.standings_title == "Standings after hand 1"
    assert sheet.standings == (("1.", "Anna", "11", "1"), ("2.", "Béla", "5", "1"), ("2.", "Csilla", "5", "1"))
    assert not filled_sheet(Game.new("rage", ["Anna", "Béla", "Csilla"])).trump_column
