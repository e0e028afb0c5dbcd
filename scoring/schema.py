"""A small checker for data files: declared keys, their types, required or defaulted.

A schema is built from :class:`Value` (a leaf), :class:`ListOf`,
:class:`Table` (fixed keys, each a :class:`Key` that is required or has a
default) and :class:`Names` (any names, each holding the same kind of
value). :func:`check` walks a value read from a file against it and raises
:class:`~scoring.errors.TemplateError` naming the file and the dotted key:
an unknown key (with the closest allowed one, or all of them), a missing
required key, or a value of the wrong type. :func:`with_defaults` then fills
in what was left out, so a reader never guesses a default of its own.

The game files' own tables are in :mod:`scoring.definitions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scoring.errors import TemplateError, short_value
from scoring.i18n.engine import engine_words
from scoring.i18n.sentences import Words


def _words(expected: str | Words) -> Words:
    return expected if isinstance(expected, Words) else engine_words(expected)


class Value:
    """A leaf value: what it accepts, and how a message names what it expects (the engine catalog's sentence
    ``expected``, or one already made into :class:`~scoring.i18n.sentences.Words`)."""

    __slots__ = ("accepts", "expected")

    def __init__(self, expected: str | Words, accepts: Callable[[object], bool]):
        self.expected = _words(expected)
        self.accepts = accepts


class ListOf:
    """A list whose every item is ``item``.

    A list replaces the list it overrides as a whole, so its items are
    checked in full even inside a partial override.
    """

    __slots__ = ("expected", "item")

    def __init__(self, item: Value | Table, expected: str):
        self.item = item
        self.expected = _words(expected)


class Table:
    """A table with fixed keys."""

    __slots__ = ("keys",)
    expected = engine_words("schema.table")

    def __init__(self, keys: Mapping[str, Key]):
        self.keys = keys


class Names:
    """A table of any names (those ``name`` accepts), each holding a ``value``.

    Table values are checked partially (required keys may be left out): they
    override or extend something checked in full elsewhere.
    """

    __slots__ = ("name", "value")
    expected = engine_words("schema.table")

    def __init__(self, value: Table | Value, name: Value | None = None):
        self.value = value
        self.name = name


class Same:
    """A default that is the value of another key of the same table."""

    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = key


class _Required:
    __slots__ = ()

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()
"""The default of a key that must be given."""


class Key:
    """One key of a :class:`Table`: its kind, and :data:`REQUIRED` or its default when left out."""

    __slots__ = ("default", "kind")

    def __init__(self, kind: Value | ListOf | Table | Names, default: object = REQUIRED):
        self.kind = kind
        self.default = default


Kind = Value | ListOf | Table | Names

TEXT = Value("schema.text", lambda value: type(value) is str)
BOOL = Value("schema.bool", lambda value: type(value) is bool)


def whole(low: int, high: int) -> Value:
    """A whole number from ``low`` to ``high``: a game file's numbers are counted cards and points, and one past
    any sensible size would make the engine deal or score for minutes."""
    return Value(engine_words("schema.int_range", low=low, high=high), lambda value: type(value) is int
                 and low <= value <= high)


COUNT = whole(0, 1_000)
"""Cards, hands, players, copies: more than any deck holds."""
POINTS = whole(-1_000_000, 1_000_000)
"""Points for a trick, a bid or a card, and a target score."""


def one_of(*choices: str) -> Value:
    """A text that is one of ``choices``."""
    return Value(engine_words("schema.one_of", choices=", ".join(f'"{choice}"' for choice in choices)),
                 lambda value: type(value) is str and value in choices)



def check(value: object, kind: Kind, file: str, key: str = "", *, partial: bool = False) -> None:
    """Raise :class:`TemplateError` for the first thing in ``value`` that ``kind`` does not allow.

    ``key`` is where ``value`` sits in the file (dotted), ``file`` the file's
    name; both are in the message. ``partial`` lets required keys be left
    out, for a table that overrides one already checked in full.
    """
    if isinstance(kind, Value):
        if not kind.accepts(value):
            raise TemplateError("template.type", file=file, key=key, expected=kind.expected, value=shown(value))
        return
    if isinstance(kind, ListOf):
        if type(value) is not list:
            raise TemplateError("template.type", file=file, key=key, expected=kind.expected, value=shown(value))
        for number, item in enumerate(value, start=1):
            check(item, kind.item, file, f"{key}[{number}]")
        return
    if type(value) is not dict:
        raise TemplateError("template.type", file=file, key=key or engine_words("schema.the_file"),
                            expected=kind.expected,
                            value=shown(value))
    if isinstance(kind, Names):
        for name, item in value.items():
            if kind.name is not None and not kind.name.accepts(name):
                raise TemplateError("template.type", file=file, key=_join(key, name), expected=kind.name.expected,
                                    value=f'"{name}"')
            check(item, kind.value, file, _join(key, name), partial=True)
        return
    for name, item in value.items():
        spec = kind.keys.get(name)
        if spec is None:
            raise _unknown(file, key, name, kind.keys)
        check(item, spec.kind, file, _join(key, name), partial=partial)
    if not partial:
        for name, spec in kind.keys.items():
            if spec.default is REQUIRED and name not in value:
                raise TemplateError("template.missing", file=file, key=_join(key, name), expected=spec.kind.expected)


def with_defaults(value: Mapping[str, object], table: Table) -> dict[str, object]:
    """A checked table with every key left out set to its default (nested tables too)."""
    filled: dict[str, object] = {}
    for name, spec in table.keys.items():
        if name in value:
            item = value[name]
        elif isinstance(spec.default, Same):
            continue  # filled in below, once the key it copies has its value
        elif spec.default is REQUIRED:
            raise KeyError(f"{name} is required; check() the table before filling in its defaults")
        else:
            item = spec.default
        if isinstance(spec.kind, Table) and item is not None:
            item = with_defaults(item, spec.kind)  # type: ignore[arg-type]
        elif isinstance(spec.kind, ListOf) and isinstance(spec.kind.item, Table):
            item = [with_defaults(entry, spec.kind.item) for entry in item]  # type: ignore[union-attr]
        filled[name] = item
    for name, spec in table.keys.items():
        if name not in filled and isinstance(spec.default, Same):
            filled[name] = filled[spec.default.key]
    return filled


def leaf(table: Table, dotted: str) -> Value | None:
    """The :class:`Value` at dotted key ``dotted`` under ``table``, or None if there is no such leaf."""
    kind: Kind = table
    for part in dotted.split("."):
        if not isinstance(kind, Table) or part not in kind.keys:
            return None
        kind = kind.keys[part].kind
    return kind if isinstance(kind, Value) else None


def shown(value: object) -> str | Words:
    """A value as a message about a file repeats it: TOML's spelling for a leaf, the kind for the rest."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (int, float)):
        return str(short_value(value))
    if isinstance(value, list):
        return engine_words("schema.a_list")
    if isinstance(value, dict):
        return engine_words("schema.table")
    return engine_words("schema.other", kind=type(value).__name__)


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _unknown(file: str, key: str, name: str, allowed: Mapping[str, Key]) -> TemplateError:
    import difflib  # only when a file is wrong

    close = difflib.get_close_matches(name, list(allowed), n=1)
    if close:
        return TemplateError("template.unknown_close", file=file, key=_join(key, name), match=_join(key, close[0]))
    where = engine_words("schema.in_table", key=key) if key else engine_words("schema.at_the_top")
    return TemplateError("template.unknown", file=file, key=_join(key, name), where=where,
                         allowed=", ".join(sorted(allowed)))
