"""Guarding the app on the local network: how often a PIN may be guessed.

With ``--lan`` anyone on the network can open the app, and only the
6-digit PIN printed on the host keeps them out. A million PINs is few:
unthrottled, a script guesses one in minutes. :class:`PinGate` makes that
take months, without letting a guesser lock the table out:

- each session (browser tab) gets a few free tries, then must wait, and the
  wait doubles with every further wrong PIN;
- because a script can open as many sessions as it likes, all sessions from
  one address together may also make only a few wrong guesses a minute (a
  token bucket per client address). At 5 a minute the expected 500,000
  guesses take about 69 days. Another phone's address has a bucket of its
  own, so a guesser never makes the right PIN wait.

A guess made while a wait is running is refused without being checked, so
guessing faster gains nothing. The clock is injectable so the policy is
tested without sleeping.

The computer Bidwell runs on is the scorekeeper's own: a tab it opens there
(:func:`is_this_computer`) needs no PIN.
"""

from __future__ import annotations

import ipaddress
import math
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

PIN_DIGITS = 6
FREE_TRIES = 3
FIRST_WAIT_SECONDS = 30.0
LONGEST_WAIT_SECONDS = 3600.0
ADDRESS_WRONG_PER_MINUTE = 5.0
ADDRESS_BURST = 5.0
ADDRESSES_KEPT = 10_000
"""Addresses whose bucket is remembered at most; past it, the full buckets (which hold nothing) are let go."""


@dataclass(frozen=True)
class PinAnswer:
    """What a guess came to: ``opened`` or not, whether it was ``checked`` at all, and the seconds left to wait;
    and what it opened, where a gate opens more than one thing (a join code: its game's table)."""

    opened: bool
    checked: bool
    wait_seconds: int = 0
    opened_to: object = None

    @property
    def must_wait(self) -> bool:
        """The guess was refused unchecked (or the next one will be) until the wait is over."""
        return self.wait_seconds > 0


def new_pin() -> str:
    """A fresh random PIN of :data:`PIN_DIGITS` ASCII digits."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


def is_pin_shaped(guess: object) -> bool:
    """Exactly six ASCII digits (``str.isdigit`` alone would let '١٢٣٤٥٦' through)."""
    return isinstance(guess, str) and len(guess) == PIN_DIGITS and guess.isascii() and guess.isdigit()


def is_this_computer(address: str) -> bool:
    """Whether a tab's client ``address`` is this computer's own (a loopback address, IPv4, IPv6, or IPv4 in
    IPv6). An unknown or unreadable address is another device's: it must give the PIN.

    >>> [is_this_computer(a) for a in ("127.0.0.1", "::1", "::ffff:127.0.0.1", "127.3.4.5")]
    [True, True, True, True]
    >>> [is_this_computer(a) for a in ("192.168.1.20", "fe80::1", "", "localhost", "::ffff:10.0.0.1")]
    [False, False, False, False, False]
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


