"""The scoreboard: a line per hand, a column per player, each as wide as its longest number or name needs."""

from __future__ import annotations

import functools
import math
import unicodedata
from typing import NamedTuple

import flet as ft

from companion.texts import in_use, t
from companion.ui.widgets import heading, part
from companion.views.play_views import BoardRow, BoardView, Cell

CELL = 66
CELL_PADDING = 4
EM_PER_CHARACTER = 0.6
"""A digit's width in the app's font (0.57 em), a little over, and most small letters'."""
NARROW_SIGNS = "/-.,:'"
WIDE_SIGNS = "→"
NAME = 68


@ft.memo
@part
def Board(board: BoardView, game_id: str, base: str) -> ft.Control:
    """Players as columns with their totals (the leader starred), one row per hand, the newest at the bottom.

    A table wider than the phone scrolls sideways; a hand's heading opens its correction.
    """
    width = column_width(board)
    rows = [BoardHead(board.names, board.totals, board.leaders, width, key="head")]
    for row in board.rows:
        rows.append(BoardLine(row, game_id, base, width, key=f"hand-{row.number}"))
    table = ft.Column(rows, spacing=0)
    return ft.Column([
        heading(t("board.title")),
        # Only the scorekeeper's own game is corrected by tapping a hand; a past game's or a phone's board is read.
        ft.Text(t("board.legend" if base == "game" else "board.legend_read", made=t("board.made_mark"),
                  missed=t("board.missed_mark"), mark=t("board.dealer_mark")), size=12),
        ft.Row([table], scroll=ft.ScrollMode.AUTO),
    ], spacing=6)


class CellLine(NamedTuple):
    """One line of a player's cell on the scoreboard."""

    text: str
    size: int
    bold: bool = False
    missed: bool = False


def cell_lines(cell: Cell, scored: bool) -> list[CellLine]:
    """A player's cell in a hand, top to bottom: bid/tricks and marks (the bid alone before the hand is scored),
    points → total, Rage's action cards."""
    dealer = f" {t('board.dealer_mark')}" if cell.dealer else ""
    if scored:
        mark = t("board.made_mark") if cell.made else t("board.missed_mark")
        lines = [CellLine(f"{cell.bid}/{cell.tricks} {mark}{dealer}", 13, missed=not cell.made),
                 CellLine(f"{cell.points} → {cell.total}", 13, bold=True)]
    else:
        lines = [CellLine(f"{cell.bid}{dealer}".strip() or t("bid.waiting"), 13)]
    return lines + [CellLine(cards, 11) for cards in cell.cards]


def column_width(board: BoardView) -> int:
    """A player's column on the scoreboard: CELL, or wider where a line in it would not fit ("+23 → 119" late in
    a long game, "+5 Karten×1"), every column alike so the hands line up."""
    code = in_use().code
    return max([CELL, *(_row_width(row, code) for row in board.rows)])


@functools.lru_cache(maxsize=4096)
def _row_width(row: BoardRow, language_code: str) -> int:
    """The widest cell line of one hand, in the language it is shown in: each tap draws the board again, and only
    the newest hand's row has changed."""
    return max(line_width(line.text, line.size) + CELL_PADDING
               for cell in row.cells for line in cell_lines(cell, row.scored))


def line_width(text: str, size: int) -> int:
    """At least the width ``text`` takes at ``size`` in the app's font, in pixels, reckoned without the font:
    reading its metrics would load reportlab with the first scoreboard. Each character is counted at a little
    over the width of its kind (tests/test_board_layout.py measures every line a board shows with the font)."""
    return math.ceil(sum(_character_width(character) for character in text) * size)


def _character_width(character: str) -> float:
    if character in WIDE_SIGNS or unicodedata.east_asian_width(character) in "WF":
        return 1.0
    if character.isupper():
        return 0.8
    if character == " ":
        return 0.3
    if character in NARROW_SIGNS:
        return 0.4
    return EM_PER_CHARACTER


@ft.memo
@part
def BoardHead(names: tuple[str, ...], totals: tuple[int, ...], leaders: tuple[int, ...], width: int) -> ft.Control:
    """The players' names over their totals, the leaders starred."""
    head = [ft.Container(width=NAME)]
    for seat, name in enumerate(names):
        lead = seat in leaders
        title = f"{t('board.leader_mark')} {name}" if lead else name
        head.append(ft.Container(
            ft.Column([
                ft.Text(title, weight=ft.FontWeight.BOLD, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                        tooltip=name, semantics_label=t("board.leads", name=name) if lead else name),
                ft.Text(in_use().integer(totals[seat]), size=18, weight=ft.FontWeight.BOLD),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=width, padding=4, border_radius=6,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None,
        ))
    return ft.Row(head, spacing=0)


@ft.memo
@part
def BoardLine(row: BoardRow, game_id: str, base: str, width: int) -> ft.Control:
    """One hand: its heading (a button to correct it) and each player's bid/tricks, mark, points, total."""
    shown = f"{row.label}\n{row.cards}"  # "Hand 6" over "6 cards" fits the narrow first column
    heading_text = ft.Text(shown, size=12, weight=ft.FontWeight.W_600, semantics_label=row.heading)
    if row.can_correct and base == "game":
        label: ft.Control = ft.TextButton(
            content=ft.Text(shown, size=12, weight=ft.FontWeight.W_600,
                            semantics_label=t("board.correct", number=row.number)),
            on_click=lambda _: ft.context.page.navigate(f"/game/{game_id}/hand/{row.number}"),
            style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)), height=48,
        )
    else:
        label = ft.Container(heading_text, height=48, alignment=ft.Alignment.CENTER_LEFT, padding=4)
    if row.trump:
        label = ft.Column([label, ft.Text(row.trump, size=11, italic=True)], spacing=0)
    cells = [ft.Container(label, width=NAME)]
    for cell in row.cells:
        lines = [ft.Text(line.text, size=line.size, no_wrap=True, weight=ft.FontWeight.W_600 if line.bold else None,
                         color=ft.Colors.ERROR if line.missed else None) for line in cell_lines(cell, row.scored)]
        # One node for a screen reader: a player's cell is read whole ("2/2 ✓ D, +12 → 12"), whatever the order
        # of lines across a row wider than the screen.
        cells.append(ft.MergeSemantics(ft.Container(
            ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=width, padding=ft.Padding(CELL_PADDING // 2, 4, CELL_PADDING // 2, 4))))
    return ft.Container(ft.Row(cells, spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        border=ft.Border(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)), key=f"hand-{row.number}")


# --- correcting a hand ------------------------------------------------------------------
