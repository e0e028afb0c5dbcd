"""The relatives shipped as game files (issue 28), scored through the app in a phone-sized browser with hidden
bids: Skull King (its captures counted per player), Wizard (the hook from the second hand on) and Up and Down the
River (one point a trick off).

Every tap happens once; the test then waits, by ``expect``, for what a person would look for before the next tap.
The points are worked out by hand from RULES.md section 5 in the comments.
"""

from __future__ import annotations

from playwright.sync_api import expect
from test_games import bid, new_game, on_the_board, open_counted, score, took

FOURTEENS = "14s captured (yellow, purple, green)"


def test_skull_king_hidden_bids_captures_and_a_zero_bid_by_the_cards(phone):
    players = ["Anna", "Béla", "Csilla", "Dóra"]
    new_game(phone, "Skull King", players, first_dealer="Anna")
    phone.see_exactly("Hand 1 of 10")
    phone.see_exactly("1 card each")
    phone.see_exactly("Anna deals · Béla bids first and leads")
    phone.see_exactly("Hidden bids (shown when all are in)")  # Skull King's own default: every fist at once
    for name, value in [("Béla", 1), ("Csilla", 0), ("Dóra", 0), ("Anna", 0)]:
        bid(phone, name, value, private=True)
    phone.see_exactly("Bids 1 for 1 trick")
    took(phone, ("Béla", 1), cards=1)
    phone.see_exactly("Tricks 1 of 1")
    open_counted(phone, "Béla")
    phone.tap(f"{FOURTEENS} of Béla: one more")
    phone.see_exactly(f"{FOURTEENS} of Béla: 1")
    # Five kinds of captures for each player: each counter reads whole on a phone's width.
    phone.shows_whole(phone.shot("skull king captures"), f"{FOURTEENS} of Béla: 1")
    # Béla 1 made: 20 + a 14 captured 10 = 30; a bid of 0 made: 10 x 1 card = 10.
    score(phone, 1, 1)
    # Béla's cell is followed by his capture; Csilla's and Dóra's after it.
    on_the_board(phone, "Hand 1 · 1 card", "0/0 ✓ D", "+10 → 10", "1/1 ✓", "+30 → 30")
    on_the_board(phone, "0/0 ✓", "+10 → 10", "0/0 ✓", "+10 → 10")

    phone.see_exactly("Hand 2 of 10")
    phone.see_exactly("Béla deals · Csilla bids first and leads")
    for name, value in [("Csilla", 0), ("Dóra", 0), ("Anna", 1), ("Béla", 0)]:
        bid(phone, name, value, private=True)
    phone.see_exactly("Bids 1 for 2 tricks: underbid by 1")
    took(phone, ("Anna", 1), ("Béla", 1), cards=2)
    open_counted(phone, "Béla")
    phone.tap(f"{FOURTEENS} of Béla: one more")  # captured with a missed bid: it does not count
    phone.see_exactly(f"{FOURTEENS} of Béla: 1")
    # Anna 1 made: 20 (30 in all); Béla 0 missed: -10 x 2 cards = -20 (10); Csilla, Dóra 0 made: 20 (30).
    score(phone, 2, 2)
    on_the_board(phone, "Hand 2 · 2 cards", "1/1 ✓", "+20 → 30", "0/1 × D", "-20 → 10")
    on_the_board(phone, "0/0 ✓", "+20 → 30", "0/0 ✓", "+20 → 30")


def test_wizard_hidden_bids_with_the_hook_from_the_second_hand(phone):
    players = ["Anna", "Béla", "Csilla"]
    new_game(phone, "Wizard", players, first_dealer="Anna", switches=["Hose the Dealer", "Not in the first hand"],
             choices=["Hidden"])
    phone.see_exactly("Hand 1 of 20")
    phone.see_exactly("Hidden bids (shown when all are in)")  # the hook does not hold in the first hand
    bid(phone, "Béla", 1, private=True)
    bid(phone, "Csilla", 0, private=True)
    # Anna deals: her 0 makes the bids add up to the 1 card, which the first hand allows.
    phone.see_exactly("Hand the phone to Anna")
    phone.tap("I am Anna")
    phone.see_exactly("Anna, your bid. Nobody else sees it.")
    expect(phone.button("Bid 0")).to_be_enabled()
    expect(phone.button("Bid 1")).to_be_enabled()
    phone.tap("Bid 0")
    phone.see_exactly("Bids 1 for 1 trick")
    took(phone, ("Béla", 1), cards=1)
    # Anna, Csilla 0 made: 20; Béla 1 made: 20 + 10 = 30.
    score(phone, 1, 1)
    on_the_board(phone, "Hand 1 · 1 card", "0/0 ✓ D", "+20 → 20", "1/1 ✓", "+30 → 30", "0/0 ✓", "+20 → 20")

    phone.see_exactly("Hand 2 of 20")
    phone.see_exactly("Hidden bids (shown when all are in) · Hose the Dealer")
    bid(phone, "Csilla", 1, private=True)
    bid(phone, "Anna", 0, private=True)
    # Béla deals: from the second hand on he may not make the bids add up to the 2 cards.
    phone.see_exactly("Hand the phone to Béla")
    phone.tap("I am Béla")
    phone.see_exactly("Béla, your bid. Nobody else sees it.")
    expect(phone.button("1: Not 1: the bids would make 2")).to_be_disabled()
    expect(phone.button("Bid 1")).to_have_count(0)
    phone.tap("Bid 0")
    phone.see_exactly("Bids 1 for 2 tricks: underbid by 1")
    took(phone, ("Csilla", 1), ("Anna", 1), cards=2)  # Béla, last, took none
    # Anna 0 took 1: -10 (10); Béla 0 made: 20 (50); Csilla 1 made: 30 (50).
    score(phone, 2, 2)
    on_the_board(phone, "Hand 2 · 2 cards", "0/1 ×", "-10 → 10", "0/0 ✓ D", "+20 → 50", "1/1 ✓", "+30 → 50")


def test_up_and_down_the_river_hidden_bids_one_point_a_trick_off(phone):
    players = ["Anna", "Béla", "Csilla"]
    new_game(phone, "Up and Down the River", players, first_dealer="Anna", on=["Hose the Dealer"],
             choices=["Hidden", "-1 a trick off"])
    phone.see_exactly("Hand 1 of 19")
    phone.see_exactly("10 cards each")
    phone.see_exactly("Hidden bids (shown when all are in) · Hose the Dealer")
    bid(phone, "Béla", 4, private=True)
    bid(phone, "Csilla", 3, private=True)
    phone.see_exactly("Hand the phone to Anna")
    phone.tap("I am Anna")
    expect(phone.button("3: Not 3: the bids would make 10")).to_be_disabled()
    phone.tap("Bid 2")
    phone.see_exactly("Bids 9 for 10 tricks: underbid by 1")
    took(phone, ("Béla", 5), ("Csilla", 3))
    phone.see_exactly("Tricks 10 of 10")  # Anna was given the 2 left
    # Anna 2 made: 10 + 2 = 12; Béla 4 took 5: nothing for the tricks, -1; Csilla 3 made: 13.
    score(phone, 1, 10)
    on_the_board(phone, "Hand 1 · 10 cards", "2/2 ✓ D", "+12 → 12", "4/5 ×", "-1 → -1", "3/3 ✓", "+13 → 13")
