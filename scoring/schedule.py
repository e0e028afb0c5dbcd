"""The plan of a game before it is played: every hand's size, dealer and first bidder."""

from __future__ import annotations

from scoring.frozen import frozen
from scoring.rules import Rules

OPEN_ENDED_PREVIEW = 10
"""How many hands to plan for a game that runs until a target (Herrlof)."""


@frozen
class HandPlan:
    """One hand of the schedule; seats are indices with seat ``first_dealer`` dealing hand 1."""

    number: int
    cards: int
    dealer: int
    first: int


def plan(rules: Rules, first_dealer: int = 0, hands: int | None = None) -> list[HandPlan]:
    """Every hand of the game in order (the first ``hands``, or 10 of an open-ended game).

    >>> from scoring.definitions import rules_for
    >>> [h.cards for h in plan(rules_for("oh-hell", 7, {"sequence": "short-down"}))]
    [7, 6, 5, 4, 3, 2, 1]
    """
    count = hands if hands is not None else rules.hand_count or OPEN_ENDED_PREVIEW
    if rules.hand_count is not None:
        count = min(count, rules.hand_count)
    return [
        HandPlan(
            number=index + 1,
            cards=rules.cards_in_hand(index),
            dealer=rules.dealer(index, first_dealer),
            first=rules.bidding_order(index, first_dealer)[0],
        )
        for index in range(count)
    ]
