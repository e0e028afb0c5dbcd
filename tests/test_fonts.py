"""The app's font parts (companion.ui.fonts, cut by tools/split_font.py): every character a screen says in any
language is in the part loaded for it, and the parts together lose nothing of the full font the sheets use."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from companion.look import ASSETS, FONT_FILE
from companion.ui.fonts import (
    FAR_EAST_FONT,
    FAR_EAST_PART,
    FONT,
    MAIN_PART,
    fonts_at_start,
    is_far_east,
    needs_far_east,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted([*ROOT.glob("companion/locale/*/LC_MESSAGES/*.po"), *ROOT.glob("scoring/locale/*/LC_MESSAGES/*.po")])


@cache
def characters(part: str) -> frozenset[str]:
    return frozenset(map(chr, TTFont(ASSETS / part).getBestCmap()))


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
def test_every_character_of_a_catalog_is_in_the_part_loaded_for_it(catalog):
    """A character the main part lacks would be a box until the far-east part came (and for ever, for a tab that
    never needs it); one the far-east part lacks, a box in Japanese."""
    text = {char for char in catalog_text(catalog) if char.isprintable()}
    far_east = {char for char in text if needs_far_east(char)}
    assert not (text - far_east) - characters(MAIN_PART)
    assert not far_east - characters(FAR_EAST_PART)


def test_the_parts_together_hold_every_character_of_the_full_font():
    full = frozenset(map(chr, TTFont(FONT_FILE).getBestCmap()))
    assert full == characters(MAIN_PART) | characters(FAR_EAST_PART)
    # The far-east part holds its ranges only: anything else a name has is the main part's, loaded at start.
    assert all(is_far_east(char) for char in characters(FAR_EAST_PART))


def test_names_in_latin_greek_and_cyrillic_need_only_the_main_part():
    assert not needs_far_east("Zoë Łukasz Gábor Ἀθηνᾶ Жанна — “12” ✓ →")
    assert set("Zoë Łukasz Gábor Жанна") <= characters(MAIN_PART)
    assert needs_far_east("さくら") and needs_far_east("佐藤") and needs_far_east("ＡＢ")


def test_the_language_picker_needs_only_the_main_part():
    """Every start screen names the languages, Japanese in its own script."""
    assert not needs_far_east("English Magyar Deutsch Polski 日本語")
    assert set("日本語") <= characters(MAIN_PART)


def test_a_tab_registers_both_parts_as_it_opens_the_far_east_one_as_every_styles_fallback():
    from companion.ui.theme import LIGHT_THEME

    assert fonts_at_start() == {FONT: MAIN_PART, FAR_EAST_FONT: FAR_EAST_PART}
    styles = LIGHT_THEME.text_theme
    for name in ("body_medium", "body_large", "title_large", "label_large"):
        style = getattr(styles, name)
        assert style.font_family == FONT and style.font_family_fallback == [FAR_EAST_FONT], name
