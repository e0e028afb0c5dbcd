"""The new-game screen's view-model: the game, its options and the players, checked as they are typed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.store.files import StorageError
from companion.store.games import GameStore, SavedGame
from companion.store.index import fold
from companion.texts import t
from companion.views.common import Message, refusal
from scoring.definitions import GameDefinition, all_games, load_game
from scoring.errors import BidwellError
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.players import check_players
from scoring.rules import Option

SUGGESTED = 8
"""Names from past games offered at once: a strip of them, one swipe long on a phone."""


@dataclass(frozen=True)
class OptionRow:
    """One option of the chosen game, as the new-game screen lists it."""

    name: str
    label: str
    explain: str
    value: bool | str
    allowed: tuple[bool | str, ...]
    is_bool: bool
    choices: tuple[tuple[str, str], ...] = ()
    """Each allowed value (as text) and how a person reads it."""


@dataclass(frozen=True)
class GameChoice:
    """One game on the new-game screen's cards: its name and how many it seats."""

    id: str
    name: str
    seats: str


@dataclass(frozen=True)
class SetupView:
    """Everything the new-game screen shows."""

    game_id: str
    games: tuple[GameChoice, ...]
    range_text: str
    options: tuple[OptionRow, ...]
    rules_summary: str
    """The house rules as they stand, in one line ("Bidding: Open · Off: Hose the Dealer and Skip Up")."""
    players: tuple[str, ...]
    first_dealer: int | None
    message: Message | None
    can_start: bool
    start_refusal: Message | None = None
    """Why "Start the game" did not start it: said next to that button, where the eye is."""


class NewGameModel:
    """Choosing the game, its options, the players in seat order and the first dealer."""

    def __init__(self, known_names: Sequence[str] = (), game_id: str = "rage-n-glyphs"):
        self.known_names = list(known_names)
        self.players: list[str] = []
        self.first_dealer: int | None = None
        self.message: Message | None = None
        self.start_refusal: Message | None = None
        self.choose_game(game_id)

    @staticmethod
    def games() -> list[tuple[str, str]]:
        """Every game as (id, name)."""
        return [(game.id, game_text(game.name)) for game in all_games()]

    def view(self) -> SetupView:
        """The screen as it stands now."""
        rows = tuple(self.option_rows())
        return SetupView(
            game_id=self.game.id,
            games=tuple(game_choices()),
            range_text=self.range_text,
            options=rows,
            rules_summary=rules_summary(rows),
            players=tuple(self.players),
            first_dealer=self.first_dealer,
            message=self.message,
            can_start=self.game.min_players <= len(self.players) <= self.game.max_players,
            start_refusal=self.start_refusal,
        )

    def choose_game(self, game_id: str) -> None:
        """Switch to ``game_id``, its options back at their defaults."""
        self.game = load_game(game_id)
        self.options = self.game.defaults()
        self.message = self.start_refusal = None

    def option_rows(self) -> list[OptionRow]:
        """The chosen game's options with their current values; fixed ones (one allowed value) left out."""
        return [option_row(option, self.options[name]) for name, option in self.game.options.items()
                if len(option.allowed) >= 2]

    def set_option(self, name: str, value: bool | str) -> None:
        """Set an option; the engine checks the value."""
        try:
            self.options[name] = self.game.options[name].check(value)
            self.message = None
        except (BidwellError, KeyError) as error:
            self.message = refusal(error)

    @property
    def range_text(self) -> str:
        """How many players the chosen game takes."""
        return players_range(self.game)

    def add_player(self, name: str) -> bool:
        """Add a player in the next seat; refuses empty, duplicate and one too many, with the reason."""
        if len(self.players) >= self.game.max_players:
            self.message = Message(t("setup.too_many", game=game_text(self.game.name), max=self.game.max_players),
                                   error=True)
            return False
        try:
            self.players = list(check_players([*self.players, name]))
        except BidwellError as error:
            self.message = refusal(error)
            return False
        self.message = self.start_refusal = None
        return True

    def remove_player(self, seat: int) -> None:
        """Take the player in ``seat`` out; the first dealer stays with the same person where possible."""
        del self.players[seat]
        self.message = self.start_refusal = None
        if self.first_dealer is not None:
            if self.first_dealer == seat:
                self.first_dealer = None
            elif self.first_dealer > seat:
                self.first_dealer -= 1

    def move_player(self, seat: int, delta: int) -> None:
        """Move a player one seat up (-1) or down (+1) the clockwise order."""
        other = seat + delta
        if 0 <= other < len(self.players):
            self.players[seat], self.players[other] = self.players[other], self.players[seat]
            if self.first_dealer in (seat, other):
                self.first_dealer = other if self.first_dealer == seat else seat

    def suggestions(self, typed: str) -> list[str]:
        """Names from past games not yet seated, the most often seen first: those that start with what is typed
        (case and accents ignored), or, with nothing typed, any."""
        wanted = fold(typed.strip())
        seated = {fold(name) for name in self.players}
        return [n for n in self.known_names if fold(n).startswith(wanted) and fold(n) not in seated][:SUGGESTED]

    def start(self, store: GameStore, chance: random.Random | None = None) -> SavedGame | None:
        """Start and save the game, drawing the first dealer if none was picked; None if refused, with
        :attr:`start_refusal` saying why (too few players: how many the game takes, and how many more to add)."""
        count = len(self.players)
        self.start_refusal = None
        if count < self.game.min_players:
            self.start_refusal = Message(t(
                "setup.need_players", game=game_text(self.game.name), min=self.game.min_players,
                max=self.game.max_players,
                count=self.game.min_players - count,
            ), error=True)
            return None
        dealer = self.first_dealer if self.first_dealer is not None else (chance or random.Random()).randrange(count)
        try:
            return store.start(Game.new(self.game.id, self.players, first_dealer=dealer, options=self.options))
        except (BidwellError, StorageError) as error:
            self.start_refusal = refusal(error)
            return None


def players_range(game: GameDefinition) -> str:
    """How many players ``game`` takes: "3 to 10 players"."""
    return t("setup.players_range", min=game.min_players, max=game.max_players)


def game_choices() -> list[GameChoice]:
    """Every game with how many players it seats, as the new-game screen's cards show them."""
    return [GameChoice(game.id, game_text(game.name), players_range(game)) for game in all_games()]


def rules_summary(rows: Sequence[OptionRow]) -> str:
    """``rows`` in one line: each choice with its value, then the switches that are on and those that are off."""
    parts = [t("setup.rule_value", label=row.label, value=dict(row.choices)[str(row.value)])
             for row in rows if not row.is_bool]
    switched_on = [row.label for row in rows if row.is_bool and row.value]
    switched_off = [row.label for row in rows if row.is_bool and not row.value]
    if switched_on:
        parts.append(t("setup.rules_on", names=Listed(switched_on)))
    if switched_off:
        parts.append(t("setup.rules_off", names=Listed(switched_off)))
    return " · ".join(parts)


def option_row(option: Option, value: bool | str) -> OptionRow:
    """How ``option``, now at ``value``, is listed: its label, its explanation, each allowed value in words."""
    choices = tuple((str(allowed), game_text(option.choice_label(allowed))) for allowed in option.allowed)
    return OptionRow(option.name, game_text(option.label), game_text(option.explain) if option.explain else "",
                     value, option.allowed, option.is_bool, choices)
