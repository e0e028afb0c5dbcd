"""Bidwell's screens beside L'Escalier's equivalents (issue 26, item 1), light and dark, at 390x844.

    python tools/side_by_side.py ESCALIER_SHOTS [OUT]    (default OUT: tests/artifacts/side-by-side/)

ESCALIER_SHOTS is the folder tools/escalier_screens.py fills (``<screen>-<scheme>.png``, and for its five- and
ten-player games ``<screen>-<n>-players-<scheme>.png``). Bidwell's real app is started on a temporary data folder
holding two prepared four-player games of Oh Hell (BGA), then driven through the same screens by taps on its
controls' accessible names, as the browser tests do: the hand at the table (bidding, tricks, the hand's end), then
the game's bottom bar's tabs (Scoreboard, with a correction opened from it; Standings; Charts), the end of a game,
the start screen and what it leads to. It is started again on a second folder holding the larger tables, each at
the hand that deals as many cards as L'Escalier's third (52 // n - 2), two hands played before it: five players of
Oh Hell (BGA), and ten of Rage (Oh Hell (BGA) is played by 3 to 7; Rage is the shipped game closest to it that
seats ten, and adds a fold of counted cards to a row whose tricks are entered), shot with two bids in, with the
tricks of all but the dealer in, with all in, and on the Standings tab once scored. Each pair is composed into
``OUT/<screen>-<scheme>.png``: a caption naming the screen, L'Escalier on the left, Bidwell on the right. A screen
one app lacks is shown as an empty panel saying so. Not a test: nothing here passes or fails on looks.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from phone import CHROMIUM_ARGS, PHONE, Phone, Server, chromium  # noqa: E402
from PIL import Image, ImageDraw, ImageFont  # noqa: E402
from playwright.sync_api import Browser, Locator, expect, sync_playwright  # noqa: E402

from companion.store.games import GameStore, SavedGame  # noqa: E402
from scoring.game import Game  # noqa: E402
from scoring.i18n.language import game_text  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]
MORE_PLAYERS = ["Endre", "Flóra", "Gábor", "Hajnal", "Imre", "Judit"]  # seats 5 to 10, as L'Escalier's tables
GAME = "Oh Hell (BGA)"
LARGER_TABLES = {5: ("oh-hell", "Oh Hell (BGA), hand 3, 8 cards"),
                 10: ("rage", "Bidwell: Rage, hand 8, 3 cards")}
"""The game each larger table plays in Bidwell (Oh Hell (BGA) seats at most seven) and its caption."""
SCREENS = {
    "01-start": "Start: the games",
    "02-new-game": "New game: the game and the players",
    "03-game-rules": "New game: the rules (Bidwell: its house rules unfolded)",
    "04-bidding": "Bidding, two bids in (hand 4, 7 cards)",
    "05-tricks": "Tricks, three entered (Bidwell fills in the fourth)",
    "05-hand-end": "Tricks, all four entered, before the hand is scored",
    "06-scoreboard": "Scoreboard (L'Escalier: its standings, the rounds under them)",
    "06b-standings": "Standings",
    "07-charts": "Charts",
    "08-hands": "The hands to come (L'Escalier's staircase)",
    "09-correction": "Correcting hand 1",
    "10-end": "The end of the game",
    "11-settings": "Settings (Bidwell: the language menu on the start screen)",
    "12-past-games": "Past games",
    "13-statistics": "Statistics",
} | {
    f"{screen}-{players}-players": f"{players} players, {what} ({caption})"
    for players, (_, caption) in LARGER_TABLES.items()
    for screen, what in (("04-bidding", "bidding, two bids in"),
                         ("05-tricks", "tricks, all but the dealer's in"),
                         ("05-hand-end", "tricks, all in"),
                         ("06b-standings", "standings once scored"))}
ONLY_ESCALIER = {"08-hands"}
ONLY_BIDWELL = {"13-statistics"}
ESCALIER_STAND_IN = {"12-past-games": "01-start", "06b-standings": "06-scoreboard"} | {
    f"06b-standings-{players}-players": f"06-scoreboard-{players}-players" for players in LARGER_TABLES}
"""L'Escalier's shot for a screen it has under another name: its one list of games holds the finished ones too,
and its standings are the top of its scoreboard."""


def bids(saved: SavedGame | Game) -> list[int]:
    """The current hand's bids in the order of play: an even share of the cards each, the dealer's one more where
    the shares would add up to the tricks (as L'Escalier's tour bids, and as the hook would have it)."""
    current = saved.state.current
    players = len(current.bids)
    share = current.cards // players
    return [share] * (players - 1) + [share + 1 if share * players == current.cards else share]


def deal_out(saved: SavedGame | Game, *, bids_only: bool = False) -> list[int]:
    """Bid the current hand (an even share of the cards each, see :func:`bids`) and, unless ``bids_only``, score
    it: all but the dealer take their share, the dealer the rest. Returns the tricks, seat by seat."""
    current, players = saved.state.current, len(saved.state.current.bids)
    order, share = current.bidding_order, current.cards // players
    for seat, bid in zip(order, bids(saved), strict=True):
        saved.bid(seat, bid)
    tricks = [share] * players
    tricks[order[-1]] = current.cards - share * (players - 1)
    if not bids_only:
        saved.record_tricks(tricks)
    return tricks


def prepare(data: Path) -> tuple[str, str, list[tuple[str, int]]]:
    """Two games: one three hands in, one at its last hand with the bids made. Returns their buttons' names on
    the start screen and the last hand's tricks to tap, in the order of play."""
    probe, hands = Game.new("oh-hell", PLAYERS), 0
    while not probe.state.finished:
        deal_out(probe)
        hands += 1
    store = GameStore(data)
    ended = store.start(Game.new("oh-hell", PLAYERS))
    for _ in range(hands - 1):
        deal_out(ended)
    tricks = deal_out(ended, bids_only=True)
    last_hand = [(PLAYERS[seat], tricks[seat]) for seat in ended.state.current.bidding_order]
    playing = store.start(Game.new("oh-hell", PLAYERS))
    for _ in range(3):
        deal_out(playing)
    button = f"{GAME} · hand {{}} · {', '.join(PLAYERS)}"
    return button.format(4), button.format(ended.state.current.number), last_hand


