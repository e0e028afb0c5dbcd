"""A shared link cannot hold up the table (issue 43, item 2): while one tab opens a link made to be heavy, every
other tab's tap is answered at once, and the link's tab says in one sentence what is wrong with it.

The taps are read off Flet's own wire (tests/browser/flet_wire.py), as the attack that found this timed them: a
phone types a PIN under ``--lan``, at a person's pace, each timed from the tap to its answer arriving, which is the
server's whole part of a tap and nothing of the browser's drawing."""

from __future__ import annotations

import re
import threading
import time

from flet_wire import WireSession
from helpers import finished_herrlof, long_herrlof

from companion.store.games import GameStore
from companion.views.sharing import link_payload
from scoring.hands import HANDS_MAX
from scoring.record import record_from_game

ANSWERS = ("That PIN is not right", "Too many wrong PINs")
TAP_MOST_SECONDS = 0.2
A_PERSONS_PACE = 0.1
"""Seconds between a person's taps: the taps are a load spread over the link's reading, not a wait for it."""


def test_a_link_of_twenty_thousand_adjustments_holds_up_no_other_tab_and_its_own_tab_says_why(own_server, tmp_path):
    record = finished_herrlof(GameStore(tmp_path / "elsewhere")).record()
    record["hands"][0]["adjustments"] = [{"player": "Ödön", "points": 1}] * 20_000
    payload = link_payload(record)
    assert len(payload) < 4_000  # short enough for any chat
    server = own_server("--lan")
    wrong = "000000" if re.search(r"PIN: (\d{6})", server.output).group(1) != "000000" else "111111"
    ws, origin = f"ws://127.0.0.1:{server.port}/ws", f"http://127.0.0.1:{server.port}"
    said = ("The game in this link cannot be shown: hand 1: the record gives this hand 20,000 bonuses and penalties; "
            "a hand may have at most 100")

    table = WireSession(ws, origin, address="192.0.2.20", timeout=60, answers_calls=True)
    link_tab = WireSession(ws, origin, address=None, route=f"/shared?game={payload}", timeout=60, answers_calls=True)
    reading = threading.Thread(target=link_tab.read_until,
                               args=(lambda: said in link_tab.texts or bool(link_tab.crashes),), daemon=True)
    taps, while_reading = [], []
    try:
        reading.start()
        while reading.is_alive() or len(taps) < 3:  # and a few more once it has been said
            while_reading.append(reading.is_alive())
            tapped = time.perf_counter()
            assert table.guess(wrong, answers=ANSWERS).startswith(ANSWERS)
            taps.append(time.perf_counter() - tapped)
            time.sleep(A_PERSONS_PACE)
        assert said in link_tab.texts and link_tab.crashes == [] == table.crashes
    finally:
        table.close()
        link_tab.close()
    assert max(taps) < TAP_MOST_SECONDS, [round(tap, 3) for tap in taps]
    assert while_reading[0]  # the taps began before the link's tab had its answer, and went on until after


def test_the_longest_game_a_link_may_carry_is_drawn_forty_hands_at_a_time(open_phone, own_server):
    server = own_server()
    game = long_herrlof(HANDS_MAX)
    phone = open_phone(f"{server.url}?game={link_payload(record_from_game(game))}", "longest-link")
    phone.see_exactly("Hands 962–1,001 of 1,001")
    phone.see("Hand 1,001")  # the newest first, under the game's end: where a long game stands now
    phone.shot("longest-link-newest")
    phone.tap("Earlier hands")
    phone.see_exactly("Hands 922–961 of 1,001")
    phone.shot("longest-link-earlier")

