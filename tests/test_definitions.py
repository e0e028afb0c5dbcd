"""The games as data: every table of RULES.md, for every player count and option."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scoring.definitions import (
    all_games,
    game_ids,
    hand_size_path,
    load_game,
    rules_for,
)
from scoring.errors import BidwellError, SetupError, TemplateError
from scoring.rules import BiddingMode, TieBreak
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


def test_every_shipped_game_loads_with_the_house_rules():
    games = {game.id: game for game in all_games()}
    assert set(games) == set(game_ids())
    assert all({"bidding", "hose_the_dealer"} <= set(game.options) for game in games.values())


def test_the_trick_total_range():
    assert rules_for("rage", 4).trick_total_range(10) == (10, 10)
    assert rules_for("oh-hell", 3).trick_total_range(1) == (1, 1)
    assert rules_for("herrlof", 2).trick_total_range(15) == (12, 15)
    assert rules_for("herrlof", 3).trick_total_range(11) == (8, 11)
    assert rules_for("herrlof", 2).trick_total_range(2) == (0, 2)  # never below nothing


def test_action_cards_are_read_from_the_template_and_capped_by_the_cards_dealt():
    rules = rules_for("rage", 2)
    bonus, mad = rules.scoring.cards
    assert (bonus.name, bonus.points, bonus.copies) == ("bonus", 5, 3)
    assert (mad.name, mad.points, mad.copies) == ("mad", -5, 3)
    assert [rules.card_limit(bonus, cards) for cards in (10, 2, 1)] == [3, 3, 2]
    assert rules_for("rage", 3).card_limit(mad, 1) == 3


def test_optional_keys_take_the_defaults_the_schema_states():
    rage = rules_for("rage", 4)
    assert rage.scoring.exact_zero_bonus == rage.scoring.exact_bonus == 10  # defaults to exact_bonus
    assert rage.scoring.per_trick_missed == rage.scoring.per_trick == 1  # defaults to per_trick
    assert rage.scoring.all_tricks_per_trick is None and rage.scoring.missed_per_trick_off == 0
    assert rage.tricks_may_vanish == 0 and rage.target is None
    assert rage.scoring.count_bonus_tricks == frozenset() and rage.scoring.count_bonus_points == 0
    assert rules_for("oh-hell", 4).scoring.cards == ()


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{name} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refusal(game: str = "rage") -> str:
    with pytest.raises(TemplateError) as refused:
        load_game(game)
    assert isinstance(refused.value, BidwellError)
    return str(refused.value)


def test_a_misspelled_key_is_refused_with_the_close_match(own_templates: Path):
    edit(own_templates, "rage-n-glyphs.toml", "exact_zero_bonus = 5", "exact_zero_bonuss = 5")
    assert refusal("rage-n-glyphs") == (
        "rage-n-glyphs.toml: unknown key scoring.exact_zero_bonuss; did you mean scoring.exact_zero_bonus?"
    )


def test_an_unknown_section_is_refused_with_the_keys_allowed(own_templates: Path):
    edit(own_templates, "rage.toml", "[deck]", "[jokers]\ncount = 8\n\n[deck]")
    assert refusal() == (
        "rage.toml: unknown key jokers; the keys allowed at the top are: bidding, by_players, deck, end, hands, id,"
        " name, options, players, scoring, tricks, trump"
    )


def test_a_misspelled_section_is_refused_with_the_close_match(own_templates: Path):
    edit(own_templates, "rage.toml", "[end]", "[ends]")
    assert refusal() == "rage.toml: unknown key ends; did you mean end?"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("per_trick = 1\n", "",
     "rage.toml: scoring.per_trick is missing; it must be a whole number from -1,000,000 to 1,000,000"),
    ('name = "Rage"\n', "", "rage.toml: name is missing; it must be text"),
    ('tie_breaks = ["exact_bids"]\n', "",
     "rage.toml: end.tie_breaks is missing; it must be a list of tie-breaks (an empty one shares a tie)"),
    ('name = "mad"\n', "", "rage.toml: scoring.cards[2].name is missing; it must be text"),
])
def test_a_missing_required_key_is_refused(own_templates: Path, old, new, message):
    edit(own_templates, "rage.toml", old, new)
    assert refusal() == message


@pytest.mark.parametrize(("old", "new", "message"), [
    ("exact_bonus = 10", 'exact_bonus = "10"',
     'rage.toml: scoring.exact_bonus must be a whole number from -1,000,000 to 1,000,000, got "10"'),
    ("per_trick = 1", "per_trick = true",
     "rage.toml: scoring.per_trick must be a whole number from -1,000,000 to 1,000,000, got true"),
    ("per_trick = 1", "per_trick = 1.5",
     "rage.toml: scoring.per_trick must be a whole number from -1,000,000 to 1,000,000, got 1.5"),
    ("cards = 112", "cards = 1000000000000000000",
     "rage.toml: deck.cards must be a whole number from 0 to 1,000, got 1000000000000000000"),
    ('tie_breaks = ["exact_bids"]', 'tie_breaks = ["most_tricks"]',
     'rage.toml: end.tie_breaks[1] must be one of "final_hand_points", "exact_bids", "coin_flip", got "most_tricks"'),
    ("path = [10, 1]", "path = [10, \"min\"]",
     'rage.toml: hands.path[2] must be a whole number from 0 to 1,000, or "max", got "min"'),
    ("players = { min = 2, max = 10 }", "players = 4", "rage.toml: players must be a table, got 4"),
    ("copies = 3", "copies = [3]",
     "rage.toml: scoring.cards[1].copies must be a whole number from 0 to 1,000, got a list"),
])
def test_a_value_of_the_wrong_type_is_refused(own_templates: Path, old, new, message):
    edit(own_templates, "rage.toml", old, new)
    assert refusal() == message


def test_keys_inside_options_and_player_counts_are_checked_too(own_templates: Path):
    edit(own_templates, "rage-n-glyphs.toml", "when.true.hands.step = 2", "when.true.hands.stepp = 2")
    assert refusal("rage-n-glyphs") == (
        "rage-n-glyphs.toml: unknown key options.skip_up.when.true.hands.stepp;"
        " did you mean options.skip_up.when.true.hands.step?"
    )
    edit(own_templates, "rage-n-glyphs.toml", "when.true.hands.stepp = 2", "when.true.hands.step = 2")
    edit(own_templates, "rage-n-glyphs.toml", 'label = "Skip Up"', 'lable = "Skip Up"')
    assert refusal("rage-n-glyphs") == "rage-n-glyphs.toml: unknown key options.skip_up.lable; did you mean options.skip_up.label?"
    edit(own_templates, "herrlof.toml", "[by_players.3]", "[by_players.three]")
    assert refusal("herrlof") == 'herrlof.toml: by_players.three must be a player count (a whole number), got "three"'
    # A count of thousands of digits (the fuzzer's) is refused as any other, not read into a number first.
    huge = "7" * 5000
    edit(own_templates, "herrlof.toml", "[by_players.three]", f"[by_players.{huge}]")
    assert refusal("herrlof").startswith("herrlof.toml: by_players.7777")


def test_overrides_that_leave_a_table_incomplete_are_refused(own_templates: Path):
    (own_templates / "rage.toml").write_text(
        (own_templates / "rage.toml").read_text(encoding="utf-8") + "\n[by_players.2]\nscoring.count_bonus.tricks = [3]\n",
        encoding="utf-8",
    )
    assert refusal() == "rage.toml: scoring.count_bonus.points is missing; it must be a whole number from -1,000,000 to 1,000,000"


def test_the_house_rules_file_is_checked_and_named(own_templates: Path):
    edit(own_templates, "_house-rules.toml", 'sets = "bidding.hook"', 'sets = "bidding.hooks"')
    assert refusal("oh-hell") == "_house-rules.toml: option hose_the_dealer sets bidding.hooks, which is not a parameter of a game"
    edit(own_templates, "_house-rules.toml", 'sets = "bidding.hooks"', 'sets = "bidding.hook"\nexplian = "x"')
    assert refusal("oh-hell") == (
        "_house-rules.toml: unknown key options.hose_the_dealer.explian; did you mean options.hose_the_dealer.explain?"
    )


def test_an_option_that_sets_a_parameter_must_fit_its_type(own_templates: Path):
    edit(own_templates, "_house-rules.toml", 'choices = ["open", "hidden", "secret"]',
         'choices = ["open", "hidden", "silent"]')
    assert refusal() == (
        '_house-rules.toml: bidding.mode (set by option bidding) must be one of "open", "hidden", "secret",'
        ' got "silent"'
    )


def test_the_end_is_said_once(own_templates: Path):
    edit(own_templates, "rage.toml", 'after = "last_hand"', 'after = "last_hand"\ntarget = 100')
    assert refusal() == "rage.toml: an open-ended game (hands.open_ended) needs end.target, and only it does"
    edit(own_templates, "herrlof.toml", "target = 50", 'target = 50\nafter = "last_hand"')
    assert refusal("herrlof") == (
        'herrlof.toml: end.after = "last_hand" and end.target both say when the game ends; keep one'
    )


def test_a_file_that_is_not_toml_says_where(own_templates: Path):
    edit(own_templates, "rage.toml", "cards = 112", "cards = = 112")
    assert refusal().startswith("rage.toml: not valid TOML: ")


def test_a_game_file_that_is_not_utf8_is_one_sentence(own_templates: Path):
    path = own_templates / "rage.toml"
    path.write_bytes(path.read_text(encoding="utf-8").replace('name = "Rage"', 'name = "Rágé"').encode("latin-1"))
    assert re.fullmatch(r"rage\.toml is not UTF-8 text \(byte \d+: invalid continuation byte\); save it again as "
                        r"UTF-8", refusal())


def test_a_game_file_nested_past_reason_or_far_too_long_is_refused_before_it_is_read(own_templates: Path):
    path = own_templates / "rage.toml"
    shipped = path.read_text(encoding="utf-8")
    path.write_text(shipped + "\nnote = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert refusal() == "rage.toml: nested deeper than a game file can be"
    path.write_text(shipped + "\n# " + "x" * 300_000 + "\n", encoding="utf-8")
    size = path.stat().st_size
    assert refusal() == f"rage.toml is {size:,} bytes; a game file is at most 262,144 bytes"


@pytest.mark.parametrize("digits", [400, 5000])
def test_an_over_long_number_in_a_game_file_is_refused_not_computed(own_templates: Path, digits):
    edit(own_templates, "rage.toml", "cards = 112", "cards = " + "7" * digits)
    message = refusal()
    assert message.startswith("rage.toml: ") and len(message) < 400, message


def test_an_option_needs_a_default_among_its_values_and_the_file_at_fault_is_named(own_templates: Path):
    edit(own_templates, "rage.toml", "[end]", '[options.fast]\nlabel = "Fast"\n\n[end]')
    assert refusal() == "rage.toml: option fast needs a default: true or false, or one of its choices"
    edit(own_templates, "herrlof.toml", 'default = "secret"', 'default = "loud"')
    assert refusal("herrlof") == (
        'herrlof.toml: option bidding: the default "loud" is not among the allowed values "open", "hidden", "secret"'
    )


@pytest.mark.parametrize(("old", "new"), [("path = [10, 1]", "path = []"), ("step = 1", "step = 0")])
def test_parameters_no_game_can_be_played_with_are_refused_at_load(own_templates: Path, old, new):
    edit(own_templates, "rage.toml", old, new)
    assert refusal().startswith("rage.toml: cannot resolve for 2 players: ")


def test_a_game_file_is_parsed_once_and_again_whenever_it_changes(own_templates: Path, tmp_path, monkeypatch):
    # bidwell score reads a game file's parse kept beside the bytecode; the TOML file stays the one source.
    import sys
    import tomllib

    from scoring import definitions

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "pycache"))
    assert load_game("rage").name == "Rage"
    for path in own_templates.glob("*.toml"):
        assert definitions._read_toml(str(path)) == tomllib.loads(path.read_text(encoding="utf-8")), path.name

    def never(raw: bytes, name: str) -> dict:
        raise AssertionError(f"{name} parsed again")

    with monkeypatch.context() as unparsed:
        unparsed.setattr(definitions, "_parse_toml", never)
        definitions._load_game.cache_clear()
        assert load_game("rage").name == "Rage"

    rage = own_templates / "rage.toml"
    rage.write_text(rage.read_text(encoding="utf-8").replace('name = "Rage"', 'name = "Rage at home"'),
                    encoding="utf-8")
    definitions._load_game.cache_clear()
    assert load_game("rage").name == "Rage at home"
    rage.write_text(rage.read_text(encoding="utf-8") + "\n[[[\n", encoding="utf-8")
    definitions._load_game.cache_clear()
    with pytest.raises(TemplateError, match="rage.toml"):
        load_game("rage")
    definitions._load_game.cache_clear()


def test_a_game_file_that_is_a_link_to_a_device_is_named_as_such_and_is_not_listed_as_a_game(own_templates: Path):
    (own_templates / "evil.toml").symlink_to("/dev/zero")
    with pytest.raises(SetupError) as refused:
        load_game("evil")
    said = str(refused.value)
    assert "evil.toml is not a regular file (a link to a device)" in said
    assert "there is no game" not in said
    assert said.endswith("The games are: herrlof, oh-hell, rage, rage-n-glyphs, skull-king, up-and-down-the-river, "
                         "wizard")
    assert "evil" not in game_ids()


def test_a_house_rules_file_that_is_a_named_pipe_is_refused_at_once_not_waited_on(own_templates: Path):
    (own_templates / "_house-rules.toml").unlink()
    os.mkfifo(own_templates / "_house-rules.toml")
    with pytest.raises(TemplateError, match=r"_house-rules.toml is not a regular file \(a named pipe\)"):
        load_game("rage")