class Table:
    """A larger table's game, prepared in the store at the hand to shoot: what the tour taps, in the order of
    play."""

    def __init__(self, store: GameStore, game: str, players: int):
        self.players = players
        names = (PLAYERS + MORE_PLAYERS)[:players]
        saved = store.start(Game.new(game, names))
        cards = 52 // players - 2  # L'Escalier's third hand: a deck of 52 dealt out, then two hands down
        while saved.state.current.cards != cards:
            deal_out(saved)
        order = saved.state.current.bidding_order
        share = cards // players
        self.bids = [(names[seat], bid) for seat, bid in zip(order, bids(saved), strict=True)]
        self.tricks = [(names[seat], share) for seat in order[:-1]] + [(names[order[-1]],
                                                                        cards - share * (players - 1))]
        self.button = f"{game_text(saved.game.rules.game.name)} · hand {saved.state.current.number} · " \
                      f"{', '.join(names)}"


def prepare_tables(data: Path) -> list[Table]:
    """A game for each of :data:`LARGER_TABLES`, in a store of their own (the start screen shot keeps to the
    four-player games)."""
    store = GameStore(data)
    return [Table(store, game, players) for players, (game, _) in LARGER_TABLES.items()]


def to_top(phone: Phone, target: Locator) -> None:
    """Scroll as a finger would until ``target`` is near the top of the screen (or the page ends)."""
    page, height = phone.page, phone.page.viewport_size["height"]
    page.mouse.move(page.viewport_size["width"] / 2, height / 2)
    page.mouse.wheel(0, target.bounding_box()["y"] - 90)
    expect(target).to_be_in_viewport()
    phone.next_two_frames()  # Flutter scrolls its canvas a frame after its accessibility tree


def show_tab(phone: Phone, name: str) -> None:
    """Tap ``name`` on the game's bottom bar (Hand, Scoreboard, Standings, Charts) and see it chosen."""
    tab = phone.page.get_by_role("tab", name=re.compile(f"^{name}"))
    tab.tap()
    expect(tab).to_have_attribute("aria-selected", "true")


def first_place(phone: Phone) -> Locator:
    """The Standings tab's first line, as a screen reader says it ("1. Anna: 13 · 1 exact bid")."""
    said = re.compile(r"^1\. .+: -?\d+ · \d+ exact bids?$")
    return phone.page.get_by_label(said).or_(phone.screen.get_by_text(said)).first


