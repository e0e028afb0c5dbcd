"""Bidwell's gettext catalogs, kept with Babel: extract the English, merge it into each language, compile.

Each part of Bidwell has a domain of its own: ``scoring`` (the engine's sentences, and the texts of the game
files in templates/: names, options and their choices, cards, suits) and ``companion`` (the app, the command
line, the sheets). A sentence is declared in English with ``msg(key, text)`` or ``msg_plural(key, one, other)``;
the key is its gettext context, and a ``# TRANSLATORS:`` comment just above it reaches the translator. A game
file's texts have the context ``game file``.

    .venv/bin/python tools/catalogs.py extract       # <part>/locale/<domain>.pot from the sources
    .venv/bin/python tools/catalogs.py update        # merge them into every language's .po (new ones empty)
    .venv/bin/python tools/catalogs.py compile [CODE] # every .po (or one language's) into the .mo Bidwell reads
    .venv/bin/python tools/catalogs.py init CODE     # start a new language (then update, translate, compile)

After changing a sentence: extract, update, translate what is new or marked fuzzy, compile; the tests
(tests/test_catalogs.py) fail while any of it is left undone. To try a translation without installing
Bidwell again, compile it into a folder of its own and point ``BIDWELL_CATALOGS`` at it.
"""

from __future__ import annotations

import io
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"msg": ((1, "c"), 2), "msg_plural": ((1, "c"), 2, 3)}
COMMENT_TAGS = ["TRANSLATORS:"]
GAME_CONTEXT = "game file"  # scoring.i18n.GAME_CONTEXT (not imported: the tool runs on a checkout as it is)
PROJECT = "Bidwell"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def game_file_texts(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:  # noqa: ANN001 - Babel's API
    """Babel extractor for a game file (templates/*.toml): every text a player reads, with where it is.

    A game's name; each option's label, explanation and choice labels; each counted card's label and heading;
    each trump suit. Yields as Babel's own extractors do: (line, keyword, (context, text), comments).
    """
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()

    def line_of(text: str) -> int:
        quoted = (f'"{text}"', f"'{text}'")
        return next((number for number, line in enumerate(lines, 1) if any(q in line for q in quoted)), 1)

    def found(text: str, where: str) -> tuple:
        return line_of(text), "msg", (GAME_CONTEXT, text), [where]

    if "name" in data:
        yield found(data["name"], "the game's name")
    for name, option in data.get("options", {}).items():
        if "label" in option:
            yield found(option["label"], f"the name of the option {name}")
        if option.get("explain"):
            yield found(option["explain"], f"what the option {name} does")
        for value, label in option.get("labels", {}).items():
            yield found(label, f"the option {name} set to {value}")
    for card in data.get("scoring", {}).get("cards", []):
        if "label" in card:
            yield found(card["label"], "counted cards (a column of the score sheet: its first word)")
        if "heading" in card:
            yield found(card["heading"], "counted cards: the heading of their narrow column on the score sheet")
    for suit in data.get("trump", {}).get("suits", []):
        yield found(suit, "a trump suit (shown with a capital letter)")


DOMAINS = {
    "scoring": (ROOT / "scoring" / "locale", ROOT, [("scoring/**.py", "python"), ("templates/*.toml", game_file_texts)]),
    "companion": (ROOT / "companion" / "locale", ROOT, [("companion/**.py", "python")]),
}
"""Each domain: its folder of catalogs, where its sources are looked for, and which files (and how)."""


def extracted(domain: str) -> Catalog:
    """The domain's sentences as they stand in the sources: a catalog template (.pot)."""
    _, base, method_map = DOMAINS[domain]
    catalog = Catalog(project=PROJECT, version=VERSION, domain=domain, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(base), method_map=method_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def template_path(domain: str) -> Path:
    return DOMAINS[domain][0] / f"{domain}.pot"


def po_path(domain: str, code: str) -> Path:
    return DOMAINS[domain][0] / code / "LC_MESSAGES" / f"{domain}.po"


def languages(domain: str = "scoring") -> list[str]:
    """The languages that have a catalog of ``domain``."""
    folder = DOMAINS[domain][0]
    return sorted(path.parent.parent.name for path in folder.glob(f"*/LC_MESSAGES/{domain}.po"))


def po_bytes(catalog: Catalog) -> bytes:
    """A catalog as its .po (or .pot) file holds it: no line numbers, so moving code does not churn it."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, include_lineno=False, ignore_obsolete=True)
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def read(path: Path, code: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=code)


def extract() -> None:
    for domain in DOMAINS:
        catalog = extracted(domain)
        template = template_path(domain)
        if template.exists() and _same(read(template), catalog):
            print(f"{template.relative_to(ROOT)}: unchanged")
            continue
        template.parent.mkdir(parents=True, exist_ok=True)
        template.write_bytes(po_bytes(catalog))
        print(f"{template.relative_to(ROOT)}: {len(catalog)} sentences")


def _same(one: Catalog, other: Catalog) -> bool:
    """Whether two catalogs hold the same sentences with the same comments (dates and line numbers aside)."""
    def held(catalog: Catalog) -> dict:
        return {(m.context, m.id): (tuple(m.auto_comments), tuple(f for f, _ in m.locations)) for m in catalog if m.id}

    return held(one) == held(other)


def update() -> None:
    for domain in DOMAINS:
        template = read(template_path(domain))
        for code in languages(domain):
            path = po_path(domain, code)
            catalog = read(path, code)
            catalog.update(template, no_fuzzy_matching=True)
            path.write_bytes(po_bytes(catalog))
            left = sum(1 for message in catalog if message.id and (not _translated(message) or message.fuzzy))
            print(f"{path.relative_to(ROOT)}: {left} to translate")


def compile_all(only: str | None = None) -> None:
    for domain in DOMAINS:
        for code in [only] if only else languages(domain):
            path = po_path(domain, code)
            catalog = read(path, code)
            path.with_suffix(".mo").write_bytes(mo_bytes(catalog))
            print(f"{path.with_suffix('.mo').relative_to(ROOT)}")


def init(code: str) -> None:
    for domain in DOMAINS:
        path = po_path(domain, code)
        if path.exists():
            print(f"{path.relative_to(ROOT)} is already there")
            continue
        template = read(template_path(domain))
        catalog = Catalog(locale=code, domain=domain, project=PROJECT, version=VERSION, charset="utf-8", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(po_bytes(catalog))
        print(f"{path.relative_to(ROOT)}: new")


def _translated(message) -> bool:  # noqa: ANN001 - a babel Message
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


if __name__ == "__main__":
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if len(sys.argv) == 3 and sys.argv[1] == "init":
        init(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "compile":
        compile_all(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] in commands:
        commands[sys.argv[1]]()
    else:
        sys.exit(__doc__)
