"""``bidwell publish``: the app as a static folder, Python running in the phone's browser, nothing on a server.

Built with every download blocked, served by ``python -m http.server`` on 127.0.0.1 (every other host is
unreachable for this Chromium), played, reloaded, the browser closed and opened again on the same profile,
and at last the server stopped: the game is still there, goes on to its end, its sheet downloads, and a
record from a computer is imported.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from phone import BIDWELL, CHROMIUM_ARGS, PHONE, Phone, Server, StaticServer, chromium
from playwright.sync_api import expect
from test_games import bid, new_game, score, sheet_text, took

OFFLINE_ENV = {"PIP_NO_INDEX": "1", **{name: "http://127.0.0.1:9" for name in (
    "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")}}
# Python in the browser starts in seconds on a phone; on a busy two-core test machine it has taken 30.
READY_MS = 120_000


@pytest.fixture
def site(tmp_path) -> Path:
    folder = tmp_path / "site"
    built = subprocess.run([str(BIDWELL), "publish", "--compression", "fast", str(folder)], capture_output=True,
                           text=True, timeout=300, env={**os.environ, **OFFLINE_ENV})
    assert built.returncode == 0, built.stderr
    assert re.search(rf"^Bidwell is published in {re.escape(str(folder))}: \d+ files", built.stdout, re.MULTILINE), \
        built.stdout
    return folder


def tab(phone: Phone, name: str) -> None:
    """Tap the game's bottom bar's tab ``name``."""
    phone.page.get_by_role("tab", name=re.compile(f"^{name}")).tap()


def score_aloud(phone: Phone, number: int, cards: int) -> None:
    """See every trick counted, score a hand of bids said aloud and see it scored; then the scoreboard, where the
    hand's line is (the next hand's table shows only what it gave each player)."""
    phone.see_exactly(f"Tricks {cards} of {cards}")
    phone.tap("Score the hand")
    phone.see_exactly(f"Hand {number} is scored")
    tab(phone, "Scoreboard")


def open_app(playwright, profile: Path, url: str, name: str) -> Phone:
    """Chromium on a profile kept across launches (its IndexedDB and service worker with it), at ``url``."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium(), args=CHROMIUM_ARGS, viewport=PHONE, device_scale_factor=1,
        has_touch=True, accept_downloads=True,
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(READY_MS)
    phone = Phone(page, name).open(url)
    expect(phone.button("New game")).to_be_visible(timeout=READY_MS)
    return phone


