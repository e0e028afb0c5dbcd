"""The start screen's view-model: each game to continue as its card reads."""

from __future__ import annotations

from dataclasses import dataclass

from companion.store.index import GameSummary
from companion.texts import in_use, t
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.state import leading_seats


@dataclass(frozen=True)
class ContinueCard:
    """One unfinished game as the start screen shows it: what it is, where it stands, who leads, when it began."""

    id: str
    label: str
    """The whole card in one line, as a screen reader says it ("Rage · hand 4 · Anna, Béla, Csilla")."""
    game: str
    hand: str | None
    """"Hand 4"; None for a game none of whose file can be read."""
    players: str
    lead: str | None
    """"In the lead: Anna · 23" (every player level at the top named); None before a hand is scored."""
    started: str
    note: str | None
    """What is wrong with the game's file (damaged), or what was repaired in it."""


def continue_card(summary: GameSummary) -> ContinueCard:
    """How ``summary``, an unfinished game, reads on the start screen."""
    game, players = game_text(summary.game_name), Listed(summary.players)
    if summary.current_hand is None:  # a game none of whose file can be read: no hand to name
        label = t("start.continue_unreadable", game=game, players=players)
    else:
        label = t("start.continue_line", game=game, hand=summary.current_hand, players=players)
    if summary.damage is not None:
        label, note = t("start.continue_damaged", line=label), t("history.damaged")
    elif summary.repaired is not None:
        label, note = t("start.continue_repaired", line=label), summary.repaired
    else:
        note = None
    lead = None
    if summary.hands_played and summary.totals:
        seats = leading_seats(summary.totals)
        lead = t("start.lead", names=Listed([summary.players[seat] for seat in seats]),
                 total=summary.totals[seats[0]])
    return ContinueCard(
        id=summary.id, label=label, game=game,
        hand=None if summary.current_hand is None else t("start.hand", hand=summary.current_hand),
        players=str(players), lead=lead, started=t("start.started", when=in_use().datetime(summary.created)),
        note=note)
