"""Every tap lands where it was meant, or not at all: a scorekeeper's phone against the real server.

A double tap on a pad records one number; a tap made while the connection is cut is not taken when it comes back,
and the screen says so; the private pad has no Undo, and Undo asks before it takes back a private bid; a bid of
this hand is changed without undoing the bids after it; a player joins from the address Bidwell prints.
"""

from __future__ import annotations

import re

from helpers import play_hand
from phone import Phone
from playwright.sync_api import expect

from companion.store.games import GameStore
from scoring.game import Game

DOUBLE_TAP_MS = 150
"""Two touches this far apart: a thumb that bounces, or taps again because the screen was slow."""
BOUNCE_MS = 40
"""Two touches this far apart: a thumb that bounces."""
CENTRE = "e => { const box = e.getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; }"
"""Where a button's middle is on the screen."""
# A finger's touch at a place, as the browser tells it to what is drawn there (the pointer's down and up, then the
# click that a touch makes); a second one ``gap`` ms after the first, at whatever is there by then.
TWO_TOUCHES = """([first, second, gap]) => new Promise(done => {
  const touch = ([x, y]) => {
    const target = document.elementFromPoint(x, y);
    const at = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, view: window};
    const finger = {...at, pointerId: 1, pointerType: "touch", isPrimary: true};
    target.dispatchEvent(new PointerEvent("pointerdown", {...finger, buttons: 1, pressure: 0.5}));
    target.dispatchEvent(new PointerEvent("pointerup", {...finger, buttons: 0, pressure: 0}));
    target.dispatchEvent(new MouseEvent("click", {...at, detail: 1}));
  };
  touch(first);
  setTimeout(() => { touch(second); done(); }, gap);
})"""
REFUSED_BAR_GONE_MS = 2000
"""How soon the bar saying a Back was not taken goes once another screen opens: half its own time."""
OUTAGE_MS = 6000
"""How long the connection is cut: a phone that drops off the table's Wi-Fi for a few seconds."""


PLAYERS = ["Anna", "Béla", "Csilla"]
"""Anna deals the first hand: Béla bids first, then Csilla, then Anna, the dealer."""


def game_on_a_phone(open_phone, own_server, folder, name: str,  # noqa: ANN001, ANN201 - pytest's fixtures, a path
                    game: str = "rage", line: str = "Rage", **options):
    """A new game of ``game`` (its name as the start screen shows it: ``line``) for :data:`PLAYERS` with
    ``options``, stored in ``folder``, opened on a phone of its own against a server of its own: the phone, and the
    game's id."""
    game_id = GameStore(folder).start(Game.new(game, PLAYERS, options=options)).id
    server = own_server()
    phone = open_phone(server.url, name)
    phone.tap(f"{line} · hand 1 · {', '.join(PLAYERS)}")
    return phone, game_id


def double_tap(phone: Phone, name: str, gap_ms: int = DOUBLE_TAP_MS) -> None:
    """Touch the button ``name`` twice where it is, ``gap_ms`` apart, as a thumb does: the second touch lands on
    whatever the screen shows there by then."""
    expect(phone.button(name)).to_be_enabled()  # the first touch, where a person would make it: on a live key
    phone.scroll_to(phone.button(name))  # a thumb touches what is on the screen
    touch_twice(phone, name, name, gap_ms)


def touch_twice(phone: Phone, first: str, second: str, gap_ms: int = BOUNCE_MS) -> None:
    """Touch the button ``first``, then ``gap_ms`` later the place where ``second`` was when the first touch was
    made: the second touch lands on whatever the screen shows there by then (a bounce apart, by default: on the
    screen the first one changes, before the phone has changed it). The two touches are made by the page itself,
    timed by its own clock: made one at a time from here, on a busy machine they came up to 320 ms apart instead
    of 40, a second tap rather than a bounce."""
    places = []
    for name in (first, second):
        expect(phone.button(name)).to_be_enabled()
        # Read in one go on the page: the accessibility tree may be redrawn between two questions from here.
        places.append(phone.button(name).evaluate(CENTRE))
    phone.page.evaluate(TWO_TOUCHES, [*places, gap_ms])


def nothing_refused(phone: Phone) -> None:
    """No line says a tap was not taken."""
    expect(phone.page.get_by_text("not taken", exact=False)).to_have_count(0)


