"""A one-off penalty given at the table (a revoke), as a scorekeeper gives it on a phone: the screen says what is
missing, the button says what it gives, the game says it was given where the eye is (the hand's bar), the
scoreboard (its own tab) shows it in the player's cell and whom and why under the board, and Undo, tapped there,
takes it back after asking."""

from __future__ import annotations

import re

from phone import SIZES_AND_LOOKS
from playwright.sync_api import expect
from test_scoreboard import show_tab

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]


def two_hands_of_rage(folder) -> None:
    """Rage for four, two hands scored: everyone bids 0 and Anna, Béla, Csilla and Dóra took none but the first
    bidder, who took them all. Hand 1 (10 cards, Béla first): Béla 10 - 5 = 5, the others 10. Hand 2 (9 cards,
    Csilla first): Csilla 9 - 5 = 4, the others 10: Anna 20, Béla 15, Csilla 14, Dóra 20."""
    saved = GameStore(folder).start(Game.new("rage", PLAYERS))
    for _ in range(2):
        order = saved.state.current.bidding_order
        for seat in order:
            saved.bid(seat, 0)
        tricks = [0] * len(PLAYERS)
        tricks[order[0]] = saved.state.current.cards
        saved.record_tricks(tricks)
    assert saved.state.totals == (20, 15, 14, 20)


@SIZES_AND_LOOKS
def test_a_penalty_for_a_revoke_given_shown_and_taken_back(open_phone, own_server, tmp_path, size, scheme):
    two_hands_of_rage(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"adjust-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 3 · ")).tap()
    phone.see_exactly("Hand 3 of 10")
    phone.tap("Give a bonus or penalty")
    phone.see("Counted with hand 2, already scored: the totals change at once.")
    phone.tap("Give the penalty")
    expect(phone.page.get_by_text("Choose who gets it: tap a name.")).to_be_in_viewport()
    phone.pick("checkbox", "Béla")
    points = phone.tap_field("Points")
    phone.page.keyboard.type("10")
    phone.see_typed(points, "10")
    reason = phone.tap_field(re.compile(r"^Reason"))
    phone.page.keyboard.type("revoke")
    phone.see_typed(reason, "revoke")
    give = phone.button("Give Béla -10")
    expect(give).to_be_in_viewport(ratio=1)
    phone.shot(f"adjust-{size['width']}-{scheme}")
    give.tap()

    expect(phone.page.get_by_text("Béla -10 (revoke), counted with hand 2.").first).to_be_in_viewport()
    phone.see_exactly("Hand 3 of 10")
    phone.shot(f"adjust-given-{size['width']}-{scheme}")
    show_tab(phone, "Scoreboard")
    expect(phone.page.get_by_text("Hand 2: Béla -10, revoke")).to_have_count(1)
    # Béla's cell in hand 2: his 10 for the exact 0 less the 10, his total 5, and the penalty under it.
    phone.reads("Hand 2 · 9 cards", "0/0 ✓ +10 → 20", "0/0 ✓ D +0 → 5 penalty -10", "0/9 × +4 → 14")

    phone.tap("Undo")
    phone.see("Take back Béla's -10 with hand 2?")
    phone.tap("Take it back")
    expect(phone.page.get_by_text("Hand 2: Béla -10, revoke")).to_have_count(0)
    phone.reads("Hand 2 · 9 cards", "0/0 ✓ +10 → 20", "0/0 ✓ D +10 → 15", "0/9 × +4 → 14")
    show_tab(phone, "Hand")
    phone.see("Undone: Béla's -10 with hand 2.")
