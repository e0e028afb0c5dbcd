"""The font in parts (companion.ui.fonts): both come as the tab opens, so nothing being typed later is interrupted
by the page being drawn anew for a font; a Japanese name typed first keeps the cursor in the name field for the next,
and every script is drawn (the screenshots under tests/artifacts/ show it)."""

from __future__ import annotations

from phone import PHONE, Phone, watch
from playwright.sync_api import expect
from test_games import new_game

from companion.ui.fonts import FAR_EAST_PART, MAIN_PART

NAMES = ["さくら", "Zoë", "Ἀθηνᾶ", "Жанна"]


def test_both_parts_come_as_the_tab_opens_and_a_japanese_name_typed_first_keeps_the_cursor(browser, own_server,
                                                                                          request):
    server = own_server()
    context = watch(request, browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True))
    page = context.new_page()
    page.set_default_timeout(15_000)
    fonts: list[str] = []
    page.on("request", lambda asked: "/fonts/Bidwell" in asked.url and fonts.append(asked.url.split("/fonts/")[-1]))
    with page.expect_response(lambda answer: answer.url.endswith(FAR_EAST_PART) and answer.ok):
        phone = Phone(page, request.node.name).open(server.url)
    expect(phone.button("New game")).to_be_visible()
    phone.shot("start screen")
    # new_game sees the cursor back in the name field after each name, the Japanese one first.
    new_game(phone, "Oh Hell (BGA)", NAMES, first_dealer="Zoë")
    phone.see("さくら")
    phone.shot("scoreboard with four scripts")
    assert sorted(fonts) == sorted(part.removeprefix("fonts/") for part in (MAIN_PART, FAR_EAST_PART))
    context.close()
