"""The blank score sheet's own screen and the past games' folded filters, as their view-models: no browser."""

from __future__ import annotations

import dataclasses

import pytest
from pypdf import PdfReader

from companion.sheets.pdf import render_pdf
from companion.store.games import GameStore
from companion.views.blank_sheet import BlankSheetModel
from companion.views.common import Message
from companion.views.history import HistoryModel
from scoring.game import Game


def test_a_blank_sheet_for_a_count_has_blank_name_boxes_and_the_games_hands():
    model = BlankSheetModel(game_id="oh-hell")
    view = model.view()
    # Oh Hell takes 3 to 7: the count starts at the fewest and cannot go below it.
    assert (view.count, view.count_text, view.can_fewer, view.can_more) == (3, "3 players", False, True)
    assert [row.name for row in view.options] == ["bidding", "sequence", "scoring"]  # the hook is fixed: not offered
    model.step_count(1)
    model.set_option("sequence", "short-up")
    sheet = model.sheet()
    assert sheet.names == ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
    # Short - Up for 4 players: hands of 1, 2, 3, … cards; Seat 1 deals first, then clockwise.
    assert [(row.cards, row.dealer) for row in sheet.rows[:3]] == [("1", "Seat 1"), ("2", "Seat 2"), ("3", "Seat 3")]
    assert "Sequence: Short - Up" in sheet.subtitle
    assert model.file_name("2026-11-26") == "bidwell-oh-hell-2026-11-26-blank.pdf"


def test_the_count_stays_within_the_game_and_follows_a_change_of_game():
    model = BlankSheetModel(game_id="rage-n-glyphs")
    for _ in range(12):
        model.step_count(1)
    assert model.view().count == 10 and not model.view().can_more  # Rage'n Glyphs: at most 10
    model.choose_game("herrlof")
    assert model.view().count == 3  # Herrlof: 2 or 3
    model.step_count(-1)
    model.step_count(-1)
    assert model.view().count == 2 and not model.view().can_fewer


def test_names_typed_set_the_count_and_go_on_the_sheet():
    model = BlankSheetModel(game_id="rage")
    model.set_names(" Anna, Béla ,, Csilla, Dóra,")  # spaces and empty parts, as a thumb types them
    view = model.view()
    assert (view.count, view.by_names, view.can_fewer, view.can_more) == (4, True, False, False)
    sheet = model.sheet()
    assert sheet.names == ("Anna", "Béla", "Csilla", "Dóra")
    assert model.file_name("2026-11-26") == "bidwell-rage-2026-11-26-anna-bela-csilla-dora.pdf"
    model.set_names("")
    assert model.view().count == 2 and model.sheet().names == ("Seat 1", "Seat 2")  # back to the count


def test_names_the_game_cannot_take_are_refused_with_the_reason_and_kept():
    model = BlankSheetModel(game_id="herrlof")
    model.set_names("Anna, Béla, Csilla, Dóra")
    assert model.sheet() is None
    assert model.view().message == Message("Herrlof is played by at most 3 players", error=True)
    assert model.names == ["Anna", "Béla", "Csilla", "Dóra"]  # nothing typed is lost
    model.choose_game("oh-hell")
    model.set_names("Anna")
    assert model.sheet() is None
    assert model.view().message == Message("Oh Hell (BGA) needs 3 to 7 players; add 2 more", error=True)
    model.set_names("Anna, Anna, Béla")
    assert model.sheet() is None and "twice" in model.view().message.text


def test_the_paper_is_the_phones_and_can_be_changed_and_the_pdf_is_that_size():
    model = BlankSheetModel(paper="letter")
    assert model.view().paper == "letter" and model.view().papers == (("a4", "A4"), ("letter", "Letter"))
    model.set_paper("a4")
    model.set_paper("a3")  # not offered: left as it was
    assert model.paper == "a4"
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.view().paper = "letter"
    import io

    page = PdfReader(io.BytesIO(render_pdf(model.sheet(), model.paper))).pages[0]
    width, height = sorted((float(page.mediabox.width), float(page.mediabox.height)))
    assert (round(width), round(height)) == (595, 842)  # A4 in points


def test_the_past_games_filters_read_as_one_line(tmp_path):
    store = GameStore(tmp_path / "data")
    store.start(Game.new("rage", ["Zoë", "Anna"]))
    history = HistoryModel(store)
    assert history.view().filter_summary == "Filter: All games · every player"
    history.set_filters(player="zoe", game="rage")
    assert history.view().filter_summary == "Filter: Rage · players like zoe"
