"""The app process itself: it comes back after being killed mid-hand, and --lan asks for the PIN."""

from __future__ import annotations

import re

from playwright.sync_api import expect



def test_a_game_resumes_where_it_stopped_after_the_server_was_killed(open_phone, own_server):
    first = own_server()
    phone = open_phone(first.url, "resume")
    phone.tap("New game")
    phone.choose("radio", "Rage")
    for name in ("Anna", "Béla", "Csilla"):
        phone.add_player(name)
    phone.choose("radio", "Anna deals first")
    phone.tap_until_gone("Start the game", "Start the game")
    for name, value in (("Béla", 3), ("Csilla", 3), ("Anna", 3)):
        phone.see_exactly(f"{name}'s bid")
        phone.tap_until_gone(f"Bid {value}", f"{name}'s bid")
    phone.tap_until_gone("Enter the tricks", "Play the hand, then enter the tricks.")
    for name, count in (("Anna", 3), ("Béla", 3), ("Csilla", 4)):
        phone.step_to(f"More for {name}", name, count)
    phone.tap_until_gone("Score the hand", "Score the hand")
    phone.see("Hand 2 of 10")
    phone.see_exactly("Csilla's bid")
    phone.tap_until_gone("Bid 2", "Csilla's bid")
    phone.see("Csilla: 2")
    phone.see("Anna's bid")
    phone.shot("before the kill")
    first.kill()
    phone.page.context.close()

    second = own_server()
    phone = open_phone(second.url, "resume-after")
    phone.see("Rage · hand 2 · Anna, Béla, Csilla")
    phone.shot("start screen after the restart")
    phone.tap_until_seen("Rage · hand 2 · Anna, Béla, Csilla", "Hand 2 of 10")
    phone.see("Hand 2 of 10")
    phone.see("9 cards each")
    phone.see("Csilla: 2")
    phone.see("Anna's bid")
    # Hand 1: Anna and Béla 3/3 = 13, Csilla bid 3 took 4: 4 - 5 = -1.
    phone.see_exactly("Anna  13")
    phone.see_exactly("Csilla  -1")
    phone.shot("resumed mid-hand")
    phone.page.context.close()


def test_lan_mode_asks_for_the_pin_shown_on_the_host(open_phone, own_server):
    server = own_server("--lan")
    pin = re.search(r"PIN: (\d{6})", server.output).group(1)
    assert "Bidwell is at http://" in server.output
    phone = open_phone(server.url, "lan")
    phone.see("Enter the PIN shown on the host")
    assert phone.page.get_by_role("button", name="New game").count() == 0
    phone.shot("pin asked")
    wrong = "000000" if pin != "000000" else "111111"
    phone.type_into("PIN", wrong)
    phone.see("That PIN is not right")
    phone.shot("wrong pin")
    phone.type_into("PIN", pin)
    phone.see("New game")
    phone.see("Join from another phone")
    expect(phone.page.get_by_role("img", name="QR code of http", exact=False)).to_be_visible()
    phone.shot("after the pin")
    phone.page.context.close()
