"""Why Bidwell's pages are not cross-origin isolated (companion.server.web.NotCrossOriginIsolated): a Flet page whose
text keeps changing, served as Flet serves it (isolated, so Flutter's skwasm draws in a worker beside the page's
thread) and as Bidwell serves it (not isolated, so skwasm draws on the page's thread alone).

The page holds 40 texts whose words, size, weight and slant change about 30 times a second under a turning box,
the load of flutter/flutter#190039 (the page's thread lays text out while the worker draws the last frame, both in
Skia's glyph cache with no lock that works). Each way, ``--tabs`` tabs of headless Chromium at 390×844 watch the
page for ``--seconds``; counted: the errors the pages throw (skwasm's "memory access out of bounds" and the like:
its heap corrupted), the tabs that stop drawing for 10 s and still draw nothing 10 s more at the end (frozen: the
page never runs again), and the frames each tab draws a second; the two ways in turns, for ``--rounds`` rounds.

    .venv/bin/python benchmarks/bench_drawing_thread.py [--tabs 3] [--seconds 60] [--rounds 2]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import wait_serving
from phone import CHROMIUM_ARGS, PHONE, chromium, free_port

CHURNING_TEXT = textwrap.dedent(
    """
    import asyncio, random, sys
    import flet as ft
    import flet_web.fastapi as flet_fastapi
    import uvicorn
    from companion.server.web import NotCrossOriginIsolated

    LETTERS = "abcdefghijklmnopqrstuvwxyzÁÉŐŰáéőű0123456789"

    async def main(page):
        texts = [ft.Text(str(i), size=12) for i in range(40)]
        box = ft.Container(ft.Row(texts, wrap=True), rotate=ft.Rotate(0))
        page.add(box)
        angle = 0.0
        while True:
            for text in texts:
                text.value = "".join(random.choice(LETTERS) for _ in range(random.randint(3, 12)))
                text.size = random.uniform(8, 34)
                text.weight = random.choice([ft.FontWeight.W_300, ft.FontWeight.W_500, ft.FontWeight.W_800])
                text.italic = random.random() < 0.5
            angle += 0.05
            box.rotate = ft.Rotate(angle)
            page.update()
            await asyncio.sleep(0.03)

    app = flet_fastapi.app(main, no_cdn=True)
    if sys.argv[2] == "bidwell":
        app = NotCrossOriginIsolated(app)
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
    """
)
# Counts the page's animation frames: a page whose thread never runs again stops counting.
COUNT_FRAMES = "window.__frames = 0; (function frame() { window.__frames++; requestAnimationFrame(frame); })()"
FROZEN_SECONDS = 10


def draws_past(page: Page, frames: int) -> bool:
    """Whether ``page`` draws beyond its frame ``frames`` within FROZEN_SECONDS."""
    try:
        page.wait_for_function(f"window.__frames > {frames}", timeout=FROZEN_SECONDS * 1000)
    except Exception:  # noqa: BLE001 - a timeout, or a page that no longer answers at all
        return False
    return True


def watch(browser: Browser, way: str, tabs: int, seconds: float) -> tuple[int, int, list[float]]:
    """The page served ``way`` ("flet" or "bidwell") in ``tabs`` tabs for ``seconds``: the errors its pages threw,
    the tabs that froze, and each tab's frames a second (up to when it froze)."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", CHURNING_TEXT, str(port), way], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, cwd=Path(__file__).parent.parent)
    errors: list[str] = []
    try:
        wait_serving(browser, port)
        pages = []
        for _ in range(tabs):
            page = browser.new_context(viewport=PHONE).new_page()
            page.add_init_script(COUNT_FRAMES)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"http://127.0.0.1:{port}/")
            pages.append(page)
        isolated = pages[0].evaluate("crossOriginIsolated")
        assert isolated == (way == "flet"), f"served {way}, the page is {'' if isolated else 'not '}isolated"
        started = time.monotonic()
        frames = {tab: 0 for tab in range(tabs)}
        lasted = {tab: 0.0 for tab in range(tabs)}
        frozen: set[int] = set()
        while time.monotonic() - started < seconds and len(frozen) < tabs:
            time.sleep(2)
            for tab in set(frames) - frozen:
                if draws_past(pages[tab], frames[tab]):
                    frames[tab] = pages[tab].evaluate("window.__frames")
                    lasted[tab] = time.monotonic() - started
                else:
                    frozen.add(tab)
        frozen = {tab for tab in frozen if not draws_past(pages[tab], frames[tab])}  # not those that only paused
        for page in pages:
            page.context.close()
        return len(errors), len(frozen), [frames[tab] / lasted[tab] if lasted[tab] else 0.0 for tab in frames]
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tabs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    totals = {way: [0, 0, []] for way in ("flet", "bidwell")}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for round_ in range(1, args.rounds + 1):
            for way in totals:
                errors, frozen, rates = watch(browser, way, args.tabs, args.seconds)
                print(f"round {round_}, served as {way}: {errors} page errors, {frozen} of {args.tabs} tabs frozen, "
                      f"frames a second {', '.join(f'{rate:.0f}' for rate in rates)}", flush=True)
                totals[way][0] += errors
                totals[way][1] += frozen
                totals[way][2] += rates
        browser.close()
    for way, (errors, frozen, rates) in totals.items():
        drawing = "skwasm in a worker (isolated)" if way == "flet" else "skwasm on the page's thread (not isolated)"
        print(f"served as {way}, {drawing}: {errors} page errors, {frozen} of {args.tabs * args.rounds} tabs frozen "
              f"in {args.seconds:.0f} s each; median frames a second "
              f"{sorted(rates)[len(rates) // 2]:.0f}")


if __name__ == "__main__":
    main()
