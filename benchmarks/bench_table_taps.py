"""Issue 44's figures: a tap on the table screen against a bare Flet button, in one run, at 390×844.

Headless Chromium (tests/browser/phone.py's), Flutter's accessibility tree on as in the project's other benches.
Beside Bidwell, a bare Flet app served the same way (``ft.run``, one button whose tap changes a text). Every timed
tap is made on a screen at rest (bench_app.wait_at_rest) and the two apps take turns: bare, Bidwell, bare,
Bidwell..., so a busy moment weighs on both. Timed inside the page as bench_app.TAP_AND_SEE times a tap: the
semantics node's click to the animation frame after the awaited state is in the accessibility tree.

A 5-player Rage game is played hand after hand (a new game before its last hand, whose Score ends the game); each
hand is one round:

- bid tap → drawn: a bid of each of the first four bidders, to the bid shown (the row's name read with it, "Béla ·
  bid 1"; the bids line before, "Béla: 1"), and to the next bidder's status text
  ("Csilla's bid");
- bid tap → the next bidder's pad live: the same taps, to the next bidder's key enabled in the accessibility tree
  (before: seen greyed or gone after the tap first, then enabled; the table screen: the next bidder's row's key,
  "Csilla: bid 2" and greyed before the tap, read "Bid 2" and enabled), with the status text shown;
- trick tap → drawn: each taker's count, to "Tricks n of m" showing the tricks placed;
- Score the hand → the next hand drawn: to "Hand n+1 of ...";
- taps for the hand, the tricks all going to two players (five bids, the takers' counts, Score; a count is tapped
  only while Score is still greyed), and the keys that were not wholly in sight when tapped (outside the window,
  or outside a scrolling part of the screen, e.g. under a bar): a key listed there needed a scroll.

Each bare button tap is followed by a bid on a bare table (bench_table_floor.py's ``table``: the table screen's
shape and restyling drawn by Flet components, none of Bidwell's code), the floor Flet sets under the same work, and
by one on the same table dressed as Bidwell's screen is (``table-dressed``: its top bar, header, bar and bottom
bar around it). Every bare app is served as Bidwell is (bench_app.SERVED_AS_BIDWELL: not cross-origin isolated, so
Flutter draws on the page's own thread, as on Bidwell's).

The first round warms both tabs up and is not counted. The figures: median and 90th percentile of each, the bare
button's (every bare tap of the run) beside them, and the ratio of the medians with issue 44's target.

The app's labels are found on the screen: the table screen's (every row's own pad, the next bidder's keys read
"Csilla: bid 1" until her turn), or the pad before it (one pad, "Bid 1"; or with ``--old``). ``--game`` and
``--players`` choose the table: 5 players of Rage (10 cards first) scroll their rows on the table screen, so its
taps are guarded; 4 players of Oh Hell fit the screen. ``--app-root`` runs another checkout (its ``companion`` on
PYTHONPATH, with this interpreter), e.g. the table screen's parent commit:

    git worktree add /work/wt-before 8cb2aba
    .venv/bin/python benchmarks/bench_table_taps.py --rounds 15 --app-root /work/wt-before
    .venv/bin/python benchmarks/bench_table_taps.py --rounds 15

Without the tree (issue 46's "what a phone pays") is not measured here: a tap then needs the key's place from
somewhere else than the tree, and the frame after the patch is not tied to what the patch draws.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import TAP_AND_SEE, bidwell_beside_bare, wait_at_rest
from bench_table_floor import APP as FLOOR_APP
from bench_table_floor import NAMES as FLOOR_NAMES
from bench_screens import figures
from bench_taps import bare_apps, open_tab
from phone import CHROMIUM_ARGS, chromium

CHECKOUT = Path(__file__).resolve().parents[1]
NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Fanni"]
FLOORS = {"table": "bare Flet table (bench_table_floor.py's: four rows of nine keys, the same restyling, no Bidwell "
                   "code)",
          "table-dressed": "the same dressed as Bidwell's screen (its top bar, header, bar and bottom bar)"}
BARE = textwrap.dedent(
    """
    import sys
    import flet as ft

    def main(page):
        shown = ft.Text("Taps 0")

        def tap(_):
            shown.value = f"Taps {int(shown.value.split()[1]) + 1}"
            page.update()

        page.add(ft.Button("Tap", on_click=tap), shown)

    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
    """
)

START = textwrap.dedent(
    """
    import sys
    from companion.store.games import GameStore
    from scoring.game import Game

    print(GameStore(sys.argv[1]).start(Game.new(sys.argv[2], sys.argv[3:])).id)
    """
)

# bench_app.TAP_AND_SEE, waiting for several things from one tap: each of ``wants`` ([label, prefix]: a label, or
# its start where ``prefix``) shown on one node more than before the tap, and, where ``live`` names a key, that key
# enabled after it was seen greyed or gone (the next bidder's key, whose pad takes a tap again) with the last of
# ``wants`` shown. Each time is taken at the animation frame after the tree has it. Resolves with {drawn: [ms per
# want], live: ms}, null for what was not seen within 20 s.
TAP_DRAWN_LIVE = """
([node, wants, live]) => new Promise(resolve => {
  const label = n => n.getAttribute('aria-label') || (n.childElementCount === 0 ? n.textContent : '') || '';
  const nodes = () => [...document.querySelectorAll('flt-semantics, flt-semantics *')];
  const count = ([want, prefix]) => nodes().filter(n => prefix ? label(n).startsWith(want) : label(n) === want).length;
  const before = wants.map(count);
  // A pair [before, after]: the key named ``before`` (greyed) now named ``after`` and enabled.
  const [off, on] = Array.isArray(live) ? live : [live, live];
  const button = name => nodes().find(n => n.getAttribute('role') === 'button' && label(n) === name);
  const key = () => (off === on || !button(off)) ? button(on) : undefined;
  const times = {drawn: wants.map(() => null), live: null};
  const seen = wants.map(() => false);
  let liveSeen = false, offSeen = false, started = 0;
  const at = set => requestAnimationFrame(() => { set(performance.now() - started); finish(); });
  const finish = () => {
    if (times.drawn.includes(null) || (live !== null && times.live === null)) return;
    watcher.disconnect();
    clearTimeout(limit);
    resolve(times);
  };
  const look = () => {
    wants.forEach((want, i) => {
      if (!seen[i] && count(want) > before[i]) { seen[i] = true; at(t => { times.drawn[i] = t; }); }
    });
    if (live !== null && !liveSeen) {
      const k = key();
      if (!k || k.getAttribute('aria-disabled') === 'true') offSeen = true;
      else if (offSeen && seen[wants.length - 1]) { liveSeen = true; at(t => { times.live = t; }); }
    }
  };
  const watcher = new MutationObserver(look);
  const limit = setTimeout(() => { watcher.disconnect(); resolve(times); }, 20000);
  look();
  watcher.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
  started = performance.now();
  node.click();
})
"""

# True once one of the buttons named is enabled: the screen has settled after a tap.
ANY_ENABLED = """labels => {
  const name = n => n.getAttribute('aria-label') || (n.childElementCount === 0 ? n.textContent : '') || '';
  return [...document.querySelectorAll('flt-semantics, flt-semantics *')].some(
    n => n.getAttribute('role') === 'button' && labels.includes(name(n)) && n.getAttribute('aria-disabled') !== 'true');
}"""

# Whether the button labelled so is wholly in sight: inside the window and inside every part of the page that
# scrolls around it (a key under a bar at the bottom lies inside the window but outside the rows' scrolling box).
IN_SIGHT = """label => {
  const name = n => n.getAttribute('aria-label') || (n.childElementCount === 0 ? n.textContent : '') || '';
  const node = [...document.querySelectorAll('flt-semantics, flt-semantics *')]
    .find(n => n.getAttribute('role') === 'button' && name(n) === label);
  if (!node) return false;
  const box = node.getBoundingClientRect();
  if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) return false;
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (!/(auto|scroll)/.test(style.overflowY + ' ' + style.overflowX)) continue;
    const around = up.getBoundingClientRect();
    if (box.top < around.top - 0.5 || box.bottom > around.bottom + 0.5 || box.left < around.left - 0.5
        || box.right > around.right + 0.5) return false;
  }
  return true;
}"""


class Labels:
    """The keys' names, as this app's screen says them."""

    def __init__(self, old: bool):
        self.old = old

    @staticmethod
    def bid(name: str, value: int) -> str:
        """The key a bid is tapped on: the turn's pad, on both screens."""
        return f"Bid {value}"

    def shown(self, name: str, value: int) -> str:
        """The bid as the screen shows it once taken: in the bids line before, with its player's name in their row
        now (the chosen key is told apart by its look alone; the row's name is read with the bid)."""
        return f"{name}: {value}" if self.old else f"{name} · bid {value}"

    def live(self, name: str, value: int) -> str | list[str]:
        """What says the next bidder's key takes a tap: its name enabled after it was greyed or gone (before); the
        key of their row's own pad, renamed from theirs to the turn's, enabled (the table screen)."""
        return f"Bid {value}" if self.old else [f"{name}: bid {value}", f"Bid {value}"]

    @staticmethod
    def took(name: str, value: int) -> str:
        return f"{name} took {value}"


