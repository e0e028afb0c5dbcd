"""A private pad left open is covered again (issue 44, item 7): Back from a player's private pad, then the game
continued from the start screen, shows the pass-the-phone cover, never the pad, so whoever holds the phone then
cannot bid for that player."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game


def test_back_from_a_private_pad_and_continue_brings_the_cover_back(open_phone, own_server, tmp_path):
    saved = GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "Béla", "Csilla"],
                                                        options={"bidding": "hidden"}))
    first = saved.game.name(saved.state.next_bidder)
    server = own_server()
    phone = open_phone(server.url, "private-pad")
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 1 · ")).tap()
    phone.see_exactly(f"Hand the phone to {first}")
    phone.tap(f"I am {first}")
    phone.see_exactly(f"{first}, your bid. Nobody else sees it.")
    phone.tap("Back")
    phone.see_exactly("Continue a game")
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 1 · ")).tap()
    phone.see_exactly(f"Hand the phone to {first}")
    expect(phone.page.get_by_text(f"{first}, your bid. Nobody else sees it.", exact=True)).to_have_count(0)
    expect(phone.button("Bid 0")).to_have_count(0)
    phone.shot("covered-again")
