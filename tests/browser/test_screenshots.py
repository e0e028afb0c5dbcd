"""Every screen at two phone sizes, light and dark, saved under tests/artifacts/screens/ for a person to look at,
and checked as a person looks at it: not blank, its heading and key line on it, nothing cut at the right edge.

The games are set up through the store; each screen is then reached by taps,
and shot once what it is known by shows.
"""

from __future__ import annotations

import re

import pytest
from phone import ARTIFACTS, PHONE, SMALL_PHONE
from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game

SCREENS = ARTIFACTS / "screens"


def set_up(folder) -> None:
    store = GameStore(folder)
    oh_hell = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))  # Anna deals 10 cards
    for seat in oh_hell.state.current.bidding_order:
        oh_hell.bid(seat, 3)
    oh_hell.record_tricks([3, 3, 4])
    store.start(Game.new("rage-n-glyphs", ["Zoë", "Ödön", "Ярослав", "さくら"], options={"bidding": "hidden"}))
    rage = store.start(Game.new("rage", ["Dóra", "Ernő", "Flóra", "Maximiliane Wolfeschlegel"]))
    for seat, value in zip(rage.state.current.bidding_order, (2, 3, 1, 3), strict=True):
        rage.bid(seat, value)
    herrlof = store.start(Game.new("herrlof", ["Anna", "Béla"]))
    for seat in herrlof.state.current.bidding_order:
        herrlof.bid(seat, 15 if seat == 0 else 0)
    herrlof.record_tricks([15, 0])
    for seat in herrlof.state.current.bidding_order:
        herrlof.bid(seat, 15 if seat == 0 else 0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=lambda size: f"{size['width']}x{size['height']}")
def test_every_screen_light_and_dark_at_two_sizes(open_phone, own_server, tmp_path, size, scheme):
    set_up(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"{size['width']}x{size['height']}-{scheme}", viewport=size,
                       color_scheme=scheme)

    def shot(label: str, *key_texts: str) -> None:
        phone.shows_whole(phone.shot(label, SCREENS), *key_texts)

    expect(phone.button("Oh Hell (BGA) · hand 2 · Anna, Béla, Csilla")).to_be_visible()
    shot("start", "New game", phone.button("Oh Hell (BGA) · hand 2 · Anna, Béla, Csilla"))

    phone.tap("Blank score sheets")
    save = phone.button("Blank score sheet (PDF)")
    expect(save).to_be_visible()
    shot("blank sheet", "Blank score sheet", save)
    phone.tap("Back")

    phone.tap("New game")
    phone.unfold("House rules")
    phone.pick("switch", "Skip Up")
    phone.enter_lines("Player's name", ["Anna", "さくら", "Ярослав"])
    phone.see_exactly("3. Ярослав")
    shot("new game", "3. Ярослав", "Start the game")
    phone.tap("Back")

    phone.tap("Oh Hell (BGA) · hand 2 · Anna, Béla, Csilla")
    phone.see_exactly("Hand 2 of 19")
    phone.see_exactly("Csilla's bid")
    # Hand 1 scored: each row says what it gave its player (Csilla bid 3 and took 4) and the total.
    shot("hand 2", "Hand 2 of 19", "Csilla's bid", "× +4", "Csilla's total: 4")
    phone.tap("Bid 2")
    phone.see_exactly("Anna's bid")
    phone.tap("Bid 3")
    hook = phone.button("4: Not 4: the bids would make 9")
    expect(hook).to_be_disabled()
    shot("bidding with the hook", hook, "Anna · bid 3")
    phone.tap("Bid 1")
    phone.see_exactly("Csilla's tricks")
    shot("tricks", "Csilla's tricks", phone.button("Csilla's bid: 2. Change it"), phone.button("Score the hand"))
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    expect(phone.button("Correct hand 1")).to_be_visible()
    shot("scoreboard", phone.button("Correct hand 1"))
    phone.page.get_by_role("tab", name=re.compile("^Standings")).tap()
    first = phone.page.get_by_text("1. Anna: 13 · 1 exact bid", exact=True)  # one line a place
    expect(first).to_be_visible()
    shot("standings", first, phone.button("Copy the standings"))
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    phone.tap("Correct hand 1")
    expect(phone.button("Save the correction")).to_be_visible()
    shot("correction", "Save the correction")
    phone.tap("Back")
    expect(phone.button("Correct hand 1")).to_be_visible()  # back on the scoreboard it was opened from
    phone.page.get_by_role("tab", name=re.compile("^Hand")).tap()
    phone.see_exactly("Csilla's tricks")
    phone.tap("Back")

    phone.tap("Rage'n Glyphs · hand 1 · Zoë, Ödön, Ярослав, さくら")
    phone.see_exactly("Hand the phone to Ödön")
    shot("cover", "Hand the phone to Ödön")
    phone.tap("I am Ödön")
    phone.see_exactly("Ödön, your bid. Nobody else sees it.")
    shot("private bid", "Ödön, your bid. Nobody else sees it.")
    phone.tap("Back")

    phone.tap("Rage · hand 1 · Dóra, Ernő, Flóra, Maximiliane Wolfeschlegel")
    phone.see_exactly("Ernő's tricks")
    phone.tap("Ernő took 3")
    phone.see_exactly("Ernő took 3 tricks")
    phone.tap("Ernő's counted cards: 0")  # the row's counted cards, folded
    phone.tap("+5 cards of Ernő: one more")
    phone.see_exactly("+5 cards of Ernő: 1")
    shot("tricks with cards", "+5 cards of Ernő: 1", "Ernő took 3 tricks")
    phone.tap("Back")

    phone.tap("Herrlof · hand 2 · Anna, Béla")
    phone.tap("Anna took 15")
    phone.see_exactly("Tricks 15; between 12 and 15 allowed")
    phone.tap("Score the hand")
    phone.see_exactly("Anna wins!")
    shot("end", "Anna wins!")
    phone.tap("Start screen")

    phone.leave_start("Past games")
    finished = phone.page.get_by_role("group", name="Herrlof · won by Anna", exact=False)
    expect(finished).to_be_visible()
    shot("past games", finished)
    finished.get_by_role("button", name="Open", exact=True).tap()
    phone.see_exactly("Game over")
    shot("past game", "Game over")
