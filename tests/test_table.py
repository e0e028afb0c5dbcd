"""The players' own phones at the table, without a browser: seats held by one phone each, join codes guessed under
the PIN's throttle, and a phone's view that holds no other player's private bid."""

from __future__ import annotations

import random

import pytest
from helpers import view_texts
from test_lan import FakeClock

from companion.history import GameStore
from companion.phone_seat import SeatModel
from companion.table import CODE_ALPHABET, CODE_LENGTH, SeatState, Tables, normal_code
from companion.viewmodels import PlayModel, Screen
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]  # Anna deals hand 1: Béla bids first, Anna last


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data")


def hidden_game(store, **options) -> PlayModel:
    saved = store.start(Game.new("rage-n-glyphs", PLAYERS, options={"bidding": "hidden", "hose_the_dealer": True,
                                                                     **options}))
    return PlayModel(saved, chance=random.Random(3))


# --- seats and codes -----------------------------------------------------------------------------


def test_a_seat_is_held_by_one_phone_and_freed_only_by_the_scorekeeper():
    table = Tables().table("game-1")
    assert table.claim(1, "phone-a")
    assert not table.claim(1, "phone-b")  # Béla's seat is Béla's phone's
    assert table.claim(2, "phone-b") and table.seat_of("phone-b") == 2
    assert table.claim(3, "phone-b") and table.seat_of("phone-b") == 3 and table.state(2) is SeatState.FREE
    table.connected("phone-a", False)
    assert table.state(1) is SeatState.AWAY and table.held(1)
    assert not table.claim(1, "phone-c")  # away is not gone: the phone may come back
    assert table.claim(1, "phone-a") and table.state(1) is SeatState.JOINED  # and takes its seat again
    table.free(1)
    assert table.state(1) is SeatState.FREE and table.claim(1, "phone-c")
    assert [seat.state for seat in table.seats(4)] == [SeatState.FREE, SeatState.JOINED, SeatState.FREE,
                                                        SeatState.JOINED]


def test_each_game_has_its_own_join_code_which_opens_only_it():
    tables = Tables()
    one, two = tables.table("game-1"), tables.table("game-2")
    assert tables.table("game-1") is one and one.code != two.code
    assert len(one.code) == CODE_LENGTH and set(one.code) <= set(CODE_ALPHABET)
    guesses = tables.session()
    assert guesses.guess(one.code.lower()).opened_to is one
    assert guesses.guess(f" {two.code[:3]}-{two.code[3:]} ").opened_to is two
    assert tables.known("game-3") is None


def test_wrong_join_codes_are_throttled_as_wrong_pins_are():
    clock = FakeClock()
    tables = Tables(clock=clock)
    code = tables.table("game-1").code
    guesses = tables.session()
    answers = [guesses.guess("AAAAAA" if code != "AAAAAA" else "BBBBBB") for _ in range(4)]
    assert [answer.opened for answer in answers] == [False] * 4
    assert answers[-1].wait_seconds == 30  # the fourth wrong code: the first wait
    refused = guesses.guess(code)
    assert not refused.opened and not refused.checked  # even the right code waits
    clock.now += 30
    assert guesses.guess(code).opened


def test_a_typed_code_is_read_in_any_case_with_spaces_and_dashes():
    assert normal_code("abc-234") == "ABC234" and normal_code("ABC23") is None and normal_code("ABC230") is None


# --- the phone's view --------------------------------------------------------------------------


def test_a_phone_sees_its_own_hidden_bid_and_no_one_elses_until_all_are_in(store):
    play = hidden_game(store)
    bela, csilla = SeatModel(play, 1), SeatModel(play, 2)
    assert bela.view().keys and not csilla.view().keys  # the pad on Béla's turn only
    assert not csilla.tap_bid(0) and csilla.view().message.error
    assert bela.tap_bid(1)
    assert bela.view().mine == "Your bid: 1"
    seen = view_texts(csilla.view())
    assert "Your bid: 1" not in seen and ("Béla", "secret") in csilla.view().bids
    assert csilla.view().turn == "Your bid"
    assert csilla.tap_bid(0)
    dora = SeatModel(play, 3)
    assert dora.tap_bid(0)
    anna = SeatModel(play, 0)
    # The dealer's pad: the bids already make the 1 trick (Béla's 1, 0, 0), so the hook greys out 0, and says
    # why in words that name no other bid.
    assert [(key.value, key.allowed) for key in anna.view().keys] == [(0, False), (1, True)]
    assert not anna.tap_bid(0)
    assert anna.view().message.text.startswith("Hand 1, Anna: may not bid 0")
    assert "Béla" not in anna.view().message.text
    assert anna.tap_bid(1)
    assert ("Béla", "1") in anna.view().bids  # hidden bids: all shown once all are in


def test_secret_bids_stay_off_every_phone_but_the_bidders_until_the_tricks(store):
    play = hidden_game(store, bidding="secret")
    for seat in (1, 2, 3, 0):
        assert SeatModel(play, seat).tap_bid(1 if seat in (1, 0) else 0)  # the dealer's 0 would make 1: the hook
    csilla = SeatModel(play, 2).view()
    assert ("Béla", "secret") in csilla.bids and csilla.turn == "Play the hand; the scorekeeper enters the tricks."
    assert all(cell.bid in ("secret", "") for row in csilla.board.rows for cell in row.cells)
    while play.view().tricks.choosing is not None:
        assert play.tap_tricks(0 if play.view().tricks.choosing != "Béla" else 1) and play.settle()
    assert play.confirm_tricks()
    after = SeatModel(play, 2).view()
    assert [cell.bid for cell in after.board.rows[0].cells] == ["1", "1", "0", "0"] and after.summary is not None


def test_the_scorekeeper_waits_for_a_phone_and_may_take_its_bid_after_all(store):
    play = hidden_game(store)
    on_phone = {1}
    play.on_phone = lambda seat: seat in on_phone
    assert play.screen is Screen.PHONE and play.bidder == "Béla"
    assert not play.tap_bid(0)  # the scorekeeper's pad is not out for a phone's turn
    SeatModel(play, 1).tap_bid(1)
    assert play.screen is Screen.COVER and play.bidder == "Csilla"  # Csilla has no phone: pass the phone
    play.unlock()
    assert play.tap_bid(0) and play.settle()
    on_phone.add(3)
    assert play.screen is Screen.PHONE and play.bidder == "Dóra"
    play.take_over()  # Dóra's phone is flat: the scorekeeper asks, then passes their own
    assert play.screen is Screen.COVER
    play.unlock()
    assert play.tap_bid(0) and play.bidder == "Anna"
