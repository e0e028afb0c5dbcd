"""The hand at the table on one screen (issue 44): every shipped game with 2, 4 and 6 players, at both phone sizes
and in both looks, read from the page's own boxes with no scroll made.

Where the rows fit the screen (:func:`companion.ui.table.rows_fit`), every bid key, every trick key and Score the
hand lie inside the viewport; where they cannot (48-pixel keys: six players of ten cards are 66 keys), the header,
the row whose turn it is and Score do. A new hand opens at its top; a double tap on a pad records one number; the
bottom bar reaches the scoreboard, the standings and the charts.
"""

from __future__ import annotations

import re

import pytest
from phone import PHONE, SMALL_PHONE, Phone
from playwright.sync_api import expect

from companion.store.games import GameStore
from companion.ui.table import rows_fit
from companion.views.common import Screen
from companion.views.play import PlayModel
from scoring.game import Game
from scoring.i18n.language import game_text

NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Fanni", "Gábor", "Hanna", "Ilona", "János"]
GAMES = {"rage-n-glyphs": (3, 4, 6), "oh-hell": (3, 4, 6), "rage": (2, 4, 6), "herrlof": (2, 3),
         "wizard": (3, 4, 6), "skull-king": (2, 4, 6), "up-and-down-the-river": (3, 4, 6)}
"""Each shipped game with 2, 4 and 6 players, or the nearest counts it allows."""
CASES = [(game, count) for game, counts in GAMES.items() for count in counts]
LOOKS = [(PHONE, "light"), (SMALL_PHONE, "dark")]
SEEN = [(game, count, PHONE, "light") for game, count in CASES] + [
    (game, counts[1], SMALL_PHONE, "dark") for game, counts in GAMES.items()]
"""Every case on the large phone in the light; the small phone in the dark with each game's middle count."""

BOXES = """(pattern) => Array.from(document.querySelectorAll('flt-semantics[role=button]'))
  .map(node => ({name: node.getAttribute('aria-label') || node.textContent.trim(),
                 box: node.getBoundingClientRect()}))
  .filter(({name}) => new RegExp(pattern).test(name))
  .map(({name, box}) => ({name, top: box.top, bottom: box.bottom, left: box.left, right: box.right}))"""
BID_KEY = r"^(Bid \d+|.+: bid \d+|\d+: .+)$"
TRICK_KEY = r"^(.+ took \d+|\d+: more than the tricks left)$"


def boxes(phone: Phone, pattern: str) -> list[dict]:
    """The buttons whose names match ``pattern``, each with its box on the page."""
    return phone.page.evaluate(BOXES, pattern)


def outside(phone: Phone, found: list[dict]) -> list[str]:
    """The buttons of ``found`` not wholly inside the viewport, named with where they are."""
    width, height = phone.page.viewport_size["width"], phone.page.viewport_size["height"]
    return [f"{b['name']} @{b['left']:.0f},{b['top']:.0f}-{b['right']:.0f},{b['bottom']:.0f}" for b in found
            if b["top"] < 0 or b["left"] < 0 or b["bottom"] > height + 0.5 or b["right"] > width + 0.5]


def fits(saved, size: dict) -> bool:
    """Whether the product says the rows of the game's screen now fit a page of ``size``."""
    model = PlayModel(saved)
    model.saved.reload()
    table = model.table()
    return rows_fit(table, size["width"], size["height"], trump=model.trump_view() is not None,
                    options=model.options_new())


def open_game(open_phone, own_server, saved, name: str, size: dict = PHONE, scheme: str = "light") -> Phone:
    """A server of the test's own on the folder holding ``saved``, and a tab on it with the game opened from the
    start screen."""
    phone = open_phone(own_server().url, name, viewport=size, color_scheme=scheme)
    phone.tap(f"{game_text(saved.game.rules.game.name)} · hand {saved.state.current.number} · "
              f"{', '.join(saved.game.players)}")
    return phone


