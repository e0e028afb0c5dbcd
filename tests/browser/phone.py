"""The browser tests' tools: the real ``bidwell`` process, and a phone-sized tab that acts as a person would.

A person taps once and looks; so does :class:`Phone`. Nothing here taps or
types a second time when the first did not show: a tap that needs repeating
is a bug of the app, and the test that meets it is meant to fail. Waiting is
only ``expect(...)`` on what a person would see.

Screenshots are saved under ``tests/artifacts/`` (a folder git ignores) for a
person to look at.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterable
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from relay import AddressRelay

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
FAILURES = ARTIFACTS / "failures"
"""Where a failed browser test leaves what each of its tabs showed and what each of its servers printed."""
WATCHED = pytest.StashKey[list]()
BIDWELL = Path(sys.executable).with_name("bidwell")
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
# Not --disable-gpu: Flet's client draws with Flutter's skwasm renderer (WebAssembly), which hangs in
# Chrome started with it (flutter/flutter#177008; Flutter's own test runner dropped the flag for that, #182618).
# CI's run of 30f9677 stopped on a page that answered nothing for 300 s, as such a hang looks. Without it headless
# Chromium still draws WebGL with SwiftShader, on the CPU, and the screens' timings are the same (bench_screens);
# it was not the only stall: a page of bench_screens without it once kept its renderer's main thread busy for good,
# as skwasm's page and drawing worker do once they corrupt their shared memory (flutter/flutter#190039): the app's
# pages now draw on one thread (companion.server.web.NotCrossOriginIsolated).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The client's one request to the internet then fails at once instead of hanging.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
]
SIZES_AND_LOOKS = pytest.mark.parametrize(("size", "scheme"), [(PHONE, "light"), (SMALL_PHONE, "dark")],
                                          ids=["390x844-light", "360x740-dark"])
"""Both phone sizes and both looks in two runs, the small phone in the dark: each is seen, and a screen's browser test
costs CI half what the four pairs would (the screenshot tour, tests/browser/test_screenshots.py, takes all four)."""
START_SECONDS = 60
# True from the second animation frame after its first call for the same ``token``: polled once at once, then once a
# frame. Playwright's wait_for_function keeps its own time limit, so a page that stops drawing, or a renderer that
# stops answering, fails the wait instead of holding the run (an evaluate() has no limit of its own).
TWO_FRAMES_DRAWN = """token => {
  const seen = window.__framesSeen ??= {};
  seen[token] = (seen[token] || 0) + 1;
  if (seen[token] <= 2) return false;
  delete seen[token];
  return true;
}"""
FRAME_SECONDS = 15
WAIT_SECONDS = 5
"""How long :meth:`Phone.scroll_to` waits for its target to be drawn before it scrolls to look for it."""
FIND_SECONDS = 15
"""How long :meth:`Phone.scroll_to` then looks down a list for a row not built yet: an ``expect``'s wait."""
CAPTURE_SECONDS = 30
SETTLE_SECONDS = 60
"""How long a screenshot waits for the canvas to settle: the picture is for a person to look at (the tests assert on
the accessibility tree), so a screen that keeps changing (a caret, a late frame on a starved machine) is kept as last
drawn rather than held for up to 60 captures."""

# The texts of the accessibility tree whose box runs past the right edge of the screen, outside anything that
# scrolls sideways (a table that scrolls is not cut: a swipe shows the rest).
TEXTS_PAST_THE_RIGHT_EDGE = """() => {
  const width = window.innerWidth;
  const scrolls = node => {
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (up.scrollWidth > up.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX)) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('flt-semantics')]
    .filter(node => (node.getAttribute('aria-label') || node.textContent || '').trim() && !node.children.length)
    .filter(node => { const box = node.getBoundingClientRect();
                      return box.width > 0 && box.right > width + 0.5 && box.left < width; })
    .filter(node => !scrolls(node))
    .map(node => (node.getAttribute('aria-label') || node.textContent).trim().slice(0, 60));
}"""

# Flutter draws on a canvas; its accessibility tree (what screen readers and these tests read) is switched on by a
# click on its placeholder. The page does it itself each time it loads, as Bidwell's page loads itself again after a
# lost connection.
SWITCH_ON_THE_ACCESSIBILITY_TREE = """
new MutationObserver((_, watcher) => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) {
    watcher.disconnect();
    placeholder.dispatchEvent(new Event('click'));
  }
}).observe(document, {subtree: true, childList: true});
"""

