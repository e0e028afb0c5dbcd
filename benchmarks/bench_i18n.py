"""What speaking the players' languages costs: the command line's start, a screen's words, a printed sheet.

    .venv/bin/python benchmarks/bench_i18n.py [--runs N]

Three figures, each in English beside German and Japanese (and Polish, with three plural forms, for the screen):

- ``bidwell score RECORD`` and a refused ``bidwell schedule`` (one translated error line), as whole processes,
  next to ``python -c pass`` (the budget of benchmarks/bench_cli.py is 5.4 times it): English reads no catalog
  and imports no gettext; another language opens two compiled catalogs.
- One draw of the play screen's view of a 10-player Rage'n Glyphs game 8 hands in (header, pad, scoreboard of
  8 × 10 cells): every word of it is looked up in the language's catalog, numbers written by the language.
- A filled score sheet of that game drawn to PDF.

Each is the median of ``--runs`` runs (default 30) after warming up.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.sheets.pdf import filled_sheet, render_pdf
from companion.store.games import GameStore
from companion.views.play import PlayModel
from scoring.game import Game
from scoring.i18n.choice import speaking

LANGUAGES = ("en", "de", "pl", "ja")
PLAYERS = ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "さくら"]


def median_ms(action, runs: int) -> float:
    """The median wall time of ``action()`` in milliseconds, after three runs to warm up."""
    for _ in range(3):
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def command_line(runs: int, folder: Path) -> None:
    bin_dir = Path(sys.executable).parent
    record = folder / "rage.json"
    hands = [{"bids": [cards, 0, 1, 0], "tricks": [cards, 0, 0, 0]} for cards in range(10, 0, -1)]
    record.write_text(json.dumps({"format": 1, "game": "rage", "players": PLAYERS[:4], "hands": hands}),
                      encoding="utf-8")
    base = {key: value for key, value in os.environ.items() if key not in ("BIDWELL_LANG", "LANG", "LC_ALL")}

    def run(command: list[str], language: str | None) -> float:
        env = dict(base, **({"BIDWELL_LANG": language} if language else {}))
        return median_ms(lambda: subprocess.run(command, env=env, capture_output=True, check=False), runs)

    passing = run([str(bin_dir / "python"), "-c", "pass"], None)
    print(f"python -c pass: {passing:.1f} ms")
    for language in LANGUAGES:
        score = run([str(bin_dir / "bidwell"), "score", str(record)], language)
        refused = run([str(bin_dir / "bidwell"), "schedule", "--game", "nope", "--players", "3"], language)
        print(f"  {language}: bidwell score {score:6.1f} ms ({score / passing:.2f} x pass); "
              f"a refused bidwell schedule {refused:6.1f} ms")


def screen_and_sheet(runs: int, folder: Path) -> None:
    store = GameStore(folder / "data")
    saved = store.start(Game.new("rage-n-glyphs", PLAYERS))
    for _ in range(8):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 0 if seat else saved.state.current.cards)
        saved.record_tricks([saved.state.current.cards] + [0] * 9)
    model = PlayModel(saved)
    for language in LANGUAGES:
        with speaking(language):
            view = median_ms(model.view, runs)
            sheet = median_ms(lambda: render_pdf(filled_sheet(model.game, played_on="2026-11-24"), "a4"),
                              max(5, runs // 3))
        print(f"  {language}: the play screen's view {view:6.2f} ms; a filled sheet (10 players, 8 hands) "
              f"{sheet:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="timed runs of each (default 30)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("The command line, whole processes:")
        command_line(args.runs, Path(folder))
        print("In the app's process:")
        screen_and_sheet(args.runs, Path(folder))


if __name__ == "__main__":
    main()
