"""A scorekeeper at full speed: names typed one after the other, a whole hand tapped in as fast as the screen shows
each tap taken.

Nothing typed or tapped may be dropped: every name is seated in order, every
bid and trick count ends up in the players' rows of the next hand and on the scoreboard.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

NAMES = ["Anna", "さくら", "Ярослав", "Zoë", "Ευτυχία", "Noor"]


def test_names_typed_and_a_hand_tapped_as_fast_as_each_name_is_read(phone):
    phone.tap("New game")
    phone.pick("radio", "Rage")
    field = phone.tap_field("Player's name")
    for name in NAMES:  # the field keeps the focus after Enter: no tap between names
        phone.page.keyboard.type(name)
        phone.page.keyboard.press("Enter")
        expect(field).to_have_value("")
        phone.see_cursor_in(field)
    for seat, name in enumerate(NAMES, start=1):
        phone.see_exactly(f"{seat}. {name}")
    expect(phone.page.get_by_text(f"{len(NAMES) + 1}. ", exact=False)).to_have_count(0)
    phone.pick("radio", "Anna deals first")
    phone.tap("Start the game")
    phone.see_exactly("さくら's bid")

    # Anna deals, so さくら bids and leads first. Every tap below follows the last as soon as the screen shows it
    # taken: six rows of ten keys do not fit the phone, so the rows scroll to the turn's and every pad waits a
    # moment after each tap (a tap on a greyed key is not made; a bounce on the key just tapped is not taken:
    # tests/browser/test_safe_entry.py).
    order = NAMES[1:] + NAMES[:1]
    bids = {"さくら": 1, "Ярослав": 2, "Zoë": 0, "Ευτυχία": 3, "Noor": 1, "Anna": 2}
    tricks = {"さくら": 1, "Ярослав": 3, "Zoë": 0, "Ευτυχία": 3, "Noor": 1}  # Anna is given the 2 left
    for name in order:
        phone.see_exactly(f"{name}'s bid")
        phone.tap(f"Bid {bids[name]}")
    for name in order[:-1]:
        phone.tap(f"{name} took {tricks[name]}")  # the key's name is the player's own: only their pad has it
        phone.see_exactly(f"{name} took {tricks[name]} trick{'' if tricks[name] == 1 else 's'}")
    phone.see_exactly("Tricks 10 of 10")
    phone.tap("Score the hand")

    # Rage: 1 a trick, +10 for an exact bid, -5 for a missed one. Hand 2 opens with what hand 1 gave each row.
    phone.see_exactly("Hand 1 is scored")
    phone.see_exactly("Hand 2 of 10")
    phone.see_exactly("Ярослав's bid")
    for name, result, total in (("Anna", "✓ +12", "12"), ("さくら", "✓ +11", "11"), ("Ярослав", "× -2", "-2"),
                                ("Zoë", "✓ +10", "10"), ("Ευτυχία", "✓ +13", "13"), ("Noor", "✓ +11", "11")):
        phone.reads(result, f"{name}'s total: {total}")  # the row's last hand, then its total
    # The scoreboard: names and totals in seat order (the leader's starred), then hand 1 cell by cell (Anna dealt).
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    phone.reads("12", "11", "-2", "10", "★ 13", "11", "Hand 1 · 10 cards",
                "2/2 ✓ D", "+12 → 12", "1/1 ✓", "+11 → 11", "2/3 ×", "-2 → -2",
                "0/0 ✓", "+10 → 10", "3/3 ✓", "+13 → 13", "1/1 ✓", "+11 → 11")


def test_a_name_half_typed_stays_when_the_game_is_changed(phone):
    """Choosing another game redraws the options above the name field; the field and what it holds stay."""
    phone.tap("New game")
    field = phone.tap_field("Player's name")
    phone.page.keyboard.type("Anna")
    phone.see_typed(field, "Anna")
    phone.pick("radio", "Rage")  # Rage has other options than the game chosen before: the list changes length
    rage_rules = re.compile(r"^House rules\s+Bidding: Open · Off: Hose the Dealer$")
    expect(phone.page.get_by_role("button", name=rage_rules)).to_be_visible()
    phone.tap("Add player")
    phone.see_exactly("1. Anna")
    # As after Enter, the cursor is back in the emptied field for the next name.
    phone.see_cursor_in(field)
    expect(field).to_have_value("")
    phone.page.keyboard.type("Béla")
    phone.page.keyboard.press("Enter")
    phone.see_exactly("2. Béla")
