"""The font in parts (companion.ui.fonts): a tab with Latin names loads only the main part; a Japanese name brings
the far-east part, and every script is then drawn (the screenshots under tests/artifacts/ show it)."""

from __future__ import annotations

from phone import PHONE, Phone, watch
from playwright.sync_api import expect
from test_games import new_game

from companion.ui.fonts import FAR_EAST_PART, MAIN_PART

NAMES = ["Zoë", "Ἀθηνᾶ", "Жанна", "さくら"]
# The Japanese name last: the tab's screens are drawn anew when the far-east part comes, and the name field loses
# the keyboard's focus then (Flet's client rebuilds the page when its fonts change).


def test_the_far_east_part_comes_only_once_a_japanese_name_needs_it(browser, own_server, request):
    server = own_server()
    context = watch(request, browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True))
    page = context.new_page()
    page.set_default_timeout(15_000)
    fonts: list[str] = []
    page.on("request", lambda asked: "/fonts/Bidwell" in asked.url and fonts.append(asked.url.split("/fonts/")[-1]))
    with page.expect_response(lambda answer: answer.url.endswith(MAIN_PART) and answer.ok):
        phone = Phone(page, request.node.name).open(server.url)
    expect(phone.button("New game")).to_be_visible()
    phone.shot("start screen, main part only")
    assert fonts == [MAIN_PART.removeprefix("fonts/")]

    with page.expect_response(lambda answer: answer.url.endswith(FAR_EAST_PART) and answer.ok):
        new_game(phone, "Oh Hell (BGA)", NAMES, first_dealer="Zoë")
    phone.see("さくら")
    phone.shot("scoreboard with four scripts")
    assert sorted(fonts) == sorted(part.removeprefix("fonts/") for part in (MAIN_PART, FAR_EAST_PART))
    context.close()
