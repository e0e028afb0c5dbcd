"""Every control a finger taps is at least 48 by 48 pixels (Material's and WCAG's comfortable target), on every
screen, as a phone's browser lays it out (Flutter pads a control's target to a finger's size on a phone, not on a
desktop): in light and dark, at 390x844 and 360x740."""

from __future__ import annotations

import re

from phone import PHONE_BROWSER, SIZES_AND_LOOKS
from playwright.sync_api import expect

from companion.store.games import GameStore
from companion.ui.board import SCREEN_PADDING
from scoring.game import Game

SMALLEST = 48

TAPPABLE_TOO_SMALL = """([smallest, padding]) => {
  const kinds = 'flt-semantics[role=button], flt-semantics[role=checkbox], flt-semantics[role=radio], '
      + 'flt-semantics[role=switch], flt-semantics[role=tab], flt-semantics[role=slider], input, textarea';
  const width = window.innerWidth, height = window.innerHeight;
  return Array.from(document.querySelectorAll(kinds)).map(node => {
    const box = node.getBoundingClientRect();
    return {name: node.getAttribute('aria-label') || node.textContent.trim().slice(0, 40) || node.tagName,
            width: Math.round(box.width), height: Math.round(box.height), box, node};
  // Wholly on the screen: the accessibility tree cuts a control where the screen's scrolling part ends, its
  // padding above the bottom edge, or where a part of it that scrolls on its own ends (the hand's rows, above
  // the bar that scores the hand): a person scrolls to it, and it is measured where it shows whole.
  }).filter(({box}) => box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= width - 1
                       && box.bottom < height - padding - 1)
    .filter(({box, node}) => {
      for (let up = node.parentElement; up; up = up.parentElement) {
        if (up.scrollHeight > up.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(up).overflowY)) {
          const part = up.getBoundingClientRect();
          return box.top > part.top + 1 && box.bottom < part.bottom - 1;
        }
      }
      return true;
    })
    .filter(({width, height}) => width < smallest || height < smallest)
    .map(({name, width, height, box}) => `${name}: ${width}x${height} @${Math.round(box.top)}-${Math.round(box.bottom)}`);
}"""


def back(phone) -> None:
    """The top bar's back arrow (on a phone it is read "Back" twice: its tooltip and its label), touched on a
    screen at rest, as a person does: a screen just closed slides out over the one beneath, whose arrow is read
    all along, and a touch on it meanwhile is refused (BackGuard)."""
    phone.settled()
    phone.page.get_by_role("button", name=re.compile(r"^Back\b")).tap()


def too_small(phone) -> list[str]:
    """The controls on the screen now that a finger could miss: each named, with its size."""
    return phone.page.evaluate(TAPPABLE_TOO_SMALL, [SMALLEST, SCREEN_PADDING])


@SIZES_AND_LOOKS
def test_every_control_on_every_screen_takes_a_finger(open_phone, own_server, tmp_path, size, scheme):
    saved = GameStore(tmp_path / "data").start(Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"]))
    order = saved.state.current.bidding_order
    for seat in order:
        saved.bid(seat, 0)
    saved.record_tricks([10 if seat == order[0] else 0 for seat in range(4)])
    server = own_server()
    phone = open_phone(server.url, f"taps-{size['width']}-{scheme}", viewport=size, color_scheme=scheme,
                       is_mobile=True, user_agent=PHONE_BROWSER)
    seen: dict[str, list[str]] = {}
    phone.see_exactly("Continue a game")
    seen["start"] = too_small(phone)
    phone.tap("New game")
    phone.see_exactly("Players, clockwise from any seat")
    seen["new game"] = too_small(phone)
    back(phone)
    phone.page.get_by_role("button", name=re.compile(r"^Rage · hand 2 · ")).tap()
    phone.see_exactly("Hand 2 of 10")
    seen["bids"] = too_small(phone)
    phone.tap("Give a bonus or penalty")
    phone.see_exactly("Who")
    seen["bonus or penalty"] = too_small(phone)
    back(phone)
    phone.see_exactly("Hand 2 of 10")
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    correct = phone.button("Correct hand 1")
    expect(correct).to_be_visible()
    seen["scoreboard"] = too_small(phone)
    phone.page.get_by_role("tab", name=re.compile("^Standings")).tap()
    expect(phone.button("Copy the standings")).to_be_visible()
    seen["standings"] = too_small(phone)
    phone.page.get_by_role("tab", name=re.compile("^Scoreboard")).tap()
    phone.tap("Correct hand 1")
    phone.see_exactly("Correct hand 1")
    seen["correction"] = too_small(phone)
    back(phone)
    expect(correct).to_be_visible()  # back on the scoreboard it was opened from
    back(phone)
    phone.leave_start("Past games")
    # A past game is a card, read as one group named by its lines (as tests/browser/test_screenshots.py finds it).
    expect(phone.page.get_by_role("group", name=re.compile(r"^Rage · hand 2 "))).to_be_visible()
    seen["past games"] = too_small(phone)
    back(phone)
    phone.leave_start("Statistics")
    phone.unfold("Filter: All games · All time · every player")
    expect(phone.page.get_by_role("radio", name="All time")).to_be_visible()
    phone.settled("the filters unfolded")  # measured once they have slid open, as a finger finds them
    seen["statistics"] = too_small(phone)
    back(phone)
    phone.tap("Blank score sheets")
    phone.see_exactly("Paper")
    seen["blank sheet"] = too_small(phone)
    assert {screen: small for screen, small in seen.items() if small} == {}
