"""The players' own phones at the table: each joins a game's seat to bid privately, with no phone passed round.

Under ``bidwell --lan`` the scorekeeper's game screen shows the game's join
code (and its QR code). A phone that opens ``/join/CODE`` needs no PIN: the
code lets it into that one game, as a player who sees what the table may
see and bids for their own seat; it never reaches the scorekeeper's screens.
Codes are guessed under the same throttle as the PIN (:class:`companion.server.pins.Gate`).

A seat is held by one phone at a time, known by the device id the phone's
browser keeps, so a phone that reloads, sleeps or drops off the network and
comes back takes its seat again; while it is gone the seat shows as away,
and only the scorekeeper can free it for another phone. A phone is its
seat's: having taken one it takes no other until the scorekeeper frees it,
and a seat whose player bids on the scorekeeper's phone is taken only
between hands, so a phone with the join code can neither read another
player's private bid nor bid for them. Nothing here is stored: a server
started again makes new codes, and phones join anew.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from enum import StrEnum

from companion.server.pins import Gate

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits a person reads and types without mistaking one for another (no 0/O, 1/I/L)."""
CODE_LENGTH = 6
"""31⁶ codes (about 887 million): under the throttle (:func:`companion.server.pins.expected_days`) a script with any
number of addresses needs over 300 years on average to find one game's code, 32 years with ten games open."""


class SeatState(StrEnum):
    """Who holds a seat: no phone (the player bids on the scorekeeper's phone), a phone, or a phone gone away."""

    FREE = "free"
    JOINED = "joined"
    AWAY = "away"


class Claim(StrEnum):
    """What a phone's try to take a seat came to."""

    TAKEN = "taken"
    """The seat is this phone's (it may have been already)."""
    HELD = "held"
    """Another phone holds it, or is away from it for now."""
    BOUND = "bound"
    """This phone took another seat, which is its own until the scorekeeper frees that one."""
    UNDER_WAY = "under_way"
    """Its player bids on the scorekeeper's phone, and this hand's bidding has begun: another phone takes it
    between hands."""


@dataclass(frozen=True)
class Seat:
    """One seat as the scorekeeper sees it."""

    seat: int
    state: SeatState


class Table:
    """One game's seats and the phones holding them. Every method is safe from any session's thread."""

    def __init__(self, game_id: str, code: str, lock: threading.RLock):
        self.game_id = game_id
        self.code = code
        self._lock = lock
        self._holders: dict[int, str] = {}  # seat -> device
        self._away: set[str] = set()  # devices whose phone is not connected now
        self._bound: dict[str, int] = {}  # device -> the seat it took, until the scorekeeper frees that seat
        self._made: dict[tuple[int, int], tuple[str, int]] = {}  # (hand, seat) -> the device that bid, and what

    def claim(self, seat: int, device: str, *, hand_under_way: bool = False) -> Claim:
        """Give ``seat`` to the phone ``device``, unless another phone holds it (even one away for now), this
        phone took another seat (the scorekeeper frees a seat, see :meth:`free`), or the seat was never this
        phone's and ``hand_under_way`` (its player's bid of this hand is the scorekeeper's phone's to take).
        A phone back on its own seat sees no bid made for it meanwhile (:meth:`made_here`)."""
        with self._lock:
            holder = self._holders.get(seat)
            if holder == device:
                self._away.discard(device)
                return Claim.TAKEN
            if self._bound.get(device, seat) != seat:
                return Claim.BOUND
            if holder is not None:
                return Claim.HELD
            if hand_under_way and self._bound.get(device) != seat:
                return Claim.UNDER_WAY
            self._holders[seat] = device
            self._bound[device] = seat
            self._away.discard(device)
            return Claim.TAKEN

    def bound_seat(self, device: str) -> int | None:
        """The seat the phone ``device`` took and may take again (held now or left), or None."""
        with self._lock:
            return self._bound.get(device)

    def made(self, hand: int, seat: int, device: str, bid: int) -> None:
        """The phone ``device`` bid ``bid`` for ``seat`` in hand ``hand``: that phone may show it."""
        with self._lock:
            self._made[hand, seat] = (device, bid)

    def made_here(self, hand: int, seat: int, device: str, bid: int) -> bool:
        """Whether ``bid``, ``seat``'s bid in hand ``hand``, is the one the phone ``device`` made (not one made
        or changed on the scorekeeper's phone)."""
        with self._lock:
            return self._made.get((hand, seat)) == (device, bid)

    def leave(self, device: str) -> None:
        """The phone ``device`` gives up its seat, if it holds one: its player bids on the scorekeeper's phone.
        The seat stays this phone's to take again, and the only one it may take, until the scorekeeper frees it."""
        with self._lock:
            for seat, holder in list(self._holders.items()):
                if holder == device:
                    del self._holders[seat]
            self._away.discard(device)

    def free(self, seat: int) -> None:
        """The scorekeeper takes ``seat`` from whatever phone held or left it: its player bids on the
        scorekeeper's phone, or joins again from any phone, and that phone may take another seat."""
        with self._lock:
            device = self._holders.pop(seat, None)
            if device is not None:
                self._away.discard(device)
            for bound in [bound for bound, taken in self._bound.items() if taken == seat]:
                del self._bound[bound]

    def seat_of(self, device: str) -> int | None:
        """The seat the phone ``device`` holds, or None."""
        with self._lock:
            return next((seat for seat, holder in self._holders.items() if holder == device), None)

    def connected(self, device: str, connected: bool) -> bool:
        """The phone ``device`` came back (``connected``) or went away; returns whether it holds a seat."""
        with self._lock:
            if device not in self._holders.values():
                return False
            (self._away.discard if connected else self._away.add)(device)
            return True

    def state(self, seat: int) -> SeatState:
        """Who holds ``seat`` now."""
        with self._lock:
            holder = self._holders.get(seat)
            if holder is None:
                return SeatState.FREE
            return SeatState.AWAY if holder in self._away else SeatState.JOINED

    def held(self, seat: int) -> bool:
        """Whether a phone holds ``seat`` (joined or away for now): its player bids there, not on the
        scorekeeper's phone."""
        return self.state(seat) is not SeatState.FREE

    def seats(self, players: int) -> tuple[Seat, ...]:
        """Every seat of a game of ``players`` players, in seat order, with who holds it."""
        return tuple(Seat(seat, self.state(seat)) for seat in range(players))