# On a phone (a mobile browser's user agent) Flutter switches its accessibility tree on only for a tap that lands
# on its placeholder, with a pointer's coordinates.
SWITCH_ON_THE_ACCESSIBILITY_TREE_ON_A_PHONE = """
new MutationObserver((_, watcher) => {
  const placeholder = document.querySelector('flt-semantics-placeholder');
  if (placeholder) {
    watcher.disconnect();
    const box = placeholder.getBoundingClientRect();
    const at = {clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true};
    placeholder.dispatchEvent(new PointerEvent('pointerdown', at));
    placeholder.dispatchEvent(new PointerEvent('pointerup', at));
    placeholder.dispatchEvent(new MouseEvent('click', at));
  }
}).observe(document, {subtree: true, childList: true});
"""
PHONE_BROWSER = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                 "Chrome/156.0.0.0 Mobile Safari/537.36")
"""A phone's browser, as Flutter tells it from the user agent: it then lays controls out for a finger (tap targets
padded to 48 pixels), as on a real phone at the table."""

# Flutter's web engine listens to a text field's typing only once the app has taken the focus there and shown
# its cursor, a few frames after the browser focused the field; keys pressed in between are overwritten. A
# person waits for the cursor; the tests wait for this mark, set while the engine listens to the field.
MARK_FIELDS_THAT_TAKE_TYPING = """
(() => {
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  const isField = target => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === "input" && isField(this)) this.setAttribute("data-takes-typing", "");
    return add.call(this, type, ...rest);
  };
  EventTarget.prototype.removeEventListener = function (type, ...rest) {
    if (type === "input" && isField(this)) this.removeAttribute("data-takes-typing");
    return remove.call(this, type, ...rest);
  };
})();
"""

WHOLLY_ON_THE_SCREEN = """element => { const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight; }"""
FIELDS_THAT_TAKE_TYPING = """() => [...document.querySelectorAll('[data-takes-typing]')]
  .map(field => field.getAttribute('aria-label') || field.outerHTML.slice(0, 80))"""


def watch(request: pytest.FixtureRequest, thing: BrowserContext | Server) -> BrowserContext | Server:
    """Keep ``thing`` (a test's browser context or server) in mind for :func:`keep_what_failed`; returned."""
    request.node.stash.setdefault(WATCHED, []).append(thing)
    return thing