class Gate:
    """A secret some sessions may guess, and the throttle on guessing it, per session and per client address;
    thread-safe.

    Call :meth:`session` once per browser tab, with the address it comes
    from, and pass each guess to :meth:`PinSession.guess`. What is guessed,
    and what a right guess opens, is the subclass's (:meth:`_opens`).
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        free_tries: int = FREE_TRIES,
        first_wait: float = FIRST_WAIT_SECONDS,
        longest_wait: float = LONGEST_WAIT_SECONDS,
        address_wrong_per_minute: float = ADDRESS_WRONG_PER_MINUTE,
        address_burst: float = ADDRESS_BURST,
    ):
        self._clock = clock
        self.free_tries = free_tries
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self._refill_per_second = address_wrong_per_minute / 60.0
        self._burst = address_burst
        self._buckets: dict[str, _Bucket] = {}
        # Handlers of different sessions may run on different threads (Flet runs sync handlers in an executor).
        self._lock = threading.Lock()

    def session(self, address: str = "", on_open: Callable[[], None] | None = None) -> PinSession:
        """The throttle state of one new session (browser tab) from the client ``address``; ``on_open`` is called
        when a guess of it opens the gate."""
        return PinSession(self, address, on_open)

    def _opens(self, guess: str) -> object | None:
        """What ``guess`` opens (anything but None), or None for a wrong one."""
        raise NotImplementedError

    def _check(self, session: PinSession, guess: object) -> PinAnswer:
        with self._lock:
            now = self._clock()
            bucket = self._bucket(session.address, now)
            waiting = max(session._wait_until - now, bucket.wait(self._refill_per_second))
            if waiting > 0:
                return PinAnswer(False, False, _whole_seconds(waiting))
            opened = self._opens(guess.strip()) if isinstance(guess, str) else None
            if opened is not None:
                session._wrong = 0
                if session.on_open is not None:
                    session.on_open()
                return PinAnswer(True, True, 0, None if opened is True else opened)
            # Every wrong try costs its address a token and its session its free tries.
            bucket.tokens -= 1
            session._wrong += 1
            beyond = session._wrong - self.free_tries
            if beyond > 0:
                session._wait_until = now + min(self.first_wait * 2 ** (beyond - 1), self.longest_wait)
            waiting = max(session._wait_until - now, bucket.wait(self._refill_per_second))
            return PinAnswer(False, True, _whole_seconds(waiting) if waiting > 0 else 0)

    def _bucket(self, address: str, now: float) -> _Bucket:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= ADDRESSES_KEPT:
                for kept, old in list(self._buckets.items()):
                    old.refill(now, self._refill_per_second, self._burst)
                    if old.tokens >= self._burst:
                        del self._buckets[kept]
            bucket = self._buckets[address] = _Bucket(self._burst, now)
        bucket.refill(now, self._refill_per_second, self._burst)
        return bucket

    def tokens(self, address: str = "") -> float:
        """The wrong guesses ``address`` may still make at once."""
        with self._lock:
            return self._bucket(address, self._clock()).tokens


def _whole_seconds(waiting: float) -> int:
    """``waiting`` rounded up to whole seconds, as a person counts a wait down: never "0 seconds" while one is left,
    and never a second more for the noise in a difference of two clock readings (37.7 - 7.7 is 30.000000000000004)."""
    return math.ceil(round(waiting, 3))


class _Bucket:
    """One address's wrong guesses: a token each, refilled at a steady rate up to a burst."""

    __slots__ = ("filled_at", "tokens")

    def __init__(self, tokens: float, now: float):
        self.tokens = tokens
        self.filled_at = now

    def refill(self, now: float, per_second: float, burst: float) -> None:
        self.tokens = min(burst, self.tokens + (now - self.filled_at) * per_second)
        self.filled_at = now

    def wait(self, per_second: float) -> float:
        """Seconds until the bucket holds a whole token again (0 if it does)."""
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / per_second


class PinGate(Gate):
    """The server's one PIN, guessed under :class:`Gate`'s throttle."""

    def __init__(self, pin: str, **throttle: object):
        if not is_pin_shaped(pin):
            raise ValueError(f"a PIN is {PIN_DIGITS} ASCII digits")
        super().__init__(**throttle)  # type: ignore[arg-type]
        self._pin = pin.encode("ascii")

    def expected_days_to_guess(self) -> float:
        """How long guessing half of all PINs takes from one address at its limit, in days."""
        return (10**PIN_DIGITS / 2) / (self._refill_per_second * 86400)

    def _opens(self, guess: str) -> object | None:
        if is_pin_shaped(guess) and secrets.compare_digest(guess.encode("ascii"), self._pin):
            return True
        return None


class PinSession:
    """One session's wrong tries and the end of its wait, and the address it comes from; made by
    :meth:`Gate.session`."""

    def __init__(self, gate: Gate, address: str, on_open: Callable[[], None] | None = None):
        self._gate = gate
        self.address = address
        self.on_open = on_open
        self._wrong = 0
        self._wait_until = float("-inf")

    def guess(self, guess: object) -> PinAnswer:
        """Check ``guess`` (whatever the client sent) unless a wait is running; a wrong one may start a wait."""
        return self._gate._check(self, guess)
