"""A game in words: its rules, and how it ended, from the same facts the engine scores with.

A printed sheet carries the rules' sentences so a table can score by hand;
since they are written from :class:`~scoring.rules.Rules`, a house-rule
template describes itself. The app's end screen and the printed sheet say who
won with the same sentences, :func:`winner_line` and :func:`tie_break_line`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scoring.i18n.engine import render
from scoring.i18n.language import current
from scoring.i18n.sentences import GameText, Listed
from scoring.rules import Rules, TieBreak

if TYPE_CHECKING:
    from scoring.state import GameState


def scoring_summary(rules: Rules) -> list[str]:
    """Short sentences that say how a hand is scored, how bids are made and how the game ends.

    >>> from scoring.definitions import rules_for
    >>> scoring_summary(rules_for("rage", 4))[:3]
    ['1 point for each trick taken', '+10 for an exact bid', '-5 for a missed bid']
    """
    s = rules.scoring
    lines = []
    if s.per_trick == s.per_trick_missed == 0:
        lines.append(_say("rules.no_trick_points"))
    elif s.per_trick == s.per_trick_missed:
        lines.append(_say("rules.per_trick", count=s.per_trick))
    else:
        lines.append(_say("rules.per_trick_split", made=s.per_trick, missed=s.per_trick_missed))
    if s.exact_bonus:  # "+0 for an exact bid" would tell nothing (Skull King: its points a trick are all)
        lines.append(_say("rules.exact", bonus=s.exact_bonus))
    if s.exact_zero_per_card:
        key = "rules.exact_zero_per_card_plus" if s.exact_zero_bonus else "rules.exact_zero_per_card"
        lines.append(_say(key, points=s.exact_zero_per_card, bonus=s.exact_zero_bonus))
    elif s.exact_zero_bonus != s.exact_bonus:
        lines.append(_say("rules.exact_zero", points=s.exact_zero_bonus))
    if s.missed:
        lines.append(_say("rules.missed", points=s.missed))
    if s.missed_per_trick_off:
        lines.append(_say("rules.missed_off", points=s.missed_per_trick_off))
    if s.missed_zero_per_card is not None:
        lines.append(_say("rules.missed_zero_per_card", points=s.missed_zero_per_card))
    if s.all_tricks_per_trick is not None:
        lines.append(_say("rules.all_tricks", points=s.all_tricks_per_trick))
    if s.count_bonus_tricks and s.count_bonus_points:
        tricks = Listed(sorted(s.count_bonus_tricks), joined="or")
        lines.append(_say("rules.count_bonus", points=s.count_bonus_points, tricks=tricks))
    for kind in s.cards:
        lines.append(_say("rules.card_made" if kind.only_when_made else "rules.card", label=GameText(kind.label),
                          points=kind.points))
    lines.append(_say(f"rules.bidding.{rules.bidding.value}"))
    if rules.hook:
        lines.append(_hook_line(rules))
    if rules.tricks_may_vanish:
        lines.append(_say("rules.vanish", count=rules.tricks_may_vanish))
    if rules.target is not None:
        lines.append(_say("rules.end_target", target=rules.target))
    else:
        lines.append(_say("rules.end_hands", count=rules.hand_count))
    lines += [_say(f"rules.tie.{tie.value}") for tie in rules.tie_breaks] or [_say("rules.tie.shared")]
    return lines


def _hook_line(rules: Rules) -> str:
    """The hook in words, with the hand and the hand size it holds from where it does not hold in every hand."""
    from_hand, from_cards = rules.hook_from_hand > 1, rules.hook_from_cards > 1
    if from_hand and from_cards:
        return _say("rules.hook_from_both", number=rules.hook_from_hand, count=rules.hook_from_cards)
    if from_hand:
        return _say("rules.hook_from_hand", number=rules.hook_from_hand)
    if from_cards:
        return _say("rules.hook_from_cards", count=rules.hook_from_cards)
    return _say("rules.hook")


def _say(key: str, **params: object) -> str:
    return render(key, params)


def winner_line(state: GameState, players: Sequence[str]) -> str | None:
    """Who won, as one sentence; None until the game is finished.

    ``players`` are the names in seat order. One winner: "Anna wins!"; a
    shared win: "Anna and Béla share the win."; a tie the game's rules leave
    to a coin flip that is not recorded yet: "Still tied after the final
    hand: Anna, Béla. Flip a coin."
    """
    if not state.finished:
        return None
    if state.coin_flip_between:
        return _say("end.coin_needed", names=Listed([players[seat] for seat in state.coin_flip_between]))
    names = [players[seat] for seat in state.winners]
    if len(names) == 1:
        return _say("end.winner", name=names[0])
    return _say("end.shared", names=names_and(names))


def adjustment_lines(state: GameState, players: Sequence[str]) -> list[str]:
    """Every bonus and penalty given, one sentence each, in the order of the hands and as given: whom, how much
    (signed), why, and, for a hand not scored yet, that it counts from then ("Hand 5: Béla -10, revoke")."""
    return [line for _, line in adjustment_lines_by_hand(state, players)]


def adjustment_lines_by_hand(state: GameState, players: Sequence[str]) -> list[tuple[int, str]]:
    """The lines of :func:`adjustment_lines`, each with the number of the hand it was given with."""
    number = current()
    lines = []
    for hand in state.hands:
        if hand.void:
            continue
        for given in hand.adjustments:
            key = ("adjusted.line" if hand.scored else "adjusted.pending") + ("_why" if given.reason else "")
            lines.append((hand.number, _say(key, number=hand.number, name=players[given.seat], reason=given.reason,
                                            points=number.integer(given.points, signed=True))))
    return lines


def tie_break_line(state: GameState) -> str | None:
    """How a tie on the highest total was settled, as one sentence; None where there was none to settle.

    None too while the game is unfinished or a coin flip is still to be
    made (:func:`winner_line` says that one).
    """
    if not state.finished or state.coin_flip_between:
        return None
    if state.decided_by is not None:
        return _say(_DECIDED_BY[state.decided_by])
    if len(state.winners) > 1:
        return _say("end.tie_shared")
    return None


def names_and(names: Sequence[str]) -> str:
    """Names as a sentence in the language in use lists them (CLDR's own way, with Babel).

    >>> names_and(["Anna"]), names_and(["Anna", "Béla"]), names_and(["Anna", "Béla", "Csilla"])
    ('Anna', 'Anna and Béla', 'Anna, Béla, and Csilla')
    """
    return str(Listed(names, joined="and"))


_DECIDED_BY = {
    TieBreak.FINAL_HAND_POINTS: "end.by_final_hand",
    TieBreak.EXACT_BIDS: "end.by_exact_bids",
    TieBreak.COIN_FLIP: "end.by_coin_flip",
}
