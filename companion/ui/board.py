"""The scoreboard: a line per hand, a column per player, each as wide as its longest number or name needs."""

from __future__ import annotations

import functools
import math
import unicodedata
from typing import NamedTuple

import flet as ft

from companion.texts import in_use, t
from companion.ui.widgets import SCREEN_PADDING, TAP, CopyButton, heading, icon_button, part
from companion.views.play_views import BoardRow, BoardView, Cell, StandingLine
from companion.views.scoreboard import HANDS_SHOWN, board_window

CELL = 66
CELL_PADDING = 4
NAME_SIZE = 14
WIDEST_NAME = 112
"""A name wider than this takes two lines of its column rather than widen every column further."""
HEAD_HEIGHT = 68
"""Room for a name on two lines over its total."""
HEADING_MARK = 1
"""The width of the node that says a hand's heading at the start of its cells."""
ROW_RULE = 1
"""The line drawn over each hand's row: a row is a tap's height and this."""
LINE_HEIGHT = {13: 19, 11: 16}
"""How tall a cell's line of each text size is drawn, a little over (the app's font at 1.4 of its size)."""
EM_PER_CHARACTER = 0.6
"""A digit's width in the app's font (0.57 em), a little over, and most small letters'."""
NARROW_SIGNS = "/-.,:'"
BOLD = 1.06
"""How much wider a name is drawn bold than the regular font's widths say."""
NARROW_LETTERS = "ijlI!'|.,"
SLIM_LETTERS = "ftr"
BROAD_LETTERS = "mwMW"
WIDE_SIGNS = "→"
NAME = 68


