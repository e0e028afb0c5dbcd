"""What the screens and the sheets draw alike: the app's assets folder and the font that draws every name, the
app's colours in light and dark and the contrast they keep, the colours a game's players are drawn in, and where a chart's axes start and end and how often they are labelled.
No Flet here: the sheets are also drawn by the command line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

ASSETS = Path(__file__).with_name("assets")
FONT_FILE = ASSETS / "fonts" / "BidwellSans-Regular.ttf"
FONT_MANIFEST = ASSETS / "assets" / "FontManifest.json"
"""The fonts Flutter's web engine fetches and reads as the page starts: Material's icons (Flet adds its Roboto, and
the screens' own font comes as the tab's ``page.fonts``). Flet's client lists the fonts of KaTeX (its math text) and
of the Cupertino icons too, 21 files Bidwell never draws with; Flet serves this file in place of its own (an assets
folder's file comes first), and a published build leaves their files out."""
SEAT_COLOURS = ("#42A5F5", "#EF5350", "#4CAF50", "#FF9800", "#BA68C8", "#26A69A", "#F06292", "#A1887F", "#7986CB",
                "#C0CA33")
"""One colour per seat (Material blue 400, red 400, green 500, …): mid tones told apart on white paper and on
light and dark screens alike."""


@dataclass(frozen=True)
class Palette:
    """Bidwell's colours in one brightness, by their Material 3 roles (``on_x`` is drawn on ``x``): a card
    table's felt green, its brass, the red of a heart and the ivory of a card, each a shade that keeps its text
    readable (:data:`CONTRAST_PAIRS`)."""

    primary: str
    on_primary: str
    primary_container: str
    on_primary_container: str
    secondary: str
    on_secondary: str
    secondary_container: str
    on_secondary_container: str
    tertiary: str
    on_tertiary: str
    tertiary_container: str
    on_tertiary_container: str
    error: str
    on_error: str
    error_container: str
    on_error_container: str
    surface: str
    on_surface: str
    on_surface_variant: str
    outline: str
    outline_variant: str
    surface_container_lowest: str
    surface_container_low: str
    surface_container: str
    surface_container_high: str
    surface_container_highest: str


LIGHT = Palette(
    primary="#1D6B45", on_primary="#FFFFFF", primary_container="#C6ECD6", on_primary_container="#00391F",
    secondary="#7A5A0C", on_secondary="#FFFFFF", secondary_container="#F5E2AE", on_secondary_container="#2E2200",
    tertiary="#9A3A32", on_tertiary="#FFFFFF", tertiary_container="#FFDAD5", on_tertiary_container="#3E0402",
    error="#B3261E", on_error="#FFFFFF", error_container="#F9DEDC", on_error_container="#410E0B",
    surface="#FBF9F3", on_surface="#1B1D1A", on_surface_variant="#444B45", outline="#6F776F", outline_variant="#C3C9C0",
    surface_container_lowest="#FFFFFF", surface_container_low="#F5F3EC", surface_container="#EFEDE6",
    surface_container_high="#E9E7E0", surface_container_highest="#E3E2DA",
)
"""The light look: ivory paper, felt-green actions and top bar."""

DARK = Palette(
    primary="#86D7A8", on_primary="#00391F", primary_container="#0C5234", on_primary_container="#C6ECD6",
    secondary="#E6C36A", on_secondary="#3F2E00", secondary_container="#5B4300", on_secondary_container="#F5E2AE",
    tertiary="#FFB4A9", on_tertiary="#5F1510", tertiary_container="#7B2A22", on_tertiary_container="#FFDAD5",
    error="#FFB4AB", on_error="#690005", error_container="#93000A", on_error_container="#FFDAD6",
    surface="#101512", on_surface="#E0E4DE", on_surface_variant="#C0C8BF", outline="#8A928A", outline_variant="#404942",
    surface_container_lowest="#0B0F0C", surface_container_low="#181D19", surface_container="#1C211D",
    surface_container_high="#262B27", surface_container_highest="#313632",
)
"""The dark look: the table at night, the felt deep green under light text."""

TEXT_CONTRAST = 4.5
"""WCAG 2.2 AA for text (1.4.3)."""
COMPONENT_CONTRAST = 3.0
"""WCAG 2.2 AA for the edges of controls (1.4.11)."""

CONTRAST_PAIRS: tuple[tuple[str, str, float], ...] = (
    *((f"on_{role}", role, TEXT_CONTRAST) for role in (
        "primary", "primary_container", "secondary", "secondary_container", "tertiary", "tertiary_container",
        "error", "error_container")),
    # Text drawn straight on the page and on the cards and panels: links and buttons, refusals, quiet lines.
    *((text, ground, TEXT_CONTRAST) for text in ("on_surface", "on_surface_variant", "primary", "error", "secondary",
                                                 "tertiary")
      for ground in ("surface", "surface_container_low", "surface_container", "surface_container_highest")),
    ("on_primary_container", "primary_container", TEXT_CONTRAST),
    ("on_surface", "primary_container", TEXT_CONTRAST),  # a leader's column on the scoreboard
    ("outline", "surface", COMPONENT_CONTRAST),  # a text field's and an outlined button's edge
)
"""Every (foreground, background, least contrast) pair of roles the screens draw: tests/test_look.py checks each
in both looks."""


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two ``#RRGGBB`` colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast("#000000", "#FFFFFF"), 1), round(contrast("#777777", "#FFFFFF"), 2)
    (21.0, 4.48)
    """
    lighter, darker = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    channels = (int(colour[index:index + 2], 16) / 255 for index in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


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
