"""Figures for printed sheets (issue 5).

The time to produce the 31-hand 3-player Rage'n Glyphs blank sheet and the
filled sheet of a finished 10-player game, each next to reportlab drawing
the same bare grid (the same rows and columns, Helvetica, lines only).

    .venv/bin/python benchmarks/bench_sheets.py [--runs 20]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from reportlab.lib.pagesizes import A4, landscape
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from companion.sheets.pdf import blank_sheet, filled_sheet, render_pdf
from scoring.definitions import rules_for
from scoring.game import Game

TEN = ["Anna", "Béla", "Łucja", "Zoë", "さくら", "Ödön", "Ευτυχία", "Ярослав", "Jürgen", "Noor"]


def finished_ten() -> Game:
    game = Game.new("rage-n-glyphs", TEN)
    while not game.state.finished:
        hand = game.state.current
        for seat in hand.bidding_order:
            game.bid(seat, hand.cards if seat == hand.dealer else 0)
        game.record_tricks([hand.cards if seat == hand.dealer else 0 for seat in range(10)])
    return game


def bare_grid(rows: int, columns: int, pagesize) -> bytes:  # noqa: ANN001
    buffer = io.BytesIO()
    table = Table([[""] * columns for _ in range(rows)], repeatRows=2)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, "black")]))
    SimpleDocTemplate(buffer, pagesize=pagesize).build([table])
    return buffer.getvalue()


def median_ms(make, runs: int) -> float:  # noqa: ANN001
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        make()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    rules = rules_for("rage-n-glyphs", 3)
    render_pdf(blank_sheet(rules), "a4")  # the font is registered once per process, as in the app
    blank = median_ms(lambda: render_pdf(blank_sheet(rules, names=["Anna", "Béla", "さくら"]), "a4"), runs)
    grid = median_ms(lambda: bare_grid(31 + 2, 3 + 3 * 4, A4), runs)
    print(f"blank 31-hand 3-player sheet: {blank:.1f} ms; bare grid {grid:.1f} ms; ratio {blank / grid:.2f}")
    game = finished_ten()
    filled = median_ms(lambda: render_pdf(filled_sheet(game, played_on="2026-11-22"), "a4"), runs)
    grid = median_ms(lambda: bare_grid(9 + 2, 3 + 10 * 4, landscape(A4)), runs)
    print(f"filled 10-player sheet: {filled:.1f} ms; bare grid {grid:.1f} ms; ratio {filled / grid:.2f}")


if __name__ == "__main__":
    main()
