"""The arguments of ``bidwell`` and its commands, read with argparse.

:func:`companion.cli.parse_arguments` comes here for everything but the plain
``bidwell score RECORD``, which it reads itself so that scoring a record does
not import argparse at all.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from companion.cli import fail

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, given the terminal's width as shutil would find it, without importing shutil.

    argparse makes a formatter for every argument it adds, and its own way to
    the width imports shutil (and with it bz2, lzma and zlib) on every start.
    """

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _help_width() if width is None else width)


def _help_width() -> int:
    """$COLUMNS, else the terminal's width, else 80; less the 2 columns argparse keeps free."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns - 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line, as the error contract asks."""

    def __init__(self, **kwargs: object):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(**kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        """Print one ``error:`` line and exit with status 2, instead of argparse's usage text."""
        fail(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``bidwell`` and all its commands."""
    parser = _Parser(
        prog="bidwell",
        description="Bidwell: the scorekeeper for Oh Hell and its family. Without a command, starts the app.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_app_arguments(parser)
    _add_data_argument(parser, default=None)
    for name, (help_text, add_arguments) in _COMMANDS.items():
        command = commands.add_parser(name, help=help_text)
        add_arguments(command)
        _add_data_argument(command, default=argparse.SUPPRESS)
    return parser


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """``argv`` read as :func:`build_parser` reads it; bad arguments end in one ``error:`` line (exit 2).

    When the command comes first, as it usually does, only that command's
    parser is built, with the same arguments and the same ``bidwell COMMAND``
    name in its messages: argparse looks up translations for every parser it
    makes, and building all eight cost ``bidwell score`` more time than the
    scoring does.
    """
    argv = list(argv)
    if not argv or argv[0] not in _COMMANDS:
        return build_parser().parse_args(argv)
    name = argv[0]
    parser = _Parser(prog=f"bidwell {name}")
    _COMMANDS[name][1](parser)
    _add_data_argument(parser, default=None)
    args = parser.parse_args(argv[1:])
    args.command = name
    return args


def _schedule_arguments(schedule: argparse.ArgumentParser) -> None:
    schedule.add_argument("--game", required=True, metavar="ID", help="a game id, e.g. rage-n-glyphs")
    schedule.add_argument("--players", required=True, metavar="N", help="how many players")
    schedule.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, e.g. skip_up=true"
    )


def _score_arguments(score: argparse.ArgumentParser) -> None:
    score.add_argument("record", metavar="RECORD", help="a game record file, or - for standard input")


def _history_arguments(history: argparse.ArgumentParser) -> None:
    history.add_argument("--json", action="store_true", help="print the list as JSON")
    history.add_argument("--game", metavar="ID", help="only games of this game id")
    history.add_argument("--player", metavar="NAME", help="only games with this player (case and accents ignored)")
    status = history.add_mutually_exclusive_group()
    status.add_argument("--finished", dest="finished", action="store_const", const=True, help="only finished games")
    status.add_argument("--unfinished", dest="finished", action="store_const", const=False, help="only unfinished games")
    history.add_argument("--page", type=_positive, default=1, metavar="N", help="page N (default 1)")
    history.add_argument("--per-page", type=_positive, default=50, metavar="N", help="games a page (default 50)")


def _stats_arguments(stats: argparse.ArgumentParser) -> None:
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("--game", metavar="ID", help="only games of this game id, e.g. rage-n-glyphs")
    stats.add_argument("--player", metavar="NAME", help="only this player's figures")
    stats.add_argument("--with", dest="with_players", action="append", default=[], metavar="NAME",
                       help="only games this player sat in too (repeat for more)")
    stats.add_argument("--since", type=_date, metavar="YYYY-MM-DD", help="only games started on or after this day (UTC)")
    stats.add_argument("--until", type=_date, metavar="YYYY-MM-DD", help="only games started on or before this day (UTC)")


def _date(text: str) -> str:
    import datetime

    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"'{text}' is not a date; give one as YYYY-MM-DD, e.g. 2026-11-23")


def _export_arguments(export: argparse.ArgumentParser) -> None:
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", metavar="ID", help="the game's id, as 'bidwell history' shows it")
    which.add_argument("--all", action="store_true", help="every game, as a JSON array of records")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def _import_arguments(imports: argparse.ArgumentParser) -> None:
    imports.add_argument("files", nargs="+", metavar="FILE", help="record files")


def _sheet_arguments(sheet: argparse.ArgumentParser) -> None:
    source = sheet.add_mutually_exclusive_group(required=True)
    source.add_argument("--game", metavar="ID", help="a blank sheet of this game")
    source.add_argument("--from", dest="from_id", metavar="ID", help="the filled sheet of a stored game")
    source.add_argument("--record", metavar="FILE", help="the filled sheet of a game record")
    seats = sheet.add_mutually_exclusive_group()
    seats.add_argument("--players", metavar="N", help="blank sheet: how many players")
    seats.add_argument("--names", metavar="NAMES", help='blank sheet: the players, clockwise, e.g. "Anna,Béla,Csilla"')
    sheet.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="blank sheet: a game option")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="where to write the PDF")


def _add_data_argument(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--data", metavar="DIR", default=default, help="the data folder (default: $BIDWELL_DATA, else your data directory)"
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is less than 1")
    return value


def _add_app_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8550, help="the port to serve on (default 8550)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--lan", action="store_true", help="serve on the local network, behind a PIN, for phones")
    parser.add_argument("--cert", metavar="FILE", help="serve over https with this certificate (PEM); with --key")
    parser.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM); with --cert")
    parser.add_argument("--desktop", action="store_true", help="open in a desktop window (needs flet-desktop)")


def _publish_arguments(publish: argparse.ArgumentParser) -> None:
    publish.add_argument("folder", metavar="DIR", help="the folder to write the web app into (new, empty, or an "
                         "earlier build)")
    publish.add_argument("--base", metavar="PATH", default="/", help="the address path it is served at, when not "
                         "the site's root (e.g. /bidwell/ for https://example.org/bidwell/)")


_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "app": ("start the app (the default)", _add_app_arguments),
    "schedule": ("print every hand's cards, dealer and first bidder as JSON", _schedule_arguments),
    "score": ("score a game record and print the result as JSON", _score_arguments),
    "history": ("list the stored games, newest first", _history_arguments),
    "stats": ("print each player's figures: games, wins, bids made, average score and place", _stats_arguments),
    "export": ("print or save the record of a stored game", _export_arguments),
    "import": ("keep the games in record files (records or arrays of them)", _import_arguments),
    "sheet": ("write a blank or filled score sheet as PDF", _sheet_arguments),
    "publish": ("write the app as a static web app that works offline (Python in the browser)",
                _publish_arguments),
}
"""Every command: its help line, and what adds its arguments to a parser."""
