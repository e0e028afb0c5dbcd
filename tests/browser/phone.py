"""The browser tests' tools: the real ``bidwell`` process, and a phone-sized tab that acts as a person would.

Screenshots of every screen a test passes through are saved under
``tests/artifacts/`` (a folder git ignores) for a person to look at.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
BIDWELL = Path(sys.executable).with_name("bidwell")
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The client's one request to the internet then fails at once instead of hanging.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
]
START_SECONDS = 60


def chromium() -> str:
    """Debian's Chromium (.ci/run installs it); never a browser Playwright would download."""
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        raise RuntimeError("Chromium is not installed: apt-get install -y chromium (.ci/run does this)")
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A running ``bidwell`` app process on a temporary data folder."""

    def __init__(self, data: Path, *extra: str):
        self.data = data
        self.port = free_port()
        self.extra = extra
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> Server:
        self.log = self.data.with_name(self.data.name + f"-{self.port}.log")
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [str(BIDWELL), "--no-browser", "--port", str(self.port), "--data", str(self.data), *self.extra],
                stdout=log, stderr=subprocess.STDOUT,
            )
        self._wait_until_serving()
        return self

    @property
    def output(self) -> str:
        """What the process printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def _wait_until_serving(self) -> None:
        import time

        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    return
            except OSError:
                try:
                    self.process.wait(timeout=0.2)  # the pause between tries, ended early if it exits
                except subprocess.TimeoutExpired:
                    continue
                raise RuntimeError(f"bidwell exited: {self.output}") from None
        raise RuntimeError(f"bidwell did not serve {self.url} within {START_SECONDS} s: {self.output}")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class Phone:
    """One browser tab at a phone's size, with helpers that act as a scorekeeper would."""

    def __init__(self, page: Page, name: str):
        self.page = page
        self.name = name
        self.shots = 0

    def open(self, url: str) -> Phone:
        self.page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
        self.page.goto(url)
        self.page.wait_for_function("window.__ff === true", timeout=START_SECONDS * 1000)
        # Flutter builds its accessibility tree (what screen readers and these tests read) once asked to;
        # a request made before the app has drawn its first screen can go unanswered, so ask until it is there.
        for _ in range(10):
            placeholder = self.page.locator("flt-semantics-placeholder")
            if placeholder.count():
                placeholder.dispatch_event("click")
            try:
                expect(self.page.get_by_role("button").first).to_be_attached(timeout=2000)
                return self
            except AssertionError:
                continue
        expect(self.page.get_by_role("button").first).to_be_attached()
        return self

    def tap(self, name: str, exact: bool = True) -> None:
        self.page.get_by_role("button", name=name, exact=exact).click()

    def showing(self, text: str):  # noqa: ANN201 - a Playwright locator
        """Where ``text`` shows: as text, or as the label of a group (a card reads as one label)."""
        return self.page.get_by_text(text, exact=False).or_(self.page.get_by_role("group", name=text, exact=False))

    def see(self, text: str) -> None:
        expect(self.showing(text).first).to_be_visible()

    def add_player(self, name: str) -> None:
        """Type a player's name and add it; if the name does not show, type it and add it again.

        A redraw landing mid-typing can empty the field before Add is tapped (the app then says
        the name is empty); a name already added is refused as a repeat, so trying again is safe.
        """
        for _ in range(3):
            self.type_into("Player's name", name, submit=False)
            self.tap("Add player")
            try:
                expect(self.showing(f". {name}").first).to_be_visible(timeout=3000)
                return
            except AssertionError:
                continue
        self.see(f". {name}")

    def step_to(self, button: str, shown: str, target: int) -> None:
        """Tap ``button`` until the value spoken as "``shown``: N" reaches ``target``.

        A person looks at the number after each tap; a tap that landed while
        the screen was being redrawn shows no change, and they tap again.
        """
        value = self.page.get_by_text(re.compile(rf"^{re.escape(shown)}: \d+$"))
        for _ in range(target * 3 + 3):
            current = int(value.first.inner_text().rsplit(": ", 1)[1])
            if current == target:
                return
            self.tap(button)
            following = current + (1 if target > current else -1)
            try:
                expect(self.page.get_by_text(f"{shown}: {following}", exact=True).first).to_be_visible(timeout=3000)
            except AssertionError:
                continue
        expect(self.page.get_by_text(f"{shown}: {target}", exact=True).first).to_be_visible()

    def tap_until_gone(self, button: str, gone: str) -> None:
        """Tap ``button`` and see the text ``gone`` leave the screen; tap again if the tap was lost."""
        for _ in range(3):
            self.tap(button)
            try:
                expect(self.page.get_by_text(gone, exact=True)).to_have_count(0, timeout=3000)
                return
            except AssertionError:
                continue
        expect(self.page.get_by_text(gone, exact=True)).to_have_count(0)

    def tap_until_seen(self, button: str, text: str) -> None:
        """Tap ``button`` and see ``text`` appear; tap again if the tap was lost."""
        for _ in range(3):
            self.tap(button)
            try:
                expect(self.showing(text).first).to_be_visible(timeout=3000)
                return
            except AssertionError:
                continue
        self.see(text)

    def choose(self, role: str, name: str) -> None:
        """Tick a radio button or a switch, and see it ticked before going on."""
        control = self.page.get_by_role(role, name=name, exact=True)
        for _ in range(3):
            control.click()
            try:
                expect(control).to_be_checked(timeout=2000)
                return
            except AssertionError:
                continue
        expect(control).to_be_checked()

    def see_exactly(self, text: str) -> None:
        expect(self.page.get_by_text(text, exact=True).first).to_be_visible()

    def type_into(self, label: str, text: str, submit: bool = True) -> None:
        field = self.page.get_by_role("textbox", name=label)
        # The screen is drawn anew after every change, and the first keystrokes can reach the field
        # being replaced; a person would look and type again, and so does this.
        for _ in range(3):
            field.click()
            self.page.keyboard.press("ControlOrMeta+A")
            self.page.keyboard.insert_text(text)  # as a phone's keyboard does: whole characters, any script
            try:
                expect(field).to_have_value(text, timeout=2000)
                break
            except AssertionError:
                continue
        expect(field).to_have_value(text)
        if submit:
            self.page.keyboard.press("Enter")

    def shot(self, label: str) -> Path:
        """Save a screenshot once the canvas has stopped changing (it can lag the DOM a little)."""
        previous = None
        for _ in range(40):
            image = self.page.screenshot()
            if image == previous:
                break
            previous = image
            self.page.wait_for_timeout(150)
        self.shots += 1
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.name}-{self.shots:02d}-{re.sub(r'[^a-z0-9]+', '-', label.lower())}.png"
        path.write_bytes(previous)
        return path
