"""Rage'n Glyphs' trump at the table on a phone: the suits lie in one line over the players' rows, the one that is trump
now plainly marked (filled, and said so), and the scoreboard's hand keeps every change of the trump, not only the
last."""

from __future__ import annotations

import re

from phone import SIZES_AND_LOOKS
from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla"]


@SIZES_AND_LOOKS
def test_the_trump_now_is_marked_and_the_scoreboard_keeps_each_change(open_phone, own_server, tmp_path, size, scheme):
    GameStore(tmp_path / "data").start(Game.new("rage-n-glyphs", PLAYERS))
    server = own_server()
    phone = open_phone(server.url, f"trump-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.page.get_by_role("button", name=re.compile(r"^Rage'n Glyphs · hand 1 · ")).tap()
    phone.see_exactly("Hand 1 of 31")
    phone.see_exactly("Trump: not recorded")
    # The suits lie in one line over the players' rows: the one turned up is a single tap.
    phone.tap("Hearts")
    phone.see_exactly("Trump: Hearts")
    expect(phone.button("Hearts is trump now")).to_be_visible()  # the suit turned up: filled, read as trump
    phone.tap("Clovers")  # a 2-dot joker turned the next suit
    phone.see_exactly("Trump: Hearts → Clovers (2-dot joker)")
    expect(phone.button("Clovers is trump now")).to_be_visible()
    expect(phone.button("Hearts")).to_be_visible()  # no longer marked
    phone.shot(f"trump-{size['width']}-{scheme}")
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    # The hand's row on the scoreboard, the hand still being bid: the suit turned up, then the joker's change.
    label = phone.page.get_by_text("→ Clovers", exact=True)
    expect(phone.page.get_by_text("Hearts", exact=True)).to_have_count(1)
    phone.scroll_to(label)
    expect(label).to_be_in_viewport()
    phone.shot(f"trump-board-{size['width']}-{scheme}")
