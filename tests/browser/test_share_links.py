"""Sharing a game, as people do it with two phones (issue 26, item 8), at two phone sizes, light and dark: a past
game's link copied on one Bidwell, opened in a fresh tab of another, which shows the game and keeps it in its Past
games once (a hand-edited link is refused with what is wrong); the standings copied for a chat during play and at
the end, said "Copied" where the eye is; the game and the past games saved as spreadsheets."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from helpers import finished_herrlof, two_hands_of_rage
from phone import SIZES_AND_LOOKS, Server, watch
from playwright.sync_api import expect
from test_scoreboard import place, show_tab
from test_screens_in_every_language import SCREEN_TEXTS

from companion.store.games import GameStore
from companion.views.sharing import link_payload


def clipboard(phone) -> str:
    return phone.page.evaluate("navigator.clipboard.readText()")


def see_said_beside(phone, button, text: str) -> None:
    """``text`` shows on the line of ``button``, just tapped: where the eye is."""
    said = phone.page.get_by_text(text, exact=True)
    expect(said).to_be_visible()
    box, height = said.bounding_box(), phone.page.viewport_size["height"]
    if box["y"] + box["height"] > height:  # the button was tapped at the screen's foot: a finger scrolls a little
        phone.page.mouse.move(phone.page.viewport_size["width"] / 2, height / 2)
        phone.page.mouse.wheel(0, box["y"] + box["height"] - height + 60)
    # Nearly whole: the accessibility tree's box of a line at the foot of a screen scrolled to its end can stick
    # out by a fraction of a pixel.
    expect(said).to_be_in_viewport(ratio=0.9)
    said_box, button_box = said.bounding_box(), button.bounding_box()
    assert abs((said_box["y"] + said_box["height"] / 2) - (button_box["y"] + button_box["height"] / 2)) < 8
    assert said_box["x"] > button_box["x"] + button_box["width"] - 1  # to its right, not under it


def csv_rows(download) -> list[list[str]]:
    data = Path(download.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


@pytest.fixture
def other_server(tmp_path, request):
    """A second Bidwell, with a data folder of its own: the other phone's."""
    server = watch(request, Server(tmp_path / "other-data")).start()
    yield server
    server.kill()


@SIZES_AND_LOOKS
def test_a_game_s_link_opens_on_another_bidwell_which_keeps_it_once(open_phone, own_server, other_server, tmp_path,
                                                                    size, scheme):
    done = finished_herrlof(GameStore(tmp_path / "data"))
    server = own_server()
    label = f"share-{size['width']}-{scheme}"
    phone = open_phone(server.url, label, viewport=size, color_scheme=scheme,
                       permissions=["clipboard-read", "clipboard-write"])
    phone.leave_start("Past games")
    phone.page.get_by_role("group", name=re.compile(r"^Herrlof · won by Zoë")).get_by_role(
        "button", name="Open", exact=True).tap()
    phone.see_exactly("Zoë wins!")
    phone.tap("Share this game")
    copy = phone.button("Copy the link")
    expect(copy).to_be_in_viewport(ratio=1)
    explained = "Let another phone scan this code, or send the link"
    phone.shows_whole(phone.shot(f"share-screen-{size['width']}-{scheme}"), explained)
    # The code first, then what the other person does with it, in the table's words: no command line, no address.
    code = phone.page.get_by_role("img", name="QR code of the game's link")
    assert code.bounding_box()["y"] < phone.page.get_by_text(explained, exact=False).bounding_box()["y"]
    words = " ".join(phone.page.evaluate(SCREEN_TEXTS))
    assert "--lan" not in words and "?game=" not in words and server.url not in words, words
    phone.see_exactly("This link opens on this device only: its address is this device's own. To send the game to "
                      "another phone, copy the standings or save the spreadsheet below.")
    copy.tap()
    see_said_beside(phone, copy, "Link copied")
    link = clipboard(phone)
    assert re.fullmatch(re.escape(server.url) + r"\?game=[A-Za-z0-9_-]+", link), link
    phone.shot(f"share-copied-{size['width']}-{scheme}")

    # The other phone: its own Bidwell, a fresh tab, the link as it came.
    elsewhere = other_server.url.rstrip("/") + link.removeprefix(server.url.rstrip("/"))
    other = open_phone(elsewhere, f"{label}-other", viewport=size, color_scheme=scheme)
    other.see_exactly("Played by Zoë and Ödön on Oct 1, 2026")
    other.see_exactly("Zoë wins!")
    other.see_exactly("1. Zoë: 50")
    other.reads("Hand 2 · 15 cards", "15/15 ✓ +25 → 50", "0/0 ✓ D +10 → 20")
    keep = other.button("Keep this game")
    expect(keep).to_be_in_viewport(ratio=1)
    other.shows_whole(other.shot(f"shared-{size['width']}-{scheme}"), "Keep this game", "Zoë wins!")
    keep.tap()
    expect(other.page.get_by_text("Kept: it is in your Past games now.", exact=True)).to_be_in_viewport()
    expect(other.button("Keep this game")).to_have_count(0)
    other.shot(f"shared-kept-{size['width']}-{scheme}")
    other.tap("Open it in Past games")
    # The past game's own screen (the shared one says "Zoë wins!" too, and its Back is gone with it).
    expect(other.button("Share this game")).to_be_visible()
    other.see_exactly("Zoë wins!")
    other.tap("Back")
    cards = other.page.get_by_role("group", name=re.compile(r"^Herrlof · "))
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_accessible_name(re.compile(r"^Herrlof · won by Zoë .* Zoë 50 · Ödön 20$"))

    # Opened again, the game is said to be kept already, and is not offered for keeping twice.
    again = open_phone(elsewhere, f"{label}-again", viewport=size, color_scheme=scheme)
    again.see_exactly("This game is in your Past games.")
    expect(again.button("Keep this game")).to_have_count(0)
    expect(again.button("Open it in Past games")).to_be_visible()

    # A hand-edited link: the engine's refusal, said whole, and the way back to the start.
    record = done.record()
    record["hands"][0]["tricks"] = [15, 16]
    edited = open_phone(f"{other_server.url}?game={link_payload(record)}", f"{label}-edited", viewport=size,
                        color_scheme=scheme)
    refusal = ("The game in this link cannot be shown: hand 1, Ödön: took 16 tricks, more than the 15 cards in this "
               "hand")
    expect(edited.page.get_by_text(refusal, exact=True)).to_be_in_viewport()
    expect(edited.button("Keep this game")).to_have_count(0)
    edited.shows_whole(edited.shot(f"shared-refused-{size['width']}-{scheme}"), "The game in this link")


