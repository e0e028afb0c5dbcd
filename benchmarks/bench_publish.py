"""Figures of ``bidwell publish``: build time, folder size, and time to a usable start screen in Chromium.

    .venv/bin/python benchmarks/bench_publish.py [--runs 3] [--baseline /path/to/an/older/checkout]

Bidwell's build is timed as ``publish()`` (the command's work without the interpreter's start). Then
Bidwell and a minimal Flet app published the same way (the same folder, its ``app.tar.gz`` holding one
button and only Flet's own packages) are each opened in a phone-sized headless Chromium on a fresh profile
and served by ``python -m http.server``: "first visit" is navigation start to the first button in the
accessibility tree (Bidwell's "New game", the minimal app's "Ready"); "offline reload" is the same after the
server is stopped and the page reloaded from the service worker's cache. Both at full speed and with the CPU
slowed 4 times (DevTools' ``Emulation.setCPUThrottlingRate``, a mid-range phone's speed). With
``--baseline``, the app as built from that checkout (its ``companion`` and ``scoring`` first on
``PYTHONPATH``) is measured too, in the same runs. Medians of ``--runs`` runs, alternating the apps.

Then Python's start in the browser: a copy of each build whose ``main.py`` notes the time and the modules its
imports take (to the console, where Chromium's log has it) before it starts the app, opened once each: the
modules are counted in ``sys.modules``. The minimal app with a theme of its own is among them, the floor under an
app with a look of its own. Last, ``bidwell --lan`` is started ``--runs`` times and timed until
its own page answers and until the phone app it builds in the background answers at ``/phone/``.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
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
THEMED_APP = '''import flet as ft

THEME = ft.Theme(color_scheme_seed=ft.Colors.TEAL)


def main(page: ft.Page) -> None:
    page.theme = THEME
    page.add(ft.FilledButton("Ready"))


ft.run(main)
'''
"""The minimal app with a look of its own, its theme made as it is imported (as Bidwell's is): Flet's theme module
imports most of Flet's controls."""
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


def minimal_site(bidwell_site: Path, folder: Path, app: str = MINIMAL_APP) -> Path:
    """Bidwell's published folder with a one-button Flet app (``app``'s source) in place of Bidwell (and Flet's
    packages only)."""
    shutil.copytree(bidwell_site, folder)
    (folder / publishing.SERVICE_WORKER).unlink()
    with publishing.app_archive(folder / "app.tar.gz") as archive:
        publishing.add_text(archive, "main.py", app)
        publishing.add_text(archive, "requirements.txt", "\n")
        for name in ("flet", "msgpack", "repath", "six"):
            publishing.add_package(archive, metadata.distribution(name))
    publishing.write_service_worker(folder)
    return folder


# Prepended to a build's main.py: its imports' time and module count, said before the app starts.
IMPORTS_NOTED = """import sys as _sys
import time as _time

_started, _modules = _time.perf_counter(), len(_sys.modules)
"""
IMPORTS_SAID = """import js as _js

_js.console.log(f"imports: {(_time.perf_counter() - _started) * 1000:.0f} ms, "
                f"{len(_sys.modules) - _modules} modules, {len(_sys.modules)} in all")
"""
RATES = (1, 4)
"""CPU speeds the starts are timed at: as this machine runs, and 4 times slower."""


def baseline_site(checkout: Path, folder: Path) -> Path:
    """The app as ``checkout``'s ``bidwell publish`` builds it (its packages first on the path)."""
    subprocess.run([sys.executable, "-c", f"from companion.publish.build import publish; publish({str(folder)!r})"],
                   check=True, cwd=tempfile.gettempdir(), env={**os.environ, "PYTHONPATH": str(checkout)})
    return folder


def imports_noted_site(site: Path, folder: Path) -> Path:
    """A copy of ``site`` whose ``main.py`` says how long its imports took and how many modules they loaded."""
    shutil.copytree(site, folder)
    with tarfile.open(site / "app.tar.gz") as original, publishing.app_archive(folder / "app.tar.gz") as archive:
        for member in original.getmembers():
            data = original.extractfile(member).read() if member.isfile() else None
            if member.name == "main.py":
                head, run = data.decode("utf-8").rsplit("ft.run(main)", 1)
                publishing.add_text(archive, "main.py", IMPORTS_NOTED + head + IMPORTS_SAID + "ft.run(main)" + run)
            else:
                archive.addfile(member, io.BytesIO(data) if data is not None else None)
    (folder / publishing.SERVICE_WORKER).unlink()
    publishing.write_service_worker(folder)
    return folder


def imports_said(playwright, site: Path, button: str, profile: Path) -> str:
    """What a :func:`imports_noted_site` build says of its imports on a first visit."""
    said: list[str] = []
    server = StaticServer(site)
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium(), args=CHROMIUM_ARGS, viewport=PHONE, has_touch=True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda message: said.append(message.text) if message.text.startswith("imports:") else None)
        page.add_init_script(f"window.__button = {button!r};" + WATCH)
        page.goto(server.url)
        page.wait_for_function("window.__usable !== undefined", timeout=180_000)
        return said[0] if said else "(not said)"
    finally:
        context.close()
        server.stop()