def test_the_published_app_keeps_its_game_across_reloads_relaunches_and_with_no_server(playwright, site, tmp_path):
    server = StaticServer(site)
    profile = tmp_path / "profile"
    phone = None
    try:
        phone = open_app(playwright, profile, server.url, "published")
        phone.see("Your games are kept in this browser")
        # The browser offers to install it: the manifest and the service worker pass Chrome's checks.
        installability = phone.page.context.new_cdp_session(phone.page).send("Page.getInstallabilityErrors")
        assert installability["installabilityErrors"] == [], installability
        manifest = phone.page.evaluate("fetch('manifest.json').then(answer => answer.json())")
        assert manifest["name"] == "Bidwell" and manifest["display"] == "standalone"
        # Every file is kept before the first game starts.
        phone.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
        phone.shot("start")

        new_game(phone, "Herrlof", ["Anna", "さくら"], first_dealer="Anna")
        bid(phone, "さくら", 4, private=True)
        bid(phone, "Anna", 11, private=True)
        took(phone, ("さくら", 4))
        # Anna 11 + 10 = 21; さくら 4 + 5 (exactly 4) + 10 = 19.
        score(phone, 1, 15, "Tricks 15; between 12 and 15 allowed")
        phone.see_exactly("Anna is ahead with 21")

        phone.reload()  # the page opens where it was: the game, from what the browser kept
        phone.see_exactly("Hand 2 · race to 50")
        phone.see_exactly("Anna is ahead with 21")
        phone.see_exactly("Hand the phone to Anna")
        phone.page.context.close()

        phone = open_app(playwright, profile, server.url, "published-relaunched")
        server.stop()
        phone.reload()
        phone.shot("offline")
        phone.tap("Herrlof · hand 2 · Anna, さくら")
        bid(phone, "Anna", 3, private=True)
        bid(phone, "さくら", 12, private=True)
        took(phone, ("Anna", 3))
        # Anna 3 + 5 (exactly 3) + 10 = 18: 39; さくら is given the 12 left, her bid: 12 + 10 = 22: 41.
        score(phone, 2, 15, "Tricks 15; between 12 and 15 allowed")
        phone.see_exactly("さくら is ahead with 41")
        bid(phone, "さくら", 0, private=True)
        bid(phone, "Anna", 15, private=True)
        took(phone, ("さくら", 0))
        # Anna 15 + 10 = 25: 64; さくら 0 + 10 = 10: 51. Both past 50: the higher total wins.
        phone.see_exactly("Tricks 15; between 12 and 15 allowed")
        phone.tap("Score the hand")
        phone.see_exactly("Game over")
        phone.see_exactly("Anna wins!")
        phone.see_exactly("1. Anna: 64")
        phone.see_exactly("2. さくら: 51")
        phone.shot("game-over-offline")

        with phone.page.expect_download() as download:
            phone.tap("Save the score sheet (PDF)")
        sheet = sheet_text(download.value.path())
        assert sheet.startswith("Herrlof: scores 2 players"), sheet
        assert "Anna wins!" in sheet, sheet

        # A game recorded elsewhere (a computer's `bidwell export`) comes in from a file.
        record = tmp_path / "from-the-computer.json"
        record.write_text(json.dumps({"format": 1, "game": "rage", "players": ["Zoë", "Noor", "Csilla"],
                                      "first_dealer": 0, "hands": [{"bids": [10, 0, 0], "tricks": [10, 0, 0]}]}))
        phone.tap("Start screen")
        phone.leave_start("Past games")
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("Import records (JSON)")
        chooser.value.set_files(record)
        phone.see_exactly("1 game imported.")
        # Its card: hand 2 to play; Zoë 10 tricks and 10 for the exact bid, the others 0 and 10.
        card = phone.page.get_by_role("group", name=re.compile(r"^Rage · hand 2 .* Zoë 20 · Noor 10 · Csilla 10$"))
        expect(card).to_be_visible()
        phone.shot("imported-offline")
    finally:
        if phone is not None:
            phone.page.context.close()  # the profile's browser, so the next launch of it can start
        server.stop()


