"""Guarding the app on the local network: how often a PIN or a join code may be guessed.

With ``--lan`` anyone on the network can open the app, and only the
6-digit PIN printed on the host keeps them out. A million PINs is few:
unthrottled, a script guesses one in minutes. :class:`Gate` makes that take
months however many addresses the script guesses from, without letting a
guesser keep a new phone at the table out. The policy follows OWASP's
Authentication Cheat Sheet ("Protect against automated attacks": throttling
rather than a hard account lockout, which a guesser would turn against the
table) and its "Slow Down Online Guessing Attacks with Device Cookies":

- each session (browser tab) gets a few free tries, then must wait, and the
  wait doubles with every further wrong guess;
- all sessions from one address (an IPv6 address by its /64, which one
  device holds whole) together make at most a few wrong guesses a minute
  (a token bucket per address);
- an address that has had no free tries in the last day gets its first
  :data:`FREE_TRIES` wrong guesses checked whatever else is going on: a new
  phone is never kept out by someone else's guessing. At most
  :data:`FRESH_ADDRESSES_PER_DAY` addresses a day get them;
- every other wrong guess, from all addresses together, draws on one
  bucket for the whole gate (:data:`GATE_WRONG_PER_MINUTE`), so a guesser
  gains nothing from more addresses. A guess that finds it empty is
  answered "wait" without being checked: it reveals nothing;
- a tab once admitted is never asked again: its Flet session (which a
  reload keeps) is its device cookie in OWASP's sense, admitted whatever
  the throttle says, and a changed PIN leaves it admitted. A cookie that
  outlives the tab is not used: a new tab asks again.

With A addresses a guesser has checked at most
``GATE_WRONG_PER_MINUTE × 1440 + min(A, FRESH_ADDRESSES_PER_DAY) × FREE_TRIES``
guesses a day; :func:`expected_days` says what that makes of a secret's
space. The scorekeeper is told when someone is guessing
(:meth:`Gate.guessing`), and may change the secret (:meth:`PinGate.change`).

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
from collections import OrderedDict, deque
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
GATE_WRONG_PER_MINUTE = 2.0
"""Wrong guesses a minute from all addresses together, past each new address's free tries: with the free tries of
:data:`FRESH_ADDRESSES_PER_DAY` addresses, half of all PINs take 132 days to try, whatever the addresses."""
GATE_BURST = 4.0
"""Wrong guesses the gate's bucket holds at once: a phone that mistypes a few times more, when no one is guessing,
is not made to wait for it."""
FRESH_SECONDS = 86_400.0
"""An address's free tries come back this long after it was given them."""
FRESH_ADDRESSES_PER_DAY = 300
"""Addresses given free tries in a day at most (and remembered for it): a table has a dozen phones, and a guesser
with more addresses than this gains nothing from the rest."""
GUESSING_WRONG = 10
"""Wrong guesses within :data:`GUESSING_MINUTES` from which the scorekeeper is told that someone is guessing: more
than a table's phones mistype."""
GUESSING_MINUTES = 10
TELL_SECONDS = 1.0
"""How often at most those listening are told of further wrong guesses: a flood redraws their screens no faster."""


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


