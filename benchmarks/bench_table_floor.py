"""Issue 44, item 6: the floor Flet itself sets under a bid tap on the table screen, before calling any of the
table's cost Flet's own.

Bare Flet apps, none of Bidwell's code, served as bench_table_taps.py serves its bare button and tapped in turns with
it (a busy moment weighs on each), each tap made on a screen at rest and timed inside the page as bench_app.TAP_AND_SEE
times one: the key's click to the animation frame after the next bidder's status text is in the accessibility tree.

- ``button``: one button whose tap changes a text (bench_table_taps.py's baseline);
- ``table``: the table screen's shape drawn by declarative components (``@ft.component``, ``use_state``): four rows
  of a name line and nine 48-pixel keys (a hand of 8), a status line; a key's tap moves the turn on, and as on
  Bidwell's screen the row that bid and the row now due each have every key restyled (due: lit; not due: greyed;
  the bid: filled) and relabelled ("Bid 3" on the row due, "Béla: bid 3" elsewhere), the rows' borders changed;
- ``table-kept``: the same, every key's label kept ("Béla: bid 3" always), only the keys whose look changes restyled;
- ``table-durable``: ``table``, each tap first written to a file and fsynced, as Bidwell's store makes a bid
  durable before the screen says it is taken;
- ``table-imperative``: ``table`` without components: the controls made once, a tap setting the changed keys'
  properties and updating the two rows and the status alone (Flet's classic ``control.update()``);
- ``table-still``: ``table-kept`` with every key alike whether its row is due or not (live, the same look): a bid
  restyles one key, and the turn moving on changes two rows' frames.
- ``table-dressed``: ``table`` in the furniture of Bidwell's screen around it, as drawn: a view with a top bar (a
  title, three icon buttons), a bottom navigation bar of four labelled destinations, a header of two lines over
  the rows, each row's line with a mark and a total, and under the rows a bar of three lines beside a button
  (the status, the bids so far, the last bid said): what the same tap costs on a screen holding all that.

Bidwell's own bid tap is bench_table_taps.py's (``--game oh-hell --players 4``: four rows of a hand of 8 at its
first hands); both give ratios to the bare button of their run.

    .venv/bin/python benchmarks/bench_table_floor.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import TAP_AND_SEE, wait_at_rest
from bench_screens import figures
from bench_taps import bare_apps
from phone import CHROMIUM_ARGS, chromium

NAMES = ["Anna", "Béla", "Csilla", "Dóra"]
CARDS = 8

APP = textwrap.dedent(
    """
    import os, sys
    import flet as ft

    NAMES, CARDS = ["Anna", "Béla", "Csilla", "Dóra"], 8
    KIND = sys.argv[2]
    DURABLE = os.path.join(sys.argv[3], "bids.txt")

    @ft.component
    def Key(seat, value, due, chosen, on_bid):
        if KIND == "table-still":
            due = True  # every key looks and takes alike; only the row's frame tells whose turn it is
        kept = KIND in ("table-kept", "table-still")
        label = f"{NAMES[seat]}: bid {value}" if kept or not due else f"Bid {value}"
        filled = chosen == value
        style = ft.ButtonStyle(
            bgcolor=ft.Colors.PRIMARY if filled else ft.Colors.SECONDARY_CONTAINER if due else
            ft.Colors.SURFACE_CONTAINER_HIGHEST,
            color=ft.Colors.ON_PRIMARY if filled else ft.Colors.ON_SECONDARY_CONTAINER,
            shape=ft.RoundedRectangleBorder(radius=10), padding=0)
        return ft.FilledButton(content=ft.Text(str(value), semantics_label=label, size=20), width=48, height=48,
                               style=style, disabled=not due, on_click=lambda _: on_bid(seat, value))

    @ft.component
    def SeatRow(seat, due, chosen, on_bid):
        return ft.Container(
            ft.Column([ft.Text(NAMES[seat]),
                       ft.Row([Key(seat, v, due, chosen, on_bid, key=f"k{v}") for v in range(CARDS + 1)],
                              wrap=True, spacing=4, run_spacing=4)], spacing=2),
            padding=5, border_radius=12, border=ft.Border.all(2 if due else 1,
                                                             ft.Colors.PRIMARY if due else ft.Colors.OUTLINE),
        )

    @ft.component
    def Table():
        bids, set_bids = ft.use_state(tuple([None] * len(NAMES)))
        turn = next((s for s, b in enumerate(bids) if b is None), None)

        def on_bid(seat, value):
            if KIND == "table-durable":
                with open(DURABLE, "a") as out:
                    out.write(f"{seat} {value}\\n")
                    out.flush()
                    os.fsync(out.fileno())
            new = list(bids)
            new[seat] = value
            set_bids(tuple([None] * len(NAMES)) if None not in new else tuple(new))

        status = f"{NAMES[turn]}'s bid" if turn is not None else "Bids done"
        return ft.Column([
            *[SeatRow(s, s == turn, bids[s], on_bid, key=f"seat-{s}") for s in range(len(NAMES))],
            ft.Text(status)], spacing=4)

    def imperative(page):
        status = ft.Text(f"{NAMES[0]}'s bid")
        bids = [None] * len(NAMES)
        keys = {}
        rows = []

        def look(seat):
            turn = next((s for s, b in enumerate(bids) if b is None), None)
            due = seat == turn
            rows[seat].border = ft.Border.all(2 if due else 1, ft.Colors.PRIMARY if due else ft.Colors.OUTLINE)
            for value in range(CARDS + 1):
                key, filled = keys[seat, value], bids[seat] == value
                key.content.semantics_label = f"Bid {value}" if due else f"{NAMES[seat]}: bid {value}"
                key.disabled = not due
                key.style = ft.ButtonStyle(
                    bgcolor=ft.Colors.PRIMARY if filled else ft.Colors.SECONDARY_CONTAINER if due else
                    ft.Colors.SURFACE_CONTAINER_HIGHEST,
                    color=ft.Colors.ON_PRIMARY if filled else ft.Colors.ON_SECONDARY_CONTAINER,
                    shape=ft.RoundedRectangleBorder(radius=10), padding=0)

        def bid(seat, value):
            bids[seat] = value
            changed = [seat]
            if None not in bids:
                bids[:] = [None] * len(NAMES)
                changed = list(range(len(NAMES)))
            turn = bids.index(None)
            if turn not in changed:
                changed.append(turn)
            for row in changed:
                look(row)
            status.value = f"{NAMES[turn]}'s bid"
            for row in changed:
                rows[row].update()
            status.update()

        for seat in range(len(NAMES)):
            line = []
            for value in range(CARDS + 1):
                keys[seat, value] = ft.FilledButton(content=ft.Text(str(value), size=20), width=48, height=48,
                                                    on_click=lambda _, s=seat, v=value: bid(s, v))
                line.append(keys[seat, value])
            rows.append(ft.Container(ft.Column([ft.Text(NAMES[seat]), ft.Row(line, wrap=True, spacing=4,
                                                                              run_spacing=4)], spacing=2),
                                     padding=5, border_radius=12))
            look(seat)
        page.add(ft.Column([*rows, status], spacing=4))

    @ft.component
    def Dressed():
        bids, set_bids = ft.use_state(tuple([None] * len(NAMES)))
        said, set_said = ft.use_state("")
        turn = next((s for s, b in enumerate(bids) if b is None), None)

        def on_bid(seat, value):
            new = list(bids)
            new[seat] = value
            set_bids(tuple([None] * len(NAMES)) if None not in new else tuple(new))
            set_said(f"{NAMES[seat]} bids {value}")

        rows = []
        for s in range(len(NAMES)):
            due = s == turn
            line = ft.Row([ft.Text(NAMES[s], size=16, expand=True, weight=ft.FontWeight.BOLD if due else None),
                           ft.Container(ft.Text("1st" if s == 0 else "deals", size=11), padding=3),
                           ft.Text("0", size=18, weight=ft.FontWeight.BOLD)], height=22)
            keys = ft.Row([Key(s, v, due, bids[s], on_bid, key=f"k{v}") for v in range(CARDS + 1)],
                          wrap=True, spacing=3, run_spacing=3)
            rows.append(ft.Container(ft.Column([line, keys], spacing=0), padding=5, border_radius=14,
                                     border=ft.Border.all(2, ft.Colors.PRIMARY if due else ft.Colors.TRANSPARENT),
                                     key=f"seat-{s}"))
        placed = sum(b for b in bids if b is not None)
        status = f"{NAMES[turn]}'s bid" if turn is not None else "Bids done"
        bar = ft.Container(ft.Row([
            ft.Column([ft.Text(status, size=17, weight=ft.FontWeight.BOLD), ft.Text(f"Bids so far: {placed}",
                       size=13), ft.Text(said, size=13)], spacing=0, expand=True),
            ft.FilledButton("Score", icon=ft.Icons.CHECK, height=48, disabled=True)]), padding=8, border_radius=14)
        header = ft.Column([ft.Text(f"Hand 1 of 19 · {CARDS} cards each", size=18),
                            ft.Text("Anna deals · Béla bids first and leads", size=13)], spacing=0)
        return [ft.View(
            route="/",
            appbar=ft.AppBar(title=ft.Text("Oh Hell (BGA)"), actions=[
                ft.IconButton(ft.Icons.SHARE), ft.IconButton(ft.Icons.EXPOSURE), ft.IconButton(ft.Icons.UNDO)]),
            navigation_bar=ft.NavigationBar(destinations=[
                ft.NavigationBarDestination(icon=icon, label=label) for icon, label in (
                    (ft.Icons.STYLE, "Hand"), (ft.Icons.TABLE_CHART, "Scoreboard"),
                    (ft.Icons.LEADERBOARD, "Standings"), (ft.Icons.SHOW_CHART, "Charts"))], height=64),
            controls=[header, ft.Column(rows, spacing=4, expand=True, scroll=ft.ScrollMode.AUTO), bar],
            padding=8, spacing=6)]

    def main(page):
        if KIND == "table-dressed":
            page.render_views(Dressed)
        elif KIND == "table-imperative":
            imperative(page)
        elif KIND == "button":
            shown = ft.Text("Taps 0")

            def tap(_):
                shown.value = f"Taps {int(shown.value.split()[1]) + 1}"
                page.update()

            page.add(ft.Button("Tap", on_click=tap), shown)
        else:
            page.render(Table)

    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
    """
)
KINDS = ["button", "table", "table-kept", "table-durable", "table-imperative", "table-still",
         "table-dressed"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20, help="rounds of four bids each (one more warms up)")
    args = parser.parse_args()
    print(f"$ python benchmarks/bench_table_floor.py --rounds {args.rounds}; load average at the start "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        with bare_apps(browser, APP, {kind: [kind, scratch] for kind in KINDS}, scratch) as pages:
            taps = 0
            for round_ in range(args.rounds + 1):
                for seat in range(len(NAMES)):
                    taps += 1
                    value = (round_ + seat) % CARDS
                    following = f"{NAMES[(seat + 1) % len(NAMES)]}'s bid"
                    for kind in KINDS:
                        page = pages[kind]
                        wait_at_rest(page)
                        if kind == "button":
                            node = page.get_by_role("button", name="Tap", exact=True).element_handle()
                            elapsed = page.evaluate(TAP_AND_SEE, [node, f"Taps {taps}"])
                        else:
                            kept = kind in ("table-kept", "table-still")
                            name = f"{NAMES[seat]}: bid {value}" if kept else f"Bid {value}"
                            node = page.get_by_role("button", name=name, exact=True).element_handle()
                            elapsed = page.evaluate(TAP_AND_SEE, [node, following])
                        if round_:  # the first round warms each tab's caches
                            times[kind].append(elapsed)
        browser.close()
    bare = statistics.median(times["button"])
    for kind in KINDS:
        print(f"{kind:14s} tap → next bidder's status drawn: {figures(times[kind])} (median / p90, "
              f"{len(times[kind])} taps); ratio of medians to the button {statistics.median(times[kind]) / bare:.2f}")
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