def test_lan_hands_a_phone_the_offline_app_which_goes_on_when_the_computer_is_gone(playwright, tmp_path):
    host = Server(tmp_path / "host-data", "--lan").start()
    phone = None
    try:
        printed = re.search(r"Bidwell for a phone of its own \(its own games, no computer needed\): (\S+)", host.output)
        assert printed and printed[1].endswith(f":{host.port}/phone/"), host.output
        # The phone scans the QR code; here it is this machine (127.0.0.1, a secure address as https is).
        phone = open_app(playwright, tmp_path / "profile", f"http://127.0.0.1:{host.port}/phone/", "lan-phone-app")
        phone.see("Your games are kept in this browser")
        expect(phone.page.get_by_text("Enter the PIN shown on the host")).to_have_count(0)  # its own app, not the host's
        phone.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)

        new_game(phone, "Rage'n Glyphs", ["Anna", "Béla", "Csilla"], first_dealer="Anna", choices=["Hidden"])
        phone.see_exactly("Hand 1 of 31")
        for name, value in (("Béla", 1), ("Csilla", 0), ("Anna", 0)):
            bid(phone, name, value, private=True)
        took(phone, ("Béla", 1), cards=1)  # the one trick placed, Csilla and Anna are 0 without a tap
        score(phone, 1, 1)
        # Béla 1/1: 11; a 0 made scores 5.
        phone.reads("✓ Anna", "0/0 · +5 → 5", "✓ Béla", "1/1 · +11 → 11", "✓ Csilla", "0/0 · +5 → 5")
        phone.tap("Undo")
        phone.tap("Take it back")  # a score taken back is asked about first
        phone.see_exactly("Undone: the score of hand 1; its tricks are back to change.")
        score(phone, 1, 1)
        phone.reads("✓ Anna", "0/0 · +5 → 5", "✓ Béla", "1/1 · +11 → 11", "✓ Csilla", "0/0 · +5 → 5")
        host.kill()  # the computer is gone: the phone goes on alone

        for name, value in (("Csilla", 1), ("Anna", 1), ("Béla", 0)):
            bid(phone, name, value, private=True)
        took(phone, ("Csilla", 1), ("Anna", 1))
        score(phone, 2, 2)
        phone.reads("✓ Anna", "1/1 · +11 → 16", "✓ Béla", "0/0 · +5 → 16", "✓ Csilla", "1/1 · +11 → 16")

        tab(phone, "Scoreboard")
        phone.tap("Correct hand 1")
        phone.tap("Anna's tricks: one more")
        phone.see_exactly("Anna's tricks: 1")
        phone.tap("Béla's tricks: one less")
        phone.see_exactly("Béla's tricks: 0")
        phone.see_exactly("Tricks 1 of 1")
        phone.tap("Save the correction")
        phone.see_exactly("Hand 1 corrected; every later total follows.")
        # Hand 1 now: Anna bid 0 took 1: 1; Béla bid 1 took 0: 0; Csilla 5. Totals 12, 5, 16.
        standings = ("Hand 1 · 1 card", "0/1 × D", "+1 → 1", "1/0 ×", "+0 → 0", "0/0 ✓", "+5 → 5",
                     "Hand 2 · 2 cards", "1/1 ✓", "+11 → 12", "0/0 ✓ D", "+5 → 5", "1/1 ✓", "+11 → 16")
        phone.reads(*standings)

        phone.reload()  # with no server at all: the app and the game from what the browser kept
        phone.see_exactly("Hand 3 of 31")
        tab(phone, "Scoreboard")
        phone.reads(*standings)
        phone.shot("lan-phone-app-offline")

        # The other games, offline too: Oh Hell's hook on the dealer, Rage's action cards.
        phone.tap("Back")
        new_game(phone, "Oh Hell (BGA)", ["Anna", "Béla", "Csilla"], first_dealer="Csilla", choices=["Short - Up"])
        bid(phone, "Anna", 0)
        bid(phone, "Béla", 0)
        expect(phone.button("1: Not 1: the bids would make 1")).to_be_disabled()
        phone.tap("Bid 0")
        took(phone, ("Anna", 0), ("Béla", 0))
        score_aloud(phone, 1, 1)
        phone.reads("Hand 1 · 1 card", "0/0 ✓", "+10 → 10", "0/0 ✓", "+10 → 10", "0/1 × D", "+1 → 1")
        phone.tap("Back")
        new_game(phone, "Rage", ["Anna", "Béla"], first_dealer="Anna")
        bid(phone, "Béla", 4)
        bid(phone, "Anna", 5)
        took(phone, ("Béla", 4))
        phone.tap("Anna's counted cards: 0")  # her row's counted cards, folded
        phone.tap("+5 cards of Anna: one more")
        # Anna bid 5 took 6: 6 - 5 + 5 (a +5 card) = 6; Béla 4/4: 14.
        score_aloud(phone, 1, 10)
        phone.reads("Hand 1 · 10 cards", "5/6 × D", "+6 → 6", "+5 cards×1", "4/4 ✓", "+14 → 14")
        phone.tap("Back")
        for unfinished in ("Rage'n Glyphs · hand 3 · Anna, Béla, Csilla", "Oh Hell (BGA) · hand 2 · Anna, Béla, Csilla",
                           "Rage · hand 2 · Anna, Béla"):
            expect(phone.button(unfinished)).to_be_visible()
        # A blank sheet to print before the next game, made on the phone.
        phone.tap("Blank score sheets")
        phone.pick("radio", "Herrlof")
        # Herrlof's own defaults, said on the folded house rules' line.
        expect(phone.page.get_by_role("button", name=re.compile(r"^House rules\s+Bidding: Secret · "))).to_be_visible()
        phone.see_exactly("3 players")  # Rage'n Glyphs' fewest, kept: Herrlof takes 2 or 3
        phone.tap("One player fewer")
        phone.see_exactly("2 players")
        with phone.page.expect_download() as download:
            phone.tap("Blank score sheet (PDF)")
        sheet = sheet_text(download.value.path())
        assert sheet.startswith("Herrlof: score sheet 2 players · Bidding: Secret Hand Cards Dealer Seat 1 Seat 2 "), sheet
        assert "1 15 Seat 1 2 15 Seat 2" in sheet, sheet
        assert download.value.suggested_filename.endswith(".pdf")
    finally:
        if phone is not None:
            phone.page.context.close()
        host.kill()


