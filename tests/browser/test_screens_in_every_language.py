"""The app in each of its languages: every screen read and shot at a phone's size (the longest languages at the
smallest phone too), the language found from the browser and chosen on the start screen and remembered, and a
pseudo-language showing that no word on any screen bypasses the catalogs.

The words a test looks for are the catalogs' own, made in the language of the screen (``say``): a screen that
kept English, or a word not drawn from the catalog, is not found.
"""

from __future__ import annotations

import re

import pytest
from phone import ARTIFACTS, PHONE, SMALL_PHONE, Phone
from playwright.sync_api import expect
from pseudo import PSEUDO, outside, write_catalogs
from test_screenshots import set_up

from companion.texts import t
from scoring.i18n.choice import speaking
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed

SCREENS = ARTIFACTS / "languages"
BROWSER_LOCALES = {"de": "de-DE", "hu": "hu-HU", "pl": "pl-PL", "ja": "ja-JP", PSEUDO: "en-XA", "en": "en-US"}
NAMES = ["Anna", "Béla", "Csilla", "Zoë", "Ödön", "Ярослав", "さくら", "Dóra", "Ernő", "Flóra",
         "Maximiliane Wolfeschlegel"]
FLUTTERS_OWN = ["Back", "Dismiss"]
"""Words Flutter itself gives a screen reader (the top bar's back button), in English for the pseudo-language,
which Flutter's own catalogs do not have; in a real language Flutter says them in it."""
LANGUAGES = ["English", "Deutsch", "Magyar", "日本語", "Polski"]
"""The picker's names of the languages, each in its own language (from its own catalog)."""
# Dates are written by Babel from CLDR's data, in English for the pseudo-language.
CALENDAR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "AM", "PM"]

SCREEN_TEXTS = """() => [...document.querySelectorAll('flt-semantics-host *')].flatMap(element => [
    element.getAttribute('aria-label') || '',
    [...element.childNodes].filter(node => node.nodeType === Node.TEXT_NODE).map(node => node.textContent).join(' '),
]).filter(text => text.trim())"""


def speaker(code: str):
    """``say(key, **params)``: the catalog's sentence in ``code``, as the screen should show it."""

    def say(key: str, **params: object) -> str:
        with speaking(code):
            return t(key, **params)

    return say


def game_name(code: str, name: str) -> str:
    with speaking(code):
        return game_text(name)


def continue_line(code: str, game: str, hand: int, players: list[str]) -> str:
    with speaking(code):
        return t("start.continue_line", game=game_text(game), hand=hand, players=str(Listed(players)))


def tab(phone: Phone, name: str) -> None:
    """Tap the game's bottom bar's tab ``name`` (read with its place in the bar after it)."""
    phone.page.get_by_role("tab", name=re.compile(f"^{re.escape(name)}")).tap()