def keep_what_failed(item: pytest.Item) -> None:
    """Save what each tab of the failed test ``item`` shows and what each of its servers printed, while they are
    still there, for a person to look at: the assertion says what the accessibility tree held, the picture what
    was drawn."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^\w.-]+", "-", item.name)
    pages = servers = 0
    for thing in item.stash.get(WATCHED, []):
        if isinstance(thing, Server):
            if thing.process is None:
                continue
            servers += 1
            (FAILURES / f"{stem}-server-{servers}.log").write_text(thing.output, encoding="utf-8")
            continue
        for page in thing.pages:
            pages += 1
            try:
                page.screenshot(path=FAILURES / f"{stem}-{pages}.png")
            except PlaywrightError as error:  # a tab that crashed or closed: the test's own failure still stands
                (FAILURES / f"{stem}-{pages}.txt").write_text(str(error), encoding="utf-8")


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
        self.relays: dict[str, AddressRelay] = {}

    @property
    def url(self) -> str:
        """The app as a tab on the server's own computer opens it (under --lan, without the PIN)."""
        return f"http://127.0.0.1:{self.port}/"

    def url_from(self, address: str) -> str:
        """The app as a phone at ``address`` on the network opens it (under --lan, behind the PIN); the same
        address every time for the same phone, so its browser keeps what it stored there."""
        if address not in self.relays:
            self.relays[address] = AddressRelay(self.port, address)
        return self.relays[address].url

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
        for relay in self.relays.values():
            relay.close()
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class StaticServer:
    """``python -m http.server`` serving a folder (a published Bidwell), as any static host would."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.process.stdout.readline()  # "Serving HTTP on 127.0.0.1 port …": it listens

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


class Phone:
    """One browser tab at a phone's size, touched as a phone is (no mouse, so no hover tooltips): it taps
    once, types once, and looks."""

    def __init__(self, page: Page, name: str):
        self.page = page
        self.name = name
        self.shots = 0
        self.frames_waited = 0

    def open(self, url: str, *, as_a_phone: bool = False) -> Phone:
        """Load the app and switch on Flutter's accessibility tree (what screen readers and these tests read); in a
        context with :data:`PHONE_BROWSER`'s user agent (``as_a_phone``), the way a phone's browser does."""
        self.page.add_init_script("addEventListener('flutter-first-frame', () => window.__ff = true)")
        self.page.add_init_script(MARK_FIELDS_THAT_TAKE_TYPING)
        self.page.add_init_script(SWITCH_ON_THE_ACCESSIBILITY_TREE_ON_A_PHONE if as_a_phone
                                  else SWITCH_ON_THE_ACCESSIBILITY_TREE)
        self.page.goto(url)
        return self._drawn()

    def reload(self) -> Phone:
        """Reload the page, as the browser's reload button does, and wait as :meth:`open` does."""
        self.page.reload()
        return self._drawn()

    def _drawn(self) -> Phone:
        self.page.wait_for_function("window.__ff === true", timeout=START_SECONDS * 1000)
        # The first button: the app has drawn its first screen (in a browser running Python, once it started).
        expect(self.page.get_by_role("button").first).to_be_attached(timeout=START_SECONDS * 2000)
        return self

    # -- acting --

    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True)

    def tap(self, name: str) -> None:
        """Scroll to the button ``name`` if it is off the screen, and tap it once."""
        button = self.button(name)
        self.scroll_to(button)
        button.tap()

    def leave_start(self, name: str) -> None:
        """Tap the start screen's key ``name`` and wait until the start screen, the key with it, is covered: its
        cards read like the past games' cards, so what is looked for next is then on the screen the key opened."""
        self.tap(name)
        expect(self.button(name)).to_have_count(0)

    def unfold(self, title: str) -> None:
        """Tap the folded section ``title`` open (the line under its title, part of its name, says how things
        stand) and see it unfolded."""
        section = self.page.get_by_role("button", name=re.compile("^" + re.escape(title)))
        self.scroll_to(section)
        folded = section.get_attribute("aria-description")
        section.tap()
        expect(section).not_to_have_attribute("aria-description", folded or "")

    def pick(self, role: str, name: str) -> None:
        """Scroll to a radio button or a switch if it is off the screen, tap it once and see it ticked."""
        control = self.page.get_by_role(role, name=name, exact=True)
        self.scroll_to(control)
        control.tap()
        expect(control).to_be_checked()

    def field(self, label: str) -> Locator:
        return self.page.get_by_role("textbox", name=label)

    def tap_field(self, label: str) -> Locator:
        """Scroll to the text field ``label`` if it is below the screen, tap it once and see the cursor in it; the
        field is returned."""
        field = self.field(label)
        self.scroll_to(field)
        field.tap()
        self.see_cursor_in(field)
        return field

    def scroll_to(self, target: Locator) -> None:
        """Scroll the screen as a finger would, with Flutter's own scrolling, until ``target`` is wholly on it.

        A tap on a control off the screen scrolls the accessibility tree's copy of the page, which Flutter
        follows a few frames later; a text field tapped before that takes the browser's focus and not Flutter's
        (no cursor, typing lost) on a busy machine. A person scrolls to a field before tapping it.

        A long list (Past games, statistics) builds its rows only as they near the screen: a target not drawn
        within WAIT_SECONDS is looked for further down, most of a screen at a time, as a person looks down a list
        for it, for as long as an ``expect`` waits.
        """
        height = self.page.viewport_size["height"]
        try:
            target.first.wait_for(state="attached", timeout=WAIT_SECONDS * 1000)
        except PlaywrightError:
            pass  # a row further down a list, not built until scrolled near
        deadline = time.monotonic() + FIND_SECONDS
        while target.count() == 0:
            assert time.monotonic() < deadline, f"{target} is nowhere on the screen, scrolled down to its end"
            self.page.mouse.move(self.page.viewport_size["width"] / 2, height / 2)
            self.page.mouse.wheel(0, height * 0.6)
            self.next_two_frames()
        box = target.bounding_box()
        if box is None or 0 <= box["y"] and box["y"] + box["height"] <= height:
            return
        self.page.mouse.move(self.page.viewport_size["width"] / 2, height / 2)
        self.page.mouse.wheel(0, box["y"] + box["height"] / 2 - height / 2)
        # Its box on the screen, not the share the accessibility tree's own clipping leaves of it (a field in an
        # unfolded panel is clipped a few pixels by the panel's node, drawn whole).
        self.page.wait_for_function(WHOLLY_ON_THE_SCREEN, arg=target.element_handle())
        # The eye sees the scrolled screen drawn before the finger lands: the accessibility tree moves in the frame
        # Flutter scrolls, and a tap in that frame was now and then taken by the browser and not by Flutter.
        self.next_two_frames()

    def see_cursor_in(self, field: Locator) -> None:
        """The cursor is in ``field``: what is typed now goes there."""
        expect(field).to_be_focused()
        try:
            expect(field).to_have_attribute("data-takes-typing", "")
        except AssertionError as lost:
            # Says which field Flutter's text editing listens to instead, if any: the browser focused this one.
            listening = self.page.evaluate(FIELDS_THAT_TAKE_TYPING)
            raise AssertionError(f"the field has the browser's focus but Flutter takes typing in {listening!r}; "
                                 f"a person sees no cursor") from lost

    def see_typed(self, field: Locator, text: str) -> None:
        """``field`` shows ``text``, on the screen too: the page holds a typed key at once, Flutter draws it a
        frame or two later, and a tap on another control before that was seen dropped by Flutter's web engine
        (its semantic tap lost, the DOM events all there), where no thumb is that quick."""
        expect(field).to_have_value(text)
        self.next_two_frames()

    def enter_lines(self, label: str, lines: Iterable[str]) -> Locator:
        """Tap the field ``label`` once, then type each line and Enter, as on a phone whose keyboard stays up.

        The app takes a line on Enter and empties the field, keeping the focus; the next line is typed only
        once the field shows empty. The field is returned.
        """
        field = self.tap_field(label)
        for line in lines:
            self.page.keyboard.type(line)
            self.page.keyboard.press("Enter")
            expect(field).to_have_value("")
        return field

    # -- looking --

    @property
    def screen(self) -> Locator:
        """Everything the screen reads out, line by line, top to bottom."""
        return self.page.locator("flt-semantics-host")

    def see(self, text: str) -> None:
        """``text`` shows, as a whole line or in one, or in a group read out as one (a row of a list such as Past
        games, which Flutter reads out whole)."""
        expect(self.page.get_by_text(text, exact=False).or_(self.page.get_by_role("group", name=text)).first)\
            .to_be_visible()

    def see_exactly(self, text: str) -> None:
        """A line reads exactly ``text``."""
        expect(self.page.get_by_text(text, exact=True).first).to_be_visible()

    def reads(self, *lines: str) -> None:
        """The screen reads ``lines`` one after the other (a summary's name, then its numbers, ...)."""
        expect(self.screen).to_contain_text(" ".join(lines), use_inner_text=True)

    def shows_whole(self, picture: Path, *key_texts: str | Locator) -> None:
        """What a person checks on a screenshot: it is not blank, it is drawn in the look the phone asks for (a
        light screen in the light, a dark one in the dark), ``key_texts`` (the heading, the numbers the screen is
        for; a text, or the element that shows it) are on it, inside the screen's width, and no text runs past
        the right edge."""
        assert not blank(picture.read_bytes()), f"{picture.name} is blank"
        dark = self.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        shade = brightness(picture.read_bytes())
        assert (shade < 0.5) == dark, (f"{picture.name} is drawn {'light' if shade >= 0.5 else 'dark'} "
                                       f"(brightness {shade:.2f}) where the phone asks for the "
                                       f"{'dark' if dark else 'light'}")
        width = self.page.viewport_size["width"]
        for text in key_texts:
            shown = self.page.get_by_text(text, exact=False).first if isinstance(text, str) else text
            box = shown.bounding_box()
            assert box is not None, f"{text!r} is not on {picture.name}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{text!r} is cut on {picture.name}"
        cut = self.page.evaluate(TEXTS_PAST_THE_RIGHT_EDGE)
        assert cut == [], f"cut at the right edge of {picture.name}: {cut}"
        self.nothing_drawn_past_the_edge(picture)

    def nothing_drawn_past_the_edge(self, picture: Path) -> None:
        """On ``picture``, nothing is drawn into the screen's last pixel (:func:`ink_at_the_right_edge`): no line
        runs off the right edge."""
        drawn_past = ink_at_the_right_edge(picture.read_bytes())
        assert drawn_past == [], f"drawn past the right edge of {picture.name}, at y = {drawn_past}"

    def next_two_frames(self) -> None:
        """Wait until the page has drawn two more animation frames (FRAME_SECONDS at most: a page that stops
        drawing fails here, as it would for a person)."""
        self.frames_waited += 1
        self.page.wait_for_function(TWO_FRAMES_DRAWN, arg=self.frames_waited, polling="raf",
                                    timeout=FRAME_SECONDS * 1000)

    def picture(self, **options) -> bytes:
        """A screenshot of the page as it draws now, once it has drawn two more frames (:meth:`next_two_frames`: a
        page that stops drawing fails there, as it would for a person). One capture, allowed CAPTURE_SECONDS: on a
        busy machine a capture took up to 350 ms here; one that stalls fails the test (as Chromium's did once in
        CI, "fonts loaded" then nothing: Playwright's issue 28995), with what the page showed kept for a person."""
        self.next_two_frames()
        return self.page.screenshot(timeout=CAPTURE_SECONDS * 1000, **options)

    def shot(self, label: str, folder: Path = ARTIFACTS) -> Path:
        """Save a screenshot once the canvas has settled (:meth:`settled`)."""
        picture = self.settled(label)
        self.shots += 1
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.name}-{self.shots:02d}-{re.sub(r'[^a-z0-9]+', '-', label.lower()).strip('-')}.png"
        path.write_bytes(picture)
        return path

    def settled(self, label: str = "the screen") -> bytes:
        """The screen as drawn once the canvas has settled, as a person sees it before touching it.

        The canvas can lag the accessibility tree by a few frames (a new screen is read before it is drawn,
        then it slides in; a closed one slides out over the screen beneath, whose text is read all along; on a
        busy machine it can stay empty for several), so the picture is taken again, two animation frames apart,
        until three in a row are the same and something is drawn on them.
        """
        deadline = time.monotonic() + SETTLE_SECONDS
        previous, same = self.picture(), 0
        for _ in range(60):
            if time.monotonic() > deadline:
                print(f"{self.name}: {label!r} not settled in {SETTLE_SECONDS} s; the last picture is kept",
                      file=sys.stderr)
                break
            image = self.picture()
            same = same + 1 if image == previous else 0
            previous = image
            if same >= 2 and not blank(image):
                break
        return previous


