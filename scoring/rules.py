"""What a game is, and the rules it comes to for a table: frozen values the rest of the engine reads.

A :class:`GameDefinition` is a game file as read (its parameters, its
options, its changes for some player counts); :class:`Rules` is one game
resolved for a number of players and the options chosen
(:func:`scoring.definitions.rules_for`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.errors import SetupError
from scoring.frozen import field, frozen
from scoring.i18n.engine import engine_words
from scoring.i18n.sentences import Words

if TYPE_CHECKING:
    from typing import Any


class BiddingMode(StrEnum):
    """How bids are made and when the table sees them."""

    OPEN = "open"
    HIDDEN = "hidden"
    SECRET = "secret"


class TieBreak(StrEnum):
    """Ways a tie on the highest total is broken, applied in a game's order."""

    FINAL_HAND_POINTS = "final_hand_points"
    EXACT_BIDS = "exact_bids"
    COIN_FLIP = "coin_flip"


@frozen
class CardKind:
    """An action card counted per player at the end of a hand (Rage's +5 and -5, Skull King's captures).

    ``copies`` is how many of it the deck holds (Rage: 3 Bonus, 3 Mad), so
    the most that all players together can end one hand with; see
    :meth:`Rules.card_limit`. ``only_when_made``: the card's points count
    only for a player who made their bid (Skull King's bonuses).
    ``heading``: the card's column on a score sheet, where the label's first
    word would not tell the kinds apart or fit (None: that first word).
    ``captured``: the card is counted for the player who won the trick it
    was in (Skull King's bonuses), so a player holds at most a card per
    player for each trick they won; otherwise it goes to whoever played it
    (Rage's +5 and -5), whatever their tricks.
    """

    name: str
    label: str
    points: int
    copies: int
    only_when_made: bool = False
    heading: str | None = None
    captured: bool = False


@frozen
class ScoringRules:
    """The parameters of a hand's score; see :func:`scoring.points.hand_points`."""

    per_trick: int
    per_trick_missed: int
    exact_bonus: int
    exact_zero_bonus: int
    exact_zero_per_card: int = 0
    """Added to a made bid of 0 for each card in the hand (Skull King: 10)."""
    missed_zero_per_card: int | None = None
    """A missed bid of 0 scores this for each card in the hand, in place of ``missed`` and
    ``missed_per_trick_off`` (Skull King: -10); None: it is missed as any other bid."""
    missed: int = 0
    missed_per_trick_off: int = 0
    all_tricks_per_trick: int | None = None
    count_bonus_tricks: frozenset[int] = frozenset()
    count_bonus_points: int = 0
    cards: tuple[CardKind, ...] = ()


@frozen
class Option:
    """A choice the table makes before the game, with its allowed values."""

    name: str
    label: str
    explain: str
    default: bool | str
    allowed: tuple[bool | str, ...]
    sets: str | None = None
    when: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_bool(self) -> bool:
        """Whether the option is a yes/no switch."""
        return isinstance(self.default, bool)

    def choice_label(self, value: bool | str) -> str:
        """How a person reads the choice ``value`` (as the game file writes it, in English): its label, else the
        value itself."""
        return self.labels.get(option_key(value), option_key(value))

    def parse(self, text: str) -> bool | str:
        """Turn ``text`` from a command line into an allowed value, or refuse.

        >>> Option("skip_up", "Skip Up", "", False, (False, True)).parse("true")
        True
        """
        value: bool | str = text
        if self.is_bool:
            lowered = text.strip().lower()
            if lowered in ("true", "false"):
                value = lowered == "true"
        return self.check(value)

    def check(self, value: object) -> bool | str:
        """Return ``value`` if it is one of the allowed values, else raise :class:`SetupError`."""
        if type(value) is type(self.default) and value in self.allowed:
            return value  # type: ignore[return-value]
        raise SetupError(
            "option.bad_value",
            option=self.name,
            value=option_key(value),
            allowed=", ".join(option_key(v) for v in self.allowed),
        )


@frozen
class GameDefinition:
    """One game file: its identity, player range, parameters and options."""

    id: str
    name: str
    min_players: int
    max_players: int
    params: Mapping[str, Any]
    options: Mapping[str, Option]
    by_players: Mapping[int, Mapping[str, Any]]
    source: str

    def defaults(self) -> dict[str, bool | str]:
        """Every option at its default value."""
        return {name: option.default for name, option in self.options.items()}

    def resolve_options(self, chosen: Mapping[str, object] | None) -> dict[str, bool | str]:
        """Fill in defaults and check every chosen option; refuse unknown names and values."""
        resolved = self.defaults()
        for name, value in (chosen or {}).items():
            option = self.options.get(name)
            if option is None:
                raise SetupError("option.unknown", game=self.id, option=name, known=_names(self.options))
            resolved[name] = option.check(value)
        return resolved

    def parse_options(self, texts: Iterable[str]) -> dict[str, bool | str]:
        """Read ``NAME=VALUE`` strings (as on the command line) into checked options."""
        chosen: dict[str, bool | str] = {}
        for text in texts:
            name, sep, value = text.partition("=")
            name = name.strip()
            if not sep or not name:
                raise SetupError("option.malformed", text=text)
            option = self.options.get(name)
            if option is None:
                raise SetupError("option.unknown", game=self.id, option=name, known=_names(self.options))
            chosen[name] = option.parse(value.strip())
        return self.resolve_options(chosen)

    def check_player_count(self, count: int) -> None:
        """Refuse a player count outside the game's range."""
        if not self.min_players <= count <= self.max_players:
            raise SetupError("players.count", game=self.name, min=self.min_players, max=self.max_players, count=count)


