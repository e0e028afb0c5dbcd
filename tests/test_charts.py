"""The charts' axes end on a label and hold every value; a game's chart data follows its scored hands."""

from __future__ import annotations

import pytest
from helpers import play_hand

from companion.look import axis_step, nice_range, nice_top
from scoring.game import Game
from scoring.stats import HandBar, game_charts


@pytest.mark.parametrize("values, expected", [
    ([0, 64], (0, 80, 20)), ([51, 64], (50, 65, 5)), ([0, 5], (0, 5, 1)), ([-12, 30], (-20, 30, 10)),
    ([5, 5], (5, 6, 1)), ([0, 1000], (0, 1000, 200)),
])
def test_an_axis_holds_the_values_and_ends_on_labels(values, expected):
    low, high, step = nice_range(values)
    assert (low, high, step) == expected
    assert low <= min(values) and max(values) <= high and (high - low) % step == 0 and (high - low) / step <= 6


@pytest.mark.parametrize("value, expected", [(0, (1, 1)), (4, (5, 1)), (7, (8, 2)), (15, (20, 5))])
def test_a_bar_axis_has_room_above_the_tallest_bar(value, expected):
    assert nice_top(value) == expected


def test_label_steps_are_one_two_five_times_a_power_of_ten():
    assert [axis_step(span) for span in (1, 6, 7, 12, 13, 30, 31, 60, 61, 6000)] == [1, 1, 2, 2, 5, 5, 10, 10, 20, 1000]


def test_a_games_charts_hold_its_scored_hands_only():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    assert game_charts(game) is None
    play_hand(game, [0, 0, 1], [0, 0, 1])  # 5, 5 and 11
    game.bid(game.state.current.bidding_order[0], 2)  # a bid of hand 2, not scored yet: not drawn
    charts = game_charts(game)
    assert charts.totals == ((0, 5), (0, 5), (0, 11))
    assert charts.hands == (HandBar(number=1, cards=1, bids=1, tricks=1),)
