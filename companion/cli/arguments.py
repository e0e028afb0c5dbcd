"""The arguments of ``bidwell`` and its commands, read with argparse.

:func:`companion.cli.main.parse_arguments` comes here for everything but the plain
``bidwell score RECORD``, which it reads itself so that scoring a record does
not import argparse at all.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.cli.output import fail
from companion.texts import t, template
from scoring.i18n.locales import available

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
        fail(t("help.see_help", message=message, prog=self.prog))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``bidwell`` and all its commands."""
    parser = _Parser(
        prog="bidwell",
        description=t("help.bidwell"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_app_arguments(parser)
    _add_common_arguments(parser, default=None)
    for name, (help_key, add_arguments) in _COMMANDS.items():
        command = commands.add_parser(name, help=t(help_key))
        add_arguments(command)
        _add_common_arguments(command, default=argparse.SUPPRESS)
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
    _speak_argparse()
    if not argv or argv[0] not in _COMMANDS:
        return build_parser().parse_args(argv)
    name = argv[0]
    parser = _Parser(prog=f"bidwell {name}")
    _COMMANDS[name][1](parser)
    _add_common_arguments(parser, default=None)
    args = parser.parse_args(argv[1:])
    args.command = name
    return args


_ARGPARSE_WORDS = {
    "usage: ": "argparse.usage",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "can't open '%(filename)s': %(error)s": "argparse.cannot_open",
    "positional arguments": "argparse.positionals",
    "options": "argparse.options",
    "show this help message and exit": "argparse.help",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "not allowed with argument %s": "argparse.not_allowed_with",
    "ignored explicit argument %r": "argparse.ignored_explicit",
    "the following arguments are required: %s": "argparse.required",
    "one of the arguments %s is required": "argparse.one_required",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "unexpected option string: %s": "argparse.unexpected_option",
    "invalid %(type)s value: %(value)r": "argparse.invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
}
"""argparse's own sentences (its gettext msgids, as Python 3.11 to 3.13 write them) and the keys of Bidwell's
catalog that say them; a sentence not here is argparse's English."""
_ARGPARSE_PLURALS = {"expected %s argument": "argparse.expected_n"}


def _speak_argparse() -> None:
    """Have argparse say its own sentences (usage, required arguments, …) from Bidwell's catalog.

    argparse asks :func:`gettext.gettext` through names of its own module, so these are replaced there: the
    catalog it would otherwise read is Python's, which no language Bidwell speaks has.
    """

    def words(text: str) -> str:
        key = _ARGPARSE_WORDS.get(text)
        return text if key is None else template(key)

    def plural_words(one: str, other: str, count: int) -> str:
        key = _ARGPARSE_PLURALS.get(one)
        return (one if count == 1 else other) if key is None else template(key, count)

    argparse._ = words
    argparse.ngettext = plural_words


def _schedule_arguments(schedule: argparse.ArgumentParser) -> None:
    schedule.add_argument("--game", required=True, metavar="ID", help=t("help.game_id"))
    schedule.add_argument("--players", required=True, metavar="N", help=t("help.players"))
    schedule.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=t("help.option")
    )


def _score_arguments(score: argparse.ArgumentParser) -> None:
    score.add_argument("record", metavar="RECORD", help=t("help.record"))


def _games_arguments(games: argparse.ArgumentParser) -> None:
    games.add_argument("--json", action="store_true", help=t("help.games_json"))


def _history_arguments(history: argparse.ArgumentParser) -> None:
    form = history.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=t("help.history_json"))
    form.add_argument("--csv", action="store_true", help=t("help.history_csv"))
    history.add_argument("--game", metavar="ID", help=t("help.only_game"))
    history.add_argument("--player", metavar="NAME", help=t("help.only_player"))
    status = history.add_mutually_exclusive_group()
    status.add_argument("--finished", dest="finished", action="store_const", const=True, help=t("help.finished"))
    status.add_argument("--unfinished", dest="finished", action="store_const", const=False, help=t("help.unfinished"))
    history.add_argument("--page", type=_positive, default=1, metavar="N", help=t("help.page"))
    history.add_argument("--per-page", type=_positive, default=50, metavar="N", help=t("help.per_page"))


