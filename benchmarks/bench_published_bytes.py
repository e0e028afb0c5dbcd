"""The published phone app's first visit (issue 46, item 2): the bytes a phone is sent, from a host that sends the
files as they are and from one that sends the compressed copies ``bidwell publish`` writes beside them.

    .venv/bin/python benchmarks/bench_published_bytes.py [--runs 3] [--compression best|fast] [--gzip]

One build (``publish()`` at ``--compression``'s levels) is served two ways on free ports of this machine, by
uvicorn in this process: "as it is" (Starlette's ``StaticFiles``, as ``python -m http.server`` or a host without
compression serves it) and "precompressed" (the ``/phone/`` app's file server, which sends ``X.br`` or ``X.gz``
where the browser takes it, as nginx's ``brotli_static``/``gzip_static`` or Caddy's ``precompressed`` do). Each
run opens the app in a fresh phone-sized headless Chromium context, waits for the start screen's "New game" and then
for the service worker to have kept every file (the first visit downloads the whole app for offline use), and
counts the body bytes the server sent (headers left out) and the seconds to "New game". The runs alternate. Chromium
takes brotli from 127.0.0.1 (a secure context); ``--gzip`` asks as a phone over plain http on the local network
does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import expect, sync_playwright
from starlette.staticfiles import StaticFiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from phone import CHROMIUM_ARGS, chromium, free_port  # noqa: E402 - the browser tests' Chromium, found the same way

from companion.publish.build import publish  # noqa: E402
from companion.publish.phone_app import _AppFiles  # noqa: E402


class Counted:
    """ASGI middleware: the body bytes sent since :meth:`reset`."""

    def __init__(self, app):
        self.app = app
        self.sent = 0

    def reset(self) -> None:
        self.sent = 0

    async def __call__(self, scope, receive, send):
        async def counting(message):
            if message["type"] == "http.response.body":
                self.sent += len(message.get("body", b""))
            elif message["type"] == "http.response.pathsend":
                self.sent += os.path.getsize(message["path"])
            await send(message)

        await self.app(scope, receive, counting)


def serve(app) -> tuple[str, uvicorn.Server]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)  # a benchmark's wait for its own server, not a test's synchronisation
    return f"http://127.0.0.1:{port}/", server


def first_visit(browser, url: str, counted: Counted, *, gzip_only: bool) -> tuple[int, float]:
    """The bytes sent for a first visit (the start screen, and the service worker's copy of every file), and the
    seconds to the start screen's "New game"."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    if gzip_only:
        context.set_extra_http_headers({"Accept-Encoding": "gzip, deflate"})
    page = context.new_page()
    page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
    counted.reset()
    started = time.perf_counter()
    page.goto(url, timeout=120_000)
    page.wait_for_function("window.__ff === true", timeout=120_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=120_000)
    usable = time.perf_counter() - started
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    sent = counted.sent
    context.close()
    return sent, usable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compression", choices=("best", "fast"), default="best")
    parser.add_argument("--gzip", action="store_true", help="ask for gzip only, as a phone over plain http does")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as work:
        site = publish(Path(work) / "site", compression=args.compression).folder
        hosts = {"as it is": Counted(StaticFiles(directory=site, html=True)),
                 "precompressed": Counted(_AppFiles(directory=site, html=True))}
        urls = {name: serve(app)[0] for name, app in hosts.items()}
        results: dict[str, list[tuple[int, float]]] = {name: [] for name in hosts}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for name in hosts:
                    results[name].append(first_visit(browser, urls[name], hosts[name], gzip_only=args.gzip))
            browser.close()
    print(f"load average at end: {os.getloadavg()}")
    plain = statistics.median(sent for sent, _ in results["as it is"])
    for name, runs in results.items():
        sent = statistics.median(sent for sent, _ in runs)
        usable = statistics.median(seconds for _, seconds in runs)
        print(f"{name:14} sent {sent / 1e6:6.2f} MB ({sent / plain:.2f}x as it is), start screen after "
              f"{usable:.2f} s (runs: {[round(seconds, 2) for _, seconds in runs]})")


if __name__ == "__main__":
    main()
