"""The PIN throttle (companion.server.pins.PinGate) on a fake clock: no test sleeps."""

from __future__ import annotations

import threading

import pytest
from helpers import FakeClock

from companion.server.pins import PinAnswer, PinGate, is_pin_shaped, new_pin

PIN = "482913"
WRONG = "000000"




def gate(clock: FakeClock, **kw) -> PinGate:
    return PinGate(PIN, clock=clock, **kw)


def test_the_right_pin_opens(clock):
    assert gate(clock).session().guess(PIN) == PinAnswer(True, True)


def test_surrounding_spaces_are_forgiven(clock):
    assert gate(clock).session().guess(f"  {PIN}\n").opened


def test_three_wrong_tries_are_free_and_the_fourth_starts_a_wait(clock):
    session = gate(clock).session()
    for _ in range(3):
        assert session.guess(WRONG) == PinAnswer(False, True, 0)
    assert session.guess(WRONG) == PinAnswer(False, True, 30)


def test_a_guess_during_the_wait_is_refused_unchecked_even_when_right(clock):
    session = gate(clock).session()
    for _ in range(4):
        session.guess(WRONG)
    clock.advance(10)
    assert session.guess(PIN) == PinAnswer(False, False, 20)
    clock.advance(19.5)
    assert session.guess(PIN) == PinAnswer(False, False, 1)  # rounded up: never "0 seconds"
    clock.advance(0.5)
    assert session.guess(PIN).opened


@pytest.mark.parametrize("reading", [1000.0, 7.7, 0.1, 123456.789])
def test_the_wait_is_said_in_the_seconds_it_lasts_whatever_the_clock_reads(clock, reading):
    """30 seconds, not 31: at some readings of the clock, its end less its start is a hair over 30 (a browser test's
    phone once read "try again in 31 seconds")."""
    clock.now = reading
    session = gate(clock).session()
    for _ in range(3):
        session.guess(WRONG)
    assert session.guess(WRONG) == PinAnswer(False, True, 30)
    clock.advance(10)
    assert session.guess(PIN) == PinAnswer(False, False, 20)


def test_refused_guesses_do_not_lengthen_the_wait(clock):
    session = gate(clock).session()
    for _ in range(4):
        session.guess(WRONG)
    for _ in range(50):
        session.guess(WRONG)
    clock.advance(30)
    assert session.guess(PIN).opened


def test_the_waits_double(clock):
    session = gate(clock, address_burst=100, address_wrong_per_minute=600).session()
    for _ in range(3):
        session.guess(WRONG)
    waits = []
    for _ in range(5):
        answer = session.guess(WRONG)
        waits.append(answer.wait_seconds)
        clock.advance(answer.wait_seconds)
    assert waits == [30, 60, 120, 240, 480]


def test_the_wait_stops_growing_at_an_hour(clock):
    session = gate(clock, address_burst=100, address_wrong_per_minute=6000).session()
    for _ in range(3):
        session.guess(WRONG)
    for _ in range(12):
        answer = session.guess(WRONG)
        clock.advance(answer.wait_seconds)
    assert answer.wait_seconds == 3600


def test_sessions_have_their_own_free_tries(clock):
    shared = gate(clock)
    first, second = shared.session(), shared.session()
    for _ in range(4):
        first.guess(WRONG)
    assert first.guess(PIN).must_wait
    assert second.guess(PIN).opened


GUESSER, TABLE = "192.0.2.66", "192.0.2.10"


def test_many_sessions_from_one_address_together_get_five_wrong_guesses_a_minute(clock):
    shared = gate(clock)
    answers = [shared.session(GUESSER).guess(WRONG) for _ in range(5)]
    assert [a.opened for a in answers] == [False] * 5
    # The address's bucket is empty: a new session's guess from it, even the right one, is refused unchecked.
    refused = shared.session(GUESSER).guess(PIN)
    assert refused == PinAnswer(False, False, 12)
    clock.advance(12)
    assert shared.session(GUESSER).guess(PIN).opened


def test_a_script_with_fresh_sessions_gets_five_wrong_guesses_a_minute_from_its_address(clock):
    shared = gate(clock, gate_wrong_per_minute=600, gate_burst=100)  # the gate's own bucket out of the way
    checked = 0
    for _ in range(60 * 60 * 10):  # ten guesses a second for an hour, each from a fresh session
        checked += shared.session(GUESSER).guess(WRONG).checked
        clock.advance(0.1)
    # The first burst, then the refill (the clock's float steps may leave the last token a hair short).
    assert 60 * 5 <= checked <= 5 + 60 * 5


def test_a_script_from_one_address_gets_its_free_tries_then_the_gates_two_a_minute(clock):
    shared = gate(clock)
    checked = 0
    for _ in range(60 * 60 * 10):
        checked += shared.session(GUESSER).guess(WRONG).checked
        clock.advance(0.1)
    assert 3 + 4 + 60 * 2 - 1 <= checked <= 3 + 4 + 60 * 2


def test_a_guesser_never_makes_another_phones_right_pin_wait(clock):
    shared = gate(clock)
    opened = checked = 0
    for second in range(600):  # a guess a second for ten minutes, each from a fresh session; now and then a
        checked += shared.session(GUESSER).guess(WRONG).checked  # new phone at the table types the right PIN,
        if second % 30 == 0:  # and every other one a wrong one first
            table = shared.session(f"192.0.2.{10 + second // 30}")
            if second % 60 == 0:
                assert not table.guess("123456").opened
            opened += table.guess(PIN).opened
        clock.advance(1)
    assert opened == 20 and checked <= 3 + 4 + 10 * 2


def test_expected_time_to_guess_is_months(clock):
    assert gate(clock).expected_days_to_guess() == pytest.approx(173.4, abs=0.1)
    assert gate(clock).expected_days_to_guess(10**6) == pytest.approx(132.3, abs=0.1)


@pytest.mark.parametrize("guess", [None, 482913, 4.8, ["482913"], "", "48291", "4829130", "482913" * 1000,
                                   "١٢٣٤٥٦", "４８２９１３", "48291a", "482 913", b"482913"])
def test_anything_but_six_ascii_digits_is_a_wrong_try(clock, guess):
    session = gate(clock).session()
    assert session.guess(guess) == PinAnswer(False, True, 0)
    session.guess(WRONG)
    session.guess(WRONG)
    assert session.guess(WRONG).must_wait  # the odd guess counted as the first of the three free tries


def test_the_pin_must_be_six_ascii_digits():
    with pytest.raises(ValueError):
        PinGate("١٢٣٤٥٦")
    assert is_pin_shaped(new_pin())


def test_guesses_from_many_threads_are_counted_exactly(clock):
    shared = gate(clock, address_burst=1000, address_wrong_per_minute=1, gate_burst=1000, gate_wrong_per_minute=1)
    sessions = [shared.session() for _ in range(8)]

    def guess_wrong(session):
        for _ in range(2):
            session.guess(WRONG)

    threads = [threading.Thread(target=guess_wrong, args=(s,)) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert shared.tokens() == pytest.approx(1000 - 16)
