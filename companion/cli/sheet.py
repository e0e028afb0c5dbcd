"""``bidwell sheet``: a blank score sheet for a game, or the filled sheet of a stored game or a record."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.output import fail, read_input
from companion.sheets.pdf import blank_sheet, filled_sheet, render_pdf
from companion.store.files import StorageError
from companion.store.game_files import is_timestamp
from companion.store.games import GameStore, default_data_folder
from companion.texts import t
from scoring.definitions import load_game, rules_for
from scoring.errors import SetupError
from scoring.players import check_players
from scoring.record import game_from_record, parse_record


def run(args: argparse.Namespace) -> int:
    """Write the sheet ``args`` asks for and say where (its whole path); bad arguments end in one ``error:`` line
    (exit 2)."""
    if args.game is None and (args.players or args.names or args.option):
        fail(t("cli.sheet_blank_only"))
    try:
        if args.game is not None:
            sheet = _blank(args)
        elif args.from_id is not None:
            store = GameStore(args.data or default_data_folder())
            saved = store.open(args.from_id)
            sheet = filled_sheet(saved.game, played_on=saved.created[:10])
        else:
            record = parse_record(read_input(args.record))
            game = game_from_record(record)
            created = record.get("created") if isinstance(record, dict) else None
            # As import does: a "created" that is not a real time is ignored (the sheet shows today).
            sheet = filled_sheet(game, played_on=created[:10] if is_timestamp(created) else None)
    except StorageError as error:
        fail(str(error))
    pdf = render_pdf(sheet, args.paper)
    output = Path(args.output)
    try:
        output.write_bytes(pdf)
    except OSError as error:
        fail(t("cli.cannot_write", path=args.output, detail=error.strerror or error))
    # The whole path: a sheet written where a person did not expect it is found from this line.
    print(t("cli.sheet_written", path=output.resolve()))
    return 0


def _blank(args: argparse.Namespace):  # noqa: ANN202 - a Sheet
    game = load_game(args.game)
    if args.names:
        names = list(check_players(args.names.split(",")))
        count = len(names)
    elif args.players:
        names = None
        try:
            count = int(args.players)
        except ValueError:
            raise SetupError("cli.players_number", value=args.players) from None
    else:
        fail(t("cli.sheet_needs_players"))
    game.check_player_count(count)
    rules = rules_for(game, count, game.parse_options(args.option))
    return blank_sheet(rules, names=names)
