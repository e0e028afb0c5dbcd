"""The ``bidwell`` command: start the app, or schedule and score games.

Bad input never shows a traceback: it exits with status 2 and prints one
line on standard error that names the hand and the player where there is
one, and nothing on standard output (RECORD-FORMAT.md, "Errors").
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import SimpleNamespace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from companion.cli.output import EXIT_INTERNAL, fail, print_json, read_input
from scoring.errors import BidwellError, SetupError, TemplateError

if TYPE_CHECKING:  # scoring a record starts faster without argparse
    from argparse import Namespace
    from typing import NoReturn


def speak(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """Choose the language of this run's every sentence: ``--lang CODE`` in ``argv``, else ``BIDWELL_LANG``, else
    the system's locale where Bidwell has its language, else English. One Bidwell does not have, asked for by
    ``--lang`` or ``BIDWELL_LANG``, is one ``error:`` line (exit 2). Returns the locale chosen."""
    from scoring.i18n.choice import from_environment, set_default

    chosen = None
    for index, argument in enumerate(argv):
        if argument == "--":
            break
        if argument == "--lang" and index + 1 < len(argv):
            chosen = argv[index + 1]
        elif argument.startswith("--lang="):
            chosen = argument.split("=", 1)[1]
    try:
        locale = chosen if chosen is not None else from_environment(environ)
        set_default(locale)
    except BidwellError as error:
        fail(str(error))
    return locale


def parse_arguments(argv: Sequence[str] | None = None) -> Namespace | SimpleNamespace:
    """``argv`` (default: the command line) read as :func:`companion.cli.arguments.build_parser` reads it.

    The plain ``bidwell score RECORD``, the form scripts run over and over,
    is read here without argparse: importing argparse and building a parser
    (which looks up translations, importing gettext and locale) was a fifth
    of its start. tests/test_cli.py holds the two readings equal.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if len(argv) == 2 and argv[0] == "score" and (argv[1] == "-" or not argv[1].startswith("-")):
        return SimpleNamespace(command="score", record=argv[1], data=None, lang=None)
    from companion.cli.arguments import parse_arguments

    return parse_arguments(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bidwell`` with ``argv``; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    speak(argv)
    args = parse_arguments(argv)
    try:
        if args.command == "schedule":
            return _schedule(args)
        if args.command == "score":
            return _score(args)
        if args.command == "games":
            from companion.cli import games as cli_games

            return cli_games.run(args)
        if args.command in ("history", "export", "import", "stats"):
            from companion.cli import history as cli_history

            return cli_history.run(args)
        if args.command == "publish":
            return _publish(args)
        if args.command == "sheet":
            from companion.cli import sheet as cli_sheet

            return cli_sheet.run(args)
        from companion.cli.serve import serve
        from companion.store.files import StorageError

        try:
            return serve(port=args.port, open_browser=not args.no_browser, data=args.data, lan=args.lan,
                         desktop=args.desktop, tls=_tls(args))
        except StorageError as error:
            fail(str(error))
    except TemplateError as error:  # before BidwellError, which it is: a broken game file is not bad input
        from companion.texts import t

        fail(t("cli.broken_game_file", error=error), EXIT_INTERNAL)
    except BidwellError as error:
        fail(str(error))
    except KeyboardInterrupt:
        return 130


def _tls(args: Namespace) -> tuple[str, str] | None:
    """The certificate and key to serve https with, checked to load; ``None`` for plain http."""
    import ssl

    from companion.texts import t

    if not args.cert and not args.key:
        return None
    if not (args.cert and args.key):
        fail(t("serve.tls_half"))
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(args.cert, args.key)
    except (OSError, ssl.SSLError) as error:
        fail(t("serve.tls_unusable", cert=args.cert, key_file=args.key, error=getattr(error, "strerror", None) or error))
    return args.cert, args.key


def _schedule(args: Namespace | SimpleNamespace) -> int:
    from scoring.definitions import load_game, rules_for
    from scoring.schedule import plan

    game = load_game(args.game)
    try:
        players = int(args.players)
    except ValueError:
        raise SetupError("cli.players_number", value=args.players) from None
    game.check_player_count(players)
    rules = rules_for(game, players, game.parse_options(args.option))
    print_json([vars(hand) for hand in plan(rules)])
    return 0


def _publish(args: Namespace) -> int:
    from companion.publish.build import PublishError, publish
    from companion.texts import t

    try:
        done = publish(args.folder, base_path=args.base,
                       compression=None if args.compression == "none" else args.compression,
                       told=lambda seconds: print(t("publish.compressing", seconds=max(1, round(seconds))),
                                                  flush=True))
    except PublishError as error:
        fail(str(error))
    except OSError as error:
        fail(t("cli.cannot_write", path=error.filename or args.folder, detail=error.strerror or error))
    print(t("publish.done", folder=done.folder, files=done.files, size=f"{done.size / 2**20:.1f}", build=done.build,
            seconds=f"{done.seconds:.1f}"))
    return 0


def _score(args: Namespace | SimpleNamespace) -> int:
    from scoring.record import game_from_record, parse_record, score_summary

    print_json(score_summary(game_from_record(parse_record(read_input(args.record)))))
    return 0


def run() -> NoReturn:
    """The console script's entry point."""
    raise SystemExit(main())
