"""The correction screen on a phone with ten players: one row per player with bid and tricks on steppers that fit
the screen, Save in sight without scrolling, the hook's refusal said at the dealer's bid (the tricks' total left
as it is), the save confirmed where the eye is, and the corrected totals on the scoreboard (the game's Scoreboard tab,
where a correction is opened from and comes back to)."""

from __future__ import annotations

import io
import re

from phone import SIZES_AND_LOOKS
from PIL import Image
from playwright.sync_api import expect
from test_scoreboard import scroll_page_to, show_tab

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Flóra", "Gábor", "Hanna", "Iván", "Júlia"]
HOOK = ("May not bid 0: the bids would add up to the 3 tricks in this hand (Hose the Dealer); any other bid from 0 "
        "to 3 is allowed")

WHOLE = 0.99
"""Wholly in sight: the browser's sums of a box drawn at the screen's very edge can come to a hair under 1."""
IN_SIGHT = """(text) => [...document.querySelectorAll('flt-semantics')].some(node => {
    if ((node.getAttribute('aria-label') || node.textContent) !== text) return false;
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
})"""


def three_hands(folder, game: str, **options) -> str:
    """Ten players, Anna dealing first, three hands scored: in hand n (n cards) the first to bid bids n and takes
    every trick, the others bid 0, and the dealer, whom the hook (where it is on) forbids 0, bids 1 and takes none.
    Returns the game's id."""
    saved = GameStore(folder).start(Game.new(game, PLAYERS, options=options))
    for _ in range(3):
        hand = saved.state.current
        first = hand.bidding_order[0]
        for seat in hand.bidding_order:
            saved.bid(seat, hand.cards if seat == first else 1 if seat == hand.dealer else 0)
        saved.record_tricks([hand.cards if seat == first else 0 for seat in range(len(PLAYERS))])
    return saved.id


def open_correction(phone, number: int) -> None:
    """From the game's screen, tap "Correct hand ``number``" on the scoreboard, as a person shows its tab and scrolls
    to it."""
    show_tab(phone, "Scoreboard")
    correct = phone.button(f"Correct hand {number}")
    scroll_page_to(phone, correct)
    correct.tap()
    expect(phone.page.get_by_role("heading", name=f"Correct hand {number}")).to_be_visible()


def reddish(phone, locator) -> bool:
    """Whether the text ``locator`` shows is drawn in the error colour (red in the light theme, pink in the dark):
    some of its pixels far redder than they are green or blue, as a person sees it."""
    png = phone.picture(clip=locator.bounding_box())
    with Image.open(io.BytesIO(png)) as picture:
        rgb = picture.convert("RGB").tobytes()
    return any(red - max(green, blue) > 50 for red, green, blue in zip(rgb[0::3], rgb[1::3], rgb[2::3]))


