"""Sentences as Bidwell declares them, and which languages it has: what the engine needs as it loads.

A sentence is declared once, in English, under a key (:class:`Catalog`); a part
put into another sentence (a game's name, a list of names, another sentence)
is made when that one is (:class:`GameText`, :class:`Listed`, :class:`Words`).
Making a sentence in a language is :mod:`scoring.i18n`'s work, imported only
when a sentence is made: scoring a record, which says nothing, never loads it.
Which languages Bidwell has is which ones it has an engine catalog of
(:func:`available`); :func:`from_environment` reads which one a command's
environment asks for.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from scoring.i18n import Language

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

FOLDERS: dict[str, str] = {"scoring": os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")}
"""Each domain's folder of catalogs, as its :class:`Catalog` was declared; the engine's is known from the start,
since which languages Bidwell speaks is which ones it has engine catalogs of."""


class Message:
    """One sentence as declared in English: its domain, its key, and its one or two forms."""

    __slots__ = ("domain", "key", "one", "other")

    def __init__(self, domain: str, key: str, one: str, other: str | None = None):
        self.domain = domain
        self.key = key
        self.one = one
        self.other = other

    @property
    def plural(self) -> bool:
        """Whether the words follow the ``count`` the sentence holds."""
        return self.other is not None


class Catalog:
    """The sentences of one domain, declared in English, found in each language's compiled catalog.

    ``folder`` holds ``<language>/LC_MESSAGES/<domain>.mo``.
    """

    def __init__(self, domain: str, folder: str):
        self.domain = domain
        self.folder = folder
        self.messages: dict[str, Message] = {}
        FOLDERS[domain] = folder

    def msg(self, key: str, text: str) -> None:
        """Declare the sentence ``key``; ``{name}`` marks where a parameter goes."""
        self._add(Message(self.domain, key, text))

    def msg_plural(self, key: str, one: str, other: str) -> None:
        """Declare the sentence ``key`` whose words follow its ``count`` parameter (English: one, other)."""
        self._add(Message(self.domain, key, one, other))

    def _add(self, message: Message) -> None:
        if message.key in self.messages:
            raise ValueError(f"{self.domain}: the key {message.key} is declared twice")
        self.messages[message.key] = message

    def __contains__(self, key: str) -> bool:
        return key in self.messages

    def text(self, key: str, params: Mapping[str, object], language: Language | None = None) -> str:
        """The sentence ``key`` in ``language`` (default: the one in use) with ``params`` filled in.

        A translation that is missing falls back to the English.
        """
        from scoring.i18n import current

        message = self.messages[key]
        language = language or current()
        if message.other is None:
            template = language.pgettext(self.domain, key, message.one)
        else:
            count = params.get("count")
            template = language.npgettext(self.domain, key, message.one, message.other,
                                          count if type(count) is int else 0)
        return template.format(**language.shown(params))


class Deferred:
    """Something put into a sentence that is made with it, in the sentence's language (``str()`` makes it in the
    language in use); equal to another of its kind made of the same parts."""

    __slots__ = ()

    def _parts(self) -> tuple:
        raise NotImplementedError

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._parts() == self._parts()

    def __hash__(self) -> int:
        return hash((type(self), self._parts()[0]))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._parts()!r}"


class GameText(Deferred):
    """A text from a game file (a game's name, a card's label) in the language the sentence is made in."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def _parts(self) -> tuple:
        return (self.text,)

    def __str__(self) -> str:
        from scoring.i18n import game_text

        return game_text(self.text)


class Listed(Deferred):
    """A list joined as the language the sentence is made in joins one (see
    :meth:`scoring.i18n.Language.listed`)."""

    __slots__ = ("items", "joined")

    def __init__(self, items: Sequence[object], joined: str = "comma"):
        self.items = tuple(items)
        self.joined = joined

    def _parts(self) -> tuple:
        return self.items, self.joined

    def __str__(self) -> str:
        from scoring.i18n import current

        return current().listed(self.items, joined=self.joined)


class Words(Deferred):
    """Another of a catalog's sentences, made in the language the sentence is made in. ``catalog`` None is the
    engine's, loaded only then (see :func:`engine_words`)."""

    __slots__ = ("catalog", "key", "params")

    def __init__(self, catalog: Catalog | None, key: str, /, **params: object):
        self.catalog = catalog
        self.key = key
        self.params = params

    def _parts(self) -> tuple:
        return self.key, self.params

    def __str__(self) -> str:
        catalog = self.catalog
        if catalog is None:
            from scoring.messages import ENGINE as catalog
        return catalog.text(self.key, self.params)


def engine_words(key: str, /, **params: object) -> Words:
    """The engine's sentence ``key`` (:mod:`scoring.messages`) put into another. Its catalog is loaded when the
    sentence is made, not when this is called: the engine names what a refusal would say as it loads, and a
    command that refuses nothing never loads a sentence."""
    return Words(None, key, **params)


def available() -> tuple[str, ...]:
    """The codes of every language Bidwell speaks: English, then each with an engine catalog, sorted."""
    found = set()
    folders = [FOLDERS["scoring"]]
    extra = os.environ.get(CATALOGS_VARIABLE)
    if extra:
        folders.insert(0, extra)
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found.update(name for name in names
                     if os.path.isfile(os.path.join(folder, name, "LC_MESSAGES", "scoring.mo")))
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


def asked(locale: str) -> str:
    """``locale`` if Bidwell has its language (any region: "de_AT", "de-AT", "de" alike); else
    :class:`~scoring.errors.UnknownLanguageError`, naming those it has."""
    if match(locale) is None:
        from scoring.errors import UnknownLanguageError

        raise UnknownLanguageError("language.unknown", language=locale, known=", ".join(available()))
    return locale


_process_language = ENGLISH


def speak_by_default(locale: str) -> None:
    """Make ``locale`` (one :func:`asked` accepts) the process's language: a command line's. The language itself
    is loaded only when a sentence is made, so a command that says nothing loads none."""
    global _process_language
    _process_language = asked(locale)


def process_language() -> str:
    """The process's language, as :func:`speak_by_default` was last given it (English before)."""
    return _process_language


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
