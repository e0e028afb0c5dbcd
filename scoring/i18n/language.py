"""The language a sentence is made in: its catalogs, and its numbers and dates.

A :class:`Language` says a sentence's words (the standard library's
:mod:`gettext` reads the compiled catalogs), and writes numbers (grouping,
decimal mark) and dates as the language does, with Babel. Babel and gettext
are imported only for what needs them, so scoring a record in English, which
says nothing, reads no catalog.

Which language is in use is asked at the moment a sentence is made (so one
server can speak German to one phone and Japanese to another): a language
chosen for a stretch of code (:func:`scoring.i18n.choice.speaking`), else the
one an app gives for whatever it is serving (:func:`set_ambient`), else the
process's (:func:`scoring.i18n.choice.set_default`, English until a command
line chooses).
"""

from __future__ import annotations

from contextvars import ContextVar

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.i18n.locales import ENGINE_DOMAIN, ENGLISH, GAME_CONTEXT, catalog_files

if TYPE_CHECKING:
    import datetime
    import gettext
    from collections.abc import Callable, Mapping, Sequence


PLAIN_BELOW = 1000
"""Whole numbers below this (either side of 0) are written alike in every language Bidwell has: ASCII digits, no
grouping, "-" before a negative one (tests/test_catalogs.py holds each shipped language to it). Writing them so
spares loading a language's number rules for the numbers a game is made of."""


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
            return self.pgettext(ENGINE_DOMAIN, "list.separator", ", ").join(texts)
        from babel.lists import format_list

        return format_list(texts, style="standard" if joined == "and" else "or", locale=self._babel_locale())

    def game_text(self, text: str) -> str:
        """A text from a game file (a game's name, an option, a card, a suit) in this language."""
        return self.pgettext(ENGINE_DOMAIN, GAME_CONTEXT, text)

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
        if self.locale == ENGLISH:
            return sign + format(abs(value), ",")
        from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

        locale = self._babel_locale()
        if sign:
            sign = get_plus_sign_symbol(locale) if sign == "+" else get_minus_sign_symbol(locale)
        return sign + format_decimal(abs(value), locale=locale)

    def decimal(self, value: float, digits: int) -> str:
        """A number with ``digits`` decimals, as this language writes it ("12,5" in German)."""
        if self.locale == ENGLISH:
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


def _read_catalog(code: str, domain: str) -> gettext.NullTranslations | None:
    import gettext

    for path in catalog_files(code, domain):
        try:
            with open(path, "rb") as file:
                return gettext.GNUTranslations(file)
        except FileNotFoundError:
            continue
    return None


# --- the language in use -----------------------------------------------------------------------


ENGLISH_LANGUAGE = Language(ENGLISH)
"""English, as every sentence is first written: the process's language until another is chosen."""

_chosen: ContextVar[Language | None] = ContextVar("bidwell_language", default=None)
_ambient: Callable[[], Language | None] | None = None
_process = ENGLISH_LANGUAGE


def current() -> Language:
    """The language a sentence made now is in (see the module's docstring for which one that is)."""
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    if _ambient is not None:
        served = _ambient()
        if served is not None:
            return served
    return _process


def set_process_language(language: Language) -> None:
    """Make ``language`` the process's: a command line's, a test's (:func:`scoring.i18n.choice.set_default`)."""
    global _process
    _process = language


def set_ambient(resolve: Callable[[], Language | None] | None) -> None:
    """Let ``resolve`` say the language of whatever is being served now (an app's tab), or None to leave it."""
    global _ambient
    _ambient = resolve


class speaking:  # noqa: N801 - used as a context manager, as contextlib's are
    """``with speaking(language):`` every sentence made inside is in ``language`` (in this thread or task only).

    :func:`scoring.i18n.choice.speaking` takes a language's code too.
    """

    __slots__ = ("_language", "_token")

    def __init__(self, language: Language):
        self._language = language
        self._token = None

    def __enter__(self) -> Language:
        self._token = _chosen.set(self._language)
        return self._language

    def __exit__(self, *_exc: object) -> None:
        _chosen.reset(self._token)


def in_english(text: object) -> str:
    """``text`` (a sentence still to be made, or any value) made in English: for what is kept as text, where no
    one's language is known (a file's notes, a log)."""
    with speaking(ENGLISH_LANGUAGE):
        return str(text)


def game_text(text: str) -> str:
    """A text from a game file (a game's name, an option's label, a card, a suit) in the language in use; a
    house-rule game's own texts, which no catalog holds, as written."""
    return current().game_text(text)