def brightness(png: bytes) -> float:
    """How light a screenshot is as a whole, 0 (black) to 1 (white): the middle shade of its pixels, which is its
    background's wherever the background covers half the screen or more."""
    with Image.open(io.BytesIO(png)) as image:
        counts = image.convert("L").histogram()
    half, seen = sum(counts) / 2, 0
    for shade, count in enumerate(counts):
        seen += count
        if seen >= half:
            return shade / 255
    return 1.0


EDGE_INK = 24
"""How far apart (0-255, in any of red, green, blue) a screen's two edge pixels of a line may be and still be one
background: a line's antialiasing, never a glyph's ink."""


def ink_at_the_right_edge(png: bytes) -> list[int]:
    """The lines of a screenshot (their y, where each run of them starts) whose rightmost pixel is not the colour of
    their leftmost: something drawn into the last pixel, as a line that nothing clips before the screen's edge
    runs off it and is cut. Every screen keeps its text clear of both edges, and a bar or background that reaches
    one edge reaches the other, so on a screen with nothing cut each line's two ends are one colour. (A line clipped
    at the screen's margin, by the row it is in, leaves no ink here: that is not found on the picture.)"""
    with Image.open(io.BytesIO(png)) as image:
        pixels = image.convert("RGB")
        width, height = pixels.size
        ends = [(pixels.getpixel((0, y)), pixels.getpixel((width - 1, y))) for y in range(height)]
    inked = [y for y, (left, right) in enumerate(ends) if max(abs(a - b) for a, b in zip(left, right)) > EDGE_INK]
    return [y for y in inked if y - 1 not in inked]


def blank(png: bytes) -> bool:
    """Whether a screenshot shows next to nothing: a handful of colours, as an empty canvas or a bare background."""
    with Image.open(io.BytesIO(png)) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    return colours is not None and len(colours) <= 8
