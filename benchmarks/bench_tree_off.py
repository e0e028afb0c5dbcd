"""Issue 46, item 3: what a phone without a screen reader pays for a route change and a tap, the accessibility tree
left off, next to a bare Flet app doing the same in the same run.

The other browser benches time a tap from the semantics node's click to the accessibility tree showing its result;
a phone without a screen reader builds no tree, and that tree costs Flutter work each frame. Here each app has two
tabs at 390×844: one with the tree on, only to find where its buttons are drawn, and one with the tree off, tapped
with the mouse at those places. A tap is timed in the tree-off tab, from the pointer's press (seen by the page
before Flutter sees it) to the end of the first frame Flutter draws after the server's first change to the screen
(the screen the tap asked for, drawn) and after its last (settled: with what is sent once that screen is drawn, as
Past games' cards below the first screenful), once no change has come for QUIET_MS and no frame was asked for
AT_REST_MS. Each tap is made on a screen at rest, as a person taps it.

Bidwell serves 10,000 past games (bench_storage.py's history) and a Rage game for five at hand 6's bidding
(bench_screens.py's): start → Past games and Back, start → the game and Back, a bid on the pad (then undone, not
timed). The bare app is bench_screens.py's two-route app (start → Past games, Back) and bench_app.py's button that
adds a line. Rounds alternate between the apps; medians and 90th percentiles.

    .venv/bin/python benchmarks/bench_tree_off.py [--runs 10] [--folder DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from flet.messaging.protocol import MessageAction
from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import AT_REST_MS, BARE_TAPS, QUIET_MS, SERVED_AS_BIDWELL, bidwell_beside_bare, wait_serving
from bench_screens import BARE, HAND, NAMES, figures, game_at_the_hand
from bench_storage import build
from bench_taps import open_tab
from phone import CHROMIUM_ARGS, chromium, free_port

# Counted in the page: the press, the server's changes to the screen after it (Flet's PATCH_CONTROL messages: a 0
# byte, then the msgpack pair [2, patch]; not its questions to the phone, as Bidwell's "has the phone drawn it?" that guards a Back,
# nor heartbeats), and the end of the first frame run after the first and after the last of them.
TAP_TO_DRAWN = """(() => {
  const PATCH_CONTROL = %d;
  const ask = window.requestAnimationFrame.bind(window);
  Object.assign(window, {__lastFrameAsked: performance.now(), __lastMessage: 0, __messages: 0, __tapped: null,
                         __messagesAtTap: 0, __drawn: null});
  window.requestAnimationFrame = callback => {
    window.__lastFrameAsked = performance.now();
    return ask(time => {
      const result = callback(time);
      if (window.__drawn === null && window.__tapped !== null && window.__messages > window.__messagesAtTap) {
        window.__drawn = performance.now();
        window.__firstDrawn ??= window.__drawn;
      }
      return result;
    });
  };
  addEventListener("pointerdown", () => {
    Object.assign(window, {__tapped: performance.now(), __messagesAtTap: window.__messages, __drawn: null,
                           __firstDrawn: null});
  }, true);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", event => {
        const head = event.data instanceof ArrayBuffer && event.data.byteLength > 3 ? new Uint8Array(event.data) : [];
        if (head[0] === 0 && head[1] === 0x92 && head[2] === PATCH_CONTROL) {
          window.__messages += 1; window.__lastMessage = performance.now(); window.__drawn = null;
        }
      });
    }
  };
})()""" % MessageAction.PATCH_CONTROL.value
AT_REST = (f"performance.now() - window.__lastFrameAsked > {AT_REST_MS}"
           f" && performance.now() - window.__lastMessage > {QUIET_MS}")


def tree_off_tab(browser, url: str):  # noqa: ANN001, ANN201 - Playwright's Browser and Page
    """A phone-sized tab on ``url`` that never switches its accessibility tree on, its first screen drawn and at
    rest."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
    page.add_init_script(TAP_TO_DRAWN)
    page.goto(url)
    page.wait_for_function("window.__ff === true", timeout=60_000)
    page.wait_for_function(f"window.__messages > 0 && {AT_REST}", polling=25, timeout=60_000)
    return page