def walk_every_screen(phone: Phone, code: str, shot) -> None:  # noqa: ANN001 - shot: the test's own
    """From the start screen through every screen of a game (the hand at the table, the scoreboard, the
    standings), the end, the past games and the statistics."""
    say = speaker(code)
    expect(phone.button(continue_line(code, "Oh Hell (BGA)", 2, ["Anna", "Béla", "Csilla"]))).to_be_visible()
    shot("start")

    phone.tap(say("start.sheets"))
    expect(phone.button(say("setup.blank_sheet"))).to_be_visible()
    shot("blank sheet")
    phone.page.go_back()

    phone.tap(say("start.new"))
    phone.unfold(say("setup.house_rules"))
    phone.pick("switch", game_name(code, "Skip Up"))
    phone.enter_lines(say("setup.add_label"), ["Anna", "さくら", "Ярослав"])
    phone.see_exactly("3. Ярослав")
    shot("new game")
    phone.page.go_back()

    phone.tap(continue_line(code, "Oh Hell (BGA)", 2, ["Anna", "Béla", "Csilla"]))
    phone.see_exactly(say("bid.turn", name="Csilla"))
    # Hand 1 scored: each row carries its player's total into hand 2 (Anna 3/3: 13).
    phone.see_exactly(say("table.total", name="Anna", total="13"))
    shot("hand 2")
    phone.tap(say("bid.number", value=2))
    phone.see_exactly(say("bid.turn", name="Anna"))
    phone.tap(say("bid.number", value=3))
    # The dealer's key the hook refuses says why (the bar's line says the bid just taken).
    expect(phone.button(f"4: {say('bid.forbidden_reason', value=4, total=9)}")).to_be_disabled()
    shot("bidding with the hook")
    phone.tap(say("bid.number", value=1))
    phone.see_exactly(say("tricks.choose", name="Csilla"))
    shot("tricks")
    tab(phone, say("board.title"))
    phone.tap(say("board.correct", number=1))
    expect(phone.button(say("correct.save"))).to_be_visible()
    shot("correction")
    phone.page.go_back()
    expect(phone.button(say("board.correct", number=1))).to_be_visible()  # back on the scoreboard
    shot("scoreboard")
    tab(phone, say("board.standings"))
    expect(phone.page.get_by_text(say("board.standing", place=1, name="Anna", total="13", count=1),
                                  exact=True)).to_be_visible()
    shot("standings")
    tab(phone, say("tab.hand"))
    phone.see_exactly(say("tricks.choose", name="Csilla"))
    phone.tap(say("adjust.open"))
    phone.see_exactly(say("adjust.who"))
    shot("bonus or penalty")
    phone.page.go_back()
    phone.see_exactly(say("tricks.choose", name="Csilla"))
    phone.tap(say("share.open"))
    expect(phone.button(say("share.copy_link"))).to_be_visible()
    shot("share")
    phone.page.go_back()
    phone.see_exactly(say("tricks.choose", name="Csilla"))
    phone.page.go_back()

    phone.tap(continue_line(code, "Rage'n Glyphs", 1, ["Zoë", "Ödön", "Ярослав", "さくら"]))
    phone.see_exactly(say("bid.cover", name="Ödön"))
    shot("cover")
    phone.tap(say("bid.i_am", name="Ödön"))
    phone.see_exactly(say("bid.private", name="Ödön"))
    shot("private bid")
    phone.page.go_back()

    phone.tap(continue_line(code, "Rage", 1, ["Dóra", "Ernő", "Flóra", "Maximiliane Wolfeschlegel"]))
    phone.see_exactly(say("tricks.choose", name="Ernő"))
    phone.tap(say("tricks.pad", name="Ernő", value=3))
    phone.see_exactly(say("tricks.taken", name="Ernő", count=3))
    plus_five = game_name(code, "+5 cards")
    phone.tap(say("table.counted_of", name="Ernő", count=0))  # the row's counted cards, folded
    phone.tap(say("cards.more", label=plus_five, name="Ernő"))
    phone.see_exactly(f"{say('cards.of', label=plus_five, name='Ernő')}: 1")
    shot("tricks with cards")
    phone.page.go_back()

    phone.tap(continue_line(code, "Herrlof", 2, ["Anna", "Béla"]))
    phone.tap(say("tricks.pad", name="Anna", value=15))
    phone.see_exactly(say("tricks.check_range", total=15, low=12, cards=15))
    phone.tap(say("tricks.confirm"))
    phone.see_exactly(say("end.winner", name="Anna"))
    shot("end")
    phone.tap(say("end.home"))

    phone.leave_start(say("start.history"))
    finished = phone.page.get_by_role("group", name=f"{game_name(code, 'Herrlof')} · {say('history.won', names='Anna')}",
                                      exact=False)
    expect(finished).to_be_visible()
    shot("past games")
    finished.get_by_role("button", name=say("history.open"), exact=True).tap()
    phone.see_exactly(say("end.title"))
    shot("past game")
    phone.page.go_back()
    phone.page.go_back()

    phone.leave_start(say("start.stats"))
    anna = phone.page.get_by_role("button", name=re.compile(r"^Anna "))
    expect(anna).to_be_visible()
    shot("statistics")
    phone.unfold(say("stats.filter_summary", game=say("history.all_games"), period=say("stats.period_all"),
                     players=say("history.every_player")))
    expect(phone.page.get_by_role("radio", name=say("stats.period_30"), exact=True)).to_be_visible()
    shot("statistics filters")
    anna.tap()
    phone.see_exactly(say("stats.wins"))
    shot("a players statistics")


