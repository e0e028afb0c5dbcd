"""A game log read back action by action: the one replay every reader of a stored game uses.

Each action is checked as when it was first made; the replay stops at the
first that is refused, keeping the game up to it and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.actions import Action, Start
from scoring.errors import BidwellError
from scoring.frozen import frozen
from scoring.game import Game


@frozen
class Replayed:
    """A log replayed as far as it is sound: the game up to its last sound action (None if not even its Start
    was), how many actions were sound (the Start included), and why the next one was not (None: all were)."""

    game: Game | None
    sound: int
    error: Exception | None


REPLAY_REFUSALS = (BidwellError, KeyError, TypeError, ValueError, AttributeError, RecursionError)
"""What a damaged log raises on replay: the engine's refusal, or a value that is no action at all."""


def replay_sound(log: Iterable[Action]) -> Replayed:
    """Replay ``log`` action by action, each checked as when it was first made, and stop at the first that is
    refused, or that ``log`` itself raises on (an iterator reading actions from a file may find one is no
    action: what it raises is kept as the reason). The one replay every reader of a stored game uses.

    >>> from scoring.actions import Bid
    >>> start = Start("rage", ("Anna", "Béla"), 0, {})
    >>> replayed = replay_sound([start, Bid(1, 3), Bid(1, 3)])
    >>> replayed.sound, replayed.game.log[-1], str(replayed.error)
    (2, Bid(player=1, bid=3), "hand 1, Béla: it is Anna's turn to bid (bids go clockwise from the dealer's left)")
    """
    game: Game | None = None
    sound = 0
    actions = iter(log)
    try:
        for action in actions:
            if game is None:
                if not isinstance(action, Start):
                    raise ValueError("a game log begins with its Start action")
                game = Game(action)
            else:
                game.take(action)
            sound += 1
    except REPLAY_REFUSALS as error:
        return Replayed(game, sound, error)
    if game is None:
        return Replayed(None, 0, ValueError("a game log begins with its Start action"))
    return Replayed(game, sound, None)


def replay(log: Sequence[Action]) -> Game:
    """The game a log describes, every action checked as when it was first made; the first refusal is raised
    (:func:`replay_sound` keeps what came before it instead).

    >>> game = Game.new("rage", ["Anna", "Béla"])
    >>> _ = game.bid(1, 3)
    >>> replay(game.log).state == game.state
    True
    """
    replayed = replay_sound(log)
    if replayed.error is not None:
        raise replayed.error
    return replayed.game  # type: ignore[return-value]
