"""The catalogs are whole: every sentence the code declares is extracted, translated in every language with the
same placeholders, in the language's plural forms, compiled, and drawable by the shipped font."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.numbers import format_decimal, get_minus_sign_symbol

from companion.texts import APP
from scoring.i18n.engine import ENGINE
from scoring.i18n.language import PLAIN_BELOW
from scoring.i18n.locales import ENGLISH, GAME_CONTEXT, available

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - tools/catalogs.py, the tool that keeps the catalogs

SHIPPED = ("de", "hu", "ja", "pl")
DECLARED = {"scoring": ENGINE, "companion": APP}


@pytest.fixture(scope="module")
def extracted():
    return {domain: catalogs.extracted(domain) for domain in catalogs.DOMAINS}


def entries(catalog) -> dict[tuple[str | None, object], object]:
    return {(message.context, message.id): message for message in catalog if message.id}


def test_every_language_bidwell_ships_is_offered():
    assert set(SHIPPED) <= set(available())
    assert available()[0] == ENGLISH


@pytest.mark.parametrize("domain", list(catalogs.DOMAINS))
def test_babel_extracts_every_sentence_the_code_declares_as_the_code_declares_it(domain, extracted):
    found = {context: message.id for (context, _), message in entries(extracted[domain]).items()
             if context != GAME_CONTEXT}
    declared = {key: message.one if message.other is None else (message.one, message.other)
                for key, message in DECLARED[domain].messages.items()}
    assert len(declared) > 100
    assert found == declared


def test_the_game_files_texts_are_extracted(extracted):
    texts = {message.id for (context, _), message in entries(extracted["scoring"]).items() if context == GAME_CONTEXT}
    assert {"Rage'n Glyphs", "Oh Hell (BGA)", "Skip Up", "Long - Reversed", "+5 cards", "mushrooms",
            "5-trick bonus"} <= texts


@pytest.mark.parametrize("domain", list(catalogs.DOMAINS))
def test_the_committed_template_is_what_the_sources_give(domain, extracted):
    committed = catalogs.read(catalogs.template_path(domain))
    assert set(entries(committed)) == set(entries(extracted[domain])), (
        "run: .venv/bin/python tools/catalogs.py extract && .venv/bin/python tools/catalogs.py update")


def _fields(text: str) -> set[tuple[str, str]]:
    """The placeholders of ``text``: ``{name:spec}`` as Bidwell's sentences have them, and ``%(name)s``, ``%s``
    as argparse's own (filled in by argparse) have them."""
    braces = {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name is not None}
    return braces | {(name or "%", kind) for name, kind in re.findall(r"%(?:\((\w+)\))?([sdr])", text)}


def _forms_for_one_only(code: str, count: int) -> set[int]:
    """The plural forms of ``code`` that the number 1 alone selects (they may leave out what English's "one"
    leaves out)."""
    import gettext

    rule = gettext.c2py(get_plural(code).plural_expr)
    chosen: dict[int, set[int]] = {}
    for n in range(1000):
        chosen.setdefault(rule(n), set()).add(n)
    return {form for form in range(count) if chosen.get(form) == {1}}


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("domain", list(catalogs.DOMAINS))
def test_every_sentence_is_translated_with_the_same_placeholders_and_the_languages_plural_forms(domain, code):
    # Against the committed template; test_the_committed_template_is_what_the_sources_give holds that to the code.
    template = catalogs.read(catalogs.template_path(domain))
    catalog = catalogs.read(catalogs.po_path(domain, code), code)
    plural = get_plural(code)
    assert catalog.num_plurals == plural.num_plurals
    assert catalog.plural_expr.replace(" ", "") == plural.plural_expr.replace(" ", "")
    translated = entries(catalog)
    missing, fuzzy, wrong = [], [], []
    for key, message in entries(template).items():
        found = translated.get(key)
        if found is None or not all(found.string if isinstance(found.string, (list, tuple)) else [found.string]):
            missing.append(key[0] if key[0] != GAME_CONTEXT else key[1])
            continue
        if found.fuzzy:
            fuzzy.append(key)
        if isinstance(message.id, (list, tuple)):
            one, other = message.id
            forms = list(found.string)
            if len(forms) != plural.num_plurals:
                wrong.append((key, "forms"))
                continue
            only_one = _forms_for_one_only(code, plural.num_plurals)
            every = _fields(one) | _fields(other)
            for index, form in enumerate(forms):
                if index in only_one:  # said of 1 alone: it may say "one" instead of {count}, as English does
                    fits = _fields(one) - {("count", "")} <= _fields(form) <= every
                else:
                    fits = _fields(form) == every
                if not fits:
                    wrong.append((key, form))
        elif _fields(found.string) != _fields(message.id):
            wrong.append((key, found.string))
    assert missing == []
    assert fuzzy == []
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("domain", list(catalogs.DOMAINS))
def test_the_compiled_catalog_is_the_translation_as_it_stands(domain, code):
    po = catalogs.po_path(domain, code)
    assert po.with_suffix(".mo").read_bytes() == catalogs.mo_bytes(catalogs.read(po, code)), (
        "run: .venv/bin/python tools/catalogs.py compile")


@pytest.mark.parametrize("code", SHIPPED)
def test_the_shipped_font_draws_every_translated_character(code):
    from reportlab.pdfbase.ttfonts import TTFont

    from companion.look import FONT_FILE

    drawable = set(TTFont("BidwellSansCheck", str(FONT_FILE)).face.charToGlyph)
    undrawable = set()
    for domain in catalogs.DOMAINS:
        for message in catalogs.read(catalogs.po_path(domain, code), code):
            for text in message.string if isinstance(message.string, (list, tuple)) else [message.string]:
                undrawable |= {char for char in text or "" if not char.isspace() and ord(char) not in drawable}
    assert undrawable == set()


@pytest.mark.parametrize("code", (ENGLISH, *SHIPPED))
def test_small_whole_numbers_are_written_alike_in_every_language(code):
    # scoring.i18n writes numbers below PLAIN_BELOW itself, without asking Babel; this holds it to Babel's rules.
    assert get_minus_sign_symbol(code) == "-"
    for value in (-PLAIN_BELOW + 1, -5, 0, 7, 42, PLAIN_BELOW - 1):
        assert format_decimal(value, locale=code) == str(value)