@frozen
class Rules:
    """Everything the engine needs about one game as the table plays it.

    Built by :func:`rules_for` from a game, a player count and options.
    ``hand_sizes`` holds every hand of a fixed schedule; an open-ended game
    (Herrlof) holds the sizes it repeats and has ``hand_count`` None.
    """

    game: GameDefinition
    players: int
    options: Mapping[str, bool | str]
    hand_sizes: tuple[int, ...]
    open_ended: bool
    bidding: BiddingMode
    hook: bool
    scoring: ScoringRules
    tricks_may_vanish: int
    target: int | None
    tie_breaks: tuple[TieBreak, ...]
    trump_suits: tuple[str, ...] = ()
    """The suits a table can record as trump, in the order a trump-changing joker falls back through;
    empty for a game whose trump is not recorded."""
    jokers: int = 0
    """How many jokers can change or remove trump in one hand (each adds one entry to a hand's trump)."""
    hook_from_hand: int = 1
    """With ``hook``, the first hand (1-based) it holds in (Wizard's Canadian rule: 2)."""
    hook_from_cards: int = 1
    """With ``hook``, the fewest cards a hand it holds in has (a common house rule: 3)."""

    def hook_in(self, number: int, cards: int) -> bool:
        """Whether the hook holds in hand ``number`` (1-based) of ``cards`` cards: it is on, and the hand is
        neither before the hand nor smaller than the size it holds from.

        >>> from scoring.definitions import rules_for
        >>> wizard = rules_for("wizard", 4, {"hose_the_dealer": True, "hook_not_in_first_hand": True})
        >>> wizard.hook_in(1, 1), wizard.hook_in(2, 2), rules_for("wizard", 4).hook_in(2, 2)
        (False, True, False)
        """
        return self.hook and number >= self.hook_from_hand and cards >= self.hook_from_cards

    @property
    def hand_count(self) -> int | None:
        """How many hands the game has, or None when it runs until a target."""
        return None if self.open_ended else len(self.hand_sizes)

    def cards_in_hand(self, index: int) -> int:
        """Cards each player holds in hand ``index`` (0-based); also its number of tricks."""
        if self.open_ended:
            return self.hand_sizes[index % len(self.hand_sizes)]
        return self.hand_sizes[index]

    def dealer(self, index: int, first_dealer: int) -> int:
        """The seat that deals hand ``index``: the deal passes one seat clockwise per hand."""
        return (first_dealer + index) % self.players

    def bidding_order(self, index: int, first_dealer: int) -> tuple[int, ...]:
        """Seats in bidding order for hand ``index``: from the dealer's left, the dealer last."""
        dealer = self.dealer(index, first_dealer)
        return tuple((dealer + 1 + k) % self.players for k in range(self.players))

    def trick_total_range(self, cards: int) -> tuple[int, int]:
        """The lowest and highest total of tricks a hand of ``cards`` cards may record.

        Both are ``cards`` where every trick is taken by someone; where tricks
        may vanish (Herrlof's Valknuts) the lowest is that many fewer, never
        below 0.

        >>> from scoring.definitions import rules_for
        >>> rules_for("rage", 4).trick_total_range(7), rules_for("herrlof", 2).trick_total_range(15)
        ((7, 7), (12, 15))
        """
        return max(0, cards - self.tricks_may_vanish), cards

    def card_limit(self, kind: CardKind, cards: int) -> int:
        """The most action cards of ``kind`` all players together may end a hand of ``cards`` cards with.

        The deck's copies, and never more than the cards dealt in the hand.

        >>> from scoring.definitions import rules_for
        >>> rage = rules_for("rage", 2)
        >>> rage.card_limit(rage.scoring.cards[0], 10), rage.card_limit(rage.scoring.cards[0], 1)
        (3, 2)
        """
        return min(kind.copies, self.players * cards)


def option_key(value: object) -> str:
    """An option's value as a game file's ``when`` and ``labels`` tables name it.

    >>> option_key(True), option_key("short")
    ('true', 'short')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _names(names: Iterable[str]) -> str | Words:
    return ", ".join(names) or engine_words("schema.none")
