"""Sentences as Bidwell declares them: in English, under a key, made in the language in use when shown.

A sentence is declared once, in English, under a key (:class:`Catalog`); a part
put into another sentence (a game's name, a list of names, another sentence)
is made when that one is (:class:`GameText`, :class:`Listed`, :class:`Words`),
in the language :func:`scoring.i18n.language.current` says.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.i18n.language import Language, current, game_text
from scoring.i18n.locales import FOLDERS

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


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
        return game_text(self.text)


class Listed(Deferred):
    """A list joined as the language the sentence is made in joins one (see
    :meth:`scoring.i18n.language.Language.listed`)."""

    __slots__ = ("items", "joined")

    def __init__(self, items: Sequence[object], joined: str = "comma"):
        self.items = tuple(items)
        self.joined = joined

    def _parts(self) -> tuple:
        return self.items, self.joined

    def __str__(self) -> str:
        return current().listed(self.items, joined=self.joined)


class Words(Deferred):
    """Another of a catalog's sentences, made in the language the sentence is made in."""

    __slots__ = ("catalog", "key", "params")

    def __init__(self, catalog: Catalog, key: str, /, **params: object):
        self.catalog = catalog
        self.key = key
        self.params = params

    def _parts(self) -> tuple:
        return self.key, self.params

    def __str__(self) -> str:
        return self.catalog.text(self.key, self.params)
