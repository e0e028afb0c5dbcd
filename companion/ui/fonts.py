"""The app's font in two parts, so that a screen of Latin names does not wait for 15,000 Japanese glyphs.

The main part (about 0.2 MB) draws Latin, Greek, Cyrillic, the symbols the screens use, and the Japanese
language's own name on the language picker; it is loaded with the app. The far-east part (4.9 MB, 2.4 sent: kana,
kanji, fullwidth forms) is every text style's fallback and is loaded once a tab needs it. When it comes, Flet's
client builds the page anew: a text field being typed in loses the keyboard's focus, once per tab. Both are cut from the
full font (``companion.look.FONT_FILE``, which the PDF sheets embed) by tools/split_font.py.

Where the server watches the text it sends (``bidwell`` in a browser, see :class:`FarEastOnDemand`), the far-east
part is added to a tab's fonts when a text of it first needs it: a Japanese name, or the Japanese language. Elsewhere
(the published phone app, a desktop window) both parts are loaded at start.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

FONT = "Bidwell Sans"
FAR_EAST_FONT = "Bidwell Sans Far East"
MAIN_PART = "fonts/BidwellSans-Main.woff2"
FAR_EAST_PART = "fonts/BidwellSans-FarEast.ttf"
"""The parts' addresses in the app's assets folder. The far-east part is TrueType, sent compressed (2.4 MB with
brotli, 2.9 with gzip; 2.0 as WOFF2): it comes mid-game, while names are typed, and the renderer then has nothing to
unpack (with WOFF2, the one try of tests/browser/test_font_parts.py on a busy machine froze the page for 4.6 s)."""

FAR_EAST_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
                   (0x1F100, 0x1F2FF), (0x20000, 0x3FFFF))
"""The code points the far-east part holds: CJK radicals and symbols, kana, CJK ideographs and their extensions,
compatibility forms, fullwidth forms, enclosed alphanumerics and ideographs. Everything else is the main part's."""

_far_east_on_demand = False


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


class FarEastOnDemand:
    """A server's watch on the text it sends (``companion.server.web.TextWatch``): tabs start with the main part only,
    and a tab is given the far-east part once a text sent to it needs it."""

    def watching(self) -> None:
        """From now on, tabs start with the main part only."""
        global _far_east_on_demand
        _far_east_on_demand = True

    def sent(self, page: ft.Page, text: str) -> bool:
        """Give ``page`` the far-east part (soon, not while its message is being sent) if ``text`` needs it; whether
        it has it now."""
        if FAR_EAST_FONT in (page.fonts or {}):
            return True
        if not needs_far_east(text):
            return False
        import asyncio

        asyncio.get_running_loop().call_soon(add_far_east, page)
        return True


def fonts_at_start() -> dict[str, str]:
    """The fonts a tab registers as it opens (``page.fonts``)."""
    return {FONT: MAIN_PART} if _far_east_on_demand else {FONT: MAIN_PART, FAR_EAST_FONT: FAR_EAST_PART}


def add_far_east(page: ft.Page) -> None:
    """Give the tab the far-east part, if it has not got it: its texts are drawn again once it has come."""
    fonts = dict(page.fonts or {})
    if FAR_EAST_FONT in fonts:
        return
    fonts[FAR_EAST_FONT] = FAR_EAST_PART
    page.fonts = fonts
    page.update()
