"""Whole games of each of the four games, scored through the app in a phone-sized browser."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect
from pypdf import PdfReader




def new_game(phone, game: str, players: list[str], *, first_dealer: str, switches=(), choices=()) -> None:
    phone.tap("New game")
    phone.choose("radio", game)
    for label in switches:
        phone.choose("switch", label)
    for label in choices:
        phone.choose("radio", label)
    for name in players:
        phone.add_player(name)
    phone.choose("radio", f"{first_dealer} deals first")
    # Look the screen over before starting, as a scorekeeper would: exactly the options asked for.
    for switch in phone.page.get_by_role("switch").all():
        expect(switch).to_be_checked(checked=switch.get_attribute("aria-label") in switches)
    for label in (game, *choices):
        expect(phone.page.get_by_role("radio", name=label, exact=True)).to_be_checked()
    phone.shot(f"new {game}")
    phone.tap_until_gone("Start the game", "Start the game")


def bid(phone, name: str, value: int, private: bool = False) -> None:
    if private:
        phone.see(f"Hand the phone to {name}")
        phone.tap_until_gone(f"I am {name}", f"Hand the phone to {name}")
        prompt = f"{name}, your bid. Nobody else sees it."
    else:
        prompt = f"{name}'s bid"
    phone.see_exactly(prompt)
    phone.tap_until_gone(f"Bid {value}", prompt)


def tricks(phone, counts: dict[str, int], cards: dict[str, dict[str, int]] | None = None) -> None:
    """Enter the tricks (and Rage's cards), waiting for each tap to show before the next, as a person would."""
    phone.tap_until_gone("Enter the tricks", "Play the hand, then enter the tricks.")
    for name, count in counts.items():
        phone.step_to(f"More for {name}", name, count)
    for label, per_player in (cards or {}).items():
        for name, count in per_player.items():
            phone.step_to(f"One {label} more for {name}", f"{label} of {name}", count)
    phone.shot("tricks")
    phone.tap_until_gone("Score the hand", "Score the hand")


def test_herrlof_with_secret_bids_ends_at_fifty(phone):
    new_game(phone, "Herrlof", ["Anna", "さくら"], first_dealer="Anna")
    phone.see("Hand 1 · race to 50")
    phone.see("15 cards each")
    phone.shot("cover")
    bid(phone, "さくら", 0, private=True)
    bid(phone, "Anna", 15, private=True)
    phone.see("The bids stay secret until the tricks are in.")
    phone.see("さくら: secret")
    phone.shot("secret bids in play")
    tricks(phone, {"Anna": 15})
    # Anna 15 tricks + 10 for the exact bid = 25; さくら bid 0 took 0 = 10.
    phone.see("Anna leads with 25")
    bid(phone, "Anna", 15, private=True)
    bid(phone, "さくら", 0, private=True)
    tricks(phone, {"Anna": 15})
    phone.see("Game over")
    phone.see("Anna wins!")
    phone.see("1. Anna: 50")
    phone.see("2. さくら: 20")
    phone.shot("game over")
    with phone.page.expect_download() as download:
        phone.tap("Save the score sheet (PDF)")
    sheet = " ".join(" ".join(p.extract_text(extraction_mode="layout").split())
                     for p in PdfReader(download.value.path()).pages)
    assert "Herrlof: scores" in sheet and "Winner: Anna" in sheet and "さくら" in sheet
    with phone.page.expect_download() as download:
        phone.tap("Save the record (JSON)")
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["players"] == ["Anna", "さくら"] and len(record["hands"]) == 2


def test_rage_n_glyphs_with_hidden_bids_ends_in_a_coin_flip(phone):
    names = ["Anna", "Béla", "Łucja", "Ödön", "Zoë", "Ярослав", "Ευτυχία", "Jürgen", "Noor", "Kenji"]
    new_game(phone, "Rage'n Glyphs", names, first_dealer="Anna", switches=["Skip Up"], choices=["hidden"])
    # Skip Up with 10 players: hands of 1, 3, 5, 7, 9 cards. Every hand Anna and Béla each bid and take
    # (cards - 1) / 2 and Łucja 1; the others bid and take 0. Anna = Béla = 5 + 11 + 12 + 13 + 14 = 55;
    # Łucja 5 x 11 = 55 too, but scores 11 in the final hand to their 14; the others 5 x 5 = 25.
    for number, cards in enumerate((1, 3, 5, 7, 9), start=1):
        phone.see(f"Hand {number} of 5")
        half = (cards - 1) // 2
        bids = {"Anna": half, "Béla": half, "Łucja": 1}
        dealer = number - 1
        order = [names[(dealer + 1 + k) % 10] for k in range(10)]
        for position, name in enumerate(order):
            bid(phone, name, bids.get(name, 0), private=True)
            if number == 1 and position == 0:
                phone.see(f"Hand the phone to {order[1]}")
                phone.shot("cover between private bids")
        phone.see("Everyone has bid. The bids:")
        phone.see(f"Bids {cards} for {cards} trick{'s' if cards > 1 else ''}")
        if number == 1:
            phone.shot("hidden bids revealed together")
        tricks(phone, {name: count for name, count in bids.items() if count})
    phone.see("Still tied after the final hand: Anna, Béla. Flip a coin.")
    phone.shot("tie waiting for the coin")
    phone.tap_until_gone("Flip the coin", "Flip the coin")
    phone.see("Tied after the final hand too; decided by the coin flip.")
    winner = "Anna" if phone.page.get_by_text("Anna wins!").count() else "Béla"
    phone.see(f"{winner} wins!")
    phone.see(f"1. {winner}: 55")
    phone.shot("coin flip decided")


def test_oh_hell_refuses_the_bid_the_hook_forbids(phone):
    new_game(phone, "Oh Hell (BGA)", ["Anna", "Béla", "Csilla"], first_dealer="Csilla", choices=["short-up"])
    # short-up with 3 players: hands of 1 to 10 cards; the hook is always on.
    phone.see("Hand 1 of 10")
    bid(phone, "Anna", 0)
    bid(phone, "Béla", 0)
    phone.see("1 is not allowed (Hose the Dealer)")
    phone.shot("the forbidden bid struck out")
    phone.tap_until_seen("1 is not allowed (Hose the Dealer)",
                         "Hand 1, Csilla: may not bid 1: the bids would add up to the 1 trick in this hand")
    phone.shot("hook refusal")
    bid(phone, "Csilla", 0)
    phone.see("Bids 0 for 1 trick: underbid by 1")
    tricks(phone, {"Csilla": 1})
    for number in range(2, 11):
        phone.see(f"Hand {number} of 10")
        order = [["Anna", "Béla", "Csilla"][(2 + number + k) % 3] for k in range(3)]
        for name in order:
            bid(phone, name, 0)
        tricks(phone, {order[2]: number})
    # Everyone bids 0; the dealer takes every trick and scores them (missed: tricks only), the others 10.
    # Anna deals hands 2, 5, 8: 15 + 7 x 10 = 85; Béla 3, 6, 9: 18 + 70 = 88;
    # Csilla 1 (1 point), 4, 7, 10: 22 + 6 x 10 = 82.
    phone.see("Béla wins!")
    phone.see("1. Béla: 88")
    phone.see("2. Anna: 85")
    phone.see("3. Csilla: 82")
    phone.shot("oh hell over")


def test_rage_with_action_cards_an_undo_and_a_correction(phone):
    new_game(phone, "Rage", ["Anna", "Béla"], first_dealer="Anna")
    phone.see("Hand 1 of 10")
    bid(phone, "Béla", 4)
    bid(phone, "Anna", 5)
    tricks(phone, {"Anna": 6, "Béla": 4}, {"+5 cards": {"Anna": 1}})
    # Anna bid 5 took 6: 6 - 5 + 5 (a +5 card) = 6; Béla 4/4: 14.
    phone.see_exactly("Anna  6")
    phone.see_exactly("Béla  14")
    bid(phone, "Anna", 3)
    phone.see_exactly("Anna: 3")
    phone.tap_until_gone("Undo", "Anna: 3")
    phone.see("Undone.")
    phone.see("Anna's bid")
    phone.shot("after undo")
    bid(phone, "Anna", 4)
    bid(phone, "Béla", 5)
    tricks(phone, {"Anna": 4, "Béla": 5}, {"-5 cards": {"Béla": 1}})
    # Anna 4/4: 14, total 20; Béla 5/5 - 5 (a -5 card): 10, total 24.
    phone.see_exactly("Anna  20")
    phone.see_exactly("Béla  24")
    phone.tap_until_seen("Correct hand 1", "Save the correction")
    phone.step_to("Less for Anna", "Anna's tricks", 5)
    phone.step_to("More for Béla", "Béla's tricks", 5)
    phone.shot("correcting hand 1")
    phone.tap_until_gone("Save the correction", "Save the correction")
    phone.see("Hand 1 corrected; every later total follows.")
    # Hand 1 now: Anna 5/5 + 5 = 20, Béla bid 4 took 5: 5 - 5 = 0. Totals: Anna 34, Béla 10.
    phone.see_exactly("Anna  34")
    phone.see_exactly("Béla  10")
    phone.shot("after the correction")
    for number in range(3, 11):
        cards = 11 - number
        phone.see(f"Hand {number} of 10")
        first, dealer = ("Béla", "Anna") if number % 2 else ("Anna", "Béla")
        bid(phone, first, 0)
        bid(phone, dealer, 0)
        tricks(phone, {"Anna": cards})
    # Hands 3-10 (8 down to 1 cards): Anna bids 0 and takes them all: cards - 5 each, -4 in all: 30.
    # Béla bids 0 and takes 0: 10 a hand, 80: 90.
    phone.see("Béla wins!")
    phone.see("1. Béla: 90")
    phone.see("2. Anna: 30")
    phone.shot("rage over")


def test_a_name_too_long_or_with_a_control_character_is_refused_and_stays_in_the_field(phone):
    phone.tap("New game")
    phone.choose("radio", "Rage")
    phone.add_player("Anna")
    long_name = "Maximiliane Wolfeschlegelsteinhausenberger"  # 42 letters
    phone.type_into("Player's name", long_name, submit=False)
    phone.tap("Add player")
    phone.see("name is longer than 40 characters")
    expect(phone.page.get_by_role("textbox", name="Player's name")).to_have_value(long_name)
    phone.shot("long name refused")
    phone.type_into("Player's name", "Béla\u001b[2J", submit=False)
    phone.tap("Add player")
    phone.see("holds a control character (\\x1b)")
    expect(phone.page.get_by_role("textbox", name="Player's name")).to_have_value("Béla\u001b[2J")
    assert phone.page.get_by_text(". Béla", exact=False).count() == 0
    phone.shot("control character refused")
