"""Every scoring rule of RULES.md, one row per case, worked out from the rule's words."""

from __future__ import annotations

import pytest

from scoring.definitions import rules_for
from scoring.points import hand_points


def points(game, players, bid, tricks, cards, options=None, **counted):
    return hand_points(rules_for(game, players, options).scoring, cards=cards, bid=bid, tricks=tricks, counted=counted)


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "options", "expected"),
    [
        (2, 2, 5, {}, 12),  # 1 a trick + 10 exact
        (2, 3, 5, {}, 3),  # missed: tricks only
        (3, 1, 5, {}, 1),
        (0, 0, 5, {}, 5),  # bid 0 made: only 5
        (0, 2, 5, {}, 2),
        (5, 5, 5, {}, 15),  # every trick, no Shooting the Stars
        (5, 5, 5, {"shooting_the_stars": True}, 20),  # 2 a trick + 10
        (4, 5, 5, {"shooting_the_stars": True}, 10),  # 2 a trick, missed
        (1, 1, 1, {"shooting_the_stars": True}, 12),  # the 1-card first hand too
        (0, 1, 1, {"shooting_the_stars": True}, 2),
        (1, 1, 1, {}, 11),
        (3, 4, 5, {"shooting_the_stars": True}, 4),  # not every trick: 1 a trick
    ],
)
def test_rage_n_glyphs(bid, tricks, cards, options, expected):
    assert points("rage-n-glyphs", 4, bid, tricks, cards, options) == expected


@pytest.mark.parametrize(
    ("style", "bid", "tricks", "expected"),
    [
        ("positive", 2, 2, 12),
        ("positive", 2, 1, 1),
        ("positive", 2, 3, 3),
        ("positive", 0, 0, 10),
        ("neutral", 2, 2, 12),
        ("neutral", 2, 3, 0),
        ("neutral", 0, 0, 10),
        ("negative", 2, 2, 10),
        ("negative", 0, 0, 10),
        ("negative", 2, 3, -10),
        ("negative", 1, 4, -30),
        ("negative", 4, 0, -40),
    ],
)
def test_oh_hell_scoring_styles(style, bid, tricks, expected):
    assert points("oh-hell", 4, bid, tricks, 5, {"scoring": style}) == expected


@pytest.mark.parametrize(
    ("bid", "tricks", "bonus", "mad", "expected"),
    [
        (3, 3, 0, 0, 13),
        (3, 2, 0, 0, -3),  # 2 - 5
        (0, 0, 0, 0, 10),
        (0, 1, 0, 0, -4),
        (2, 2, 1, 0, 17),
        (2, 4, 2, 1, 4),  # 4 - 5 + 10 - 5
        (1, 0, 0, 3, -20),  # 0 - 5 - 15
        (0, 0, 3, 3, 10),
    ],
)
def test_rage(bid, tricks, bonus, mad, expected):
    assert points("rage", 4, bid, tricks, 10, bonus=bonus, mad=mad) == expected


@pytest.mark.parametrize(
    ("players", "options", "bid", "tricks", "expected"),
    [
        (2, {}, 3, 3, 18),  # 3 + 5 + 10
        (2, {}, 4, 4, 19),
        (2, {}, 5, 4, 9),  # 4 + 5
        (2, {}, 2, 3, 8),
        (2, {}, 5, 5, 15),
        (2, {}, 6, 5, 5),
        (2, {"five_trick_bonus": True}, 6, 5, 10),
        (2, {"five_trick_bonus": True}, 5, 5, 20),
        (2, {}, 0, 0, 10),
        (2, {}, 8, 8, 18),
        (3, {}, 3, 3, 13),  # no +5 with 3 players
        (3, {}, 2, 4, 4),
        (3, {"five_trick_bonus": True}, 5, 5, 15),
    ],
)
def test_herrlof(players, options, bid, tricks, expected):
    assert points("herrlof", players, bid, tricks, 15 if players == 2 else 11, options) == expected
