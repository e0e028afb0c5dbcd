"""Screenshots of L'Escalier (github.com/mayerwin/Escalier-Oh-Hell-Score-Keeper), the open Oh Hell scorekeeper
Bidwell is compared with, for tools/side_by_side.py: every screen a four-player game shows, at 390x844, light
and dark; and the round screen (bidding, tricks, the hand's end) and standings of a five- and a ten-player game,
named ``<screen>-<n>-players-<scheme>.png``.

    python tools/escalier_screens.py /path/to/escalier-checkout [out-folder]

The checkout is plain static files; it is served here with ``python -m http.server``. The folder (default
tests/artifacts/escalier/) gets ``<screen>-<scheme>.png``, the names tools/side_by_side.py pairs. Nothing of
L'Escalier is kept in Bidwell: only these pictures, in a folder git ignores.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from phone import CHROMIUM_ARGS, PHONE, StaticServer, chromium  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csilla", "Dóra"]
MORE_PLAYERS = ["Endre", "Flóra", "Gábor", "Hajnal", "Imre", "Judit"]  # seats 5 to 10, for the larger tables
TALLEST = 10  # a staircase straight down from 10 cards: ten hands, as Bidwell's Oh Hell starts at 10


def bids_and_tricks(cards: int, players: int = 4) -> tuple[list[int], list[int]]:
    """A hand's bids in speaking order (the dealer last, never making the bids add up) and the tricks taken:
    some bids made, some missed."""
    share = cards // players
    dealer = share + 1 if players * share == cards else share
    rest = players - 1
    return [share] * rest + [dealer], [share] * rest + [cards - rest * share]


def pick_all(page: Page, values: list[int], first: int = 0) -> None:
    """Tap each value's chip on the entries from ``first`` on, in order."""
    for entry, value in enumerate(values, first):
        page.locator(".entry").nth(entry).locator(f".chip:text-is('{value}')").tap()


def play_hand(page: Page, cards: int, players: int = 4) -> None:
    bids, tricks = bids_and_tricks(cards, players)
    primary = page.locator(".dock .btn--primary")
    pick_all(page, bids)
    expect(primary).to_be_enabled()
    primary.tap()
    pick_all(page, tricks)
    expect(primary).to_be_enabled()
    primary.tap()


def take(page: Page, path: Path, top: bool = False) -> None:
    expect(page.locator(".toast.is-visible")).to_have_count(0, timeout=15000)  # "Round 3 recorded" fades
    page.evaluate("document.activeElement && document.activeElement.blur()")
    if top:  # the page scrolls itself after each pick, smoothly: a shot mid-scroll would differ every run
        page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=path, animations="disabled")


