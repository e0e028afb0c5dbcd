"""The players bid on their own phones (``bidwell --lan``): one browser context per phone, the scorekeeper's and
three players', against the real server on 127.0.0.1. Every websocket frame each phone receives is recorded, and
a private bid may appear in no other phone's frames before the rules reveal it.
"""

from __future__ import annotations

import re
import time

import msgpack
import pytest
from phone import PHONE, Phone, watch
from playwright.sync_api import Page, expect

from companion.store.games import GameStore
from scoring.game import Game

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]
"""Anna keeps the score (and bids on the scorekeeper's phone); Béla, Csilla and Dóra have phones of their own."""


def six_hands_played(folder, bidding: str) -> str:
    """A Rage'n Glyphs game for four, hidden or secret bids and the hook, with six hands scored; hand 7 has 7
    cards, Csilla deals it, and Dóra, Anna, Béla, Csilla bid in that order. Every hand so far: Anna bid and took
    them all, Béla bid 1 and took none, Csilla and Dóra bid and took none: 81, 0, 30, 30."""
    store = GameStore(folder)
    saved = store.start(Game.new("rage-n-glyphs", PLAYERS, options={"bidding": bidding, "hose_the_dealer": True}))
    for number in range(1, 7):
        bids = [number, 1, 0, 0]
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, bids[seat])
        saved.record_tricks([number, 0, 0, 0])
    assert saved.state.totals == (81, 0, 30, 30) and saved.state.current.bidding_order == (3, 0, 1, 2)
    return saved.id


class Frames:
    """Every websocket frame one phone's browser received, decoded, with when it came."""

    def __init__(self, page: Page):
        self.received: list[tuple[float, object]] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self._take))

    def _take(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes) and payload[:1] == b"\x00":
            self.received.append((time.monotonic(), msgpack.unpackb(payload[1:], strict_map_key=False)))

    def texts(self, since: float, until: float = float("inf")) -> list[str]:
        """Every text in the frames received from ``since`` until ``until``, but the keys of a number pad (which
        show every number a bid can be, and nothing of anyone's bid)."""
        return [text for at, frame in self.received if since <= at < until for text in _texts(frame)]

    def new_mentions(self, number: int, since: float, until: float = float("inf")) -> list[str]:
        """The texts received from ``since`` (until ``until``) that this phone had not received before and in
        which ``number`` stands as a number of its own. A screen drawn again sends its old rows again (a hand
        scored with 5 points); a private bid on its way to this phone would be a text it never had. A digit inside
        a word (a control's random id) is not a number."""
        before = set(self.texts(float("-inf"), since))
        return [text for text in self.texts(since, until) if text not in before
                and re.search(rf"(?<![\w/+-]){number}(?![\w/])", text)]


def _texts(value: object, in_pad_key: bool = False) -> list[str]:
    if isinstance(value, str):
        return [] if in_pad_key else [value]
    if isinstance(value, dict):
        pad_key = in_pad_key or str(value.get("key", "")).startswith("key-")
        return [text for item in value.values() for text in _texts(item, pad_key)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _texts(item, in_pad_key)]
    return []


@pytest.fixture
def open_phone(browser, request):
    """Open a phone-sized tab of its own on a URL (its own browser context), every websocket frame it receives
    recorded from the start (``frames[name]``); all are closed after."""
    contexts = []

    def open_(url: str, name: str) -> Phone:
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
        contexts.append(watch(request, context))
        page = context.new_page()
        page.set_default_timeout(15_000)
        frames[name] = Frames(page)
        return Phone(page, name).open(url)

    frames: dict[str, Frames] = {}
    open_.frames = frames
    yield open_
    for context in contexts:
        context.close()


PHONE_ADDRESSES = {"Béla": "198.51.100.31", "Csilla": "198.51.100.32", "Dóra": "198.51.100.33"}
"""Each player's phone on the network (the scorekeeper's is 198.51.100.20, a stranger's 198.51.100.66)."""


def scorekeeper(open_phone, server, game_line: str) -> tuple[Phone, str]:
    """The scorekeeper's phone (on the network, so behind the PIN), past the PIN, on the game; and the game's join
    code it shows."""
    keeper = open_phone(server.url_from("198.51.100.20"), "Anna")
    pin = re.search(r"PIN: (\d{6})", server.output).group(1)
    keeper.tap_field("PIN")
    keeper.page.keyboard.type(pin)
    keeper.page.keyboard.press("Enter")
    keeper.tap(game_line)
    title = keeper.page.get_by_text(re.compile(r"Players' phones · join code ")).first
    expect(title).to_be_visible()
    return keeper, re.search(r"join code (\w{6})", title.inner_text()).group(1)


