"""The hands of a game as entered, and the state worked out from them: the part of a game that changes.

:class:`Hands` is written only with actions :class:`~scoring.game.Game` has
checked. It keeps each hand's view and sums, so an action in hand 31 costs
what one in hand 1 does, and what each action changed, so taking the last one
back restores the state before it without replaying the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from scoring.actions import Action, Adjust, Bid, ChangeBid, CoinFlip, Correct, Tricks, Trump
from scoring.frozen import frozen
from scoring.points import hand_points, outcome
from scoring.rules import BiddingMode, Rules
from scoring.state import Adjustment, GameState, HandView, Phase, SeatInHand


def forbidden_bid(rules: Rules, cards: int, others: Sequence[int | None]) -> int | None:
    """The bid the hook forbids the last bidder, given everyone else's bids (None: no bid is forbidden, or not
    everyone else has bid).

    >>> from scoring.definitions import rules_for
    >>> oh_hell = rules_for("oh-hell", 3, {})
    >>> forbidden_bid(oh_hell, 5, [2, 1]), forbidden_bid(oh_hell, 5, [4, 3]), forbidden_bid(oh_hell, 5, [2, None])
    (2, None, None)
    """
    if not rules.hook or None in others:
        return None
    forbidden = cards - sum(others)  # type: ignore[arg-type]
    return forbidden if 0 <= forbidden <= cards else None


@frozen
class _Step:
    """A recorded hand's view and the sums after it, kept so later actions need not redo it."""

    view: HandView | None
    totals: tuple[int, ...]
    exact_bids: tuple[int, ...]
    last_points: tuple[int, ...]
    ended_after: int | None


class _Entry:
    """One hand as entered, changed in place: the bids so far, then the tricks and counted cards, and the
    bonuses and penalties given with it."""

    __slots__ = ("adjustments", "bids", "counted", "tricks")

    def __init__(self, bids: list[int | None]):
        self.bids = bids
        self.tricks: tuple[int, ...] | None = None
        self.counted: dict[str, tuple[int, ...]] = {}
        self.adjustments: tuple[Adjustment, ...] = ()

    def snapshot(self) -> _EntrySnapshot:
        return list(self.bids), self.tricks, dict(self.counted), self.adjustments

    def restore(self, snapshot: _EntrySnapshot) -> None:
        self.bids, self.tricks, self.counted, self.adjustments = snapshot


_EntrySnapshot = tuple[list[int | None], tuple[int, ...] | None, dict[str, tuple[int, ...]], tuple[Adjustment, ...]]


class _Undo:
    """What one action changed, kept so dropping it puts the game back without replaying the log (as
    python-chess's ``Board.pop``): the hand entry it touched as it was before (``entry`` None where the action
    opened that hand), the coin flip and the hand's trumps before, and the state the game had before it."""

    __slots__ = ("coin_flip", "entry", "hand", "state", "trumps")

    def __init__(self, hands: Hands, action: Action):
        self.state = hands._state
        self.hand: int | None = None
        self.entry: _EntrySnapshot | None = None
        self.coin_flip = hands._coin_flip
        self.trumps: tuple[int, tuple[str, ...] | None] | None = None
        entries = hands._entries
        if isinstance(action, Bid) and (not entries or entries[-1].tricks is not None):
            self.hand = len(entries)
        elif isinstance(action, (Bid, ChangeBid, Tricks, Correct, Adjust)):
            self.hand = action.hand - 1 if isinstance(action, (Correct, Adjust)) else len(entries) - 1
            self.entry = entries[self.hand].snapshot()
        elif isinstance(action, Trump):
            self.trumps = (action.hand, hands._trumps.get(action.hand))

    def put_back(self, hands: Hands) -> None:
        """Undo the action on ``hands``, and give them the state they had before."""
        if self.hand is not None:
            if self.entry is None:
                hands._entries.pop()
            else:
                hands._entries[self.hand].restore(self.entry)
            hands._dirty = min(hands._dirty, self.hand)
        hands._coin_flip = self.coin_flip
        if self.trumps is not None:
            hand, trumps = self.trumps
            if trumps is None:
                hands._trumps.pop(hand, None)
            else:
                hands._trumps[hand] = trumps
        hands._state = self.state


