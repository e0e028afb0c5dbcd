"""Typed refusals: every action the engine refuses raises one of these.

A refusal names the hand (1-based) and the player where there is one, says
what is wrong and what is allowed, and is raised before anything changes. It
keeps its message key and parameters, so its sentence is made in the language
in use when it is shown, not when it was raised.
"""

from __future__ import annotations

import sys

from scoring.i18n.engine import engine_words, render
from scoring.text import SHOWN_MAX, shortened


class BidwellError(ValueError):
    """A refusal a scorekeeper can read: ``str(error)`` is the whole sentence, in the language in use."""

    def __init__(self, key: str, /, *, hand: int | None = None, player: str | None = None, **params: object):
        self.key = key
        self.hand = hand
        self.player = player
        self.params = {name: short_value(value) for name, value in params.items()}
        super().__init__(key)

    def __str__(self) -> str:
        return self.message

    @property
    def detail(self) -> str:
        """What is wrong and what is allowed, without the hand and player."""
        return render(self.key, self.params)

    @property
    def message(self) -> str:
        """The detail prefixed with the hand and player it concerns."""
        text = self.detail
        if self.hand is not None and self.player is not None:
            return render("where.hand_player", {"hand": self.hand, "player": self.player, "text": text})
        if self.hand is not None:
            return render("where.hand", {"hand": self.hand, "text": text})
        if self.player is not None:
            return render("where.player", {"player": self.player, "text": text})
        return text


class SetupError(BidwellError):
    """The game cannot start this way: unknown game or option, bad players."""


class UnknownLanguageError(SetupError):
    """A language was asked for (``--lang``, ``BIDWELL_LANG``) that Bidwell has no catalogs of."""


class TemplateError(BidwellError):
    """A game file in templates/ is malformed: the message names the file and the key.

    A shipped template that fails is a bug in the data; a house-rule file a
    person wrote fails the same way, when it is loaded, never mid-game.
    """


class BidError(BidwellError):
    """A bid that may not be made now."""


class TricksError(BidwellError):
    """Tricks that do not fit the hand or the game."""


class CardsError(BidwellError):
    """Counted action cards (Rage's +5 and -5) that cannot be right."""


class GameOverError(BidwellError):
    """An action after the game has ended."""


class CorrectionError(BidwellError):
    """A correction that names no finished hand or changes nothing."""


class CoinFlipError(BidwellError):
    """A coin flip that is not needed or names someone not tied."""


class TrumpError(BidwellError):
    """A trump that cannot be recorded: the game has none, no such hand, or no such suit."""


class AdjustmentError(BidwellError):
    """A bonus or penalty that cannot be given: no such hand, points that are no whole number or out of range,
    a reason that cannot be kept."""


class UndoError(BidwellError):
    """Nothing left to undo."""


class RecordError(BidwellError):
    """A game record that is not well formed."""


def short_value(value: object) -> object:
    """A value as a message repeats it: a megabyte of text or a 4,000-digit number is cut, not printed whole."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return value
    try:
        text = str(value)
    except ValueError:  # an integer too long for Python to write out
        return engine_words("value.long_number", digits=sys.get_int_max_str_digits())
    return shortened(text) if len(text) > SHOWN_MAX else value


def as_written(value: object) -> str:
    """A value a refusal repeats, written as a record or a game file would hold it.

    >>> as_written(None), as_written(True), as_written("3"), as_written(2.5)
    ('null', 'true', '"3"', '2.5')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
