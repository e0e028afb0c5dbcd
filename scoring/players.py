"""The players' names as a game keeps them, or the refusal that says what is wrong with one."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import SetupError, as_written
from scoring.text import (
    MARKS_MAX,
    NAME_MAX,
    escaped,
    graphemes_over,
    kept_name,
    most_marks,
    shortened,
    shows_nothing,
    unsafe_character,
)


def check_players(players: object) -> tuple[str, ...]:
    """The names as the game keeps them (:func:`~scoring.text.kept_name`: trimmed, NFC, nothing invisible).

    :class:`SetupError` for an empty or repeated name, one that shows
    nothing, one longer than :data:`~scoring.text.NAME_MAX` graphemes, one
    with more than :data:`~scoring.text.MARKS_MAX` marks on a character, or
    one holding a control character.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise SetupError("players.not_list")
    names: list[str] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(players, start=1):
        if not isinstance(raw, str):
            raise SetupError("players.name_type", seat=seat, value=as_written(raw))
        name = kept_name(raw)
        if not raw.strip():
            raise SetupError("players.name_empty", seat=seat)
        if (character := unsafe_character(name)) is not None:
            raise SetupError("players.name_control", seat=seat, character=escaped(character))
        if shows_nothing(name):
            raise SetupError("players.name_invisible", seat=seat)
        if (marks := most_marks(name)) > MARKS_MAX:
            raise SetupError("players.name_marks", seat=seat, count=marks, max=MARKS_MAX)
        if graphemes_over(name, NAME_MAX):
            raise SetupError("players.name_long", seat=seat, max=NAME_MAX, name=shortened(name, NAME_MAX))
        if name in seen:
            raise SetupError("players.name_duplicate", name=name, first=seen[name], second=seat)
        seen[name] = seat
        names.append(name)
    return tuple(names)