LONGEST = ("de", "hu")
"""The languages whose words run longest: their screens are shot at the smallest phone too."""


@pytest.mark.parametrize("code", ["de", "hu", "pl", "ja"])
def test_every_screen_in_the_players_language(open_phone, own_server, tmp_path, code):
    set_up(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, code, locale=BROWSER_LOCALES[code])

    def shot(label: str) -> None:
        phone.shot(f"{PHONE['width']}x{PHONE['height']} {label}", SCREENS)
        if code in LONGEST:  # the same screen on the smallest phone, nothing drawn past its right edge, then back
            phone.page.set_viewport_size(SMALL_PHONE)
            small = phone.shot(f"{SMALL_PHONE['width']}x{SMALL_PHONE['height']} {label}", SCREENS)
            phone.nothing_drawn_past_the_edge(small)
            phone.page.set_viewport_size(PHONE)

    walk_every_screen(phone, code, shot)


def test_no_word_on_any_screen_bypasses_the_catalogs(open_phone, own_server, tmp_path, monkeypatch):
    monkeypatch.setenv("BIDWELL_CATALOGS", str(write_catalogs(tmp_path / "catalogs")))
    set_up(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, "pseudo", locale=BROWSER_LOCALES[PSEUDO])
    bypassed: dict[str, list[str]] = {}

    def shot_and_read(label: str) -> None:
        phone.shot(label, SCREENS)
        # A game's link is its record packed into an address: data to copy, in no language.
        texts = [text for text in phone.page.evaluate(SCREEN_TEXTS) if "/?game=" not in text]
        assert any("«" in text for text in texts), label  # the pseudo-language is spoken, so this could fail
        words = [word for text in texts for word in outside(text, [*NAMES, *FLUTTERS_OWN, *CALENDAR, *LANGUAGES])]
        if words:
            bypassed[label] = words

    walk_every_screen(phone, PSEUDO, shot_and_read)
    assert bypassed == {}


def test_the_browsers_language_is_spoken_and_a_language_picked_is_remembered(open_phone, own_server, tmp_path):
    server = own_server()
    german = open_phone(server.url, "language-de", locale="de-DE")
    expect(german.button(speaker("de")("start.new"))).to_be_visible()
    french = open_phone(server.url, "language-fr", locale="fr-FR")  # a language Bidwell does not have: English
    expect(french.button("New game")).to_be_visible()
    french.tap("Language: English")
    french.page.get_by_role("menuitemcheckbox", name="Polski", exact=True).tap()
    expect(french.button(speaker("pl")("start.new"))).to_be_visible()
    french.shot("picked", SCREENS)
    french.reload()
    expect(french.button(speaker("pl")("start.new"))).to_be_visible()
    french.tap(speaker("pl")("start.language_now", language="Polski"))
    expect(french.page.get_by_role("menuitemcheckbox", name="Polski", exact=True)).to_be_checked()