@ft.memo
@part
def Board(board: BoardView, game_id: str, base: str, standings: bool = True) -> ft.Control:
    """Players as columns with their totals (the leader starred), one row per hand, the newest at the bottom; the
    standings a tap away, folded under it (``standings``; the game's own screen has them on a tab of their own).

    The hands' column stays put while the players' columns scroll sideways, with a line saying that there are more
    players than fit; a hand's heading opens its correction. A game of more hands than any shipped game has is shown
    :data:`HANDS_SHOWN` hands at a time, the newest first, with a way to the earlier ones.
    """
    first, set_first = ft.use_state(None)
    whole = board
    board = board_window(whole, first)
    widths = column_widths(whole)
    heights = [row_height(row) for row in board.rows]
    labels = [ft.Container(height=HEAD_HEIGHT, width=NAME)]
    labels += [BoardLabel(row, game_id, base, height, key=f"label-{row.number}")
               for row, height in zip(board.rows, heights, strict=True)]
    columns = [BoardHead(board.names, board.totals, board.leaders, widths, key="head")]
    columns += [BoardLine(row, widths, height, key=f"hand-{row.number}")
                for row, height in zip(board.rows, heights, strict=True)]
    page_width = ft.context.page.width or 0
    hidden = page_width and NAME + HEADING_MARK + sum(widths) > page_width - 2 * SCREEN_PADDING
    return ft.Column([
        heading(t("board.title")),
        # Only the scorekeeper's own game is corrected by tapping a hand; a past game's or a phone's board is read.
        ft.Text(t("board.legend" if base == "game" else "board.legend_read", made=t("board.made_mark"),
                  missed=t("board.missed_mark"), mark=t("board.dealer_mark")), size=12),
        *([ft.Text(t("board.more_players", count=len(board.names)), size=12, italic=True,
                   color=ft.Colors.ON_SURFACE_VARIANT, key="more-players")] if hidden else []),
        *([HandsWindow(board.window, set_first, key="window")] if board.window else []),
        ft.Row([
            ft.Column(labels, spacing=0),
            ft.Row([ft.Column(columns, spacing=0)], scroll=ft.ScrollMode.AUTO, expand=True, spacing=0),
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),
        *([Adjustments(board.adjustments, key="adjustments")] if board.adjustments else []),
        *([Standings(board.standings, board.standings_text, key="standings")] if standings else []),
    ], spacing=6)


@part
def HandsWindow(window: tuple[int, int, int], show_from) -> ft.Control:  # noqa: ANN001 - the Board's state setter
    """Which hands a long game's board shows, and the way to the ones before and after them."""
    first, last, count = window
    number = in_use().integer
    return ft.Row([
        icon_button(ft.Icons.KEYBOARD_ARROW_UP, t("board.earlier"), lambda: show_from(max(0, first - 1 - HANDS_SHOWN)),
                    disabled=first == 1, key="earlier"),
        ft.Text(t("board.window", first=number(first), last=number(last), count=number(count)), key="shown"),
        icon_button(ft.Icons.KEYBOARD_ARROW_DOWN, t("board.later"), lambda: show_from(last), disabled=last == count,
                    key="later"),
    ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.memo
@part
def Adjustments(lines: tuple[str, ...]) -> ft.Control:
    """Every bonus and penalty given, whom, how much and why: a cell has room for the points only."""
    return ft.Column([ft.Text(t("board.adjustments"), size=14, weight=ft.FontWeight.W_600),
                      *(ft.Text(line, size=13, key=f"adjusted-{index}") for index, line in enumerate(lines))],
                     spacing=2)


@ft.memo
@part
def Standings(standings: tuple[StandingLine, ...], text: str = "") -> ft.Control:
    """The places as they stand, folded under the scoreboard: every player on a line of their own, with total
    and exact bids, however many players there are; and a button that copies them as ``text`` for a chat."""
    lines = [ft.Text(t("board.standing", place=line.place, name=line.name, total=in_use().integer(line.total),
                       count=line.exact_bids or 0), key=f"place-{index}")
             for index, line in enumerate(standings)]
    return ft.ExpansionTile(
        title=ft.Text(t("board.standings")), leading=ft.Icon(ft.Icons.LEADERBOARD), tile_padding=ft.Padding.all(0),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, expanded_alignment=ft.Alignment.CENTER_LEFT,
        controls=[*lines, *([CopyButton(text, t("share.copy_standings"), t("share.copied"), key="copy-standings")]
                            if text else [])],
    )


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
    lines += [CellLine(cards, 11) for cards in cell.cards]
    return lines + [CellLine(cell.adjustment, 11)] if cell.adjustment else lines


def column_widths(board: BoardView) -> tuple[int, ...]:
    """Each player's column on the scoreboard: CELL, or wider where a line in it would not fit ("+23 → 119" late
    in a long game, "+5 Karten×1"), or where the name would not fit on two lines (up to WIDEST_NAME); a
    column keeps its width down the board, so the hands line up."""
    code = in_use().code
    cells = [max(widths) for widths in zip(*(_row_widths(row, code) for row in board.rows), strict=True)] \
        if board.rows else [CELL] * len(board.names)
    return tuple(max(CELL, cell, name_width(name)) for name, cell in zip(board.names, cells, strict=True))


def name_width(name: str) -> int:
    """The width a name's column needs: the name on one line where it fits within WIDEST_NAME, else on two, never
    wider than WIDEST_NAME (a longer name is cut, whole in its tooltip). Reckoned letter by letter, a little over
    the app's font (tests/test_board_layout.py measures names with it)."""
    one_line = _name_line_width(name) + 2 * 4
    if one_line <= WIDEST_NAME:
        return one_line
    longest_word = max(_name_line_width(word) for word in name.split())
    return min(WIDEST_NAME, max(math.ceil(one_line / 2), longest_word) + 2 * 4)


def _name_line_width(text: str) -> int:
    return math.ceil(sum(_name_character_width(character) for character in text) * NAME_SIZE * BOLD)


def _name_character_width(character: str) -> float:
    if unicodedata.east_asian_width(character) in "WF":
        return 1.0
    if character in NARROW_LETTERS:
        return 0.3
    if character in SLIM_LETTERS:
        return 0.45
    if character in BROAD_LETTERS:
        return 0.95
    if character.isupper():
        return 0.8
    if character == " ":
        return 0.3
    return 0.63


def row_height(row: BoardRow) -> int:
    """How tall a hand's row is drawn, its heading and its cells alike: the tallest cell's lines, at least a tap's
    height and the heading's trump lines under it."""
    cells = max((sum(LINE_HEIGHT[line.size] for line in cell_lines(cell, row.scored)) for cell in row.cells),
                default=0)
    return max(TAP + ROW_RULE + LINE_HEIGHT[11] * len(row.trumps), cells + 8)


@functools.lru_cache(maxsize=4096)
def _row_widths(row: BoardRow, language_code: str) -> tuple[int, ...]:
    """The widest cell line of each player in one hand, in the language it is shown in: each tap draws the board
    again, and only the newest hand's row has changed."""
    return tuple(max(line_width(line.text, line.size) + CELL_PADDING for line in cell_lines(cell, row.scored))
                 for cell in row.cells)


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
def BoardHead(names: tuple[str, ...], totals: tuple[int, ...], leaders: tuple[int, ...],
              widths: tuple[int, ...]) -> ft.Control:
    """The players' names over their totals, the leaders' starred; a name too long for its column takes two lines,
    and is cut only past them (the whole name is its tooltip, and what a screen reader says)."""
    head: list[ft.Control] = [ft.Container(width=HEADING_MARK)]
    for seat, name in enumerate(names):
        lead = seat in leaders
        total = in_use().integer(totals[seat])
        head.append(ft.Container(
            ft.Column([
                ft.Text(name, size=NAME_SIZE, weight=ft.FontWeight.BOLD, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                        # Held down, a name that may be cut shows whole; a screen reader reads it whole anyway.
                        tooltip=name if widths[seat] >= WIDEST_NAME else None,
                        semantics_label=t("board.leads", name=name) if lead else name),
                # The leader's star by the total, not the name: a name keeps its width whoever leads.
                ft.Text(f"{t('board.leader_mark')} {total}" if lead else total, size=18, weight=ft.FontWeight.BOLD,
                        no_wrap=True),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.END),
            width=widths[seat], height=HEAD_HEIGHT, padding=4, border_radius=6,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None,
        ))
    return ft.Row(head, spacing=0)


@ft.memo
@part
def BoardLabel(row: BoardRow, game_id: str, base: str, height: int) -> ft.Control:
    """A hand's heading in the column that stays put: a button to correct it, and the hand's trump under it, a
    line for the suit turned up and one for each joker's change."""
    shown = f"{row.label}\n{row.cards}"  # "Hand 6" over "6 cards" fits the narrow first column
    if row.can_correct and base == "game":
        label: ft.Control = ft.TextButton(
            content=ft.Text(shown, size=12, weight=ft.FontWeight.W_600,
                            semantics_label=t("board.correct", number=row.number)),
            on_click=lambda _: ft.context.page.navigate(f"/game/{game_id}/hand/{row.number}"),
            style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)), height=48,
        )
    else:  # said with the hand's cells (see BoardLine), not twice
        label = ft.Container(ft.Semantics(content=ft.Text(shown, size=12, weight=ft.FontWeight.W_600),
                                          exclude_semantics=True),
                             height=48, alignment=ft.Alignment.CENTER_LEFT, padding=4)
    if row.trumps:
        first, *changes = row.trumps
        label = ft.Column([label, *(ft.Text(text, size=11, italic=True, no_wrap=True, key=f"trump-{index}")
                                    for index, text in enumerate([first, *(f"→ {change}" for change in changes)]))],
                          spacing=0)
    return ft.Container(label, width=NAME, height=height, alignment=ft.Alignment.CENTER_LEFT,
                        border=ft.Border(top=ft.BorderSide(ROW_RULE, ft.Colors.OUTLINE_VARIANT)))


@ft.memo
@part
def BoardLine(row: BoardRow, widths: tuple[int, ...], height: int) -> ft.Control:
    """One hand's cells: each player's bid/tricks, mark, points, total, as tall as its heading beside it."""
    cells = []
    for cell, width in zip(row.cells, widths, strict=True):
        lines = [ft.Text(line.text, size=line.size, no_wrap=True, weight=ft.FontWeight.W_600 if line.bold else None,
                         color=ft.Colors.ERROR if line.missed else None) for line in cell_lines(cell, row.scored)]
        # One node for a screen reader: a player's cell is read whole ("2/2 ✓ D, +12 → 12"), whatever the order
        # of lines across a row wider than the screen.
        cells.append(ft.MergeSemantics(ft.Container(
            ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      alignment=ft.MainAxisAlignment.CENTER),
            width=width, height=height, padding=ft.Padding(CELL_PADDING // 2, 0, CELL_PADDING // 2, 0))))
    # The hand's heading, said before its cells (its button sits in the column that stays put, read apart).
    said_first = ft.Semantics(label=row.heading, content=ft.Container(width=HEADING_MARK, height=height))
    return ft.Container(ft.Row([said_first, *cells], spacing=0),
                        border=ft.Border(top=ft.BorderSide(ROW_RULE, ft.Colors.OUTLINE_VARIANT)), key=f"hand-{row.number}")


# --- correcting a hand ------------------------------------------------------------------


@ft.memo
@part
def Ranking(standings: tuple[StandingLine, ...], text: str = "") -> ft.Control:
    """The standings as a screen of their own: every player ranked, the leaders marked, in type the table reads
    from across it; ten players fit a phone without scrolling. A button copies them for a chat."""
    number = in_use().integer
    lines: list[ft.Control] = [heading(t("board.standings"), size=20)]
    if not standings:
        lines.append(ft.Text(t("table.no_standings"), italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    for index, line in enumerate(standings):
        first = line.place == 1
        # One node read as the whole line ("1. Anna: 12 · 1 exact bid"), as the folded standings read.
        lines.append(ft.Semantics(label=t("board.standing", place=line.place, name=line.name, total=number(line.total),
                                          count=line.exact_bids or 0),
                                  container=True, exclude_semantics=True, key=f"place-{index}", content=ft.Container(ft.Row([
            ft.Text(f"{line.place}.", size=20, width=34, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY if first else None),
            ft.Text(line.name, size=19, expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                    weight=ft.FontWeight.BOLD if first else ft.FontWeight.W_500),
            ft.Text(t("table.exact", count=line.exact_bids or 0), size=12, no_wrap=True,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(number(line.total), size=22, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.END,
                    no_wrap=True),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(10, 4, 10, 4), border_radius=10, height=44,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if first else ft.Colors.SURFACE_CONTAINER_HIGH)))
    if text:
        lines.append(CopyButton(text, t("share.copy_standings"), t("share.copied"), key="copy-standings"))
    return ft.Column(lines, spacing=4)
