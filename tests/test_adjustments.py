"""A one-off bonus or penalty (a revoke, a misdeal): given with a hand, counted when that hand is scored, kept in
the record, undone like any action, on the scoreboard and the sheet, and counted by ``bidwell score``.

The points below are worked out by hand from RULES.md. Rage: 1 a trick, +10 for an exact bid, -5 for a missed
one. Herrlof: 1 a trick, +5 for exactly 3 or 4 tricks, +10 for an exact bid; 15 cards a hand; the game ends
after the hand in which someone reaches 50.
"""

from __future__ import annotations

import json

import pytest
from helpers import play_hand
from test_cli import run, score_ok, write_record

from companion.sheets.pdf import ADJUSTED, filled_sheet
from companion.store.games import GameStore
from companion.views.adjust import AdjustmentModel
from companion.views.play import PlayModel
from companion.views.scoreboard import board_of
from companion.views.undo import undo_question_of, undone_line
from scoring.actions import Adjust, action_from_dict, action_to_dict
from scoring.errors import AdjustmentError
from scoring.game import Game
from scoring.record import game_from_record, record_from_game, score_summary
from scoring.stats import seat_figures

RAGE = ["Anna", "Béla", "Csilla"]


def rage_after_one_hand() -> Game:
    """Hand 1 of Rage (10 cards): Anna 3/3 = 13, Béla 3/3 = 13, Csilla 3/4 = 4 - 5 = -1."""
    game = Game.new("rage", RAGE)
    play_hand(game, [3, 3, 3], [3, 3, 4])
    assert game.state.totals == (13, 13, -1)
    return game


def test_a_penalty_given_with_a_scored_hand_changes_its_points_and_every_total_at_once():
    game = rage_after_one_hand()
    state = game.adjust(1, 1, -10, " revoke ")
    hand = state.hands[0]
    assert hand.points == (13, 3, -1)
    assert state.totals == (13, 3, -1)
    assert state.leaders == (0,)
    assert [(given.seat, given.points, given.reason) for given in hand.adjustments] == [(1, -10, "revoke")]
    assert hand.seats[1].adjustment == -10 and hand.seats[0].adjustment == 0


def test_a_bonus_given_with_the_hand_being_played_counts_when_that_hand_is_scored():
    game = rage_after_one_hand()
    for seat in game.state.current.bidding_order:  # hand 2: 9 cards, Béla deals, Csilla bids first
        game.bid(seat, 3)
    state = game.adjust(2, 2, 5, "")
    assert state.totals == (13, 13, -1), "nothing counts before the hand is scored"
    assert state.hands[1].adjustments[0].points == 5
    # Hand 2: Anna 3/3 = 13, Béla 3/3 = 13, Csilla 3/3 = 13, and Csilla's bonus 5: 18.
    state = game.record_tricks([3, 3, 3])
    assert state.hands[1].points == (13, 13, 18)
    assert state.totals == (26, 26, 17)


def test_exact_bids_and_the_hand_s_own_score_are_untouched():
    game = rage_after_one_hand()
    state = game.adjust(1, 2, 20, "misdeal")
    assert state.exact_bids == (1, 1, 0)
    assert state.hands[0].seats[2].exact is False
    assert state.totals == (13, 13, 19)


def test_undo_takes_the_adjustment_back_and_says_what():
    game = rage_after_one_hand()
    before = game.state
    game.adjust(1, 1, -10, "revoke")
    assert undo_question_of(game) == "Take back Béla's -10 with hand 1?"
    last = game.log[-1]
    assert game.undo() == before
    assert undone_line(game, last) == "Undone: Béla's -10 with hand 1."


def test_a_penalty_that_brings_a_herrlof_player_to_the_target_ends_the_game_there():
    # Hand 1: Anna 11/11 = 21, Béla 4/4 = 4 + 5 + 10 = 19. Hand 2: Anna 11/11 = 21 (42), Béla 4/4 = 19 (38).
    game = Game.new("herrlof", ["Anna", "Béla"])
    play_hand(game, [11, 4], [11, 4])
    play_hand(game, [11, 4], [11, 4])
    play_hand(game, [11, 4], [11, 4])  # Anna 63: the game ends after hand 3
    assert game.state.finished and game.state.ended_after == 3
    # A bonus of 8 for Anna with hand 2 makes her 50 there: the game ended after hand 2, hand 3 is void.
    state = game.adjust(2, 0, 8, "")
    assert state.ended_after == 2 and state.hands[2].void
    assert state.totals == (50, 38) and state.winners == (0,)
    assert game.adjustable_hands() == (1, 2)
    game.undo()
    assert game.state.ended_after == 3 and not game.state.hands[2].void


