"""What a one-off bonus or penalty (:class:`~scoring.actions.Adjust`) may be, apart from the game it is given in."""

from __future__ import annotations

from scoring.errors import AdjustmentError, as_written
from scoring.text import escaped, graphemes_over, kept_name, shortened, unsafe_character

ADJUSTMENT_MAX = 999
"""The largest bonus or penalty given at once: more than any hand of the family scores, so a mistyped extra
digit is refused rather than deciding the game."""

ADJUSTMENTS_PER_HAND_MAX = 100
"""The most bonuses and penalties one hand may be given: a real table gives a few in a whole game. A bound keeps what
a record or a shared link can ask a reader to replay small (an attack gave one hand 40,000)."""

ADJUSTMENTS_PER_GAME_MAX = 1000
"""The most bonuses and penalties one game may be given, for the same reason."""

REASON_MAX = 40
"""The longest reason for an adjustment, in graphemes: a few words ("revoke in hand 5") that fit a sheet's note."""


def check_points_and_reason(points: object, reason: object, *, hand: int, player: str) -> str:
    """The reason as it is kept (:func:`~scoring.text.kept_name`), once ``points`` is a whole number from
    -:data:`ADJUSTMENT_MAX` to :data:`ADJUSTMENT_MAX` but 0 and ``reason`` text of at most :data:`REASON_MAX`
    graphemes with no control character; else :class:`AdjustmentError` naming the hand and player.

    >>> check_points_and_reason(-10, "  revoke ", hand=3, player="Béla")
    'revoke'
    >>> check_points_and_reason(0, "", hand=3, player="Béla")
    Traceback (most recent call last):
    ...
    scoring.errors.AdjustmentError: hand 3, Béla: 0 points changes nothing; give a bonus (up to 999) or a penalty (down to -999)
    """
    limits = {"low": -ADJUSTMENT_MAX, "high": ADJUSTMENT_MAX}
    if type(points) is not int:
        raise AdjustmentError("adjust.not_whole", hand=hand, player=player, value=as_written(points), **limits)
    if points == 0:
        raise AdjustmentError("adjust.zero", hand=hand, player=player, **limits)
    if abs(points) > ADJUSTMENT_MAX:
        raise AdjustmentError("adjust.range", hand=hand, player=player, value=points, **limits)
    if not isinstance(reason, str):
        raise AdjustmentError("adjust.reason_type", hand=hand, player=player, value=as_written(reason))
    kept = kept_name(reason)
    if (character := unsafe_character(kept)) is not None:
        raise AdjustmentError("adjust.reason_control", hand=hand, player=player, character=escaped(character))
    if graphemes_over(kept, REASON_MAX):
        raise AdjustmentError("adjust.reason_long", hand=hand, player=player, max=REASON_MAX,
                              reason=shortened(kept, REASON_MAX))
    return kept
