"""Two tabs on one data folder: a stale tab cannot overwrite a game, a repair is told only to the tab that met it,
and a damaged game is listed and opened as far as it goes."""

from __future__ import annotations

import json

import pytest
from phone import Server
from playwright.sync_api import expect

from companion.history import GameStore
from scoring.game import Game


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def serve(folder):
    servers: list[Server] = []

    def start() -> Server:
        server = Server(folder).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.kill()


def test_a_stale_tab_is_told_the_game_changed_on_another_screen_and_shows_the_new_state(open_phone, folder, serve):
    store = GameStore(folder)
    saved = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))  # hand 1: 10 cards, Anna deals
    saved.bid(1, 3)
    saved.bid(2, 3)
    server = serve()
    first = open_phone(server.url, "first-tab", accept_downloads=True)
    second = open_phone(server.url, "second-tab", accept_downloads=True)
    for phone in (first, second):
        phone.tap_until_seen("Oh Hell (BGA) · hand 1 · Anna, Béla, Csilla", "Anna's bid")
        phone.see("4 is not allowed (Hose the Dealer)")
    # The first tab takes Csilla's bid back and makes it 4: the log is as long as before, but now Anna may not bid 3.
    first.tap_until_seen("Undo", "Csilla's bid")
    first.tap_until_seen("Bid 4", "3 is not allowed (Hose the Dealer)")
    second.see("4 is not allowed (Hose the Dealer)")  # this tab has not heard of it
    second.tap("Bid 3")
    second.see("This game was changed on another screen meanwhile; it has been reloaded, so check it and try again")
    second.see_exactly("Csilla: 4")
    second.see("3 is not allowed (Hose the Dealer)")
    second.shot("stale tab told of the change")
    stored = GameStore(folder).open(saved.id)
    assert stored.damage is None and stored.state.current.bids == (None, 3, 4)


def test_a_repair_is_told_on_the_tab_whose_action_met_it_and_not_on_another(open_phone, folder, serve):
    store = GameStore(folder)
    saved = store.start(Game.new("herrlof", ["Zoë", "Ödön"]))
    for _ in range(2):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 15 if seat == 0 else 0)
        saved.record_tricks([15, 0])
    server = serve()
    acting = open_phone(server.url, "acting-tab", accept_downloads=True)
    other = open_phone(server.url, "other-tab", accept_downloads=True)
    acting.tap_until_seen("Past games", "Herrlof · ")
    path = folder / "games" / f"{saved.id}.json"
    path.write_bytes(path.read_bytes()[:50])  # cut short, as a full disk or a crash in another program might
    with acting.page.expect_download():
        acting.tap("Sheet")
    acting.see("was not readable JSON (cut short, or damaged); it was moved to")
    acting.shot("the repair told where it was met")
    other.tap_until_seen("Past games", "Herrlof · ")
    other.see("Zoë, Ödön")
    expect(other.page.get_by_text("was not readable JSON", exact=False)).to_have_count(0)
    other.shot("nothing told in the other tab")


def test_a_damaged_game_is_listed_and_opens_up_to_its_last_good_action(open_phone, folder, serve):
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
    server = serve()
    phone = open_phone(server.url, "damaged", accept_downloads=True)
    phone.see("Oh Hell (BGA) · hand 1 · Anna, Béla, Csilla · damaged")
    phone.tap_until_seen("Past games", "action 4 cannot be replayed: hand 1, Anna: may not bid 4")
    phone.see("Rage · ")
    phone.shot("damaged game listed")
    phone.page.get_by_role("button", name="Open", exact=True).first.click()
    phone.see("This game is damaged on disk")
    phone.see_exactly("Béla: 3")
    phone.see_exactly("Csilla: 3")
    assert phone.page.get_by_role("button", name="Undo").count() == 0
    assert phone.page.get_by_role("button", name="Bid 0").count() == 0
    phone.shot("damaged game opened read only")
    with phone.page.expect_download() as download:
        phone.tap("Save the record (JSON)")
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert record["hands"] == [{"bids": [None, 3, 3]}]