@pytest.mark.parametrize(("hand", "player", "points", "reason", "said"), [
    (3, 1, -10, "", "there is no hand 3 to count points with; only hand 1 can take them"),
    (1, 5, -10, "", "hand 1: there is no seat 5; the seats are 0 to 2"),
    (1, 1, 0, "", "hand 1, Béla: 0 points changes nothing; give a bonus (up to 999) or a penalty (down to -999)"),
    (1, 1, -1000, "", "hand 1, Béla: -1,000 points is more than one adjustment may be; give a whole number from -999 "
                      "to 999, not 0"),
    (1, 1, 2.5, "", "hand 1, Béla: 2.5 is not a whole number of points; give a whole number from -999 to 999, not 0"),
    (1, 1, True, "", "hand 1, Béla: true is not a whole number of points; give a whole number from -999 to 999, "
                     "not 0"),
    (1, 1, 5, "x" * 41, "hand 1, Béla: the reason is longer than 40 characters: " + "x" * 40 + "… (41 characters)"),
    (1, 1, 5, "late\x07", "hand 1, Béla: the reason holds a control character (\\x07), which cannot be kept"),
    (1, 1, 5, 7, "hand 1, Béla: the reason must be text, not 7"),
])
def test_an_adjustment_that_cannot_be_given_is_refused_saying_what_is_allowed(hand, player, points, reason, said):
    game = rage_after_one_hand()
    before = game.state
    with pytest.raises(AdjustmentError) as refused:
        game.adjust(hand, player, points, reason)
    assert str(refused.value) == said
    assert game.state == before and len(game.log) == 5


def test_nothing_can_be_given_before_the_first_bid():
    game = Game.new("rage", RAGE)
    assert game.adjustable_hands() == ()
    with pytest.raises(AdjustmentError, match="points can be given once the first bid is in"):
        game.adjust(1, 0, 5)


def test_the_action_round_trips_through_json():
    action = Adjust(2, 1, -10, "revoke")
    assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


# --- the record and bidwell score ---

def test_the_record_holds_the_adjustments_of_each_hand_and_reads_back_as_the_same_game():
    game = rage_after_one_hand()
    game.adjust(1, 1, -10, "revoke")
    game.bid(2, 2)  # hand 2: Béla deals, Csilla bids first
    game.adjust(2, 0, 3, "")
    record = record_from_game(game)
    assert record["hands"][0]["adjustments"] == [{"player": "Béla", "points": -10, "reason": "revoke"}]
    assert record["hands"][1] == {"bids": [None, None, 2], "adjustments": [{"player": "Anna", "points": 3}]}
    again = game_from_record(json.loads(json.dumps(record)))
    assert again.state == game.state


def test_bidwell_score_counts_the_adjustments_in_the_hand_s_points(tmp_path):
    record = {"game": "rage", "players": RAGE, "hands": [
        {"bids": [3, 3, 3], "tricks": [3, 3, 4], "adjustments": [{"player": "Béla", "points": -10, "reason": "revoke"}]},
        {"bids": [3, 3, 3], "tricks": [3, 3, 3]},
    ]}
    out = score_ok(tmp_path, record)
    # Hand 1: 13, 13 - 10, -1. Hand 2 (9 cards): 13 each.
    assert out["hands"][0]["points"] == [13, 3, -1]
    assert out["hands"][0]["adjustments"] == [{"player": "Béla", "points": -10, "reason": "revoke"}]
    assert "adjustments" not in out["hands"][1]
    assert out["totals"] == [26, 16, 12]


def test_a_record_without_adjustments_scores_exactly_as_before(tmp_path):
    record = {"game": "rage", "players": RAGE, "hands": [{"bids": [3, 3, 3], "tricks": [3, 3, 4]}]}
    assert score_ok(tmp_path, record) == {
        "game": "rage", "players": RAGE,
        "hands": [{"number": 1, "cards": 10, "dealer": "Anna", "points": [13, 13, -1], "totals": [13, 13, -1]}],
        "totals": [13, 13, -1], "finished": False, "winners": [],
    }


@pytest.mark.parametrize(("adjustments", "said"), [
    ([{"player": "Zoltán", "points": -10}], 'error: hand 1: an adjustment names "Zoltán", who is not at the table'),
    ([{"player": "Béla", "points": 0}], "error: hand 1, Béla: 0 points changes nothing; give a bonus (up to 999) or "
                                        "a penalty (down to -999)"),
    ({"player": "Béla", "points": 5}, 'error: hand 1: \'adjustments\' must be a list of adjustments, each '
                                      '{"player": NAME, "points": N, "reason": TEXT}, got an object'),
    ([{"player": "Béla"}], 'error: hand 1: \'adjustments\' must be a list of adjustments, each {"player": NAME, '
                           '"points": N, "reason": TEXT}, got an object'),
])
def test_bidwell_score_refuses_a_bad_adjustment_naming_the_hand(tmp_path, adjustments, said):
    record = {"game": "rage", "players": RAGE,
              "hands": [{"bids": [3, 3, 3], "tricks": [3, 3, 4], "adjustments": adjustments}]}
    result = run(["score", str(write_record(tmp_path, record))])
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode("utf-8").strip() == said


def test_score_summary_of_a_game_in_the_app_and_of_its_record_agree():
    game = rage_after_one_hand()
    game.adjust(1, 2, 7, "bonus card lost")
    assert score_summary(game_from_record(record_from_game(game))) == score_summary(game)