@SIZES_AND_LOOKS
def test_ten_players_fit_the_hook_is_said_at_the_dealers_bid_and_the_save_is_confirmed(open_phone, own_server,
                                                                                        tmp_path, size, scheme):
    game_id = three_hands(tmp_path / "data", "rage-n-glyphs", hose_the_dealer=True)
    server = own_server()
    phone = open_phone(server.url + f"game/{game_id}", f"correction-{size['width']}-{scheme}", viewport=size,
                       color_scheme=scheme)
    phone.see_exactly("Hand 4 of 9")
    open_correction(phone, 3)
    phone.see_exactly("3 cards each · Csilla deals")  # Dóra bids first, Csilla last
    save = phone.button("Save the correction")
    # Every player's row and Save on the screen at once, nothing scrolled; every stepper a full tap target.
    expect(save).to_be_in_viewport(ratio=WHOLE)
    expect(save).to_be_disabled()  # nothing changed yet
    for name in PLAYERS:
        for what in ("bid", "tricks"):
            for step in ("one less", "one more"):
                button = phone.button(f"{name}'s {what}: {step}")
                expect(button).to_be_in_viewport(ratio=WHOLE)
                box = button.bounding_box()
                assert box["width"] >= 48 and box["height"] >= 48, f"{name}'s {what}: {step} is {box}"
    phone.see_exactly("Dóra's bid: 3")
    phone.see_exactly("Csilla's bid: 1")
    phone.shows_whole(phone.shot("ten players"), "Csilla's tricks: 0", "Tricks 3 of 3")

    # Csilla's 1 made 0: the bids would come to the 3 tricks, which the hook forbids the dealer.
    phone.tap("Csilla's bid: one less")
    phone.see_exactly("Csilla's bid: 0")
    refusal = phone.page.get_by_text(HOOK, exact=True)
    expect(refusal).to_be_in_viewport(ratio=WHOLE)
    dealer, refusal_box = phone.button("Csilla's bid: one less").bounding_box(), refusal.bounding_box()
    assert 0 <= refusal_box["y"] - (dealer["y"] + dealer["height"]) < 24, "the refusal is not at Csilla's row"
    expect(save).to_be_disabled()
    check = phone.page.get_by_text("Tricks 3 of 3", exact=True)
    expect(check).to_be_in_viewport(ratio=WHOLE)
    phone.shows_whole(phone.shot("the hook"), refusal, check)
    assert reddish(phone, refusal), "the hook's refusal is not in the error colour"
    assert not reddish(phone, check), "the tricks' total is drawn as an error for a bid the hook refuses"

    phone.tap("Csilla's bid: one more")
    phone.see_exactly("Csilla's bid: 1")
    expect(refusal).to_have_count(0)
    phone.tap("Dóra's tricks: one less")
    phone.see_exactly("Dóra's tricks: 2")
    phone.see_exactly("Tricks 2 of 3")
    phone.see_exactly("The tricks add up to 2, but this hand has 3; they must add up to exactly 3")
    expect(save).to_be_disabled()
    phone.tap("Csilla's tricks: one more")
    phone.see_exactly("Csilla's tricks: 1")
    phone.see_exactly("Tricks 3 of 3")
    expect(save).to_be_enabled()
    save.tap()

    # Back on the scoreboard, where the person tapped the hand: the bar saying so is in sight.
    expect(phone.page.get_by_role("tab", name=re.compile("^Scoreboard"))).to_have_attribute("aria-selected", "true")
    phone.page.wait_for_function(IN_SIGHT, arg="Hand 3 corrected; every later total follows.")
    # Hand 3 now: Dóra bid 3 took 2: 2; Csilla bid 1 took 1: 11. Before it Dóra had 5 + 5, Csilla 5 + 12.
    phone.reads("Hand 3 · 3 cards", "0/0 ✓", "+5 → 10", "0/0 ✓", "+5 → 16", "1/1 ✓ D", "+11 → 28", "3/2 ×",
                "+2 → 12", "0/0 ✓", "+5 → 15")
    phone.shows_whole(phone.shot("saved"), "Hand 3 corrected; every later total follows.")


@SIZES_AND_LOOKS
def test_rages_counted_cards_are_corrected_in_their_own_table_with_save_in_sight(open_phone, own_server, tmp_path,
                                                                                 size, scheme):
    game_id = three_hands(tmp_path / "data", "rage")
    server = own_server()
    phone = open_phone(server.url + f"game/{game_id}", f"correction-rage-{size['width']}-{scheme}", viewport=size,
                       color_scheme=scheme)
    phone.see_exactly("Hand 4 of 10")
    open_correction(phone, 2)
    phone.see_exactly("9 cards each · Béla deals")  # Csilla bids first and took the 9 tricks
    save = phone.button("Save the correction")
    expect(save).to_be_in_viewport(ratio=WHOLE)
    more = phone.button("+5 cards of Csilla: one more")
    phone.scroll_to(more)
    expect(save).to_be_in_viewport(ratio=WHOLE)  # still there, the rows scrolled under it
    box = more.bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48
    more.tap()
    phone.see_exactly("+5 cards of Csilla: 1")
    phone.see_exactly("✓ 24 points")  # Csilla 9/9: 9 + 10, and the +5 card
    phone.shows_whole(phone.shot("cards"), "+5 cards of Csilla: 1", "Tricks 9 of 9")
    save.tap()
    expect(phone.page.get_by_role("tab", name=re.compile("^Scoreboard"))).to_have_attribute("aria-selected", "true")
    phone.page.wait_for_function(IN_SIGHT, arg="Hand 2 corrected; every later total follows.")
    # Hand 1: Anna (dealing) bid 1 took 0: -5; Béla 10/10: 20; Csilla 0/0: 10. Hand 2: Anna 0/0: 10, total 5; Béla
    # (dealing) 1/0: -5, total 15; Csilla 9/9 and the +5 card: 24, total 34.
    phone.reads("Hand 2 · 9 cards", "0/0 ✓", "+10 → 5", "1/0 × D", "-5 → 15", "9/9 ✓", "+24 → 34", "+5 cards×1")
