"""Issue 27, item 1: the floor Flet itself sets under a route change, by the number of controls the new screen holds.

A bare two-route Flet app (``ft.Router``, one View per route, as bench_screens.py's baseline), whose second route
holds N rows of a text and an icon button (three controls a row with the row itself, about what half a stepper
or a scoreboard cell costs), in
a View that scrolls, or in a ``ListView`` (which builds only the rows on the screen). Timed as bench_screens.py
times a route change: the tap to the frame after the new screen's first text is in the accessibility tree, in
headless Chromium at 390×844, the apps in turns so a busy moment weighs on each; and the way back, the top bar's
arrow to the frame after the first route's text is in the tree again. Each tap waits for the screen to be at rest
(bench_app.wait_at_rest), as a person's does.

What it shows: Flet's client pays for every control it is sent, built or not; a screen's route change is compared
fairly with a bare app holding as many controls, not with one holding two texts (bench_screens.py's baseline).
benchmarks/controls_per_screen.py counts what each of Bidwell's screens is sent.

    .venv/bin/python benchmarks/bench_flet_floor.py [--runs 8] [--rows 0 30 90 180]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from bench_app import TAP_AND_SEE, wait_at_rest
from bench_screens import figures
from bench_taps import bare_apps
from phone import CHROMIUM_ARGS, chromium

APP = textwrap.dedent(
    """
    import sys
    import flet as ft

    ROWS, LISTED = int(sys.argv[2]), sys.argv[3] == "listview"

    @ft.component
    def Home():
        return ft.View(route="/", appbar=ft.AppBar(title=ft.Text("Bare")), controls=[
            ft.Text("Start screen"), ft.Button("Rows", on_click=lambda: ft.context.page.navigate("/rows"))])

    @ft.component
    def Rows():
        rows = [ft.Row([ft.Text(f"Row {i}", expand=True), ft.IconButton(ft.Icons.ADD, on_click=lambda _: None)])
                for i in range(ROWS)]
        if LISTED:
            return ft.View(route="/rows", appbar=ft.AppBar(title=ft.Text("Rows")),
                           controls=[ft.ListView([ft.Text("First row"), *rows], expand=True)])
        return ft.View(route="/rows", scroll=ft.ScrollMode.AUTO, appbar=ft.AppBar(title=ft.Text("Rows")),
                       controls=[ft.Text("First row"), *rows])

    ROUTES = [ft.Route(path="/", component=Home, children=[ft.Route(path="rows", component=Rows)])]

    def main(page):
        page.render_views(lambda: ft.Router(ROUTES, manage_views=True))

    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
    """
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--rows", type=int, nargs="+", default=[0, 30, 90, 180])
    args = parser.parse_args()
    apps = [(rows, layout) for rows in args.rows for layout in ("view", "listview") if rows or layout == "view"]
    times: dict[tuple[int, str], list[float]] = {app: [] for app in apps}
    times_back: dict[tuple[int, str], list[float]] = {app: [] for app in apps}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        with bare_apps(browser, APP, {app: list(app) for app in apps}, tempfile.gettempdir()) as pages:
            for round_ in range(args.runs + 1):
                for app in apps:
                    page = pages[app]
                    wait_at_rest(page)
                    there = page.get_by_role("button", name="Rows", exact=True).element_handle()
                    elapsed = page.evaluate(TAP_AND_SEE, [there, "First row"])
                    wait_at_rest(page)
                    back = page.get_by_role("button", name="Back", exact=True).element_handle()
                    elapsed_back = page.evaluate(TAP_AND_SEE, [back, "Start screen"])
                    if round_:  # the first round warms each tab's caches
                        times[app].append(elapsed)
                        times_back[app].append(elapsed_back)
        browser.close()
    for rows, layout in apps:
        print(f"{rows:4d} rows ({3 * rows + 1:3d} controls) in a {layout:8s}: there {figures(times[rows, layout])}, "
              f"back {figures(times_back[rows, layout])} (median / p90)")
    print(f"(load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