def tour(page: Page, base: str, out: Path, scheme: str) -> None:
    def shot(name: str, top: bool = False) -> None:
        take(page, out / f"{name}-{scheme}.png", top)

    page.goto(base)
    page.get_by_role("button", name="New game").first.tap()
    for seat, name in enumerate(PLAYERS, 1):
        page.get_by_role("combobox", name=f"Player {seat}").fill(name)
    shot("02-new-game")
    tallest = page.get_by_role("group", name="Tallest hand")
    while tallest.inner_text().split()[1] != str(TALLEST):
        page.get_by_role("button", name="Tallest hand −").tap()
    page.get_by_role("button", name="Down", exact=True).tap()
    page.get_by_role("heading", name="Scoring").scroll_into_view_if_needed()
    shot("03-game-rules")
    page.get_by_role("button", name="Deal the first hand").tap()
    expect(page.locator(".cardcount__n")).to_have_text(str(TALLEST))
    for cards in (10, 9, 8):
        play_hand(page, cards)
    page.get_by_role("button", name="Standings", exact=True).tap()
    page.get_by_role("button", name="Correct — Round 1").tap()
    page.get_by_role("button", name="Edit", exact=True).tap()
    expect(page.get_by_role("button", name="Record the round")).to_be_enabled()
    shot("09-correction")
    page.get_by_role("button", name="Record the round").tap()
    expect(page.locator(".cardcount__n")).to_have_text("7")
    bids, tricks = bids_and_tricks(7)
    pick_all(page, bids[:2])
    shot("04-bidding", top=True)
    pick_all(page, bids[2:], 2)
    page.locator(".dock .btn--primary").tap()
    pick_all(page, tricks[:3])
    shot("05-tricks", top=True)
    page.get_by_role("button", name="Standings", exact=True).tap()
    shot("06-scoreboard")
    page.get_by_role("button", name="Curve", exact=True).tap()
    shot("07-charts")
    page.get_by_role("button", name="Staircase", exact=True).tap()
    shot("08-hands")
    page.get_by_role("button", name="Round", exact=True).tap()
    pick_all(page, tricks[3:], 3)
    shot("05-hand-end", top=True)
    page.locator(".dock .btn--primary").tap()
    for cards in range(6, 0, -1):
        play_hand(page, cards)
    shot("10-end")
    page.get_by_role("button", name="Menu").tap()
    page.get_by_role("button", name="My games").last.tap()
    shot("01-start")
    page.get_by_role("button", name="Menu").tap()
    page.get_by_role("button", name="Settings").tap()
    shot("11-settings")


def larger_table(page: Page, base: str, out: Path, scheme: str, players: int) -> None:
    """A game of ``players`` (the staircase down from as many cards as one deck deals each): two hands played,
    then the third's bidding (two bids in), its tricks (all but the dealer's in), its end (all in) and, once
    recorded, the standings."""
    def shot(name: str, top: bool = False) -> None:
        take(page, out / f"{name}-{players}-players-{scheme}.png", top)

    page.goto(base)
    page.get_by_role("button", name="New game").first.tap()
    for _ in range(players - len(PLAYERS)):
        page.get_by_role("button", name="Add a player").tap()
    for seat, name in enumerate((PLAYERS + MORE_PLAYERS)[:players], 1):
        page.get_by_role("combobox", name=f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Down", exact=True).tap()
    page.get_by_role("button", name="Deal the first hand").tap()
    tallest = 52 // players
    expect(page.locator(".cardcount__n")).to_have_text(str(tallest))
    for cards in (tallest, tallest - 1):
        play_hand(page, cards, players)
    cards = tallest - 2
    expect(page.locator(".cardcount__n")).to_have_text(str(cards))
    bids, tricks = bids_and_tricks(cards, players)
    pick_all(page, bids[:2])
    shot("04-bidding", top=True)
    pick_all(page, bids[2:], 2)
    page.locator(".dock .btn--primary").tap()
    pick_all(page, tricks[:-1])
    shot("05-tricks", top=True)
    pick_all(page, tricks[-1:], players - 1)
    shot("05-hand-end", top=True)
    page.locator(".dock .btn--primary").tap()
    expect(page.locator(".cardcount__n")).to_have_text(str(cards - 1))
    page.get_by_role("button", name="Standings", exact=True).tap()
    shot("06-scoreboard")


def main() -> None:
    checkout = Path(sys.argv[1])
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "tests" / "artifacts" / "escalier"
    out.mkdir(parents=True, exist_ok=True)
    server = StaticServer(checkout)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport=PHONE, color_scheme=scheme, locale="en-GB",
                                              has_touch=True, is_mobile=True)
                tour(context.new_page(), server.url, out, scheme)
                context.close()
                for players in (5, 10):  # a fresh context each: no games of the tours before in its storage
                    context = browser.new_context(viewport=PHONE, color_scheme=scheme, locale="en-GB",
                                                  has_touch=True, is_mobile=True)
                    larger_table(context.new_page(), server.url, out, scheme, players)
                    context.close()
            browser.close()
    finally:
        server.stop()
    print(out)


if __name__ == "__main__":
    main()