def join(open_phone, server, code: str, name: str) -> Phone:
    """A player's phone on the network opens the join link (no PIN) and takes their seat."""
    player = open_phone(f"{server.url_from(PHONE_ADDRESSES[name])}join/{code}", name)
    player.tap(name)
    player.see_exactly(f"You are {name}")
    return player


LINE = "Rage'n Glyphs · hand 7 · Anna, Béla, Csilla, Dóra"


def test_four_phones_play_a_hidden_bid_hand_and_no_bid_reaches_another_phone_before_all_are_in(
        open_phone, own_server, tmp_path):
    game_id = six_hands_played(tmp_path / "data", "hidden")
    server = own_server("--lan")
    keeper, code = scorekeeper(open_phone, server, LINE)
    keeper.shot("join panel")
    phones = {name: join(open_phone, server, code, name) for name in ("Béla", "Csilla", "Dóra")}
    frames = open_phone.frames
    keeper.page.get_by_text("Players' phones · join code").first.tap()
    for name in ("Béla", "Csilla", "Dóra"):
        keeper.see_exactly(f"{name}: on their phone")
    keeper.see_exactly("Anna: bids here")  # a mixed table: Anna has no phone but the scorekeeper's
    keeper.shot("seats")
    # The scoreboard looked at before the bids (its tab draws it only while shown): its hands 1 to 6, their 5s
    # among them, are then nothing new to this phone when the frames are searched for Dóra's 5 below.
    keeper.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    keeper.reads("Hand 6 · 6 cards")
    keeper.page.get_by_role("tab", name=re.compile("^Hand")).tap()

    keeper.see_exactly("Dóra bids on their phone")
    dora = phones["Dóra"]
    dora.see_exactly("Your bid")
    phones["Csilla"].see_exactly("Waiting for Dóra's bid")
    dora_tapped = time.monotonic()
    dora.tap("Bid 5")
    dora.see_exactly("Your bid: 5")
    dora.shot("bid")
    keeper.see_exactly("Hand the phone to Anna")  # Anna bids on the scorekeeper's phone, as before
    keeper.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    keeper.reads("Hand 7 · 7 cards", "–", "–", "D", "secret")  # the scoreboard: Dóra has bid, not what
    keeper.page.get_by_role("tab", name=re.compile("^Hand")).tap()
    for name in ("Béla", "Csilla"):
        phones[name].see_exactly("Dóra: secret")
    keeper.tap("I am Anna")
    keeper.tap("Bid 0")
    keeper.see_exactly("Béla bids on their phone")
    bela = phones["Béla"]
    bela_tapped = time.monotonic()
    bela.tap("Bid 6")
    bela.see_exactly("Your bid: 6")
    keeper.see_exactly("Csilla bids on their phone")
    csilla = phones["Csilla"]
    csilla.see_exactly("Your bid")
    csilla.shot("the dealer's turn")
    # Until Csilla bids, no phone but the bidder's has received Dóra's 5 or Béla's 6 in any form.
    leaks = {(name, number): frames[name].new_mentions(number, since=moment)
             for number, bidder, moment in ((5, "Dóra", dora_tapped), (6, "Béla", bela_tapped))
             for name in frames if name != bidder}
    assert leaks == {key: [] for key in leaks}
    assert frames["Dóra"].new_mentions(5, since=dora_tapped)  # the bidder's own phone says it: this could fail

    csilla.tap("Bid 0")
    for phone in phones.values():  # all in: the hidden bids are shown together
        phone.reads("Dóra: 5")
        phone.reads("Béla: 6")
    # The scorekeeper's phone goes on to the tricks, each row's bid shown beside its trick keys.
    keeper.see_exactly("Dóra's tricks")
    expect(keeper.button("Dóra's bid: 5. Change it")).to_be_visible()
    expect(keeper.button("Béla's bid: 6. Change it")).to_be_visible()
    csilla.see_exactly("Play the hand; the scorekeeper enters the tricks.")
    keeper.shot("all in")
    bids = GameStore(tmp_path / "data").open(game_id).state.current.bids
    assert bids == (0, 6, 0, 5)


