"""The screens' logic, driven by plain pytest: a scorekeeper's taps without a browser."""

from __future__ import annotations

import json
import random

import pytest

from companion.history import GameStore
from companion.viewmodels import HistoryModel, NewGameModel, PlayModel, Screen
from scoring.game import Game


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data")


def new_play(store, game, players, **options):
    return PlayModel(store.start(Game.new(game, players, options=options)), chance=random.Random(7))


def bid_all(model, bids):
    """Tap the bids (given in seat order) in turn, unlocking the cover where bids are private."""
    for seat in model.state.current.bidding_order:
        if model.screen is Screen.COVER:
            model.unlock()
        assert model.tap_bid(bids[seat]), model.message


def enter_tricks(model, tricks, **counted):
    model.start_tricks()
    for seat, count in enumerate(tricks):
        model.step_tricks(seat, count)
    for kind, counts in counted.items():
        for seat, count in enumerate(counts):
            for _ in range(count):
                model.step_counted(kind, seat, 1)
    assert model.confirm_tricks(), model.message


# --- new game ---


def test_players_are_added_in_seat_order_and_bad_names_refused():
    setup = NewGameModel()
    assert setup.add_player("Anna") and setup.add_player(" Béla ")
    assert not setup.add_player("   ")
    assert setup.message == "Player 3 has an empty name"
    assert not setup.add_player("Anna")
    assert setup.message == "'Anna' is at the table twice (players 1 and 3)"
    assert setup.players == ["Anna", "Béla"]


def test_the_player_count_is_enforced_with_the_range_shown():
    setup = NewGameModel(game_id="herrlof")
    assert setup.range_text == "2 to 3 players"
    for name in ("Anna", "Béla", "Csilla"):
        assert setup.add_player(name)
    assert not setup.add_player("Dóra")
    assert setup.message == "Herrlof is played by at most 3 players"


def test_starting_with_too_few_players_says_how_many_more(store):
    setup = NewGameModel()
    setup.add_player("Anna")
    assert setup.start(store) is None
    assert setup.message == "Rage'n Glyphs needs 3 to 10 players; add 2 more"


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


def test_options_are_checked_and_the_random_dealer_drawn(store):
    setup = NewGameModel(game_id="oh-hell")
    assert [row.name for row in setup.option_rows()] == ["bidding", "sequence", "scoring"]  # the hook is fixed
    setup.set_option("sequence", "sideways")
    assert "cannot be sideways" in setup.message
    setup.set_option("sequence", "short-up")
    for name in ("Anna", "Béla", "Csilla"):
        setup.add_player(name)
    saved = setup.start(store, random.Random(3))
    assert saved.game.rules.options["sequence"] == "short-up"
    assert saved.game.first_dealer == random.Random(3).randrange(3)


def test_a_blank_sheet_from_the_new_game_screen_uses_the_choices_made():
    setup = NewGameModel(game_id="oh-hell")
    setup.set_option("sequence", "short-up")
    assert setup.blank_sheet().names == ("Seat 1", "Seat 2", "Seat 3")  # no names yet: the fewest players
    for name in ("Anna", "Béla", "Csilla", "Dóra"):
        setup.add_player(name)
    setup.first_dealer = 2
    sheet = setup.blank_sheet()
    assert sheet.names == ("Anna", "Béla", "Csilla", "Dóra")
    assert [(row.cards, row.dealer) for row in sheet.rows[:3]] == [("1", "Csilla"), ("2", "Dóra"), ("3", "Anna")]


# --- playing ---


