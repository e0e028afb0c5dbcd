"""The first screen at a glance (issue 45, item 1): New game and the games to continue on the screen without a
scroll, each game a card saying its game, hand, players, who leads and when it began; the way in to the past
games, the statistics and the blank sheets side by side; the language in a menu, not laid out on the screen."""

from __future__ import annotations

import pytest
from phone import SIZES_AND_LOOKS, SMALL_PHONE, Phone
from playwright.sync_api import expect
from test_screens_in_every_language import continue_line, speaker

from companion.store.games import GameStore
from companion.texts import languages
from scoring.game import Game
from scoring.i18n.choice import language
from scoring.i18n.sentences import Listed

NAMES = ["Anna", "Béla", "Csilla", "Dóra"]


def scored_game(store: GameStore, hands: int):
    """An Oh Hell game of four with ``hands`` hands bid and scored: each bids 1, the first bidder takes the rest."""
    saved = store.start(Game.new("oh-hell", NAMES))
    for _ in range(hands):
        current = saved.state.current
        for seat in current.bidding_order:
            saved.bid(seat, 1)
        saved.record_tricks([current.cards - 3 if seat == current.bidding_order[0] else 1 for seat in range(4)])
    return saved


def inside(phone: Phone, name: str) -> None:
    """The button ``name`` lies wholly inside the viewport, no scroll made (to half a pixel: keys sharing a row's
    width end between pixels)."""
    button = phone.button(name)
    expect(button).to_be_visible()
    box, size = button.bounding_box(), phone.page.viewport_size
    assert box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5 and \
        box["y"] + box["height"] <= size["height"] + 0.5, f"{name!r} @ {box} is not wholly on the screen"


@SIZES_AND_LOOKS
def test_new_game_and_the_games_to_continue_are_on_the_first_screen_with_no_language_list(
        open_phone, own_server, tmp_path, size, scheme):
    store = GameStore(tmp_path / "data")
    playing = scored_game(store, 3)
    fresh = store.start(Game.new("rage-n-glyphs", NAMES + ["Emil"]))
    phone = open_phone(own_server().url, f"start-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    on_card = {saved: continue_line("en", saved.game.rules.game.name, saved.state.current.number, saved.game.players)
               for saved in (playing, fresh)}
    for name in ("New game", *on_card.values(), "Past games", "Statistics", "Blank score sheets"):
        inside(phone, name)
    # Who leads, with the points, as the game's own standings have it; none before a hand is scored.
    state = playing.state
    leaders = Listed([playing.game.players[seat] for seat in state.leaders])
    facts = phone.button(on_card[playing]).get_by_role("group")
    expect(facts).to_contain_text(f"In the lead: {leaders} · {state.totals[state.leaders[0]]}")
    expect(facts).to_contain_text(f"Started {language('en-US').datetime(playing.created)}")
    expect(phone.button(on_card[fresh]).get_by_role("group")).not_to_contain_text("In the lead")
    # The languages are one menu away, not a list on the screen.
    for _code, name in languages():
        expect(phone.page.get_by_role("radio", name=name, exact=True)).to_have_count(0)
    phone.shows_whole(phone.shot("start"), "New game", phone.button(on_card[playing]))
    phone.tap(on_card[playing])
    phone.see_exactly("Hand 4 of 19")


def test_a_language_is_picked_from_the_menu_and_the_menu_says_which_is_spoken(open_phone, own_server, tmp_path):
    phone = open_phone(own_server().url, "start-language")
    phone.tap("Language: English")
    menu = phone.page.get_by_role("menuitemcheckbox")
    expect(menu).to_have_count(len(languages()))
    expect(phone.page.get_by_role("menuitemcheckbox", name="English")).to_be_checked()
    phone.page.get_by_role("menuitemcheckbox", name="Magyar").tap()
    expect(phone.button("Új játszma")).to_be_visible()
    phone.tap("Nyelv: Magyar")
    expect(phone.page.get_by_role("menuitemcheckbox", name="Magyar")).to_be_checked()
    expect(phone.page.get_by_role("menuitemcheckbox", name="English")).not_to_be_checked()


@pytest.mark.parametrize("code", ["de", "hu"])
def test_the_start_screen_in_a_long_language_is_whole_on_a_small_phone(open_phone, own_server, tmp_path, code):
    """German and Hungarian words are long: every key of the first screen is on it, and no text runs past its
    right edge (the way-in keys say their short names)."""
    store = GameStore(tmp_path / "data")
    saved = scored_game(store, 2)
    phone = open_phone(own_server().url, f"start-{code}", viewport=SMALL_PHONE, locale=code, color_scheme="dark")
    say = speaker(code)
    card = continue_line(code, saved.game.rules.game.name, 3, NAMES)
    for name in (say("start.new"), card, say("start.history"), say("start.stats"), say("start.sheets")):
        inside(phone, name)
    phone.shows_whole(phone.shot("start"), phone.button(say("start.sheets")), phone.button(say("start.history")))