@SIZES_AND_LOOKS
def test_the_standings_copied_for_a_chat_and_the_games_saved_as_spreadsheets(open_phone, own_server, tmp_path, size,
                                                                              scheme):
    store = GameStore(tmp_path / "data")
    two_hands_of_rage(store)
    finished_herrlof(store)
    server = own_server()
    label = f"standings-{size['width']}-{scheme}"
    phone = open_phone(server.url, label, viewport=size, color_scheme=scheme,
                       permissions=["clipboard-read", "clipboard-write"])

    # During play: the Standings, a tab of the game's bottom bar.
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 3 · ")).tap()
    phone.see_exactly("Hand 3 of 10")
    show_tab(phone, "Standings")
    copy = phone.button("Copy the standings")
    phone.scroll_to(copy)
    copy.tap()
    see_said_beside(phone, copy, "Copied")
    assert clipboard(phone) == "Rage · Nov 26, 2026\n1. Anna 28\n2. さくら 17\n3. Béla 9\nAfter 2 hands"
    phone.shot(f"standings-copied-{size['width']}-{scheme}")

    # The game as a spreadsheet, from its share screen: the hand-worked cells.
    phone.tap("Share this game")
    save = phone.button("Save as a spreadsheet (CSV)")
    phone.scroll_to(save)
    with phone.page.expect_download() as download:
        save.tap()
    name = download.value.suggested_filename
    assert name == "bidwell-rage-2026-11-26-anna-bela-さくら.csv", name
    expect(phone.page.get_by_text(f"Saved {name} to your downloads.", exact=True)).to_be_in_viewport()
    rows = csv_rows(download.value)
    assert rows[0][:7] == ["Hand", "Cards", "Dealer", "Anna bid", "Anna tricks", "Anna points", "Anna total"]
    assert rows[2] == ["2", "9", "Béla", "5", "5", "15", "28", "0", "0", "", "4", "4", "4", "9", "0", "0", "-10",
                       "0", "0", "10", "17", "0", "0", "", "Béla: revoke"]
    phone.shot(f"share-saved-{size['width']}-{scheme}")

    # The past games as a spreadsheet, a row per game. Back from the share screen is the game's screen as it was left,
    # on its Standings.
    phone.tap("Back")
    expect(phone.page.get_by_role("tab", name=re.compile("^Standings"))).to_have_attribute("aria-selected", "true")
    expect(place(phone, "Anna")).to_be_visible()
    phone.tap("Back")
    phone.leave_start("Past games")
    save = phone.button("Save the list as a spreadsheet (CSV)")
    phone.scroll_to(save)
    with phone.page.expect_download() as download:
        save.tap()
    rows = csv_rows(download.value)
    assert [row[:6] for row in rows] == [
        ["Started (UTC)", "Game", "Players", "Standings", "Winner", "Finished"],
        ["2026-11-26 19:05", "Rage", "Anna, Béla, さくら", "1. Anna 28; 2. さくら 17; 3. Béla 9", "", "no"],
        ["2026-10-01 18:00", "Herrlof", "Zoë, Ödön", "1. Zoë 50; 2. Ödön 20", "Zoë", "yes"],
    ]
    phone.see(f"Saved {download.value.suggested_filename} to your downloads.")
    phone.shot(f"history-saved-{size['width']}-{scheme}")

    # At the end: the button under the final standings.
    phone.page.get_by_role("group", name=re.compile(r"^Herrlof · won by Zoë")).get_by_role(
        "button", name="Open", exact=True).tap()
    copy = phone.button("Copy the standings")
    expect(copy).to_be_in_viewport(ratio=1)
    copy.tap()
    see_said_beside(phone, copy, "Copied")
    assert clipboard(phone) == "Herrlof · Oct 1, 2026\n1. Zoë 50\n2. Ödön 20\nWinner: Zoë"
    phone.shows_whole(phone.shot(f"end-copied-{size['width']}-{scheme}"), "Copied", "Copy the standings")