def _stats_arguments(stats: argparse.ArgumentParser) -> None:
    stats.add_argument("--json", action="store_true", help=t("help.stats_json"))
    stats.add_argument("--game", metavar="ID", help=t("help.only_game_example"))
    stats.add_argument("--player", metavar="NAME", help=t("help.stats_player"))
    stats.add_argument("--with", dest="with_players", action="append", default=[], metavar="NAME",
                       help=t("help.with"))
    stats.add_argument("--since", type=_date, metavar="YYYY-MM-DD", help=t("help.since"))
    stats.add_argument("--until", type=_date, metavar="YYYY-MM-DD", help=t("help.until"))


def _date(text: str) -> str:
    import datetime

    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(t("help.not_a_date", text=text))


def _export_arguments(export: argparse.ArgumentParser) -> None:
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", metavar="ID", help=t("help.export_id"))
    which.add_argument("--all", action="store_true", help=t("help.export_all"))
    export.add_argument("-o", "--output", metavar="FILE", help=t("help.output"))
    export.add_argument("--csv", action="store_true", help=t("help.export_csv"))


def _import_arguments(imports: argparse.ArgumentParser) -> None:
    imports.add_argument("files", nargs="+", metavar="FILE", help=t("help.record_files"))


def _sheet_arguments(sheet: argparse.ArgumentParser) -> None:
    source = sheet.add_mutually_exclusive_group(required=True)
    source.add_argument("--game", metavar="ID", help=t("help.sheet_game"))
    source.add_argument("--from", dest="from_id", metavar="ID", help=t("help.sheet_from"))
    source.add_argument("--record", metavar="FILE", help=t("help.sheet_record"))
    seats = sheet.add_mutually_exclusive_group()
    seats.add_argument("--players", metavar="N", help=t("help.sheet_players"))
    seats.add_argument("--names", metavar="NAMES", help=t("help.sheet_names"))
    sheet.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=t("help.sheet_option"))
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4", help=t("help.paper"))
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=t("help.sheet_output"))


def _add_common_arguments(parser: argparse.ArgumentParser, default: object) -> None:
    """``--data`` and ``--lang``, which every command takes (before or after its name)."""
    parser.add_argument("--data", metavar="DIR", default=default, help=t("help.data"))
    parser.add_argument("--lang", metavar="CODE", default=default,
                        help=t("help.lang", languages=", ".join(available())))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("help.not_whole", text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(t("help.less_than_one", text=text))
    return value


def _add_app_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8550, help=t("help.port"))
    parser.add_argument("--no-browser", action="store_true", help=t("help.no_browser"))
    parser.add_argument("--lan", action="store_true", help=t("help.lan"))
    parser.add_argument("--cert", metavar="FILE", help=t("help.cert"))
    parser.add_argument("--key", metavar="FILE", help=t("help.key"))
    parser.add_argument("--desktop", action="store_true", help=t("help.desktop"))


def _publish_arguments(publish: argparse.ArgumentParser) -> None:
    publish.add_argument("folder", metavar="DIR", help=t("help.publish_folder"))
    publish.add_argument("--base", metavar="PATH", default="/", help=t("help.publish_base"))
    publish.add_argument("--compression", choices=("best", "fast", "none"), default="best",
                         help=t("help.publish_compression"))


_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "app": ("help.command.app", _add_app_arguments),
    "schedule": ("help.command.schedule", _schedule_arguments),
    "score": ("help.command.score", _score_arguments),
    "games": ("help.command.games", _games_arguments),
    "history": ("help.command.history", _history_arguments),
    "stats": ("help.command.stats", _stats_arguments),
    "export": ("help.command.export", _export_arguments),
    "import": ("help.command.import", _import_arguments),
    "sheet": ("help.command.sheet", _sheet_arguments),
    "publish": ("help.command.publish", _publish_arguments),
}
"""Every command: its help line, and what adds its arguments to a parser."""