def usable_ms(playwright, site: Path, button: str, profile: Path, rate: int = 1) -> tuple[float, float]:
    """Navigation start to ``button`` on a first visit, then on a reload with the server gone, the CPU slowed
    ``rate`` times."""
    server = StaticServer(site)
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium(), args=CHROMIUM_ARGS, viewport=PHONE, has_touch=True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
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
    parser.add_argument("--baseline", type=Path, help="a checkout whose build is measured beside this one")
    parser.add_argument("--no-lan", action="store_true", help="leave out the bidwell --lan timing")
    arguments = parser.parse_args()
    runs = arguments.runs
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
        apps = [("bidwell", done.folder, "New game")]
        if arguments.baseline:
            base = baseline_site(arguments.baseline, work / "baseline")
            base_archive = (base / "app.tar.gz").stat().st_size
            print(f"baseline: app.tar.gz {base_archive / 2**20:.1f} MiB")
            apps.append(("baseline", base, "New game"))
        apps.append(("minimal", minimal_site(done.folder, work / "minimal"), "Ready"))
        figures: dict[tuple[str, int], list[tuple[float, float]]] = {
            (name, rate): [] for name, _, _ in apps for rate in RATES}
        with sync_playwright() as playwright:
            themed = ("minimal+theme", minimal_site(done.folder, work / "themed", THEMED_APP), "Ready")
            for name, site, button in [*apps, themed]:
                noted = imports_noted_site(site, work / f"{name}-imports-noted")
                print(f"{name}: {imports_said(playwright, noted, button, work / f'profile-{name}-imports')}",
                      flush=True)
            for run in range(runs):
                for rate in RATES:
                    for name, site, button in apps:
                        figures[name, rate].append(
                            usable_ms(playwright, site, button, work / f"profile-{name}-{rate}-{run}", rate))
                        print(f"  run {run + 1}, {name}, CPU {rate}× slower: "
                              f"{figures[name, rate][-1][0] / 1000:.2f}/{figures[name, rate][-1][1] / 1000:.2f} s",
                              flush=True)
        for (name, rate), pairs in figures.items():
            first = statistics.median(pair[0] for pair in pairs) / 1000
            offline = statistics.median(pair[1] for pair in pairs) / 1000
            minimal_pairs = figures["minimal", rate]
            ratio = (f" = {first * 1000 / statistics.median(pair[0] for pair in minimal_pairs):.2f}× / "
                     f"{offline * 1000 / statistics.median(pair[1] for pair in minimal_pairs):.2f}× the minimal app")
            print(f"{name}, CPU {rate}× slower: usable after {first:.2f} s on a first visit, {offline:.2f} s on an "
                  f"offline reload{ratio if name != 'minimal' else ''} "
                  f"(runs: {', '.join(f'{a / 1000:.2f}/{b / 1000:.2f}' for a, b in pairs)})")
        if arguments.no_lan:
            return
        lan = [lan_seconds(work / f"lan-{run}") for run in range(runs)]
        print(f"bidwell --lan: its page answers after {statistics.median(pair[0] for pair in lan):.2f} s, the phone "
              f"app at /phone/ after {statistics.median(pair[1] for pair in lan):.2f} s "
              f"(runs: {', '.join(f'{a:.2f}/{b:.2f}' for a, b in lan)})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
