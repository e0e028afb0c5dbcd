"""Issue 27, item 1: what each route change and Score send the phone, in controls and bytes, and when the server
sent it.

Flet's client pays for every control it is sent (benchmarks/bench_flet_floor.py), so this counts them: the real
``bidwell`` server runs with a probe (a ``sitecustomize`` module written to a scratch folder and put on
``PYTHONPATH``) that wraps Flet's web connection's ``send_message``, counting the controls each message encodes and
its bytes on the wire. Headless Chromium at 390×844 then goes as bench_screens.py does, with 10,000 past games
stored: start → Past games → back, a game at hand 6 of 10 → the correction of hand 1 → back, its first two bids,
Score the hand. A change that re-sent a screen it did not change would show here as controls sent on the way back.
Each step is made twice, the second on warm caches as most taps are.

The probe also wraps Flet's ``Session.dispatch_event``, so each step prints its server-side timeline in ms from
the tap's event reaching the server: each event the phone sent (``click``, ``route_change`` after a
``navigate``, ``confirm_pop`` and ``view_pop`` for a Back) and each message sent (``sent N`` controls). What is
left of the tap-to-drawn time bench_screens.py measures, beyond the last message, is the network and the phone.
A message sent after a step was read (Past games' cards below the fold, once the phone has the first ones) is
counted with the next step, at a negative time.

    .venv/bin/python benchmarks/controls_per_screen.py [--folder DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from bench_app import free_port, wait_serving
from bench_screens import HAND, game_at_the_hand
from bench_storage import build
from bench_taps import open_tab
from phone import CHROMIUM_ARGS, Phone, chromium

PROBE = textwrap.dedent(
    """
    import json, os, time
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet.messaging.session import Session
    from flet_web.fastapi.flet_app import FletApp

    LOG = os.environ["BIDWELL_CONTROLS_LOG"]
    encode = configure_encode_object_for_msgpack(BaseControl)

    async def timed_dispatch(self, control_id, event_name, event_data):
        with open(LOG, "a") as log:
            log.write(json.dumps({"event": event_name, "at": time.perf_counter()}) + "\\n")
        await dispatched(self, control_id, event_name, event_data)

    dispatched, Session.dispatch_event = Session.dispatch_event, timed_dispatch

    def counted_send(self, message):
        controls = 0

        def default(value):
            nonlocal controls
            controls += isinstance(value, BaseControl)
            return encode(value)

        body = msgpack.packb([message.action, message.body], default=default)
        with open(LOG, "a") as log:
            log.write(json.dumps({"controls": controls, "bytes": len(body) + 1, "at": time.perf_counter()}) + "\\n")
        return sent(self, message)

    sent, FletApp.send_message = FletApp.send_message, counted_send
    """
)


class Counter:
    """The probe's log, read a step at a time."""

    def __init__(self, log: Path):
        self.log = log
        self.read = 0

    def since_last(self) -> tuple[int, int, int, str]:
        """Messages, controls and bytes sent since the last call, and the server's timeline of them."""
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        new, self.read = [json.loads(line) for line in lines[self.read:]], len(lines)
        sent = [entry for entry in new if "controls" in entry]
        start = next((entry["at"] for entry in new if "event" in entry), None)
        timeline = " ".join(f"{entry['event'] if 'event' in entry else 'sent ' + str(entry['controls'])} "
                            f"@{(entry['at'] - start) * 1000:.0f}" for entry in new) if start is not None else ""
        return len(sent), sum(m["controls"] for m in sent), sum(m["bytes"] for m in sent), timeline


def step(page, counter: Counter, what: str, button: str, shown: str) -> str:  # noqa: ANN001 - a Page
    """Tap ``button``, see ``shown``, and say what was sent for it."""
    counter.since_last()
    page.get_by_role("button", name=button, exact=True).first.click()
    expect(page.get_by_text(shown, exact=True).first).to_be_visible(timeout=30_000)
    page.wait_for_load_state("networkidle")
    messages, controls, sent, timeline = counter.since_last()
    return f"{what:22s} {controls:5d} controls {sent / 1024:8.1f} KB in {messages} messages | {timeline}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    build(args.folder, 10_000)
    with tempfile.TemporaryDirectory() as scratch:
        data, probe, log = Path(scratch) / "data", Path(scratch) / "probe", Path(scratch) / "sent.jsonl"
        shutil.copytree(args.folder, data)
        probe.mkdir()
        (probe / "sitecustomize.py").write_text(PROBE)
        game_id, cards, bidding = game_at_the_hand(data)
        environment = {**os.environ, "BIDWELL_CONTROLS_LOG": str(log),
                       "PYTHONPATH": os.pathsep.join(filter(None, [str(probe), os.environ.get("PYTHONPATH")]))}
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "companion", "--no-browser", "--port", str(port), "--data",
                                   str(data)], cwd=scratch, env=environment, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        counter = Counter(log)
        lines = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
                wait_serving(browser, port)
                counter.since_last()
                page = open_tab(browser, f"http://127.0.0.1:{port}/")
                expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=30_000)
                page.wait_for_load_state("networkidle")
                messages, controls, sent, _ = counter.since_last()
                lines.append(f"{'opening the start':22s} {controls:5d} controls {sent / 1024:8.1f} KB in {messages} "
                             "messages")
                for _ in range(2):
                    lines.append(step(page, counter, "start → Past games", "Past games",
                                      "Filter: All games · every player"))
                    lines.append(step(page, counter, "Past games → start", "Back", "New game"))
                page.goto(f"http://127.0.0.1:{port}/game/{game_id}")
                expect(page.get_by_text(f"Hand {HAND} of 10", exact=True)).to_be_visible(timeout=30_000)
                page.wait_for_load_state("networkidle")
                Phone(page, "controls").scroll_to(page.get_by_role("button", name="Correct hand 1", exact=True))
                for _ in range(2):
                    lines.append(step(page, counter, "game → correction", "Correct hand 1", "Save the correction"))
                    lines.append(step(page, counter, "correction → game", "Back", f"Hand {HAND} of 10"))
                for position, name in enumerate(bidding):
                    expect(page.get_by_text(f"{name}'s bid", exact=True)).to_be_visible()
                    bid = cards if position == 0 else 0
                    if position < 2:
                        lines.append(step(page, counter, f"a bid ({position + 1})", f"Bid {bid}", f"{name}: {bid}"))
                    else:
                        page.get_by_role("button", name=f"Bid {bid}", exact=True).click()
                key = page.get_by_role("button", name=f"{bidding[0]} took {cards}", exact=True)
                Phone(page, "controls").scroll_to(key)
                key.click()
                expect(page.get_by_role("button", name="Score the hand", exact=True)).to_be_enabled()
                lines.append(step(page, counter, "Score the hand", "Score the hand", f"Hand {HAND} scored"))
                browser.close()
        finally:
            server.kill()
            server.wait()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
