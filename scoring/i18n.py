"""Bidwell in the players' languages: gettext catalogs, the language in use, and numbers and dates as it writes them.

Every sentence is declared once, in English, under a key: ``msg("bid.too_high",
"…")``, or ``msg_plural(key, one, other)`` for one whose words follow the
``count`` it holds. Each part of Bidwell keeps its sentences in a gettext
domain of its own, the engine's (``scoring``) and the app's (``companion``),
with the key as the message's context. Babel extracts the calls
(``tools/catalogs.py``), translators fill in
``<part>/locale/<language>/LC_MESSAGES/<domain>.po``, and Babel compiles them to
the ``.mo`` files the standard library's :mod:`gettext` reads here. Plural
forms follow each language's own rule (its catalog's ``Plural-Forms``): Polish
has three, Japanese one.

Which language is in use is asked at the moment a sentence is made (so one
server can speak German to one phone and Japanese to another): a language
chosen for a stretch of code (:func:`speaking`), else the one an app gives for
whatever it is serving (:func:`set_ambient`), else the process's
(:func:`set_default`, English until a command line chooses).

Numbers in a sentence are written as the language writes them (grouping,
decimal mark), and so are dates (:meth:`Language.date`), with Babel; Babel is
imported only for what needs it, so scoring a record in English starts as fast
as it did.
"""

from __future__ import annotations

import os
from contextvars import ContextVar

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime
    import gettext
    from collections.abc import Callable, Mapping, Sequence

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

PLAIN_BELOW = 1000
"""Whole numbers below this (either side of 0) are written alike in every language Bidwell has: ASCII digits, no
grouping, "-" before a negative one (tests/test_i18n.py holds each shipped language to it). Writing them so
spares loading a language's number rules for the numbers a game is made of."""


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
        _FOLDERS[domain] = folder

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
        message = self.messages[key]
        language = language or current()
        if message.other is None:
            template = language.pgettext(self.domain, key, message.one)
        else:
            template = language.npgettext(self.domain, key, message.one, message.other, _count(params))
        return template.format(**language.shown(params))


def _count(params: Mapping[str, object]) -> int:
    count = params.get("count")
    return count if type(count) is int else 0


class Language:
    """One language Bidwell speaks (``code``: whose catalogs), and the locale whose numbers and dates it writes
    (``locale``: "de_AT" writes Austrian dates in German words; a locale Babel does not know, as a translator's
    pseudo-language "en_XA", writes as its language, else as English)."""

    __slots__ = ("_translations", "code", "locale")

    def __init__(self, code: str, locale: str | None = None):
        self.code = code
        self.locale = locale or code
        self._translations: dict[str, gettext.NullTranslations | None] = {}

    def __repr__(self) -> str:
        return f"Language({self.code!r}, {self.locale!r})"

    # -- words --

    def _catalog(self, domain: str) -> gettext.NullTranslations | None:
        try:
            return self._translations[domain]
        except KeyError:
            found = None if self.code == ENGLISH else _read_catalog(self.code, domain)
            self._translations[domain] = found
            return found

    def pgettext(self, domain: str, context: str, text: str) -> str:
        """``text`` (English) as this language says it in ``context``; the English if it has no translation."""
        catalog = self._catalog(domain)
        return text if catalog is None else catalog.pgettext(context, text)

    def npgettext(self, domain: str, context: str, one: str, other: str, count: int) -> str:
        """The form of ``one``/``other`` (English) this language uses for ``count``."""
        catalog = self._catalog(domain)
        if catalog is None:
            return one if count == 1 else other
        return catalog.npgettext(context, one, other, count)

    def listed(self, items: Sequence[object], *, joined: str = "comma") -> str:
        """``items`` as a sentence lists them: ``joined`` "comma" ("Anna, Béla"; Japanese "Anna、Béla"), "and"
        ("Anna, Béla und Csilla") or "or", as the language's own rules have it (Babel's, from CLDR)."""
        texts = [str(item) for item in items]
        if joined == "comma" or len(texts) < 2:
            return self.pgettext("scoring", "list.separator", ", ").join(texts)
        from babel.lists import format_list

        return format_list(texts, style="standard" if joined == "and" else "or", locale=self._babel_locale())

    def game_text(self, text: str) -> str:
        """A text from a game file (a game's name, an option, a card, a suit) in this language."""
        return self.pgettext("scoring", GAME_CONTEXT, text)

    # -- numbers and dates --

    def shown(self, params: Mapping[str, object]) -> dict[str, object]:
        """``params`` with every number ready to be written as this language writes it."""
        return {name: _Number(value, self) if type(value) in (int, float) else value
                for name, value in params.items()}

    def integer(self, value: int, *, signed: bool = False) -> str:
        """A whole number as this language writes it ("1.234" in German), with its sign if ``signed``."""
        if -PLAIN_BELOW < value < PLAIN_BELOW:
            return f"{value:+d}" if signed else str(value)
        sign = ("+" if value >= 0 else "-") if signed or value < 0 else ""
        if self.code == ENGLISH:
            return sign + format(abs(value), ",")
        from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

        locale = self._babel_locale()
        if sign:
            sign = get_plus_sign_symbol(locale) if sign == "+" else get_minus_sign_symbol(locale)
        return sign + format_decimal(abs(value), locale=locale)

    def decimal(self, value: float, digits: int) -> str:
        """A number with ``digits`` decimals, as this language writes it ("12,5" in German)."""
        if self.code == ENGLISH:
            return format(value, f",.{digits}f")
        from babel.numbers import format_decimal

        return format_decimal(value, format="#,##0." + "0" * digits, locale=self._babel_locale())

    def date(self, value: datetime.date | str) -> str:
        """A day as this language writes it ("24.11.2026"); ``value`` may be ISO text."""
        from babel.dates import format_date

        return format_date(_date(value), format="medium", locale=self._babel_locale())

    def datetime(self, value: datetime.datetime | str) -> str:
        """A day and a time of day (to the minute) as this language writes them; ``value`` may be ISO text."""
        from babel.dates import format_date, format_time, get_datetime_format

        moment = _moment(value)
        locale = self._babel_locale()
        day = format_date(moment.date(), format="medium", locale=locale)
        time = format_time(moment.time(), format="short", locale=locale)
        return get_datetime_format("medium", locale=locale).replace("{1}", day).replace("{0}", time)

    def _babel_locale(self) -> str:
        from babel import Locale, UnknownLocaleError

        for candidate in (self.locale, self.locale.split("_")[0], ENGLISH):
            try:
                Locale.parse(candidate)
            except (UnknownLocaleError, ValueError):
                continue
            self.locale = candidate
            return candidate
        return ENGLISH