def test_secret_bids_reach_no_other_phone_until_the_hand_is_scored_and_the_hook_is_the_dealers_own(
        open_phone, own_server, tmp_path):
    six_hands_played(tmp_path / "data", "secret")
    server = own_server("--lan")
    keeper, code = scorekeeper(open_phone, server, LINE)
    phones = {name: join(open_phone, server, code, name) for name in ("Béla", "Csilla", "Dóra")}
    frames = open_phone.frames
    dora_tapped = time.monotonic()
    phones["Dóra"].tap("Bid 5")
    keeper.see_exactly("Hand the phone to Anna")
    keeper.tap("I am Anna")
    keeper.tap("Bid 0")
    phones["Béla"].tap("Bid 1")
    csilla = phones["Csilla"]
    # The dealer's phone: 5 + 0 + 1 make 6 of the 7 tricks, so 1 is out, and says why without another's bid.
    forbidden = csilla.button("1: Not 1: the bids would make 7")
    expect(forbidden).to_be_disabled()
    csilla.see_exactly("Not 1: the bids would make 7")
    csilla.shot("the hook")
    csilla.tap("Bid 2")
    keeper.see_exactly("Dóra's tricks")
    keeper.see_exactly("Everyone has bid. The bids stay secret until the tricks are in.")
    # Secret bids: hidden through the play of the hand, in the row of the bid's own player too.
    expect(keeper.button("Dóra's bid: secret. Change it")).to_be_visible()
    for phone in (phones["Béla"], csilla):
        phone.reads("Dóra: secret")
    tricks_at = time.monotonic()  # the scorekeeper enters the tricks (Dóra took 5): those are no secret
    keeper.tap("Dóra took 5")
    keeper.tap("Anna took 0")
    keeper.tap("Béla took 1")
    keeper.tap("Score the hand")
    for phone in (keeper, *phones.values()):
        phone.see_exactly("Hand 7 scored")
    leaks = {name: frames[name].new_mentions(5, since=dora_tapped, until=tricks_at) for name in ("Anna", "Béla",
                                                                                              "Csilla")}
    assert leaks == {"Anna": [], "Béla": [], "Csilla": []}
    phones["Béla"].reads("Dóra", "5/5")  # the scored hand shows every bid


def eleven_hands_played(folder) -> tuple[str, tuple[int, ...]]:
    """A hidden-bid Rage'n Glyphs game for four with Skip Up (hands of 1, 3, ..., 23 cards: 12 hands), 11 of them
    scored: Anna bid and took every trick (the cards and 10: 121 + 110), the others bid and took none (5 each):
    231, 55, 55, 55. Returns the game and the order the last hand's bids come in."""
    store = GameStore(folder)
    saved = store.start(Game.new("rage-n-glyphs", PLAYERS, options={"bidding": "hidden", "skip_up": True}))
    for _ in range(11):
        cards = saved.state.current.cards
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, cards if seat == 0 else 0)
        saved.record_tricks([cards, 0, 0, 0])
    assert saved.state.totals == (231, 55, 55, 55) and saved.state.current.cards == 23
    return saved.id, saved.state.current.bidding_order


def test_four_phones_play_the_last_hand_of_a_hidden_bid_game_and_every_phone_shows_who_won(
        open_phone, own_server, tmp_path):
    game_id, order = eleven_hands_played(tmp_path / "data")
    server = own_server("--lan")
    keeper, code = scorekeeper(open_phone, server, "Rage'n Glyphs · hand 12 · Anna, Béla, Csilla, Dóra")
    phones = {name: join(open_phone, server, code, name) for name in ("Béla", "Csilla", "Dóra")}
    # The last hand, 23 cards: Béla bids them all and takes them all (23 + 10), Anna and Csilla bid none and
    # take none (5 each), Dóra bids 1 and takes none (nothing).
    bids = {"Anna": 0, "Béla": 23, "Csilla": 0, "Dóra": 1}
    for seat in order:
        name = PLAYERS[seat]
        if name == "Anna":
            keeper.see_exactly("Hand the phone to Anna")
            keeper.tap("I am Anna")
            keeper.tap(f"Bid {bids[name]}")
        else:
            keeper.see_exactly(f"{name} bids on their phone")
            phones[name].tap(f"Bid {bids[name]}")
            phones[name].see_exactly(f"Your bid: {bids[name]}")
    for phone in phones.values():
        phone.see_exactly("Play the hand; the scorekeeper enters the tricks.")
        phone.reads("Béla: 23")
    for seat in order[:-1]:  # the scorekeeper counts the tricks, until Béla's 23 place every one of them
        keeper.tap(f"{PLAYERS[seat]} took {23 if seat == 1 else 0}")
        if seat == 1:
            break
    keeper.tap("Score the hand")
    for phone in (keeper, *phones.values()):
        phone.see_exactly("Game over")
        phone.see_exactly("Anna wins!")
        phone.reads("1. Anna: 236", "2. Béla: 88", "3. Csilla: 60", "4. Dóra: 55")
    phones["Dóra"].shot("the end")
    assert GameStore(tmp_path / "data").open(game_id).state.winners == (0,)