def turn_in_sight(phone: Phone, name: str, cards: int) -> None:
    """``name``'s turn is said, every key of the pad it is on is wholly on the screen (the rows that scroll bring
    the turn's row into sight as a person sees it: this waits for it), its 0 is lit, and the page has drawn it so:
    a person taps the key they see."""
    phone.see_exactly(f"{name}'s bid")
    for value in range(cards + 1):  # the key the hook forbids is named for its reason ("8: Not 8: …")
        key = phone.page.get_by_role("button", name=re.compile(rf"^(Bid {value}|{value}: .+)$"))
        expect(key).to_be_in_viewport(ratio=1)
    expect(phone.button("Bid 0")).to_be_enabled()
    phone.next_two_frames()


@pytest.mark.parametrize(("game", "count", "size", "scheme"), SEEN,
                         ids=[f"{game}-{count}-{size['width']}-{scheme}" for game, count, size, scheme in SEEN])
def test_every_key_of_a_hand_and_score_are_on_the_screen_without_a_scroll(open_phone, own_server, tmp_path, game,
                                                                          count, size, scheme):
    saved = GameStore(tmp_path / "data").start(Game.new(game, NAMES[:count]))
    phone = open_game(open_phone, own_server, saved, f"table-{game}-{count}-{scheme}", size, scheme)
    model = PlayModel(saved)
    phone.see_exactly(model.header().title)  # "Hand 1 of 10", or Herrlof's "Hand 1 · race to 50"
    cards = saved.state.current.cards
    order = saved.state.current.bidding_order
    if model.screen is Screen.BIDDING:
        turn_in_sight(phone, saved.game.players[order[0]], cards)
        keys = boxes(phone, BID_KEY)
        if fits(saved, size):
            assert len(keys) == count * (cards + 1), [k["name"] for k in keys]
            assert outside(phone, keys) == []
        else:
            turn = [k for k in keys if k["name"].startswith("Bid ")]
            assert len(turn) == cards + 1 and outside(phone, turn) == []
        assert outside(phone, boxes(phone, "^Score the hand$")) == []
        for seat in saved.state.current.bidding_order:
            turn_in_sight(phone, saved.game.players[seat], cards)
            phone.tap("Bid 0")
    else:  # bids hidden or secret: passed round the table behind the cover
        for seat in saved.state.current.bidding_order:
            phone.tap(f"I am {saved.game.players[seat]}")
            phone.tap("Bid 0")
    phone.see_exactly(f"{saved.game.players[order[0]]}'s tricks")
    keys = boxes(phone, TRICK_KEY)
    if fits(saved, size):
        assert len(keys) == count * (cards + 1), [k["name"] for k in keys]
        assert outside(phone, keys) == []
    else:
        turn = [k for k in keys if k["name"].startswith(f"{saved.game.players[order[0]]} took ")]
        assert len(turn) == cards + 1 and outside(phone, turn) == []
    assert outside(phone, boxes(phone, "^Score the hand$")) == []
    phone.shot(f"tricks-{size['width']}")


