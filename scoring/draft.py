"""The tricks of a hand as they are entered, before the hand is scored: a value the screens hold.

The scorekeeper taps each player's tricks in the order of play; a count
that has only one answer is filled in (the one count left, from what is
left; everyone's still missing, 0, once every trick is placed) and follows a
change to another count, and the next player without a count is chosen. Action cards are
stepped up and down per player. Every step asks the :class:`~scoring.game.Game`
what it allows, so the draft never holds a count the hand could not score,
and returns a new draft: a screen keeps the one it drew.

>>> from scoring.game import Game
>>> game = Game.new("rage", ["Anna", "Béla", "Csilla"])
>>> for seat in (1, 2, 0):
...     _ = game.bid(seat, 3)
>>> draft = TrickDraft.fresh(game)
>>> draft.choosing, draft.allowed(game)[-1]
(1, 10)
>>> draft = draft.give(game, 1, 3).give(game, 2, 4)
>>> draft.tricks, draft.filled_in, draft.complete
((3, 3, 4), (0,), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scoring.frozen import frozen
from scoring.game import Game
from scoring.points import hand_points, made

if TYPE_CHECKING:
    from collections.abc import Sequence


@frozen
class TrickDraft:
    """The counts entered so far for hand ``hand`` (None: not yet), the seats whose counts were filled in because
    they had only one answer, the seat to enter next (None: every count is in), and each action card's count per
    seat."""

    hand: int
    order: tuple[int, ...]
    tricks: tuple[int | None, ...]
    filled_in: tuple[int, ...]
    choosing: int | None
    counted: Mapping[str, tuple[int, ...]]

    @classmethod
    def fresh(cls, game: Game) -> TrickDraft:
        """The current hand's draft before any count: every count empty, the first in the order of play chosen."""
        hand = game.state.current
        assert hand is not None, "a game with no hand to play"
        players = len(game.players)
        return cls(hand.number, hand.bidding_order, (None,) * players, (), hand.bidding_order[0],
                   {kind.name: (0,) * players for kind in game.rules.scoring.cards})

    @classmethod
    def scored_again(cls, game: Game, tricks: Sequence[int], counted: Mapping[str, Sequence[int]]) -> TrickDraft:
        """The current hand's draft holding ``tricks`` and ``counted`` (its scoring just undone), as after tapping
        them in the order of play: a count the draft would have filled in is filled in again, and follows a change
        to another count (with every count fixed, an exact total allows no change at all)."""
        draft = cls.fresh(game)
        for seat in draft.order:
            if draft.tricks[seat] != tricks[seat]:
                draft = draft.give(game, seat, tricks[seat])
        players = len(game.players)
        return cls(draft.hand, draft.order, tuple(tricks), draft.filled_in, None,
                   {kind: tuple(counted.get(kind, (0,) * players)) for kind in draft.counted})

    @property
    def complete(self) -> bool:
        """Whether every player has a count."""
        return None not in self.tricks

    def missing(self) -> tuple[int, ...]:
        """The seats without a count, in the order of play."""
        return tuple(seat for seat in self.order if self.tricks[seat] is None)

    def without(self, seat: int) -> list[int | None]:
        """The counts as the engine weighs a new one for ``seat`` (see :func:`counts_without`)."""
        return counts_without(self.tricks, seat, self.filled_in)

    def allowed(self, game: Game, seat: int | None = None) -> tuple[int, ...]:
        """The counts ``seat`` (default: the one chosen) may be given now; none when no one is chosen."""
        seat = self.choosing if seat is None else seat
        return () if seat is None else game.allowed_tricks(seat, self.without(seat))

    def give(self, game: Game, seat: int, value: int) -> TrickDraft:
        """``seat`` took ``value`` tricks (one :meth:`allowed`): the counts that then have only one answer are
        filled in (those filled in before are worked out again), and the next player without a count is chosen. A
        seat's captured cards are lowered to what its tricks now hold (:meth:`Game.allowed_counted`)."""
        tricks = list(self.tricks)
        tricks[seat] = value
        for other in self.filled_in:
            if other != seat:
                tricks[other] = None
        left = game.counts_left(tricks)
        for other, count in left.items():
            tricks[other] = count
        filled_in = tuple(other for other in self.order if other in left)
        start = self.order.index(seat) if seat in self.order else 0
        following = [self.order[(start + k) % len(self.order)] for k in range(1, len(self.order) + 1)]
        choosing = next((s for s in following if tricks[s] is None), None)
        return TrickDraft(self.hand, self.order, tuple(tricks), filled_in, choosing,
                          _captures_within(game, tricks, self.counted))

    def choose(self, seat: int) -> TrickDraft:
        """Enter (or change) ``seat``'s count next."""
        return TrickDraft(self.hand, self.order, self.tricks, self.filled_in, seat, self.counted)

    def step_counted(self, game: Game, kind: str, seat: int, delta: int) -> TrickDraft:
        """One action card of ``kind`` more or less for ``seat`` (``delta`` ±1), never below 0 nor past the cards
        of that kind in the deck, nor, for a captured kind, past what the seat's tricks hold; an unknown kind
        changes nothing."""
        counts = self.counted.get(kind)
        if counts is None:
            return self
        most = game.allowed_counted(kind, seat, counts, tricks=self.tricks[seat])
        stepped = list(counts)
        stepped[seat] = min(most, max(0, counts[seat] + delta))
        return TrickDraft(self.hand, self.order, self.tricks, self.filled_in, self.choosing,
                          {**self.counted, kind: tuple(stepped)})


def _captures_within(game: Game, tricks: Sequence[int | None],
                     counted: Mapping[str, tuple[int, ...]]) -> Mapping[str, tuple[int, ...]]:
    """``counted`` with each seat's captured cards lowered to what its tricks now allow: a count entered
    before the seat's tricks dropped would otherwise stay on a screen the engine then refuses."""
    lowered = dict(counted)
    for kind in game.rules.scoring.cards:
        counts = counted.get(kind.name)
        if not kind.captured or counts is None:
            continue
        clamped = list(counts)
        for seat, taken in enumerate(tricks):
            if taken is not None and clamped[seat]:
                clamped[seat] = min(clamped[seat], game.allowed_counted(kind.name, seat, clamped, tricks=taken))
        lowered[kind.name] = tuple(clamped)
    return lowered


def counts_without(tricks: Sequence[int | None], seat: int, filled_in: Sequence[int]) -> list[int | None]:
    """``tricks`` as the engine weighs a new count for ``seat``: its own, and the counts filled in for others
    (which follow the new one), left out.

    >>> counts_without([3, None, 4], 0, (2,)), counts_without([3, 0, 0], 2, (1, 2))
    ([None, None, None], [3, None, None])
    """
    counts = list(tricks)
    counts[seat] = None
    for other in filled_in:
        counts[other] = None
    return counts


def projected(game: Game, cards: int, bid: int | None, taken: int | None,
              counted: Mapping[str, int]) -> tuple[int, bool] | None:
    """The points a seat's count would score with its bid, and whether the bid is made, as the hand will be
    scored; None until both are known. For a hand being entered or corrected.

    >>> game = Game.new("rage", ["Anna", "Béla"])
    >>> projected(game, 10, 3, 3, {"bonus": 0, "mad": 0}), projected(game, 10, 3, None, {})
    ((13, True), None)
    """
    if bid is None or taken is None:
        return None
    points = hand_points(game.rules.scoring, cards=cards, bid=bid, tricks=taken, counted=counted)
    return points, made(bid, taken)
