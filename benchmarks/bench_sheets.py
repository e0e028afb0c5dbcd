"""Figures for printed sheets (issues 5 and 27, item 6).

The time to produce the 31-hand 3-player Rage'n Glyphs blank sheet and the
filled sheet of a finished 10-player game, each next to two baselines drawn
by reportlab's own Table on the same page size:

- the bare grid in Helvetica: the same rows and columns, lines only (the
  baseline of issue 5);
- the same grid in the sheet's own font (``companion.look.FONT_FILE``,
  registered once per process as the app does): the same rows and columns,
  lines, and the same texts in every cell (names, headings, bids, points),
  the font's subset embedded as in the sheet.

Both baselines are drawn with reportlab's settings as it ships them (the
sheets' module turns off ASCII85 for its pages).

The sheet and its baselines take turns run by run. Each line gives the medians and the sheet's ratio to each baseline. To
compare with another checkout, run the script with that checkout first on
PYTHONPATH (the baselines do not depend on it):

    .venv/bin/python benchmarks/bench_sheets.py [--runs 20] [--clock wall|cpu]
    PYTHONPATH=/path/to/other/checkout .venv/bin/python benchmarks/bench_sheets.py
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from reportlab import rl_config, rl_settings
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

import companion
from companion.look import FONT_FILE
from companion.sheets.pdf import Sheet, blank_sheet, filled_sheet, render_pdf
from scoring.definitions import rules_for
from scoring.game import Game

TEN = ["Anna", "Béla", "Łucja", "Zoë", "さくら", "Ödön", "Ευτυχία", "Ярослав", "Jürgen", "Noor"]
BASELINE_FONT = "BaselineSans"


def finished_ten() -> Game:
    game = Game.new("rage-n-glyphs", TEN)
    while not game.state.finished:
        hand = game.state.current
        for seat in hand.bidding_order:
            game.bid(seat, hand.cards if seat == hand.dealer else 0)
        game.record_tricks([hand.cards if seat == hand.dealer else 0 for seat in range(10)])
    return game


@contextmanager
def stock_reportlab() -> Iterator[None]:
    """reportlab's settings as it ships them, for the baselines (the sheets' module tunes some for its own PDFs)."""
    tuned = {name: getattr(rl_config, name) for name in ("useA85",)}
    for name in tuned:
        setattr(rl_config, name, getattr(rl_settings, name))
    try:
        yield
    finally:
        for name, value in tuned.items():
            setattr(rl_config, name, value)


def bare_grid(rows: int, columns: int, pagesize) -> bytes:  # noqa: ANN001
    """The grid of issue 5's baseline: empty cells, Helvetica, lines only."""
    with stock_reportlab():
        return _bare_grid(rows, columns, pagesize)


def _bare_grid(rows: int, columns: int, pagesize) -> bytes:  # noqa: ANN001
    buffer = io.BytesIO()
    table = Table([[""] * columns for _ in range(rows)], repeatRows=2)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, "black")]))
    SimpleDocTemplate(buffer, pagesize=pagesize).build([table])
    return buffer.getvalue()


def cell_texts(sheet: Sheet) -> list[list[str]]:
    """The texts of a sheet's grid, row by row: the names, the headings, and each hand's cells."""
    fixed = ["#", "Cards", "Dealer"] + (["Trump"] if sheet.trump_column else [])
    per = len(sheet.columns)
    top = fixed + [cell for name in sheet.names for cell in [name] + [""] * (per - 1)]
    second = [""] * len(fixed) + list(sheet.columns) * len(sheet.names)
    body = [[row.number, row.cards, row.dealer, *([row.trump] if sheet.trump_column else []), *row.cells]
            for row in sheet.rows]
    return [top, second, *body]


def grid_in_font(texts: list[list[str]], pagesize) -> bytes:  # noqa: ANN001
    """The same grid drawn by reportlab's Table in the sheet's font, every cell's text in it, the columns sharing
    the page's width."""
    with stock_reportlab():
        return _grid_in_font(texts, pagesize)


def _grid_in_font(texts: list[list[str]], pagesize) -> bytes:  # noqa: ANN001
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=pagesize)
    columns = len(texts[0])
    table = Table(texts, colWidths=[document.width / columns] * columns, rowHeights=[15] * len(texts), repeatRows=2)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BASELINE_FONT, 7),
                               ("GRID", (0, 0), (-1, -1), 0.3, "black")]))
    document.build([table])
    return buffer.getvalue()


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def medians_ms(makers: list[Callable[[], object]], runs: int, clock: Callable[[], float]) -> list[float]:
    """Each maker's median time, the makers taking turns run by run so a busy moment weighs on all alike."""
    times: list[list[float]] = [[] for _ in makers]
    for _ in range(runs):
        for make, taken in zip(makers, times):
            started = clock()
            make()
            taken.append(clock() - started)
    return [statistics.median(taken) * 1000 for taken in times]


def line(what: str, sheet_ms: float, helvetica_ms: float, font_ms: float) -> str:
    return (f"{what}: {sheet_ms:.1f} ms; bare grid in Helvetica {helvetica_ms:.1f} ms (ratio {sheet_ms / helvetica_ms:.2f});"
            f" the grid and its texts in the sheet's font {font_ms:.1f} ms (ratio {sheet_ms / font_ms:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall: the time taken; cpu: the process's CPU time, which other processes on a busy"
                             " machine disturb less")
    arguments = parser.parse_args()
    runs, clock = arguments.runs, CLOCKS[arguments.clock]
    print(f"companion from {companion.__file__}")
    pdfmetrics.registerFont(TTFont(BASELINE_FONT, str(FONT_FILE)))
    rules = rules_for("rage-n-glyphs", 3)
    render_pdf(blank_sheet(rules), "a4")  # the font is registered once per process, as in the app

    blank = blank_sheet(rules, names=["Anna", "Béla", "さくら"])
    texts = cell_texts(blank)
    print(line("blank 31-hand 3-player sheet", *medians_ms([
        lambda: render_pdf(blank_sheet(rules, names=["Anna", "Béla", "さくら"]), "a4"),
        lambda: bare_grid(len(texts), len(texts[0]), A4),
        lambda: grid_in_font(texts, A4)], runs, clock)))

    game = finished_ten()
    texts = cell_texts(filled_sheet(game, played_on="2026-11-22"))
    print(line("filled 10-player sheet", *medians_ms([
        lambda: render_pdf(filled_sheet(game, played_on="2026-11-22"), "a4"),
        lambda: bare_grid(len(texts), len(texts[0]), landscape(A4)),
        lambda: grid_in_font(texts, landscape(A4))], runs, clock)))


if __name__ == "__main__":
    main()
