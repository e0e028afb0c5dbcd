"""The app's font in two parts, cut from the full font (``companion.look.FONT_FILE``, which the PDF sheets embed) by
tools/split_font.py.

The main part (about 0.2 MB) draws Latin, Greek, Cyrillic, the symbols the screens use, and the Japanese language's
own name on the language picker; the far-east part (4.9 MB, 2.4 sent compressed: kana, kanji, fullwidth forms) is
every text style's fallback. A tab registers both as it opens. Registering the far-east part only once a text needed
it was tried: Flet's client builds the page anew when its fonts change, and a name field being typed in lost the
keyboard's focus then (a New game screen offering a Japanese name from the past games, mid-typing); so both come at
the start, before anything is typed.
"""

from __future__ import annotations

import re

FONT = "Bidwell Sans"
FAR_EAST_FONT = "Bidwell Sans Far East"
MAIN_PART = "fonts/BidwellSans-Main.woff2"
FAR_EAST_PART = "fonts/BidwellSans-FarEast.ttf"
"""The parts' addresses in the app's assets folder. The far-east part is TrueType, sent compressed (2.4 MB with
brotli, 2.9 with gzip; 2.0 as WOFF2): the renderer then has nothing to unpack (with WOFF2, one try on a busy machine
froze the page for 4.6 s)."""

FAR_EAST_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
                   (0x1F100, 0x1F2FF), (0x20000, 0x3FFFF))
"""The code points the far-east part holds: CJK radicals and symbols, kana, CJK ideographs and their extensions,
compatibility forms, fullwidth forms, enclosed alphanumerics and ideographs. Everything else is the main part's."""


def main_part_far_east() -> frozenset[str]:
    """The few far-east characters the main part holds as well: the language picker, on every start screen, names
    Japanese in its own script."""
    from companion.texts import language_name, languages

    return frozenset(char for code, _ in languages() for char in language_name(code) if is_far_east(char))


def is_far_east(char: str) -> bool:
    """Whether ``char`` is one of the far-east part's code points (:data:`FAR_EAST_RANGES`)."""
    point = ord(char)
    return any(first <= point <= last for first, last in FAR_EAST_RANGES)


def _needs_pattern() -> re.Pattern:
    ranges = "".join(f"{chr(first)}-{chr(last)}" for first, last in FAR_EAST_RANGES)
    also = "".join(sorted(main_part_far_east()))
    # A far-east character the main part does not draw.
    return re.compile(f"(?![{re.escape(also)}])[{ranges}]" if also else f"[{ranges}]")


_NEEDS: re.Pattern | None = None


def needs_far_east(text: str) -> bool:
    """Whether ``text`` has a character only the far-east part draws."""
    global _NEEDS
    if _NEEDS is None:
        _NEEDS = _needs_pattern()
    return _NEEDS.search(text) is not None


def fonts_at_start() -> dict[str, str]:
    """The fonts a tab registers as it opens (``page.fonts``): both parts."""
    return {FONT: MAIN_PART, FAR_EAST_FONT: FAR_EAST_PART}
