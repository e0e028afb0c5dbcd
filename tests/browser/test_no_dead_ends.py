"""No dead ends, as a person finds them on a phone (issue 26, item 5), at two phone sizes, light and dark.

"Start the game" with too few players says how many more, next to the button, and nothing typed is lost; names
from past games are offered above the name field, where the phone's keyboard (which rises under the field) leaves
them in sight; the blank score sheet has a short screen of its own whose button is on the first screen; the past
games' filters take one line, so the first game is near the top.
"""

from __future__ import annotations

import re
import subprocess

from phone import ARTIFACTS, SIZES_AND_LOOKS
from PIL import Image
from playwright.sync_api import expect
from test_games import sheet_text

from companion.store.games import GameStore
from scoring.game import Game

NEXT_TO = 24
"""At most this many pixels between a line and the button it is about: read at one glance."""
WHOLE = 0.99
"""The share of a thing on the screen that is all of it: Flutter places text at fractions of a pixel."""


def past_games(folder) -> None:  # noqa: ANN001 - a path
    """Three games that Anna, Béla and Csilla played: their names are the ones offered for a new game."""
    store = GameStore(folder)
    for game, created in (("rage", "2026-10-01"), ("oh-hell", "2026-11-01"), ("rage-n-glyphs", "2026-12-01")):
        store.start(Game.new(game, ["Anna", "Béla", "Csilla"]), created=f"{created}T18:00:00.000Z")


def box(locator):  # noqa: ANN001, ANN201 - a Locator; its box on the screen
    shown = locator.bounding_box()
    assert shown is not None, f"{locator} is not on the screen"
    return shown