def test_a_new_hand_opens_at_its_top_with_its_header_on_the_screen(open_phone, own_server, tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", NAMES[:6]))  # six rows of ten cards: the rows scroll
    server = own_server()
    phone = open_phone(server.url, "new-hand")
    phone.tap(f"Rage · hand 1 · {', '.join(NAMES[:6])}")
    order = saved.state.current.bidding_order
    for seat in order:
        phone.see_exactly(f"{NAMES[seat]}'s bid")
        phone.tap("Bid 0")
    phone.see_exactly(f"{NAMES[order[0]]}'s tricks")
    phone.tap(f"{NAMES[order[0]]} took 10")  # every trick placed: the rest are 0
    phone.tap("Score the hand")
    phone.see_exactly("Hand 2 of 10")
    header = phone.page.get_by_text("Hand 2 of 10", exact=True)
    box = header.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
    # The first bidder's row, at the top of the rows, is on the screen with its pad, with no scroll made.
    first = NAMES[(order[0] + 1) % 6]
    phone.see_exactly(f"{first}'s bid")
    assert outside(phone, [k for k in boxes(phone, BID_KEY) if k["name"].startswith("Bid ")]) == []
    phone.shot("hand 2 opened")


def test_ten_players_keep_the_turn_and_the_bar_on_the_screen(open_phone, own_server, tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", NAMES))
    server = own_server()
    phone = open_phone(server.url, "ten", viewport=SMALL_PHONE)
    phone.tap(f"Rage · hand 1 · {', '.join(NAMES)}")
    order = saved.state.current.bidding_order
    for seat in order:
        turn_in_sight(phone, NAMES[seat], 10)
        assert outside(phone, boxes(phone, "^Score the hand$")) == []
        phone.tap("Bid 1")
    phone.see_exactly(f"{NAMES[order[0]]}'s tricks")
    saved.reload()
    assert saved.state.current.bids == (1,) * 10
    phone.shot("ten players bid")


def test_a_double_tap_on_a_bid_pad_and_on_a_trick_pad_records_one_number(open_phone, own_server, tmp_path):
    from test_safe_entry import touch_twice

    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("oh-hell", NAMES[:4]))
    server = own_server()
    phone = open_phone(server.url, "double")
    phone.tap(f"Oh Hell (BGA) · hand 1 · {', '.join(NAMES[:4])}")
    phone.see_exactly("Béla's bid")
    touch_twice(phone, "Bid 2", "Bid 2", 100)
    phone.see_exactly("Csilla's bid")
    expect(phone.button("Béla: bid 2")).to_be_enabled()
    saved.reload()
    assert saved.state.current.bids == (None, 2, None, None)
    for value in (1, 3, 0):
        phone.tap(f"Bid {value}")
    phone.see_exactly("Béla's tricks")
    touch_twice(phone, "Béla took 4", "Béla took 4", 100)
    phone.see_exactly("Béla took 4 tricks")
    phone.tap("Csilla took 3")
    phone.tap("Dóra took 3")
    phone.see_exactly("Tricks 10 of 10")
    touch_twice(phone, "Score the hand", "Score the hand", 100)
    phone.see_exactly("Hand 2 of 19")
    saved.reload()
    assert saved.state.hands[0].tricks == (0, 4, 3, 3) and len(saved.state.scored_hands) == 1
    assert saved.state.current.bids == (None,) * 4


@pytest.mark.parametrize(("size", "scheme"), LOOKS, ids=["390x844-light", "360x740-dark"])
def test_the_bottom_bar_reaches_the_scoreboard_the_standings_and_the_charts(open_phone, own_server, tmp_path, size,
                                                                             scheme):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", NAMES))
    order = saved.state.current.bidding_order
    for seat in order:
        saved.bid(seat, 1)
    saved.record_tricks([10 if seat == order[0] else 0 for seat in range(10)])
    server = own_server()
    phone = open_phone(server.url, f"tabs-{scheme}", viewport=size, color_scheme=scheme)
    phone.tap(f"Rage · hand 2 · {', '.join(NAMES)}")
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    expect(phone.button("Correct hand 1")).to_be_visible()
    phone.shot("scoreboard")
    phone.page.get_by_role("tab", name=re.compile("^Standings")).tap()
    # Ten players ranked, every one on the screen without a swipe.
    places = phone.page.get_by_text(re.compile(r"^\d+\. .+: -?\d+ · \d+ exact bids?$"))
    expect(places).to_have_count(10)
    expect(places.first).to_have_text(re.compile(rf"^1\. {NAMES[order[0]]}: "))
    for index in range(10):
        box = places.nth(index).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], index
    phone.shot("standings")
    phone.page.get_by_role("tab", name=re.compile("^Charts")).tap()
    phone.see_exactly("Running totals")
    phone.shot("charts")
    phone.page.get_by_role("tab", name=re.compile("^Hand")).tap()
    phone.see_exactly("Hand 2 of 10")
