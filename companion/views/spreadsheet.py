"""A game and the past games as CSV, for a spreadsheet: ``bidwell export ID --csv``, ``bidwell history --csv`` and
the app's "Save as a spreadsheet" buttons.

A game is a row per hand: its number, cards and dealer, then each player's bid, tricks, points and running
total (Rage's action cards, and the bonuses and penalties, where the game has any). The past games are a row per
game. The file is UTF-8 with a byte-order mark, so a spreadsheet opens accented names as they are written; the
numbers are plain digits and the dates ISO (2026-11-24 19:05), which every spreadsheet reads as numbers and dates
whatever its language; the headings are in the language in use.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from companion.store.index import GameSummary
from companion.texts import t
from scoring.game import Game
from scoring.i18n.language import game_text

_FORMULA_SIGNS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell that a spreadsheet would run as a formula begins: a name typed so is written after a quote mark."""


def game_csv(game: Game) -> bytes:
    """The game's hands as CSV, a row per hand (the one in progress too, with the bids the table may see).

    Each player has four columns: bid, tricks, points (the bonuses and penalties included) and total; then one
    per action card kind the game counts, and one for the bonuses less penalties, where the game has any; a
    last column says why each bonus or penalty was given.
    """
    state, players = game.state, game.players
    kinds = game.rules.scoring.cards
    hands = [hand for hand in state.hands if not hand.void]
    adjusted = any(hand.adjustments for hand in hands)
    heading = [t("csv.hand"), t("csv.cards"), t("csv.dealer")]
    for name in players:
        heading += [t("csv.bid", name=name), t("csv.tricks", name=name), t("csv.points", name=name),
                    t("csv.total", name=name)]
        heading += [t("csv.card_count", name=name, label=game_text(kind.label)) for kind in kinds]
        if adjusted:
            heading.append(t("csv.adjustment", name=name))
    if adjusted:
        heading.append(t("csv.reasons"))
    rows: list[list[object]] = [heading]
    for hand in hands:
        row: list[object] = [hand.number, hand.cards, players[hand.dealer]]
        for seat in hand.seats:
            row += [_blank(seat.shown_bid), _blank(seat.tricks), _blank(seat.points), _blank(seat.total)]
            row += [_blank(seat.counted.get(kind.name, 0) if seat.tricks is not None else None) for kind in kinds]
            if adjusted:
                row.append(seat.adjustment or "")
        if adjusted:
            row.append("; ".join(t("csv.reason", name=players[given.seat], reason=given.reason)
                                 for given in hand.adjustments if given.reason))
        rows.append(row)
    return _csv(rows)


def history_csv(summaries: Iterable[GameSummary]) -> bytes:
    """The games as CSV, a row per game: when it was started (UTC), the game, the players in seat order, the
    standings (place, name, total), the winners, whether it is finished, the hands played and its id."""
    rows: list[list[object]] = [[t("csv.date"), t("csv.game"), t("csv.players"), t("csv.standings"),
                                 t("csv.winners"), t("csv.finished"), t("csv.hands"), t("csv.id")]]
    for summary in summaries:
        rows.append([
            summary.created[:16].replace("T", " "),
            game_text(summary.game_name),
            ", ".join(summary.players),
            "; ".join(_standings(summary)),
            ", ".join(summary.winners) if summary.finished and not summary.coin_pending else "",
            t("csv.damaged") if summary.damage is not None else t("csv.yes") if summary.finished else t("csv.no"),
            summary.hands_played,
            summary.id,
        ])
    return _csv(rows)


def _standings(summary: GameSummary) -> list[str]:
    """Each player's place and total as the history keeps them (in the order of places); without the places (an
    index written by an older Bidwell) the totals in seat order."""
    if not summary.totals:
        return []
    if summary.figures is None:
        return [t("history.score", name=name, total=total) for name, total in zip(summary.players, summary.totals)]
    seats = sorted(range(len(summary.players)), key=lambda seat: (summary.figures[seat].place, seat))
    return [t("share.standing", place=summary.figures[seat].place, name=summary.players[seat],
              total=summary.totals[seat]) for seat in seats]


def _blank(value: int | None) -> object:
    return "" if value is None else value


def _csv(rows: Sequence[Sequence[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerows([[_cell(value) for value in row] for row in rows])
    return buffer.getvalue().encode("utf-8-sig")


def _cell(value: object) -> object:
    """A cell as written: a number as it is; a text a spreadsheet would take for a formula after a quote mark."""
    if isinstance(value, str) and value.startswith(_FORMULA_SIGNS):
        return "'" + value
    return value


__all__ = ["game_csv", "history_csv"]
