"""Issue 27, item 1: screens at a tap's speed. In headless Chromium at 390×844 against the real ``bidwell`` server
with 10,000 past games stored (the history bench_storage.py builds, copied so the store's files are its own), next
to a bare two-route Flet app (``ft.Router``, one View per route, a top bar's back arrow) served the same way.

Timed inside the page as bench_app.py's TAP_AND_SEE does: the semantics node's click to the animation frame after
the screen's own text is in the accessibility tree (a text that is not there before the tap), each tap made on a
screen at rest (bench_app.wait_at_rest: the route's transition that brought it is over, as when a person taps
it). Medians and 90th percentiles of ``--runs`` rounds, the two apps in turns so a busy moment weighs on both:

- start screen → Past games, and back (the bare app: its root → its second route, and back);
- start screen → the game (its line under "Continue a game"), and back;
- game → the correction of hand 1, and back (the bare app's same pair of changes is the baseline);
- Score the hand (hand 6 of a 5-player Rage game, 5 hands scored, no total reaching three digits: the scoreboard's
  columns keep their widths, as in most hands), to "Hand 6 scored"; undone between rounds;
- Save the correction is bench_correction.py's.

Run from the checkout (Debian's Chromium installed, as scripts/run-tests does):

    .venv/bin/python benchmarks/bench_screens.py [--runs 15] [--folder DIR]

``PYTHONPATH=OTHER_CHECKOUT`` times another checkout's Bidwell the same way (it is run as
``python -m companion`` with this interpreter).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import TAP_AND_SEE, bidwell_beside_bare, wait_at_rest
from bench_storage import build
from bench_taps import open_tab
from phone import CHROMIUM_ARGS, Phone, chromium

NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil"]
HAND = 6
BARE = textwrap.dedent(
    """
    import sys
    import flet as ft

    @ft.component
    def Home():
        return ft.View(route="/", appbar=ft.AppBar(title=ft.Text("Bare")), controls=[
            ft.Text("Start screen"), ft.Button("Past games", on_click=lambda: ft.context.page.navigate("/history"))])

    @ft.component
    def History():
        return ft.View(route="/history", appbar=ft.AppBar(title=ft.Text("Past games")),
                       controls=[ft.Text("First game")])

    ROUTES = [ft.Route(path="/", component=Home, children=[ft.Route(path="history", component=History)])]

    def main(page):
        page.render_views(lambda: ft.Router(ROUTES, manage_views=True))

    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
    """
)


def game_at_the_hand(folder: Path) -> tuple[str, int, list[str]]:
    """A Rage game for five with the hands before HAND scored (the first bidder bid and took every trick): its id,
    the hand's cards and its order of bidding. Made by the checkout under test, so its files are that checkout's own."""
    script = textwrap.dedent(
        f"""
        from companion.store.games import GameStore
        from scoring.game import Game
        saved = GameStore({str(folder)!r}).start(Game.new("rage", {NAMES!r}))
        for _ in range({HAND - 1}):
            hand = saved.state.current
            first = hand.bidding_order[0]
            for seat in hand.bidding_order:
                saved.bid(seat, hand.cards if seat == first else 0)
            saved.record_tricks([hand.cards if seat == first else 0 for seat in range({len(NAMES)})])
        hand = saved.state.current
        print(json.dumps([saved.id, hand.cards, [{NAMES!r}[seat] for seat in hand.bidding_order]]))
        """
    )
    return tuple(json.loads(subprocess.run([sys.executable, "-c", "import json" + script], check=True,
                                           capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout))


def timed(page, name: str, shown: str) -> float:  # noqa: ANN001 - a Page
    """Milliseconds from a tap on the button ``name`` to the frame after ``shown`` is on the screen."""
    expect(page.get_by_text(shown, exact=True)).to_have_count(0)
    button = page.get_by_role("button", name=name, exact=True).first
    expect(button).to_be_enabled(timeout=30_000)
    wait_at_rest(page)
    return page.evaluate(TAP_AND_SEE, [button.element_handle(), shown])


def round_trip(page, there: tuple[str, str], back: tuple[str, str], into: dict[str, list[float]],  # noqa: ANN001
               names: tuple[str, str]) -> None:
    into[names[0]].append(timed(page, *there))
    into[names[1]].append(timed(page, *back))


def bidwell_round(page, game_url: str, hand: dict[str, int], times: dict[str, list[float]]) -> None:  # noqa: ANN001
    page.goto(game_url.rsplit("/game/", 1)[0] + "/")
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=30_000)
    round_trip(page, ("Past games", "Filter: All games · every player"), ("Back", "New game"), times,
               ("start → Past games", "Past games → start"))
    round_trip(page, (f"Rage · hand {HAND} · {', '.join(NAMES)}", f"Hand {HAND} of 10"), ("Back", "New game"), times,
               ("start → game", "game → start"))
    page.goto(game_url)
    expect(page.get_by_text(f"Hand {HAND} of 10", exact=True)).to_be_visible(timeout=30_000)
    Phone(page, "bench").scroll_to(page.get_by_role("button", name="Correct hand 1", exact=True))
    round_trip(page, ("Correct hand 1", "Save the correction"), ("Back", f"Hand {HAND} of 10"), times,
               ("game → correction", "correction → game"))
    for name, count in hand.items():
        if count and not page.get_by_text(f"{name} took {count} trick{'' if count == 1 else 's'}").count():
            key = page.get_by_role("button", name=f"{name} took {count}", exact=True)
            Phone(page, "bench").scroll_to(key)
            key.click()
            expect(page.get_by_text(f"{name} took {count} trick{'' if count == 1 else 's'}", exact=True))\
                .to_be_visible()
    times["Score the hand"].append(timed(page, "Score the hand", f"Hand {HAND} scored"))
    page.get_by_role("button", name="Undo").first.click()
    page.get_by_role("button", name="Take it back", exact=True).click()
    expect(page.get_by_role("button", name="Score the hand", exact=True)).to_be_visible(timeout=30_000)


def bare_round(page, times: dict[str, list[float]]) -> None:  # noqa: ANN001
    round_trip(page, ("Past games", "First game"), ("Back", "Start screen"), times,
               ("start → Past games", "Past games → start"))


def figures(values: list[float]) -> str:
    """Median / 90th percentile of ``values`` (milliseconds), as every line of these benchmarks gives them."""
    ordered = sorted(values)
    return f"{statistics.median(ordered):.0f} / {ordered[max(0, int(len(ordered) * 0.9) - 1)]:.0f} ms"


def report(what: str, ours: list[float], bare: list[float] | None) -> str:
    line = f"{what}: bidwell {figures(ours)}"
    if bare:
        line += f"; bare Flet {figures(bare)}; ratio of medians {statistics.median(ours) / statistics.median(bare):.2f}"
    return line + f" (median / p90, {len(ours)} taps)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    build(args.folder, 10_000)
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        shutil.copytree(args.folder, data)
        game_id, cards, bidding = game_at_the_hand(data)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            with bidwell_beside_bare(browser, data, BARE, scratch) as (port, bare_port):
                game_url = f"http://127.0.0.1:{port}/game/{game_id}"
                our_page = open_tab(browser, game_url)
                bare_page = open_tab(browser, f"http://127.0.0.1:{bare_port}/")
                expect(our_page.get_by_text(f"Hand {HAND} of 10", exact=True)).to_be_visible(timeout=30_000)
                # The first bidder bids every card and takes every trick, the others 0, as in the hands before.
                for position, name in enumerate(bidding):
                    expect(our_page.get_by_text(f"{name}'s bid", exact=True)).to_be_visible()
                    our_page.get_by_role("button", name=f"Bid {cards if position == 0 else 0}", exact=True).click()
                taken = {bidding[0]: cards}
                ours_times: dict[str, list[float]] = {k: [] for k in (
                    "start → Past games", "Past games → start", "start → game", "game → start", "game → correction",
                    "correction → game", "Score the hand")}
                bare_times: dict[str, list[float]] = {k: [] for k in ("start → Past games", "Past games → start")}
                for _ in range(args.runs):
                    bidwell_round(our_page, game_url, taken, ours_times)
                    bare_round(bare_page, bare_times)
            browser.close()
    bare_there, bare_back = bare_times["start → Past games"], bare_times["Past games → start"]
    for what, values in ours_times.items():
        baseline = bare_back if what.endswith("→ start") or what == "correction → game" else bare_there
        print(report(what, values, None if what == "Score the hand" else baseline))
    print(f"(10,000 games stored; load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
