"""Game records: reading them as the engine reads actions, and writing them back unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import play_hand

from scoring.errors import BidwellError, RecordError
from scoring.game import Game
from scoring.record import game_from_record, parse_record, record_from_game, score_summary
from scoring.state import Phase

RAGE = {
    "format": 1,
    "game": "rage",
    "options": {"bidding": "open"},
    "players": ["Anna", "Béla", "Csilla", "Dóra"],
    "first_dealer": 0,
    "hands": [
        {"bids": [2, 1, 3, 3], "tricks": [3, 1, 2, 4], "bonus": [1, 0, 0, 0], "mad": [0, 0, 1, 0]},
        {"bids": [0, 4, 2, 2], "tricks": [0, 4, 3, 2]},
    ],
}


def test_the_record_format_example_scores_by_the_rules():
    summary = score_summary(game_from_record(RAGE))
    # Anna 2/3: 3 - 5 + 5 = 3; Béla 1/1: 11; Csilla 3/2: 2 - 5 - 5 = -8; Dóra 3/4: 4 - 5 = -1
    # Anna 0/0: 10; Béla 4/4: 14; Csilla 2/3: 3 - 5 = -2; Dóra 2/2: 12
    assert summary == {
        "game": "rage",
        "players": ["Anna", "Béla", "Csilla", "Dóra"],
        "hands": [
            {"number": 1, "cards": 10, "dealer": "Anna", "points": [3, 11, -8, -1], "totals": [3, 11, -8, -1]},
            {"number": 2, "cards": 9, "dealer": "Béla", "points": [10, 14, -2, 12], "totals": [13, 25, -10, 11]},
        ],
        "totals": [13, 25, -10, 11],
        "finished": False,
        "winners": [],
    }


def test_export_then_import_is_the_same_record_with_extras_kept():
    record = dict(RAGE, saved="2026-11-22T10:00:00Z", notes="Béla's birthday", app={"id": 7})
    game = game_from_record(record)
    assert game.extras == {"saved": "2026-11-22T10:00:00Z", "notes": "Béla's birthday", "app": {"id": 7}}
    exported = record_from_game(game)
    expected = dict(record, options={"bidding": "open", "hose_the_dealer": False})
    assert exported == expected
    again = game_from_record(json.loads(json.dumps(exported)))
    assert again.state == game.state and record_from_game(again) == exported


def test_an_incomplete_last_hand_is_in_progress_and_scores_nothing():
    # Hand 3 is dealt by Csilla: Dóra and Anna have bid, Béla is next.
    record = dict(RAGE, hands=[*RAGE["hands"], {"bids": [2, None, None, 1]}])
    game = game_from_record(record)
    state = game.state
    assert state.phase is Phase.BIDDING and state.current.number == 3
    assert state.next_bidder == 1 and state.current.shown_bids == (2, None, None, 1)
    assert len(state.scored_hands) == 2
    assert record_from_game(game)["hands"][-1] == {"bids": [2, None, None, 1]}


def test_a_last_hand_with_all_bids_and_no_tricks_is_being_played():
    record = dict(RAGE, hands=[*RAGE["hands"], {"bids": [1, 1, 3, 1], "tricks": None}])
    assert game_from_record(record).state.phase is Phase.PLAYING


def test_secret_bids_of_a_hand_in_play_stay_secret_after_import():
    record = dict(RAGE, options={"bidding": "secret"}, hands=[{"bids": [1, 1, 3, 1]}])
    game = game_from_record(record)
    assert game.state.current.shown_bids == (None,) * 4
    assert record_from_game(game)["hands"] == [{"bids": [1, 1, 3, 1]}]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 2}, "record format 2 is not supported (this Bidwell reads format 1)"),
        ({"game": 3}, "'game' must be a game id (text), got the number 3"),
        ({"players": "Anna"}, "'players' must be a list of names, got the text \"Anna\""),
        ({"options": []}, "'options' must be an object, got a list"),
        ({"hands": {}}, "'hands' must be a list of hands, got an object"),
        ({"hands": [[1, 2]]}, "hand 1: a hand must be an object with 'bids' and 'tricks', got a list"),
        ({"hands": [{"bids": [1, 2, 3]}]}, "hand 1: 'bids' must list 4 values, one per player in seat order, got 3"),
        (
            {"hands": [{"bids": [1, 2, None, 3]}]},
            "hand 1, Dóra: has a bid, but Csilla before them has none (bids go clockwise from the dealer's left)",
        ),
        (
            {"hands": [{"bids": [1, 2, 3, 3]}, {"bids": [1, 1, 1, 1], "tricks": [3, 3, 3, 0]}]},
            "hand 1: this hand is incomplete (no tricks), but only the last hand may be",
        ),
        (
            {"hands": [{"bids": [1, 2, 3, 3], "tricks": [1, 2, 3, None]}]},
            "hand 1: 'tricks' must be a number for every player, got null for player 4",
        ),
        ({"hands": [{"bids": [1, 2, 3, 3], "bonus": [1, 0, 0, 0]}]}, "hand 1: +5 cards are counted with the tricks"),
        ({"coin_flip": "Zoé"}, 'coin_flip names "Zoé", who is not at the table'),
        ({"coin_flip": "Anna"}, "no coin flip is needed: Rage has no coin flip"),
    ],
)
def test_malformed_records_are_refused_with_where_and_why(change, message):
    with pytest.raises(BidwellError) as refused:
        game_from_record(dict(RAGE, **change))
    assert str(refused.value).startswith(message)


def test_a_record_missing_its_players_says_so():
    record = {k: v for k, v in RAGE.items() if k != "players"}
    with pytest.raises(RecordError, match="the record has no 'players'"):
        game_from_record(record)


def test_a_hand_after_the_end_of_a_herrlof_game_is_refused():
    hands = [{"bids": [15, 0], "tricks": [15, 0]}] * 3
    with pytest.raises(BidwellError) as refused:
        game_from_record({"game": "herrlof", "players": ["Anna", "Béla"], "hands": hands})
    assert str(refused.value) == "hand 3: the game ended after hand 2 (Anna reached 50)"


def test_more_hands_than_the_game_has_are_refused():
    hands = [{"bids": [c, 0], "tricks": [c, 0]} for c in range(10, 0, -1)] + [{"bids": [0, 0]}]
    with pytest.raises(BidwellError, match="hand 11: Rage with 2 players has 10 hands"):
        game_from_record({"game": "rage", "players": ["Anna", "Béla"], "hands": hands})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{", "the record is not valid JSON: line 1, column 2"),
        (b"\xff\xfe{}", "the record is not UTF-8 text"),
        (b"[]", None),
    ],
)
def test_parse_record(data, message):
    if message is None:
        assert parse_record(data) == []
        with pytest.raises(RecordError, match="a record is a JSON object, got a list"):
            game_from_record(parse_record(data))
    else:
        with pytest.raises(RecordError, match=message):
            parse_record(data)


def test_a_byte_order_mark_is_fine():
    assert parse_record("\ufeff{}".encode()) == {}


def test_void_hands_are_left_out_of_the_record_and_the_rest_reads_back_the_same():
    game = Game.new("herrlof", ["Anna", "Béla"])
    play_hand(game, [3, 3], [4, 11])
    play_hand(game, [15, 0], [15, 0])
    play_hand(game, [15, 0], [15, 0])
    game.correct(1, [15, 3], [15, 0])
    record = record_from_game(game)
    assert len(record["hands"]) == 2
    assert score_summary(game_from_record(record)) == score_summary(game)


def test_a_coin_flip_round_trips_by_name():
    names = ["Anna", "Béla", "Csilla"]
    game = Game.new("rage-n-glyphs", names, options={"skip_up": True})
    while not game.state.finished:
        half = (game.state.current.cards - 1) // 2
        play_hand(game, [half, half, 1], [half, half, 1])
    game.record_coin_flip(0)
    record = record_from_game(game)
    assert record["coin_flip"] == "Anna"
    assert score_summary(game_from_record(record))["winners"] == ["Anna"]


def test_the_readme_example_record_is_a_valid_game_in_progress():
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## The game record", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    game = game_from_record(json.loads(block))
    assert game.state.current.number == 2 and game.state.next_bidder == 0
    assert [(given.seat, given.points, given.reason) for given in game.state.hands[0].adjustments] == [
        (1, -10, "revoke")]


@pytest.mark.parametrize("spelling", ["9" * 300, '"' + "x" * 3000 + '"'])
def test_a_long_value_where_a_record_should_be_is_named_in_a_short_message(spelling):
    with pytest.raises(RecordError) as refused:
        game_from_record(parse_record(spelling.encode()))
    message = str(refused.value)
    assert message.startswith("a record is a JSON object, got the ")
    assert f"({len(spelling):,} characters)" in message
    assert len(message) < 300


@pytest.mark.parametrize(("bid", "written"), [(True, "true"), (1.0, "1.0")])
def test_a_bid_equal_to_a_number_but_not_a_whole_number_is_refused_after_records_that_bid_that_number(bid, written):
    # The reader shares one Bid per seat and bid across records; true == 1 == 1.0 must not fetch the Bid of 1.
    fine = {"format": 1, "game": "rage", "players": ["A", "B", "C", "D"],
            "hands": [{"bids": [1, 1, 1, 1], "tricks": [1, 1, 4, 4]}]}
    game_from_record(fine)  # seat B's Bid of 1 is read first
    odd = json.loads(json.dumps(fine))
    odd["hands"][0]["bids"][1] = bid
    with pytest.raises(BidwellError) as refused:
        game_from_record(odd)
    assert str(refused.value) == f"hand 1, B: bid {written} is not a whole number; bids are whole numbers from 0 to 10"
