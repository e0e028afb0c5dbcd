"""A game as an append-only log of actions, and the state derived from it.

The log is the truth: :class:`Game` keeps the actions the scorekeeper made
(start, bids, tricks, corrections, a coin flip) and everything a screen
shows (current hand, phase, whose bid is next, the bid the hook forbids,
points, running totals, the end, the winners) is derived from it as a
:class:`GameState`. Every action has ``verify_…`` (raises a typed
:class:`~scoring.errors.BidwellError` naming hand, player, what is wrong and
what is allowed), ``can_…`` (the same as a yes/no) and the action itself,
which verifies first: a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.actions import (
    NO_TRUMP,
    NOTHING_COUNTED,
    Action,
    Adjust,
    Bid,
    ChangeBid,
    CoinFlip,
    Correct,
    Start,
    Tricks,
    Trump,
)
from scoring.adjustments import ADJUSTMENTS_PER_GAME_MAX, ADJUSTMENTS_PER_HAND_MAX, check_points_and_reason
from scoring.definitions import rules_for
from scoring.errors import (
    AdjustmentError,
    BidError,
    BidwellError,
    CardsError,
    CoinFlipError,
    CorrectionError,
    GameOverError,
    SetupError,
    TricksError,
    TrumpError,
    UndoError,
    as_written,
    short_value,
)
from scoring.hands import HANDS_MAX, Hands, forbidden_bid
from scoring.i18n.engine import engine_words
from scoring.i18n.sentences import GameText, Listed, Words
from scoring.players import check_players
from scoring.points import Outcome
from scoring.rules import CardKind, Rules, TieBreak
from scoring.state import Adjustment, GameState
from scoring.text import kept_name

if TYPE_CHECKING:
    from typing import Any


class Game:
    """One game: its log of actions and the state derived from it.

    >>> game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    >>> state = game.bid(1, 0)
    >>> state.next_bidder
    2
    """

    def __init__(self, start: Start):
        players = check_players(start.players)
        self.rules: Rules = rules_for(start.game, len(players), start.options)
        if type(start.first_dealer) is not int or not 0 <= start.first_dealer < len(players):
            dealer = start.first_dealer
            raise SetupError("dealer.range", last=len(players) - 1,
                             value=short_value(dealer if type(dealer) is int else as_written(dealer)))
        self.players: tuple[str, ...] = players
        self.first_dealer: int = start.first_dealer
        self._start = Start(start.game, players, start.first_dealer, MappingProxyType(dict(self.rules.options)))
        self._log: list[Action] = [self._start]
        self._hands = Hands(self.rules, len(players), start.first_dealer)
        self.extras: dict[str, Any] = {}
        """Record keys the engine does not read (dates, notes, an app's ids), kept for export."""

    @classmethod
    def new(
        cls,
        game: str,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, bool | str] | None = None,
    ) -> Game:
        """Start a game; :class:`SetupError` for an unknown game or option or bad players."""
        return cls(Start(game, players, first_dealer, dict(options or {})))  # type: ignore[arg-type]

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action so far, the Start first (its options filled in with defaults)."""
        return tuple(self._log)

    @property
    def state(self) -> GameState:
        """The state derived from the log (computed once per change)."""
        return self._hands.state

    def scores(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[Adjustment, ...]]]:
        """Each hand that scores, in order, as (number, points, totals after it, adjustments given with it): what
        ``state.scored_hands`` holds of them, without making the state's views of every hand."""
        return self._hands.scores()

    def ending(self) -> tuple[tuple[int, ...], Outcome | None]:
        """The totals so far, and once the game has ended who won and how (None before): ``state.totals``,
        ``state.finished`` and ``state.winners``, without making the state's views of every hand."""
        return self._hands.ending()

    def name(self, seat: int) -> str:
        """The display name of the player in ``seat``."""
        return self.players[seat]

    def apply(self, action: Action) -> GameState:
        """Check and append any action but Start; the one door the log is written through. Returns the new state."""
        self.take(action)
        return self.state

    def take(self, action: Action) -> None:
        """Check and append any action but Start, as :meth:`apply` does, without working out the new state: a
        replay or a record read asks for the state once, at its end, not after every action."""
        if type(action) is Bid:  # most actions: a frozen Bid is entered as it is
            self.verify_bid(action.player, action.bid)
            self._hands.enter(action)
            self._log.append(action)
            return
        if isinstance(action, Tricks):  # one a hand: asked next
            self.verify_tricks(action.tricks, action.counted)
            if type(action) is Tricks and type(action.tricks) is tuple and action.counted is NOTHING_COUNTED:
                entered = action  # already as the log keeps it, nothing in it to copy
            else:
                counted = _normalized_counted(action.counted)
                entered = Tricks(tuple(action.tricks), MappingProxyType(counted) if counted else NOTHING_COUNTED)
        elif isinstance(action, Bid):
            self.verify_bid(action.player, action.bid)
            entered = Bid(action.player, action.bid)
        elif isinstance(action, ChangeBid):
            self.verify_change_bid(action.player, action.bid)
            entered = ChangeBid(action.player, action.bid)
        elif isinstance(action, Correct):
            self.verify_correction(action.hand, action.bids, action.tricks, action.counted)
            entered = Correct(action.hand, tuple(action.bids), tuple(action.tricks),
                              MappingProxyType(_normalized_counted(action.counted)))
        elif isinstance(action, CoinFlip):
            self.verify_coin_flip(action.winner)
            entered = CoinFlip(action.winner)
        elif isinstance(action, Trump):
            self.verify_trump(action.hand, action.trumps)
            entered = Trump(action.hand, tuple(action.trumps))
        elif isinstance(action, Adjust):
            self.verify_adjustment(action.hand, action.player, action.points, action.reason)
            entered = Adjust(action.hand, action.player, action.points, kept_name(action.reason))
        else:
            raise TypeError(f"a game has one Start action; cannot apply {action!r}")
        self._hands.enter(entered)
        self._log.append(entered)

    def verify(self, action: Action) -> None:
        """Raise why :meth:`apply` would refuse ``action``; return if it would be accepted."""
        if isinstance(action, Bid):
            self.verify_bid(action.player, action.bid)
        elif isinstance(action, ChangeBid):
            self.verify_change_bid(action.player, action.bid)
        elif isinstance(action, Tricks):
            self.verify_tricks(action.tricks, action.counted)
        elif isinstance(action, Correct):
            self.verify_correction(action.hand, action.bids, action.tricks, action.counted)
        elif isinstance(action, CoinFlip):
            self.verify_coin_flip(action.winner)
        elif isinstance(action, Trump):
            self.verify_trump(action.hand, action.trumps)
        elif isinstance(action, Adjust):
            self.verify_adjustment(action.hand, action.player, action.points, action.reason)
        else:
            raise TypeError(f"a game has one Start action; cannot apply {action!r}")

    def bidding_order(self) -> tuple[int, ...]:
        """The seats in bidding order for the current hand (or, once the game is over, the hand that would come
        next): from the dealer's left, the dealer last."""
        now = self._hands.now
        return self._hands.order(now.number - 1) if now.finished else now.order

    def verify_not_over(self) -> None:
        """Raise :class:`GameOverError`, naming the hand that would come next, once the game has ended."""
        now = self._hands.now
        if now.finished:
            self._verify_not_over(now.number)

    # -- bids --

    def verify_bid(self, player: int, bid: object) -> None:
        """Raise why ``player`` may not bid ``bid`` now; return if the bid is allowed."""
        now = self._hands.now
        if type(player) is int and player == now.next_bidder and type(bid) is int and 0 <= bid <= now.cards \
                and bid != now.forbidden and now.number <= HANDS_MAX:
            return  # the next bidder's bid, in range, not the one the hook forbids: each check below passes
        hand = now.number
        if now.finished:
            self._verify_not_over(hand)
        if hand > HANDS_MAX:
            raise BidError("bid.hands_max", hand=hand, limit=HANDS_MAX)
        if type(player) is not int or not 0 <= player < len(self.players):
            self._verify_seat(player, hand)
        if now.next_bidder is None:
            raise BidError("bid.phase", hand=hand, player=self.name(player))
        if player != now.next_bidder:
            raise BidError("bid.not_turn", hand=hand, player=self.name(player), expected=self.name(now.next_bidder))
        cards = now.cards
        if type(bid) is not int or not 0 <= bid <= cards:
            _verify_count(bid, cards, "bid", BidError, hand=hand, player=self.name(player))
        if bid == now.forbidden:
            raise BidError("bid.hook", hand=hand, player=self.name(player), value=bid, count=cards, cards=cards)

    def can_bid(self, player: int, bid: object) -> bool:
        """Whether :meth:`bid` would accept this bid now."""
        return _accepts(self.verify_bid, player, bid)

    def bid(self, player: int, bid: int) -> GameState:
        """Record ``player``'s bid in the current hand; refused bids change nothing."""
        self.take(Bid(player, bid))
        return self.state

    def verify_change_bid(self, player: int, bid: object) -> None:
        """Raise why ``player`` may not change their bid in the current hand to ``bid``; return if they may.

        The player must have bid in this hand, and its tricks must not be recorded yet; the new bid is a
        whole number from 0 to the hand's cards, not the one already there. The bids after it stand, so once
        every bid is in, the hook is checked as it was for the last bidder: the bids may not add up to the
        hand's cards.
        """
        now = self._hands.now
        hand = now.number
        self._verify_not_over(hand)
        self._verify_seat(player, hand)
        if now.bids[player] is None:
            raise BidError("bid.change_not_yet", hand=hand, player=self.name(player))
        _verify_count(bid, now.cards, "bid", BidError, hand=hand, player=self.name(player))
        if bid == now.bids[player]:
            raise BidError("bid.change_same", hand=hand, player=self.name(player), value=bid)
        if None not in now.bids:
            bids = list(now.bids)
            bids[player] = bid
            *before, last = now.order
            if bids[last] == forbidden_bid(self.rules, hand, now.cards, [bids[seat] for seat in before]):
                raise BidError("bid.change_hook", hand=hand, player=self.name(player), value=bid,
                               total=now.cards, last=self.name(last))

    def can_change_bid(self, player: int, bid: object) -> bool:
        """Whether :meth:`change_bid` would accept this change now."""
        return _accepts(self.verify_change_bid, player, bid)

    def change_bid(self, player: int, bid: int) -> GameState:
        """Change ``player``'s bid in the current hand, before its tricks; the other bids stand."""
        self.take(ChangeBid(player, bid))
        return self.state

    # -- tricks --

    def verify_tricks(self, tricks: Sequence[object], counted: Mapping[str, Sequence[object]] | None = None) -> None:
        """Raise why these tricks (and counted cards) cannot end the current hand."""
        now = self._hands.now
        hand = now.number
        if now.finished:
            self._verify_not_over(hand)
        if now.next_bidder is not None:
            raise TricksError("tricks.before_bids", hand=hand, missing=self.name(now.next_bidder))
        self._verify_result(hand, now.cards, tricks, counted or {})

    def can_record_tricks(self, tricks: Sequence[object], counted: Mapping[str, Sequence[object]] | None = None) -> bool:
        """Whether :meth:`record_tricks` would accept these."""
        return _accepts(self.verify_tricks, tricks, counted)

    def record_tricks(
        self, tricks: Sequence[int], counted: Mapping[str, Sequence[int]] | None = None
    ) -> GameState:
        """Record the tricks (and counted cards) of the current hand, which scores it."""
        self.take(Tricks(tricks, counted))  # type: ignore[arg-type]
        return self.state

    # -- what a screen may offer while tricks are entered --

    def allowed_tricks(self, seat: int, draft: Sequence[int | None], *, hand: int | None = None) -> tuple[int, ...]:
        """The trick counts ``seat`` may be given, lowest first, with the others as in ``draft``.

        ``draft`` holds a count or None (not entered yet) per seat, in seat
        order; ``seat``'s own entry is ignored. A value is allowed when the
        entered counts with it add up to no more than the hand's cards, and,
        once every other seat has a count, when the total lands within
        :meth:`Rules.trick_total_range`. The hand is the current one, or
        finished hand ``hand`` (1-based) for a correction.

        >>> game = Game.new("rage", ["Anna", "Béla", "Csilla"])
        >>> for seat in (1, 2, 0):
        ...     _ = game.bid(seat, 3)
        >>> game.allowed_tricks(0, [None, 4, None]), game.allowed_tricks(0, [None, 4, 5])
        ((0, 1, 2, 3, 4, 5, 6), (1,))
        """
        cards, number = self._draft_hand(hand)
        self._verify_seat(seat, number, TricksError)
        self._verify_draft(draft, cards, number)
        others = [taken for other, taken in enumerate(draft) if other != seat]
        entered = sum(taken for taken in others if taken is not None)
        low, high = self.rules.trick_total_range(cards)
        if None in others:
            low = 0  # the seats still without a count can bring the total up to the lowest allowed
        return tuple(range(max(0, low - entered), high - entered + 1))

    def tricks_left(self, draft: Sequence[int | None], *, hand: int | None = None) -> int | None:
        """The count the one seat still without one gets from what is left; None unless exactly one is missing.

        It is the hand's cards less the others' counts (never below 0): the
        highest count :meth:`allowed_tricks` allows that seat, and in a game
        where tricks may vanish still the count that loses none.
        """
        cards, number = self._draft_hand(hand)
        self._verify_draft(draft, cards, number)
        if sum(1 for taken in draft if taken is None) != 1:
            return None
        return max(0, cards - sum(taken for taken in draft if taken is not None))

    def counts_left(self, draft: Sequence[int | None], *, hand: int | None = None) -> dict[int, int]:
        """The counts the seats still without one are sure to get, by seat: with one seat missing, what is left
        (:meth:`tricks_left`); with several missing and every trick of the hand already placed, 0 each; else
        none. So no one is asked for a count that has only one answer.

        >>> game = Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"])
        >>> for seat in (1, 2, 3, 0):
        ...     _ = game.bid(seat, 0)
        >>> game.counts_left([None, 10, None, None]), game.counts_left([None, 4, None, 5])
        ({0: 0, 2: 0, 3: 0}, {})
        >>> game.counts_left([None, 4, 1, 5])
        {0: 0}
        """
        left = self.tricks_left(draft, hand=hand)
        missing = [seat for seat, taken in enumerate(draft) if taken is None]
        if left is not None:
            return {missing[0]: left}
        cards, _number = self._draft_hand(hand)
        if missing and sum(taken for taken in draft if taken is not None) >= cards:
            return dict.fromkeys(missing, 0)
        return {}

    def allowed_counted(
        self, kind: str, seat: int, draft_counts: Sequence[int | None], *, hand: int | None = None,
        tricks: int | None = None,
    ) -> int:
        """The most action cards of ``kind`` (Rage's ``bonus``, Skull King's ``pirates``) ``seat`` may be given.

        ``draft_counts`` holds each seat's count (None counts as 0); the
        answer keeps the kind's total over all seats within
        :meth:`Rules.card_limit`, never below 0. For a captured kind and
        ``tricks``, the seat's trick count (None: not known yet), it is also
        at most a card per player for each of those tricks: 0 without one.
        The hand is the current one, or finished hand ``hand`` for a
        correction. The engine refuses a hand's counts past this most.

        >>> game = Game.new("skull-king", ["Anna", "Béla", "Csilla", "Dóra"])
        >>> for seat in (1, 2, 3, 0):
        ...     _ = game.bid(seat, 0)
        >>> [game.allowed_counted("pirates", 0, [0, 0, 0, 0], tricks=t) for t in (None, 0, 1)]
        [4, 0, 4]
        >>> rage = Game.new("rage", ["Anna", "Béla", "Csilla"])
        >>> for seat in (1, 2, 0):
        ...     _ = rage.bid(seat, 3)
        >>> rage.allowed_counted("bonus", 0, [0, 0, 0], tricks=0)  # played, not captured: tricks do not bound it
        3
        """
        cards, number = self._draft_hand(hand)
        card_kind = self._card_kind(kind, number)
        self._verify_seat(seat, number, CardsError)
        self._verify_counts(card_kind, draft_counts, number, allow_none=True)
        if tricks is not None:
            _verify_count(tricks, cards, "tricks", TricksError, hand=number, player=self.name(seat))
        return self._most_counted(card_kind, seat, draft_counts, cards, tricks)

    def _most_counted(
        self, kind: CardKind, seat: int, counts: Sequence[int | None], cards: int, tricks: int | None
    ) -> int:
        """The rule behind :meth:`allowed_counted`, on values already checked; the refusal of a hand's counts
        (:meth:`_verify_result`) asks it too, so the screens offer exactly what the engine takes."""
        others = sum(count for other, count in enumerate(counts) if other != seat and count is not None)
        most = max(0, self.rules.card_limit(kind, cards) - others)
        if kind.captured and tricks is not None:
            most = min(most, tricks * len(self.players))
        return most

    def _draft_hand(self, hand: int | None) -> tuple[int, int]:
        """The cards and number of the hand a draft is for: ``hand`` if given, else the current one."""
        if hand is None:
            now = self._hands.now
            self._verify_not_over(now.number)
            return now.cards, now.number
        self._verify_finished_hand(hand)
        return self.rules.cards_in_hand(hand - 1), hand

    def _verify_finished_hand(self, hand: object) -> None:
        """Refuse a hand number that names no finished hand (one a correction may change)."""
        finished = self._hands.finished_hands()
        if type(hand) is not int or hand not in finished:
            known = _reason("correct.known", last=len(finished)) if finished else _reason("correct.none_yet")
            raise CorrectionError("correct.no_hand", number=hand, known=known)

    def _verify_draft(self, draft: Sequence[object], cards: int, hand: int) -> None:
        players = len(self.players)
        if not _is_sequence(draft) or len(draft) != players:
            raise TricksError("tricks.count", hand=hand, players=players,
                              got=len(draft) if isinstance(draft, Sequence) else as_written(draft))
        for seat, taken in enumerate(draft):
            if taken is not None:
                _verify_count(taken, cards, "tricks", TricksError, hand=hand, player=self.name(seat))

    # -- the next game --

    def rematch(self) -> Game:
        """A new game of the same game and options, the same players in the same seats.

        The seat after this game's first dealer deals first, so the deal
        goes on round the table.

        >>> Game.new("rage", ["Anna", "Béla", "Csilla"], first_dealer=2).rematch().first_dealer
        0
        """
        return Game.new(
            self.rules.game.id,
            self.players,
            first_dealer=(self.first_dealer + 1) % len(self.players),
            options=dict(self.rules.options),
        )

    # -- corrections --

    def verify_correction(
        self,
        hand: int,
        bids: Sequence[object],
        tricks: Sequence[object],
        counted: Mapping[str, Sequence[object]] | None = None,
    ) -> None:
        """Raise why finished hand ``hand`` (1-based) cannot be corrected to these values."""
        self._verify_finished_hand(hand)
        index = hand - 1
        cards = self.rules.cards_in_hand(index)
        if not _is_sequence(bids) or len(bids) != len(self.players):
            got = len(bids) if isinstance(bids, Sequence) else as_written(bids)
            raise BidError("record.list_length", hand=hand, key="bids", players=len(self.players), got=got)
        order = self.rules.bidding_order(index, self.first_dealer)
        for position, seat in enumerate(order):
            _verify_count(bids[seat], cards, "bid", BidError, hand=hand, player=self.name(seat))
            if position == len(order) - 1:
                forbidden = forbidden_bid(self.rules, hand, cards, [bids[s] for s in order[:-1]])  # type: ignore[misc]
                if bids[seat] == forbidden:
                    raise BidError("bid.hook", hand=hand, player=self.name(seat), value=forbidden, count=cards, cards=cards)
        self._verify_result(hand, cards, tricks, counted or {})
        if (list(bids), tuple(tricks), _normalized_counted(counted)) == self._hands.as_entered(index):
            raise CorrectionError("correct.unchanged", hand=hand)

    def can_correct(
        self,
        hand: int,
        bids: Sequence[object],
        tricks: Sequence[object],
        counted: Mapping[str, Sequence[object]] | None = None,
    ) -> bool:
        """Whether :meth:`correct` would accept this correction."""
        return _accepts(self.verify_correction, hand, bids, tricks, counted)

    def correct(
        self,
        hand: int,
        bids: Sequence[int],
        tricks: Sequence[int],
        counted: Mapping[str, Sequence[int]] | None = None,
    ) -> GameState:
        """Replace finished hand ``hand``; every later total, and the end, follow from it."""
        self.take(Correct(hand, bids, tricks, counted))  # type: ignore[arg-type]
        return self.state

    # -- coin flip --

    def verify_coin_flip(self, winner: int) -> None:
        """Raise why a coin flip won by seat ``winner`` cannot be recorded now."""
        state = self.state
        if TieBreak.COIN_FLIP not in self.rules.tie_breaks:
            raise CoinFlipError("coin.not_needed", reason=_reason("reason.no_coin_rule", game=GameText(self.rules.game.name)))
        if not state.finished:
            raise CoinFlipError("coin.not_needed", reason=_reason("reason.not_finished"))
        if state.decided_by is TieBreak.COIN_FLIP:
            raise CoinFlipError("coin.not_needed", reason=_reason("reason.flipped"))
        if not state.coin_flip_between:
            raise CoinFlipError("coin.not_needed", reason=_reason("reason.decided"))
        if winner not in state.coin_flip_between:
            name = self.players[winner] if type(winner) is int and 0 <= winner < len(self.players) else str(winner)
            tied = Listed([self.name(s) for s in state.coin_flip_between])
            raise CoinFlipError("coin.not_tied", name=name, tied=tied)

    def can_record_coin_flip(self, winner: int) -> bool:
        """Whether :meth:`record_coin_flip` would accept this winner."""
        return _accepts(self.verify_coin_flip, winner)

    def record_coin_flip(self, winner: int) -> GameState:
        """Record who won the coin flip that breaks the final tie."""
        self.take(CoinFlip(winner))
        return self.state

    # -- trump (a table aid) --

    def verify_trump(self, hand: int, trumps: Sequence[str]) -> None:
        """Raise why ``trumps`` cannot be recorded as hand ``hand``'s trump.

        The game must name its trump suits, the hand must be one dealt so far,
        and each entry is one of the suits or :data:`NO_TRUMP`, at most one
        for the turned-up card and one for each joker in the deck.
        """
        suits = self.rules.trump_suits
        if not suits:
            raise TrumpError("trump.none_here", game=GameText(self.rules.game.name))
        now = self._hands.now
        dealt = self._hands.entered if now.finished else now.number
        if type(hand) is not int or not 1 <= hand <= dealt:
            raise TrumpError("trump.hand", number=as_written(hand), dealt=dealt)
        allowed = (*suits, NO_TRUMP)
        for entry in trumps:
            if entry not in allowed:
                raise TrumpError("trump.unknown", value=as_written(entry), allowed=", ".join(allowed))
        if len(trumps) > 1 + self.rules.jokers:
            raise TrumpError("trump.too_many", count=len(trumps), most=1 + self.rules.jokers)

    def record_trump(self, hand: int, trumps: Sequence[str]) -> GameState:
        """Record what was trump in hand ``hand`` (replacing what was recorded for it); scores nothing."""
        self.take(Trump(hand, trumps))  # type: ignore[arg-type]
        return self.state

    # -- a one-off bonus or penalty --

    def adjustable_hands(self) -> tuple[int, ...]:
        """The hands (1-based) a bonus or penalty may be given with: every hand with a bid entered that still
        counts (not void), the one in progress included."""
        hands = self._hands
        return tuple(index + 1 for index in range(hands.entered) if not hands.void(index))

    def verify_adjustment(self, hand: object, player: object, points: object, reason: object = "") -> None:
        """Raise why ``player`` may not be given ``points`` with hand ``hand``, one of :meth:`adjustable_hands` (a
        finished game's too, as with a correction); the points and reason as :func:`check_points_and_reason` says;
        no more than :data:`ADJUSTMENTS_PER_HAND_MAX` in a hand or :data:`ADJUSTMENTS_PER_GAME_MAX` in the game.
        Costs the same at the thousandth adjustment as at the first."""
        entries = self._hands
        if type(hand) is not int or not 1 <= hand <= entries.entered or entries.void(hand - 1):
            hands = self.adjustable_hands()  # only to say which hands may take them
            if not hands:
                raise AdjustmentError("adjust.no_hand_yet")
            if len(hands) == 1:
                raise AdjustmentError("adjust.hand_one", number=as_written(hand), last=hands[0])
            raise AdjustmentError("adjust.hand", number=as_written(hand), known=_reason("correct.known", last=hands[-1]))
        self._verify_seat(player, hand, AdjustmentError)
        check_points_and_reason(points, reason, hand=hand, player=self.name(player))  # type: ignore[arg-type]
        if entries.adjustments_in(hand - 1) >= ADJUSTMENTS_PER_HAND_MAX:
            raise AdjustmentError("adjust.hand_max", hand=hand, limit=ADJUSTMENTS_PER_HAND_MAX)
        if entries.adjustment_count >= ADJUSTMENTS_PER_GAME_MAX:
            raise AdjustmentError("adjust.game_max", limit=ADJUSTMENTS_PER_GAME_MAX)

    def adjust(self, hand: int, player: int, points: int, reason: str = "") -> GameState:
        """Give ``player`` a bonus (``points`` above 0) or penalty (below 0) counted with hand ``hand``; the
        reason is kept trimmed as a name is. Later totals, and the end, follow from it; undo takes it back."""
        self.take(Adjust(hand, player, points, reason))
        return self.state

    # -- undo --

    def can_undo(self) -> bool:
        """Whether there is an action after the start to undo."""
        return len(self._log) > 1

    def undo(self) -> GameState:
        """Drop the last action; the state is as it was before it. Costs the same after 1 action as after 200:
        what the action changed is put back, nothing replayed."""
        if not self.can_undo():
            raise UndoError("undo.nothing")
        self._log.pop()
        self._hands.take_back()
        return self.state

    # -- internals --

    def _verify_not_over(self, hand: int) -> None:
        if not self._hands.now.finished:
            return
        state = self.state
        if self.rules.target is None:
            raise GameOverError(
                "game.over_schedule", hand=hand, game=GameText(self.rules.game.name), players=len(self.players),
                hands=self.rules.hand_count,
            )
        ended = state.hands[state.ended_after - 1]  # type: ignore[operator]
        leader = max(range(len(self.players)), key=lambda s: ended.totals[s])  # type: ignore[index]
        reason = _reason("reason.target", name=self.name(leader), total=ended.totals[leader])  # type: ignore[index]
        raise GameOverError("game.over_target", hand=hand, ended=state.ended_after, reason=reason)

    def _verify_seat(self, player: object, hand: int, error: type[BidwellError] = BidError) -> None:
        if type(player) is not int or not 0 <= player < len(self.players):
            raise error("player.seat", hand=hand, seat=player, last=len(self.players) - 1)

    def _verify_result(
        self, hand: int, cards: int, tricks: Sequence[object], counted: Mapping[str, Sequence[object]]
    ) -> None:
        players = len(self.players)
        if not _is_sequence(tricks) or len(tricks) != players:
            got = len(tricks) if isinstance(tricks, Sequence) else tricks
            raise TricksError("tricks.count", hand=hand, players=players, got=got)
        for seat, taken in enumerate(tricks):
            if type(taken) is not int or not 0 <= taken <= cards:  # the refusal, and its player's name, only then
                _verify_count(taken, cards, "tricks", TricksError, hand=hand, player=self.name(seat))
        total = sum(tricks)  # type: ignore[arg-type]
        low, high = self.rules.trick_total_range(cards)
        if not low <= total <= high:
            if low == high:
                raise TricksError("tricks.sum_exact", hand=hand, total=total, cards=cards)
            raise TricksError("tricks.sum_range", hand=hand, total=total, cards=high, low=low,
                              vanish=self.rules.tricks_may_vanish)
        for name, counts in counted.items():
            kind = self._card_kind(name, hand)
            self._verify_counts(kind, counts, hand, allow_none=False)
            limit = self.rules.card_limit(kind, cards)
            if sum(counts) > limit:  # type: ignore[arg-type]
                raise CardsError("cards.too_many", hand=hand, label=GameText(kind.label), total=sum(counts), limit=limit)  # type: ignore[arg-type]

    def _card_kind(self, name: object, hand: int) -> CardKind:
        kinds = {kind.name: kind for kind in self.rules.scoring.cards}
        kind = kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            if not kinds:
                raise CardsError("cards.none", hand=hand, game=GameText(self.rules.game.name))
            raise CardsError("cards.unknown", hand=hand, game=GameText(self.rules.game.name), kind=name, known=", ".join(kinds))
        return kind

    def _verify_counts(self, kind: CardKind, counts: Sequence[object], hand: int, *, allow_none: bool) -> None:
        """Counted cards of one kind: one whole number from 0 up per seat (or None, where a draft allows it)."""
        players = len(self.players)
        if not _is_sequence(counts) or len(counts) != players:
            got = len(counts) if isinstance(counts, Sequence) else counts
            raise CardsError("cards.count", hand=hand, label=GameText(kind.label), players=players, got=got)
        for seat, count in enumerate(counts):
            if count is None and allow_none:
                continue
            if type(count) is not int:
                raise CardsError("cards.not_whole", hand=hand, player=self.name(seat), label=GameText(kind.label),
                                 value=as_written(count))
            if count < 0:
                raise CardsError("cards.negative", hand=hand, player=self.name(seat), label=GameText(kind.label), value=count)

def _verify_count(value: object, cards: int, what: str, error: type[BidwellError], **where: Any) -> None:
    """A bid or a trick count: a whole number from 0 to the cards in the hand."""
    if type(value) is not int:
        raise error(f"{what}.not_whole", value=as_written(value), cards=cards, **where)
    if value < 0:
        raise error(f"{what}.negative", value=value, cards=cards, **where)
    if value > cards:
        raise error(f"{what}.too_high" if what == "bid" else f"{what}.too_many", value=value, count=cards, **where)


def _is_sequence(value: object) -> bool:
    """Whether ``value`` is a list of values (text is not): a list or tuple is known at once, without the abstract
    class's first check (most of a short command's time in the engine)."""
    return type(value) in (list, tuple) or not isinstance(value, (str, bytes)) and isinstance(value, Sequence)


def _normalized_counted(counted: Mapping[str, Sequence[int]] | None) -> dict[str, tuple[int, ...]]:
    return {kind: tuple(counts) for kind, counts in (counted or {}).items() if any(counts)}


def _reason(key: str, **params: object) -> Words:
    """A reason put into a refusal: its sentence is made with the refusal's, in the same language."""
    return engine_words(key, **params)


def _accepts(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except BidwellError:
        return False
    return True
