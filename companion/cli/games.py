"""``bidwell games``: every game the templates folder holds, with its players and its options, as the
``--option NAME=VALUE`` of ``schedule`` and ``sheet`` (and a record's ``options``) write them."""

from __future__ import annotations

import argparse

from companion.cli.output import print_json
from companion.texts import t
from scoring.definitions import all_games
from scoring.i18n.language import game_text
from scoring.rules import GameDefinition, Option, option_key
from scoring.text import escaped


def run(args: argparse.Namespace) -> int:
    """Print every game (text, or JSON with ``--json``); returns the exit status."""
    games = all_games()
    if args.json:
        print_json([_as_json(game) for game in games])
        return 0
    lines = []
    for game in games:
        lines.append(t("games.game", id=game.id, name=game_text(game.name), min=game.min_players,
                       max=game.max_players))
        for option in game.options.values():
            lines.append("    " + t("games.option", name=option.name, values=_values(option),
                                     label=game_text(option.label)))
    print("\n".join(escaped(line) for line in lines))
    return 0


def _values(option: Option) -> str:
    """The values an option may take as they are written after ``NAME=``, each with the words the app shows for it
    where they differ, the default marked."""
    shown = []
    for value in option.allowed:
        written = option_key(value)
        label = game_text(option.choice_label(value))
        default = value == option.default
        if label == written:
            shown.append(t("games.value_default", value=written) if default else written)
        else:
            shown.append(t("games.value_labelled_default" if default else "games.value_labelled", value=written,
                           label=label))
    return " | ".join(shown)


def _as_json(game: GameDefinition) -> dict[str, object]:
    return {
        "id": game.id,
        "name": game_text(game.name),
        "players": {"min": game.min_players, "max": game.max_players},
        "options": [
            {"name": option.name, "label": game_text(option.label), "default": option.default,
             "allowed": list(option.allowed),
             "labels": {value: game_text(label) for value, label in option.labels.items()}}
            for option in game.options.values()
        ],
    }
