"""The app's fonts as a tab fetches them (companion.ui.fonts): a table of Latin names gets the 0.2 MB main part
alone; a Japanese name or the Japanese screens bring the full font, as the tab opens or as a screen opens, never
while a field is being typed in; every script is drawn (the screenshots under tests/artifacts/ show it)."""

from __future__ import annotations

import re

import pytest
from phone import PHONE, Phone, watch
from playwright.sync_api import expect

from companion.store.games import GameStore
from companion.texts import t
from companion.ui.fonts import FULL_FONT, MAIN_PART
from scoring.game import Game
from scoring.i18n.choice import speaking


def fonts_asked(page) -> list[str]:  # noqa: ANN001 - a Playwright page
    """The app's own font files the page asks for, as it asks (the list grows)."""
    asked: list[str] = []
    page.on("request", lambda request: "/fonts/Bidwell" in request.url
            and asked.append("fonts/" + request.url.split("/fonts/")[-1]))
    return asked


def fetched(phone: Phone, font: str) -> None:
    """The page has fetched ``font`` whole (the browser's own record of what it loaded)."""
    phone.page.wait_for_function("font => performance.getEntriesByType('resource').some(entry => "
                                 "new URL(entry.name).pathname.endsWith('/' + font))", arg=font)


@pytest.fixture
def tab(browser, request):  # noqa: ANN001, ANN201 - pytest's fixtures; a function
    """``tab(url, **context_options)``: a phone-sized tab opened on ``url``, and the app's font files it asks for;
    what it asks for as it opens is answered before this returns. Every tab is closed after the test."""
    contexts = []

    def open_(url: str, **options) -> tuple[Phone, list[str]]:
        context = watch(request, browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                                     **options))
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        asked = fonts_asked(page)
        phone = Phone(page, request.node.name)
        with page.expect_response(lambda answer: "/fonts/Bidwell" in answer.url and answer.ok):
            phone.open(url)
        return phone, asked

    yield open_
    for context in contexts:
        context.close()


def test_a_table_of_latin_names_fetches_the_main_part_alone(tab, own_server, tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", ["Zoë", "Łukasz", "Жанна"]))
    phone, asked = tab(own_server().url)
    phone.tap("Rage · hand 1 · Zoë, Łukasz, Жанна")
    phone.see_exactly("Łukasz's bid")
    phone.tap("Bid 1")
    phone.see_exactly("Жанна's bid")  # a round trip after the game's screen opened: anything it asked is asked
    assert asked == [MAIN_PART]
    phone.shot("Latin, Greek and Cyrillic from the main part")


def test_a_tab_with_a_japanese_name_stored_opens_with_the_full_font_alone(tab, own_server, tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "さくら", "Béla"]))
    phone, asked = tab(own_server().url)
    expect(phone.button("Rage · hand 1 · Anna, さくら, Béla")).to_be_visible()
    assert asked == [FULL_FONT]
    phone.shot("a Japanese name on the start screen")


def test_the_japanese_screens_bring_the_full_font(tab, own_server):
    phone, asked = tab(own_server().url, locale="ja-JP")
    expect(phone.page.get_by_role("button", name="新しいゲーム")).to_be_visible()
    fetched(phone, FULL_FONT)
    assert asked[0] == MAIN_PART  # the tab's language is known only once the page has asked the phone
    phone.shot("the start screen in Japanese")


def test_a_japanese_name_typed_at_a_latin_table_is_drawn_once_its_game_opens_and_typing_goes_on(tab, own_server):
    phone, asked = tab(own_server().url)
    phone.tap("New game")
    phone.pick("radio", "Rage")
    # The field keeps the cursor after each name: each is typed once the field shows empty again.
    phone.enter_lines("Player's name", ["Anna", "さくら", "Béla"])
    phone.see_exactly("2. さくら")
    phone.shot("a Japanese name typed at a Latin table")
    phone.pick("radio", "Anna deals first")
    assert asked == [MAIN_PART]  # nothing came while the names were typed
    phone.tap("Start the game")
    phone.see_exactly("さくら's bid")
    # Straight on to another game's names, while the font may still be on its way: every key lands in the field.
    phone.tap("Back")
    phone.tap("New game")
    phone.enter_lines("Player's name", ["Zoë", "佐藤", "Ярослав"])
    phone.see_exactly("2. 佐藤")
    fetched(phone, FULL_FONT)
    assert asked == [MAIN_PART, FULL_FONT]
    phone.shot("Japanese names drawn once a game of them opened")


def test_a_phone_behind_the_pin_is_sent_no_font_that_tells_of_the_stored_names(tab, own_server, tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "さくら", "Béla"]))
    server = own_server("--lan")
    phone, asked = tab(server.url_from("192.0.2.40"))
    phone.see_exactly("Enter the PIN shown on the host")
    assert asked == [MAIN_PART]
    phone.tap_field("PIN")
    phone.page.keyboard.type(re.search(r"PIN: (\d{6})", server.output).group(1))
    phone.page.keyboard.press("Enter")
    expect(phone.button("Rage · hand 1 · Anna, さくら, Béla")).to_be_visible()
    fetched(phone, FULL_FONT)  # once the PIN opened the games to it


def test_a_japanese_phone_types_the_pin_as_the_full_font_comes(tab, own_server):
    server = own_server("--lan")
    phone, asked = tab(server.url_from("192.0.2.41"), locale="ja-JP")
    with speaking("ja"):
        title, label, new = t("lan.pin_title"), t("lan.pin_label"), t("start.new")
    phone.see_exactly(title)
    phone.tap_field(label)
    phone.page.keyboard.type(re.search(r"PIN: (\d{6})", server.output).group(1))
    phone.page.keyboard.press("Enter")
    expect(phone.button(new)).to_be_visible()  # every digit reached the field
    fetched(phone, FULL_FONT)
    assert asked == [MAIN_PART, FULL_FONT]


def test_a_players_phone_gets_the_full_font_once_its_join_code_finds_a_game_of_japanese_names(tab, own_server,
                                                                                              tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "さくら", "Béla"], options={"bidding": "hidden"}))
    server = own_server("--lan")
    keeper, _ = tab(server.url)  # the computer Bidwell runs on: no PIN
    keeper.tap("Rage · hand 1 · Anna, さくら, Béla")
    title = keeper.page.get_by_text(re.compile(r"Players' phones · join code ")).first
    expect(title).to_be_visible()
    code = re.search(r"join code (\w{6})", title.inner_text()).group(1)

    phone, asked = tab(f"{server.url_from('192.0.2.42')}join")
    field = phone.tap_field("Join code")
    phone.page.keyboard.type(code)
    phone.see_typed(field, code)
    assert asked == [MAIN_PART]  # nothing of the games' names before the code
    phone.tap("Join")
    phone.tap("さくら")
    phone.see_exactly("You are さくら")
    fetched(phone, FULL_FONT)
    phone.shot("a Japanese name on a player's own phone")
