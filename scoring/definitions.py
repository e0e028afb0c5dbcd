"""Games as data: the template files, their options, and the rules they resolve to.

A game file in ``templates/`` gives the game's parameters; options and the
player count override them. :func:`rules_for` turns a game, a player count
and chosen options into a frozen :class:`Rules` that the rest of the engine
reads. Nothing here knows a particular game by name.
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from scoring.errors import SetupError, TemplateError


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


@dataclass(frozen=True)
class CardKind:
    """An action card counted per player at the end of a hand (Rage's +5 and -5)."""

    name: str
    label: str
    points: int
    copies: int


@dataclass(frozen=True)
class ScoringRules:
    """The parameters of a hand's score; see :func:`scoring.points.hand_points`."""

    per_trick: int
    per_trick_missed: int
    exact_bonus: int
    exact_zero_bonus: int
    missed: int = 0
    missed_per_trick_off: int = 0
    all_tricks_per_trick: int | None = None
    count_bonus_tricks: frozenset[int] = frozenset()
    count_bonus_points: int = 0
    cards: tuple[CardKind, ...] = ()


@dataclass(frozen=True)
class Option:
    """A choice the table makes before the game, with its allowed values."""

    name: str
    label: str
    explain: str
    default: bool | str
    allowed: tuple[bool | str, ...]
    sets: str | None = None
    when: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def is_bool(self) -> bool:
        """Whether the option is a yes/no switch."""
        return isinstance(self.default, bool)

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
            value=_show(value),
            allowed=", ".join(_show(v) for v in self.allowed),
        )


@dataclass(frozen=True)
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
                raise SetupError("option.unknown", game=self.id, option=name, known=", ".join(self.options) or "none")
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
                raise SetupError("option.unknown", game=self.id, option=name, known=", ".join(self.options) or "none")
            chosen[name] = option.parse(value.strip())
        return self.resolve_options(chosen)

    def check_player_count(self, count: int) -> None:
        """Refuse a player count outside the game's range."""
        if not self.min_players <= count <= self.max_players:
            raise SetupError("players.count", game=self.name, min=self.min_players, max=self.max_players, count=count)


@dataclass(frozen=True)
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


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def templates_dir() -> Path:
    """Where the game files are: ``BIDWELL_TEMPLATES``, the installed copy, or the checkout's."""
    override = os.environ.get("BIDWELL_TEMPLATES")
    if override:
        return Path(override)
    packaged = Path(__file__).with_name("templates")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "templates"


def game_ids() -> list[str]:
    """The ids of every game in the templates folder, sorted."""
    return sorted(p.stem for p in templates_dir().glob("*.toml") if not p.name.startswith("_"))


def load_game(game_id: str) -> GameDefinition:
    """The game with this id, read from its template file; :class:`SetupError` if there is none."""
    return _load_game(templates_dir(), game_id)


def all_games() -> list[GameDefinition]:
    """Every game the templates folder holds, sorted by id."""
    return [load_game(game_id) for game_id in game_ids()]


@cache
def _load_game(folder: Path, game_id: str) -> GameDefinition:
    path = folder / f"{game_id}.toml"
    if game_id.startswith("_") or "/" in game_id or os.sep in game_id or not path.is_file():
        raise SetupError("game.unknown", game=game_id, known=", ".join(game_ids()))
    data = _read_toml(path)
    common = _read_toml(folder / "_house-rules.toml") if (folder / "_house-rules.toml").is_file() else {}
    return _definition_from(data, common.get("options", {}), path.name)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise TemplateError(f"{path.name}: {error}") from error


