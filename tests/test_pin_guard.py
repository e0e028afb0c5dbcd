"""A PIN that holds against any number of addresses (issue 43, item 3), on a fake clock: no test sleeps.

A script once checked 176 PINs a minute from 20 addresses (each address had
a bucket of its own): about 48 hours to find the PIN. These tests hold the
gate to README's promise with 1, 20 and 200 addresses, and check that a new
phone still opens with the right PIN meanwhile.
"""

from __future__ import annotations

import pytest
from helpers import FakeClock

from companion.server.pins import PinGate
from companion.server.seats import CODE_ALPHABET, CODE_LENGTH, Tables

PIN = "482913"
PROMISED_DAYS = 132
"""README's promise: the days a guesser needs on average to find the PIN, however many addresses it has."""
DAY = 86_400




def wrong_pins():
    return (f"{n % 10**6:06d}" for n in range(10**9) if f"{n % 10**6:06d}" != PIN)


def flood(guess_from, addresses: list[str], clock: FakeClock, *, seconds: int, per_second: int,
          guesses=None) -> int:
    """Guess from ``addresses`` in turn, each guess from a fresh session, ``per_second`` a second for ``seconds``;
    returns how many guesses were checked."""
    guesses = guesses or wrong_pins()
    checked = 0
    turn = 0
    for _ in range(seconds):
        for _ in range(per_second):
            checked += guess_from(addresses[turn % len(addresses)], next(guesses)).checked
            turn += 1
        clock.advance(1)
    return checked


def addresses(count: int) -> list[str]:
    return [f"198.51.{n // 250}.{n % 250 + 1}" for n in range(count)]


@pytest.mark.parametrize("count", [1, 20, 200])
def test_a_day_of_guessing_from_any_number_of_addresses_takes_months_to_find_the_pin(clock, count):
    gate = PinGate(PIN, clock=clock)
    checked = flood(lambda address, guess: gate.session(address).guess(guess), addresses(count), clock,
                    seconds=DAY, per_second=1)
    assert checked <= 2 * 1440 + 3 * count + 4  # the gate's two a minute (and its burst), each address's free tries
    assert 500_000 / checked >= PROMISED_DAYS


@pytest.mark.parametrize("count", [1, 20, 200])
def test_a_day_of_guessing_join_codes_from_any_number_of_addresses_takes_centuries(clock, count):
    tables = Tables(clock=clock)
    for game in range(10):
        tables.table(f"game-{game}")
    codes = (f"{n:06d}".translate(str.maketrans("0123456789", "ABCDEFGHJK")) for n in range(10**9))
    checked = flood(lambda address, code: tables.session(address).guess(code), addresses(count), clock,
                    seconds=DAY, per_second=1, guesses=codes)
    assert checked <= 2 * 1440 + 3 * count + 4
    codes_per_table = len(CODE_ALPHABET) ** CODE_LENGTH / 10
    assert codes_per_table / 2 / checked / 365 >= 30


def test_the_right_pin_from_a_new_phone_opens_while_200_addresses_flood(clock):
    gate = PinGate(PIN, clock=clock)
    guessers = addresses(200)
    guesses = wrong_pins()
    checked = opened = 0
    for minute in range(60):
        checked += flood(lambda address, guess: gate.session(address).guess(guess), guessers, clock,
                         seconds=60, per_second=20, guesses=guesses)
        phone = gate.session(f"192.0.2.{minute + 1}")  # a new phone at the table, which mistypes once
        assert phone.guess("999999").checked
        opened += phone.guess(PIN).opened
    assert opened == 60
    assert checked <= 2 * 60 + 3 * 200 + 4


def test_the_addresses_of_one_ipv6_network_guess_as_one(clock):
    gate = PinGate(PIN, clock=clock, gate_wrong_per_minute=600, gate_burst=1000)  # the gate's own bucket aside
    network = [f"2001:db8:5:7::{n:x}" for n in range(1, 1001)]
    checked = flood(lambda address, guess: gate.session(address).guess(guess), network, clock,
                    seconds=60, per_second=100)
    assert checked <= 5 + 5  # one address's burst, and its refill over the minute


def test_no_more_than_300_addresses_a_day_get_free_tries(clock):
    gate = PinGate(PIN, clock=clock)
    many = addresses(1000)
    checked = sum(gate.session(address).guess("000000").checked for address in many)
    assert checked == 300 + 4  # the day's free tries, then the gate's burst
    clock.advance(DAY)
    assert gate.session(many[-1]).guess("000000").checked  # a day on, there are free tries again


def test_an_address_gets_its_free_tries_once_a_day(clock):
    gate = PinGate(PIN, clock=clock, gate_burst=1, gate_wrong_per_minute=1 / 60)
    for _ in range(4):  # someone else's free tries, then the gate's one token
        gate.session("192.0.2.200").guess("000000")
    phone = "192.0.2.9"
    assert [gate.session(phone).guess("000000").checked for _ in range(4)] == [True, True, True, False]
    clock.advance(DAY - 61)
    assert gate.session(phone).guess("000000").checked  # the gate's token again, not a free try
    assert not gate.session(phone).guess(PIN).checked
    clock.advance(61)  # a day since its free tries: it has them again (the gate's next token is an hour away)
    assert gate.session(phone).guess(PIN).opened


def test_the_scorekeeper_is_told_when_someone_guesses(clock):
    gate = PinGate(PIN, clock=clock, gate_wrong_per_minute=600, gate_burst=1000)
    told = []
    gate.listen(lambda: told.append(gate.guessing()))
    for n in range(9):
        gate.session(f"192.0.2.{n}").guess("000000")
    assert gate.guessing() == 0 and told == []  # nine mistypes: a table's phones, not a guesser
    gate.session("192.0.2.9").guess("000000")
    assert told == [10]
    for n in range(27):  # told again a second later at the earliest, however fast the guesses come
        gate.session(f"192.0.2.{20 + n}").guess("000000")
        clock.advance(0.1)
    assert told == [10, 21, 31]
    assert gate.guessing() == 37
    clock.advance(10 * 60)
    assert gate.guessing() == 0


def test_a_changed_pin_opens_and_the_old_one_does_not(clock):
    gate = PinGate(PIN, clock=clock)
    told, printed = [], []
    gate.listen(lambda: told.append(gate.guessing()))
    gate.on_change = printed.append
    for n in range(12):
        gate.session(f"192.0.2.{n}").guess("000000")
    assert gate.guessing() == 12
    new = gate.change()
    assert new != PIN and len(new) == 6 and new.isdigit() and printed == [new]
    assert told[-1] == 0 and gate.guessing() == 0  # the notice is taken down: the guessing was at the old PIN
    assert not gate.session("192.0.2.100").guess(PIN).opened
    assert gate.session("192.0.2.101").guess(new).opened


def test_changed_join_codes_open_their_tables_and_the_old_ones_do_not(clock):
    tables = Tables(clock=clock)
    table = tables.table("game-1")
    old = table.code
    table.claim(0, "phone-1")
    assert tables.change_codes() == ["game-1"]
    assert table.code != old and tables.table("game-1") is table
    assert not tables.session("192.0.2.1").guess(old).opened
    assert tables.session("192.0.2.2").guess(table.code).opened_to is table
    assert table.seat_of("phone-1") == 0  # the phone at the table keeps its seat
