"""Whole games of each of the four games, scored through the app in a phone-sized browser.

Every tap happens once; the test then waits, by ``expect``, for what a person
would look for before the next tap. The totals and winners are worked out by
hand from RULES.md in the comments.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from phone import PHONE, SMALL_PHONE
from playwright.sync_api import expect
from pypdf import PdfReader

DATE = r"\d{4}-\d{2}-\d{2}"


def new_game(phone, game: str, players: list[str], *, first_dealer: str, switches=(), choices=(), on=None) -> None:
    """Choose the game, unfold its house rules, tap the ``switches`` and pick the ``choices``, seat the players
    (each name typed, then Enter), pick the dealer, and start once exactly the switches ``on`` are on (by default the
    ones tapped: a game whose own default is on says which)."""
    phone.tap("New game")
    phone.pick("radio", game)
    phone.unfold("House rules")
    for label in switches:
        phone.pick("switch", label)
    for label in choices:
        phone.pick("radio", label)
    phone.enter_lines("Player's name", players)
    for seat, name in enumerate(players, start=1):
        phone.see_exactly(f"{seat}. {name}")
    phone.pick("radio", f"{first_dealer} deals first")
    # Look the screen over before starting, as a scorekeeper would: exactly the options asked for.
    for switch in phone.page.get_by_role("switch").all():
        expect(switch).to_be_checked(checked=switch.get_attribute("aria-label") in (switches if on is None else on))
    for label in (game, *choices):
        expect(phone.page.get_by_role("radio", name=label, exact=True)).to_be_checked()
    phone.tap("Start the game")


def bid(phone, name: str, value: int, *, private: bool = False) -> None:
    """``name`` bids ``value``: said aloud, or alone with the phone behind the pass-the-phone cover."""
    if private:
        phone.see_exactly(f"Hand the phone to {name}")
        phone.tap(f"I am {name}")
        phone.see_exactly(f"{name}, your bid. Nobody else sees it.")
    else:
        phone.see_exactly(f"{name}'s bid")
    phone.tap(f"Bid {value}")


def took(phone, *counts: tuple[str, int], cards: int | None = None) -> None:
    """Tap each player's count on the player's own pad, and see it taken (once the counts tapped reach the hand's
    ``cards``, everyone else is 0 without being asked)."""
    placed = 0
    for name, count in counts:
        phone.tap(f"{name} took {count}")
        phone.see_exactly(f"{name} took {count} trick{'' if count == 1 else 's'}")
        placed += count
        if placed == cards:
            break


def sheet_text(path) -> str:  # noqa: ANN001 - a downloaded file's path
    """A PDF sheet's text, page after page, with every run of spaces and line breaks made one space."""
    return " ".join(" ".join(page.extract_text(extraction_mode="layout").split()) for page in PdfReader(path).pages)


def score(phone, number: int, cards: int, check: str | None = None) -> None:
    """See every trick counted, score the hand, and see it scored (the hand's results are on the scoreboard:
    :func:`on_the_board`)."""
    phone.see_exactly(check or f"Tricks {cards} of {cards}")
    phone.tap("Score the hand")
    phone.see_exactly(f"Hand {number} is scored")


def tab(phone, name: str) -> None:
    """Open the game's tab ``name`` on the bottom bar (Hand, Scoreboard, Standings, Charts)."""
    phone.page.get_by_role("tab", name=re.compile(f"^{name}")).tap()
    expect(phone.page.get_by_role("tab", name=re.compile(f"^{name}"))).to_have_attribute("aria-selected", "true")


def on_the_board(phone, *lines: str) -> None:
    """The Scoreboard tab reads ``lines`` one after the other (a hand's heading, then each player's cell: bid/tricks
    and mark, points → total); then back to the hand."""
    tab(phone, "Scoreboard")
    phone.reads(*lines)
    tab(phone, "Hand")


def open_counted(phone, name: str, count: int = 0) -> None:
    """Unfold the cards ``name`` counted in the hand (Rage's ±5, Skull King's captures): their steppers show."""
    phone.tap(f"{name}'s counted cards: {count}")