class Tables(Gate):
    """Every game's table on this server, and its join code, guessed under the PIN's throttle."""

    def __init__(self, **throttle: object):
        super().__init__(**throttle)  # type: ignore[arg-type]
        self._tables: dict[str, Table] = {}
        self._by_code: dict[str, Table] = {}
        self._tables_lock = threading.RLock()

    def table(self, game_id: str) -> Table:
        """The table of game ``game_id``, with its join code (made the first time it is asked for)."""
        with self._tables_lock:
            table = self._tables.get(game_id)
            if table is None:
                code = new_code()
                while code in self._by_code:
                    code = new_code()
                table = self._tables[game_id] = self._by_code[code] = Table(game_id, code, self._tables_lock)
            return table

    def known(self, game_id: str) -> Table | None:
        """The table of ``game_id`` if one was set up (None: no phone was ever asked to join it)."""
        with self._tables_lock:
            return self._tables.get(game_id)

    def change_codes(self) -> list[str]:
        """A new join code for every game's table in place of its old one, which opens nothing from now on; returns
        the games' ids. The phones at the tables keep their seats."""
        with self._tables_lock:
            self._by_code.clear()
            for table in self._tables.values():
                code = new_code()
                while code in self._by_code:
                    code = new_code()
                table.code = code
                self._by_code[code] = table
            changed = list(self._tables)
        self._changed()
        return changed

    def expected_days_to_guess(self, addresses: int = 1, tables: int = 1) -> float:
        """How long a guesser with ``addresses`` addresses needs on average to find one of ``tables`` games' join
        codes, in days."""
        return self.expected_days(len(CODE_ALPHABET) ** CODE_LENGTH // tables, addresses)

    def _opens(self, guess: str) -> Table | None:
        code = normal_code(guess)
        with self._tables_lock:
            return self._by_code.get(code) if code else None


def new_code() -> str:
    """A fresh random join code of :data:`CODE_LENGTH` letters and digits from :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str | None:
    """A join code as typed (any case, spaces and dashes between its letters) in its one form, or None if it
    cannot be one.

    >>> normal_code(" abc-2de "), normal_code("abc 2d"), normal_code("ABC2DO")
    ('ABC2DE', None, None)
    """
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
        return None
    return code


def new_device() -> str:
    """A fresh id for a phone (kept by its browser), by which it takes its seat again after it went away."""
    return secrets.token_urlsafe(16)
