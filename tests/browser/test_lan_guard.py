"""The real ``bidwell`` process guards its websocket and its PIN (issue 8, item 7).

A page from another origin cannot open the app's websocket, in either mode;
PIN guessing is throttled through the real server, and whatever a script
puts in the PIN field gets "wrong", never the server's traceback.
"""

from __future__ import annotations

import itertools
import re
import socket
import threading
import time
import urllib.request

import msgpack
import pytest
from flet_wire import CONTROL_EVENT, WireSession
from phone import Server
from playwright.sync_api import expect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

ANSWERS = ("That PIN is not right", "Too many wrong PINs")
OPENED = "Scorekeeping for Oh Hell and its family"
"""The start screen's line: what a tab sees once the PIN has opened the app."""


def ws_url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


def pin_of(server: Server) -> str:
    return re.search(r"PIN: (\d{6})", server.output).group(1)


@pytest.mark.parametrize("mode", [(), ("--lan",)], ids=["local", "lan"])
def test_only_the_apps_own_origin_opens_its_websocket(own_server, mode):
    server = own_server(*mode)
    other_port = server.port + 1 if server.port < 65535 else server.port - 1
    for origin in (f"http://127.0.0.1:{other_port}", "http://evil.example", f"http://localhost:{server.port}",
                   f"https://127.0.0.1:{server.port}", None):
        with pytest.raises(InvalidStatus) as refused:
            with connect(ws_url(server), origin=origin, open_timeout=15):
                pass
        assert refused.value.response.status_code == 403, origin
    # The app's own pages still get in (else the refusals above would prove nothing).
    with connect(ws_url(server), origin=f"http://127.0.0.1:{server.port}", open_timeout=15) as own:
        own.ping().wait(15)


def test_a_name_pointed_at_the_machine_is_refused_even_with_a_matching_origin(own_server):
    """DNS rebinding: evil.example resolves to 127.0.0.1, so Host and Origin agree, but Host is a name."""
    server = own_server()
    rebound = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    with pytest.raises(InvalidStatus) as refused:
        with connect(f"ws://evil.example:{server.port}/ws", sock=rebound, origin=f"http://evil.example:{server.port}",
                     open_timeout=15):
            pass
    assert refused.value.response.status_code == 403


def test_anything_but_six_digits_is_a_wrong_pin_and_never_a_traceback(own_server):
    server = own_server("--lan")
    session = WireSession(ws_url(server), origin=f"http://127.0.0.1:{server.port}", address="192.0.2.66")
    try:
        for odd in (123456, None, "١٢٣٤٥٦"):
            assert session.guess(odd, answers=ANSWERS).startswith("That PIN is not right"), odd
        # The odd ones counted as wrong tries: the fourth starts the wait, and the right PIN is then refused.
        assert session.guess("9" * 100_000, answers=ANSWERS) == (
            "That PIN is not right. Too many wrong PINs; try again in 30 seconds.")
        assert session.guess(pin_of(server), answers=ANSWERS).startswith("Too many wrong PINs; try again in")
        assert session.crashes == []
    finally:
        session.close()


def test_a_phone_that_guesses_wrong_four_times_must_wait_even_for_the_right_pin(open_phone, own_server):
    server = own_server("--lan")
    pin = pin_of(server)
    wrong = [p for p in ("000000", "111111", "222222", "333333", "444444") if p != pin][:4]
    phone = open_phone(server.url_from("192.0.2.66"), "lan-throttle")
    field = phone.tap_field("PIN")  # as on a phone, which opens no keyboard for a field focused by itself
    for guess in wrong[:3]:  # after each answer the field is emptied and keeps the focus for the next PIN
        phone.page.keyboard.type(guess)
        phone.page.keyboard.press("Enter")
        expect(field).to_have_value("")
        phone.see_exactly("That PIN is not right; it has 6 digits and is shown where Bidwell was started.")
        phone.see_cursor_in(field)
    phone.page.keyboard.type(wrong[3])
    phone.page.keyboard.press("Enter")
    phone.see_exactly("That PIN is not right. Too many wrong PINs; try again in 30 seconds.")
    expect(field).to_have_value("")
    phone.see_cursor_in(field)
    phone.page.keyboard.type(pin)
    phone.page.keyboard.press("Enter")
    # Refused unchecked: the wait is said again, and the field emptied once the server has answered.
    waiting = re.compile(r"^Too many wrong PINs; try again in \d+ (seconds?|minutes?)\.$")
    expect(phone.page.get_by_text(waiting)).to_be_visible()
    expect(field).to_have_value("")
    expect(phone.button("New game")).to_have_count(0)