def test_an_open_hand_from_bids_to_points(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"])
    header = model.header()
    assert (header.title, header.cards, header.dealer, header.first) == (
        "Hand 1 of 10", "10 cards each", "Anna deals", "Béla bids first and leads")
    assert model.screen is Screen.BIDDING and model.bidder == "Béla"
    assert [key.value for key in model.pad()] == list(range(11))
    bid_all(model, [2, 3, 4])
    assert model.bid_summary() == "Bids 9 for 10 tricks: underbid by 1"
    assert model.screen is Screen.PLAYING
    enter_tricks(model, [2, 3, 5], bonus=[1, 0, 0], mad=[0, 0, 1])
    assert model.state.hands[0].points == (17, 13, -5)  # 2+10+5; 3+10; 5-5-5
    assert model.leaders() == {0}


def test_the_live_trick_check_and_a_refused_total_keep_the_counts(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"])
    bid_all(model, [2, 3, 4])
    model.start_tricks()
    model.step_tricks(0, 4)
    model.step_tricks(1, 50)
    assert model.tricks_draft == [4, 10, 0]
    assert model.tricks_check() == ("Tricks 14 of 10", False)
    assert not model.confirm_tricks()
    assert model.message.startswith("Hand 1: the tricks add up to 14")
    assert model.tricks_draft == [4, 10, 0] and model.screen is Screen.TRICKS
    model.step_tricks(1, -4)
    lines = model.trick_lines()
    assert [(line.tricks, line.points, line.made) for line in lines] == [(4, -1, False), (6, 1, False), (0, -5, False)]
    assert model.tricks_check() == ("Tricks 10 of 10", True)


def test_the_hook_strikes_out_one_number_and_refuses_it_with_the_reason(store):
    model = new_play(store, "oh-hell", ["Anna", "Béla", "Csilla"], sequence="short-down")
    model.tap_bid(4)
    model.tap_bid(3)
    assert model.bidder == "Anna"
    assert [key.value for key in model.pad() if not key.allowed] == [3]
    assert model.forbidden_text() == "3 is not allowed (Hose the Dealer)"
    assert not model.tap_bid(3)
    assert model.message == ("Hand 1, Anna: may not bid 3: the bids would add up to the 10 tricks in this hand "
                             "(Hose the Dealer); any other bid from 0 to 10 is allowed")
    assert model.state.next_bidder == 0
    assert model.tap_bid(2) and model.message is None


def test_hidden_bids_pass_the_phone_and_show_together(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"], bidding="hidden")
    assert model.screen is Screen.COVER and model.bidder == "Béla"
    model.unlock()
    assert model.screen is Screen.PRIVATE_BID
    model.tap_bid(3)
    assert model.screen is Screen.COVER and model.bidder == "Csilla"
    assert model.bids_line() == [("Béla", "secret"), ("Csilla", "–"), ("Anna", "–")]
    model.unlock()
    model.tap_bid(2)
    model.unlock()
    model.tap_bid(4)
    assert model.screen is Screen.PLAYING
    assert model.bids_line() == [("Béla", "3"), ("Csilla", "2"), ("Anna", "4")]


def test_secret_bids_stay_covered_until_the_tricks(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    bid_all(model, [3, 4])
    assert model.screen is Screen.PLAYING
    assert model.bids_line() == [("Béla", "secret"), ("Anna", "secret")]
    assert model.board()[0].cells[0].bid == "secret"
    enter_tricks(model, [3, 10])
    assert model.board()[0].cells[0].bid == "3"
    header = model.header()
    assert header.title == "Hand 2 · race to 50" and header.race == "Anna leads with 18"


def test_a_private_hook_refusal_shows_no_other_bid(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"], bidding="secret", hose_the_dealer=True)
    model.unlock()
    model.tap_bid(3)
    model.unlock()
    model.tap_bid(4)
    model.unlock()
    assert not model.tap_bid(3)
    assert "may not bid 3" in model.message and "4" not in model.message.replace("10", "")
    assert model.screen is Screen.PRIVATE_BID


def test_a_reload_in_the_middle_of_private_bids_starts_at_the_cover(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"], bidding="hidden")
    model.unlock()
    model.tap_bid(3)
    model.unlock()
    resumed = PlayModel(store.open(model.saved.id))
    assert resumed.screen is Screen.COVER and resumed.bidder == "Csilla"


def test_correcting_an_earlier_hand_recomputes_the_totals(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"])
    bid_all(model, [2, 3, 4])
    enter_tricks(model, [2, 3, 5])
    bid_all(model, [3, 3, 3])
    enter_tricks(model, [3, 3, 3])
    model.start_correction(1)
    assert model.screen is Screen.CORRECTING and model.bids_draft == [2, 3, 4]
    model.step_correction_tricks(2, -1)
    model.step_correction_tricks(1, 1)
    assert model.save_correction()
    assert model.message == "Hand 1 corrected; every later total follows."
    # Anna 2/2: 12; Béla bid 3 took 4: 4 - 5 = -1; Csilla 4/4: 14. Hand 2, all 3/3: 13 each.
    assert model.state.hands[0].points == (12, -1, 14)
    assert model.state.totals == (25, 12, 27)


def test_undo_takes_back_the_last_tap(store):
    model = new_play(store, "rage", ["Anna", "Béla", "Csilla"])
    model.tap_bid(2)
    assert model.undo() and model.message == "Undone."
    assert model.bidder == "Béla"
    assert not model.undo() and model.message == "Nothing to undo."


def test_a_coin_flip_decides_a_tie_and_a_rematch_keeps_the_seats(store):
    names = [f"P{i}" for i in range(10)]
    model = new_play(store, "rage-n-glyphs", names, skip_up=True)
    # Every hand, P0 and P1 each bid and take half of (cards - 1), P2 bids and takes the remaining 1;
    # the others bid 0 and take 0. P0 and P1 score the same every hand, so they tie on the final hand too.
    while not model.state.finished:
        cards = model.state.current.cards
        half = (cards - 1) // 2
        bids = [half, half, 1] + [0] * 7
        bid_all(model, bids)
        enter_tricks(model, bids)
    ending = model.ending()
    assert ending.coin_between == ("P0", "P1")
    assert ending.headline == "Still tied after the final hand: P0, P1. Flip a coin."
    winner = model.flip_coin()
    assert winner in ("P0", "P1")
    ending = model.ending()
    assert ending.headline == f"{winner} wins!" and ending.how == "Tied after the final hand too; decided by the coin flip."
    loser = "P1" if winner == "P0" else "P0"
    # P0, P1 and P2 all have 55; the final hand put P2 (11) behind P0 and P1 (14), the coin decided between those.
    assert ending.standings[:3] == (f"1. {winner}: 55", f"2. {loser}: 55", "2. P2: 55")
    record = json.loads(model.record_json())
    assert record["coin_flip"] == winner and record["id"] == model.saved.id
    rematch = model.rematch(store)
    assert rematch.game.players == model.players and rematch.game.first_dealer == 1
    assert rematch.game.rules.options == model.game.rules.options


def test_a_finished_game_opened_from_the_history_is_read_only(store):
    model = new_play(store, "herrlof", ["Anna", "Béla"])
    for _ in range(2):
        bid_all(model, [15, 0])
        enter_tricks(model, [15, 0])
    assert model.screen is Screen.FINISHED and model.ending().headline == "Anna wins!"
    viewer = PlayModel(store.open(model.saved.id), read_only=True)
    assert not viewer.undo() and not viewer.tap_bid(0)
    viewer.start_correction(1)
    assert viewer.screen is Screen.FINISHED
    assert len(store.open(model.saved.id).game.log) == len(model.game.log)


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
    assert history.message == "Deleted." and history.items == []
    assert [s.id for s in HistoryModel(store).items] == [keep.id]


def test_a_bid_the_disk_refuses_says_so_and_keeps_the_hand_as_it_was(tmp_path, monkeypatch):
    import errno
    import os

    from companion import storage

    store = GameStore(tmp_path / "data")
    model = PlayModel(store.start(Game.new("rage", ["Anna", "Béla", "Csilla"])))

    def disk_full(_):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage.os, "fsync", disk_full)
    assert model.tap_bid(3) is False
    assert "the disk is full; free some space" in model.message and "tried again" in model.message
    assert model.state.next_bidder == 1 and model.bidder == "Béla"
    monkeypatch.undo()
    assert model.tap_bid(3) is True and model.bidder == "Csilla"
