"""The scoreboard's columns are wide enough for every line in them, in every language, measured with the app's own
font; and no wider than they need, so four players fit a small phone while the numbers are short."""

from __future__ import annotations

import pytest
from helpers import long_herrlof
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from companion.look import FONT_FILE
from companion.store.games import GameStore
from companion.texts import languages
from companion.ui.board import (
    CELL,
    CELL_PADDING,
    NAME,
    NAME_SIZE,
    WIDEST_NAME,
    CellLine,
    cell_lines,
    column_widths,
    line_width,
    name_width,
)
from companion.views.play import PlayModel
from companion.views.play_views import BoardView
from companion.views.scoreboard import HANDS_SHOWN, board_of, board_window
from scoring.game import Game
from scoring.i18n.choice import speaking

FONT = "BoardFont"
SEMI_BOLD = 1.04
"""The points line is drawn semi-bold from the regular font, which Flutter makes a little wider."""


ROUNDING = 0.01


@pytest.fixture(scope="module", autouse=True)
def app_font() -> None:
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


def drawn_width(line: CellLine) -> float:
    return pdfmetrics.stringWidth(line.text, FONT, line.size) * (SEMI_BOLD if line.bold else 1)


def long_rage_n_glyphs(store: GameStore) -> BoardView:
    """Eleven hands of Rage'n Glyphs with Skip Up for four: three-digit totals gained 20 points at a time."""
    saved = store.start(Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla", "Dóra"], options={"skip_up": True}))
    for _ in range(11):
        cards = saved.state.current.cards
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, cards if seat == 0 else 0)
        saved.record_tricks([cards, 0, 0, 0])
    return PlayModel(saved).board()


def rage_with_cards(store: GameStore) -> BoardView:
    """Rage for three with every player counting action cards of both kinds, and missed bids (negative totals)."""
    saved = store.start(Game.new("rage", ["Anna", "Béla", "Csilla"]))
    for _ in range(10):
        cards = saved.state.current.cards
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, cards if seat == 0 else 1)
        saved.record_tricks([cards, 0, 0], {"bonus": (2, 1, 0), "mad": (0, 1, 2)})
    return PlayModel(saved).board()


@pytest.mark.parametrize("code", [code for code, _ in languages()])
def test_every_line_on_the_board_fits_its_column_in_the_apps_font(tmp_path, code):
    store = GameStore(tmp_path / "data")
    with speaking(code):
        boards = long_rage_n_glyphs(store), rage_with_cards(store)
        shown = {line.text for board in boards for row in board.rows for cell in row.cells
                 for line in cell_lines(cell, row.scored)}
        assert {"+31 → 231", "-5 → -50"} <= shown and any("×2" in text for text in shown)
        for board in boards:
            widths = column_widths(board)
            lines = [(line, width) for row in board.rows for cell, width in zip(row.cells, widths, strict=True)
                     for line in cell_lines(cell, row.scored)]
            too_wide = [(line.text, round(drawn_width(line), 1), width - CELL_PADDING) for line, width in lines
                        if drawn_width(line) > min(line_width(line.text, line.size), width - CELL_PADDING) + ROUNDING]
            assert too_wide == []


def test_the_columns_widen_only_for_lines_that_need_it(tmp_path):
    store = GameStore(tmp_path / "data")
    with speaking("en"):
        long_game = long_rage_n_glyphs(store)
        assert "+31 → 231" in {line.text for row in long_game.rows for cell in row.cells
                               for line in cell_lines(cell, row.scored)}
        assert max(column_widths(long_game)) > CELL
        first_hands = BoardView(long_game.names, long_game.totals, long_game.leaders, long_game.rows[:3])
        assert max(column_widths(first_hands)) == CELL
        assert NAME + 4 * CELL <= 360 - 2 * 12  # four players on a small phone, in the screen's padding


@pytest.mark.parametrize("name", ["Anna", "Csilla", "Wilhelmina", "さくらこ", "Maximiliane Wolfeschlegel",
                                  "Ярослав Мудрый", "Ōmura Mariko", "Łukasz"])
def test_a_name_fits_its_column_on_one_line_or_two_measured_with_the_apps_font(name):
    width = name_width(name) - 2 * 4
    drawn = pdfmetrics.stringWidth(name, FONT, NAME_SIZE) * SEMI_BOLD
    words = [pdfmetrics.stringWidth(word, FONT, NAME_SIZE) * SEMI_BOLD for word in name.split()]
    if drawn <= width:
        return  # one line
    assert max(words) <= width or name_width(name) == WIDEST_NAME  # each word on a line of its own, or cut
    assert drawn <= 2 * width or name_width(name) == WIDEST_NAME  # two lines hold it, or it is cut


def test_each_column_is_as_wide_as_its_own_player_needs(tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", ["Anna", "Maximiliane Wolfeschlegel", "Béla"]))
    with speaking("en"):
        widths = column_widths(PlayModel(saved).board())
    assert widths[0] == widths[2] == CELL and CELL < widths[1] <= WIDEST_NAME


def test_a_board_of_a_thousand_hands_shows_the_newest_forty_with_their_adjustments_and_pages_through_the_rest():
    board = board_of(long_herrlof(1000), read_only=True)  # and the hand after them, being bid
    newest = board_window(board, None)
    assert [row.number for row in newest.rows] == list(range(962, 1002))
    assert newest.window == (962, 1001, 1001)
    assert newest.adjustments == tuple(f"Hand 991: {name} -999" for name in ("Anna", "Béla", "Csilla"))
    assert newest.standings == board.standings and newest.totals == board.totals
    first = board_window(board, 0)
    assert [row.number for row in first.rows] == list(range(1, HANDS_SHOWN + 1)) and first.window == (1, 40, 1001)
    assert first.adjustments[:3] == tuple(f"Hand 1: {name} -999" for name in ("Anna", "Béla", "Csilla"))
    assert board_window(board, 990).window == (962, 1001, 1001)  # never past the last hand


def test_a_board_of_any_shipped_game_shows_every_hand():
    game = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"])
    assert game.rules.hand_count <= HANDS_SHOWN
    board = board_of(long_herrlof(HANDS_SHOWN - 1), read_only=True)  # and the hand after them, being bid
    assert board_window(board, None) is board and board.window is None


@pytest.mark.parametrize("code", [code for code, _ in languages()])
@pytest.mark.parametrize("width", [360, 390])
def test_every_game_s_name_fits_whole_in_its_screen_s_top_bar(code, width):
    from companion.ui.play import BAR_AROUND_TITLE, bar_title
    from scoring.definitions import game_ids, rules_for
    from scoring.i18n.language import game_text

    font = TTFont("app", str(FONT_FILE))
    pdfmetrics.registerFont(font)
    room = width - BAR_AROUND_TITLE
    with speaking(code):
        for game_id in game_ids():
            name = game_text(rules_for(game_id, 2 if game_id == "herrlof" else 3, {}).game.name)
            title = bar_title(name, width)
            drawn = pdfmetrics.stringWidth(name, "app", title.size)
            assert drawn <= room * title.max_lines, (name, title.size, drawn, room)
