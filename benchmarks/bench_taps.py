"""Issue 23's figures: every tap lands where it was meant, or not at all. In headless Chromium at 390×844 against the
real ``bidwell`` server, with 10,000 past games stored (the history bench_storage.py builds).

1. Double taps: a second touch at the same place, 30 to 250 ms after the first, on a bid pad and on a trick pad.
   Counted: the numbers recorded twice (the second touch given to the next player), read from the game file for
   the bids and from the screen for the trick counts (a draft until the hand is scored). ``--slow N`` makes the
   tab's processor N times slower for them (Chromium's CPU throttling: an old phone, which draws late).
2. Late taps: the tab's connection is cut (Chromium's offline mode, which holds the tab's frames and sends them
   when it is back), "Bid n" tapped at once, the connection back after 4 to 8 s. Counted: the taps applied, read
   from the game file, and the times the screen did not say that nothing tapped meanwhile was taken.
3. Tap to screen, timed inside the page (bench_app.py's TAP_AND_SEE: the semantics node's click to the frame after
   the line shows): a bid ("Béla: n" in the bids line) and Score the hand ("Hand n scored"), median and 90th
   percentile, in hand 1 and in hand 9 of 10 (the scoreboard eight hands long). Each bid is undone, each score
   taken back ("Take it back"), and tapped again.

Run from the checkout (Debian's Chromium installed, as scripts/run-tests does):

    .venv/bin/python benchmarks/bench_taps.py [--doubles 40] [--late 8] [--taps 30] [--slow N] [--folder DIR] [--bidwell PATH]

``--bidwell`` times another checkout's ``bidwell`` (as installed in its own environment) the same way, for the
tap-to-screen figures only (``--doubles 0 --late 0``).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import COUNT_FRAME_ASKS, SERVED_AS_BIDWELL, TAP_AND_SEE, free_port, median_and_p90, wait_serving
from bench_storage import build
from phone import CHROMIUM_ARGS, SWITCH_ON_THE_ACCESSIBILITY_TREE, chromium

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla"]
"""Rage for three: Anna deals the first hand, so Béla bids first, then Csilla, then Anna."""
GAPS_MS = (30, 80, 150, 250)


def start_game(folder: Path) -> str:
    """A new Rage game in ``folder``: its id (its screen is opened by its address)."""
    return GameStore(folder).start(Game.new("rage", PLAYERS)).id


def open_tab(browser, url: str):  # noqa: ANN001, ANN201 - Playwright's Browser and Page
    """A phone-sized tab of its own (a touch screen, its own connection) on ``url``, the app drawn and its
    accessibility tree on, also after the page loads itself again (as it does after a lost connection), counting
    its frames asked for (bench_app.wait_at_rest)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
    page.add_init_script(SWITCH_ON_THE_ACCESSIBILITY_TREE)
    page.add_init_script(COUNT_FRAME_ASKS)
    page.goto(url)
    page.wait_for_function("window.__ff === true", timeout=60_000)
    expect(page.get_by_role("button").first).to_be_attached(timeout=60_000)
    return page