def test_a_phone_that_reloads_or_goes_away_takes_its_seat_again_and_bids_once(open_phone, own_server, tmp_path):
    game_id = six_hands_played(tmp_path / "data", "hidden")
    server = own_server("--lan")
    keeper, code = scorekeeper(open_phone, server, LINE)
    dora = join(open_phone, server, code, "Dóra")
    keeper.page.get_by_text("Players' phones · join code").first.tap()
    keeper.see_exactly("Dóra: on their phone")
    dora.reload()  # mid-bidding: the same seat, the same turn
    dora.see_exactly("You are Dóra")
    dora.see_exactly("Your bid")
    dora.tap("Bid 5")
    dora.see_exactly("Your bid: 5")
    keeper.see_exactly("Hand the phone to Anna")

    # The phone's tab is closed (a phone locked, off the network): its seat is away, and nobody else may take it.
    context = dora.page.context
    dora.page.close()
    keeper.see_exactly("Dóra: phone away")
    other = open_phone(f"{server.url_from('198.51.100.34')}join/{code}", "another")
    expect(other.button("Dóra (on another phone)")).to_be_disabled()
    # It comes back, with the id its browser kept: straight to its seat, its bid kept, nothing entered twice.
    back = Phone(context.new_page(), "dora-back").open(f"{server.url_from(PHONE_ADDRESSES['Dóra'])}join/{code}")
    back.see_exactly("You are Dóra")
    back.see_exactly("Your bid: 5")
    keeper.see_exactly("Dóra: on their phone")
    stored = GameStore(tmp_path / "data").open(game_id)
    assert stored.state.current.bids == (None, None, None, 5) and len(stored.game.log) == 6 * 5 + 1 + 1

    # The scorekeeper frees Dóra's seat: her phone is back at the seats, and the seat is the scorekeeper's again.
    keeper.tap("Free Dóra's seat: they bid here, or join from another phone")
    keeper.see_exactly("Dóra: bids here")
    back.see_exactly("Which seat is yours?")
    expect(back.button("Dóra")).to_be_enabled()


def test_a_wrong_join_code_gets_in_nowhere(open_phone, own_server, tmp_path):
    six_hands_played(tmp_path / "data", "hidden")
    server = own_server("--lan")
    stranger_url = server.url_from("198.51.100.66")
    stranger = open_phone(f"{stranger_url}join/ABCDEF", "stranger")
    stranger.see("That join code is not right")
    stranger.page.goto(stranger_url + "history")  # no other screen of the app either
    stranger.page.reload()
    expect(stranger.page.get_by_role("button", name="Past games")).to_have_count(0)


def test_a_phone_with_the_join_code_cannot_hop_to_another_seat_to_read_or_make_its_bid(
        open_phone, own_server, tmp_path):
    game_id = six_hands_played(tmp_path / "data", "hidden")
    server = own_server("--lan")
    keeper, code = scorekeeper(open_phone, server, LINE)
    bela = join(open_phone, server, code, "Béla")  # everyone else bids on the scorekeeper's phone
    frames = open_phone.frames
    keeper.see_exactly("Hand the phone to Dóra")
    dora_tapped = time.monotonic()
    keeper.tap("I am Dóra")
    keeper.tap("Bid 2")
    keeper.see_exactly("Hand the phone to Anna")
    keeper.tap("I am Anna")
    keeper.tap("Bid 3")
    keeper.see_exactly("Béla bids on their phone")
    bela.tap("Bid 1")
    bela.see_exactly("Your bid: 1")
    keeper.see_exactly("Hand the phone to Csilla")  # the dealer: 2 + 3 + 1 = 6 of 7, so 1 is forbidden

    bela.tap("Leave this seat")
    bela.see_exactly("Which seat is yours?")
    for name in ("Anna", "Csilla"):
        bela.tap(name)
        bela.see_exactly("This phone is Béla's. To take another seat, ask the scorekeeper to free Béla's seat "
                         "first.")
    bela.shot("no hop")
    # A new phone: no seat of its own yet.
    script = open_phone(f"{server.url_from('198.51.100.66')}join/{code}", "script")
    script.tap("Csilla")
    script.see_exactly("Csilla bids on the scorekeeper's phone in this hand. Take this seat when the next hand "
                       "begins.")
    bela.tap("Béla")
    bela.see_exactly("You are Béla")
    bela.see_exactly("Your bid: 1")
    keeper.tap("I am Csilla")
    keeper.see_exactly("Not 1: the bids would make 7")
    done = time.monotonic()
    keeper.tap("Bid 0")
    keeper.see_exactly("Dóra's tricks")
    bela.reads("Dóra: 2")  # all in: now the table sees them
    assert GameStore(tmp_path / "data").open(game_id).state.current.bids == (3, 1, 0, 2)

    # Until Csilla bid, neither phone received Dóra's 2, Anna's 3, or the hook's sum, in any frame.
    leaks = {(name, number): frames[name].new_mentions(number, since=dora_tapped, until=done)
             for number in (2, 3) for name in ("Béla", "script")}
    assert leaks == {key: [] for key in leaks}
    assert not [text for name in ("Béla", "script") for text in frames[name].texts(dora_tapped, done)
                if "would make" in text]
