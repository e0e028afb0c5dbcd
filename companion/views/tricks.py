"""The tricks of a hand as the screens show them while they are entered: each player's line with the points it
would score and the player's own pad, the check of the total, and the bids' summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.texts import t
from companion.views.common import Aim, PadKey
from companion.views.play_views import TrickLine, TricksView
from scoring.draft import counts_without, projected
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.state import HandView


def bid_summary_of(hand: HandView | None) -> str | None:
    """'Bids 7 for 8 tricks: underbid by 1', once every bid may be seen."""
    if hand is None or hand.bid_total is None:
        return None
    total, cards = hand.bid_total, hand.cards
    if total > cards:
        return t("bid.summary_over", bids=total, count=cards, by=total - cards)
    if total < cards:
        return t("bid.summary_under", bids=total, count=cards, by=cards - total)
    return t("bid.summary_even", bids=total, count=cards)


def tricks_view_of(
    game: Game, hand: HandView, bids: Sequence[int | None], draft: Sequence[int | None],
    counted: Mapping[str, Sequence[int]], choosing: int | None, filled_in: Sequence[int], *, private_bids: bool,
    aim_of: Callable[[int], Aim],
) -> TricksView:
    """The lines of ``hand`` being scored, with ``bids`` and the drafts given, each with its player's pad aimed at
    ``aim_of(seat)``."""
    kinds = game.rules.scoring.cards
    lines = []
    for seat in hand.bidding_order:
        allowed = set(game.allowed_tricks(seat, counts_without(draft, seat, filled_in)))
        taken, bid = draft[seat], bids[seat]
        seat_counted = {kind: counts[seat] for kind, counts in counted.items()}
        points, made = projected(game, hand.cards, bid, taken, seat_counted) or (None, None)
        shown_bid = t("bid.secret_mark") if private_bids else str(bid)
        lines.append(TrickLine(
            seat=seat, name=game.players[seat], bid=shown_bid, tricks=taken, filled_in=seat in filled_in,
            counted=tuple((k.name, game_text(k.label), seat_counted[k.name], game.allowed_counted(
                k.name, seat, counted[k.name], tricks=taken)) for k in kinds),
            points=None if private_bids else points, made=None if private_bids else made,
            selected=seat == choosing, aim=aim_of(seat),
            keys=tuple(PadKey(n, n in allowed, None if n in allowed else t("tricks.key_too_many"))
                       for n in range(hand.cards + 1)),
        ))
    # A count filled in as 0 is one nobody tapped: said, so the scorekeeper sees it was not forgotten.
    zeros = [game.players[seat] for seat in hand.bidding_order if seat in filled_in and draft[seat] == 0]
    entered = [v for v in draft if v is not None]
    low, high = game.rules.trick_total_range(hand.cards)
    total = sum(entered)
    check = (t("tricks.check_exact", total=total, cards=hand.cards) if low == high
             else t("tricks.check_range", total=total, low=low, cards=high))
    complete = None not in draft and game.can_record_tricks(list(draft), counted)
    return TricksView(
        number=hand.number, cards=hand.cards, lines=tuple(lines),
        choosing=None if choosing is None else game.players[choosing], check=check, complete=complete,
        bids_note=t("bid.secret_done") if private_bids else None,
        bid_total=None if private_bids else bid_summary_of(game.state.current),
        rest_none=t("tricks.rest_none", names=Listed(zeros, "and")) if zeros else None,
    )
