"""The score of one player's hand, and the winners of a finished game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.frozen import frozen
from scoring.rules import Rules, ScoringRules, TieBreak


def made(bid: int, tricks: int) -> bool:
    """Whether a bid is made: the player took exactly the tricks they bid (every game of the family scores so).

    >>> made(2, 2), made(0, 1)
    (True, False)
    """
    return bid == tricks


def hand_points(
    rules: ScoringRules, *, cards: int, bid: int, tricks: int, counted: Mapping[str, int] | None = None
) -> int:
    """Points for a player who bid ``bid`` and took ``tricks`` in a hand of ``cards`` cards.

    ``counted`` holds the action cards the player ends the hand with, by kind
    name (Rage's ``bonus`` and ``mad``). The parts add up: tricks times the
    rate (the made or missed rate, or the all-tricks rate of Shooting the
    Stars), the bonus for an exact bid or the penalty for a missed one, a
    bonus for taking certain trick counts (Herrlof), and the action cards.
    A bid of 0 may score by the cards in the hand (Skull King: 10 a card
    made, -10 a card missed), and a card may count only with a made bid.

    >>> from scoring.definitions import rules_for
    >>> hand_points(rules_for("rage", 4).scoring, cards=5, bid=2, tricks=3, counted={"bonus": 1})
    3
    """
    exact = made(bid, tricks)
    rate = rules.per_trick if exact else rules.per_trick_missed
    if rules.all_tricks_per_trick is not None and cards > 0 and tricks == cards:
        rate = rules.all_tricks_per_trick
    points = rate * tricks
    if exact:
        points += rules.exact_zero_bonus + rules.exact_zero_per_card * cards if bid == 0 else rules.exact_bonus
    elif bid == 0 and rules.missed_zero_per_card is not None:
        points += rules.missed_zero_per_card * cards
    else:
        points += rules.missed + rules.missed_per_trick_off * abs(bid - tricks)
    if tricks in rules.count_bonus_tricks:
        points += rules.count_bonus_points
    if counted:  # without any counted card, no kind adds a point
        for kind in rules.cards:
            if exact or not kind.only_when_made:
                points += kind.points * counted.get(kind.name, 0)
    return points


@frozen
class Outcome:
    """Who won a finished game, and how.

    ``winners`` are seats; more than one means a shared win (or, while
    ``coin_flip_between`` is not empty, a tie waiting for its coin flip).
    ``decided_by`` is the tie-break that settled it, None when one player
    simply had the highest total.
    """

    winners: tuple[int, ...]
    decided_by: TieBreak | None
    coin_flip_between: tuple[int, ...] = ()


def outcome(
    rules: Rules,
    totals: Sequence[int],
    final_hand_points: Sequence[int],
    exact_bids: Sequence[int],
    coin_flip: int | None = None,
) -> Outcome:
    """Apply the game's tie-breaks, in order, to the players with the highest total.

    ``coin_flip`` is the seat a recorded coin flip chose; it only counts if
    that seat is among those still tied when the game's rules call for a flip.
    """
    best = max(totals)
    tied = tuple(seat for seat, total in enumerate(totals) if total == best)
    decided_by = None
    for tie_break in rules.tie_breaks:
        if len(tied) == 1:
            break
        if tie_break is TieBreak.COIN_FLIP:
            if coin_flip in tied:
                return Outcome(winners=(coin_flip,), decided_by=tie_break)
            return Outcome(winners=tied, decided_by=None, coin_flip_between=tied)
        key = final_hand_points if tie_break is TieBreak.FINAL_HAND_POINTS else exact_bids
        best_key = max(key[seat] for seat in tied)
        narrowed = tuple(seat for seat in tied if key[seat] == best_key)
        if len(narrowed) < len(tied):
            decided_by = tie_break
        tied = narrowed
    return Outcome(winners=tied, decided_by=decided_by if len(tied) == 1 else None)
