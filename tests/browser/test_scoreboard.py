"""The scoreboard of a ten-player game on a small phone: the hands' column stays put while the players' columns
scroll, a line says there are more players than fit, every player's column can be brought onto the screen, and
the standings list every player, during play and at the end."""

from __future__ import annotations

import re

import pytest
from phone import NEXT_TWO_FRAMES, PHONE, SMALL_PHONE
from playwright.sync_api import expect

from companion.store.games import GameStore
from companion.ui.board import HEAD_HEIGHT, NAME, SCREEN_PADDING
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Flóra", "Gábor", "Hanna", "István", "Maximiliane Wolfeschlegel"]


def nine_hands_of_rage(folder) -> list[str]:
    """Rage for ten, nine of its ten hands played: everyone bids 0, the first to bid takes every trick. Returns
    the last hand's bidding order."""
    store = GameStore(folder)
    saved = store.start(Game.new("rage", PLAYERS))
    for _ in range(9):
        order = saved.state.current.bidding_order
        for seat in order:
            saved.bid(seat, 0)
        tricks = [0] * len(PLAYERS)
        tricks[order[0]] = saved.state.current.cards
        saved.record_tricks(tricks)
    return [PLAYERS[seat] for seat in saved.state.current.bidding_order]


BAR = 68
"""The app bar's height: the page scrolls below it."""

SWIPE = 120
"""One swipe of the players' columns, in pixels."""

DRAWN_WHOLE = """([name, left, right, top, bottom]) => {
    // A name drawn whole is clear of both edges of the columns by its column's padding; one an edge cuts is
    // drawn up to that edge.
    const box = name.getBoundingClientRect();
    return box.left > left + 1 && box.right < right - 1 && box.top >= top && box.bottom <= bottom;
}"""


def swipe_to(phone, target, hand, *, most: int) -> None:
    """Swipe the scoreboard's columns sideways a little at a time, as a person does, on the row of ``hand`` (a
    hand's heading, which does not move sideways), until the name ``target`` is drawn whole on the screen; at most
    ``most`` swipes. Where the row is off the screen the page is scrolled first, with the wheel over the hands'
    column (over the players' columns a wheel turns them sideways)."""
    width, height = phone.page.viewport_size["width"], phone.page.viewport_size["height"]
    edges = [NAME + SCREEN_PADDING, width - SCREEN_PADDING, BAR, height]
    for _ in range(most):
        if phone.page.evaluate(DRAWN_WHOLE, [target.element_handle(), *edges]):
            return
        row, box = hand.bounding_box(), target.bounding_box()
        if not (BAR + HEAD_HEIGHT <= row["y"] and row["y"] + row["height"] <= height):
            phone.page.mouse.move(NAME / 2, height / 2)
            phone.page.mouse.wheel(0, row["y"] - height / 2)
        else:
            phone.page.mouse.move(width * 0.75, row["y"] + row["height"] / 2)
            phone.page.mouse.wheel(SWIPE if box["x"] + box["width"] / 2 > (edges[0] + edges[1]) / 2 else -SWIPE, 0)
        phone.page.evaluate(NEXT_TWO_FRAMES)
    assert phone.page.evaluate(DRAWN_WHOLE, [target.element_handle(), *edges]), target.text_content()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=lambda size: f"{size['width']}x{size['height']}")
def test_ten_players_to_the_end_every_column_reachable_and_the_standings_whole(open_phone, own_server, tmp_path,
                                                                              size, scheme):
    order = nine_hands_of_rage(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"ten-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 10 · ")).tap()
    phone.see_exactly("Hand 10 of 10")
    phone.see_exactly(f"Swipe the columns sideways to see all {len(PLAYERS)} players")
    for name in order:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 0")
    first, *others = order  # the first to bid takes the one trick of hand 10; nobody else is asked
    phone.see_exactly(f"{first}'s tricks")
    phone.tap(f"{first} took 1")
    phone.see_exactly(f"Every trick is placed, so {', '.join(others[:-1])}, and {others[-1]} took none")
    phone.tap("Score the hand")
    phone.see_exactly("Game over")

    def head(name: str):
        """A player's name over their total (a leader's said as leading; a long one's tooltip after it)."""
        return phone.page.get_by_text(re.compile(rf"^{re.escape(name)}( leads)?(\s|$)")).last

    hand_one = phone.button("Correct hand 1")
    for name in PLAYERS:
        swipe_to(phone, head(name), hand_one, most=3 * len(PLAYERS))
        assert hand_one.bounding_box()["x"] == SCREEN_PADDING  # the hands' column stays put
    phone.tap("Standings")
    for name in PLAYERS:
        expect(phone.screen.get_by_text(re.compile(rf"^\d+\. {re.escape(name)}: -?\d+ · \d+ exact bids?$"))
               ).to_be_visible()
