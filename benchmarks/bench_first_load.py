"""The first load of the app (issue 27, item 4): the bytes a browser receives, and the time, from opening the app's
address in a fresh tab to the start screen's "New game" button, next to a bare one-button Flet app served by the same
server code.

Each app is started on a free port with a fresh data folder (``bidwell --no-browser``, or ``--lan`` with
``--lan``) and opened in headless Chromium at 390×844 with an empty cache; the bytes are Chromium's own count of
what came over the wire for each HTTP request (CDP ``Network.loadingFinished``'s ``encodedDataLength``, headers
included; the websocket's frames are not counted). Before each measured load, one load warms the server's
compressed copies (made once per machine, kept across runs). The runs alternate: bare, Bidwell.

Before and after in the same run: the checkout given by ``--before`` (e.g. the baseline's) is put first on
PYTHONPATH for the "before" servers:

    cd /tmp && /work/main/.venv/bin/python /work/main/benchmarks/bench_first_load.py --before /tmp/base27 [--runs 3]

Chromium takes brotli from 127.0.0.1 (a secure context); a phone over plain http on the local network takes gzip
only: ``--gzip`` asks as it does.

``--fresh-install`` measures the first phone after an install instead (issue 46, item 2): each Bidwell is started
with an empty cache folder of its own (``XDG_CACHE_HOME``), its page is loaded as soon as it listens, without a warm
load, and the seconds from the start to listening are said too (the bare app is left out: nothing of it changes).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from phone import CHROMIUM_ARGS, chromium, free_port  # noqa: E402 - the browser tests' Chromium, found the same way

BARE = textwrap.dedent(
    """
    import sys
    import flet as ft
    from companion.server.web import serve_web

    serve_web(lambda page: page.add(ft.Button("New game")), host="127.0.0.1", port=int(sys.argv[1]),
              assets_dir=sys.argv[2])
    """
)


def load(browser, url: str, *, gzip_only: bool = False) -> tuple[int, float, dict[str, int], str]:
    """Open ``url`` in a fresh context; the bytes received until "New game" shows, the seconds it took, the bytes per
    address, and the Content-Encoding of the biggest answer. The bytes are those of every request the load made
(waited for until none is left), the time is until the button shows."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if gzip_only:  # as a phone's browser asks over plain http on the local network: brotli only over https
        cdp.send("Network.setExtraHTTPHeaders", {"headers": {"Accept-Encoding": "gzip, deflate"}})
    urls: dict[str, str] = {}
    encodings: dict[str, str] = {}
    received: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
    cdp.on("Network.responseReceived", lambda event: encodings.__setitem__(event["requestId"], {
        key.lower(): value for key, value in event["response"]["headers"].items()}.get("content-encoding", "")))
    cdp.on("Network.loadingFinished", lambda event: received.__setitem__(event["requestId"],
                                                                        int(event["encodedDataLength"])))
    failed: set[str] = set()
    cdp.on("Network.loadingFailed", lambda event: failed.add(event["requestId"]))
    started = time.perf_counter()
    page.goto(url, timeout=60_000)
    page.wait_for_function("window.__ff === true", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=60_000)
    elapsed = time.perf_counter() - started
    # What the load asked for still on its way (a font) counts too: wait until nothing is for half a second (or
    # 30 seconds have passed: what is still on its way then is said).
    quiet_since = waited_from = time.perf_counter()
    pending: set[str] = set()
    while time.perf_counter() - quiet_since < 0.5 and time.perf_counter() - waited_from < 30:
        page.wait_for_timeout(100)
        pending = {key for key in set(urls) - set(received) - failed if urls[key].startswith("http")}
        if pending:
            quiet_since = time.perf_counter()
    if pending:
        print("still on its way after 30 s:", [urls[key] for key in pending], file=sys.stderr)
    by_address = {urls.get(key, key).split("/", 3)[-1]: size for key, size in received.items()}
    biggest = max(received, key=received.get)
    context.close()
    return sum(received.values()), elapsed, by_address, encodings.get(biggest, "")