class Run:
    """One Bidwell server and one bare app, a tab on each, and every figure gathered."""

    def __init__(self, browser, root: Path, data: Path, game: str, players: int, bare_url: str,
                 floors: dict[str, Page], bidwell_url: str, old: bool | None):
        self.browser, self.root, self.data, self.game = browser, root, data, game
        self.players = NAMES[:players]
        self.bare_url, self.bidwell_url = bare_url, bidwell_url
        self.env = dict(os.environ, PYTHONPATH=str(root))
        self.schedule = json.loads(self.cli("schedule", "--game", game, "--players", str(len(self.players))))
        self.bare = open_tab(browser, bare_url)
        self.bare_taps = 0
        self.floors = floors
        self.floor_taps = 0
        self.page: Page | None = None
        self.hand = 0
        self.old = old
        self.labels: Labels | None = None
        self.times: dict[str, list[float]] = {k: [] for k in ("bare", *floors, "bid", "status", "live", "trick",
                                                               "score")}
        self.hands: list[tuple[int, int, int, list[str]]] = []  # number, cards, taps, keys out of sight

    def cli(self, *words: str) -> str:
        return subprocess.run([sys.executable, "-m", "companion", *words], env=self.env, cwd=self.root,
                              capture_output=True, text=True, check=True).stdout

    def new_game(self) -> None:
        """A new game of the players (Anna deals first), started by the app's own store and opened in a tab of its
        own."""
        game_id = subprocess.run([sys.executable, "-c", START, str(self.data), self.game, *self.players], env=self.env,
                                 cwd=self.root, capture_output=True, text=True, check=True).stdout.strip()
        if self.page is not None:
            self.page.context.close()
        self.page = open_tab(self.browser, f"{self.bidwell_url}game/{game_id}")
        self.hand = 1
        second = self.players[(self.schedule[0]["first"] + 1) % len(self.players)]
        expect(self.page.get_by_role("button", name="Bid 0", exact=True)).to_be_attached(timeout=60_000)
        if self.old is None:
            self.old = self.page.get_by_role("button", name=f"{second}: bid 0", exact=True).count() == 0
        self.labels = Labels(self.old)

    def bare_tap(self, keep: bool) -> None:
        wait_at_rest(self.bare)
        self.bare_taps += 1
        button = self.bare.get_by_role("button", name="Tap", exact=True).element_handle()
        times = self.bare.evaluate(TAP_DRAWN_LIVE, [button, [[f"Taps {self.bare_taps}", False]], None])
        if None in times["drawn"]:
            raise RuntimeError(f"the bare app's tap {self.bare_taps}: {times}")
        if keep:
            self.times["bare"].append(times["drawn"][0])
        self.floor_tap(keep)

    def floor_tap(self, keep: bool) -> None:
        """A bid on each bare table (bench_table_floor.py's ``table`` and ``table-dressed``: the table screen's
        shape, none of Bidwell's code), to its next bidder's status drawn."""
        seat = self.floor_taps % len(FLOOR_NAMES)
        self.floor_taps += 1
        for kind, floor in self.floors.items():
            wait_at_rest(floor)
            key = floor.get_by_role("button", name=f"Bid {self.floor_taps % 9}", exact=True).element_handle()
            elapsed = floor.evaluate(TAP_AND_SEE, [key, f"{FLOOR_NAMES[(seat + 1) % len(FLOOR_NAMES)]}'s bid"])
            if keep:
                self.times[kind].append(elapsed)

    def tap(self, label: str, *wants: str, prefix: bool = False, live: str | list[str] | None = None,
            keep: bool = True,
            timed: bool = True) -> dict:
        """Tap the button ``label`` once it is enabled and the screen at rest, after a bare tap (``timed``); the
        times to each of ``wants`` shown and to ``live`` enabled, and whether the key was in sight."""
        page = self.page
        button = page.get_by_role("button", name=label, exact=True)
        expect(button).to_be_enabled(timeout=30_000)
        if timed:
            self.bare_tap(keep)
        wait_at_rest(page)
        seen = page.evaluate(IN_SIGHT, label)
        if not timed:
            button.element_handle().evaluate("node => node.click()")
            return {"seen": seen}
        times = page.evaluate(TAP_DRAWN_LIVE, [button.element_handle(), [[want, prefix] for want in wants], live])
        if None in times["drawn"] or (live is not None and times["live"] is None):
            raise RuntimeError(f"{label} (hand {self.hand}): awaited {wants} / {live!r}, got {times}")
        times["seen"] = seen
        return times

    def play_hand(self, round_: int, keep: bool) -> None:
        """One hand: five bids, the tricks to two players, Score; timed as the module says."""
        if self.page is None or self.hand >= len(self.schedule):  # the last hand's Score ends the game
            self.new_game()
        plan = self.schedule[self.hand - 1]
        cards, number = plan["cards"], plan["number"]
        order = [self.players[(plan["first"] + k) % len(self.players)] for k in range(len(self.players))]
        labels = self.labels
        page = self.page
        expect(page.get_by_text(f"{order[0]}'s bid", exact=True)).to_be_visible(timeout=30_000)
        bids = [(round_ + k) % (cards + 1) for k in range(len(order))]
        taps, unseen = 0, []
        for k, name in enumerate(order):
            label = labels.bid(name, bids[k])
            if k + 1 < len(order):
                nxt = order[k + 1]
                times = self.tap(label, labels.shown(name, bids[k]), f"{nxt}'s bid",
                                 live=labels.live(nxt, bids[k + 1]), keep=keep)
                if keep:
                    self.times["bid"].append(times["drawn"][0])
                    self.times["status"].append(times["drawn"][1])
                    self.times["live"].append(times["live"])
            else:  # the last bid: untimed, to the tricks
                times = self.tap(label, timed=False)
                expect(page.get_by_text(f"Tricks 0 of {cards}", exact=True)).to_be_visible(timeout=30_000)
            taps += 1
            if not times["seen"]:
                unseen.append(label)
        combos = list(itertools.combinations(range(len(order)), 2))
        takers = [order[p] for p in combos[round_ % len(combos)]] if cards > 1 else [order[0]]
        counts = [(cards + 1) // 2, cards // 2] if cards > 1 else [1]
        score = page.get_by_role("button", name="Score the hand", exact=True)
        placed = 0
        # The takers' counts, then a zero for each of the others while Score is still greyed (the screen may fill
        # them in itself once every trick is placed).
        for name, count in [*zip(takers, counts), *((name, 0) for name in order if name not in takers)]:
            label = labels.took(name, count)
            if count:
                placed += count
                times = self.tap(label, f"Tricks {placed} of {cards}", keep=keep)
                if keep:
                    self.times["trick"].append(times["drawn"][0])
            else:
                times = self.tap(label, timed=False)
            taps += 1
            if not times["seen"]:
                unseen.append(label)
            # Settled: the key just tapped takes a tap again (a pad greyed for a moment after a tap is live again).
            expect(page.get_by_role("button", name=label, exact=True)).to_be_enabled(timeout=30_000)
            wait_at_rest(page)
            if score.is_enabled():
                break
        times = self.tap("Score the hand", f"Hand {number + 1} of ", prefix=True, keep=keep)
        if keep:
            self.times["score"].append(times["drawn"][0])
        taps += 1
        if not times["seen"]:
            unseen.append("Score the hand")
        self.hand += 1
        if keep:
            self.hands.append((number, cards, taps, unseen))


def spread(values: list[float]) -> str:
    return f"{figures(values)} ({len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15, help="hands played and timed (one more warms up)")
    parser.add_argument("--app-root", type=Path, default=CHECKOUT,
                        help="the checkout whose Bidwell is run (default: this one)")
    parser.add_argument("--game", default="rage", choices=["rage", "rage-n-glyphs", "oh-hell", "wizard"])
    parser.add_argument("--players", type=int, default=5, choices=range(3, len(NAMES) + 1))
    parser.add_argument("--old", action="store_true", default=None,
                        help="the pad before the table screen (\"Bid 1\"); found on the screen otherwise")
    args = parser.parse_args()
    root = args.app_root.resolve()
    command = shlex.join([Path(sys.executable).name, *sys.argv])
    commit = subprocess.run(["git", "-C", str(root), "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip()
    print(f"$ {command}")
    print(f"app: {root} ({commit}); load average at the start {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        data.mkdir()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            with bare_apps(browser, FLOOR_APP, {kind: [kind, scratch] for kind in FLOORS}, scratch) as floors, \
                    bidwell_beside_bare(browser, data, BARE, scratch, root=root) as (port, bare_port):
                run = Run(browser, root, data, args.game, args.players, f"http://127.0.0.1:{bare_port}/",
                          floors, f"http://127.0.0.1:{port}/", args.old)
                for round_ in range(args.rounds + 1):
                    run.play_hand(round_, keep=round_ > 0)
            browser.close()
    times = run.times
    bare_median = statistics.median(times["bare"])
    print(f"labels: {'the pad before the table screen' if run.old else 'the table screen (a pad a row)'}; "
          f"{args.game}, {args.players} players")
    print(f"bare Flet button, tap → drawn: {spread(times['bare'])} (median / p90 ms, taps)")
    for kind, what in FLOORS.items():
        print(f"{what}, bid tap → the next bidder's status drawn: {spread(times[kind])}; ratio of medians "
              f"{statistics.median(times[kind]) / bare_median:.2f}")
    for key, what, target in (("bid", "bid tap → drawn (the bid shown: the bids line, or the player's row)", 1.5),
                              ("status", "bid tap → the next bidder's status drawn", 1.5),
                              ("live", "bid tap → the next bidder's pad live", 1.5),
                              ("trick", "trick tap → drawn (Tricks n of m)", 1.5),
                              ("score", "Score the hand → the next hand drawn", 2.0)):
        ratio = statistics.median(times[key]) / bare_median
        print(f"{what}: bidwell {spread(times[key])}; ratio of medians {ratio:.2f} (target ≤ {target:g}: "
              f"{'met' if ratio <= target else 'not met'}); to the bare table "
              f"{statistics.median(times[key]) / statistics.median(times['table']):.2f}, to the dressed one "
              f"{statistics.median(times[key]) / statistics.median(times['table-dressed']):.2f}")
    counts = sorted({taps for _n, _c, taps, _u in run.hands})
    print(f"taps for a hand of {args.players}, the tricks to two players: {', '.join(map(str, counts))} "
          f"(target ≤ 8), over {len(run.hands)} hands of {min(c for _n, c, _t, _u in run.hands)}-"
          f"{max(c for _n, c, _t, _u in run.hands)} cards")
    unseen = [(number, cards, keys) for number, cards, _t, keys in run.hands if keys]
    if unseen:
        print(f"keys out of sight when tapped (a scroll needed) in {len(unseen)} of {len(run.hands)} hands:")
        for number, cards, keys in unseen:
            print(f"  hand {number} ({cards} cards): {', '.join(keys)}")
    else:
        print("every key tapped was in sight: no scroll needed")
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
