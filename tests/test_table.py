"""The players' own phones at the table, without a browser: seats held by one phone each, join codes guessed under
the PIN's throttle, and a phone's view that holds no other player's private bid."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import FakeClock, view_texts

from companion.server.seats import CODE_ALPHABET, CODE_LENGTH, Claim, SeatState, Table, Tables, normal_code
from companion.store.games import GameStore
from companion.texts import t
from companion.views.common import Screen
from companion.views.play import PlayModel
from companion.views.seat import SeatModel
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
    assert table.claim(1, "phone-a") is Claim.TAKEN
    assert table.claim(1, "phone-b") is Claim.HELD  # Béla's seat is Béla's phone's
    assert table.claim(3, "phone-b") is Claim.TAKEN and table.seat_of("phone-b") == 3
    table.connected("phone-a", False)
    assert table.state(1) is SeatState.AWAY and table.held(1)
    assert table.claim(1, "phone-c") is Claim.HELD  # away is not gone: the phone may come back
    assert table.claim(1, "phone-a") is Claim.TAKEN and table.state(1) is SeatState.JOINED  # and takes it again
    table.free(1)
    assert table.state(1) is SeatState.FREE and table.claim(1, "phone-c") is Claim.TAKEN
    assert [seat.state for seat in table.seats(4)] == [SeatState.FREE, SeatState.JOINED, SeatState.FREE,
                                                        SeatState.JOINED]


def test_a_phone_is_its_seats_until_the_scorekeeper_frees_it():
    table = Tables().table("game-1")
    assert table.claim(2, "phone-b") is Claim.TAKEN
    assert table.claim(3, "phone-b") is Claim.BOUND and table.seat_of("phone-b") == 2  # no hop to Dóra
    table.leave("phone-b")
    assert table.state(2) is SeatState.FREE and table.seat_of("phone-b") is None
    assert table.claim(0, "phone-b") is Claim.BOUND  # leaving gives the seat back, not a choice of another
    assert table.claim(2, "phone-c", hand_under_way=True) is Claim.UNDER_WAY  # Csilla bids on the keeper's now
    assert table.claim(2, "phone-b", hand_under_way=True) is Claim.TAKEN  # but it is still this phone's
    table.free(2)
    assert table.bound_seat("phone-b") is None
    assert table.claim(0, "phone-b") is Claim.TAKEN  # freed by the scorekeeper, it may be another's


def test_a_seat_without_a_phone_is_taken_only_before_its_hands_bidding_begins(store):
    play = hidden_game(store)
    table = Tables().table(play.saved.id)
    assert not play.hand_under_way
    assert table.claim(1, "phone-b", hand_under_way=play.hand_under_way) is Claim.TAKEN
    assert SeatModel(play, 1, table, "phone-b").tap_bid(1)
    assert play.hand_under_way
    assert table.claim(2, "phone-c", hand_under_way=play.hand_under_way) is Claim.UNDER_WAY
    assert table.claim(1, "phone-b", hand_under_way=play.hand_under_way) is Claim.TAKEN  # its own, back again


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


def phones(play: PlayModel, *seats: int) -> tuple[SeatModel, ...]:
    """A phone for each of ``seats``, each taking its seat before the hand's first bid."""
    table = Tables().table(play.saved.id)
    models = []
    for seat in seats:
        assert table.claim(seat, f"phone-{seat}", hand_under_way=play.hand_under_way) is Claim.TAKEN
        models.append(SeatModel(play, seat, table, f"phone-{seat}"))
    return tuple(models)


def test_a_phone_sees_its_own_hidden_bid_and_no_one_elses_until_all_are_in(store):
    play = hidden_game(store)
    bela, csilla, dora, anna = phones(play, 1, 2, 3, 0)
    assert bela.view().keys and not csilla.view().keys  # the pad on Béla's turn only
    assert not csilla.tap_bid(0) and csilla.view().message.error
    assert bela.tap_bid(1)
    assert bela.view().mine == "Your bid: 1"
    seen = view_texts(csilla.view())
    assert "Your bid: 1" not in seen and ("Béla", "secret") in csilla.view().bids
    assert csilla.view().turn == "Your bid"
    assert csilla.tap_bid(0)
    assert dora.tap_bid(0)
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
    seated = dict(zip((1, 2, 3, 0), phones(play, 1, 2, 3, 0), strict=True))
    for seat, phone in seated.items():
        assert phone.tap_bid(1 if seat in (1, 0) else 0)  # the dealer's 0 would make 1: the hook
    csilla = seated[2].view()
    assert ("Béla", "secret") in csilla.bids and csilla.turn == "Play the hand; the scorekeeper enters the tricks."
    assert all(cell.bid in ("secret", "") for row in csilla.board.rows for cell in row.cells)
    while play.view().tricks.choosing is not None:
        assert play.tap_tricks(0 if play.view().tricks.choosing != "Béla" else 1) and play.settle()
    assert play.confirm_tricks()
    after = seated[2].view()
    assert [cell.bid for cell in after.board.rows[0].cells] == ["1", "1", "0", "0"] and after.summary is not None


