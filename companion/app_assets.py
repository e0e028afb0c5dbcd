"""Files shipped with the app: its assets folder and the font that draws every name; and the colours a
game's players are drawn in, on the screen's charts and the sheet's alike."""

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
