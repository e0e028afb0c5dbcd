"""Issue 13's figure: with four phones at the table (the scorekeeper's and three players'), the time from a player's
tap on their bid to the scorekeeper's screen showing that they have bid.

A real ``bidwell --lan`` server on 127.0.0.1 with a Rage'n Glyphs game for four (hidden bids, the hook): Anna keeps
the score, Béla, Csilla and Dóra join on phones of their own (one headless Chromium context each, 390×844). Béla
bids first; his bid is timed from the tap in his page (``Date.now()`` as the semantics node is clicked) to the
scorekeeper's page showing "Csilla bids on their phone" (a MutationObserver, then the next animation frame: the
frame that drew it is done), on the one machine's clock. The scorekeeper then undoes the bid ("Take it back": it
is private) and Béla bids again.

    .venv/bin/python benchmarks/bench_phones.py [--taps 30]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from bench_app import free_port, open_page
from phone import CHROMIUM_ARGS, chromium

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]
WATCH = """
(want) => {
  window.__shownAt = null;
  const shows = () => [...document.querySelectorAll('flt-semantics, flt-semantics *')].some(
    n => n.getAttribute('aria-label') === want || (n.childElementCount === 0 && n.textContent === want));
  const watcher = new MutationObserver(() => {
    if (!shows()) return;
    watcher.disconnect();
    requestAnimationFrame(() => { window.__shownAt = Date.now(); });
  });
  watcher.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
}
"""
TAP = "(node) => { const at = Date.now(); node.click(); return at; }"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30, help="timed bids (default 30)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder) / "data")
        store.start(Game.new("rage-n-glyphs", PLAYERS, options={"bidding": "hidden", "hose_the_dealer": True}))
        port = free_port()
        bidwell = str(Path(sys.executable).with_name("bidwell"))
        process = subprocess.Popen([bidwell, "--lan", "--no-browser", "--port", str(port), "--data",
                                    str(Path(folder) / "data")], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            pin = None
            while pin is None:
                line = process.stdout.readline()
                pin = (re.search(r"PIN: (\d{6})", line) or [None, None])[1]
            url = f"http://127.0.0.1:{port}/"
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(url, timeout=2).close()
                    break
                except OSError:
                    time.sleep(0.2)
            times = measure(url, pin, args.taps)
        finally:
            process.kill()
            process.wait()
    ms = sorted(1000 * t for t in times)
    print(f"tap on a player's phone to 'has bid' on the scorekeeper's, four phones joined ({len(ms)} bids):")
    print(f"  median {statistics.median(ms):.0f} ms, p90 {ms[int(len(ms) * 0.9) - 1]:.0f} ms, "
          f"fastest {ms[0]:.0f} ms, slowest {ms[-1]:.0f} ms")


def measure(url: str, pin: str, taps: int) -> list[float]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        keeper = open_page(browser, url)
        keeper.get_by_role("textbox", name="PIN").click()
        keeper.keyboard.type(pin)
        keeper.keyboard.press("Enter")
        keeper.get_by_role("button", name="Rage'n Glyphs · hand 1 · Anna, Béla, Csilla, Dóra").click()
        title = keeper.get_by_text(re.compile("Players' phones · join code ")).first
        expect(title).to_be_visible()
        code = re.search(r"join code (\w{6})", title.inner_text()).group(1)
        phones = {}
        for name in ("Béla", "Csilla", "Dóra"):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
            page.goto(f"{url}join/{code}")
            page.wait_for_function("window.__ff === true", timeout=60_000)
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            page.get_by_role("button", name=name, exact=True).click()
            expect(page.get_by_text(f"You are {name}", exact=True)).to_be_visible()
            phones[name] = page
        bela = phones["Béla"]
        times = []
        for n in range(taps):
            expect(keeper.get_by_text("Béla bids on their phone", exact=True)).to_be_visible()
            key = bela.get_by_role("button", name=f"Bid {n % 2}", exact=True)
            expect(key).to_be_enabled()
            keeper.evaluate(WATCH, "Csilla bids on their phone")
            tapped = bela.evaluate(TAP, key.element_handle())
            keeper.wait_for_function("window.__shownAt !== null", timeout=15_000)
            times.append((keeper.evaluate("window.__shownAt") - tapped) / 1000)
            keeper.get_by_role("button", name="Undo").click()
            keeper.get_by_role("button", name="Take it back", exact=True).click()  # a private bid: asked first
        browser.close()
    return times


if __name__ == "__main__":
    main()
