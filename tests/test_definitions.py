"""The games as data: every table of RULES.md, for every player count and option."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scoring.definitions import BiddingMode, TieBreak, game_ids, hand_size_path, load_game, rules_for, templates_dir
from scoring.errors import SetupError, TemplateError
from scoring.schedule import plan

# RULES.md section 1: the last hand size (= number of hands) by player count.
RAGE_N_GLYPHS_HANDS = {3: 31, 4: 23, 5: 18, 6: 15, 7: 13, 8: 11, 9: 10, 10: 9}
# RULES.md section 2: the largest Oh Hell hand by player count.
OH_HELL_MAX = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


def sizes(game, players, **options):
    return [hand.cards for hand in plan(rules_for(game, players, options))]


def test_the_four_games_ship():
    assert set(game_ids()) >= {"rage-n-glyphs", "oh-hell", "rage", "herrlof"}


@pytest.mark.parametrize(("players", "hands"), RAGE_N_GLYPHS_HANDS.items())
def test_rage_n_glyphs_deals_one_more_card_each_hand_up_to_the_table(players, hands):
    assert sizes("rage-n-glyphs", players) == list(range(1, hands + 1))


@pytest.mark.parametrize(("players", "largest"), RAGE_N_GLYPHS_HANDS.items())
def test_rage_n_glyphs_skip_up_goes_up_by_two_to_the_largest_odd_size(players, largest):
    expected = list(range(1, largest + 1, 2))
    assert sizes("rage-n-glyphs", players, skip_up=True) == expected
    assert expected[-1] % 2 == 1 and expected[-1] + 2 > largest


@pytest.mark.parametrize("players", OH_HELL_MAX)
def test_oh_hell_sequences(players):
    top = OH_HELL_MAX[players]
    down, up = list(range(top, 0, -1)), list(range(1, top + 1))
    assert sizes("oh-hell", players) == down + up[1:]
    assert sizes("oh-hell", players, sequence="long") == down + up[1:]
    assert sizes("oh-hell", players, sequence="long-reversed") == up + down[1:]
    assert sizes("oh-hell", players, sequence="short-up-down") == [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]
    assert sizes("oh-hell", players, sequence="short-up") == up
    assert sizes("oh-hell", players, sequence="short-down") == down


def test_oh_hell_seven_players_long_is_the_rulebook_example():
    assert sizes("oh-hell", 7) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("players", range(2, 11))
def test_rage_has_ten_hands_from_ten_cards_down(players):
    assert sizes("rage", players) == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(("players", "cards", "target"), [(2, 15, 50), (3, 11, 40)])
def test_herrlof_is_open_ended_with_a_fixed_hand_size(players, cards, target):
    rules = rules_for("herrlof", players)
    assert rules.hand_count is None and rules.target == target
    assert [rules.cards_in_hand(i) for i in range(40)] == [cards] * 40
    assert len(plan(rules)) == 10


@pytest.mark.parametrize("game", ["rage-n-glyphs", "oh-hell", "rage", "herrlof"])
def test_the_deal_passes_clockwise_and_the_dealers_left_bids_first(game):
    definition = load_game(game)
    for players in range(definition.min_players, definition.max_players + 1):
        for first_dealer in range(players):
            for hand in plan(rules_for(game, players), first_dealer=first_dealer):
                assert hand.dealer == (first_dealer + hand.number - 1) % players
                assert hand.first == (hand.dealer + 1) % players


def test_bidding_order_ends_with_the_dealer():
    rules = rules_for("rage", 4)
    assert rules.bidding_order(0, first_dealer=2) == (3, 0, 1, 2)


@pytest.mark.parametrize(
    ("game", "low", "high"), [("rage-n-glyphs", 3, 10), ("oh-hell", 3, 7), ("rage", 2, 10), ("herrlof", 2, 3)]
)
def test_player_ranges_are_enforced(game, low, high):
    rules_for(game, low)
    rules_for(game, high)
    for wrong in (low - 1, high + 1):
        with pytest.raises(SetupError, match=f"{low} to {high} players, not {wrong}"):
            rules_for(game, wrong)


def test_defaults_of_every_game():
    assert rules_for("rage-n-glyphs", 4).options == {
        "bidding": "open", "hose_the_dealer": False, "skip_up": False, "shooting_the_stars": False
    }
    assert rules_for("oh-hell", 4).options == {
        "bidding": "open", "hose_the_dealer": True, "sequence": "long", "scoring": "positive"
    }
    assert rules_for("rage", 4).options == {"bidding": "open", "hose_the_dealer": False}
    herrlof = rules_for("herrlof", 2)
    assert herrlof.options == {"bidding": "secret", "hose_the_dealer": False, "five_trick_bonus": False}
    assert herrlof.bidding is BiddingMode.SECRET


@pytest.mark.parametrize("game", ["rage-n-glyphs", "rage", "herrlof"])
@pytest.mark.parametrize("mode", ["open", "hidden", "secret"])
def test_bidding_modes_and_the_hook_are_house_rules_for_every_game(game, mode):
    players = load_game(game).min_players
    rules = rules_for(game, players, {"bidding": mode, "hose_the_dealer": True})
    assert rules.bidding == BiddingMode(mode) and rules.hook


def test_oh_hell_always_has_the_hook():
    assert rules_for("oh-hell", 5).hook
    with pytest.raises(SetupError, match="hose_the_dealer cannot be false; allowed: true"):
        rules_for("oh-hell", 5, {"hose_the_dealer": False})


def test_tie_breaks():
    assert rules_for("rage-n-glyphs", 3).tie_breaks == (TieBreak.FINAL_HAND_POINTS, TieBreak.COIN_FLIP)
    assert rules_for("oh-hell", 3).tie_breaks == ()
    assert rules_for("rage", 3).tie_breaks == (TieBreak.EXACT_BIDS,)
    assert rules_for("herrlof", 2).tie_breaks == (TieBreak.EXACT_BIDS,)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(SetupError, match="there is no game 'bridge'; the games are: herrlof, oh-hell, rage, rage-n-glyphs"):
        load_game("bridge")


@pytest.mark.parametrize("sneaky", ["_house-rules", "../templates/rage", ""])
def test_only_game_files_are_games(sneaky):
    with pytest.raises(SetupError):
        load_game(sneaky)


def test_unknown_option_and_bad_values_are_refused():
    with pytest.raises(SetupError, match="rage has no option 'skip_up'; its options are: bidding, hose_the_dealer"):
        rules_for("rage", 4, {"skip_up": True})
    with pytest.raises(SetupError, match="option sequence cannot be sideways; allowed: long, long-reversed"):
        rules_for("oh-hell", 4, {"sequence": "sideways"})
    with pytest.raises(SetupError, match="option skip_up cannot be 1; allowed: false, true"):
        rules_for("rage-n-glyphs", 4, {"skip_up": 1})


def test_command_line_options_are_parsed_by_type():
    game = load_game("rage-n-glyphs")
    assert game.parse_options(["skip_up=true", "bidding=hidden"])["skip_up"] is True
    with pytest.raises(SetupError, match="written NAME=VALUE"):
        game.parse_options(["skip_up"])
    with pytest.raises(SetupError, match="option skip_up cannot be yes"):
        game.parse_options(["skip_up=yes"])


def test_hand_size_path():
    assert hand_size_path([3, 1, 3]) == [3, 2, 1, 2, 3]
    assert hand_size_path([1, 9], step=2) == [1, 3, 5, 7, 9]
    assert hand_size_path([1, 10], step=2) == [1, 3, 5, 7, 9]
    assert hand_size_path([15]) == [15]


@pytest.fixture
def own_templates(tmp_path, monkeypatch):
    folder = tmp_path / "templates"
    shutil.copytree(templates_dir(), folder)
    monkeypatch.setenv("BIDWELL_TEMPLATES", str(folder))
    return folder


def test_a_house_rule_game_is_a_new_file_not_new_code(own_templates: Path):
    (own_templates / "up-and-down-river.toml").write_text(
        """
id = "up-and-down-river"
name = "Up and Down the River"
players = { min = 3, max = 6 }
deck = { cards = 52, undealt_at_least = 1, max_hand = 7 }
hands = { path = [1, "max", 1] }
scoring = { per_trick = 1, exact_bonus = 10, exact_zero_bonus = 5, missed_per_trick_off = -1 }
end = { after = "last_hand", tie_breaks = ["exact_bids"] }
options.hose_the_dealer.default = true
""",
        encoding="utf-8",
    )
    assert "up-and-down-river" in game_ids()
    rules = rules_for("up-and-down-river", 4)
    assert [h.cards for h in plan(rules)] == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert rules.hook and rules.bidding is BiddingMode.OPEN


def test_a_broken_template_says_which_file(own_templates: Path):
    (own_templates / "broken.toml").write_text('id = "broken"\nname = "Broken"\nplayers = {min = 3}\n')
    with pytest.raises(TemplateError, match="broken.toml"):
        load_game("broken")
