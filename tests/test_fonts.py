"""The app's fonts (companion.ui.fonts): every character a screen says in a language is in the font a tab of that
language fetches, the main part (cut by tools/split_font.py) loses nothing of the full font outside the far-east
ranges, and a tab fetches the far-east glyphs only once its language or a name needs them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import flet as ft
import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from companion.look import ASSETS, FONT_FILE
from companion.ui.fonts import (
    FAR_EAST_FONT,
    FONT,
    FULL_FONT,
    MAIN_PART,
    draw_far_east,
    draws_far_east,
    fonts_at_start,
    is_far_east,
    needs_far_east,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted([*ROOT.glob("companion/locale/*/LC_MESSAGES/*.po"), *ROOT.glob("scoring/locale/*/LC_MESSAGES/*.po")])


@cache
def characters(font: str) -> frozenset[str]:
    return frozenset(map(chr, TTFont(ASSETS / font).getBestCmap()))


def catalog_text(path: Path) -> str:
    with path.open("rb") as file:
        catalog = read_po(file)
    texts = []
    for message in catalog:
        for text in (message.id, message.string):
            texts += [text] if isinstance(text, str) else list(text or ())
    return "".join(texts)


def test_there_are_catalogs_in_every_language():
    assert {path.parts[-3] for path in CATALOGS} == {"hu", "de", "pl", "ja"}


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: f"{path.parts[-4]}-{path.parts[-3]}")
def test_every_character_of_a_catalog_is_in_the_font_its_tab_fetches(catalog):
    """A character missing from the main part would be a box on a Latin screen; one the full font lacks, a box in
    Japanese. The Japanese screens are the only ones that need the far-east glyphs."""
    text = {char for char in catalog_text(catalog) if char.isprintable()}
    language = catalog.parts[-3]
    assert not (text - characters(FULL_FONT))
    if language != "ja":
        assert not text - characters(MAIN_PART)
        assert not needs_far_east("".join(text))


def test_the_main_part_holds_every_character_of_the_full_font_outside_the_far_east_ranges():
    full = frozenset(map(chr, TTFont(FONT_FILE).getBestCmap()))
    assert {char for char in full if not is_far_east(char)} <= characters(MAIN_PART)
    assert characters(MAIN_PART) <= full
    assert len(characters(MAIN_PART)) < len(full) / 5  # the kana and kanji are left out
    assert (ASSETS / MAIN_PART).stat().st_size < FONT_FILE.stat().st_size / 10


def test_names_in_latin_greek_and_cyrillic_need_only_the_main_part():
    assert not needs_far_east("Zoë Łukasz Gábor Ἀθηνᾶ Жанна — “12” ✓ →")
    assert set("Zoë Łukasz Gábor Жанна") <= characters(MAIN_PART)
    assert needs_far_east("さくら") and needs_far_east("佐藤") and needs_far_east("ＡＢ")


def test_the_language_picker_needs_only_the_main_part():
    """Every start screen names the languages, Japanese in its own script."""
    assert not needs_far_east("English Magyar Deutsch Polski 日本語")
    assert set("日本語") <= characters(MAIN_PART)


def test_a_tab_opens_with_one_font_the_full_one_only_if_it_has_far_east_names_to_draw():
    assert fonts_at_start(False) == {FONT: MAIN_PART}
    assert fonts_at_start(True) == {FONT: FULL_FONT}
    assert not draws_far_east(fonts_at_start(False)) and draws_far_east(fonts_at_start(True))


class Tab:
    """What draw_far_east reads and sets of a page, and how often it was sent."""

    def __init__(self, fonts: dict[str, str]):
        self.fonts = dict(fonts)
        self.sent = 0

    def update(self) -> None:
        self.sent += 1


def test_a_latin_tab_fetches_the_far_east_glyphs_once_a_name_or_its_language_needs_them_and_asks_no_more():
    asked = []

    def names(*found: str):
        def stored() -> list[str]:
            asked.append(found)
            return list(found)
        return stored

    tab = Tab(fonts_at_start(False))
    assert not draw_far_east(tab, "en", names("Anna", "Béla")) and tab.fonts == {FONT: MAIN_PART}
    assert draw_far_east(tab, "en", names("Anna", "さくら"))
    assert tab.fonts == {FONT: MAIN_PART, FAR_EAST_FONT: FULL_FONT} and tab.sent == 1
    assert not draw_far_east(tab, "ja", names("さくら"))  # drawn already: the names are not even read
    assert asked == [("Anna", "Béla"), ("Anna", "さくら")] and tab.sent == 1

    japanese = Tab(fonts_at_start(False))
    assert draw_far_east(japanese, "ja", names()) and draws_far_east(japanese.fonts)
    opened_with_them = Tab(fonts_at_start(True))
    assert not draw_far_east(opened_with_them, "ja", names("さくら")) and opened_with_them.fonts == {FONT: FULL_FONT}
    assert opened_with_them.sent == 0


def test_every_text_style_falls_back_to_the_far_east_glyphs():
    from companion.ui.theme import DARK_THEME, LIGHT_THEME

    for theme in (LIGHT_THEME, DARK_THEME):
        assert theme.font_family == FONT
        styles = theme.text_theme
        for name in ("body_medium", "body_large", "title_large", "label_large", "label_small", "headline_small"):
            style = getattr(styles, name)
            assert isinstance(style, ft.TextStyle)
            assert style.font_family == FONT and style.font_family_fallback == [FAR_EAST_FONT], name