def test_the_scorekeeper_waits_for_a_phone_and_may_take_its_bid_after_all(store):
    play = hidden_game(store)
    on_phone = {1}
    play.on_phone = lambda seat: seat in on_phone
    bela, dora = phones(play, 1, 3)
    assert play.screen is Screen.PHONE and play.bidder == "Béla"
    assert not play.tap_bid(0)  # the scorekeeper's pad is not out for a phone's turn
    bela.tap_bid(1)
    assert play.screen is Screen.COVER and play.bidder == "Csilla"  # Csilla has no phone: pass the phone
    play.unlock()
    assert play.tap_bid(0) and play.settle()
    on_phone.add(3)
    assert play.screen is Screen.PHONE and play.bidder == "Dóra"
    play.take_over()  # Dóra's phone is flat: the scorekeeper asks, then passes their own
    assert play.screen is Screen.COVER
    play.unlock()
    assert play.tap_bid(0) and play.bidder == "Anna"
    # Dóra's phone did not make that bid: it says a bid is in, not what it is, until the table sees it.
    assert dora.view().mine == "Your bid is in. It was made on the scorekeeper's phone, so this phone shows it " \
                               "when the table sees the bids."


def _secrets_in(view, play: PlayModel, seat: int, table: Table, device: str) -> list[str]:
    """What of another seat's private bid (its number, the others' sum in the hook's reason) is in the phone's
    view of ``seat``: nothing, unless the rules have revealed it."""
    hand = play.state.current
    texts = view_texts(view)
    found = []
    for other, bid in enumerate(hand.bids):
        if bid is None or hand.shown_bids[other] is not None:
            continue
        if (play.players[other], str(bid)) in view.bids:
            found.append(f"{play.players[other]}'s bid in the bids line")
        if other == seat and view.mine == t("seat.your_bid_is", value=bid) \
                and not table.made_here(hand.number, seat, device, bid):
            found.append(f"{play.players[other]}'s bid, made on another phone, as 'your bid'")
    forbidden = next((key.reason for key in play.pad() if not key.allowed), None)
    if forbidden is not None and forbidden in texts and play.state.next_bidder != seat:
        found.append("the hook's reason (the others' sum) off the dealer's turn")
    return found


@pytest.mark.parametrize("bidding", ["hidden", "secret"])
def test_no_seat_hop_in_any_order_shows_a_phone_another_seats_private_bid_or_the_hooks_sum(store, bidding):
    """A phone with the join code (the hopper, or a script with a new device id each try) leaves its seat and
    tries every other seat in every order, before every bid of a hand whose other bids are made privately on the
    scorekeeper's phone: the hopper takes no seat but its own, a script only one whose hand has no bid yet, and
    whatever seat a phone holds, its view shows no private bid it did not make, and the dealer's forbidden number
    only on the dealer's own turn."""
    hops = tried = 0
    for first in range(len(PLAYERS)):
        for order in itertools.permutations(seat for seat in range(len(PLAYERS)) if seat != first):
            play = hidden_game(store, bidding=bidding)
            table = Tables().table(play.saved.id)
            play.on_phone = table.held
            hopper = "hopper"
            assert table.claim(first, hopper, hand_under_way=play.hand_under_way) is Claim.TAKEN
            phones = {first: SeatModel(play, first, table, hopper)}
            bids = {1: 1, 2: 0, 3: 0, 0: 1}  # the dealer's 0 would make 1: the hook greys it
            for _ in range(len(PLAYERS)):
                for target in (*order, first):
                    table.leave(hopper)
                    for device in (hopper, f"script-{tried}"):
                        tried += 1
                        under_way = play.hand_under_way
                        if table.claim(target, device, hand_under_way=under_way) is Claim.TAKEN:
                            hops += device == hopper and target != first or device != hopper and under_way
                            view = SeatModel(play, target, table, device).view()
                            assert _secrets_in(view, play, target, table, device) == [], (first, order, target)
                            if device != hopper:
                                table.leave(device)
                    assert table.claim(first, hopper, hand_under_way=play.hand_under_way) is Claim.TAKEN
                bidder = play.state.next_bidder
                if bidder in phones:
                    assert phones[bidder].tap_bid(bids[bidder])
                else:
                    play.unlock()
                    assert play.tap_bid(bids[bidder]) and play.settle()
            assert play.state.current.bids == (1, 1, 0, 0)
    assert tried == 2 * 4 * 6 * 4 * 4 and hops == 0
