"""The bids of a hand as the screens show them: the pad with the number the hook forbids, the bids so far, the
pad that changes a bid made, the hand just scored, and the trump turned up. Worked out from the game alone."""

from __future__ import annotations

from companion.texts import t, trump_label, trump_line
from companion.views.common import PadKey
from companion.views.play_views import BidLine, HandSummary, ResultLine, TrumpView
from scoring.actions import NO_TRUMP
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.rules import BiddingMode


def bid_pad_of(game: Game) -> list[PadKey]:
    """The numbers 0 to the hand size; the one the hook forbids is not allowed, with its short reason."""
    state = game.state
    if state.current is None:
        return []
    forbidden = state.forbidden_bid
    reason = None
    if forbidden is not None:
        others = sum(b for b in state.current.bids if b is not None)
        reason = t("bid.forbidden_reason", value=forbidden, total=others + forbidden)
    return [PadKey(n, n in state.allowed_bids, None if n in state.allowed_bids else reason)
            for n in range(state.current.cards + 1)]


def running_total_of(game: Game) -> str:
    """The bids the table may see so far against the hand's tricks ("Bids so far 5 of 6"); with private bids,
    how many have bid."""
    hand = game.state.current
    if hand is None:
        return ""
    if game.rules.bidding is not BiddingMode.OPEN:
        done = sum(1 for b in hand.bids if b is not None)
        return t("bid.private_count", done=done, count=len(game.players))
    return t("bid.running", bids=sum(b for b in hand.shown_bids if b is not None), count=hand.cards)


def bids_line_of(game: Game, *, read_only: bool) -> list[BidLine]:
    """Every player in bidding order with their bid as the table may see it now, and whether a tap on it
    changes it (a bid made in this hand, before its tricks)."""
    hand = game.state.current
    if hand is None:
        return []
    shown = hand.shown_bids
    private = game.rules.bidding is not BiddingMode.OPEN
    result = []
    for seat in hand.bidding_order:
        if shown[seat] is not None:
            text = str(shown[seat])
        elif hand.bids[seat] is not None and private:
            text = t("bid.secret_mark")
        else:
            text = t("bid.waiting")
        result.append(BidLine(seat, game.players[seat], text, hand.bids[seat] is not None and not read_only))
    return result


def change_pad_of(game: Game, seat: int) -> tuple[PadKey, ...]:
    """The pad changing ``seat``'s bid of this hand: each number, the ones the engine refuses greyed with the
    reason; their own bid stays allowed (tapped again, it keeps the bid as it is)."""
    hand = game.state.current
    keys = []
    for value in range(hand.cards + 1):
        try:
            game.verify_change_bid(seat, value)
            keys.append(PadKey(value, True))
        except BidwellError as error:
            if value == hand.bids[seat]:
                keys.append(PadKey(value, True))
                continue
            # The hook's refusal in the pad's own few words, as on the bid pad; others as the engine says them.
            reason = (t("bid.forbidden_reason", value=value, total=hand.cards) if error.key == "bid.change_hook"
                      else error.detail)
            keys.append(PadKey(value, False, reason))
    return tuple(keys)


def last_hand_of(game: Game) -> HandSummary | None:
    """The last scored hand, shown until the first bid of the next one."""
    state = game.state
    hand = state.current
    if hand is None or any(bid is not None for bid in hand.bids) or not state.scored_hands:
        return None
    last = state.scored_hands[-1]
    lines = tuple(
        ResultLine(game.players[seat.seat], bool(seat.exact), seat.bid, seat.tricks, seat.points, seat.total)
        for seat in last.seats
    )
    return HandSummary(t("summary.title", number=last.number), lines)


def trump_of(game: Game) -> TrumpView | None:
    """What is trump in the current hand, for a game that records it (None otherwise)."""
    suits = game.rules.trump_suits
    hand = game.state.current
    if not suits or hand is None:
        return None
    recorded = game.state.trumps.get(hand.number, ())
    choices = tuple((suit, trump_label(suit)) for suit in suits) + ((NO_TRUMP, trump_label(NO_TRUMP)),)
    return TrumpView(hand.number, trump_line(recorded), choices, bool(recorded), recorded[-1] if recorded else None)