@contextlib.contextmanager
def bare_apps(browser, source: str, arguments: dict, cwd: str, *,  # noqa: ANN001 - a Browser
              isolated: bool = False) -> Iterator[dict]:
    """Bare Flet apps run from ``source`` (``python -c source PORT *arguments[name]``), one for each name of
    ``arguments``, each on a free port with a tab of its own on it (:func:`open_tab`); the tabs are yielded by
    name, and every app is stopped after. Their pages are served as Bidwell's are (:data:`SERVED_AS_BIDWELL`)
    unless ``isolated``, as Flet serves them."""
    ports = {name: free_port() for name in arguments}
    source = source if isolated else SERVED_AS_BIDWELL + source
    processes = [subprocess.Popen([sys.executable, "-c", source, str(ports[name]), *map(str, words)], cwd=cwd,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for name, words in arguments.items()]
    try:
        pages = {}
        for name in arguments:
            wait_serving(browser, ports[name])
            pages[name] = open_tab(browser, f"http://127.0.0.1:{ports[name]}/")
        yield pages
    finally:
        for process in processes:
            process.kill()
            process.wait()


def bids_of(folder: Path, game_id: str) -> tuple:
    return GameStore(folder).open(game_id).state.current.bids


def double_tap(page, name: str, gap_ms: int) -> None:
    box = page.get_by_role("button", name=name, exact=True).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(gap_ms)
    page.touchscreen.tap(x, y)


def see(page, text: str) -> None:
    expect(page.get_by_text(text, exact=True).first).to_be_visible(timeout=20_000)


def double_taps(browser, url: str, folder: Path, trials: int, slow: float = 1) -> tuple[int, int, int, int]:
    """Double taps on a bid pad, then on a trick pad: (bid trials, bids recorded twice, trick trials, counts given
    twice). ``slow``: the tab's processor that many times slower (Chromium's CPU throttling), an old phone."""
    game_id = start_game(folder)
    page = open_tab(browser, f"{url}game/{game_id}")
    if slow != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slow})
    twice_bids = 0
    for trial in range(trials):
        value = trial % 10
        see(page, "Béla's bid")
        double_tap(page, f"Bid {value}", GAPS_MS[trial % len(GAPS_MS)])
        expect(page.get_by_text("Csilla's bid", exact=True).or_(page.get_by_text("Anna's bid", exact=True))
               .first).to_be_visible(timeout=20_000)
        bids = bids_of(folder, game_id)
        if bids != (None, value, None):
            twice_bids += 1
            print(f"  Bid {value} touched twice {GAPS_MS[trial % len(GAPS_MS)]} ms apart: the bids are {bids}")
        for _ in range(sum(bid is not None for bid in bids)):  # back to Béla's bid, however many were taken
            undo = page.get_by_role("button", name="Undo", exact=True)
            expect(undo).to_be_enabled(timeout=20_000)
            undo.click()
        see(page, "Béla's bid")
    see(page, "Béla's bid")
    for name, value in (("Béla", 2), ("Csilla", 3), ("Anna", 4)):
        see(page, f"{name}'s bid")
        page.get_by_role("button", name=f"Bid {value}", exact=True).click()
    see(page, "Béla's tricks")
    twice_tricks = 0
    for trial in range(trials):
        value = trial % 8  # never the count before: the line is drawn anew
        double_tap(page, f"Béla took {value}", GAPS_MS[trial % len(GAPS_MS)])
        see(page, f"Béla took {value} trick{'' if value == 1 else 's'}")
        expect(page.get_by_role("button", name=f"Béla took {value}", exact=True)).to_be_enabled(timeout=20_000)
        # Each player has a pad of their own: a count given twice would be one for Csilla or Anna too, and the
        # check would then count more than Béla's.
        twice_tricks += page.get_by_text(f"Tricks {value} of 10", exact=True).count() == 0
    page.context.close()
    return trials, twice_bids, trials, twice_tricks


def late_taps(browser, url: str, folder: Path, trials: int) -> tuple[int, int, int]:
    """Taps made while the connection is cut: (tried, applied, times the screen did not say so when it was back)."""
    chance = random.Random(23)
    game_id = start_game(folder)
    page = open_tab(browser, f"{url}game/{game_id}")
    context = page.context
    applied = unsaid = 0
    for trial in range(trials):
        see(page, "Béla's bid")
        context.set_offline(True)
        page.get_by_role("button", name=f"Bid {trial % 10}", exact=True).click()
        expect(page.get_by_role("alert")).to_be_visible(timeout=20_000)
        page.wait_for_timeout(chance.randint(4000, 8000))  # the outage
        context.set_offline(False)
        expect(page.get_by_role("alert")).to_have_count(0, timeout=30_000)
        try:
            see(page, "The connection was lost and is back. Nothing tapped meanwhile was taken: the screen shows "
                      "the game as stored.")
        except AssertionError:
            unsaid += 1
        if bids_of(folder, game_id) != (None, None, None):
            applied += 1
            page.get_by_role("button", name="Undo", exact=True).click()
        page.get_by_role("button", name="OK", exact=True).click()
    page.context.close()
    return trials, applied, unsaid


