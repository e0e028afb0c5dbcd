"""Cut the app's font into the two parts the screens load (companion.ui.fonts): BidwellSans-Main.woff2 and
BidwellSans-FarEast.ttf, from the full font the sheets embed (companion/assets/fonts/BidwellSans-Regular.ttf,
built by tools/build_font.py).

The main part holds every code point outside ``FAR_EAST_RANGES`` and the far-east characters of the languages'
own names; the far-east part holds the ranges. Both keep the full font's names, metrics and layout features, so
the same text looks the same drawn from either. Run after tools/build_font.py (needs fonttools and brotli; takes
a few minutes):

    .venv/bin/python tools/split_font.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from companion.look import ASSETS, FONT_FILE
from companion.ui.fonts import FAR_EAST_PART, MAIN_PART, is_far_east, main_part_far_east


def parts() -> dict[Path, list[int]]:
    """Each part's file and the code points it holds."""
    points = sorted(TTFont(FONT_FILE).getBestCmap())
    shared = {ord(char) for char in main_part_far_east()}
    return {
        ASSETS / MAIN_PART: [point for point in points if not is_far_east(chr(point)) or point in shared],
        ASSETS / FAR_EAST_PART: [point for point in points if is_far_east(chr(point))],
    }


def cut(target: Path, points: list[int]) -> None:
    """Write the full font's glyphs for ``points`` (and what they need) to ``target``, as WOFF2 or TrueType as its
    name says."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    flavor = "woff2" if target.suffix == ".woff2" else None
    options.flavor = flavor
    font = TTFont(FONT_FILE)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(font)
    font.flavor = flavor
    font.save(target)


if __name__ == "__main__":
    only = sys.argv[1:]  # file names, to cut only those
    for path, wanted in parts().items():
        if only and path.name not in only:
            continue
        cut(path, wanted)
        print(f"{path.name}: {len(wanted)} characters, {path.stat().st_size:,} bytes")
