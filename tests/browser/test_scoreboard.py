"""The scoreboard of a ten-player game on a small phone, on its own tab of the game's bottom bar: the hands' column
stays put while the players' columns scroll, a line says there are more players than fit, every player's column can
be brought onto the screen, and the standings (their own tab) list every player, during play and at the end."""

from __future__ import annotations

import re

from phone import SIZES_AND_LOOKS
from playwright.sync_api import expect

from companion.store.games import GameStore
from companion.ui.board import HEAD_HEIGHT, HEADING_MARK, NAME, column_widths
from companion.ui.table import NAV_BAR, VIEW_PADDING
from companion.views.play import PlayModel
from scoring.game import Game
from scoring.i18n.choice import speaking

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Flóra", "Gábor", "Hanna", "István", "Maximiliane Wolfeschlegel"]


def nine_hands_of_rage(folder) -> tuple[str, list[str]]:
    """Rage for ten, nine of its ten hands played: everyone bids 0, the first to bid takes every trick. Returns
    the game's id and the last hand's bidding order."""
    store = GameStore(folder)
    saved = store.start(Game.new("rage", PLAYERS))
    for _ in range(9):
        order = saved.state.current.bidding_order
        for seat in order:
            saved.bid(seat, 0)
        tricks = [0] * len(PLAYERS)
        tricks[order[0]] = saved.state.current.cards
        saved.record_tricks(tricks)
    return saved.id, [PLAYERS[seat] for seat in saved.state.current.bidding_order]


BAR = 68
"""The app bar's height: the scoreboard scrolls below it, and above the bottom bar (NAV_BAR); the game's screens
have VIEW_PADDING at their sides."""

DRAWN_WHOLE = """([name, left, right, top, bottom]) => {
    // A name drawn whole is clear of both edges of the columns by its column's padding; one an edge cuts is
    // drawn up to that edge.
    const box = name.getBoundingClientRect();
    return box.left > left + 1 && box.right < right - 1 && box.top >= top && box.bottom <= bottom;
}"""

ROW_IN_VIEW = """([row, top, bottom]) => {
    const box = row.getBoundingClientRect();
    return box.top >= top && box.bottom <= bottom;
}"""


class Columns:
    """The players' columns as a finger swipes them: where each one starts (the widths the board gave them) and
    how far they are swiped now, so each swipe is the one that brings a column to the middle, or as near as the
    columns go."""

    def __init__(self, phone, widths: tuple[int, ...]):
        self.phone = phone
        self.widths = widths
        self.shown = phone.page.viewport_size["width"] - 2 * VIEW_PADDING - NAME
        self.most = max(0, HEADING_MARK + sum(widths) - self.shown)
        self.swiped = 0

    def swipe_to(self, seat: int, target, hand) -> None:
        """Swipe once, on the row of ``hand`` (a hand's heading, which does not move sideways), to bring seat's
        column to the middle, and wait until its name ``target`` is drawn whole on the screen."""
        page = self.phone.page
        width, height = page.viewport_size["width"], page.viewport_size["height"]
        start = HEADING_MARK + sum(self.widths[:seat])
        wanted = min(self.most, max(0, round(start - (self.shown - self.widths[seat]) / 2)))
        if wanted != self.swiped:
            row = hand.bounding_box()
            page.mouse.move(width * 0.75, row["y"] + row["height"] / 2)
            page.mouse.wheel(wanted - self.swiped, 0)
            self.swiped = wanted
        page.wait_for_function(DRAWN_WHOLE, arg=[target.element_handle(), NAME + VIEW_PADDING,
                                                 width - VIEW_PADDING, BAR, height])


def place(phone, name: str):
    """``name``'s line of the Standings tab, as a screen reader says it ("3. Dóra: 93 · 9 exact bids"): the
    label of the place's node, or its text."""
    said = re.compile(rf"^\d+\. {re.escape(name)}: -?\d+ · \d+ exact bids?$")
    return phone.page.get_by_label(said).or_(phone.screen.get_by_text(said)).first


def show_tab(phone, name: str) -> None:
    """Tap ``name`` on the game's bottom bar (Hand, Scoreboard, Standings, Charts) and see it chosen."""
    tab = phone.page.get_by_role("tab", name=re.compile(f"^{name}"))
    tab.tap()
    expect(tab).to_have_attribute("aria-selected", "true")


def scroll_page_to(phone, row) -> None:
    """Scroll the scoreboard, with the wheel over the hands' column (over the players' columns a wheel turns them
    sideways), to bring ``row`` to the middle of the screen, and wait until it is there with the names above it and
    the bottom bar below it."""
    height = phone.page.viewport_size["height"]
    box = row.bounding_box()
    phone.page.mouse.move(NAME / 2, height / 2)
    phone.page.mouse.wheel(0, box["y"] + box["height"] / 2 - height / 2)
    phone.page.wait_for_function(ROW_IN_VIEW, arg=[row.element_handle(), BAR + HEAD_HEIGHT, height - NAV_BAR])


@SIZES_AND_LOOKS
def test_ten_players_to_the_end_every_column_reachable_and_the_standings_whole(open_phone, own_server, tmp_path,
                                                                              size, scheme):
    game_id, order = nine_hands_of_rage(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"ten-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 10 · ")).tap()
    phone.see_exactly("Hand 10 of 10")
    show_tab(phone, "Scoreboard")
    phone.see_exactly(f"Swipe the columns sideways to see all {len(PLAYERS)} players")
    show_tab(phone, "Hand")
    for name in order:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 0")
    first, *others = order  # the first to bid takes the one trick of hand 10; nobody else is asked
    phone.see_exactly(f"{first}'s tricks")
    phone.tap(f"{first} took 1")
    phone.see_exactly(f"Every trick is placed, so {', '.join(others[:-1])}, and {others[-1]} took none")
    phone.tap("Score the hand")
    # The end is said at the top of the screen, where the screen goes with it: not above it, scrolled away.
    expect(phone.page.get_by_text("Game over", exact=True)).to_be_in_viewport()
    expect(phone.page.get_by_text(re.compile(r" wins!$|share the win"))).to_be_in_viewport()

    def head(name: str):
        """A player's name over their total (a leader's said as ahead; a long one's tooltip after it)."""
        return phone.page.get_by_text(re.compile(rf"^{re.escape(name)}( is ahead)?(\s|$)")).last

    show_tab(phone, "Scoreboard")
    hand_one = phone.button("Correct hand 1")
    scroll_page_to(phone, hand_one)
    with speaking("en"):
        columns = Columns(phone, column_widths(PlayModel(GameStore(tmp_path / "data").open(game_id)).board()))
    for seat, name in enumerate(PLAYERS):
        columns.swipe_to(seat, head(name), hand_one)
        assert hand_one.bounding_box()["x"] == VIEW_PADDING  # the hands' column stays put
    show_tab(phone, "Standings")
    for name in PLAYERS:
        expect(place(phone, name)).to_be_visible()