def tap_to_screen(browser, url: str, folder: Path, taps: int, played: int = 0) -> tuple[list[float], list[float]]:
    """Seconds from a tap to the screen showing it, in a Rage game with ``played`` hands scored before: ``taps``
    bids of the first bidder (each undone), ``taps`` scores of the hand (each taken back)."""
    saved = GameStore(folder).start(Game.new("rage", PLAYERS))
    for _ in range(played):  # the first bidder bids and takes every trick; the others none
        hand = saved.state.current
        for seat in hand.bidding_order:
            saved.bid(seat, hand.cards if seat == hand.bidding_order[0] else 0)
        saved.record_tricks([hand.cards if seat == hand.bidding_order[0] else 0 for seat in range(len(PLAYERS))])
    hand = saved.state.current
    first, second, third = (PLAYERS[seat] for seat in hand.bidding_order)
    page = open_tab(browser, f"{url}game/{saved.id}")

    def timed(name: str, shown: str) -> float:
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_enabled(timeout=20_000)
        return page.evaluate(TAP_AND_SEE, [button.element_handle(), shown]) / 1000

    bids = []
    for n in range(taps):
        value = n % (hand.cards + 1)
        see(page, f"{first}'s bid")
        bids.append(timed(f"Bid {value}", f"{first}: {value}"))
        see(page, f"{second}'s bid")
        page.get_by_role("button", name="Undo", exact=True).click()
    for name in (first, second, third):
        see(page, f"{name}'s bid")
        page.get_by_role("button", name=f"Bid {hand.cards if name == first else 0}", exact=True).click()
    for name in (first, second):
        taken = hand.cards if name == first else 0
        page.get_by_role("button", name=f"{name} took {taken}", exact=True).click()
        see(page, f"{name} took {taken} trick{'' if taken == 1 else 's'}")
    scores = []
    for _ in range(taps):
        see(page, f"Tricks {hand.cards} of {hand.cards}")
        scores.append(timed("Score the hand", f"Hand {hand.number} scored"))
        see(page, f"Hand {hand.number + 1} of 10")
        undo = page.get_by_role("button", name="Undo", exact=True)
        expect(undo).to_be_enabled(timeout=20_000)
        undo.click()
        asked = page.get_by_role("button", name="Take it back", exact=True)
        # This Bidwell asks before it takes a score back; an older one takes it back at once.
        counts = page.get_by_text(f"Tricks {hand.cards} of {hand.cards}", exact=True)
        expect(asked.or_(counts).first).to_be_visible(timeout=20_000)
        if asked.count():
            asked.click()
    page.context.close()
    return bids, scores


def figures(name: str, seconds: list[float]) -> str:
    return f"{name}: {median_and_p90(seconds)} ({len(seconds)} taps)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--doubles", type=int, default=40)
    parser.add_argument("--late", type=int, default=8)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    parser.add_argument("--bidwell", default=str(Path(sys.executable).with_name("bidwell")))
    parser.add_argument("--slow", type=float, default=1, help="the double taps on a phone this many times slower")
    args = parser.parse_args()
    build(args.folder, 10_000)
    port = free_port()
    server = subprocess.Popen([args.bidwell, "--no-browser", "--port", str(port), "--data", str(args.folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            url = f"http://127.0.0.1:{port}/"
            wait_serving(browser, port)
            if args.doubles:
                tried, twice, tried_tricks, twice_tricks = double_taps(browser, url, args.folder, args.doubles,
                                                                       args.slow)
                print(f"double taps on a bid pad ({', '.join(map(str, GAPS_MS))} ms apart, CPU {args.slow:g}x "
                      f"slower): {tried} tried, {twice} recorded twice")
                print(f"double taps on a trick pad: {tried_tricks} tried, {twice_tricks} given twice")
            if args.late:
                tried, applied, unsaid = late_taps(browser, url, args.folder, args.late)
                print(f"taps made while the connection was cut (4-8 s): {tried} tried, {applied} applied, "
                      f"{unsaid} times the screen did not say so when it was back")
            started = time.perf_counter()
            for played, when in ((0, "hand 1"), (8, "hand 9 of 10")) if args.taps else ():
                bids, scores = tap_to_screen(browser, url, args.folder, args.taps, played)
                print(figures(f"tap on a bid to the screen showing it, {when}, 10,000 games stored", bids))
                print(figures(f"tap on Score the hand to the screen showing it, {when}, 10,000 games stored",
                              scores))
            print(f"({time.perf_counter() - started:.0f} s)")
            browser.close()
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
