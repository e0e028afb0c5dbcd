"""Frozen value classes, declared as dataclasses are, built without their cost at start-up.

``@frozen`` reads a class's annotated fields, in order, with their defaults,
and gives it what ``@dataclass(frozen=True)`` gives: an ``__init__`` taking
the fields by position or keyword, ``__repr__``, ``__eq__`` and ``__hash__``
over the fields, ``__match_args__``, and no assignment once built. A default
made fresh for each instance is written ``field(default_factory=dict)``.

Why not :mod:`dataclasses` itself: the command line starts with the engine,
and importing :mod:`dataclasses` (which imports :mod:`inspect`) and compiling
six methods with ``exec`` for each of the engine's classes cost
``bidwell score`` about as much again as starting Python
(``benchmarks/bench_cli.py``). The methods here are shared functions over
the field names, made in microseconds.

>>> @frozen
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(x=1, y=0), Point(2, y=3).y
(Point(x=1, y=0), True, 3)
>>> Point(1).x = 2
Traceback (most recent call last):
...
scoring.frozen.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

if TYPE_CHECKING:  # type checkers read @frozen as a frozen dataclass
    from typing import TypeVar, dataclass_transform

    Class = TypeVar("Class", bound=type)
else:

    def dataclass_transform(**_options: object) -> Callable:
        return lambda decorator: decorator


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen instance."""


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]):
        self.make = make


def field(*, default_factory: Callable[[], object]) -> object:
    """A field whose default is ``default_factory()``, called anew for every instance."""
    return _Factory(default_factory)


_MISSING = object()


def _in_order(names: tuple[str, ...], init: Callable[..., None]) -> Callable[..., None]:
    """``init``, with a quicker way first for a class of up to four fields built with every field given in order
    (a bid, the tricks, an undo's adjustment: those a replay builds by the hundred). Its parameters are
    positional only, so a field named or left out finds ``init`` and its refusals."""
    if len(names) == 1:
        (first,) = names

        def __init__(self: object, a: object = _MISSING, /, *more: object, **given: object) -> None:
            if a is not _MISSING and not more and not given:
                self.__dict__[first] = a
                return
            init(self, *(() if a is _MISSING else (a,)), *more, **given)
    elif len(names) == 2:
        first, second = names

        def __init__(self: object, a: object = _MISSING, b: object = _MISSING, /, *more: object,
                     **given: object) -> None:
            if b is not _MISSING and not more and not given:
                fields = self.__dict__
                fields[first] = a
                fields[second] = b
                return
            init(self, *[value for value in (a, b) if value is not _MISSING], *more, **given)
    elif len(names) == 3:
        first, second, third = names

        def __init__(self: object, a: object = _MISSING, b: object = _MISSING, c: object = _MISSING, /,
                     *more: object, **given: object) -> None:
            if c is not _MISSING and not more and not given:
                fields = self.__dict__
                fields[first] = a
                fields[second] = b
                fields[third] = c
                return
            init(self, *[value for value in (a, b, c) if value is not _MISSING], *more, **given)
    elif len(names) == 4:
        first, second, third, fourth = names

        def __init__(self: object, a: object = _MISSING, b: object = _MISSING, c: object = _MISSING,
                     d: object = _MISSING, /, *more: object, **given: object) -> None:
            if d is not _MISSING and not more and not given:
                fields = self.__dict__
                fields[first] = a
                fields[second] = b
                fields[third] = c
                fields[fourth] = d
                return
            init(self, *[value for value in (a, b, c, d) if value is not _MISSING], *more, **given)
    else:
        return init
    return __init__


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: Class) -> Class:
    """Make ``cls`` a frozen value class of its annotated fields (see the module's docstring)."""
    names = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063 - inspect is what this module spares
    defaults: dict[str, object] = {}
    for name in names:
        if name in cls.__dict__:
            defaults[name] = cls.__dict__[name]
            if isinstance(defaults[name], _Factory):
                delattr(cls, name)
        elif defaults:
            raise TypeError(f"{cls.__qualname__}: field {name!r} without a default follows one with a default")
    known = frozenset(names)
    values: Callable[[object], tuple] = attrgetter(*names) if len(names) > 1 else lambda self: (getattr(self, names[0]),)

    count = len(names)
    positions = range(count)

    def __init__(self: object, *args: object, **given: object) -> None:
        if args:
            if len(args) == count and not given:  # the quick way for every field in order, checked first
                fields = self.__dict__  # stored by index: zip(), without a fast call in Python 3.11, costs more
                for index in positions:
                    fields[names[index]] = args[index]
                return
            if len(args) > count:
                raise TypeError(f"{cls.__qualname__}() takes {count} arguments but {len(args)} were given")
            for name, value in zip(names, args):
                if name in given:
                    raise TypeError(f"{cls.__qualname__}() got multiple values for argument {name!r}")
                given[name] = value
        if len(given) == len(names) and known.issuperset(given):  # every field named: the next quickest way
            self.__dict__.update({name: given[name] for name in names})
            return
        if not known.issuperset(given):
            raise TypeError(f"{cls.__qualname__}() got an unexpected keyword argument {min(set(given) - known)!r}")
        fields = {}
        for name in names:
            value = given.get(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{cls.__qualname__}() missing required argument {name!r}")
                if type(value) is _Factory:
                    value = value.make()
            fields[name] = value
        self.__dict__.update(fields)  # the instance's own dict: __setattr__, which refuses, is not called

    def __repr__(self: object) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    def __hash__(self: object) -> int:
        return hash(values(self))

    def __setattr__(self: object, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: object, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    __init__ = _in_order(names, __init__)
    for method in (__init__, __repr__, __eq__, __hash__, __setattr__, __delattr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    cls.__match_args__ = names
    return cls
