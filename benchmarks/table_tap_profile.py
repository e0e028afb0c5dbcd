"""Issue 44, item 6: what Bidwell's own code runs for one tap on the table screen — the component bodies run, the
messages and controls sent to the phone, the files opened — for a bid, a trick count and Score, and the server's
timeline of each.

The real ``bidwell`` server runs with a probe (a ``sitecustomize`` module on ``PYTHONPATH``: benchmarks/
controls_per_screen.py's, and more) that wraps Flet's ``Session.dispatch_event`` (the tap arriving), Flet's
``Renderer.render`` (a component's body run: its function's name is logged), Flet's web connection's
``send_message`` (the controls each message encodes, and its bytes) and ``builtins.open`` and ``os.open`` (the
files a tap opens in the data folder, those opened to write marked). Headless Chromium at 390×844 opens a four-player game of Oh Hell (its rows fit the screen) and
plays hands of it by tapping its keys' accessible names; each tap is waited on until the screen shows what it took,
and the log read since the tap before.

    .venv/bin/python benchmarks/table_tap_profile.py [--hands 2] [--app-root CHECKOUT]

``--app-root`` runs another checkout's ``companion`` (e.g. the screen before the table, to compare the bodies run).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import free_port, wait_serving
from bench_taps import open_tab
from controls_per_screen import PROBE as SENT_PROBE
from phone import CHROMIUM_ARGS, chromium

CHECKOUT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]

# The events and messages are logged by controls_per_screen.py's probe; this one adds the bodies run and the files
# opened, to the same log.
PROBE = SENT_PROBE + textwrap.dedent(
    """
    import builtins
    from flet.components.component import Renderer

    DATA = os.environ["BIDWELL_PROFILE_DATA"]
    opened = builtins.open

    def log(entry):
        with opened(LOG, "a") as out:
            out.write(json.dumps({**entry, "at": time.perf_counter()}) + "\\n")

    def counted_render(self, root_fn, *args, **kwargs):
        log({"body": getattr(root_fn, "__name__", repr(root_fn))})
        return rendered(self, root_fn, *args, **kwargs)

    rendered, Renderer.render = Renderer.render, counted_render

    def watched_open(file, *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and str(file).startswith(DATA):
            log({"file": os.path.relpath(str(file), DATA)})
        return opened(file, *args, **kwargs)

    builtins.open = watched_open
    os_opened = os.open

    def watched_os_open(path, flags, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)) and str(path).startswith(DATA):
            log({"file": os.path.relpath(str(path), DATA) + (" (written)" if flags & (os.O_WRONLY | os.O_RDWR)
                                                               else "")})
        return os_opened(path, flags, *args, **kwargs)

    os.open = watched_os_open
    """
)

START = textwrap.dedent(
    """
    import sys
    from companion.store.games import GameStore
    from scoring.game import Game

    print(GameStore(sys.argv[1]).start(Game.new("oh-hell", sys.argv[2:])).id)
    """
)


class Log:
    """The probe's log, read a tap at a time."""

    def __init__(self, path: Path):
        self.path = path
        self.read = 0

    def since_last(self) -> list[dict]:
        lines = self.path.read_text().splitlines() if self.path.exists() else []
        new, self.read = [json.loads(line) for line in lines[self.read:]], len(lines)
        return new


def summary(what: str, entries: list[dict]) -> str:
    """One tap's line: bodies run (by name), messages, controls and bytes sent, files opened, and when the last
    message left after the tap arrived."""
    start = next((e["at"] for e in entries if e.get("event") == "click"), None)
    bodies = collections.Counter(e["body"] for e in entries if "body" in e)
    sent = [e for e in entries if "controls" in e]
    files = collections.Counter(e["file"] for e in entries if "file" in e)
    last = f"{(sent[-1]['at'] - start) * 1000:.0f} ms" if sent and start is not None else "-"
    named = ", ".join(f"{name}×{count}" if count > 1 else name for name, count in bodies.most_common())
    return (f"{what:24s} {sum(bodies.values()):3d} bodies, {len(sent)} messages, "
            f"{sum(e['controls'] for e in sent):4d} controls, {sum(e['bytes'] for e in sent) / 1024:6.1f} KB, "
            f"{sum(files.values())} files opened ({', '.join(sorted(files)) or 'none'}); last sent at {last}\n"
            f"{'':24s} {named}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--app-root", type=Path, default=CHECKOUT)
    args = parser.parse_args()
    root = args.app_root.resolve()
    print(f"app: {root}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as scratch:
        data, probe, log_path = Path(scratch) / "data", Path(scratch) / "probe", Path(scratch) / "profile.jsonl"
        data.mkdir()
        probe.mkdir()
        (probe / "sitecustomize.py").write_text(PROBE)
        environment = {**os.environ, "BIDWELL_CONTROLS_LOG": str(log_path), "BIDWELL_PROFILE_DATA": str(data),
                       "PYTHONPATH": os.pathsep.join([str(probe), str(root)])}
        game_id = subprocess.run([sys.executable, "-c", START, str(data), *PLAYERS], env=environment, cwd=root,
                                 capture_output=True, text=True, check=True).stdout.strip()
        schedule = json.loads(subprocess.run([sys.executable, "-m", "companion", "schedule", "--game", "oh-hell",
                                              "--players", "4"], env=environment, cwd=root, capture_output=True,
                                             text=True, check=True).stdout)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "companion", "--no-browser", "--port", str(port), "--data",
                                   str(data)], cwd=scratch, env=environment, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        log = Log(log_path)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
                wait_serving(browser, port)
                page = open_tab(browser, f"http://127.0.0.1:{port}/game/{game_id}")
                expect(page.get_by_role("button", name="Bid 0", exact=True)).to_be_enabled(timeout=60_000)
                page.wait_for_load_state("networkidle")
                log.since_last()

                def tap(what: str, label: str, shown: str) -> None:
                    button = page.get_by_role("button", name=label, exact=True)
                    expect(button).to_be_enabled(timeout=30_000)  # a wait after the tap before, ended
                    page.wait_for_load_state("networkidle")
                    ended = log.since_last()
                    if any("body" in entry for entry in ended):
                        print(summary("  (the wait ending)", ended), flush=True)
                    button.click()
                    expect(page.get_by_text(shown, exact=True).first).to_be_visible(timeout=30_000)
                    page.wait_for_load_state("networkidle")
                    print(summary(what, log.since_last()), flush=True)

                for plan in schedule[:args.hands]:
                    cards, number = plan["cards"], plan["number"]
                    order = [PLAYERS[(plan["first"] + k) % 4] for k in range(4)]
                    for k, name in enumerate(order):
                        shown = f"{order[k + 1]}'s bid" if k < 3 else f"Tricks 0 of {cards}"
                        tap(f"hand {number}: {name} bids", "Bid 0", shown)
                    tap(f"hand {number}: {order[0]} took", f"{order[0]} took {cards}", f"Tricks {cards} of {cards}")
                    expect(page.get_by_role("button", name="Score the hand", exact=True)).to_be_enabled()
                    tap(f"hand {number}: Score", "Score the hand", f"Hand {number + 1} of {len(schedule)}")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