def test_herrlof_with_secret_bids_destroyed_tricks_and_the_downloads(phone):
    new_game(phone, "Herrlof", ["Anna", "さくら"], first_dealer="Anna")
    phone.see_exactly("Hand 1 · race to 50")
    phone.see_exactly("15 cards each")
    phone.see_exactly("Anna deals · さくら bids first and leads")
    phone.see_exactly("Secret bids (shown after the tricks)")
    bid(phone, "さくら", 4, private=True)
    bid(phone, "Anna", 9, private=True)
    # The tricks come straight after the last bid; the bids stay secret until the hand is scored.
    phone.see_exactly("Everyone has bid. The bids stay secret until the tricks are in.")
    took(phone, ("さくら", 4))
    phone.see_exactly("Tricks 15; between 12 and 15 allowed")  # Anna was given the 11 left
    phone.reads("Anna", "Anna deals", "took 11")
    expect(phone.button("Anna's bid: secret. Change it")).to_be_visible()
    # Two tricks went to Valknuts: Anna's count is set to 9 on her pad.
    took(phone, ("Anna", 9))
    # Anna 9 tricks + 10 for the exact bid = 19; さくら 4 + 5 (exactly 4) + 10 = 19.
    score(phone, 1, 15, "Tricks 13; between 12 and 15 allowed")
    on_the_board(phone, "Hand 1 · 15 cards", "9/9 ✓ D", "+19 → 19", "4/4 ✓", "+19 → 19")
    phone.see_exactly("Anna and さくら are ahead with 19")
    phone.see_exactly("Hand 2 · race to 50")
    bid(phone, "Anna", 3, private=True)
    bid(phone, "さくら", 10, private=True)
    took(phone, ("Anna", 3))
    phone.see_exactly("Tricks 15; between 12 and 15 allowed")  # さくら was given the 12 left
    took(phone, ("さくら", 10))
    # Anna 3 + 5 + 10 = 18, 37 in all; さくら 10 + 10 = 20, 39.
    score(phone, 2, 15, "Tricks 13; between 12 and 15 allowed")
    on_the_board(phone, "Hand 2 · 15 cards", "3/3 ✓", "+18 → 37", "10/10 ✓ D", "+20 → 39")
    phone.see_exactly("さくら is ahead with 39")
    bid(phone, "さくら", 0, private=True)
    bid(phone, "Anna", 15, private=True)
    took(phone, ("さくら", 0))
    # Anna 15 + 10 = 25: 62, past 50, and the game ends; さくら 0 + 10 = 10: 49.
    phone.see_exactly("Tricks 15; between 12 and 15 allowed")
    phone.tap("Score the hand")
    phone.see_exactly("Game over")
    phone.see_exactly("Anna wins!")
    phone.see_exactly("1. Anna: 62")
    phone.see_exactly("2. さくら: 49")

    with phone.page.expect_download() as download:
        phone.tap("Save the score sheet (PDF)")
    name = download.value.suggested_filename
    assert re.fullmatch(rf"bidwell-herrlof-{DATE}-anna-さくら\.pdf", name), name
    phone.see_exactly(f"Saved {name} to your downloads.")
    sheet = sheet_text(download.value.path())
    assert sheet.startswith("Herrlof: scores 2 players · Bidding: Secret"), sheet
    # Each hand: number, cards, dealer, then per player bid, mark, tricks, points, total.
    for line in ("Anna さくら", "1 15 Anna 9 ✓ 9 19 19 4 ✓ 4 19 19", "2 15 さくら 3 ✓ 3 18 37 10 ✓ 10 20 39",
                 "3 15 Anna 15 ✓ 15 25 62 0 ✓ 0 10 49", "Anna wins!"):
        assert line in sheet, (line, sheet)
    with phone.page.expect_download() as download:
        phone.tap("Save the record (JSON)")
    name = download.value.suggested_filename
    assert re.fullmatch(rf"bidwell-herrlof-{DATE}-anna-さくら\.json", name), name
    phone.see_exactly(f"Saved {name} to your downloads.")
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["game"] == "herrlof" and record["players"] == ["Anna", "さくら"] and record["first_dealer"] == 0
    assert [(hand["bids"], hand["tricks"]) for hand in record["hands"]] == [
        ([9, 4], [9, 4]), ([3, 10], [3, 10]), ([15, 0], [15, 0])]


