"""What the screens and the sheets draw alike: the app's assets folder and the font that draws every name, the
colours a game's players are drawn in, and where a chart's axes start and end and how often they are labelled.
No Flet here: the sheets are also drawn by the command line."""

from __future__ import annotations

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