def _definition_from(data: Mapping[str, Any], common_options: Mapping[str, Any], source: str) -> GameDefinition:
    def need(mapping: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
        value = mapping.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise TemplateError(f"{source}: {where}{key} is missing or not {kind}")
        return value

    game_id = need(data, "id", str, "")
    if f"{game_id}.toml" != source:
        raise TemplateError(f"{source}: id '{game_id}' does not match the file name")
    players = need(data, "players", dict, "")
    params = {key: copy.deepcopy(data.get(key, {})) for key in ("deck", "hands", "tricks", "scoring", "end")}
    options: dict[str, Option] = {}
    merged = _deep_merge(copy.deepcopy(dict(common_options)), data.get("options", {}))
    for name, spec in merged.items():
        options[name] = _option_from(name, spec, source)
    by_players = {}
    for count, overrides in data.get("by_players", {}).items():
        if not str(count).isdigit():
            raise TemplateError(f"{source}: by_players key '{count}' is not a player count")
        by_players[int(count)] = overrides
    definition = GameDefinition(
        id=game_id,
        name=need(data, "name", str, ""),
        min_players=need(players, "min", int, "players."),
        max_players=need(players, "max", int, "players."),
        params=params,
        options=options,
        by_players=by_players,
        source=source,
    )
    # A template that cannot resolve fails here, when it is loaded, not mid-game.
    for count in range(definition.min_players, definition.max_players + 1):
        rules_for(definition, count)
    for option in options.values():
        for value in option.allowed:
            rules_for(definition, definition.min_players, {option.name: value})
    return definition


def _option_from(name: str, spec: Mapping[str, Any], source: str) -> Option:
    default = spec.get("default")
    if isinstance(default, bool):
        allowed = tuple(spec.get("allowed", (False, True)))
    elif isinstance(default, str) and "choices" in spec:
        allowed = tuple(spec.get("allowed", spec["choices"]))
    else:
        raise TemplateError(f"{source}: option {name} needs a true/false default or choices with a default")
    if default not in allowed or any(type(v) is not type(default) for v in allowed):
        raise TemplateError(f"{source}: option {name}: default {default!r} is not among {allowed!r}")
    when = {_show(key) if isinstance(key, bool) else key: value for key, value in spec.get("when", {}).items()}
    unknown = set(when) - {_show(v) for v in allowed} - {str(v) for v in spec.get("choices", ())} - {"true", "false"}
    if unknown:
        raise TemplateError(f"{source}: option {name}: 'when' names unknown values {sorted(unknown)}")
    return Option(
        name=name,
        label=spec.get("label", name),
        explain=spec.get("explain", ""),
        default=default,
        allowed=allowed,
        sets=spec.get("sets"),
        when=when,
    )


def _deep_merge(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Merge ``overrides`` into ``base``: tables merge key by key, anything else replaces."""
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(base.get(key), dict):
            _deep_merge(base[key], value)
        else:
            base[key] = copy.deepcopy(value)
    return base


def _set_path(tree: dict[str, Any], dotted: str, value: object) -> None:
    *parents, leaf = dotted.split(".")
    for part in parents:
        tree = tree.setdefault(part, {})
    tree[leaf] = value


def rules_for(
    game: GameDefinition | str, players: int, options: Mapping[str, object] | None = None
) -> Rules:
    """Resolve a game for ``players`` players with ``options`` into its :class:`Rules`.

    Options are checked (unknown names and values are refused with
    :class:`SetupError`); missing ones take their defaults. The player
    count's own overrides apply last, so a variant for a player count wins
    over an option (Herrlof with 3 players has no 5-trick bonus at all).
    """
    definition = load_game(game) if isinstance(game, str) else game
    definition.check_player_count(players)
    chosen = definition.resolve_options(options)
    params = copy.deepcopy(dict(definition.params))
    for name, value in chosen.items():
        option = definition.options[name]
        if option.sets:
            _set_path(params, option.sets, value)
        _deep_merge(params, option.when.get(_show(value), {}))
    _deep_merge(params, definition.by_players.get(players, {}))
    try:
        return _rules_from(definition, players, chosen, params)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, SetupError):
            raise
        raise TemplateError(f"{definition.source}: cannot resolve for {players} players: {error!r}") from error


def _rules_from(definition: GameDefinition, players: int, chosen: dict, params: Mapping[str, Any]) -> Rules:
    deck, hands, scoring, end = params["deck"], params["hands"], params["scoring"], params["end"]
    largest = (deck["cards"] - deck.get("undealt_at_least", 0)) // players
    largest = min(largest, deck.get("max_hand", largest))
    if largest < 1:
        raise TemplateError(f"{definition.source}: the deck cannot deal {players} players a card each")
    path = [largest if point == "max" else min(int(point), largest) for point in hands["path"]]
    sizes = hand_size_path(path, int(hands.get("step", 1)))
    bidding = params.get("bidding", {})
    per_trick = int(scoring["per_trick"])
    exact_bonus = int(scoring["exact_bonus"])
    count_bonus = scoring.get("count_bonus", {})
    cards = tuple(
        CardKind(name=c["name"], label=c.get("label", c["name"]), points=int(c["points"]), copies=int(c["copies"]))
        for c in scoring.get("cards", ())
    )
    target = end.get("target")
    open_ended = bool(hands.get("open_ended", False))
    if open_ended != (target is not None):
        raise TemplateError(f"{definition.source}: an open-ended game needs end.target, and only it")
    return Rules(
        game=definition,
        players=players,
        options=dict(chosen),
        hand_sizes=tuple(sizes),
        open_ended=open_ended,
        bidding=BiddingMode(bidding.get("mode", "open")),
        hook=bool(bidding.get("hook", False)),
        scoring=ScoringRules(
            per_trick=per_trick,
            per_trick_missed=int(scoring.get("per_trick_missed", per_trick)),
            exact_bonus=exact_bonus,
            exact_zero_bonus=int(scoring.get("exact_zero_bonus", exact_bonus)),
            missed=int(scoring.get("missed", 0)),
            missed_per_trick_off=int(scoring.get("missed_per_trick_off", 0)),
            all_tricks_per_trick=scoring.get("all_tricks_per_trick"),
            count_bonus_tricks=frozenset(int(t) for t in count_bonus.get("tricks", ())),
            count_bonus_points=int(count_bonus.get("points", 0)),
            cards=cards,
        ),
        tricks_may_vanish=int(params.get("tricks", {}).get("may_vanish", 0)),
        target=None if target is None else int(target),
        tie_breaks=tuple(TieBreak(t) for t in end.get("tie_breaks", ())),
    )


def hand_size_path(waypoints: list[int], step: int = 1) -> list[int]:
    """Hand sizes walking from waypoint to waypoint by ``step``, each turning point once.

    A leg stops at the last size that does not pass its waypoint, so Skip Up
    (step 2) to a largest hand of 18 ends at 17.

    >>> hand_size_path([4, 1, 4])
    [4, 3, 2, 1, 2, 3, 4]
    >>> hand_size_path([1, 8], step=2)
    [1, 3, 5, 7]
    """
    if step < 1:
        raise ValueError("step must be at least 1")
    sizes = [waypoints[0]]
    for target in waypoints[1:]:
        direction = 1 if target > sizes[-1] else -1
        while (sizes[-1] + direction * step - target) * direction <= 0 and sizes[-1] != target:
            sizes.append(sizes[-1] + direction * step)
    return sizes


__all__ = [
    "BiddingMode",
    "CardKind",
    "GameDefinition",
    "Option",
    "Rules",
    "ScoringRules",
    "TieBreak",
    "all_games",
    "game_ids",
    "hand_size_path",
    "load_game",
    "rules_for",
    "templates_dir",
]
