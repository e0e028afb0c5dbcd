"""``bidwell history``, ``stats``, ``export`` and ``import``: the stored games from the command line."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path

from companion.cli.output import fail, say, to_json
from companion.store.files import StorageError
from companion.store.games import GameStore, default_data_folder, records_in
from companion.store.index import GameSummary
from companion.texts import in_use, t
from companion.views.spreadsheet import game_csv, history_csv
from companion.views.stats import share_text
from scoring.definitions import game_ids
from scoring.errors import BidwellError
from scoring.files import open_regular
from scoring.i18n.language import game_text
from scoring.i18n.sentences import Listed
from scoring.record import MAX_BYTES
from scoring.stats import chosen, player_key, players
from scoring.text import escaped, json_escaped


def run(args: argparse.Namespace) -> int:
    """Run the history command in ``args``; returns the exit status."""
    try:
        store = GameStore(args.data or default_data_folder())
        status = {"history": _history, "stats": _stats, "export": _export, "import": _import}[args.command](
            store, args)
    except StorageError as error:
        fail(str(error))
    for notice in store.notices:
        say(t("cli.note", text=notice.text))
    return status


def _history(store: GameStore, args: argparse.Namespace) -> int:
    if args.csv:
        _write_bytes(history_csv(store.every_game(game=args.game, player=args.player, finished=args.finished)), None)
        return 0
    page = store.history(
        page=args.page, per_page=args.per_page, game=args.game, player=args.player, finished=args.finished
    )
    if args.json:
        games = [s.to_json() for s in page.items]
        _write(json_escaped(to_json({"page": page.page, "has_more": page.has_more, "games": games})))
        return 0
    if not page.items:
        _write(t("cli.no_games") if page.page == 1 else t("cli.no_games_page", page=page.page))
        return 0
    rows = [tuple(t("cli.columns").split("|"))]
    rows += [(s.id, in_use().datetime(s.created), game_text(s.game_name), str(Listed(s.players)), _status(s))
             for s in page.items]
    lines = _table(rows)
    lines += [escaped(t("cli.repaired", id=s.id, text=s.repaired)) for s in page.items if s.repaired]
    if page.has_more:
        lines.append(t("cli.more", page=page.page + 1))
    _write("\n".join(lines))
    return 0


def _stats(store: GameStore, args: argparse.Namespace) -> int:
    if args.game is not None and args.game not in game_ids():
        fail(t("cli.stats_no_game", game=args.game, games=", ".join(game_ids())))
    if args.game is None and args.since is None and args.until is None and not args.with_players:
        lines = store.players()  # every game: the months' sums kept, only what changed is read
    else:
        lines = players(chosen(store.figures(), game=args.game, since=args.since, until=args.until,
                               with_players=args.with_players))
    if args.player is not None:
        wanted = player_key(args.player)
        lines = [line for line in lines if line.name == wanted]
        if not lines:
            fail(t("cli.stats_no_player", name=wanted))
    if args.json:
        _write(json_escaped(to_json({"players": [line.to_json() for line in lines]})))
        return 0
    if not lines:
        _write(t("cli.no_games"))
        return 0
    rows = [tuple(t("cli.stats_columns").split("|"))]
    number = in_use()
    for line in lines:
        rows.append((line.name, number.integer(line.games), number.integer(line.finished), number.integer(line.wins),
                     share_text(line.exact, line.bids), share_text(line.zero_exact, line.zero_bids),
                     "–" if line.average_score is None else number.decimal(line.average_score, 1),
                     "–" if line.average_place is None else number.decimal(line.average_place, 2)))
    _write("\n".join(_table(rows)))
    return 0


def _status(summary: GameSummary) -> str:
    if summary.damage is not None:
        return t("cli.damaged", damage=summary.damage)
    if summary.finished:
        key = "cli.finished_one" if len(summary.winners) == 1 else "cli.finished_shared"
        return t(key, names=Listed(summary.winners))
    return t("cli.unfinished", hand=summary.current_hand, phase=t(f"phase.{summary.phase.value}") if summary.phase
             else "")


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows padded into columns by how wide they show in a terminal (Japanese takes two cells)."""
    rows = [tuple(escaped(cell) for cell in row) for row in rows]
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell + " " * (widths[i] - _width(cell)) for i, cell in enumerate(row)).rstrip() for row in rows]


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def _export(store: GameStore, args: argparse.Namespace) -> int:
    status = 0
    if args.csv:
        if args.all:
            fail(t("cli.csv_one_game"))
        saved = store.open(args.id)
        if saved.damage is not None:
            say(t("cli.export_partial", id=saved.id, damage=saved.damage))
        _write_bytes(game_csv(saved.game), args.output)
        return status
    if args.all:
        report = store.export_all()
        value: object = report.records
        for game_id, damage in report.partial:
            say(t("cli.export_partial", id=game_id, damage=damage))
        for game_id, reason in report.failed:
            say(t("cli.error", text=reason))
        status = 2 if report.failed else 0
    else:
        saved = store.open(args.id)
        value = saved.record()
        if saved.damage is not None:
            say(t("cli.export_partial", id=saved.id, damage=saved.damage))
    text = json_escaped(json.dumps(value, ensure_ascii=False, indent=2)) + "\n"
    _write_bytes(text.encode("utf-8"), args.output)
    return status


def _write_bytes(data: bytes, output: str | None) -> None:
    """``data`` into the file ``output``, or to standard output."""
    if output:
        try:
            Path(output).write_bytes(data)
        except OSError as error:
            fail(t("cli.cannot_write", path=output, detail=error.strerror or error))
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()


def _import(store: GameStore, args: argparse.Namespace) -> int:
    records: list[tuple[str, object]] = []
    unreadable: list[str] = []
    for name in args.files:
        try:
            with open_regular(name) as file:
                records += records_in(name, file.read(MAX_BYTES + 1))
        except OSError as error:
            unreadable.append(t("cli.unreadable", path=name, detail=error.strerror or error))
        except BidwellError as error:
            unreadable.append(t("cli.file_reason", path=name, reason=error))
    report = store.import_records(records)
    lines = [t("cli.new", id=game_id) for game_id in report.new]
    lines += [t("cli.existing", id=game_id) for game_id in report.existing]
    if lines:
        _write("\n".join(lines))
    for line in unreadable + [t("cli.file_reason", path=where, reason=reason) for where, reason in report.refused]:
        say(t("cli.error", text=line))
    return 2 if unreadable or report.refused else 0


def _write(text: str) -> None:
    sys.stdout.buffer.write((text + "\n").encode("utf-8"))
    sys.stdout.flush()
