"""Figures for the app (issue 4), in headless Chromium at a phone's size.

1. Process start to the first usable screen (the start screen's "New game"
   button in the page), next to a minimal Flet app started the same way.
2. The time from a tap on a bid to the screen showing it, with 10,000 past
   games stored (the history bench_storage.py builds).

Run from the checkout (Debian's Chromium installed, as scripts/run-tests does):

    .venv/bin/python benchmarks/bench_app.py [--runs 5] [--taps 30] [--folder DIR]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from bench_storage import build  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"]
MINIMAL = textwrap.dedent(
    """
    import sys
    import flet as ft
    ft.run(lambda page: page.add(ft.Button("New game")), view=None, host="127.0.0.1", port=int(sys.argv[1]),
           no_cdn=True)
    """
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_to_usable(browser, command: list[str], port: int) -> float:
    """Seconds from starting ``command`` to a "New game" button a person can tap."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
        while True:
            try:
                page.goto(f"http://127.0.0.1:{port}/", timeout=30_000)
                break
            except Exception:  # not listening yet: the page load itself is the wait
                page.wait_for_timeout(20)
        page.wait_for_function("window.__ff === true", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=30_000)
        elapsed = time.perf_counter() - started
        page.close()
        return elapsed
    finally:
        process.kill()
        process.wait()


def tap_to_shown(browser, port: int, taps: int) -> list[float]:
    """Seconds from a tap on a bid to the bid on the screen, over ``taps`` bids (each undone again)."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_function("window.__ff === true", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("radio", name="Rage", exact=True).click()
    for name in ("Anna", "Béla", "Csilla"):
        field = page.get_by_role("textbox", name="Player's name")
        field.click()
        page.keyboard.insert_text(name)
        expect(field).to_have_value(name)
        page.keyboard.press("Enter")
        expect(page.get_by_text(f". {name}")).to_be_visible()
    page.get_by_role("radio", name="Anna deals first").click()
    expect(page.get_by_role("radio", name="Anna deals first")).to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    times = []
    for n in range(taps):
        value = n % 10
        expect(page.get_by_text("Béla's bid")).to_be_visible()
        started = time.perf_counter()
        page.get_by_role("button", name=f"Bid {value}", exact=True).click()
        expect(page.get_by_text(f"Béla: {value}")).to_be_visible()
        times.append(time.perf_counter() - started)
        page.get_by_role("button", name="Undo").click()
    page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    bidwell = str(Path(sys.executable).with_name("bidwell"))
    build(args.folder, 10_000)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as empty:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ours, minimal = [], []
        for _ in range(args.runs):
            port = free_port()
            ours.append(start_to_usable(browser, [bidwell, "--no-browser", "--port", str(port), "--data", empty], port))
            port = free_port()
            minimal.append(start_to_usable(browser, [sys.executable, "-c", MINIMAL, str(port)], port))
        a, b = statistics.median(ours), statistics.median(minimal)
        print(f"start to first usable screen: bidwell median {a:.2f} s, minimal Flet app {b:.2f} s, "
              f"ratio {a / b:.2f} ({args.runs} runs each)")
        port = free_port()
        server = subprocess.Popen([bidwell, "--no-browser", "--port", str(port), "--data", str(args.folder)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            probe = browser.new_page()
            while True:
                try:
                    probe.goto(f"http://127.0.0.1:{port}/", timeout=30_000)
                    break
                except Exception:
                    probe.wait_for_timeout(50)
            probe.close()
            taps = tap_to_shown(browser, port, args.taps)
        finally:
            server.kill()
            server.wait()
        print(f"tap on a bid to the screen showing it, 10,000 games stored: median {statistics.median(taps) * 1000:.0f} ms, "
              f"90th percentile {sorted(taps)[int(len(taps) * 0.9) - 1] * 1000:.0f} ms ({len(taps)} taps)")
        browser.close()


if __name__ == "__main__":
    main()
