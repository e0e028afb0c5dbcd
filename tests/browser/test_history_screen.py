"""Past games in the app: filter, look at a finished game, continue another, delete after a question."""

from __future__ import annotations

from phone import PHONE, Phone, Server
from playwright.sync_api import expect

from companion.history import GameStore
from scoring.game import Game


def test_past_games_filter_open_and_delete(browser, tmp_path):
    store = GameStore(tmp_path / "data")
    finished = store.start(Game.new("herrlof", ["Zoë", "Ödön"]), created="2026-10-01T18:00:00.000Z")
    for _ in range(2):
        for seat in finished.state.current.bidding_order:
            finished.bid(seat, 15 if seat == 0 else 0)
        finished.record_tricks([15, 0])
    store.start(Game.new("rage", ["Anna", "Béla"]), created="2026-11-01T18:00:00.000Z")
    server = Server(tmp_path / "data").start()
    try:
        context = browser.new_context(viewport=PHONE, device_scale_factor=1)
        page = context.new_page()
        page.set_default_timeout(15_000)
        phone = Phone(page, "history").open(server.url)
        phone.tap_until_seen("Past games", "Herrlof · 2026-10-01 · finished")
        phone.see("Rage · 2026-11-01 · hand 1")
        phone.shot("past games")
        phone.type_into("Player", "zoe")
        expect(phone.showing("Rage · 2026-11-01")).to_have_count(0)
        phone.shot("filtered")
        phone.tap_until_seen("Open", "Zoë wins!")
        assert page.get_by_role("button", name="Flip the coin").count() == 0
        phone.see("Finished game (read only)")
        assert page.get_by_role("button", name="Undo").count() == 0
        phone.shot("finished game, read only")
        phone.tap_until_seen("Back", "Herrlof · 2026-10-01 · finished")
        phone.tap_until_seen("Delete", "This cannot be undone.")
        phone.shot("delete question")
        page.get_by_role("button", name="Delete", exact=True).last.click()  # the question's own button, on top
        phone.see("Deleted.")
        expect(phone.showing("Herrlof · 2026-10-01")).to_have_count(0)
        assert [s.game for s in GameStore(tmp_path / "data").history().items] == ["rage"]
        context.close()
    finally:
        server.kill()
