"""Where a hand's rows fit a phone without scrolling (companion.ui.table.rows_fit), as the table screen lays them out:
pinned for every shipped game's first hand, the bids and the tricks, so a change to the layout that loses a row of a
real table is seen here (tests/browser/test_table_screen.py reads the same from the page's own boxes)."""

from __future__ import annotations

import pytest

from companion.store.games import GameStore
from companion.ui.table import KEY, keys_per_line, pad_slots, row_height, rows_fit
from companion.views.common import Screen
from companion.views.play import PlayModel
from scoring.game import Game

NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Fanni", "Gábor", "Hanna", "Ilona", "János"]
PHONE = (390, 844)


def first_hand(store: GameStore, game: str, players: int) -> tuple[bool | None, bool]:
    """Whether hand 1's bids (None: bid behind the cover) and then its tricks fit a 390 x 844 phone."""
    saved = store.start(Game.new(game, NAMES[:players]))
    model = PlayModel(saved)
    bids = None
    if model.screen is Screen.BIDDING:
        bids = rows_fit(model.table(), *PHONE, trump=model.trump_view() is not None, options=True)
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, 0)
    model = PlayModel(saved)
    return bids, rows_fit(model.table(), *PHONE, trump=model.trump_view() is not None, options=True)


@pytest.mark.parametrize(("game", "counts"), [
    ("rage-n-glyphs", range(3, 8)), ("oh-hell", (3, 4)), ("rage", (2, 3, 4)), ("wizard", range(3, 7)),
    ("up-and-down-the-river", (3, 4)), ("skull-king", range(2, 9)), ("herrlof", (2, 3)),
])
def test_every_row_of_a_first_hand_of_up_to_four_players_fits_a_phone(tmp_path, game, counts):
    store = GameStore(tmp_path)
    for count in counts:
        bids, tricks = first_hand(store, game, count)
        assert bids in (True, None) and tricks, (game, count)


@pytest.mark.parametrize(("game", "count"), [("rage", 5), ("rage", 6), ("oh-hell", 5), ("oh-hell", 6),
                                             ("up-and-down-the-river", 6), ("rage", 10)])
def test_five_or_more_players_of_eight_cards_or_more_scroll_their_rows(tmp_path, game, count):
    # 48-pixel keys, seven to a line: six players of ten cards are 66 keys, 858 px of rows against about 550.
    assert first_hand(GameStore(tmp_path), game, count) == (False, False)


@pytest.mark.parametrize("count", [3, 4])
def test_the_key_to_a_rows_counted_cards_ends_its_pad_rather_than_taking_a_line_of_its_own(tmp_path, count):
    # Rage's ±5 cards, folded under a key of a pad key's size in the room the ten cards' keys leave on their last
    # line: four players' rows of the tricks fit as their bids do.
    assert first_hand(GameStore(tmp_path), "rage", count) == (True, True)
    saved = GameStore(tmp_path / "rows").start(Game.new("rage", NAMES[:count]))
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, 0)
    assert pad_slots(PlayModel(saved).table().rows[0]) == 12  # eleven numbers and the counted cards' key
    assert row_height(12, 390, chip=True) == row_height(11, 390, chip=True) < row_height(13, 390, chip=True)


def test_a_row_is_a_line_of_keys_under_the_name_or_beside_it_for_a_short_pad():
    assert keys_per_line(390) == 7 and keys_per_line(360) == 6
    assert keys_per_line(390, chip=True) == 6
    assert row_height(2, 390) == row_height(4, 390) < row_height(5, 390) < row_height(8, 390)
    assert row_height(11, 390) - row_height(7, 390) == KEY + 3
