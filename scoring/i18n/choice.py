"""The language a person or an environment asks for: found, or refused naming those Bidwell has.

The top of :mod:`scoring.i18n`: a language asked for by its code
(``--lang``, ``BIDWELL_LANG``, a phone's choice, a test) is checked here, and
one Bidwell has no catalogs of is an
:class:`~scoring.errors.UnknownLanguageError`, a refusal like any other.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.errors import UnknownLanguageError
from scoring.i18n import language as in_use
from scoring.i18n.language import ENGLISH_LANGUAGE, Language
from scoring.i18n.locales import ENGLISH, LANGUAGE_VARIABLE, SYSTEM_VARIABLES, available, match, normalized

if TYPE_CHECKING:
    from collections.abc import Mapping

_LANGUAGES: dict[tuple[str, str], Language] = {(ENGLISH, ENGLISH): ENGLISH_LANGUAGE}
_ASKED: dict[str, Language] = {}
"""Each language as it was asked for ("de-AT"), so the one in use is found without looking at the disk again."""


def asked(locale: str) -> str:
    """``locale`` if Bidwell has its language (any region: "de_AT", "de-AT", "de" alike); else
    :class:`~scoring.errors.UnknownLanguageError`, naming those it has."""
    if match(locale) is None:
        raise UnknownLanguageError("language.unknown", language=locale, known=", ".join(available()))
    return locale


def language(code: str) -> Language:
    """The language ``code`` names ("de", "de_AT", "de-AT" or "DE" alike: a region Bidwell has no catalog of
    falls back to its language, and keeps its own dates); :class:`~scoring.errors.UnknownLanguageError` if
    Bidwell has none of it."""
    try:
        return _ASKED[code]
    except KeyError:
        pass
    found = match(asked(code))
    wanted = normalized(code)
    locale = wanted if wanted.lower().startswith(found.lower()) else found
    try:
        made = _LANGUAGES[found, locale]
    except KeyError:
        made = _LANGUAGES[found, locale] = Language(found, locale)
    _ASKED[code] = made
    return made


def set_default(code: str) -> Language:
    """Make ``code``'s language the process's (a command line's, a test's); returns it. Its catalogs are read
    only when a sentence is made, so a command that says nothing reads none."""
    chosen = language(code)
    in_use.set_process_language(chosen)
    return chosen


def speaking(code: str | Language) -> in_use.speaking:
    """``with speaking("de"):`` every sentence made inside is German (in this thread or task only)."""
    return in_use.speaking(code if isinstance(code, Language) else language(code))


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language (a locale, "de_AT") the environment asks for: ``BIDWELL_LANG`` (one Bidwell does not have
    is an :class:`~scoring.errors.UnknownLanguageError`), else the first of the system's locale settings that is
    set, where Bidwell has that language, else English.

    >>> from_environment({"LANG": "C.UTF-8"}), from_environment({"BIDWELL_LANG": "en-GB", "LANG": "de_DE"})
    ('en', 'en-GB')
    """
    environ = os.environ if environ is None else environ
    chosen = environ.get(LANGUAGE_VARIABLE, "").strip()
    if chosen:
        return asked(chosen)
    for variable in SYSTEM_VARIABLES:
        setting = environ.get(variable, "").strip()
        if not setting:
            continue
        if setting in ("C", "POSIX") or setting.startswith(("C.", "POSIX.")):
            return ENGLISH
        for candidate in setting.split(":"):
            if match(candidate) is not None:
                return candidate
        return ENGLISH
    return ENGLISH
