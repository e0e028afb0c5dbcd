"""The start screen over a phone's network: from opening the address to the start screen drawn, this checkout
against another (``--before``), on a network as slow as a phone's (issue 46).

    .venv/bin/python benchmarks/bench_start_network.py --before /path/to/an/older/checkout [--runs 6]
        [--latency-ms 150] [--mbit 10]

Both servers run at once (``bidwell --no-browser`` on one empty data folder; the older one with its checkout first on
``PYTHONPATH``) and are opened in turns in a fresh phone-sized headless Chromium context each, with the network
slowed by DevTools (``Network.emulateNetworkConditions``: the latency added to every request, the download and
upload speeds) and the accessibility tree off, as a phone without a screen reader has it. "Drawn" is
``bench_app.DRAWN_SIGNAL``'s: the first animation frame after the server's last message and the fonts' arrival.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
sys.path.insert(0, str(HERE))
from bench_app import AT_REST_MS, DRAWN_SIGNAL, QUIET_MS  # noqa: E402
from bench_first_load import serve, stop  # noqa: E402
from phone import CHROMIUM_ARGS, chromium, free_port  # noqa: E402


def drawn_ms(browser, url: str, conditions: dict) -> float:
    """Milliseconds from opening ``url`` to its start screen drawn, on the network ``conditions``."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(DRAWN_SIGNAL)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", conditions)
    page.goto(url, timeout=120_000)
    page.wait_for_function(f"window.__messages > 0 && performance.now() - window.__lastMessage > {QUIET_MS}"
                           f" && performance.now() - window.__lastFrameAsked > {AT_REST_MS}", polling=25,
                           timeout=120_000)
    drawn = page.evaluate("window.__drawn")
    context.close()
    return drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a checkout measured beside this one")
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--latency-ms", type=float, default=150)
    parser.add_argument("--mbit", type=float, default=10, help="download speed, megabits a second (upload: half)")
    args = parser.parse_args()
    conditions = {"offline": False, "latency": args.latency_ms, "downloadThroughput": args.mbit * 1e6 / 8,
                  "uploadThroughput": args.mbit * 1e6 / 16}
    bidwell = str(Path(sys.executable).with_name("bidwell"))
    print(f"load average at start: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        servers, urls = [], {}
        for name, before in (("before", args.before), ("now", None)):
            port = free_port()
            servers.append(serve([bidwell, "--no-browser", "--port", str(port), "--data", data], port, before)[0])
            urls[name] = f"http://127.0.0.1:{port}/"
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            for url in urls.values():  # the compressed copies and the file cache warmed
                drawn_ms(browser, url, conditions)
            times: dict[str, list[float]] = {name: [] for name in urls}
            for _ in range(args.runs):
                for name, url in urls.items():
                    times[name].append(drawn_ms(browser, url, conditions))
        finally:
            browser.close()
            for server in servers:
                stop(server)
    print(f"load average at end: {os.getloadavg()}")
    before = statistics.median(times["before"])
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:7} start screen drawn after {median:7.0f} ms ({median / before:.2f}x before) "
              f"on {args.mbit:g} Mbit/s with {args.latency_ms:g} ms latency; runs {[round(run) for run in runs]}")


if __name__ == "__main__":
    main()