def centre(seeing, name: str) -> tuple[float, float]:  # noqa: ANN001 - the tree-on Page
    """Where the button ``name`` is drawn on the tree-on tab's screen."""
    button = seeing.get_by_role("button", name=name, exact=True).first
    expect(button).to_be_visible(timeout=30_000)
    box = button.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(blind, place: tuple[float, float], into: dict[str, list[float]], what: str) -> None:  # noqa: ANN001
    """A press at ``place`` on the tree-off tab, timed to the end of the first frame after the first change to the
    screen it brought (``what``: the screen drawn) and after the last one (``what`` + " (settled)": the rest of a
    screen sent once the first screenful is drawn, as Past games' cards are); the screen is left at rest."""
    blind.wait_for_function(AT_REST, polling=25, timeout=30_000)
    blind.mouse.click(*place)
    blind.wait_for_function(f"window.__drawn !== null && window.__messages > window.__messagesAtTap && {AT_REST}",
                            polling=25, timeout=30_000)
    first, last = blind.evaluate("[window.__firstDrawn - window.__tapped, window.__drawn - window.__tapped]")
    into.setdefault(what, []).append(first)
    into.setdefault(what + " (settled)", []).append(last)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    build(args.folder, 10_000)
    print(f"load average at start: {os.getloadavg()}")
    ours: dict[str, list[float]] = {}
    bare: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        data = Path(scratch) / "data"
        shutil.copytree(args.folder, data)
        game_id, cards, bidding = game_at_the_hand(data)
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        taps_port = free_port()
        taps_app = subprocess.Popen([sys.executable, "-c", SERVED_AS_BIDWELL + BARE_TAPS, str(taps_port)], cwd=scratch,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with bidwell_beside_bare(browser, data, BARE, scratch) as (port, bare_port):
                wait_serving(browser, taps_port)
                start, game = f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{port}/game/{game_id}"
                seeing = open_tab(browser, start)
                places = {"past games": centre(seeing, "Past games"),
                          "game": centre(seeing, f"Rage · hand {HAND} · {', '.join(NAMES)}")}
                seeing.goto(game)
                places["back"] = centre(seeing, "Back")
                places["bid"] = centre(seeing, f"Bid {cards}")
                places["undo"] = centre(seeing, "Undo")
                seeing.context.close()
                seeing = open_tab(browser, f"http://127.0.0.1:{bare_port}/")
                bare_places = {"past games": centre(seeing, "Past games")}
                seeing.goto(f"http://127.0.0.1:{bare_port}/history")
                bare_places["back"] = centre(seeing, "Back")
                seeing.context.close()
                seeing = open_tab(browser, f"http://127.0.0.1:{taps_port}/")
                bare_places["add"] = centre(seeing, "Add a line")
                seeing.context.close()

                blind = tree_off_tab(browser, start)
                bare_blind = tree_off_tab(browser, f"http://127.0.0.1:{bare_port}/")
                taps_blind = tree_off_tab(browser, f"http://127.0.0.1:{taps_port}/")
                for _ in range(args.runs):
                    tap(blind, places["past games"], ours, "start → Past games")
                    tap(blind, places["back"], ours, "Past games → start")
                    tap(blind, places["game"], ours, "start → game")
                    tap(blind, places["bid"], ours, "a bid on the pad")
                    tap(blind, places["undo"], {}, "undo")
                    tap(blind, places["back"], ours, "game → start")
                    tap(bare_blind, bare_places["past games"], bare, "start → Past games")
                    tap(bare_blind, bare_places["back"], bare, "Past games → start")
                    tap(taps_blind, bare_places["add"], bare, "a tap adding a line")
        finally:
            taps_app.kill()
            taps_app.wait()
        browser.close()
    print(f"load average at end: {os.getloadavg()}")
    for what, values in ours.items():
        settled = " (settled)" if what.endswith(" (settled)") else ""
        baseline = bare[("a tap adding a line" if what.startswith("a bid") else
                         "Past games → start" if what.removesuffix(settled).endswith("→ start") else
                         "start → Past games") + settled]
        print(f"{what}: bidwell {figures(values)}; bare Flet {figures(baseline)}; ratio of medians "
              f"{statistics.median(values) / statistics.median(baseline):.2f} (tree off, {len(values)} taps)")

if __name__ == "__main__":
    main()
