"""The actions a game's log is made of (start, bids, tricks, corrections, a coin flip, trumps, adjustments), and their JSON
form. Only values here: :class:`~scoring.game.Game` checks each one as it is applied."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.frozen import field, frozen

if TYPE_CHECKING:
    from typing import Any


NOTHING_COUNTED: Mapping[str, tuple[int, ...]] = MappingProxyType({})
"""No counted cards, as the log keeps them: a :class:`Tricks` of a tuple and this one is entered as it is made (a
record's reader makes them so), not copied first."""


@frozen
class Start:
    """The first action: which game, who sits where (clockwise), who deals first, the options."""

    game: str
    players: tuple[str, ...]
    first_dealer: int = 0
    options: Mapping[str, bool | str] = field(default_factory=dict)


@frozen
class Bid:
    """The player in seat ``player`` bids ``bid`` tricks in the current hand."""

    player: int
    bid: int


@frozen
class ChangeBid:
    """The player in seat ``player``, who has bid in the current hand, changes that bid to ``bid`` before the
    hand's tricks are recorded (a bid misheard or mistyped); the bids after it stand."""

    player: int
    bid: int


@frozen
class Tricks:
    """The tricks each player took in the current hand, in seat order.

    ``counted`` holds the action cards each player ends the hand with, by
    kind (Rage: ``{"bonus": (…), "mad": (…)}``); missing kinds are all 0.
    """

    tricks: tuple[int, ...]
    counted: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@frozen
class Correct:
    """Replace the bids, tricks and counted cards of finished hand ``hand`` (1-based)."""

    hand: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    counted: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@frozen
class CoinFlip:
    """The coin flip that broke a tie the game's own tie-breaks left: seat ``winner`` won it."""

    winner: int


@frozen
class Trump:
    """What was trump in hand ``hand``, as the table saw it: the suit turned up after the deal, then the suit
    after each joker that changed it (``NO_TRUMP`` after one that removed it). A table aid: it scores nothing."""

    hand: int
    trumps: tuple[str, ...]


@frozen
class Adjust:
    """A one-off bonus (``points`` above 0) or penalty (below 0) for the player in seat ``player``, outside the
    game's scoring (a revoke, a misdeal), counted with hand ``hand``'s points when that hand is scored;
    ``reason`` is what the table said, kept for the scoreboard and the sheet."""

    hand: int
    player: int
    points: int
    reason: str = ""


NO_TRUMP = "none"
"""The entry for a joker that removed trump (Rage'n Glyphs' 4-dot joker)."""

Action = Start | Bid | ChangeBid | Tricks | Correct | CoinFlip | Trump | Adjust

_ACTION_NAMES: dict[type, str] = {
    Start: "start", Bid: "bid", ChangeBid: "change_bid", Tricks: "tricks", Correct: "correct", CoinFlip: "coin_flip", Trump: "trump",
    Adjust: "adjust",
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready form of ``action``; :func:`action_from_dict` reads it back."""
    data: dict[str, Any] = {"action": _ACTION_NAMES[type(action)]}
    for name, value in vars(action).items():
        if isinstance(value, Mapping):
            value = {key: list(v) if isinstance(v, tuple) else v for key, v in value.items()}
        elif isinstance(value, tuple):
            value = list(value)
        data[name] = value
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action written by :func:`action_to_dict`.

    It is only rebuilt here; :meth:`Game.apply` checks it like any other.
    """
    kinds = {name: kind for kind, name in _ACTION_NAMES.items()}
    kind = kinds[data["action"]]
    fields = {key: value for key, value in data.items() if key != "action"}
    for key, value in fields.items():
        if isinstance(value, list):
            fields[key] = tuple(value)
        elif isinstance(value, Mapping) and key == "counted":
            fields[key] = {k: tuple(v) if isinstance(v, list) else v for k, v in value.items()}
    return kind(**fields)