def test_sigterm_stops_the_server_after_a_client_left_without_registering(own_server):
    """Flet 1.0.5's handler waits forever for a client that closed before registering; it must not hold the server."""
    server = own_server("--lan")
    with connect(ws_url(server), origin=f"http://127.0.0.1:{server.port}", open_timeout=15) as unregistered:
        unregistered.ping().wait(15)
    server.process.terminate()
    assert server.process.wait(timeout=30) == 0


def test_a_guesser_never_makes_the_right_pin_wait_on_another_phone(own_server):
    """A script guesses from one address, a fresh session every three guesses, until its address is out of
    tries; meanwhile the players' phones, at other addresses, type the right PIN (one after a typo): every one
    opens the app."""
    server = own_server("--lan")
    pin = pin_of(server)
    origin = f"http://127.0.0.1:{server.port}"
    wrong = iter(f"{n:06d}" for n in range(1_000_000) if f"{n:06d}" != pin)
    refused_unchecked = opened = 0
    for phone in range(6):
        guesser = WireSession(ws_url(server), origin=origin, address="192.0.2.66")
        try:
            answers = [guesser.guess(next(wrong), answers=ANSWERS) for _ in range(3)]
        finally:
            guesser.close()
        refused_unchecked += answers[-1].startswith("Too many wrong PINs")
        table = WireSession(ws_url(server), origin=origin, address=f"192.0.2.{10 + phone}")
        try:
            if phone % 2:
                assert table.guess(next(wrong), answers=ANSWERS).startswith("That PIN is not right")
            opened += table.guess(pin, answers=(*ANSWERS, OPENED)) == OPENED
            assert table.crashes == []
        finally:
            table.close()
    assert refused_unchecked >= 4  # the guesser's five wrong a minute were spent in its first two sessions
    assert opened == 6


def flood(server: Server, *, frames: int, join_code: str | None = None) -> threading.Thread:
    """A script registered on the app (with a join code: on a game's table) sending ``frames`` events for
    controls that do not exist as fast as the server takes them, on a thread; ``thread.closed_with`` is the
    close code the server ended it with."""
    origin = f"http://127.0.0.1:{server.port}"
    script = WireSession(ws_url(server), origin=origin, address="192.0.2.99")
    if join_code is not None:
        script.guess(join_code, answers=("Pick your seat", "Too many wrong", "That join code"))

    def send_all() -> None:
        event = b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": 987_654, "name": "click", "data": None}])
        try:
            for _ in range(frames):
                script.connection.send(event)
            script.connection.recv(timeout=60)  # the server's last word
            while True:
                script.connection.recv(timeout=60)
        except ConnectionClosed as closed:
            thread.closed_with = closed.rcvd.code if closed.rcvd else None
        finally:
            script.close()

    thread = threading.Thread(target=send_all, daemon=True)
    thread.closed_with = None
    thread.start()
    return thread


def test_a_script_flooding_events_without_the_pin_is_cut_off_and_the_scorekeeper_gets_in(own_server):
    server = own_server("--lan")
    flooding = flood(server, frames=50_000)
    scorekeeper = WireSession(ws_url(server), origin=f"http://127.0.0.1:{server.port}", address="192.0.2.10")
    try:
        assert scorekeeper.guess(pin_of(server), answers=(*ANSWERS, OPENED)) == OPENED
    finally:
        scorekeeper.close()
    flooding.join(timeout=60)
    # Cut off: by the guard (1008), or, where the machine was slow enough to hold the script's pong back past
    # the ping's timeout, by the server's keep-alive (1011). Either way the script no longer sends.
    assert not flooding.is_alive() and flooding.closed_with in (1008, 1011)
    assert "Traceback" not in server.output