def serve(command: list[str], port: int, before: str | None,
          cache: Path | None = None) -> tuple[subprocess.Popen, float]:
    """The server started, and the seconds it took to listen."""
    env = dict(os.environ)
    if before:
        env["PYTHONPATH"] = before + os.pathsep + env.get("PYTHONPATH", "")
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return process, time.perf_counter() - started
        time.sleep(0.05)  # a benchmark's wait for a port, not a test's synchronisation
    process.kill()
    raise RuntimeError(f"{command} did not listen on {port}")


def stop(process: subprocess.Popen) -> None:
    """Stop a server as Ctrl-C does; kill it if it takes long (under --lan it waits for the phone app's build)."""
    process.terminate()
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="a checkout of the baseline, put first on PYTHONPATH for 'before'")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lan", action="store_true", help="start bidwell with --lan")
    parser.add_argument("--detail", action="store_true", help="print the bytes of each address too")
    parser.add_argument("--gzip", action="store_true",
                        help="ask for gzip only, as a phone over plain http (Chromium takes brotli from 127.0.0.1)")
    parser.add_argument("--fresh-install", action="store_true",
                        help="an empty cache folder for each Bidwell, loaded as soon as it listens")
    options = parser.parse_args()
    python = sys.executable
    sides = [("before", options.before), ("after", None)] if options.before else [("after", None)]
    figures: dict[str, dict[str, list]] = {}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        bare_script = Path(folder) / "bare.py"
        bare_script.write_text(BARE)
        assets = Path(folder) / "assets"
        assets.mkdir()
        for run in range(options.runs):
            for side, path in sides:
                for app in ("bidwell",) if options.fresh_install else ("bare", "bidwell"):
                    port = free_port()
                    data = Path(folder) / f"data-{side}-{app}-{run}"
                    command = ([python, str(bare_script), str(port), str(assets)] if app == "bare" else
                               [str(Path(python).with_name("bidwell")), "--no-browser", "--port", str(port), "--data",
                                str(data)] + (["--lan"] if options.lan else []))
                    cache = Path(folder) / f"cache-{side}-{run}" if options.fresh_install else None
                    process, listening = serve(command, port, path, cache)
                    try:
                        if not options.fresh_install:
                            load(browser, f"http://127.0.0.1:{port}/", gzip_only=options.gzip)  # warms the copies
                        size, seconds, by_address, encoding = load(browser, f"http://127.0.0.1:{port}/",
                                                                   gzip_only=options.gzip)
                    finally:
                        stop(process)
                    figures.setdefault(f"{side} {app}", {"bytes": [], "seconds": [], "listening": []})
                    figures[f"{side} {app}"]["listening"].append(listening)
                    figures[f"{side} {app}"]["bytes"].append(size)
                    figures[f"{side} {app}"]["seconds"].append(seconds)
                    figures[f"{side} {app}"]["encoding"] = encoding
                    if options.detail and run == 0:
                        print(side, app, json.dumps(dict(sorted(by_address.items(), key=lambda kv: -kv[1])[:14])))
        browser.close()
    print(f"load: {os.getloadavg()}")
    for name, figure in figures.items():
        print(f"{name:16} {statistics.median(figure['bytes']) / 1e6:7.2f} MB  "
              f"{statistics.median(figure['seconds']):6.2f} s  (biggest answer: {figure['encoding'] or 'identity'}; "
              f"bytes {figure['bytes']}; listening after {statistics.median(figure['listening']):.1f} s)")
    if options.fresh_install:
        return
    for side, _ in sides:
        bare, app = figures[f"{side} bare"], figures[f"{side} bidwell"]
        print(f"{side}: Bidwell / bare = {statistics.median(app['bytes']) / statistics.median(bare['bytes']):.2f}× "
              f"bytes, {statistics.median(app['seconds']) / statistics.median(bare['seconds']):.2f}× time")


if __name__ == "__main__":
    main()
