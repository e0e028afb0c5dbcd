"""The app process itself: it comes back after being killed mid-hand, and --lan asks for the PIN."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from flet_web import get_package_web_dir
from phone import PHONE, Phone, watch
from playwright.sync_api import expect

from companion.publish.build import fonts_left_out
from companion.store.games import GameStore
from companion.ui.fonts import MAIN_PART

FONT_FILES = (".ttf", ".otf", ".woff", ".woff2")


def test_a_game_resumes_where_it_stopped_after_the_server_was_killed(open_phone, own_server):
    first = own_server()
    phone = open_phone(first.url, "resume")
    phone.tap("New game")
    phone.pick("radio", "Rage")
    phone.enter_lines("Player's name", ["Anna", "Béla", "Csilla"])
    phone.pick("radio", "Anna deals first")
    phone.tap("Start the game")
    for name in ("Béla", "Csilla", "Anna"):
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 3")
    phone.tap("Béla took 3")
    phone.tap("Csilla took 4")  # Anna is given the 3 left
    phone.see_exactly("Tricks 10 of 10")
    phone.tap("Score the hand")
    phone.see_exactly("Hand 2 of 10")
    phone.see_exactly("Csilla's bid")
    phone.tap("Bid 2")
    phone.see_exactly("Csilla bids 2")
    phone.see_exactly("Anna's bid")
    game_id = urlsplit(phone.page.url).path.rsplit("/", 1)[-1]
    first.kill()
    phone.page.context.close()

    second = own_server()
    phone = open_phone(second.url, "resume-after")
    phone.tap("Rage · hand 2 · Anna, Béla, Csilla")
    phone.see_exactly("Hand 2 of 10")
    phone.see_exactly("9 cards each")
    phone.see_exactly("Anna's bid")
    # Csilla's bid came back: her row's pad is a bid already made (its keys change it), not one still to come.
    expect(phone.button("Csilla: bid 2")).to_be_enabled()
    assert GameStore(second.data).open(game_id).state.current.bids == (None, None, 2)
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    # Hand 1: Anna and Béla 3/3 = 13, Csilla bid 3 took 4: 4 - 5 = -1.
    phone.reads("Hand 1 · 10 cards", "3/3 ✓ D", "+13 → 13", "3/3 ✓", "+13 → 13", "3/4 ×", "-1 → -1")


def test_lan_mode_asks_for_the_pin_shown_on_the_host(open_phone, own_server):
    server = own_server("--lan")
    pin = re.search(r"PIN: (\d{6})", server.output).group(1)
    assert "Bidwell is at http://" in server.output
    phone = open_phone(server.url_from("192.0.2.20"), "lan")
    phone.see_exactly("Enter the PIN shown on the host")
    expect(phone.button("New game")).to_have_count(0)
    field = phone.tap_field("PIN")  # as on a phone, which opens no keyboard for a field focused by itself
    phone.page.keyboard.type("000000" if pin != "000000" else "111111")
    phone.page.keyboard.press("Enter")
    phone.see("That PIN is not right")
    expect(field).to_have_value("")
    phone.see_cursor_in(field)
    phone.page.keyboard.type(pin)
    phone.see_typed(field, pin)
    phone.tap("Open")
    phone.see_exactly("Join from another phone")
    expect(phone.button("New game")).to_be_visible()
    expect(phone.page.get_by_role("img", name="QR code of http", exact=False)).to_have_count(2)
    # The second leads to Bidwell for a phone of its own; over plain http it says what it cannot do.
    phone.see_exactly("Bidwell on a phone of its own")
    phone.see("Over http it opens only while this computer serves it")
    phone_app = re.search(r"no computer needed\): (\S+)", server.output)[1]
    expect(phone.page.get_by_role("img", name=f"QR code of {phone_app}")).to_be_attached()
    phone.shot("lan-start")


def test_under_lan_the_computers_own_tab_needs_no_pin_and_a_phone_on_the_network_does(open_phone, own_server):
    """The scorekeeper at the computer Bidwell runs on opens the address it prints for this computer and is
    straight in; a phone on the network opening the same app meets the PIN screen and nothing of the games."""
    server = own_server("--lan")
    here = re.search(r"On this computer, without the PIN: (http://\S+)", server.output).group(1)
    assert here == server.url.rstrip("/")
    computer = open_phone(here, "lan-this-computer")
    computer.see_exactly("Join from another phone")
    expect(computer.button("New game")).to_be_visible()
    expect(computer.page.get_by_text("Enter the PIN shown on the host")).to_have_count(0)
    phone = open_phone(server.url_from("192.0.2.20"), "lan-a-phone")
    phone.see_exactly("Enter the PIN shown on the host")
    expect(phone.button("New game")).to_have_count(0)


def test_a_first_load_fetches_the_fonts_the_screens_draw_with_and_none_they_never_use(browser, own_server, request):
    server = own_server()  # no games yet: nothing to draw in a far-east script (test_font_parts.py has those)
    context = watch(request, browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True))
    page = context.new_page()
    fetched: dict[str, int] = {}
    page.on("response", lambda answer: urlsplit(answer.url).path.endswith(FONT_FILES)
            and fetched.setdefault(urlsplit(answer.url).path.lstrip("/"), answer.status))
    with page.expect_response(lambda answer: answer.url.endswith(f"/{MAIN_PART}")) as own_font:
        phone = Phone(page, request.node.name).open(server.url)
    assert own_font.value.ok
    expect(phone.button("New game")).to_be_visible()
    # Material's icons and Flet's Roboto come before the first frame is drawn; KaTeX's and the Cupertino icons' would
    # have come then too.
    assert fetched["assets/fonts/MaterialIcons-Regular.otf"] == fetched["assets/fonts/roboto.woff2"] == 200
    assert not fonts_left_out(Path(get_package_web_dir())) & fetched.keys()
    context.close()


def test_the_app_draws_on_its_pages_own_thread_with_no_worker_sharing_its_memory(phone):
    """Flet's server asks for cross-origin isolation, with which Flutter's skwasm draws in a worker that shares Skia's
    glyph cache with the page's thread unguarded, and tabs froze for good (companion.server.web.NotCrossOriginIsolated).
    Bidwell's pages are not isolated, so skwasm draws on the page's thread, and the page has no worker at all."""
    phone.see_exactly("New game")
    assert phone.page.evaluate("crossOriginIsolated") is False
    assert phone.page.workers == []
