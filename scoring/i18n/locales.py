"""Which languages Bidwell has, and where their catalogs are: the bottom of :mod:`scoring.i18n`.

Which languages Bidwell speaks is which ones it has an engine catalog of
(:func:`available`); :func:`match` finds the one a locale ("de_AT.UTF-8")
names. Nothing here makes a sentence or refuses anything.
"""

from __future__ import annotations

import os

ENGLISH = "en"
"""The language every sentence is written in first; it needs no catalog."""

CATALOGS_VARIABLE = "BIDWELL_CATALOGS"
"""A folder of further or newer compiled catalogs (``<language>/LC_MESSAGES/<domain>.mo``), looked at first: a
translator tries a translation there without installing Bidwell again."""

LANGUAGE_VARIABLE = "BIDWELL_LANG"
"""The language every ``bidwell`` command speaks, before the system's locale."""

SYSTEM_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the system's locale is read from, in gettext's order."""

GAME_CONTEXT = "game file"
"""The context of the texts read from the game files in templates/ (names, options, cards, suits)."""

ENGINE_DOMAIN = "scoring"
"""The engine's gettext domain: which languages Bidwell speaks is which ones it has catalogs of."""

FOLDERS: dict[str, str] = {
    ENGINE_DOMAIN: os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale"),
}
"""Each domain's folder of catalogs, as its :class:`~scoring.i18n.sentences.Catalog` was declared; the engine's is
known from the start, since which languages Bidwell speaks is which ones it has engine catalogs of."""


def available() -> tuple[str, ...]:
    """The codes of every language Bidwell speaks: English, then each with an engine catalog, sorted."""
    found = set()
    folders = [FOLDERS[ENGINE_DOMAIN]]
    extra = os.environ.get(CATALOGS_VARIABLE)
    if extra:
        folders.insert(0, extra)
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found.update(name for name in names
                     if os.path.isfile(os.path.join(folder, name, "LC_MESSAGES", f"{ENGINE_DOMAIN}.mo")))
    found.discard(ENGLISH)
    return (ENGLISH, *sorted(found))


def match(code: str, known: tuple[str, ...] | None = None) -> str | None:
    """The code of the language Bidwell has for ``code`` (a locale such as "de_DE.UTF-8", "pl-PL" or "ja"),
    or None.

    >>> match("de_DE.UTF-8", ("en", "de")), match("en-GB", ("en", "de")), match("fr", ("en", "de"))
    ('de', 'en', None)
    """
    known = available() if known is None else known
    wanted = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not wanted:
        return None
    by_lower = {name.lower(): name for name in known}
    parts = wanted.lower().split("_")
    for length in range(len(parts), 0, -1):
        found = by_lower.get("_".join(parts[:length]))
        if found is not None:
            return found
    return None


def catalog_files(code: str, domain: str) -> list[str]:
    """Where a compiled catalog of ``domain`` in ``code`` may be, the translator's folder first."""
    places = []
    extra = os.environ.get(CATALOGS_VARIABLE)
    if extra:
        places.append(os.path.join(extra, code, "LC_MESSAGES", f"{domain}.mo"))
    if domain in FOLDERS:
        places.append(os.path.join(FOLDERS[domain], code, "LC_MESSAGES", f"{domain}.mo"))
    return places


def normalized(code: str) -> str:
    """A locale as Babel names it.

    >>> normalized("de-at.UTF-8")
    'de_AT'
    """
    parts = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")
    return "_".join([parts[0].lower(), *(part.upper() if len(part) == 2 else part for part in parts[1:])])