def test_a_double_tap_on_a_bid_pad_and_on_a_trick_pad_records_one_number(open_phone, own_server, tmp_path):
    phone, game_id = game_on_a_phone(open_phone, own_server, tmp_path / "data", "double-tap")
    phone.see_exactly("Béla's bid")
    double_tap(phone, "Bid 2")
    # The first touch is Béla's 2; the second lands on Béla's own pad, which stays where it was (the same number
    # there changes nothing), never on Csilla's, lower down: nothing is refused, and nothing is said of it.
    phone.see_exactly("Csilla's bid")
    phone.see_exactly("Béla bids 2")
    expect(phone.button("Béla: bid 2")).to_be_enabled()
    expect(phone.button("Anna: bid 0")).to_be_disabled()  # Anna's turn is not yet: nothing of hers was taken
    nothing_refused(phone)
    phone.shot("after a double tap on a bid")
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (None, 2, None)

    phone.tap("Bid 3")
    phone.see_exactly("Anna's bid")
    phone.tap("Bid 4")
    phone.see_exactly("Béla's tricks")
    double_tap(phone, "Béla took 4")
    # The first touch is Béla's 4; the second lands on Béla's own pad, never on Csilla's.
    phone.see_exactly("Béla took 4 tricks")
    phone.reads("Béla", "Béla bids first", "took 4", "× -1")  # bid 2, took 4: 4 - 5
    expect(phone.button("Béla's bid: 2. Change it")).to_be_visible()
    phone.reads("Csilla", "took –")
    expect(phone.button("Csilla's bid: 3. Change it")).to_be_visible()
    nothing_refused(phone)
    phone.shot("after a double tap on a trick count")
    phone.tap("Csilla took 3")
    phone.see_exactly("Tricks 10 of 10")  # Anna is given the 3 left
    double_tap(phone, "Score the hand")
    phone.see_exactly("Hand 1 is scored")
    phone.see_exactly("Csilla's bid")  # hand 2: Béla deals, Csilla bids first; nothing of hers was taken
    stored = GameStore(tmp_path / "data").open(game_id).state
    assert len(stored.scored_hands) == 1 and stored.current.bids == (None, None, None)
    assert stored.hands[0].tricks == (3, 4, 3)


def test_a_page_reloaded_on_a_game_says_nothing_of_a_lost_connection(open_phone, own_server, tmp_path):
    phone, game_id = game_on_a_phone(open_phone, own_server, tmp_path / "data", "reloaded")
    phone.see_exactly("Béla's bid")
    phone.tap("Bid 2")
    phone.see_exactly("Csilla's bid")
    phone.reload()
    phone.see_exactly("Csilla's bid")  # the game as stored, drawn anew: Béla's pad holds his bid, Anna's waits
    expect(phone.button("Béla: bid 2")).to_be_enabled()
    expect(phone.button("Bid 0")).to_be_enabled()
    expect(phone.button("Anna: bid 0")).to_be_disabled()
    phone.tap("Back")
    phone.see_exactly("Continue a game")  # and on the next screen neither
    expect(phone.page.get_by_text("The connection was lost", exact=False)).to_have_count(0)
    expect(phone.page.get_by_role("alert")).to_have_count(0)
    phone.shot("reloaded, nothing said")


def test_a_tap_made_while_the_connection_is_cut_is_not_taken_when_it_comes_back(open_phone, own_server, tmp_path):
    phone, game_id = game_on_a_phone(open_phone, own_server, tmp_path / "data", "connection-cut")
    phone.see_exactly("Béla's bid")
    phone.page.context.set_offline(True)
    # Tapped at once, before the phone can tell that the server no longer answers: the browser keeps the tap, and
    # sends it when the connection is back.
    phone.tap("Bid 2")
    notice = phone.page.get_by_role("alert")
    expect(notice).to_have_text("The connection to Bidwell is lost. Reconnecting… Nothing tapped now is taken.")
    phone.shot("the connection is lost")
    phone.page.wait_for_timeout(OUTAGE_MS)  # the outage itself, not a wait for the app
    phone.page.context.set_offline(False)
    expect(notice).to_have_count(0)
    phone.see("The connection was lost and is back. Nothing tapped meanwhile was taken: the screen shows the "
              "game as stored.")
    phone.see_exactly("Béla's bid")
    phone.see_exactly("Bids so far: 0 for 10")
    # Béla's row still holds the pad of the turn: he has no bid of his own to keep.
    expect(phone.button("Béla: bid 2")).to_have_count(0)
    expect(phone.button("Csilla: bid 0")).to_be_disabled()
    phone.shot("the connection is back")
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (None, None, None)
    # Béla now says 3: the pad takes a new bid on the first tap, and the 2 from the outage never arrives late.
    phone.tap("Bid 3")
    phone.see_exactly("Csilla's bid")
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (None, 3, None)


