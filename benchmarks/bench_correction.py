"""Issue 26, item 4: a correction saved, from the tap on "Save the correction" to the screen showing it. In headless
Chromium at 390×844 against the real ``bidwell`` server, for a Rage game of 5 and of 10 players late in the game
(hand 10 of 10 being bid, nine hands scored), with 10,000 past games stored (the history bench_storage.py builds).

Each save is a correction of hand 1 (so every later total follows): one trick moved from the first bidder to the
second, then back on the next save. The scorekeeper taps "Correct hand 1" on the scoreboard, moves the trick, and
taps Save. Timed inside the page, as bench_app.py's TAP_AND_SEE does (the semantics node's click to the frame
after the text shows), two figures, median and 90th percentile:

- to the confirmation drawn ("Hand 1 corrected; every later total follows.");
- to the scoreboard drawn again with the corrected totals (the giver's cell of hand 9, its total changed).

Before each save the last confirmation is waited out, so each one timed is drawn anew.

Run from the checkout (Debian's Chromium installed, as scripts/run-tests does):

    .venv/bin/python benchmarks/bench_correction.py [--saves 20] [--games 10000] [--folder DIR] [--bidwell PATH]

``--bidwell`` times another checkout's ``bidwell`` (as installed in its own environment) the same way; one whose
correction screen has trick pads instead of steppers (before issue 26) is driven through its pads.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import free_port, wait_serving
from bench_storage import build
from bench_taps import open_tab
from phone import CHROMIUM_ARGS, Phone, chromium

from companion.store.games import GameStore
from companion.ui.board import cell_lines
from companion.views.scoreboard import board_of
from scoring.game import Game
from scoring.replay import replay

NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Flóra", "Gábor", "Hanna", "Iván", "Júlia"]
DONE = "Hand 1 corrected; every later total follows."

# bench_app.py's TAP_AND_SEE for several texts: the milliseconds from the click to the frame after each shows.
TAP_AND_SEE_EACH = """
([node, wants]) => new Promise(resolve => {
  const seen = {};
  const shows = want => [...document.querySelectorAll('flt-semantics, flt-semantics *')].some(
    n => n.getAttribute('aria-label') === want || (n.childElementCount === 0 && n.textContent === want));
  const started = performance.now();
  const watcher = new MutationObserver(() => {
    for (const want of wants) {
      if (!(want in seen) && shows(want)) {
        seen[want] = null;
        requestAnimationFrame(() => {
          seen[want] = performance.now() - started;
          if (Object.values(seen).length === wants.length && !Object.values(seen).includes(null)) {
            watcher.disconnect();
            resolve(wants.map(w => seen[w]));
          }
        });
      }
    }
  });
  watcher.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  node.click();
})
"""


def late_game(store: GameStore, players: int) -> str:
    """A Rage game of ``players`` with nine hands scored, in each of which the first bidder bid and took every
    trick: its id."""
    saved = store.start(Game.new("rage", NAMES[:players]))
    for _ in range(9):
        hand = saved.state.current
        first = hand.bidding_order[0]
        for seat in hand.bidding_order:
            saved.bid(seat, hand.cards if seat == first else 0)
        saved.record_tricks([hand.cards if seat == first else 0 for seat in range(players)])
    return saved.id


def corrected_cell(game: Game, giver: int, taker: int) -> str:
    """The text of the giver's cell of hand 9 on the scoreboard once a trick of hand 1 went to the taker (the
    scoreboard's own view of the game corrected in memory)."""
    corrected = replay(game.log)
    hand = corrected.state.hands[0]
    tricks = list(hand.tricks)
    tricks[giver] -= 1
    tricks[taker] += 1
    corrected.correct(1, hand.bids, tricks)
    row = board_of(corrected, read_only=False).rows[8]
    return "\n".join(line.text for line in cell_lines(row.cells[giver], row.scored))


def move_a_trick(page, giver: str, taker: str, left: int, given: int) -> None:  # noqa: ANN001 - a Page
    """One trick from ``giver`` to ``taker``, who hold ``left`` and ``given`` after it."""
    steppers = page.get_by_role("button", name=f"{giver}'s tricks: one less", exact=True)
    if steppers.count():
        steppers.click()
        page.get_by_role("button", name=f"{taker}'s tricks: one more", exact=True).click()
        return
    # Before issue 26: a player's row opens the trick pad, whose key sets the count.
    for name, count in ((giver, left), (taker, given)):
        page.get_by_role("button", name=re.compile(rf"^Change the tricks of {name} ")).click()
        page.get_by_role("button", name=f"{name} took {count}", exact=True).click()


def saves(browser, url: str, folder: Path, players: int, count: int) -> tuple[list[float], list[float]]:  # noqa: ANN001
    """Seconds from the tap on Save to the confirmation drawn, and to the scoreboard drawn with the corrected
    totals: ``count`` corrections of hand 1 in a late game."""
    store = GameStore(folder)
    game_id = late_game(store, players)
    first, second = store.open(game_id).state.hands[0].bidding_order[:2]
    page = open_tab(browser, f"{url}game/{game_id}")
    phone = Phone(page, "bench")
    expect(page.get_by_text("Hand 10 of 10", exact=True)).to_be_visible(timeout=20_000)
    confirmed, redrawn = [], []
    for n in range(count):
        giver, taker = (first, second) if n % 2 == 0 else (second, first)
        game = store.open(game_id).game
        tricks = game.state.hands[0].tricks
        cell = corrected_cell(game, giver, taker)
        correct = page.get_by_role("button", name="Correct hand 1", exact=True)
        phone.scroll_to(correct)
        correct.click()
        save = page.get_by_role("button", name="Save the correction", exact=True)
        expect(save).to_be_visible(timeout=20_000)
        # The last confirmation waited out, so the one timed is drawn anew (not one still on the screen).
        expect(page.get_by_text(DONE, exact=True)).to_have_count(0, timeout=30_000)
        move_a_trick(page, NAMES[giver], NAMES[taker], tricks[giver] - 1, tricks[taker] + 1)
        expect(save).to_be_enabled(timeout=20_000)
        said, drawn = page.evaluate(TAP_AND_SEE_EACH, [save.element_handle(), [DONE, cell]])
        confirmed.append(said / 1000)
        redrawn.append(drawn / 1000)
        expect(page.get_by_text("Hand 10 of 10", exact=True)).to_be_visible(timeout=20_000)
    page.context.close()
    return confirmed, redrawn


def figures(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (f"{name}: median {statistics.median(ordered) * 1000:.0f} ms, 90th percentile "
            f"{ordered[max(0, int(len(ordered) * 0.9) - 1)] * 1000:.0f} ms ({len(ordered)} saves)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    parser.add_argument("--games", type=int, default=10_000, help="past games stored")
    parser.add_argument("--bidwell", default=str(Path(sys.executable).with_name("bidwell")))
    args = parser.parse_args()
    build(args.folder, args.games)
    port = free_port()
    server = subprocess.Popen([args.bidwell, "--no-browser", "--port", str(port), "--data", str(args.folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            url = f"http://127.0.0.1:{port}/"
            wait_serving(browser, port)
            started = time.perf_counter()
            for players in (5, 10):
                confirmed, redrawn = saves(browser, url, args.folder, players, args.saves)
                where = f"Rage for {players}, hand 1 corrected in hand 10 of 10, {args.games:,} games stored"
                print(figures(f"tap on Save the correction to the confirmation drawn, {where}", confirmed))
                print(figures(f"tap on Save the correction to the scoreboard drawn corrected, {where}", redrawn))
            print(f"({time.perf_counter() - started:.0f} s)")
            browser.close()
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