def took(phone: Phone, name: str, tricks: int) -> None:
    """Tap ``tricks`` on ``name``'s trick pad and see the bar say so."""
    phone.tap(f"{name} took {tricks}")
    phone.see_exactly(f"{name} took {tricks} trick{'' if tricks == 1 else 's'}")


def tour(phone: Phone, playing: str, ended: str, last_hand: list[tuple[str, int]], shots: Path) -> dict[str, Path]:
    """Bidwell's equivalent of each of L'Escalier's screens of a four-player game, shot once what it is known by
    shows."""
    taken: dict[str, Path] = {}

    def shot(screen: str) -> None:
        taken[screen] = phone.shot(screen, shots)

    phone.leave_start("New game")
    phone.pick("radio", GAME)
    phone.enter_lines("Player's name", PLAYERS)
    phone.see_exactly(f"4. {PLAYERS[3]}")
    shot("02-new-game")
    phone.unfold("House rules")
    phone.scroll_to(phone.page.get_by_role("radio", name="Hidden", exact=True))  # the first rule, Bidding
    shot("03-game-rules")
    phone.tap("Back")

    phone.leave_start(playing)
    for name in PLAYERS[:2]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 1")
    phone.see_exactly(f"{PLAYERS[2]}'s bid")
    shot("04-bidding")
    for name in PLAYERS[2:]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 1")
    for name in PLAYERS[:3]:
        took(phone, name, 1)
    phone.see_exactly("Tricks 7 of 7")  # the last seat's tricks follow from the others'
    shot("05-tricks")
    took(phone, PLAYERS[3], 4)
    shot("05-hand-end")
    show_tab(phone, "Scoreboard")
    expect(phone.button("Correct hand 1")).to_be_visible()
    shot("06-scoreboard")
    show_tab(phone, "Standings")
    expect(first_place(phone)).to_be_visible()
    shot("06b-standings")
    show_tab(phone, "Charts")
    phone.see("Running totals")
    shot("07-charts")
    show_tab(phone, "Scoreboard")
    phone.tap("Correct hand 1")
    expect(phone.button("Save the correction")).to_be_visible()
    shot("09-correction")
    phone.tap("Back")
    expect(phone.button("Correct hand 1")).to_be_visible()  # back on the scoreboard it was opened from
    phone.tap("Back")

    phone.leave_start(ended)
    for name, tricks in last_hand[:-1]:
        took(phone, name, tricks)
    phone.tap("Score the hand")
    phone.see("wins!")
    expect(phone.page.get_by_text("Game over", exact=True)).to_be_in_viewport()  # the end opens at its top
    phone.next_two_frames()
    shot("10-end")
    phone.tap("Start screen")
    expect(phone.button(playing)).to_be_visible()
    shot("01-start")
    phone.tap("Language: English")
    expect(phone.page.get_by_role("menuitemcheckbox", name="English")).to_be_checked()
    shot("11-settings")
    phone.page.keyboard.press("Escape")
    expect(phone.page.get_by_role("menuitemcheckbox")).to_have_count(0)
    phone.leave_start("Past games")
    expect(phone.page.get_by_role("group", name=f"{GAME} · won by", exact=False).first).to_be_visible()
    shot("12-past-games")
    phone.tap("Back")
    phone.leave_start("Statistics")
    phone.see_exactly("Statistics")
    shot("13-statistics")
    return taken


def tour_tables(phone: Phone, tables: list[Table], shots: Path) -> dict[str, Path]:
    """Each larger table's hand, as L'Escalier's was shot: two bids in, the tricks of all but the dealer in, all
    in, and the standings once the hand is scored."""
    taken: dict[str, Path] = {}
    for table in tables:
        taken |= play_table(phone, table, shots)
    return taken


