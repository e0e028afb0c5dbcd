"""The scorekeeper is told when someone guesses the PIN, and changes it (issue 43, item 3).

Against the real ``bidwell --lan``: a phone given the PIN stays in across a
reload; a script's wrong PINs from a dozen addresses bring a notice to the
scorekeeper's screen; the scorekeeper changes the PIN there, after which
the printed PIN is refused, the new one opens, and the phone already in
stays in. Wrong join codes do the same on the game's screen, where the
scorekeeper gives every game a new code.
"""

from __future__ import annotations

import re

from flet_wire import WireSession
from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game

ANSWERS = ("That PIN is not right", "Too many wrong PINs")
OPENED = "Scorekeeping for Oh Hell and its family"
"""The start screen's line: what a tab sees once the PIN has opened the app."""


def guess_from(server, address: str, pin: str, answers=ANSWERS) -> str:  # noqa: ANN001 - the Server
    """One guess from a fresh session at ``address``, as a script sends it; what the screen answered."""
    script = WireSession(f"ws://127.0.0.1:{server.port}/ws", origin=f"http://127.0.0.1:{server.port}",
                         address=address, answers_calls=True)
    try:
        return script.guess(pin, answers=answers)
    finally:
        script.close()


def test_the_scorekeeper_sees_the_pin_guessed_and_a_changed_pin_keeps_the_phones_in(open_phone, own_server):
    server = own_server("--lan")
    printed = re.search(r"PIN: (\d{6})", server.output).group(1)
    keeper = open_phone(server.url, "keeper")  # this computer's own tab: no PIN
    keeper.see_exactly("Join from another phone")

    # A phone given the PIN is never asked for it again, not even after a reload.
    phone = open_phone(server.url_from("192.0.2.20"), "admitted")
    phone.tap_field("PIN")
    phone.page.keyboard.type(printed)
    phone.page.keyboard.press("Enter")
    phone.see_exactly(OPENED)
    phone.reload()
    phone.see_exactly(OPENED)
    expect(phone.field("PIN")).to_have_count(0)

    wrong = (f"{n:06d}" for n in range(1_000_000) if f"{n:06d}" != printed)
    for n in range(12):
        assert guess_from(server, f"198.51.100.{n + 1}", next(wrong)).startswith("That PIN is not right")
    keeper.see_exactly("Someone is guessing the PIN: 12 wrong tries in 10 minutes.")
    shot = keeper.shot("someone is guessing the PIN")
    keeper.shows_whole(shot, "Someone is guessing the PIN", keeper.button("Change the PIN"))

    keeper.tap("Change the PIN")
    changed = keeper.page.get_by_text(re.compile(r"^New PIN: \d{6}$"))
    expect(changed).to_be_visible()
    pin = changed.inner_text().removeprefix("New PIN: ")
    assert pin != printed
    assert f"New PIN: {pin}" in server.output  # printed where the first one was
    expect(keeper.page.get_by_text(re.compile("^Someone is guessing"))).to_have_count(0)
    keeper.shot("the new PIN")

    assert guess_from(server, "192.0.2.31", printed).startswith("That PIN is not right")
    assert guess_from(server, "192.0.2.32", pin, answers=(*ANSWERS, OPENED)) == OPENED
    phone.reload()
    phone.see_exactly(OPENED)
    expect(phone.field("PIN")).to_have_count(0)


CODE_ANSWERS = ("That join code is not right", "Too many wrong join codes", "Which seat is yours?")


def try_code_from(server, address: str, code: str) -> str:  # noqa: ANN001 - the Server
    """One join code from a fresh session at ``address`` on ``/join``, as a script sends it; what the screen
    answered."""
    script = WireSession(f"ws://127.0.0.1:{server.port}/ws", origin=f"http://127.0.0.1:{server.port}",
                         address=address, route="/join", answers_calls=True)
    try:
        return script.guess(code, answers=CODE_ANSWERS)
    finally:
        script.close()


def test_the_scorekeeper_sees_join_codes_guessed_and_changes_them(open_phone, own_server, tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "Béla", "Csilla"]))
    server = own_server("--lan")
    keeper = open_phone(server.url, "keeper-codes")
    keeper.tap("Rage · hand 1 · Anna, Béla, Csilla")
    title = keeper.page.get_by_text(re.compile(r"^Players' phones · join code ")).first
    expect(title).to_be_visible()
    old = re.search(r"join code (\w{6})", title.inner_text()).group(1)

    for n in range(12):
        assert try_code_from(server, f"198.51.100.{n + 1}", "ZZZZZ" + "23456789"[n % 8]).startswith(
            "That join code is not right")
    keeper.see_exactly("Someone is guessing a join code: 12 wrong tries in 10 minutes.")
    keeper.shot("someone is guessing a join code")
    keeper.tap("Change the join codes")
    keeper.see_exactly("Every game has a new join code; phones already at a table keep their seats.")
    expect(title).not_to_contain_text(f"join code {old}")
    new = re.search(r"join code (\w{6})", title.inner_text()).group(1)
    assert try_code_from(server, "192.0.2.31", old).startswith("That join code is not right")
    assert try_code_from(server, "192.0.2.32", new) == "Which seat is yours?"
