"""Cut the app's main font part (companion.ui.fonts.MAIN_PART, BidwellSans-Main.woff2) from the full font the
sheets embed and far-east tabs fetch (companion/assets/fonts/BidwellSans-Regular.ttf, built by tools/build_font.py).

The main part holds every code point of the full font outside ``FAR_EAST_RANGES``, and the far-east characters of
the languages' own names; it keeps the full font's names, metrics and layout features, so a text looks the same
drawn from either. Run after tools/build_font.py (needs fonttools and brotli):

    .venv/bin/python tools/split_font.py
"""

from __future__ import annotations

from fontTools import subset
from fontTools.ttLib import TTFont

from companion.look import ASSETS, FONT_FILE
from companion.ui.fonts import MAIN_PART, is_far_east, main_part_far_east


def main_part_points() -> list[int]:
    """The code points the main part holds."""
    shared = {ord(char) for char in main_part_far_east()}
    return [point for point in sorted(TTFont(FONT_FILE).getBestCmap())
            if not is_far_east(chr(point)) or point in shared]


def cut(points: list[int]) -> None:
    """Write the full font's glyphs for ``points`` (and what they need) to the main part, as WOFF2."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.flavor = "woff2"
    font = TTFont(FONT_FILE)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(ASSETS / MAIN_PART)


if __name__ == "__main__":
    wanted = main_part_points()
    cut(wanted)
    print(f"{MAIN_PART}: {len(wanted)} characters, {(ASSETS / MAIN_PART).stat().st_size:,} bytes")
