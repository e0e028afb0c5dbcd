"""The new-game screen at a glance (issue 45, item 2), at two phone sizes, light and dark.

The seven games are cards on the first screen, each a radio button named by its game; the house rules are folded
under one line that says how they stand; "Start the game" stays on the screen whatever is chosen, unfolded or
typed, and the game starts as the screen said.
"""

from __future__ import annotations

import re

from phone import SIZES_AND_LOOKS
from playwright.sync_api import expect
from test_no_dead_ends import WHOLE, box, past_games

from companion.store.games import GameStore

GAMES = ("Herrlof", "Oh Hell (BGA)", "Rage", "Rage'n Glyphs", "Skull King", "Up and Down the River", "Wizard")
WIZARDS = ["Anna", "Béla", "Csilla", "Dóra", "Endre", "Flóra"]  # Wizard's most


def house_rules(phone, line: str):  # noqa: ANN001, ANN201 - a Phone; a Locator
    """The house rules' fold, read by its title and the one line under it."""
    return phone.page.get_by_role("button", name=re.compile(r"^House rules\s+" + re.escape(line) + "$"))


@SIZES_AND_LOOKS
def test_start_the_game_stays_on_the_screen_while_the_game_its_rules_and_its_players_are_chosen(
        open_phone, own_server, tmp_path, size, scheme):
    past_games(tmp_path / "data")
    phone = open_phone(own_server().url, f"new-game-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.tap("New game")
    start = phone.button("Start the game")

    # The first screen: every game, the rules in a line, the name field and the button, with no scrolling.
    for game in GAMES:
        expect(phone.page.get_by_role("radio", name=game, exact=True)).to_be_in_viewport(ratio=WHOLE)
    expect(phone.page.get_by_role("radio", name="Rage'n Glyphs", exact=True)).to_be_checked()
    rules = house_rules(phone, "Bidding: Open · Off: Hose the Dealer, Skip Up, Shooting the Stars")
    expect(rules).to_be_in_viewport(ratio=WHOLE)
    field = phone.field("Player's name")
    expect(field).to_be_in_viewport(ratio=WHOLE)
    expect(start).to_be_in_viewport(ratio=WHOLE)
    phone.shows_whole(phone.shot("the game"), rules, start)

    # Another game: its card checked, its own rules said.
    phone.pick("radio", "Wizard")
    expect(phone.page.get_by_role("radio", name="Rage'n Glyphs", exact=True)).not_to_be_checked()
    rules = house_rules(phone, "Bidding: Open · Off: Hose the Dealer, Not in the first hand")
    expect(rules).to_be_visible()
    expect(start).to_be_in_viewport(ratio=WHOLE)

    # Unfolded, every rule with what it does; one switched on, the line says so.
    phone.unfold("House rules")
    expect(phone.page.get_by_role("switch", name="Hose the Dealer", exact=True)).not_to_be_checked()
    expect(start).to_be_in_viewport(ratio=WHOLE)
    phone.pick("switch", "Hose the Dealer")
    expect(house_rules(phone, "Bidding: Open · On: Hose the Dealer · Off: Not in the first hand")).to_be_visible()
    expect(start).to_be_in_viewport(ratio=WHOLE)
    phone.shows_whole(phone.shot("house rules"), phone.page.get_by_role("switch", name="Hose the Dealer"), start)

    # A full table of six seated, a name and Enter each: the field stays in sight with the name just seated
    # above it, and the button under them.
    phone.enter_lines("Player's name", WIZARDS)
    for seat, name in enumerate(WIZARDS, start=1):
        phone.see_exactly(f"{seat}. {name}")
    expect(phone.page.get_by_text("6. Flóra", exact=True)).to_be_in_viewport(ratio=WHOLE)
    expect(field).to_be_in_viewport(ratio=WHOLE)
    phone.see_cursor_in(field)
    expect(start).to_be_in_viewport(ratio=WHOLE)
    assert box(field)["y"] + box(field)["height"] <= box(start)["y"], "the name field is under the button"
    phone.shows_whole(phone.shot("six seated"), "6. Flóra", field, start)
    phone.pick("radio", "Dóra deals first")
    expect(start).to_be_in_viewport(ratio=WHOLE)
    phone.shows_whole(phone.shot("the players"), phone.page.get_by_role("radio", name="Dóra deals first"), start)

    # Started as the screen said: Wizard, six players, Dóra dealing (Endre bids first), the Dealer hosed.
    start.tap()
    phone.see_exactly("Endre's bid")
    store = GameStore(tmp_path / "data")
    started = [game for game in store.unfinished() if game.game == "wizard"]
    assert [list(game.players) for game in started] == [WIZARDS]
    saved = store.open(started[0].id)
    assert saved.game.rules.options["hose_the_dealer"] is True and saved.game.first_dealer == 3