def test_half_sent_requests_are_dropped_and_never_keep_a_new_tab_out(own_server):
    server = own_server("--lan")
    half_sent = []
    for _ in range(300):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        half_sent.append(connection)
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/", timeout=15) as page:
        assert page.status == 200
    for connection in half_sent:  # each is closed by the server (an empty read), none left waiting
        assert connection.recv(1024) == b""
        connection.close()


@pytest.mark.parametrize("frame", [
    b"\x00\xc1",  # not msgpack
    b"\x00" + b"\x91" * 100_000 + b"\xc0",  # a list nested 100,000 deep
    b"\x00" + msgpack.packb([77, {}]),  # an action Flet does not have
], ids=["not-msgpack", "deep", "unknown-action"])
def test_a_client_sending_a_frame_flet_cannot_read_is_one_line_on_the_servers_terminal(own_server, frame):
    server = own_server("--lan")
    script = WireSession(ws_url(server), origin=f"http://127.0.0.1:{server.port}", address="192.0.2.66")
    script.connection.send(frame)
    with pytest.raises(ConnectionClosed):
        while True:
            script.connection.recv(timeout=30)
    script.close()
    # The next tab still opens the app, and the terminal says what happened in a line, with no traceback.
    next_tab = WireSession(ws_url(server), origin=f"http://127.0.0.1:{server.port}", address="192.0.2.10")
    assert next_tab.pin_field is not None
    assert "a client sent a frame that could not be read" in server.output
    assert "Traceback" not in server.output


def test_tabs_that_leave_while_the_server_is_still_sending_leave_no_traceback(own_server):
    server = own_server("--lan")
    for _ in range(40):  # each leaves as soon as it has registered, mid-way through its first screen
        with connect(ws_url(server), origin=f"http://127.0.0.1:{server.port}", open_timeout=15) as tab:
            tab.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": {"route": "/"}}]))
            tab.recv(timeout=15)
            tab.socket.close()  # gone without a closing handshake, as a phone that lost its network
    next_tab = WireSession(ws_url(server), origin=f"http://127.0.0.1:{server.port}", address="192.0.2.10")
    assert next_tab.pin_field is not None
    assert "Traceback" not in server.output


def test_guessing_from_twenty_addresses_is_held_to_the_gates_rate_and_the_right_pin_still_opens(own_server):
    """Issue 43: from 20 addresses (each with a bucket of its own) a script had 176 PINs a minute checked. Now
    each address has its three free tries checked, and every other guess of all of them together draws on the
    gate's two a minute (after its burst of four); a new phone then opens with the right PIN."""
    server = own_server("--lan")
    pin = pin_of(server)
    origin = f"http://127.0.0.1:{server.port}"
    guessers = itertools.cycle(f"198.51.100.{n}" for n in range(1, 21))
    wrong = (f"{n:06d}" for n in itertools.count() if f"{n:06d}" != pin)
    checked: dict[str, int] = {}
    lock = threading.Lock()
    started = time.monotonic()
    until = started + 30

    def guess() -> None:
        while time.monotonic() < until:
            with lock:
                address = next(guessers)
            script = WireSession(ws_url(server), origin=origin, address=address, answers_calls=True)
            try:
                for _ in range(3):  # a session's free tries
                    with lock:
                        pin_guessed = next(wrong)
                    answer = script.guess(pin_guessed, answers=ANSWERS)
                    with lock:
                        checked[address] = checked.get(address, 0) + answer.startswith("That PIN is not right")
            finally:
                script.close()

    threads = [threading.Thread(target=guess) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    minutes = (time.monotonic() - started) / 60
    beyond_free_tries = sum(max(0, count - 3) for count in checked.values())
    assert len(checked) == 20
    assert beyond_free_tries <= 4 + 2 * minutes + 1, checked
    table = WireSession(ws_url(server), origin=origin, address="192.0.2.10", answers_calls=True)
    try:
        assert table.guess(pin, answers=(*ANSWERS, OPENED)) == OPENED
    finally:
        table.close()