def test_rage_n_glyphs_with_hidden_bids_ends_in_a_coin_flip(phone):
    names = ["Anna", "Béla", "Łucja", "Ödön", "Zoë", "Ярослав", "Ευτυχία", "Jürgen", "Noor", "Kenji"]
    new_game(phone, "Rage'n Glyphs", names, first_dealer="Anna", switches=["Skip Up"], choices=["Hidden"])
    # Skip Up with 10 players: hands of 1, 3, 5, 7, 9 cards. Every hand Anna and Béla each bid and take
    # (cards - 1) / 2 and Łucja 1; the others bid and take 0 (5 points for a 0 made, 10 + tricks otherwise).
    # Anna = Béla = 5 + 11 + 12 + 13 + 14 = 55; Łucja 5 x 11 = 55 too, but scores 11 in the final hand to
    # their 14; the others 5 x 5 = 25. Anna and Béla are tied after the final hand: a coin decides.
    for number, cards in enumerate((1, 3, 5, 7, 9), start=1):
        phone.see_exactly(f"Hand {number} of 5")
        phone.see_exactly(f"{cards} card{'s' if cards > 1 else ''} each")
        half = (cards - 1) // 2
        bids = {"Anna": half, "Béla": half, "Łucja": 1}
        dealer = number - 1
        order = [names[(dealer + 1 + k) % 10] for k in range(10)]
        for position, name in enumerate(order):
            if number == 1 and position == 1:  # the private pad counts the bids in, and shows none of them
                phone.see_exactly(f"Hand the phone to {name}")
                phone.tap(f"I am {name}")
                phone.see_exactly(f"{name}, your bid. Nobody else sees it.")
                phone.see_exactly("1 of 10 have bid")
                phone.tap(f"Bid {bids.get(name, 0)}")
            else:
                bid(phone, name, bids.get(name, 0), private=True)
        # Hidden bids are shown together once all are in, and the tricks come at once.
        phone.see_exactly(f"Bids {cards} for {cards} trick{'s' if cards > 1 else ''}")
        if number == 1:
            expect(phone.button("Łucja's bid: 1. Change it")).to_be_visible()
        took(phone, *[(name, bids.get(name, 0)) for name in order[:-1]], cards=cards)
        if number == 5:
            phone.see_exactly("Tricks 9 of 9")
            phone.tap("Score the hand")
        else:
            score(phone, number, cards)
        if number == 1:
            on_the_board(phone, "0/0 ✓ D", "+5 → 5", "0/0 ✓", "+5 → 5", "1/1 ✓", "+11 → 11")
    phone.see_exactly("Game over")
    phone.see_exactly("Still tied after the final hand: Anna, Béla. Flip a coin.")
    # Until the coin decides, the places follow the totals alone.
    phone.reads("1. Anna: 55", "1. Béla: 55", "1. Łucja: 55", "4. Ödön: 25")
    phone.tap("Flip the coin")
    phone.see_exactly("Tied after the final hand too; decided by the coin flip.")
    winner = phone.page.get_by_text(re.compile(r"^(Anna|Béla) wins!$"))
    expect(winner).to_be_visible()
    first = winner.inner_text().split()[0]
    second = "Béla" if first == "Anna" else "Anna"
    phone.reads(f"1. {first}: 55", f"2. {second}: 55", "2. Łucja: 55", "4. Ödön: 25")
    phone.see_exactly("4. Kenji: 25")
    expect(phone.button("Flip the coin")).to_have_count(0)


def test_oh_hell_greys_out_the_bid_the_hook_forbids(phone):
    new_game(phone, "Oh Hell (BGA)", ["Anna", "Béla", "Csilla"], first_dealer="Csilla", choices=["Short - Up"])
    # short-up with 3 players: hands of 1 to 10 cards; the hook is always on.
    phone.see_exactly("Hand 1 of 10")
    phone.see_exactly("Csilla deals · Anna bids first and leads")
    phone.see_exactly("Bids said aloud · Hose the Dealer")
    bid(phone, "Anna", 0)
    bid(phone, "Béla", 0)
    phone.see_exactly("Csilla's bid")
    phone.see_exactly("Bids so far: 0 for 1")
    forbidden = phone.button("1: Not 1: the bids would make 1")
    expect(forbidden).to_be_disabled()
    expect(phone.button("Bid 1")).to_have_count(0)
    phone.see_exactly("Not 1: the bids would make 1")
    phone.tap("Bid 0")
    phone.see_exactly("Bids 0 for 1 trick: underbid by 1")
    took(phone, ("Anna", 0), ("Béla", 0))
    score(phone, 1, 1)
    on_the_board(phone, "Hand 1 · 1 card", "0/0 ✓", "+10 → 10", "0/0 ✓", "+10 → 10", "0/1 × D", "+1 → 1")
    for number in range(2, 11):
        phone.see_exactly(f"Hand {number} of 10")
        order = [["Anna", "Béla", "Csilla"][(2 + number + k) % 3] for k in range(3)]
        for name in order:
            bid(phone, name, 0)
        took(phone, (order[0], 0), (order[1], 0))
        if number < 10:
            score(phone, number, number)
    # Everyone bids 0; the dealer takes every trick and scores them (missed: tricks only), the others 10.
    # Anna deals hands 2, 5, 8: 15 + 7 x 10 = 85; Béla 3, 6, 9: 18 + 70 = 88;
    # Csilla 1 (1 point), 4, 7, 10: 22 + 6 x 10 = 82.
    phone.see_exactly("Tricks 10 of 10")
    phone.tap("Score the hand")
    phone.see_exactly("Game over")
    phone.see_exactly("Béla wins!")
    phone.see_exactly("1. Béla: 88")
    phone.see_exactly("2. Anna: 85")
    phone.see_exactly("3. Csilla: 82")