def test_the_private_pad_has_no_undo_and_undo_asks_before_it_takes_back_a_private_bid(open_phone, own_server,
                                                                                      tmp_path):
    phone, game_id = game_on_a_phone(open_phone, own_server, tmp_path / "data", "private-pad", bidding="hidden")
    phone.see_exactly("Hand the phone to Béla")
    expect(phone.button("Undo")).to_be_disabled()  # nothing to take back yet
    phone.tap("I am Béla")
    phone.see_exactly("Béla, your bid. Nobody else sees it.")
    expect(phone.button("Undo")).to_have_count(0)
    phone.shot("the private pad")
    phone.tap("Bid 7")
    phone.see_exactly("Hand the phone to Csilla")
    phone.tap("I am Csilla")
    phone.see_exactly("Csilla, your bid. Nobody else sees it.")
    expect(phone.button("Undo")).to_have_count(0)  # Csilla cannot take back Béla's bid
    phone.tap("Not Csilla? Cover the pad")  # she hands the phone back to the scorekeeper, nothing bid
    phone.see_exactly("Hand the phone to Csilla")

    phone.tap("Undo")
    question = phone.page.get_by_role("alertdialog")
    expect(question).to_contain_text(
        "Take back Béla's bid? It is private: Béla bids again, where nobody else sees it.")
    phone.shot("undo asks first")
    phone.tap("Keep it")
    expect(question).to_have_count(0)
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (None, 7, None)
    phone.tap("Undo")
    phone.tap("Take it back")
    phone.see("Undone: Béla's bid; Béla bids again.")
    phone.see_exactly("Hand the phone to Béla")
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (None, None, None)


def test_a_bid_of_this_hand_is_changed_before_the_tricks_and_the_bids_after_it_stand(open_phone, own_server,
                                                                                     tmp_path):
    # Oh Hell, short down: hand 1 has 10 cards, Anna deals (and bids last), and the hook is on.
    phone, game_id = game_on_a_phone(open_phone, own_server, tmp_path / "data", "change-a-bid", "oh-hell",
                                     "Oh Hell (BGA)", sequence="short-down")
    for name, bid in (("Béla", 2), ("Csilla", 3), ("Anna", 1)):
        phone.see_exactly(f"{name}'s bid")
        phone.tap(f"Bid {bid}")
    phone.see_exactly("Béla's tricks")
    # The last bid turned each bid pad into a trick pad in its place: they wait, greyed, a moment; a person taps
    # once they are live.
    expect(phone.button("Béla took 0")).to_be_enabled()
    # Béla said 4, not 2. Csilla's and Anna's bids stand; the hook still holds over them.
    phone.tap("Béla's bid: 2. Change it")
    phone.see_exactly("Change Béla's bid (now 2)")
    expect(phone.button("6: Not 6: the bids would make 10")).to_be_disabled()
    phone.shot("changing a bid")
    phone.tap("Change to 4")
    phone.see_exactly("Béla's bid is now 4")
    phone.see_exactly("Bids 8 for 10 tricks: underbid by 2")
    expect(phone.button("Béla's bid: 4. Change it")).to_be_visible()
    phone.see_exactly("Béla's tricks")
    phone.shot("the bid changed")
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (1, 4, 3)
    phone.tap("Béla took 4")
    phone.see_exactly("Béla took 4 tricks")
    phone.tap("Csilla took 3")
    phone.tap("Score the hand")
    phone.see_exactly("Hand 1 is scored")
    # Béla 4 of 4: 10 + 4; Csilla 3 of 3: 10 + 3; Anna bid 1, took 3: 3 (positive scoring, the default).
    for name, result, total in (("Anna", "× +3", "3"), ("Béla", "✓ +14", "14"), ("Csilla", "✓ +13", "13")):
        phone.reads(result, f"{name}'s total: {total}")  # the row's last hand, then its total
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    phone.reads("Hand 1 · 10 cards", "1/3 × D", "+3 → 3", "4/4 ✓", "+14 → 14", "3/3 ✓", "+13 → 13")


