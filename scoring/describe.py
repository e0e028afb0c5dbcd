"""The rules of a game in words, from the same parameters the engine scores with.

A printed sheet carries these sentences so a table can score by hand; since
they are written from :class:`~scoring.definitions.Rules`, a house-rule
template describes itself.
"""

from __future__ import annotations

from scoring.definitions import Rules
from scoring.messages import render


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
    lines.append(_say("rules.exact", bonus=s.exact_bonus))
    if s.exact_zero_bonus != s.exact_bonus:
        lines.append(_say("rules.exact_zero", points=s.exact_zero_bonus))
    if s.missed:
        lines.append(_say("rules.missed", points=s.missed))
    if s.missed_per_trick_off:
        lines.append(_say("rules.missed_off", points=s.missed_per_trick_off))
    if s.all_tricks_per_trick is not None:
        lines.append(_say("rules.all_tricks", points=s.all_tricks_per_trick))
    if s.count_bonus_tricks and s.count_bonus_points:
        tricks = " or ".join(str(t) for t in sorted(s.count_bonus_tricks))
        lines.append(_say("rules.count_bonus", points=s.count_bonus_points, tricks=tricks))
    for kind in s.cards:
        lines.append(_say("rules.card", label=kind.label, points=f"{kind.points:+d}"))
    lines.append(_say(f"rules.bidding.{rules.bidding.value}"))
    if rules.hook:
        lines.append(_say("rules.hook"))
    if rules.tricks_may_vanish:
        lines.append(_say("rules.vanish", count=rules.tricks_may_vanish))
    if rules.target is not None:
        lines.append(_say("rules.end_target", target=rules.target))
    else:
        lines.append(_say("rules.end_hands", count=rules.hand_count))
    lines += [_say(f"rules.tie.{tie.value}") for tie in rules.tie_breaks] or [_say("rules.tie.shared")]
    return lines


def _say(key: str, **params: object) -> str:
    return render(key, params)