@SIZES_AND_LOOKS
def test_too_few_players_are_said_next_to_the_button_and_past_names_show_above_the_field(open_phone, own_server,
                                                                                        tmp_path, size, scheme):
    past_games(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"dead-ends-new-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.tap("New game")
    phone.enter_lines("Player's name", ["Anna"])
    phone.see_exactly("1. Anna")

    # Béla from the names offered: typed "B", they show above the field, in sight over a keyboard, and one tap
    # seats him.
    field = phone.tap_field("Player's name")
    phone.page.keyboard.type("B")
    phone.see_typed(field, "B")
    offered = phone.button("Béla")
    expect(offered).to_be_in_viewport(ratio=WHOLE)
    expect(phone.button("Csilla")).to_have_count(0)  # only the names that start with what is typed
    assert box(offered)["y"] + box(offered)["height"] <= box(field)["y"], "the names offered are not above the field"
    phone.shows_whole(phone.shot("names offered above the field"), offered, field)
    offered.tap()
    phone.see_exactly("2. Béla")

    # Csilla typed, not added yet, and Start tapped: the refusal is next to the button, on the screen.
    phone.see_cursor_in(field)
    phone.page.keyboard.type("Csilla")
    phone.see_typed(field, "Csilla")
    start = phone.button("Start the game")
    phone.scroll_to(start)
    start.tap()
    said = phone.page.get_by_text("Rage'n Glyphs needs 3 to 10 players; add 1 more", exact=True)
    expect(said).to_be_in_viewport(ratio=WHOLE)
    expect(start).to_be_in_viewport()
    gap = box(start)["y"] - (box(said)["y"] + box(said)["height"])
    assert 0 <= gap <= NEXT_TO, f"the refusal is {gap:.0f} px from the button"
    phone.shows_whole(phone.shot("too few players"), said, start)
    # Nothing typed is lost: the seats, and the name still in the field, ready to add.
    phone.see_exactly("1. Anna")
    phone.see_exactly("2. Béla")
    expect(field).to_have_value("Csilla")
    phone.tap("Add player")
    phone.see_exactly("3. Csilla")
    expect(said).to_have_count(0)
    phone.tap("Start the game")
    # The dealer drawn at random: whoever bids first is asked.
    expect(phone.page.get_by_text(re.compile(r"^(Anna|Béla|Csilla)'s bid$")).first).to_be_visible()
    assert len(GameStore(tmp_path / "data").unfinished()) == 4


@SIZES_AND_LOOKS
def test_a_blank_sheet_from_its_own_short_screen_and_past_games_near_the_top(open_phone, own_server, tmp_path, size,
                                                                            scheme):
    past_games(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, f"dead-ends-sheet-{size['width']}-{scheme}", viewport=size, color_scheme=scheme)
    phone.tap("Blank score sheets")
    save = phone.button("Blank score sheet (PDF)")
    # Everything the sheet needs, and its button, on the first screen: no scrolling.
    expect(save).to_be_in_viewport(ratio=WHOLE)
    expect(phone.page.get_by_role("radio", name="Rage'n Glyphs", exact=True)).to_be_checked()
    phone.shows_whole(phone.shot("blank sheet screen"), "Blank score sheet", save)

    # Rage for four, no names: four blank name boxes, on A4.
    phone.see_exactly("3 players")  # Rage'n Glyphs' fewest
    phone.pick("radio", "Rage")
    phone.see_exactly("3 players")  # kept: Rage is played by 2 to 10
    phone.tap("One player more")
    phone.see_exactly("4 players")
    phone.pick("radio", "A4")
    phone.unfold("House rules")  # folded as a new game's, and as long: the button stays in sight
    phone.pick("radio", "Hidden")
    expect(save).to_be_in_viewport(ratio=WHOLE)
    phone.shows_whole(phone.shot("blank sheet for four"), "4 players", save)
    with phone.page.expect_download() as download:
        save.tap()
    name = download.value.suggested_filename
    assert re.fullmatch(r"bidwell-rage-\d{4}-\d{2}-\d{2}-blank\.pdf", name), name
    phone.see_exactly(f"Saved {name} to your downloads.")
    pdf = ARTIFACTS / f"{phone.name}-blank-rage-4.pdf"
    download.value.save_as(pdf)
    sheet = sheet_text(pdf)
    assert sheet.startswith("Rage: score sheet 4 players · Bidding: Hidden Hand Cards Dealer Seat 1 Seat 2 Seat 3 "
                            "Seat 4"), sheet
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-singlefile", str(pdf), str(pdf.with_suffix(""))], check=True)
    with Image.open(pdf.with_suffix(".png")) as page:
        long_side, short_side = max(page.size), min(page.size)
        assert abs(long_side / short_side - 297 / 210) < 0.01, page.size  # A4, as picked
        assert len(page.convert("L").getcolors(maxcolors=1 << 16) or ()) > 8, "the sheet's page is blank"

    # Names typed set the count and go on the sheet.
    names = phone.tap_field("Names, with commas (or blank boxes)")
    phone.page.keyboard.type("Anna, Béla, Csilla")
    phone.see_typed(names, "Anna, Béla, Csilla")
    phone.see_exactly("3 players")
    expect(phone.button("One player more")).to_be_disabled()
    with phone.page.expect_download() as download:
        save.tap()
    assert download.value.suggested_filename.endswith("-anna-bela-csilla.pdf")
    assert "Dealer Anna Béla Csilla" in sheet_text(download.value.path())

    # Past games: the filters are one line, and the first game is near the top of the screen.
    phone.tap("Back")
    phone.leave_start("Past games")
    cards = phone.page.get_by_role("group", name=re.compile(r"^(Rage|Oh Hell \(BGA\)|Rage'n Glyphs) · "))
    expect(cards).to_have_count(3)
    first = cards.nth(0)
    expect(first).to_have_accessible_name(re.compile(r"^Rage'n Glyphs · hand 1 "))
    expect(first).to_be_in_viewport(ratio=WHOLE)
    height = phone.page.viewport_size["height"]
    assert box(first)["y"] < height / 4, f"the first game starts {box(first)['y']:.0f} px down"
    summary = phone.page.get_by_text("Filter: All games · every player", exact=True)
    phone.shows_whole(phone.shot("past games"), summary, first)
    summary.tap()
    phone.pick("radio", "Oh Hell (BGA)")
    expect(cards).to_have_count(1)
    phone.see_exactly("Filter: Oh Hell (BGA) · every player")
    phone.shows_whole(phone.shot("past games filtered"), "Filter: Oh Hell (BGA) · every player")
