"""Past games in the app: filter them, settle a coin flip left pending, delete after a question, look at a finished one."""

from __future__ import annotations

import re
import subprocess

from phone import BIDWELL
from playwright.sync_api import expect
from test_scoreboard import show_tab

from companion.store.games import GameStore
from companion.views.history import SCREEN_PAGE
from scoring.game import Game

TEN = ["Anna", "Béla", "Csilla", "Dóra", "Ernő", "Flóra", "Gábor", "Hanna", "Imre", "Júlia"]


def played_games(folder) -> GameStore:
    """A finished Herrlof (Zoë wins), a Rage at hand 1, and a Rage'n Glyphs tied after its final hand."""
    store = GameStore(folder)
    finished = store.start(Game.new("herrlof", ["Zoë", "Ödön"]), created="2026-10-01T18:00:00.000Z")
    for _ in range(2):  # Zoë bids 15 and takes 15 twice: 25 + 25; Ödön bids 0 and takes 0: 10 + 10
        for seat in finished.state.current.bidding_order:
            finished.bid(seat, 15 if seat == 0 else 0)
        finished.record_tricks([15, 0])
    store.start(Game.new("rage", ["Anna", "Béla"]), created="2026-11-01T18:00:00.000Z")
    # Skip Up with 10 players: 1, 3, 5, 7, 9 cards. Anna and Béla bid and take (cards - 1) / 2, Csilla 1:
    # all three 55, Csilla 11 in the final hand to their 14; Anna and Béla are still tied: a coin decides.
    tied = store.start(Game.new("rage-n-glyphs", TEN, options={"skip_up": True}),
                       created="2026-12-01T18:00:00.000Z")
    for cards in (1, 3, 5, 7, 9):
        wanted = {0: (cards - 1) // 2, 1: (cards - 1) // 2, 2: 1}
        for seat in tied.state.current.bidding_order:
            tied.bid(seat, wanted.get(seat, 0))
        tied.record_tricks([wanted.get(seat, 0) for seat in range(10)])
    assert tied.state.coin_flip_between == (0, 1)
    return store


def card(phone, title: str):
    """One past game's card; it reads its title, date and scores."""
    return phone.page.get_by_role("group", name=re.compile("^" + re.escape(title)))


def test_past_games_filter_settle_a_coin_flip_delete_and_open(open_phone, own_server, tmp_path):
    store = played_games(tmp_path / "data")
    server = own_server()
    phone = open_phone(server.url, "history")
    phone.leave_start("Past games")
    cards = phone.page.get_by_role("group", name=re.compile(r"^(Herrlof|Rage|Rage'n Glyphs) · "))
    expect(cards).to_have_count(3)  # newest first
    expect(cards.nth(0)).to_have_accessible_name(re.compile(
        r"^Rage'n Glyphs · tied, coin flip to make Dec 1, 2026, 6:00 PM Anna 55 · Béla 55 · Csilla 55 · Dóra 25"))
    # Dates as the phone's browser (en-US) writes them.
    expect(cards.nth(1)).to_have_accessible_name("Rage · hand 1 Nov 1, 2026, 6:00 PM Anna 0 · Béla 0")
    expect(cards.nth(2)).to_have_accessible_name("Herrlof · won by Zoë Oct 1, 2026, 6:00 PM Zoë 50 · Ödön 20")

    # The filters, folded to one line, unfold with a tap.
    phone.page.get_by_text("Filter: All games · every player", exact=True).tap()
    phone.pick("radio", "Rage")
    expect(cards).to_have_count(1)
    expect(card(phone, "Rage · hand 1")).to_be_visible()
    phone.pick("radio", "All games")
    expect(cards).to_have_count(3)

    # The tie waiting for its coin is settled from its card.
    card(phone, "Rage'n Glyphs · tied").get_by_role("button", name="Flip the coin", exact=True).tap()
    phone.see_exactly("Still tied after the final hand: Anna, Béla. Flip a coin.")
    expect(phone.button("Undo")).to_have_count(0)
    phone.tap("Flip the coin")
    phone.see_exactly("Tied after the final hand too; decided by the coin flip.")
    winner = phone.page.get_by_text(re.compile(r"^(Anna|Béla) wins!$"))
    expect(winner).to_be_visible()
    first = winner.inner_text().split()[0]
    phone.see_exactly(f"1. {first}: 55")
    expect(phone.button("Flip the coin")).to_have_count(0)
    phone.tap("Back")
    settled = card(phone, f"Rage'n Glyphs · won by {first} ")
    expect(settled).to_be_visible()
    expect(settled.get_by_role("button", name="Open", exact=True)).to_be_visible()

    # Deleting asks first; Cancel keeps the game.
    rage = card(phone, "Rage · hand 1")
    rage.get_by_role("button", name="Delete", exact=True).tap()
    question = phone.page.get_by_text("Delete this game of Rage with Anna, Béla? This cannot be undone.", exact=True)
    expect(question).to_be_visible()
    phone.tap("Cancel")
    expect(question).to_have_count(0)
    expect(cards).to_have_count(3)
    rage.get_by_role("button", name="Delete", exact=True).tap()
    expect(question).to_be_visible()
    phone.button("Delete").last.tap()  # the question's own button, drawn over the cards
    phone.see_exactly("Deleted.")
    expect(cards).to_have_count(2)
    expect(card(phone, "Rage · hand 1")).to_have_count(0)
    assert sorted(s.game for s in GameStore(tmp_path / "data").history().items) == ["herrlof", "rage-n-glyphs"]

    # A player's name, typed as it comes (no accent): only their game is left; it opens read-only.
    phone.tap_field("Player")
    phone.page.keyboard.type("zoe")
    phone.page.keyboard.press("Enter")
    expect(cards).to_have_count(1)
    card(phone, "Herrlof · won by Zoë").get_by_role("button", name="Open", exact=True).tap()
    phone.see_exactly("Game over")
    phone.see_exactly("Zoë wins!")
    phone.reads("1. Zoë: 50", "2. Ödön: 20")
    for gone in ("Undo", "Flip the coin", "Start screen"):
        expect(phone.button(gone)).to_have_count(0)
    expect(phone.button("Save the record (JSON)")).to_be_visible()
    # Its scoreboard, on its own tab, is read and not corrected.
    show_tab(phone, "Scoreboard")
    phone.reads("Hand 2 · 15 cards", "15/15 ✓ +25 → 50")
    expect(phone.button("Correct hand 1")).to_have_count(0)
    phone.tap("Back")
    expect(cards).to_have_count(1)
    assert store.open(next(s.id for s in store.history().items if s.game == "herrlof")).state.finished


def test_a_game_repaired_as_the_app_starts_is_said_on_the_console_the_start_screen_and_in_the_history_and_a_lost_one_named(
        open_phone, own_server, tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", ["Anna", "Béla", "Csilla"]))
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, 1)
    game_file = tmp_path / "data" / "games" / f"{saved.id}.json"
    whole = game_file.read_bytes()
    game_file.write_bytes(whole[: len(whole) // 2])  # a power cut mid-write: the last bid's save is cut short
    lost = store.start(Game.new("herrlof", ["Zoë", "Ödön"]))
    lost.bid(lost.state.current.bidding_order[0], 1)
    for ruined in (tmp_path / "data" / "games").glob(f"{lost.id}.json*"):
        ruined.write_bytes(b"\x00" * 64)

    server = own_server()
    phone = open_phone(server.url, "repaired")
    expect(phone.page.get_by_role("button", name="Herrlof · Zoë, Ödön · damaged")).to_be_visible()
    expect(phone.page.get_by_text("None")).to_have_count(0)
    line = phone.page.get_by_role("button", name=re.compile(r"Rage · hand 1 · Anna, Béla, Csilla · repaired"))
    expect(line).to_be_visible()
    expect(phone.page.get_by_text(re.compile(
        rf"its file was not readable JSON \(cut short, or damaged\), so its last good copy was put back \(the damaged "
        rf"file is kept as {saved.id}\.broken-[0-9-]+\.json\)\. Its last change is lost: the game is back at hand 1, "
        rf"bidding$"))).to_be_visible()
    assert re.search(rf"note: .*{saved.id}\.json was not readable JSON .* the last good copy was restored",
                     server.output)
    phone.shot("start-screen-repaired-game")

    server.kill()
    history = subprocess.run([str(BIDWELL), "--data", str(tmp_path / "data"), "history"], capture_output=True,
                             text=True, check=True).stdout
    assert re.search(rf"^{saved.id}: repaired on .*Its last change is lost: the game is back at hand 1, bidding$",
                     history, re.MULTILINE), history


def test_past_games_come_a_few_screens_at_a_time_and_more_brings_the_older_ones(open_phone, own_server, tmp_path):
    store = GameStore(tmp_path / "data")
    for day in range(1, SCREEN_PAGE + 3):
        store.start(Game.new("rage", ["Anna", f"Player {day}"]), created=f"2026-10-{day:02d}T18:00:00.000Z")
    phone = open_phone(own_server().url, "history-more")
    phone.leave_start("Past games")
    cards = phone.page.get_by_role("group", name=re.compile(r"^Rage · hand 1 "))
    newest = phone.page.get_by_role("group", name=re.compile(f"^Rage · hand 1 .*Anna 0 · Player {SCREEN_PAGE + 2} 0$"))
    expect(cards.first).to_have_accessible_name(re.compile(f"Anna 0 · Player {SCREEN_PAGE + 2} 0$"))
    # The list is built as it is scrolled (a ListView): at its foot, the last of the first page's games, then More;
    # the newest, screens above, is no longer built.
    more = phone.button("More")
    phone.scroll_to(more)
    expect(cards.last).to_have_accessible_name(re.compile("Anna 0 · Player 3 0$"))
    expect(newest).to_have_count(0)
    more.tap()
    oldest = phone.page.get_by_role("group", name=re.compile(r"^Rage · hand 1 .*Anna 0 · Player 1 0$"))
    phone.scroll_to(oldest)
    phone.scroll_to(phone.button("Import records (JSON)"))
    expect(cards.last).to_have_accessible_name(re.compile("Anna 0 · Player 1 0$"))
    expect(more).to_have_count(0)