def test_rage_with_action_cards_undos_and_a_correction(phone):
    new_game(phone, "Rage", ["Anna", "Béla"], first_dealer="Anna")
    phone.see_exactly("Hand 1 of 10")
    bid(phone, "Béla", 4)
    bid(phone, "Anna", 5)
    took(phone, ("Béla", 4))
    phone.see_exactly("Tricks 10 of 10")  # Anna was given the 6 left
    open_counted(phone, "Anna")
    phone.tap("+5 cards of Anna: one more")
    phone.see_exactly("+5 cards of Anna: 1")
    # Anna bid 5 took 6: 6 - 5 + 5 (a +5 card) = 6; Béla 4/4: 14.
    score(phone, 1, 10)
    on_the_board(phone, "Hand 1 · 10 cards", "5/6 × D", "+6 → 6", "+5 cards×1", "4/4 ✓", "+14 → 14")
    # The score taken back: the hand returns with its counts and cards, and can be scored again at once.
    phone.tap("Undo")  # a score taken back is asked about first
    expect(phone.page.get_by_role("alertdialog")).to_contain_text(
        "Take back the score of hand 1? Its trick counts come back, to be changed and scored again.")
    phone.tap("Take it back")
    phone.see_exactly("Undone: the score of hand 1; its tricks are back to change.")
    open_counted(phone, "Anna", 1)
    phone.see_exactly("+5 cards of Anna: 1")
    score(phone, 1, 10)
    on_the_board(phone, "Hand 1 · 10 cards", "5/6 × D", "+6 → 6", "+5 cards×1", "4/4 ✓", "+14 → 14")

    phone.see_exactly("Hand 2 of 10")
    bid(phone, "Anna", 3)
    phone.see_exactly("Anna bids 3")
    expect(phone.button("Anna: bid 3")).to_be_enabled()
    phone.tap("Undo")
    phone.see_exactly("Undone: Anna's bid of 3.")
    bid(phone, "Anna", 4)
    bid(phone, "Béla", 5)
    took(phone, ("Anna", 4))
    phone.see_exactly("Tricks 9 of 9")  # Béla was given the 5 left
    open_counted(phone, "Béla")
    phone.tap("+5 cards of Béla: one more")
    phone.see_exactly("+5 cards of Béla: 1")
    phone.tap("+5 cards of Béla: one less")
    phone.see_exactly("+5 cards of Béla: 0")
    phone.tap("-5 cards of Béla: one more")
    phone.see_exactly("-5 cards of Béla: 1")
    # Anna 4/4: 14, total 20; Béla 5/5 - 5 (a -5 card): 10, total 24.
    score(phone, 2, 9)
    on_the_board(phone, "Hand 2 · 9 cards", "4/4 ✓", "+14 → 20", "5/5 ✓ D", "+10 → 24", "-5 cards×1")

    tab(phone, "Scoreboard")
    phone.tap("Correct hand 1")
    phone.see_exactly("10 cards each · Anna deals")
    phone.tap("Béla's bid: one more")
    phone.see_exactly("Béla's bid: 5")
    phone.see_exactly("× -1 points")  # Béla bid 5 took 4: 4 - 5
    phone.tap("Anna's tricks: one less")
    phone.see_exactly("Anna's tricks: 5")
    phone.see_exactly("Tricks 9 of 10")
    expect(phone.button("Save the correction")).to_be_disabled()
    phone.tap("Béla's tricks: one more")
    phone.see_exactly("Béla's tricks: 5")
    phone.see_exactly("Tricks 10 of 10")
    phone.tap("Save the correction")
    phone.see_exactly("Hand 1 corrected; every later total follows.")
    # Hand 1 now: Anna 5/5 + 5 = 20, Béla 5/5 = 15. Totals: Anna 20 + 14 = 34, Béla 15 + 10 = 25.
    phone.reads("Hand 1 · 10 cards", "5/5 ✓ D", "+20 → 20", "+5 cards×1", "5/5 ✓", "+15 → 15",
                "Hand 2 · 9 cards", "4/4 ✓", "+14 → 34", "5/5 ✓ D", "+10 → 25", "-5 cards×1")
    tab(phone, "Hand")
    for number in range(3, 11):
        cards = 11 - number
        phone.see_exactly(f"Hand {number} of 10")
        if number % 2:  # Anna deals, Béla bids first
            bid(phone, "Béla", 0)
            bid(phone, "Anna", 0)
            took(phone, ("Béla", 0))
        else:
            bid(phone, "Anna", 0)
            bid(phone, "Béla", 0)
            took(phone, ("Anna", cards))
        if number < 10:
            score(phone, number, cards)
    # Hands 3-10 (8 down to 1 cards): Anna bids 0 and takes them all: cards - 5 each, -4 in all: 30.
    # Béla bids 0 and takes 0: 10 a hand, 80: 105.
    phone.see_exactly("Tricks 1 of 1")
    phone.tap("Score the hand")
    phone.see_exactly("Game over")
    phone.see_exactly("Béla wins!")
    phone.see_exactly("1. Béla: 105")
    phone.see_exactly("2. Anna: 30")