def test_no_word_on_the_phones_at_the_table_bypasses_the_catalogs(open_phone, own_server, tmp_path, monkeypatch):
    """The scorekeeper's panel of the players' phones and a player's own phone (bidwell --lan), in the
    pseudo-language: the PIN, the join code, the seat, a bid, the scorekeeper waiting for a phone."""
    monkeypatch.setenv("BIDWELL_CATALOGS", str(write_catalogs(tmp_path / "catalogs")))
    set_up(tmp_path / "data")
    server = own_server("--lan")
    say = speaker(PSEUDO)
    keeper = open_phone(server.url_from("192.0.2.20"), "pseudo-keeper", locale=BROWSER_LOCALES[PSEUDO])
    keeper.tap_field(say("lan.pin_label"))
    keeper.page.keyboard.type(re.search(r"PIN: (\d{6})", server.output).group(1))
    keeper.page.keyboard.press("Enter")
    keeper.tap(continue_line(PSEUDO, "Rage'n Glyphs", 1, ["Zoë", "Ödön", "Ярослав", "さくら"]))
    panel = keeper.page.get_by_text(re.compile(r"join code \w{6}")).first  # the panel's title, with the code
    expect(panel).to_be_visible()
    code = re.search(r"join code (\w{6})", panel.inner_text()).group(1)
    panel.tap()
    player = open_phone(f"{server.url_from('192.0.2.31')}join/ABCDEF", "pseudo-phone", locale=BROWSER_LOCALES[PSEUDO])
    player.see(say("join.wrong"))
    seen = {"wrong code": player.page.evaluate(SCREEN_TEXTS)}
    field = player.tap_field(say("join.code_label"))  # the code typed, where the QR code was not scanned
    player.page.keyboard.type(code.lower())
    player.see_typed(field, code)  # the field writes it in capitals
    player.tap(say("join.go"))
    player.tap("Ödön")
    player.see_exactly(say("join.you_are", name="Ödön"))
    keeper.see_exactly(say("phone.bidding", name="Ödön"))
    seen["the phone's turn"] = player.page.evaluate(SCREEN_TEXTS)
    seen["the scorekeeper waiting"] = keeper.page.evaluate(SCREEN_TEXTS)
    player.tap(say("bid.number", value=1))
    player.see_exactly(say("seat.your_bid_is", value=1))
    seen["a bid made"] = player.page.evaluate(SCREEN_TEXTS)
    allowed = [*NAMES, *FLUTTERS_OWN, *CALENDAR, *LANGUAGES, code, "Bidwell"]
    bypassed = {label: words for label, texts in seen.items()
                if (words := [word for text in texts for word in outside(text, allowed)])}
    assert bypassed == {}
    assert all(any("«" in text for text in texts) for texts in seen.values())


@pytest.mark.parametrize(("code", "scheme"), [("de", "light"), ("hu", "dark")])
def test_the_pin_join_and_seat_screens_are_whole_at_the_smallest_phone_in_the_longest_languages(
        open_phone, own_server, tmp_path, code, scheme):
    """Under --lan, the screens a phone on the network meets before the game: the PIN, a wrong join code, the
    seats to pick from, the player's own seat; each at 360 px in the look the phone asks for, its heading and
    what it is for on it, nothing past the right edge."""
    set_up(tmp_path / "data")
    server = own_server("--lan")
    say = speaker(code)
    phone = {"locale": BROWSER_LOCALES[code], "viewport": SMALL_PHONE, "color_scheme": scheme}
    keeper = open_phone(server.url_from("192.0.2.20"), f"lan-{code}-{scheme}-keeper", **phone)
    pin = keeper.field(say("lan.pin_label"))
    expect(pin).to_be_visible()
    keeper.shows_whole(keeper.shot("PIN", SCREENS), say("lan.pin_title"), keeper.button(say("lan.pin_go")))
    keeper.tap_field(say("lan.pin_label"))
    keeper.page.keyboard.type(re.search(r"PIN: (\d{6})", server.output).group(1))
    keeper.page.keyboard.press("Enter")
    keeper.tap(continue_line(code, "Rage'n Glyphs", 1, ["Zoë", "Ödön", "Ярослав", "さくら"]))
    title = re.escape(say("phones.title", code="@")).replace("@", r"(\w{6})")
    panel = keeper.page.get_by_text(re.compile(title)).first
    expect(panel).to_be_visible()
    join_code = re.search(title, panel.inner_text()).group(1)

    player = open_phone(f"{server.url_from('192.0.2.31')}join/ABCDEF", f"lan-{code}-{scheme}-player", **phone)
    player.see(say("join.wrong"))
    player.shows_whole(player.shot("a wrong join code", SCREENS), say("join.title"), player.button(say("join.go")))
    player.tap_field(say("join.code_label"))
    player.page.keyboard.type(join_code)
    player.tap(say("join.go"))
    expect(player.button("Ödön")).to_be_visible()
    player.shows_whole(player.shot("the seats", SCREENS), say("join.pick"), player.button("Ödön"),
                       player.button("Ярослав"))
    player.tap("Ödön")
    player.see_exactly(say("join.you_are", name="Ödön"))
    player.shows_whole(player.shot("a player's seat", SCREENS), say("join.you_are", name="Ödön"))
