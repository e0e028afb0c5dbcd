"""What a game's log gives a screen: its phase, each hand as recorded (:class:`HandView`), the standings, and the
whole :class:`GameState`. Frozen values, derived by :class:`~scoring.game.Game`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from scoring.frozen import field, frozen
from scoring.points import made
from scoring.rules import TieBreak


class Phase(StrEnum):
    """Where the game stands.

    ``bidding``: the current hand still waits for bids. ``playing``: every
    bid is in and the table plays the hand; the scorekeeper records the
    tricks (and any counted action cards) in one step when it is over, which
    scores the hand. ``finished``: the game has ended by its rules.
    """

    BIDDING = "bidding"
    PLAYING = "playing"
    FINISHED = "finished"


@frozen
class Adjustment:
    """A one-off bonus or penalty given with a hand (:class:`~scoring.actions.Adjust`), as the table sees it."""

    seat: int
    points: int
    reason: str


@frozen
class SeatInHand:
    """One player's part of one hand.

    ``bid`` is what was entered, for the engine and exports; a screen or a
    sheet shows ``shown_bid``, which stays None while the bidding mode keeps
    the bid private. ``points`` and ``total`` are None until the hand is scored;
    ``points`` holds the hand's ``adjustment`` (every bonus less every penalty given with it), which is also
    shown apart.
    """

    seat: int
    bid: int | None
    shown_bid: int | None
    tricks: int | None
    counted: Mapping[str, int]
    points: int | None
    total: int | None
    adjustment: int = 0

    @property
    def exact(self) -> bool | None:
        """Whether the bid was made exactly; None until the hand is scored."""
        if self.tricks is None or self.bid is None:
            return None
        return made(self.bid, self.tricks)


@frozen
class HandView:
    """One hand as the table sees it now: schedule, bids, tricks, points.

    ``void`` marks a hand played after the game had in fact ended (a
    correction moved a Herrlof end earlier); it scores nothing, its
    adjustments included, and comes back if the correction is undone.
    """

    number: int
    cards: int
    dealer: int
    bidding_order: tuple[int, ...]
    seats: tuple[SeatInHand, ...]
    scored: bool
    void: bool = False
    adjustments: tuple[Adjustment, ...] = ()
    """The bonuses and penalties given with this hand, in the order given; counted once it is scored."""

    @property
    def first(self) -> int:
        """The first bidder, who also leads the first trick: the dealer's left."""
        return self.bidding_order[0]

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Every bid entered, in seat order (private ones included)."""
        # tuple([...]) here and below: a list comprehension costs Python 3.11 less than a generator (a replay reads
        # every hand's points and totals)
        return tuple([s.bid for s in self.seats])

    @property
    def shown_bids(self) -> tuple[int | None, ...]:
        """The bids the table may see now, in seat order; None where still private."""
        return tuple([s.shown_bid for s in self.seats])

    @property
    def tricks(self) -> tuple[int, ...] | None:
        """Tricks per seat, or None until they are recorded."""
        return None if self.seats[0].tricks is None else tuple([s.tricks for s in self.seats])  # type: ignore[misc]

    @property
    def points(self) -> tuple[int, ...] | None:
        """This hand's points per seat, or None until it is scored."""
        return tuple([s.points for s in self.seats]) if self.scored else None  # type: ignore[misc]

    @property
    def totals(self) -> tuple[int, ...] | None:
        """Running totals per seat after this hand, or None until it is scored."""
        return tuple([s.total for s in self.seats]) if self.scored else None  # type: ignore[misc]

    def counted(self, kind: str) -> tuple[int, ...]:
        """How many action cards of ``kind`` each seat ended the hand with."""
        return tuple(s.counted.get(kind, 0) for s in self.seats)

    @property
    def bid_total(self) -> int | None:
        """The sum of the bids once the table may see them all, else None.

        Compared with ``cards`` it tells whether the hand is over- or under-bid.
        """
        shown = self.shown_bids
        return None if None in shown else sum(shown)  # type: ignore[arg-type]


@frozen
class Standing:
    """One player's place in the standings (:attr:`GameState.standings`).

    ``place`` is 1 for every winner; anyone else's is 1 + the number of
    winners + the number of other players with a higher total, so equal
    totals share a place. ``winner`` is True only once the game is finished
    and decided (a coin flip still to make leaves no one a winner yet).
    """

    seat: int
    place: int
    total: int
    exact_bids: int
    winner: bool


def leading_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats whose total is the highest, in seat order (every seat where all are equal; none of no seats): who
    leads a game, wherever it is said (the hand's screen, a game to continue)."""
    best = max(totals, default=None)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


@frozen
class GameState:
    """Everything derived from the log at one moment. Seats are indices into ``players``."""

    phase: Phase
    hands: tuple[HandView, ...]
    totals: tuple[int, ...]
    exact_bids: tuple[int, ...]
    next_bidder: int | None
    forbidden_bid: int | None
    allowed_bids: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: TieBreak | None
    coin_flip_between: tuple[int, ...]
    ended_after: int | None
    trumps: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """The trump recorded for each hand (by number) that has one; see :class:`Trump`."""

    @property
    def finished(self) -> bool:
        """Whether the game has ended by its rules (a pending coin flip included)."""
        return self.phase is Phase.FINISHED

    @property
    def current(self) -> HandView | None:
        """The hand being bid or played, or None once the game is over."""
        if self.finished or not self.hands:
            return None
        return self.hands[-1]

    @property
    def scored_hands(self) -> tuple[HandView, ...]:
        """The hands that count: recorded in full and not void."""
        return tuple([h for h in self.hands if h.scored])

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest total, in seat order; empty before any hand is scored."""
        if not any(h.scored for h in self.hands):
            return ()
        return leading_seats(self.totals)

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Every player's place: the winners first, then by total (highest first), then by seat.

        Until the game is finished and decided nobody is a winner, and the
        places follow the totals alone (equal totals share a place, the next
        place is skipped: 1, 1, 3). Once it is decided the winners are 1st
        even where a tie-break, not the total, put them there, and a player
        they beat on the tie-break comes 2nd.
        """
        winners = set(self.winners) if self.finished and not self.coin_flip_between else set()
        others = [total for seat, total in enumerate(self.totals) if seat not in winners]
        order = sorted(range(len(self.totals)), key=lambda seat: (seat not in winners, -self.totals[seat], seat))
        return tuple(
            Standing(
                seat=seat,
                place=1 if seat in winners else 1 + len(winners) + sum(1 for t in others if t > self.totals[seat]),
                total=self.totals[seat],
                exact_bids=self.exact_bids[seat],
                winner=seat in winners,
            )
            for seat in order
        )