# --- the scoreboard, the sheet and the screen ---

def test_the_scoreboard_shows_the_adjustment_in_the_cell_and_whom_why_under_the_board():
    game = rage_after_one_hand()
    game.adjust(1, 1, -10, "revoke")
    game.bid(2, 2)
    game.adjust(2, 0, 3, "")
    board = board_of(game, read_only=False)
    assert board.rows[0].cells[1].adjustment == "penalty -10"
    assert board.rows[0].cells[1].points == "+3" and board.rows[0].cells[1].total == "3"
    assert board.rows[0].cells[0].adjustment == ""
    assert board.rows[1].cells[0].adjustment == "bonus +3"
    assert board.adjustments == ("Hand 1: Béla -10, revoke", "Hand 2: Anna +3 (counted when the hand is scored)")


def test_the_filled_sheet_marks_the_points_holding_an_adjustment_and_lists_them():
    game = rage_after_one_hand()
    game.adjust(1, 1, -10, "revoke")
    sheet = filled_sheet(game)
    per_player = len(sheet.columns)
    points = [sheet.rows[0].cells[seat * per_player + per_player - 2] for seat in range(3)]
    assert points == ["13", "3" + ADJUSTED, "-1"]
    assert sheet.adjustments == ("Hand 1: Béla -10, revoke",)


@pytest.fixture
def play(tmp_path) -> PlayModel:
    saved = GameStore(tmp_path / "data").start(Game.new("rage", RAGE))
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, 3)
    saved.record_tricks([3, 3, 4])
    return PlayModel(saved)


def test_the_screen_says_what_is_missing_and_keeps_what_was_typed(play):
    adjustment = AdjustmentModel(play)
    assert adjustment.view().hand_line == "Counted with hand 1, already scored: the totals change at once."
    adjustment.type_points("10")
    adjustment.type_reason("revoke")
    assert not adjustment.give()
    assert adjustment.view().message.text == "Choose who gets it: tap a name."
    adjustment.choose(1)
    adjustment.type_points("1O")
    assert not adjustment.give()
    assert adjustment.view().message.text == "“1O” is not a number of points: type a whole number from 1 to 999."
    view = adjustment.view()
    assert (view.points, view.reason, view.players[1]) == ("1O", "revoke", (1, "Béla", True))
    assert play.game.state.totals == (13, 13, -1)


def test_the_screen_gives_the_penalty_it_names_and_says_so_on_the_game(play):
    adjustment = AdjustmentModel(play)
    adjustment.choose(1)
    adjustment.type_points("10")
    adjustment.type_reason("revoke")
    assert adjustment.view().give == "Give Béla -10"
    adjustment.set_penalty(False)
    assert adjustment.view().give == "Give Béla +10"
    adjustment.set_penalty(True)
    assert adjustment.give()
    assert play.game.state.totals == (13, 3, -1)
    assert play.message.text == "Béla -10 (revoke), counted with hand 1."


def test_a_game_changed_while_the_screen_was_open_gives_nothing_and_says_so(play):
    adjustment = AdjustmentModel(play)
    adjustment.choose(1)
    adjustment.type_points("10")
    play.saved.bid(2, 2)  # another tab: hand 2's first bid (Csilla's: Béla deals)
    assert not adjustment.give()
    assert adjustment.view().message.text.startswith("The game changed while this was open")
    assert play.game.state.hands[0].adjustments == ()
    assert adjustment.view().hand_line == ("Counted with hand 2, the one being played, when it is scored.")
    assert adjustment.give()
    assert play.game.state.hands[1].adjustments[0].points == -10


def test_the_statistics_count_the_adjustment_in_the_final_total_and_the_place():
    game = Game.new("herrlof", ["Anna", "Béla"])
    for _ in range(3):  # Anna 21 a hand (63), Béla 19 (57): Anna wins after hand 3
        play_hand(game, [11, 4], [11, 4])
    before = seat_figures(game)
    assert (before[0].total, before[0].place, before[1].total, before[1].place) == (63, 1, 57, 2)
    game.adjust(3, 0, -10, "revoke")  # Anna 53, Béla 57: Béla wins
    after = seat_figures(game)
    assert (after[0].total, after[0].place, after[1].total, after[1].place) == (53, 2, 57, 1)
    assert after[0].exact == before[0].exact == 3


def test_the_screen_says_the_limit_when_a_hand_has_all_the_adjustments_it_may_and_keeps_what_was_typed(play):
    for _ in range(100):
        play.saved.adjust(1, 0, 1, "rounding")
    adjustment = AdjustmentModel(play)
    adjustment.choose(1)
    adjustment.type_points("10")
    adjustment.type_reason("revoke")
    assert not adjustment.give()
    assert adjustment.view().message.text == ("Hand 1: this hand has 100 bonuses and penalties already, the most one "
                                              "hand may have")
    assert (adjustment.view().points, adjustment.view().reason) == ("10", "revoke")