class Hands:
    """A game's hands as entered (bids, tricks, counted cards, adjustments, trumps, the coin flip) and the state
    that follows."""

    def __init__(self, rules: Rules, seats: int, first_dealer: int):
        self.rules = rules
        self.seats = seats
        self.first_dealer = first_dealer
        self._entries: list[_Entry] = []
        self._coin_flip: int | None = None
        self._trumps: dict[int, tuple[str, ...]] = {}
        self._state: GameState | None = None
        self._prefix: list[_Step] = []
        self._dirty = 0
        self._undos: list[_Undo] = []
        """One per action entered, in order."""

    @property
    def state(self) -> GameState:
        """The state the hands entered so far come to (worked out once per change)."""
        if self._state is None:
            self._state = self._derive()
        return self._state

    def as_entered(self, index: int) -> tuple[list[int | None], tuple[int, ...] | None, dict[str, tuple[int, ...]]]:
        """Hand ``index`` (0-based) as entered: its bids, its tricks (None before them) and its counted cards."""
        entry = self._entries[index]
        return entry.bids, entry.tricks, entry.counted

    @property
    def entered(self) -> int:
        """How many hands have anything entered (a bid at least): the hands an adjustment may be given with."""
        return len(self._entries)

    def enter(self, action: Action) -> None:
        """Write a checked action (any but Start) into the hands, keeping what it changed for :meth:`take_back`."""
        self._undos.append(_Undo(self, action))
        self._write(action)
        self._state = None

    def take_back(self) -> None:
        """Put the hands back as they were before the last action entered; nothing is replayed."""
        self._undos.pop().put_back(self)

    def _write(self, action: Action) -> None:
        if isinstance(action, Bid):
            if not self._entries or self._entries[-1].tricks is not None:
                self._entries.append(_Entry(bids=[None] * self.seats))
            self._entries[-1].bids[action.player] = action.bid
            self._dirty = min(self._dirty, len(self._entries) - 1)
        elif isinstance(action, ChangeBid):
            self._entries[-1].bids[action.player] = action.bid
            self._dirty = min(self._dirty, len(self._entries) - 1)
        elif isinstance(action, Tricks):
            self._entries[-1].tricks = action.tricks
            self._entries[-1].counted = dict(action.counted)
            self._dirty = min(self._dirty, len(self._entries) - 1)
        elif isinstance(action, Correct):
            entry = self._entries[action.hand - 1]
            entry.bids, entry.tricks, entry.counted = list(action.bids), action.tricks, dict(action.counted)
            self._dirty = min(self._dirty, action.hand - 1)
        elif isinstance(action, Adjust):
            entry = self._entries[action.hand - 1]
            entry.adjustments = (*entry.adjustments, Adjustment(action.player, action.points, action.reason))
            self._dirty = min(self._dirty, action.hand - 1)
        elif isinstance(action, CoinFlip):
            self._coin_flip = action.winner
        elif isinstance(action, Trump):
            if action.trumps:
                self._trumps[action.hand] = action.trumps
            else:
                self._trumps.pop(action.hand, None)

    def _derive(self) -> GameState:
        rules, players = self.rules, self.seats
        # Hands before the first one an action touched keep their views and sums,
        # so a bid costs the same in hand 31 as in hand 1.
        del self._prefix[min(self._dirty, len(self._entries)):]
        for index in range(len(self._prefix), len(self._entries)):
            self._prefix.append(self._scored_step(index, self._prefix[-1] if self._prefix else self._no_hands()))
        self._dirty = len(self._entries)
        hands = [step.view for step in self._prefix]
        last = self._prefix[-1] if self._prefix else self._no_hands()
        totals, exact_bids, last_points, ended_after = last.totals, last.exact_bids, last.last_points, last.ended_after
        finished = ended_after is not None
        next_bidder = forbidden = None
        allowed: tuple[int, ...] = ()
        phase = Phase.FINISHED if finished else Phase.BIDDING
        if not finished:
            if not hands or hands[-1].scored:
                index = len(hands)
                empty = tuple(SeatInHand(s, None, None, None, MappingProxyType({}), None, None) for s in range(players))
                hands.append(self._hand_view(index, empty, scored=False))
            current = hands[-1]
            missing = [seat for seat in current.bidding_order if current.seats[seat].bid is None]
            if missing:
                next_bidder = missing[0]
                if len(missing) == 1:
                    forbidden = forbidden_bid(rules, current.cards, [current.seats[s].bid for s in current.bidding_order[:-1]])
                allowed = tuple(b for b in range(current.cards + 1) if b != forbidden)
            else:
                phase = Phase.PLAYING
        result = outcome(rules, totals, last_points, exact_bids, self._coin_flip) if finished else None
        return GameState(
            phase=phase,
            hands=tuple(hands),
            totals=tuple(totals),
            exact_bids=tuple(exact_bids),
            next_bidder=next_bidder,
            forbidden_bid=forbidden,
            allowed_bids=allowed,
            winners=result.winners if result else (),
            decided_by=result.decided_by if result else None,
            coin_flip_between=result.coin_flip_between if result else (),
            ended_after=ended_after,
            trumps=MappingProxyType(dict(self._trumps)),
        )

    def _no_hands(self) -> _Step:
        zeros = (0,) * self.seats
        return _Step(None, zeros, zeros, zeros, None)

    def _scored_step(self, index: int, before: _Step) -> _Step:
        view = self._entry_view(index, self._entries[index], before.totals, void=before.ended_after is not None)
        if not view.scored:
            return _Step(view, before.totals, before.exact_bids, before.last_points, before.ended_after)
        totals = view.totals
        exact_bids = tuple(count + bool(seat.exact) for count, seat in zip(before.exact_bids, view.seats))
        ended_after = index + 1 if self._ends_after(index, totals) else None  # type: ignore[arg-type]
        return _Step(view, totals, exact_bids, view.points, ended_after)  # type: ignore[arg-type]

    def _entry_view(self, index: int, entry: _Entry, totals_before: Sequence[int], void: bool) -> HandView:
        cards = self.rules.cards_in_hand(index)
        scored = entry.tricks is not None and not void
        seats = []
        for seat in range(self.seats):
            bid, taken = entry.bids[seat], None if entry.tricks is None else entry.tricks[seat]
            counted = {kind: counts[seat] for kind, counts in entry.counted.items()}
            adjustment = sum(given.points for given in entry.adjustments if given.seat == seat)
            points = total = None
            if scored:
                points = adjustment + hand_points(
                    self.rules.scoring, cards=cards, bid=bid, tricks=taken, counted=counted  # type: ignore[arg-type]
                )
                total = totals_before[seat] + points
            seats.append(SeatInHand(seat, bid, self._bid_shown(entry, bid), taken, MappingProxyType(counted), points,
                                    total, adjustment))
        return self._hand_view(index, tuple(seats), scored, void=void, adjustments=entry.adjustments)

    def _hand_view(
        self, index: int, seats: tuple[SeatInHand, ...], scored: bool, void: bool = False,
        adjustments: tuple[Adjustment, ...] = (),
    ) -> HandView:
        return HandView(
            number=index + 1,
            cards=self.rules.cards_in_hand(index),
            dealer=self.rules.dealer(index, self.first_dealer),
            bidding_order=self.rules.bidding_order(index, self.first_dealer),
            seats=seats,
            scored=scored,
            void=void,
            adjustments=adjustments,
        )

    def _bid_shown(self, entry: _Entry, bid: int | None) -> int | None:
        mode = self.rules.bidding
        if mode is BiddingMode.OPEN or entry.tricks is not None:
            return bid
        if mode is BiddingMode.HIDDEN and None not in entry.bids:
            return bid
        return None

    def _ends_after(self, index: int, totals: Sequence[int]) -> bool:
        if self.rules.target is not None:
            return max(totals) >= self.rules.target
        return index + 1 == self.rules.hand_count
