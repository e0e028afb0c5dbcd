"""What the screens and the sheets draw alike: the app's assets folder and the font that draws every name, the
colours a game's players are drawn in, and where a chart's axes start and end and how often they are labelled.
No Flet here: the sheets are also drawn by the command line."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

ASSETS = Path(__file__).with_name("assets")
FONT_FILE = ASSETS / "fonts" / "BidwellSans-Regular.ttf"
SEAT_COLOURS = ("#42A5F5", "#EF5350", "#4CAF50", "#FF9800", "#BA68C8", "#26A69A", "#F06292", "#A1887F", "#7986CB",
                "#C0CA33")
"""One colour per seat (Material blue 400, red 400, green 500, …): mid tones told apart on white paper and on
light and dark screens alike."""


def seat_colour(seat: int) -> str:
    """The colour of the player in ``seat`` (colours come round again past ten players)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def axis_step(span: float) -> int:
    """A label every so many units, for at most six labels along an axis (1, 2, 5, 10, 20, 50, …)."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= 6 * factor * magnitude:
                return factor * magnitude
        magnitude *= 10


def axis_marks(first: int, last: int, gap: float) -> list[int]:
    """The values labelled along an axis of counts from ``first`` to ``last``: both ends, and every multiple of
    :func:`axis_step` between them at least ``gap`` (in the axis' values) from each end, so that the last label,
    the count itself, never runs into the round number before it ("30" and "31" printed over each other).

    >>> axis_marks(0, 31, 1.5), axis_marks(1, 3, 0.2), axis_marks(0, 1, 0.1)
    ([0, 10, 20, 31], [1, 2, 3], [0, 1])
    """
    step = axis_step(max(last - first, 1))
    between = range(-(-first // step) * step, last, step)
    return [first, *(mark for mark in between if mark - first >= gap and last - mark >= gap), last]


def nice_range(values: list[int]) -> tuple[int, int, int]:
    """An axis holding ``values`` that starts and ends on a label (no stray label at either end); and the step
    between labels."""
    low, high = min(values), max(values)
    step = axis_step(max(high - low, 1))
    while True:
        start, end = low // step * step, -(-high // step) * step
        end = end if end > start else start + step
        if axis_step(end - start) == step:
            return start, end, step
        step = axis_step(end - start)


def nice_top(value: int) -> tuple[int, int]:
    """An axis from 0 that holds ``value`` with room above it, ending on a label (no stray top label); and the
    step between labels."""
    step = axis_step(value + 1)
    return -(-(value + 1) // step) * step, step


def labelled_hands(cards: Sequence[int], room: int) -> list[int]:
    """Which hands (indices into ``cards``, each hand's size in play order) get their size under their bar, when
    ``room`` labels fit along the axis: every hand if they all fit; else every k-th, k as small as fits, counted
    outward from each turn of the sequence (where it stops falling and rises, or the other way) and kept at least
    k apart. A turn is always labelled, so two equal sizes never stand side by side with the different one
    between them unsaid (6 4 2 2 4 6 for 6 … 1 … 6).

    >>> [[6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6][i] for i in labelled_hands([6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6], 6)]
    [6, 3, 1, 3, 6]
    """
    count = len(cards)
    if count <= max(room, 1):
        return list(range(count))
    step = 1
    while (count - 1) // step + 1 > room:
        step += 1
    turns = [at for at in range(1, count - 1) if (cards[at] - cards[at - 1]) * (cards[at + 1] - cards[at]) < 0]
    # The turns first, then the two ends, then every k-th from each turn (or the first hand) toward the next.
    wanted = [*turns, 0, count - 1]
    starts = [0, *turns, count - 1]
    for start, end in pairwise(starts):
        if start in turns or (start == 0 and not turns):
            wanted += range(start + step, end, step)
        else:
            wanted += range(end - step, start, -step)
    chosen: list[int] = []
    for at in wanted:
        if all(abs(at - other) >= step for other in chosen):
            chosen.append(at)
    return sorted(chosen)