def address_group(address: str) -> str:
    """The addresses one device may hold, by which its guesses are counted together: an IPv4 address itself (also
    written in IPv6), an IPv6 address by its /64 (a network gives a device a whole /64 to pick addresses from).
    Anything unreadable is counted as itself.

    >>> address_group("192.0.2.7"), address_group("::ffff:192.0.2.7"), address_group("2001:db8:1:2:a:b:c:d")
    ('192.0.2.7', '192.0.2.7', '2001:db8:1:2::/64')
    >>> address_group("2001:db8:1:2::99") == address_group("2001:db8:1:2:ffff::1"), address_group("")
    (True, '')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def checked_per_day(addresses: int, *, gate_wrong_per_minute: float = GATE_WRONG_PER_MINUTE,
                    free_tries: int = FREE_TRIES, fresh_addresses_per_day: int = FRESH_ADDRESSES_PER_DAY) -> float:
    """The most wrong guesses a guesser with ``addresses`` addresses has checked in a day, however fast it
    sends: the gate's bucket, and each address's free tries (for as many addresses as get them).

    >>> checked_per_day(1), checked_per_day(200), checked_per_day(10**9)
    (2883.0, 3480.0, 3780.0)
    """
    return gate_wrong_per_minute * 1440 + min(addresses, fresh_addresses_per_day) * free_tries


def expected_days(space: int, addresses: int, **policy: float) -> float:
    """The days a guesser with ``addresses`` addresses needs on average to find one secret among ``space``
    (half of them tried) at :func:`checked_per_day` (``policy``: its keywords).

    >>> round(expected_days(10**6, 1)), round(expected_days(10**6, 20)), round(expected_days(10**6, 200))
    (173, 170, 144)
    """
    return space / 2 / checked_per_day(addresses, **policy)


class Gate:
    """A secret some sessions may guess, and the throttle on guessing it (per session, per address, and for the
    whole gate past each new address's free tries: see the module's text); thread-safe.

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
        gate_wrong_per_minute: float = GATE_WRONG_PER_MINUTE,
        gate_burst: float = GATE_BURST,
        fresh_addresses_per_day: int = FRESH_ADDRESSES_PER_DAY,
    ):
        self._clock = clock
        self.free_tries = free_tries
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self._refill_per_second = address_wrong_per_minute / 60.0
        self._burst = address_burst
        self._buckets: dict[str, _Bucket] = {}
        self.gate_wrong_per_minute = gate_wrong_per_minute
        self._gate_refill_per_second = gate_wrong_per_minute / 60.0
        self._gate_burst = gate_burst
        self._gate_bucket = _Bucket(gate_burst, clock())
        self.fresh_addresses_per_day = fresh_addresses_per_day
        # Address group -> [when it was given its free tries, how many it has used]; oldest first, as given.
        self._fresh: OrderedDict[str, list[float]] = OrderedDict()
        self._wrong_by_minute: deque[list[int]] = deque()  # [minute, wrong guesses in it], the last few minutes
        self._listeners: list[Callable[[], None]] = []
        self._told_at = -math.inf
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
            group = address_group(session.address)
            bucket = self._bucket(group, now)
            self._gate_bucket.refill(now, self._gate_refill_per_second, self._gate_burst)
            free = self._has_free_try(group, now)
            waiting = self._waiting(session, bucket, free, now)
            if waiting > 0:
                return PinAnswer(False, False, _whole_seconds(waiting))
            opened = self._opens(guess.strip()) if isinstance(guess, str) else None
            if opened is not None:
                session._wrong = 0
                if session.on_open is not None:
                    session.on_open()
                return PinAnswer(True, True, 0, None if opened is True else opened)
            # Every wrong try costs its address a token and its session its free tries; past the address's free
            # tries, it costs the whole gate a token too.
            bucket.tokens -= 1
            if free:
                self._fresh.setdefault(group, [now, 0])[1] += 1
            else:
                self._gate_bucket.tokens -= 1
            session._wrong += 1
            beyond = session._wrong - self.free_tries
            if beyond > 0:
                session._wait_until = now + min(self.first_wait * 2 ** (beyond - 1), self.longest_wait)
            waiting = self._waiting(session, bucket, self._has_free_try(group, now), now)
            tell = self._count_wrong(now)
        if tell:
            for listener in list(self._listeners):
                listener()
        return PinAnswer(False, True, _whole_seconds(waiting) if waiting > 0 else 0)

    def _waiting(self, session: PinSession, bucket: _Bucket, free: bool, now: float) -> float:
        """Seconds until a guess of ``session`` is checked: its own wait, its address's, and the gate's where a
        wrong guess now would not be one of its address's free tries."""
        gate = 0.0 if free else self._gate_bucket.wait(self._gate_refill_per_second)
        return max(session._wait_until - now, bucket.wait(self._refill_per_second), gate)

    def _has_free_try(self, group: str, now: float) -> bool:
        """Whether a wrong guess from the address ``group`` now would be one of its free tries: it has some left
        of those given it within the last day, or is given them now (if fewer than the day's addresses were)."""
        while self._fresh and next(iter(self._fresh.values()))[0] <= now - FRESH_SECONDS:
            self._fresh.popitem(last=False)
        given = self._fresh.get(group)
        if given is None:
            return len(self._fresh) < self.fresh_addresses_per_day
        return given[1] < self.free_tries

    def _count_wrong(self, now: float) -> bool:
        """Count a wrong guess made ``now``; returns whether those listening are to be told."""
        minute = int(now // 60)
        if self._wrong_by_minute and self._wrong_by_minute[-1][0] == minute:
            self._wrong_by_minute[-1][1] += 1
        else:
            self._wrong_by_minute.append([minute, 1])
        wrong = self._wrong_lately(now)
        if wrong < GUESSING_WRONG or (wrong > GUESSING_WRONG and now - self._told_at < TELL_SECONDS):
            return False
        self._told_at = now
        return True

    def _wrong_lately(self, now: float) -> int:
        first = int(now // 60) - GUESSING_MINUTES + 1
        while self._wrong_by_minute and self._wrong_by_minute[0][0] < first:
            self._wrong_by_minute.popleft()
        return sum(count for _, count in self._wrong_by_minute)

    def guessing(self) -> int:
        """The wrong guesses of the last :data:`GUESSING_MINUTES` minutes (whole minutes, this one counting) when
        they are :data:`GUESSING_WRONG` or more, so someone is guessing; else 0."""
        with self._lock:
            wrong = self._wrong_lately(self._clock())
        return wrong if wrong >= GUESSING_WRONG else 0

    def listen(self, told: Callable[[], None]) -> Callable[[], None]:
        """Call ``told()`` (on the guessing session's thread) when someone is found guessing, and as they go on,
        at most every :data:`TELL_SECONDS`; returns what stops it."""
        with self._lock:
            self._listeners.append(told)

        def stop() -> None:
            with self._lock:
                if told in self._listeners:
                    self._listeners.remove(told)

        return stop

    def _changed(self) -> None:
        """The secret was changed: the wrong guesses at the old one no longer say that someone is guessing this
        one. The throttle's buckets stay as they are, so a change gives a guesser no tries back."""
        with self._lock:
            self._wrong_by_minute.clear()
            self._told_at = -math.inf
        for listener in list(self._listeners):
            listener()

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
        """The wrong guesses ``address`` may still make at once, by its own bucket."""
        with self._lock:
            return self._bucket(address_group(address), self._clock()).tokens

    def expected_days(self, space: int, addresses: int) -> float:
        """:func:`expected_days` under this gate's policy."""
        return expected_days(space, addresses, gate_wrong_per_minute=self.gate_wrong_per_minute,
                             free_tries=self.free_tries, fresh_addresses_per_day=self.fresh_addresses_per_day)


def _whole_seconds(waiting: float) -> int:
    """``waiting`` rounded up to whole seconds, as a person counts a wait down: never "0 seconds" while one is left,
    and never a second more for the noise in a difference of two clock readings (37.7 - 7.7 is 30.000000000000004)."""
    return math.ceil(round(waiting, 3))


class _Bucket:
    """Wrong guesses (one address's, or the whole gate's): a token each, refilled at a steady rate up to a burst."""

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
    """The server's one PIN, guessed under :class:`Gate`'s throttle; the scorekeeper may change it."""

    def __init__(self, pin: str, **throttle: object):
        if not is_pin_shaped(pin):
            raise ValueError(f"a PIN is {PIN_DIGITS} ASCII digits, not {pin!r}")
        super().__init__(**throttle)  # type: ignore[arg-type]
        self._pin = pin.encode("ascii")
        self.on_change: Callable[[str], None] | None = None
        """Called with the new PIN when it is changed (the server prints it where it printed the first)."""

    def expected_days_to_guess(self, addresses: int = 1) -> float:
        """How long a guesser with ``addresses`` addresses needs on average to find the PIN, in days."""
        return self.expected_days(10**PIN_DIGITS, addresses)

    def change(self) -> str:
        """A new random PIN in place of the old one, which opens nothing from now on; returns it. Sessions the old
        one opened stay open."""
        pin = new_pin()
        while pin.encode("ascii") == self._pin:
            pin = new_pin()
        self._pin = pin.encode("ascii")
        self._changed()
        if self.on_change is not None:
            self.on_change(pin)
        return pin

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
