"""Figures of ``bidwell publish``: build time, folder size, and time to a usable start screen in Chromium.

    .venv/bin/python benchmarks/bench_publish.py [--runs 3]

Bidwell's build is timed as ``publish()`` (the command's work without the interpreter's start). Then
Bidwell and a minimal Flet app published the same way (the same folder, its ``app.tar.gz`` holding one
button and only Flet's own packages) are each opened in a phone-sized headless Chromium on a fresh profile
and served by ``python -m http.server``: "first visit" is navigation start to the first button in the
accessibility tree (Bidwell's "New game", the minimal app's "Ready"); "offline reload" is the same after the
server is stopped and the page reloaded from the service worker's cache. Medians of ``--runs`` runs,
alternating the two apps. Last, ``bidwell --lan`` is started ``--runs`` times and timed until its own page
answers and until the phone app it builds in the background answers at ``/phone/``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from phone import CHROMIUM_ARGS, PHONE, Server, StaticServer, chromium
from playwright.sync_api import sync_playwright

from companion.publish import build as publishing

MINIMAL_APP = '''import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.FilledButton("Ready"))


ft.run(main)
'''
# Switch the accessibility tree on as soon as Flutter offers it, and note when the first button is in it.
WATCH = """
(() => {
  new MutationObserver((_, observer) => {
    const placeholder = document.querySelector("flt-semantics-placeholder");
    if (placeholder && !window.__semanticsAsked) { window.__semanticsAsked = true; placeholder.click(); }
    for (const node of document.querySelectorAll("flt-semantics[role=button]")) {
      if (node.textContent.trim() === window.__button || node.getAttribute("aria-label") === window.__button) {
        window.__usable = performance.now();
        observer.disconnect();
        return;
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def minimal_site(bidwell_site: Path, folder: Path) -> Path:
    """Bidwell's published folder with a one-button Flet app in place of Bidwell (and Flet's packages only)."""
    shutil.copytree(bidwell_site, folder)
    (folder / publishing.SERVICE_WORKER).unlink()
    with publishing.app_archive(folder / "app.tar.gz") as archive:
        publishing.add_text(archive, "main.py", MINIMAL_APP)
        publishing.add_text(archive, "requirements.txt", "\n")
        for name in ("flet", "msgpack", "repath", "six"):
            publishing.add_package(archive, metadata.distribution(name))
    publishing.write_service_worker(folder)
    return folder


def usable_ms(playwright, site: Path, button: str, profile: Path) -> tuple[float, float]:
    """Navigation start to ``button`` on a first visit, then on a reload with the server gone."""
    server = StaticServer(site)
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium(), args=CHROMIUM_ARGS, viewport=PHONE, has_touch=True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(f"window.__button = {button!r};" + WATCH)
        page.goto(server.url)
        page.wait_for_function("window.__usable !== undefined", timeout=180_000)
        first = page.evaluate("window.__usable")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
        server.stop()
        page.reload()
        page.wait_for_function("window.__usable !== undefined", timeout=180_000)
        return first, page.evaluate("window.__usable")
    finally:
        context.close()
        server.stop()


def lan_seconds(data: Path) -> tuple[float, float]:
    """Seconds from starting ``bidwell --lan`` to its page answering, and to ``/phone/`` answering 200."""
    import urllib.error
    import urllib.request

    started = time.perf_counter()
    server = Server(data, "--lan").start()
    try:
        listening = time.perf_counter() - started
        while True:
            try:
                with urllib.request.urlopen(server.url + "phone/", timeout=5) as answer:
                    if answer.status == 200:
                        return listening, time.perf_counter() - started
            except urllib.error.HTTPError as error:
                if error.code != 503:
                    raise
            time.sleep(0.02)  # a benchmark's polling step, 20 ms of resolution
    finally:
        server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    try:
        builds = []
        for run in range(runs):
            started = time.perf_counter()
            done = publishing.publish(work / "bidwell")
            builds.append(time.perf_counter() - started)
        client = Path(__import__("flet_web").get_package_web_dir())
        client_size = sum(path.stat().st_size for path in client.rglob("*") if path.is_file())
        archive = (done.folder / "app.tar.gz").stat().st_size
        print(f"build: median {statistics.median(builds):.2f} s of {runs} ({', '.join(f'{b:.2f}' for b in builds)})")
        print(f"folder: {done.files} files, {done.size / 2**20:.1f} MiB (app.tar.gz {archive / 2**20:.1f} MiB); "
              f"Flet's client as installed: {client_size / 2**20:.1f} MiB")
        minimal = minimal_site(done.folder, work / "minimal")
        figures: dict[str, list[tuple[float, float]]] = {"bidwell": [], "minimal": []}
        with sync_playwright() as playwright:
            for run in range(runs):
                for name, site, button in (("bidwell", done.folder, "New game"), ("minimal", minimal, "Ready")):
                    figures[name].append(usable_ms(playwright, site, button, work / f"profile-{name}-{run}"))
        for name, pairs in figures.items():
            first = statistics.median(pair[0] for pair in pairs) / 1000
            offline = statistics.median(pair[1] for pair in pairs) / 1000
            print(f"{name}: usable after {first:.2f} s on a first visit, {offline:.2f} s on an offline reload "
                  f"(runs: {', '.join(f'{a / 1000:.2f}/{b / 1000:.2f}' for a, b in pairs)})")
        lan = [lan_seconds(work / f"lan-{run}") for run in range(runs)]
        print(f"bidwell --lan: its page answers after {statistics.median(pair[0] for pair in lan):.2f} s, the phone "
              f"app at /phone/ after {statistics.median(pair[1] for pair in lan):.2f} s "
              f"(runs: {', '.join(f'{a:.2f}/{b:.2f}' for a, b in lan)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
