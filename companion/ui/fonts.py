"""Which of the app's fonts a tab fetches, and when: a table of Latin names never waits for the Japanese glyphs.

The screens draw in Bidwell Sans. Its main part (``MAIN_PART``, 0.2 MB, cut from the full font by
tools/split_font.py) holds Latin, Greek, Cyrillic, the symbols the screens use and the Japanese language's own name
on the language picker. The full font (``FULL_FONT``, 5.6 MB, 2.7 sent compressed; the one the PDF sheets embed)
adds kana and kanji; a tab fetches it only once it has something to draw with them: the Japanese screens, or a name
in a far-east script.

When it is fetched matters as much. A font registered while the tab is in use makes Flet's client draw the page
anew, and a field being typed in then loses the keyboard's focus and the keys typed next (measured in Chromium: 12
of 47 characters gone). So it is decided as the tab opens, from its stored games, as its only font; and otherwise
only as a screen opens (a new screen, or the tab's language found or changed), never while a screen is in use. A
far-east name typed on New game shows as boxes until the game's screen opens, where it is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

import flet as ft

FONT = "Bidwell Sans"
FAR_EAST_FONT = "Bidwell Sans Far East"
"""The full font under a family of its own: every text style's fallback, for the glyphs the main part lacks."""
MAIN_PART = "fonts/BidwellSans-Main.woff2"
FULL_FONT = "fonts/BidwellSans-Regular.ttf"
"""Addresses in the app's assets folder. The full font stays TrueType, sent compressed (2.7 MB with brotli): the
renderer then has nothing to unpack (a 2 MB WOFF2 of the far-east glyphs froze a busy tab for 4.6 s once)."""
FAR_EAST_LANGUAGES = frozenset({"ja"})
"""The languages whose screens need the far-east glyphs."""

FAR_EAST_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
                   (0x1F100, 0x1F2FF), (0x20000, 0x3FFFF))
"""The code points the main part leaves out: CJK radicals and symbols, kana, CJK ideographs and their extensions,
compatibility forms, fullwidth forms, enclosed alphanumerics and ideographs."""


def main_part_far_east() -> frozenset[str]:
    """The few far-east characters the main part holds as well: the language picker, on every start screen, names
    Japanese in its own script."""
    from companion.texts import language_name, languages

    return frozenset(char for code, _ in languages() for char in language_name(code) if is_far_east(char))


def is_far_east(char: str) -> bool:
    """Whether ``char`` is in :data:`FAR_EAST_RANGES`."""
    point = ord(char)
    return any(first <= point <= last for first, last in FAR_EAST_RANGES)


@cache
def _main_part_lacks() -> re.Pattern:
    ranges = "".join(f"{chr(first)}-{chr(last)}" for first, last in FAR_EAST_RANGES)
    also = "".join(sorted(main_part_far_east()))
    return re.compile(f"(?![{re.escape(also)}])[{ranges}]" if also else f"[{ranges}]")


def needs_far_east(text: str) -> bool:
    """Whether ``text`` has a character the main part does not draw."""
    return _main_part_lacks().search(text) is not None


def names_need_far_east(names: Iterable[str]) -> bool:
    """Whether any of ``names`` has a character the main part does not draw."""
    return any(needs_far_east(name) for name in names)


def fonts_at_start(far_east: bool) -> dict[str, str]:
    """The tab's fonts as it opens (``page.fonts``): one file, the full font if it has ``far_east`` text to draw
    already, else the main part. Only names the tab may see count: a phone behind the PIN learns nothing of the
    stored games, not even from which font it is sent."""
    return {FONT: FULL_FONT if far_east else MAIN_PART}


def draws_far_east(fonts: dict[str, str] | None) -> bool:
    """Whether a tab with ``fonts`` registered draws the far-east glyphs."""
    return bool(fonts) and FULL_FONT in fonts.values()


def draw_far_east(page: ft.Page, language: str | None, names: Callable[[], Iterable[str]]) -> bool:
    """Have the tab fetch the full font, as every style's fallback, if the screens' ``language`` or one of the
    ``names`` (asked only then: names the tab may see) has far-east text and the tab does not draw it yet; whether
    it was asked now. Call it only as a screen opens (see the module's note)."""
    if draws_far_east(page.fonts) or (language not in FAR_EAST_LANGUAGES and not names_need_far_east(names())):
        return False
    page.fonts = {**(page.fonts or {}), FAR_EAST_FONT: FULL_FONT}
    page.update()
    return True