# The browser's storage filling up, as the Python worker meets it: while the page says the storage is full, every
# IndexedDB write of the worker fails with QuotaExceededError. (Chromium's own quota override, CDP's
# Storage.overrideQuotaForOrigin, let IndexedDB store a kilobyte at a quota of one byte.) The page and the worker
# talk over a BroadcastChannel; the worker answers once it has taken the change in.
STORAGE_FULL_IN_THE_WORKER = """
{
    let full = false;
    const refused = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");
    for (const name of ["put", "add", "delete"]) {
        const write = IDBObjectStore.prototype[name];
        IDBObjectStore.prototype[name] = function (...args) {
            if (full) throw refused();
            return write.apply(this, args);
        };
    }
    const channel = new BroadcastChannel("storage-quota");
    channel.onmessage = (message) => { full = message.data === "full"; channel.postMessage(message.data); };
}
"""
SET_STORAGE = """(state) => new Promise((answered) => {
    const channel = new BroadcastChannel("storage-quota");
    channel.onmessage = (message) => { channel.close(); answered(message.data); };
    channel.postMessage(state);
})"""


def test_a_bid_the_browser_refuses_to_store_is_said_and_not_taken_and_goes_in_once_there_is_room(
        playwright, site, tmp_path):
    worker = site / "python-worker.js"
    worker.write_text(STORAGE_FULL_IN_THE_WORKER + worker.read_text("utf-8"), "utf-8")
    server = StaticServer(site)
    phone = None
    try:
        phone = open_app(playwright, tmp_path / "profile", server.url, "published-storage-full")
        new_game(phone, "Rage", ["Anna", "Béla"], first_dealer="Anna")
        phone.see_exactly("Béla's bid")
        assert phone.page.evaluate(SET_STORAGE, "full") == "full"

        phone.tap("Bid 2")
        phone.see("This browser refused to store that (QuotaExceededError")
        phone.see("Free some storage space on this device")
        phone.see_exactly("Béla's bid")  # still Béla's turn: the 2 was not taken
        expect(phone.page.get_by_text("Béla bids 2")).to_have_count(0)
        # Béla's row still holds the turn's pad, not the pad of a bid made.
        expect(phone.button("Bid 2")).to_be_enabled()
        expect(phone.button("Béla: bid 2")).to_have_count(0)
        phone.shot("published-storage-refused")

        assert phone.page.evaluate(SET_STORAGE, "room") == "room"
        phone.tap("Bid 2")
        phone.see_exactly("Anna's bid")
        phone.see_exactly("Béla bids 2")
        expect(phone.button("Béla: bid 2")).to_be_enabled()  # his row: a bid made, its keys change it
        phone.reload()  # what the browser kept: Béla's 2, Anna still to bid
        phone.see_exactly("Anna's bid")
        expect(phone.button("Béla: bid 2")).to_be_enabled()
    finally:
        if phone is not None:
            phone.page.context.close()
        server.stop()