class _Number:
    """A number in a sentence: written by the language the sentence is in, whatever format it is given."""

    __slots__ = ("language", "value")

    def __init__(self, value: float, language: Language):
        self.value = value
        self.language = language

    def __format__(self, spec: str) -> str:
        value = self.value
        if type(value) is int and spec in ("", "d", "+d"):
            return self.language.integer(value, signed=spec == "+d")
        if len(spec) == 3 and spec[0] == "." and spec[1].isdigit() and spec[2] == "f":
            return self.language.decimal(value, int(spec[1]))
        return format(value, spec)

    def __str__(self) -> str:
        return self.__format__("")


def _date(value: datetime.date | str) -> datetime.date:
    import datetime

    return datetime.date.fromisoformat(value[:10]) if isinstance(value, str) else value


def _moment(value: datetime.datetime | str) -> datetime.datetime:
    import datetime

    return datetime.datetime.fromisoformat(value[:19]) if isinstance(value, str) else value


# --- the catalogs on disk -------------------------------------------------------------------------


_FOLDERS: dict[str, str] = {"scoring": os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")}
"""Each domain's folder of catalogs, as its :class:`Catalog` was declared; the engine's is known from the start,
since which languages Bidwell speaks is which ones it has engine catalogs of."""


def _catalog_files(code: str, domain: str) -> list[str]:
    """Where a compiled catalog of ``domain`` in ``code`` may be, the translator's folder first."""
    places = []
    extra = os.environ.get(CATALOGS_VARIABLE)
    if extra:
        places.append(os.path.join(extra, code, "LC_MESSAGES", f"{domain}.mo"))
    if domain in _FOLDERS:
        places.append(os.path.join(_FOLDERS[domain], code, "LC_MESSAGES", f"{domain}.mo"))
    return places


def _read_catalog(code: str, domain: str) -> gettext.NullTranslations | None:
    import gettext

    for path in _catalog_files(code, domain):
        try:
            with open(path, "rb") as file:
                return gettext.GNUTranslations(file)
        except FileNotFoundError:
            continue
    return None


def available() -> tuple[str, ...]:
    """The codes of every language Bidwell speaks: English, then each with an engine catalog, sorted."""
    found = set()
    folders = [_FOLDERS["scoring"]]
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


_LANGUAGES: dict[tuple[str, str], Language] = {}


def language(code: str) -> Language:
    """The language ``code`` names ("de", "de_AT", "de-AT" or "DE" alike: a region Bidwell has no catalog of
    falls back to its language); :class:`~scoring.errors.UnknownLanguageError` if Bidwell has none of it."""
    found = match(code)
    if found is None:
        from scoring.errors import UnknownLanguageError

        raise UnknownLanguageError("language.unknown", language=code, known=", ".join(available()))
    wanted = _normalized(code)
    locale = wanted if wanted.lower().startswith(found.lower()) else found
    return _language(found, locale)


def _language(code: str, locale: str | None = None) -> Language:
    try:
        return _LANGUAGES[code, locale or code]
    except KeyError:
        made = _LANGUAGES[code, locale or code] = Language(code, locale)
        return made


def _normalized(code: str) -> str:
    """A locale as Babel names it: "de-at.UTF-8" is "de_AT"."""
    parts = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")
    return "_".join([parts[0].lower(), *(part.upper() if len(part) == 2 else part for part in parts[1:])])


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


# --- the language in use -----------------------------------------------------------------------


_chosen: ContextVar[Language | None] = ContextVar("bidwell_language", default=None)
_ambient: Callable[[], Language | None] | None = None
_default: Language | None = None


def current() -> Language:
    """The language a sentence made now is in (see the module's docstring for which one that is)."""
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    if _ambient is not None:
        served = _ambient()
        if served is not None:
            return served
    return _default or _language(ENGLISH)


def set_default(code: str | Language) -> Language:
    """Make ``code`` the process's language (a command line's); returns it."""
    global _default
    _default = code if isinstance(code, Language) else language(code)
    return _default


def set_ambient(resolve: Callable[[], Language | None] | None) -> None:
    """Let ``resolve`` say the language of whatever is being served now (an app's tab), or None to leave it."""
    global _ambient
    _ambient = resolve


class speaking:  # noqa: N801 - used as a context manager, as contextlib's are
    """``with speaking("de"):`` every sentence made inside is German (in this thread or task only)."""

    __slots__ = ("_language", "_token")

    def __init__(self, code: str | Language):
        self._language = code if isinstance(code, Language) else language(code)
        self._token = None

    def __enter__(self) -> Language:
        self._token = _chosen.set(self._language)
        return self._language

    def __exit__(self, *_exc: object) -> None:
        _chosen.reset(self._token)


def in_english(text: object) -> str:
    """``text`` (a sentence still to be made, or any value) made in English: for what is kept as text, where no
    one's language is known (a file's notes, a log)."""
    with speaking(ENGLISH):
        return str(text)


def game_text(text: str) -> str:
    """A text from a game file (a game's name, an option's label, a card, a suit) in the language in use; a
    house-rule game's own texts, which no catalog holds, as written."""
    return current().game_text(text)


class GameText:
    """A text from a game file put into a sentence: written in the language the sentence is made in."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __format__(self, spec: str) -> str:
        return format(game_text(self.text), spec)

    def __str__(self) -> str:
        return game_text(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameText) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"GameText({self.text!r})"


class Listed:
    """A list put into a sentence: joined as the language the sentence is made in joins a list (see
    :meth:`Language.listed`)."""

    __slots__ = ("items", "joined")

    def __init__(self, items: Sequence[object], joined: str = "comma"):
        self.items = tuple(items)
        self.joined = joined

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __str__(self) -> str:
        return current().listed(self.items, joined=self.joined)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listed) and (other.items, other.joined) == (self.items, self.joined)

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Listed({self.items!r}, {self.joined!r})"


class Words:
    """A catalog's sentence put into another sentence: made in the language that one is made in."""

    __slots__ = ("catalog", "key", "params")

    def __init__(self, catalog: Catalog, key: str, /, **params: object):
        self.catalog = catalog
        self.key = key
        self.params = params

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __str__(self) -> str:
        return self.catalog.text(self.key, self.params)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and (other.key, other.params) == (self.key, self.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Words({self.key!r})"


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``BIDWELL_LANG`` (one Bidwell does not have is an
    :class:`~scoring.errors.UnknownLanguageError`), else the first of the system's locale settings that is set, where Bidwell has
    that language, else English.

    >>> from_environment({"LANG": "hu_HU.UTF-8"}) in ("hu", "en")  # "en" only where no Hungarian is installed
    True
    """
    environ = os.environ if environ is None else environ
    asked = environ.get(LANGUAGE_VARIABLE, "").strip()
    if asked:
        return language(asked).code
    for variable in SYSTEM_VARIABLES:
        setting = environ.get(variable, "").strip()
        if not setting:
            continue
        if setting in ("C", "POSIX") or setting.startswith(("C.", "POSIX.")):
            return ENGLISH
        for candidate in setting.split(":"):
            found = match(candidate)
            if found is not None:
                return found
        return ENGLISH
    return ENGLISH