def test_a_name_with_a_control_character_or_too_long_is_refused_and_stays_in_the_field(phone):
    phone.tap("New game")
    phone.pick("radio", "Rage")
    field = phone.enter_lines("Player's name", ["Anna"])
    phone.see_exactly("1. Anna")
    phone.page.keyboard.insert_text("Béla\u001b[2J")
    expect(field).to_have_value("Béla\u001b[2J")
    phone.page.keyboard.press("Enter")
    phone.see("holds a control character (\\x1b)")
    expect(field).to_have_value("Béla\u001b[2J")
    # The refused name is still there to mend: select it and type over it, then add with the button.
    long_name = "Maximiliane Wolfeschlegelsteinhausenberger"  # 42 letters
    phone.page.keyboard.press("ControlOrMeta+A")
    phone.page.keyboard.type(long_name)
    phone.see_typed(field, long_name)
    phone.tap("Add player")
    phone.see("name is longer than 40 characters")
    expect(field).to_have_value(long_name)
    expect(phone.page.get_by_text(re.compile(r"^\d+\. (Béla|Maxi)"))).to_have_count(0)


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_once_every_trick_is_placed_the_rest_are_0_without_a_tap(open_phone, server, viewport):
    phone = open_phone(server.url, f"zeros-{viewport['width']}", viewport=viewport)
    players = ["Anna", "Béla", "Csilla", "Dóra", "Emil"]
    new_game(phone, "Rage", players, first_dealer="Anna")
    for name in ["Béla", "Csilla", "Dóra", "Emil", "Anna"]:
        bid(phone, name, 0)
    # Rage for 5 deals 10 cards in hand 1; Béla and Csilla take them all, so Dóra, Emil and Anna are not asked.
    took(phone, ("Béla", 6), ("Csilla", 4))
    phone.see_exactly("Every trick is placed, so Dóra, Emil, and Anna took none")
    for name in ["Dóra", "Emil", "Anna"]:
        # Their pads offer only the 0 they were given: every trick is placed.
        zero = phone.button(f"{name} took 0")
        phone.scroll_to(zero)  # five rows of ten keys: they scroll
        expect(zero).to_be_enabled()
        expect(phone.page.get_by_role("button", name=re.compile(f"^{name} took"))).to_have_count(1)
        expect(phone.button(f"{name}'s bid: 0. Change it")).to_be_visible()
        phone.reads("took 0", "✓ +10", f"{name}'s total: 0")
    score(phone, 1, 10)
    phone.see_exactly("Hand 2 of 10")
