"""The hands of a game as entered, and the state worked out from them: the part of a game that changes.

:class:`Hands` is written only with actions :class:`~scoring.game.Game` has
checked. It keeps each hand's view and sums, so an action in hand 31 costs
what one in hand 1 does, and what each action changed, so taking the last one
back restores the state before it without replaying the log.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping, Sequence
from enum import IntEnum
from types import MappingProxyType

from scoring.actions import Action, Adjust, Bid, ChangeBid, CoinFlip, Correct, Tricks, Trump
from scoring.points import Outcome, hand_points, made, outcome
from scoring.rules import BiddingMode, Rules
from scoring.state import Adjustment, GameState, HandView, Phase, SeatInHand

HANDS_MAX = 1000
"""The most hands a game may have: a game that runs until a target (Herrlof) could otherwise go on without end, and
a record or a shared link could make a reader replay millions of them. No table plays a thousandth hand."""


def forbidden_bid(rules: Rules, number: int, cards: int, others: Sequence[int | None]) -> int | None:
    """The bid the hook forbids the last bidder of hand ``number`` (1-based) of ``cards`` cards, given everyone
    else's bids (None: no bid is forbidden, the hook does not hold in this hand, or not everyone else has bid).

    >>> from scoring.definitions import rules_for
    >>> oh_hell = rules_for("oh-hell", 3, {})
    >>> [forbidden_bid(oh_hell, 1, 5, others) for others in ([2, 1], [4, 3], [2, None])]
    [2, None, None]
    """
    if not rules.hook_in(number, cards) or None in others:
        return None
    forbidden = cards - sum(others)  # type: ignore[arg-type]
    return forbidden if 0 <= forbidden <= cards else None


class _Step:
    """The sums after one hand as entered, worked out without its view (which :meth:`Hands.state` builds only when
    asked, once): whether it scores, its points, and the totals, exact bids, last points and end after it."""

    __slots__ = ("ended_after", "exact_bids", "last_points", "points", "scored", "totals", "view", "void")

    def __init__(self, scored: bool, void: bool, points: tuple[int, ...] | None, totals: tuple[int, ...],
                 exact_bids: tuple[int, ...], last_points: tuple[int, ...], ended_after: int | None):
        self.scored, self.void, self.points = scored, void, points
        self.totals, self.exact_bids, self.last_points, self.ended_after = totals, exact_bids, last_points, ended_after
        self.view: HandView | None = None


class Now:
    """Where the game stands, as the checks of the next action read it: worked out per action without the
    :class:`GameState` (whose hand views a check never reads).

    ``number`` is the hand the next action is in (1-based; once the game is over, the hand that would come
    next). ``cards``, ``order`` and ``bids`` are that hand's; ``next_bidder`` is None once every bid is in,
    ``forbidden`` the bid the hook forbids the last bidder (None: none, or not the last bid yet). A bid moves
    the one :class:`Hands` keeps on in place; any other action makes a new one.
    """

    __slots__ = ("bids", "cards", "finished", "forbidden", "next_bidder", "number", "order")

    def __init__(self, finished: bool, number: int, cards: int, order: tuple[int, ...],
                 bids: Sequence[int | None], next_bidder: int | None, forbidden: int | None):
        self.finished, self.number, self.cards, self.order = finished, number, cards, order
        self.bids, self.next_bidder, self.forbidden = bids, next_bidder, forbidden


class _Entry:
    """One hand as entered, changed in place: the bids so far, then the tricks and counted cards, and the
    bonuses and penalties given with it, with their sum per seat (kept as each is given, so a hand's points cost
    the same whether it has one adjustment or a hundred)."""

    __slots__ = ("adjusted", "adjustments", "bids", "counted", "tricks")

    def __init__(self, bids: list[int | None]):
        self.bids = bids
        self.tricks: tuple[int, ...] | None = None
        self.counted: dict[str, tuple[int, ...]] = {}
        self.adjustments: list[Adjustment] = []
        self.adjusted: list[int] | None = None
        """The points the adjustments give each seat; None while there are none."""

    def snapshot(self) -> _EntrySnapshot:
        """The bids, tricks and counted cards, which a change of bid or a correction replaces; the adjustments
        are only ever added to, and taken back one by one."""
        return list(self.bids), self.tricks, dict(self.counted)

    def restore(self, snapshot: _EntrySnapshot) -> None:
        self.bids, self.tricks, self.counted = snapshot

    def give(self, adjustment: Adjustment, seats: int) -> None:
        self.adjustments.append(adjustment)
        if self.adjusted is None:
            self.adjusted = [0] * seats
        self.adjusted[adjustment.seat] += adjustment.points

    def take_back_last(self) -> None:
        given = self.adjustments.pop()
        self.adjusted[given.seat] -= given.points  # type: ignore[index]
        if not self.adjustments:
            self.adjusted = None


_EntrySnapshot = tuple[list[int | None], tuple[int, ...] | None, dict[str, tuple[int, ...]]]


class Change(IntEnum):
    """The kind of change one action made, kept with it so dropping it puts the game back without replaying the log
    (as python-chess's ``Board.pop``). Every kind up to ``ADJUSTED`` changes a hand's points."""

    OPENED = 0
    """A hand it opened."""
    BID = 1
    """A bid it gave: ``before`` is the seat and its bid before."""
    TRICKS = 2
    """The tricks it recorded: ``before`` is the tricks and counted cards before."""
    ENTRY = 3
    """A hand it changed otherwise: ``before`` is the hand as it was."""
    ADJUSTED = 4
    """An adjustment it gave (the hand's last)."""
    TRUMP = 5
    """A hand's trump: ``before`` is the hand and its trump before."""
    NOTHING = 6
    """Nothing of the hands (the coin flip)."""


Undo = namedtuple("Undo", "state coin_flip kind hand before")
"""What one action changed, to put back: the state and coin flip before it, its :class:`Change`, the hand (0-based)
and what that hand had before."""


def _put_back(hands: Hands, undo: Undo) -> None:
    """Undo the action ``undo`` was kept for on ``hands``, and give them the state they had before."""
    state, coin_flip, kind, hand, before = undo
    entries = hands._entries
    if kind == Change.OPENED:
        entries.pop()
    elif kind == Change.BID:
        seat, bid = before  # type: ignore[misc]
        entries[hand].bids[seat] = bid
    elif kind == Change.TRICKS:
        entries[hand].tricks, entries[hand].counted = before  # type: ignore[misc]
    elif kind == Change.ENTRY:
        entries[hand].restore(before)  # type: ignore[arg-type]
    elif kind == Change.ADJUSTED:
        entries[hand].take_back_last()
        hands.adjustment_count -= 1
    elif kind == Change.TRUMP:
        number, trumps = before  # type: ignore[misc]
        if trumps is None:
            hands._trumps.pop(number, None)
        else:
            hands._trumps[number] = trumps
    if kind <= Change.ADJUSTED and hand < hands._dirty:
        hands._dirty = hand
    hands._coin_flip = coin_flip
    hands._state = state
    hands.now = hands._where()


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
        self._steps: list[_Step] = []
        """The sums after each hand entered, valid up to ``_dirty``: hands before the first one an action
        touched keep theirs (and their views), so an action in hand 31 costs what one in hand 1 does."""
        self._dirty = 0
        self._undos: list[Undo] = []
        """One per action entered, in order."""
        self.adjustment_count = 0
        """The bonuses and penalties given in the whole game."""
        zeros = (0,) * seats
        self._none = _Step(False, False, None, zeros, zeros, zeros, None)
        self._no_bids = (None,) * seats
        # The bidding order repeats with the deal, once round the table.
        self._orders = tuple(rules.bidding_order(index, first_dealer) for index in range(seats))
        self._target, self._hand_count = rules.target, rules.hand_count  # read at every hand's end
        self.now: Now = self._where()
        """Where the game stands for the next action's checks, without the state (whose hand views a check never
        reads): kept current with every change, as a plain attribute, since every check reads it (a property's
        call cost a replay more than the reading)."""

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

    def adjustments_in(self, index: int) -> int:
        """How many bonuses and penalties hand ``index`` (0-based, entered) has been given."""
        return len(self._entries[index].adjustments)

    def finished_hands(self) -> list[int]:
        """The numbers of the hands recorded in full (tricks entered), void ones included: those a correction
        may change."""
        return [index + 1 for index, entry in enumerate(self._entries) if entry.tricks is not None]

    def void(self, index: int) -> bool:
        """Whether hand ``index`` (0-based, entered) was played after the game had ended, so it scores nothing."""
        last = self._sync()
        return self._steps[index].void if index < len(self._steps) else last.ended_after is not None

    def enter(self, action: Action) -> None:
        """Write a checked action (any but Start) into the hands, keeping what it changed for :meth:`take_back`."""
        now = self.now
        if type(action) is Bid and not now.finished:
            # Most actions are bids: one changes only the hand being bid, so where it stands is moved on from
            # here (the next bidder, the bid the hook forbids) and nothing is summed again.
            entries, seat = self._entries, action.player
            index = now.number - 1
            if index == len(entries):
                entries.append(_Entry([None] * self.seats))
                self._undos.append(Undo(self._state, self._coin_flip, Change.OPENED, index, None))
            else:
                before = (seat, entries[index].bids[seat])
                self._undos.append(Undo(self._state, self._coin_flip, Change.BID, index, before))
            bids = entries[index].bids
            bids[seat] = action.bid
            self._state = None
            now.bids = bids  # the Now is this object's own, read by the checks only: moved on in place
            now.next_bidder, now.forbidden = self._bidding(index, now.order, now.cards, bids)
            return
        self._undos.append(self._write(action))
        self._state = None
        self.now = self._where()

    def take_back(self) -> None:
        """Put the hands back as they were before the last action entered; nothing is replayed, and only the
        hand it touched (and those after it) is worked out again when next asked."""
        _put_back(self, self._undos.pop())

    def order(self, index: int) -> tuple[int, ...]:
        """The seats in bidding order for hand ``index`` (0-based): from the dealer's left, the dealer last."""
        return self._orders[index % self.seats]

    def _write(self, action: Action) -> Undo:
        """Write ``action`` into the hands; what it changed, to be put back."""
        entries, state, coin_flip = self._entries, self._state, self._coin_flip
        if type(action) is Bid:  # a bid is most of the actions: asked first, and without the subclass check
            if not entries or entries[-1].tricks is not None:
                entries.append(_Entry([None] * self.seats))
                undo = Undo(state, coin_flip, Change.OPENED, len(entries) - 1, None)
            else:
                bids = entries[-1].bids
                undo = Undo(state, coin_flip, Change.BID, len(entries) - 1, (action.player, bids[action.player]))
            entries[-1].bids[action.player] = action.bid
        elif type(action) is Tricks:  # one a hand: asked next
            entry = entries[-1]
            undo = Undo(state, coin_flip, Change.TRICKS, len(entries) - 1, (entry.tricks, entry.counted))
            entry.tricks, entry.counted = action.tricks, dict(action.counted) if action.counted else {}
        elif isinstance(action, ChangeBid):
            undo = Undo(state, coin_flip, Change.ENTRY, len(entries) - 1, entries[-1].snapshot())
            entries[-1].bids[action.player] = action.bid
        elif isinstance(action, Correct):
            entry = entries[action.hand - 1]
            undo = Undo(state, coin_flip, Change.ENTRY, action.hand - 1, entry.snapshot())
            entry.bids, entry.tricks, entry.counted = list(action.bids), action.tricks, dict(action.counted)
        elif isinstance(action, Adjust):
            undo = Undo(state, coin_flip, Change.ADJUSTED, action.hand - 1, None)
            entries[action.hand - 1].give(Adjustment(action.player, action.points, action.reason), self.seats)
            self.adjustment_count += 1
        elif isinstance(action, CoinFlip):
            undo = Undo(state, coin_flip, Change.NOTHING, 0, None)
            self._coin_flip = action.winner
        elif isinstance(action, Trump):
            undo = Undo(state, coin_flip, Change.TRUMP, 0, (action.hand, self._trumps.get(action.hand)))
            if action.trumps:
                self._trumps[action.hand] = action.trumps
            else:
                self._trumps.pop(action.hand, None)
        else:
            raise TypeError(f"no hand takes {action!r}")
        if undo.kind <= Change.ADJUSTED and undo.hand < self._dirty:
            self._dirty = undo.hand
        return undo

    def _sync(self) -> _Step:
        """Work out the sums of every hand with its tricks entered, from the first one changed on; the last one's
        (or the start's). The hand being bid has none: it changes with every bid and scores nothing yet."""
        steps, entries = self._steps, self._entries
        if self._dirty < len(steps):
            del steps[self._dirty:]
        before = steps[-1] if steps else self._none
        complete = len(entries) - 1 if entries and entries[-1].tricks is None else len(entries)
        for index in range(len(steps), complete):
            before = self._step(index, entries[index], before)
            steps.append(before)
        self._dirty = complete
        return before

    def _step(self, index: int, entry: _Entry, before: _Step) -> _Step:
        void = before.ended_after is not None
        if entry.tricks is None or void:
            return _Step(False, void, None, before.totals, before.exact_bids, before.last_points, before.ended_after)
        rules, cards, bids, tricks = self.rules.scoring, self.rules.cards_in_hand(index), entry.bids, entry.tricks
        if entry.counted or entry.adjusted:
            points = []
            for seat in range(self.seats):
                counted = {kind: counts[seat] for kind, counts in entry.counted.items()} if entry.counted else None
                earned = hand_points(rules, cards=cards, bid=bids[seat], tricks=tricks[seat], counted=counted)  # type: ignore[arg-type]
                if entry.adjusted:
                    earned += entry.adjusted[seat]
                points.append(earned)
        else:  # most hands: no counted cards, no bonus or penalty
            points = [hand_points(rules, cards=cards, bid=bid, tricks=taken)  # type: ignore[arg-type]
                      for bid, taken in zip(bids, tricks)]
        totals = tuple([total + earned for total, earned in zip(before.totals, points)])
        exact_bids = tuple([count + (bid is not None and made(bid, taken))  # type: ignore[arg-type]
                            for count, bid, taken in zip(before.exact_bids, bids, tricks)])
        ended_after = index + 1 if self._ends_after(index, totals) else None
        earned_points = tuple(points)
        return _Step(True, False, earned_points, totals, exact_bids, earned_points, ended_after)

    def _where(self) -> Now:
        last = self._sync()
        entries = self._entries
        if last.ended_after is not None:
            number = sum(1 for step in self._steps if step.scored) + 1
            return Now(True, number, 0, (), (), None, None)
        index = len(self._steps)
        bids: Sequence[int | None] = entries[index].bids if index < len(entries) else self._no_bids
        order, cards = self._orders[index % self.seats], self.rules.cards_in_hand(index)
        return Now(False, index + 1, cards, order, bids, *self._bidding(index, order, cards, bids))

    def _bidding(self, index: int, order: tuple[int, ...], cards: int, bids: Sequence[int | None]) -> tuple[int | None, int | None]:
        """The next bidder in hand ``index`` (0-based, the one being bid, of ``cards`` cards) with ``bids`` in, and
        the bid the hook forbids them (None: everyone has bid; no bid is forbidden)."""
        for seat in order:  # a loop, not a list of the seats still to bid: this runs after every bid
            if bids[seat] is None:
                if self.rules.hook and bids.count(None) == 1:
                    return seat, forbidden_bid(self.rules, index + 1, cards, [bids[seat] for seat in order[:-1]])
                return seat, None
        return None, None

    def scores(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[Adjustment, ...]]]:
        """Each hand that scores (recorded in full, not void), in order: its number (1-based), its points and the
        totals after it (both with the bonuses and penalties given with it), and those adjustments. The sums the
        state's hand views are made from, read without making a view."""
        self._sync()
        entries = self._entries
        return [(index + 1, step.points, step.totals, tuple(entries[index].adjustments))  # type: ignore[misc]
                for index, step in enumerate(self._steps) if step.scored]

    def ending(self) -> tuple[tuple[int, ...], Outcome | None]:
        """The totals so far, and who won and how once the game has ended (None before): the state's
        ``totals``, ``winners``, ``decided_by`` and ``coin_flip_between``, without its hand views."""
        last = self._sync()
        return last.totals, self._outcome(last)

    def _outcome(self, last: _Step) -> Outcome | None:
        if last.ended_after is None:
            return None
        return outcome(self.rules, last.totals, last.last_points, last.exact_bids, self._coin_flip)

    def _derive(self) -> GameState:
        last = self._sync()
        steps, entries, players = self._steps, self._entries, self.seats
        totals_before = self._none.totals
        hands = []
        for index, step in enumerate(steps):
            if step.view is None:
                step.view = self._entry_view(index, entries[index], step, totals_before)
            hands.append(step.view)
            totals_before = step.totals
        finished = last.ended_after is not None
        if len(entries) > len(steps):  # the hand being bid (void if the game ended before it)
            being_bid = _Step(False, finished, None, last.totals, last.exact_bids, last.last_points, last.ended_after)
            hands.append(self._entry_view(len(steps), entries[-1], being_bid, totals_before))
        next_bidder = forbidden = None
        allowed: tuple[int, ...] = ()
        phase = Phase.FINISHED if finished else Phase.BIDDING
        if not finished:
            now = self.now
            if not hands or hands[-1].scored:
                empty = tuple(SeatInHand(s, None, None, None, _NOTHING_COUNTED, None, None) for s in range(players))
                hands.append(self._hand_view(len(hands), empty, scored=False))
            next_bidder, forbidden = now.next_bidder, now.forbidden
            if next_bidder is not None:
                allowed = tuple(b for b in range(now.cards + 1) if b != forbidden)
            else:
                phase = Phase.PLAYING
        result = self._outcome(last)
        return GameState(
            phase,
            tuple(hands),
            last.totals,
            last.exact_bids,
            next_bidder,
            forbidden,
            allowed,
            result.winners if result else (),
            result.decided_by if result else None,
            result.coin_flip_between if result else (),
            last.ended_after,
            MappingProxyType(dict(self._trumps)),
        )

    def _entry_view(self, index: int, entry: _Entry, step: _Step, totals_before: Sequence[int]) -> HandView:
        seats = []
        points, tricks, bids_shown = step.points, entry.tricks, self._bids_shown(entry)
        for seat, bid in enumerate(entry.bids):
            counted = MappingProxyType({kind: counts[seat] for kind, counts in entry.counted.items()}) \
                if entry.counted else _NOTHING_COUNTED
            adjustment = entry.adjusted[seat] if entry.adjusted else 0
            if points is None:
                earned = total = None
            else:
                earned = points[seat]
                total = totals_before[seat] + earned
            seats.append(SeatInHand(seat, bid, bid if bids_shown else None, None if tricks is None else tricks[seat],
                                    counted, earned, total, adjustment))
        return self._hand_view(index, tuple(seats), step.scored, step.void, tuple(entry.adjustments))

    def _hand_view(
        self, index: int, seats: tuple[SeatInHand, ...], scored: bool, void: bool = False,
        adjustments: tuple[Adjustment, ...] = (),
    ) -> HandView:
        return HandView(index + 1, self.rules.cards_in_hand(index), (self.first_dealer + index) % self.seats,
                        self._orders[index % self.seats], seats, scored, void, adjustments)

    def _bids_shown(self, entry: _Entry) -> bool:
        """Whether the table may see the bids of ``entry`` now: open bids always, hidden ones once all are in, any
        once the tricks are."""
        mode = self.rules.bidding
        if mode is BiddingMode.OPEN or entry.tricks is not None:
            return True
        return mode is BiddingMode.HIDDEN and None not in entry.bids

    def _ends_after(self, index: int, totals: Sequence[int]) -> bool:
        if self._target is not None:
            return max(totals) >= self._target
        return index + 1 == self._hand_count


_NOTHING_COUNTED: Mapping[str, int] = MappingProxyType({})
"""A seat's counted cards in a hand without any: one read-only empty mapping, shared."""