def play_table(phone: Phone, table: Table, shots: Path) -> dict[str, Path]:
    """One larger table's hand (see :func:`tour_tables`), from the start screen back to it."""
    taken: dict[str, Path] = {}

    def shot(screen: str) -> None:
        name = f"{screen}-{table.players}-players"
        taken[name] = phone.shot(name, shots)

    phone.leave_start(table.button)
    for name, bid in table.bids[:2]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap(f"Bid {bid}")
    phone.see_exactly(f"{table.bids[2][0]}'s bid")
    shot("04-bidding")
    for name, bid in table.bids[2:]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap(f"Bid {bid}")
    phone.see_exactly(f"{table.tricks[0][0]}'s tricks")
    for name, tricks in table.tricks[:-1]:
        took(phone, name, tricks)
    shot("05-tricks")  # the dealer's tricks filled in from the others'
    took(phone, *table.tricks[-1])
    shot("05-hand-end")
    phone.tap("Score the hand")
    phone.see_exactly(f"{table.bids[1][0]}'s bid")  # the next hand: its first bidder is the next seat on
    show_tab(phone, "Standings")
    expect(first_place(phone)).to_be_visible()
    shot("06b-standings")
    show_tab(phone, "Hand")
    phone.tap("Back")
    expect(phone.button("New game")).to_be_visible()
    return taken


def panel(text: str, dark: bool) -> Image.Image:
    """A phone-sized empty panel saying a screen is missing."""
    image = Image.new("RGB", (PHONE["width"], PHONE["height"]), "#30302e" if dark else "#e4e4e0")
    ImageDraw.Draw(image).multiline_text((PHONE["width"] // 2, PHONE["height"] // 2), text, anchor="mm",
                                         align="center", fill="#aaaaaa" if dark else "#666666",
                                         font=ImageFont.load_default(size=22))
    return image


def compose(title: str, left: Image.Image, right: Image.Image, dark: bool) -> Image.Image:
    """``left`` and ``right`` side by side under a caption row: the screen's name, then each app's."""
    gap, caption, labels = 16, 52, 34
    width, height = PHONE["width"], PHONE["height"]
    sheet = Image.new("RGB", (2 * width + 3 * gap, caption + labels + height + gap), "#202020" if dark else "#ffffff")
    draw, ink = ImageDraw.Draw(sheet), "#f0f0f0" if dark else "#111111"
    size = 24
    while size > 12 and draw.textlength(title, font=ImageFont.load_default(size=size)) > sheet.width - 2 * gap:
        size -= 1  # a long caption (the larger tables') smaller, not cut at the sheet's edge
    draw.text((gap, caption // 2), title, anchor="lm", fill=ink, font=ImageFont.load_default(size=size))
    for column, (name, image) in enumerate((("L'Escalier", left), ("Bidwell", right))):
        x = gap + column * (width + gap)
        draw.text((x, caption + labels // 2), name, anchor="lm", fill=ink, font=ImageFont.load_default(size=18))
        sheet.paste(image.convert("RGB").resize((width, height)), (x, caption + labels))
    return sheet


def run(browser: Browser, data: Path, scheme: str, walk: Callable[[Phone], dict[str, Path]]) -> dict[str, Path]:
    """Start Bidwell on ``data``, open it in a phone of ``scheme`` and take ``walk``'s shots; then stop it."""
    server = Server(data).start()
    try:
        context = browser.new_context(viewport=PHONE, color_scheme=scheme, has_touch=True)
        try:
            return walk(Phone(context.new_page(), f"bidwell-{scheme}").open(server.url))
        finally:
            context.close()
    finally:
        server.kill()


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    escalier = Path(sys.argv[1])
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "tests" / "artifacts" / "side-by-side"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            for scheme in ("light", "dark"):  # each on fresh games: the tour plays them on
                shots = Path(scratch) / "shots"
                data = Path(scratch) / scheme / "data"
                playing, ended, last_hand = prepare(data)
                bidwell = run(browser, data, scheme, lambda phone: tour(phone, playing, ended, last_hand, shots))
                tables_data = Path(scratch) / scheme / "tables"
                tables = prepare_tables(tables_data)
                bidwell |= run(browser, tables_data, scheme, lambda phone: tour_tables(phone, tables, shots))
                for screen, title in SCREENS.items():
                    dark = scheme == "dark"
                    shot = escalier / f"{ESCALIER_STAND_IN.get(screen, screen)}-{scheme}.png"
                    left = Image.open(shot) if screen not in ONLY_BIDWELL else panel("No such screen", dark)
                    right = Image.open(bidwell[screen]) if screen not in ONLY_ESCALIER else panel(
                        "No such screen:\nthe header says\n\"Hand 4 of 19\"", dark)
                    compose(f"{screen[:3].rstrip('-')} · {title} · {scheme}", left, right, dark).save(
                        out / f"{screen}-{scheme}.png")
        finally:
            browser.close()
    print(out)


if __name__ == "__main__":
    main()
