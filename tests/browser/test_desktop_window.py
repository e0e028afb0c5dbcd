"""``bidwell --desktop`` on a computer with no Flet desktop client and no internet: Debian's Chromium opens the app
as a window of its own (under Xvfb, a display in memory), a game can be started in it, and closing the window
stops Bidwell. With no such browser either, one line says what to install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from phone import Phone, chromium, free_port
from playwright.sync_api import expect

from companion.server.compressed import default_copies_folder
from companion.texts import t

BIDWELL = Path(sys.executable).with_name("bidwell")
START_SECONDS = 60


@pytest.fixture
def display() -> Iterator[str]:
    """A display of its own (Xvfb), ready: the name to give DISPLAY."""
    ready, told = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(told), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(told,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(told)
    with os.fdopen(ready) as said:
        number = said.readline().strip()  # Xvfb writes its display's number once it takes clients
    assert number, "Xvfb did not start"
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(timeout=10)


def shows(debugging: str, url: str, process: subprocess.Popen) -> None:
    """Wait until the browser at ``debugging`` shows a page on ``url``, while ``process`` runs (it is said if it
    ends first)."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{debugging}/json/list", timeout=2) as listed:
                if any(target.get("type") == "page" and target.get("url") == url for target in json.load(listed)):
                    return
            raise OSError("not yet")
        except OSError:
            try:
                process.wait(timeout=0.2)  # the pause between tries, ended early if it exits
            except subprocess.TimeoutExpired:
                continue
            raise AssertionError(f"bidwell exited with {process.returncode}: {process.stdout.read()}") from None
    raise AssertionError(f"{url} did not answer within {START_SECONDS} s")


def test_a_window_of_its_own_opens_in_chromium_a_game_starts_in_it_and_closing_it_stops_bidwell(
        display, playwright, tmp_path):
    # The Chromium Bidwell finds on the PATH, here with a port the test reaches the window through.
    tools, debugging = tmp_path / "bin", free_port()
    tools.mkdir()
    (tools / "chromium").write_text(f'#!/bin/sh\nexec {chromium()} --remote-debugging-port={debugging} "$@"\n')
    (tools / "chromium").chmod(0o755)
    port = free_port()
    # The cache folder of its own that the window's profile is looked for in, holding the compressed copies the
    # install made (the window is not what makes them).
    (tmp_path / "bidwell").mkdir()
    (tmp_path / "bidwell" / "compressed").symlink_to(default_copies_folder(), target_is_directory=True)
    bidwell = subprocess.Popen(
        [str(BIDWELL), "--desktop", "--port", str(port), "--data", str(tmp_path / "data")],
        env={**os.environ, "DISPLAY": display, "PATH": f"{tools}:/usr/bin:/bin", "XDG_CACHE_HOME": str(tmp_path)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        shows(f"http://127.0.0.1:{debugging}", f"http://127.0.0.1:{port}/", bidwell)
        window = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{debugging}")
        page = window.contexts[0].pages[0]
        expect(page).to_have_url(f"http://127.0.0.1:{port}/")
        # An app window: no address bar, no tabs (Chromium's --app), its own profile folder.
        assert (tmp_path / "bidwell" / f"window-{port}").is_dir()
        assert page.evaluate("matchMedia('(display-mode: standalone)').matches")  # a tab would be "browser"
        desk = Phone(page, "desktop").open(page.url)
        expect(page).to_have_title("Bidwell")
        # A computer's window is clicked, not touched.
        desk.button("New game").click()
        oh_hell = page.get_by_role("radio", name="Oh Hell (BGA)", exact=True)
        oh_hell.click()
        expect(oh_hell).to_be_checked()
        field = desk.field("Player's name")
        field.click()
        desk.see_cursor_in(field)
        for name in ("Anna", "Béla", "Csilla"):
            page.keyboard.type(name)
            page.keyboard.press("Enter")
            expect(field).to_have_value("")
        first_dealer = page.get_by_role("radio", name="Anna deals first", exact=True)
        first_dealer.click()
        expect(first_dealer).to_be_checked()
        desk.button("Start the game").click()
        desk.see_exactly("Béla's bid")
        desk.shot("a game in the desktop window")
        page.close()  # the window closed: its browser, with no window left, ends, and so does Bidwell
        assert bidwell.wait(timeout=30) == 0
    finally:
        if bidwell.poll() is None:
            bidwell.kill()
            bidwell.wait(timeout=10)


def test_without_a_desktop_client_or_a_browser_for_its_window_one_line_says_what_to_install(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    done = subprocess.run([str(BIDWELL), "--desktop", "--data", str(tmp_path / "data")], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PATH": str(empty)})
    assert done.returncode == 2
    assert done.stderr.splitlines() == [t("serve.no_desktop")] and done.stdout == ""