def test_a_player_joins_from_the_printed_address_with_the_join_code(open_phone, own_server, tmp_path):
    GameStore(tmp_path / "data").start(Game.new("rage", PLAYERS, options={"bidding": "hidden"}))
    server = own_server("--lan")
    printed = re.search(r"Bidwell is at (http://\S+)", server.output).group(1)
    keeper = open_phone(server.url_from("192.0.2.20"), "keeper")
    keeper.tap_field("PIN")
    keeper.page.keyboard.type(re.search(r"PIN: (\d{6})", server.output).group(1))
    keeper.page.keyboard.press("Enter")
    keeper.see_exactly("Join from another phone")
    # The start screen's QR code leads to the join code, not the PIN.
    expect(keeper.page.get_by_role("img", name=f"QR code of {printed}/join")).to_be_attached()
    keeper.tap("Rage · hand 1 · Anna, Béla, Csilla")
    title = keeper.page.get_by_text(re.compile(r"Players' phones · join code ")).first
    expect(title).to_be_visible()
    code = re.search(r"join code (\w{6})", title.inner_text()).group(1)

    # Béla's phone opens the address Bidwell printed and meets the PIN screen.
    bela = open_phone(server.url_from("192.0.2.31"), "Béla")
    bela.see_exactly("Enter the PIN shown on the host")
    bela.tap("I'm a player: enter the join code")
    field = bela.tap_field("Join code")
    bela.page.keyboard.type(code.lower())
    bela.see_typed(field, code)  # typed in any case, shown as the game screen writes it
    bela.shot("the join code typed after the PIN screen")
    bela.tap("Join")
    bela.tap("Béla")
    bela.see_exactly("You are Béla")
    keeper.see_exactly("Béla bids on their phone")

    # Csilla types /join into the tab that shows the PIN screen: it asks for the code too.
    csilla_url = server.url_from("192.0.2.32")
    csilla = open_phone(csilla_url, "Csilla")
    csilla.see_exactly("Enter the PIN shown on the host")
    csilla.page.goto(f"{csilla_url}join")
    expect(csilla.field("Join code")).to_be_visible()
    csilla.shot("join typed in the PIN screen's tab")


def scoreboard(phone: Phone) -> None:
    """Open the game's Scoreboard tab, where each hand's heading opens its correction."""
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    expect(phone.button("Correct hand 1")).to_be_visible()


def one_hand_played(folder) -> tuple[str, str]:  # noqa: ANN001 - a path
    """A Rage game stored in ``folder`` with its first hand played: its id, and what its screen says of hand 2."""
    saved = GameStore(folder).start(Game.new("rage", PLAYERS))
    hand = saved.state.current
    play_hand(saved, [0] * len(PLAYERS), [hand.cards if seat == hand.bidding_order[0] else 0
                                          for seat in range(len(PLAYERS))])
    return saved.id, f"Hand 2 of {saved.game.rules.hand_count}"


def test_a_double_tap_on_the_top_bars_arrow_closes_one_screen(open_phone, own_server, tmp_path):
    """Save and then the arrow, touched before the game is back, save the correction and lead back to the game, not
    past it to the start screen; so does a bounce on the correction's arrow. The screen being closed stays drawn a
    moment, and a touch on its arrow meanwhile is not taken, however late a busy phone handles it."""
    game_id, game = one_hand_played(tmp_path / "data")
    server = own_server()
    phone = open_phone(f"{server.url}game/{game_id}/hand/1", "double-back")
    phone.tap("Béla's bid: one more")
    phone.see_exactly("Béla's bid: 1")
    touch_twice(phone, "Save the correction", "Back")
    phone.see_exactly("Hand 1 corrected; every later total follows.")
    phone.see_exactly(game)
    # A tap made after the two touches reaches the server after both: the game's screen takes it.
    scoreboard(phone)
    phone.tap("Correct hand 1")
    phone.see_exactly("Béla's bid: 1")
    assert GameStore(tmp_path / "data").open(game_id).state.hands[0].bids[1] == 1

    double_tap(phone, "Back", BOUNCE_MS)
    # Back on the game's screen, at the Scoreboard tab the correction was opened from; not past it.
    expect(phone.page.get_by_role("tab", name=re.compile("^Scoreboard"))).to_have_attribute("aria-selected", "true")
    phone.tap("Correct hand 1")
    phone.see_exactly("Correct hand 1")


def test_a_back_not_taken_is_said_until_the_next_screen_opens(open_phone, own_server, tmp_path):
    """A bounce on the correction's arrow: the game's screen says the second touch was not taken; the correction,
    opened again at once, is not covered by that bar (it would sit over Save for the rest of its 4 s)."""
    game_id, game = one_hand_played(tmp_path / "data")
    phone = open_phone(f"{own_server().url}game/{game_id}/hand/1", "back-refused")
    double_tap(phone, "Back", BOUNCE_MS)
    phone.see_exactly(game)
    refused = phone.page.locator("flt-semantics-host").get_by_text(
        "A Back tapped while the screen was changing was not taken.", exact=True)
    expect(refused).to_be_visible()
    phone.shot("a back not taken")
    scoreboard(phone)
    phone.tap("Correct hand 1")
    expect(phone.button("Save the correction")).to_be_visible()
    # Gone well before the bar's own 4 s are up, however long the taps above took.
    expect(refused).to_have_count(0, timeout=REFUSED_BAR_GONE_MS)
    phone.shot("the next screen, uncovered")
