"""Bidwell's screens beside L'Escalier's equivalents (issue 26, item 1), light and dark, at 390x844.

    python tools/side_by_side.py ESCALIER_SHOTS [OUT]    (default OUT: tests/artifacts/side-by-side/)

ESCALIER_SHOTS is the folder tools/escalier_screens.py fills (``<screen>-<scheme>.png``). Bidwell's real app is
started on a temporary data folder holding two prepared four-player games of Oh Hell (BGA), then driven through
the same screens by taps on its controls' accessible names, as the browser tests do. Each pair is composed into
``OUT/<screen>-<scheme>.png``: a caption naming the screen, L'Escalier on the left, Bidwell on the right. A screen
one app lacks is shown as an empty panel saying so. Not a test: nothing here passes or fails on looks.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from phone import CHROMIUM_ARGS, PHONE, Phone, Server, chromium  # noqa: E402
from PIL import Image, ImageDraw, ImageFont  # noqa: E402
from playwright.sync_api import Locator, expect, sync_playwright  # noqa: E402

from companion.store.games import GameStore, SavedGame  # noqa: E402
from scoring.game import Game  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]
GAME = "Oh Hell (BGA)"
SCREENS = {
    "01-start": "Start: the games",
    "02-new-game": "New game: the players",
    "03-game-rules": "New game: the rules",
    "04-bidding": "Bidding, two bids in (hand 4, 7 cards)",
    "05-tricks": "Tricks, three entered (Bidwell fills in the fourth)",
    "06-scoreboard": "Scoreboard and standings",
    "07-charts": "Charts",
    "08-hands": "The hands to come (L'Escalier's staircase)",
    "09-correction": "Correcting hand 1",
    "10-end": "The end of the game",
    "11-settings": "Settings (Bidwell: language on the start screen)",
    "12-past-games": "Past games",
    "13-statistics": "Statistics",
}
ONLY_ESCALIER = {"08-hands"}
ONLY_BIDWELL = {"13-statistics"}
ESCALIER_STAND_IN = {"12-past-games": "01-start"}  # its one list of games holds the finished ones too


def deal_out(saved: SavedGame | Game, *, bids_only: bool = False) -> list[int]:
    """Bid the current hand (a quarter of the cards each, the dealer never making the bids add up) and, unless
    ``bids_only``, score it: the first three take what they bid, the dealer the rest. Returns the tricks."""
    current = saved.state.current
    order, share = current.bidding_order, current.cards // 4
    for seat in order:
        saved.bid(seat, share + 1 if seat == order[-1] and saved.state.forbidden_bid == share else share)
    tricks = [share] * len(PLAYERS)
    tricks[order[-1]] = current.cards - share * (len(PLAYERS) - 1)
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


def to_top(phone: Phone, target: Locator) -> None:
    """Scroll as a finger would until ``target`` is near the top of the screen (or the page ends)."""
    page, height = phone.page, phone.page.viewport_size["height"]
    page.mouse.move(page.viewport_size["width"] / 2, height / 2)
    page.mouse.wheel(0, target.bounding_box()["y"] - 90)
    expect(target).to_be_in_viewport()
    phone.next_two_frames()  # Flutter scrolls its canvas a frame after its accessibility tree


def tour(phone: Phone, playing: str, ended: str, last_hand: list[tuple[str, int]], shots: Path) -> dict[str, Path]:
    """Bidwell's equivalent of each of L'Escalier's screens, shot once what it is known by shows."""
    taken: dict[str, Path] = {}

    def shot(screen: str) -> None:
        taken[screen] = phone.shot(screen, shots)

    phone.tap("New game")
    phone.pick("radio", GAME)
    shot("03-game-rules")
    phone.enter_lines("Player's name", PLAYERS)
    phone.see_exactly(f"4. {PLAYERS[3]}")
    shot("02-new-game")
    phone.tap("Back")

    phone.tap(playing)
    for name in PLAYERS[:2]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 1")
    phone.see_exactly(f"{PLAYERS[2]}'s bid")
    shot("04-bidding")
    for name in PLAYERS[2:]:
        phone.see_exactly(f"{name}'s bid")
        phone.tap("Bid 1")
    for name in PLAYERS[:3]:
        phone.tap(f"{name} took 1")
        phone.see_exactly(f"{name} took 1 trick")
    phone.see_exactly("Tricks 7 of 7")  # the last seat's tricks follow from the others'
    shot("05-tricks")
    phone.tap("Correct hand 1")
    expect(phone.button("Save the correction")).to_be_visible()
    shot("09-correction")
    phone.tap("Back")
    phone.tap("Standings")
    phone.see("exact bids")  # the standings, opened
    to_top(phone, phone.page.get_by_text("Scoreboard", exact=True))
    shot("06-scoreboard")
    phone.tap("Charts")  # opens under the scoreboard
    expect(phone.page.get_by_text("Running totals after each hand", exact=False)).to_be_attached()
    to_top(phone, phone.page.get_by_text("Running totals after each hand", exact=False))
    shot("07-charts")
    phone.tap("Back")

    phone.tap(ended)
    for name, tricks in last_hand[:-1]:
        phone.tap(f"{name} took {tricks}")
        phone.see_exactly(f"{name} took {tricks} trick{'' if tricks == 1 else 's'}")
    phone.tap("Score the hand")
    phone.see("wins!")
    to_top(phone, phone.page.get_by_text("Game over", exact=True))  # it keeps the last hand's scroll
    shot("10-end")
    phone.tap("Start screen")
    expect(phone.button(playing)).to_be_visible()
    shot("01-start")
    language = phone.page.get_by_role("radio", name="English", exact=True)
    phone.scroll_to(language)
    shot("11-settings")
    phone.tap("Past games")
    expect(phone.page.get_by_role("group", name=f"{GAME} · won by", exact=False).first).to_be_visible()
    shot("12-past-games")
    phone.tap("Back")
    phone.tap("Statistics")
    phone.see_exactly("Statistics")
    shot("13-statistics")
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
    draw.text((gap, caption // 2), title, anchor="lm", fill=ink, font=ImageFont.load_default(size=24))
    for column, (name, image) in enumerate((("L'Escalier", left), ("Bidwell", right))):
        x = gap + column * (width + gap)
        draw.text((x, caption + labels // 2), name, anchor="lm", fill=ink, font=ImageFont.load_default(size=18))
        sheet.paste(image.convert("RGB").resize((width, height)), (x, caption + labels))
    return sheet


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
                data = Path(scratch) / scheme / "data"
                playing, ended, last_hand = prepare(data)
                server = Server(data).start()
                try:
                    context = browser.new_context(viewport=PHONE, color_scheme=scheme, has_touch=True)
                    phone = Phone(context.new_page(), f"bidwell-{scheme}").open(server.url)
                    bidwell = tour(phone, playing, ended, last_hand, Path(scratch) / "shots")
                    context.close()
                finally:
                    server.kill()
                for screen, title in SCREENS.items():
                    dark = scheme == "dark"
                    shot = escalier / f"{ESCALIER_STAND_IN.get(screen, screen)}-{scheme}.png"
                    left = Image.open(shot) if screen not in ONLY_BIDWELL else panel("No such screen", dark)
                    right = Image.open(bidwell[screen]) if screen not in ONLY_ESCALIER else panel(
                        "No such screen:\nthe header says\n\"Hand 4 of 19\"", dark)
                    compose(f"{screen[:2]} · {title} · {scheme}", left, right, dark).save(
                        out / f"{screen}-{scheme}.png")
        finally:
            browser.close()
    print(out)


if __name__ == "__main__":
    main()
