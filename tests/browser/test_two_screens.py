"""Two tabs on one data folder: a bid on one shows on the other at once; a tab that missed a change cannot overwrite
it; a repair is told only to the tab that met it; a damaged game is listed and opened as far as it goes."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game

OH_HELL = "Oh Hell (BGA) · hand 1 · Anna, Béla, Csilla"


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def test_a_bid_on_one_screen_shows_on_the_other_and_a_stale_tap_is_refused(open_phone, own_server, folder):
    store = GameStore(folder)
    saved = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))  # hand 1: 10 cards, Anna deals
    saved.bid(1, 3)  # Béla
    server = own_server()
    first = open_phone(server.url, "first-tab")
    second = open_phone(server.url, "second-tab")
    # Béla's 3 is read off the bar's tally (his row's pad tells the chosen key by its look alone).
    for phone in (first, second):
        phone.tap(OH_HELL)
        phone.see_exactly("Csilla's bid")
        phone.see_exactly("Bids so far: 3 for 10")
        expect(phone.button("Béla: bid 3")).to_be_enabled()

    # Csilla's bid, tapped on the first screen, reaches the second without a reload.
    first.tap("Bid 4")
    first.see_exactly("Csilla · bid 4")  # her row; the bar says the hook, the dealer's turn
    for phone in (first, second):
        phone.see_exactly("Bids so far: 7 for 10")
        phone.see_exactly("Anna's bid")
        expect(phone.button("3: Not 3: the bids would make 10")).to_be_disabled()

    # Another program (a third screen, the command line) takes Csilla's bid back and makes it 2: no screen
    # hears of it. The second screen's tap for Anna then meets the changed game and is refused, not written.
    behind = GameStore(folder).open(saved.id)
    behind.undo()
    behind.bid(2, 2)
    second.tap("Bid 5")
    second.see("This game was changed on another screen meanwhile; it has been reloaded, so check it and try again")
    second.see_exactly("Bids so far: 5 for 10")
    second.see_exactly("Anna's bid")
    expect(second.button("5: Not 5: the bids would make 10")).to_be_disabled()
    expect(second.button("Bid 3")).to_be_enabled()
    stored = GameStore(folder).open(saved.id)
    assert stored.damage is None and stored.state.current.bids == (None, 3, 2)

    # The second screen's next bid goes through, and the first screen follows it.
    second.tap("Bid 3")
    for phone in (second, first):
        phone.see_exactly("Béla's tricks")
        phone.see_exactly("Tricks 0 of 10")
        phone.see_exactly("Bids 8 for 10 tricks: underbid by 2")
    assert GameStore(folder).open(saved.id).state.current.bids == (3, 3, 2)


def test_a_repair_is_told_on_the_tab_whose_action_met_it_and_not_on_another(open_phone, own_server, folder):
    store = GameStore(folder)
    saved = store.start(Game.new("herrlof", ["Zoë", "Ödön"]))
    for _ in range(2):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 15 if seat == 0 else 0)
        saved.record_tricks([15, 0])
    server = own_server()
    acting = open_phone(server.url, "acting-tab", accept_downloads=True)
    other = open_phone(server.url, "other-tab", accept_downloads=True)
    acting.leave_start("Past games")
    herrlof = acting.page.get_by_role("group", name=re.compile("^Herrlof · won by Zoë"))
    expect(herrlof).to_be_visible()
    path = folder / "games" / f"{saved.id}.json"
    path.write_bytes(path.read_bytes()[:50])  # cut short, as a full disk or a crash in another program might
    with acting.page.expect_download():
        herrlof.get_by_role("button", name="Sheet", exact=True).tap()
    acting.see("was not readable JSON (cut short, or damaged); it was moved to")
    other.leave_start("Past games")
    # The game is back from its backup (one write behind), listed as a person can see it, its card saying what
    # the repair lost (part of the game's history, on every tab); the notice of the moment is the acting tab's.
    expect(other.page.get_by_role("group", name=re.compile(
        "^Herrlof · .* Zoë \\d+ · Ödön \\d+ repaired on .* Its last change is lost: the game is back at hand 2, "
        "playing$"))).to_be_visible()
    expect(other.page.get_by_text("it was moved to", exact=False)).to_have_count(0)


def test_a_damaged_game_is_listed_and_opens_up_to_its_last_good_action(open_phone, own_server, folder):
    store = GameStore(folder)
    damaged = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))
    damaged.bid(1, 3)
    damaged.bid(2, 3)
    store.start(Game.new("rage", ["Dóra", "Ernő"]))
    path = folder / "games" / f"{damaged.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"]["4"] = {"at": "2026-11-22T10:00:00.000Z", "action": {"action": "bid", "player": 0, "bid": 4}}
    path.write_text(json.dumps(data), encoding="utf-8")
    path.with_name(path.name + ".bak").unlink()
    server = own_server()
    phone = open_phone(server.url, "damaged", accept_downloads=True)
    expect(phone.button(f"{OH_HELL} · damaged")).to_be_visible()
    phone.leave_start("Past games")
    broken = phone.page.get_by_role("group", name=re.compile(r"^Oh Hell \(BGA\) · damaged"))
    expect(broken).to_have_accessible_name(re.compile("action 4 cannot be replayed: hand 1, Anna: may not bid 4"))
    expect(phone.page.get_by_role("group", name=re.compile("^Rage · hand 1"))).to_be_visible()
    broken.get_by_role("button", name="Open", exact=True).tap()
    phone.see("This game is damaged on disk")
    phone.see("This game can only be looked at.")
    expect(phone.button("Undo")).to_have_count(0)
    expect(phone.button("Bid 0")).to_have_count(0)
    with phone.page.expect_download() as download:
        phone.tap("Save the record (JSON)")
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert record["hands"] == [{"bids": [None, 3, 3]}]
