"""Printed score sheets: the cells read back from the PDF, every game and size, the pictures."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import play_hand
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.look import seat_colour
from companion.sheets.pdf import (
    CELL_PADDING,
    CHART_FONT_SIZE,
    FONT,
    SWATCH,
    SWATCH_GAP,
    _table,
    blank_sheet,
    filled_sheet,
    fit,
    legend_places,
    render_pdf,
)
from companion.store.games import GameStore
from scoring.definitions import load_game, rules_for
from scoring.game import Game
from scoring.schedule import plan

ARTIFACTS = Path(__file__).parent / "artifacts"
BIDWELL = Path(sys.executable).with_name("bidwell")
TEN = ["Anna", "Béla", "Łucja", "Zoë", "さくら", "Ödön", "Ευτυχία", "Ярослав", "Jürgen", "Noor"]
POINTS_PER_INCH = 72


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(text: str) -> str:
    """The text with its line breaks and runs of spaces made single spaces (a paragraph wraps anywhere)."""
    return " ".join(text.split())


def rows_of(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def test_a_blank_rage_n_glyphs_sheet_for_three_has_every_hand_and_dealer():
    rules = rules_for("rage-n-glyphs", 3)
    names = ["Anna", "Béla", "さくら"]
    text = "\n".join(pages(render_pdf(blank_sheet(rules, names=names), "a4")))
    for hand in plan(rules):
        assert [str(hand.number), str(hand.cards), names[hand.dealer]] in rows_of(text)
    assert "Rage'n Glyphs: score sheet" in text and "Scorekeeper:" in text
    assert "+10 for an exact bid" in flat(text) and "the game ends after hand 31" in flat(text)


def test_a_blank_sheet_without_names_names_the_seats():
    text = pages(render_pdf(blank_sheet(rules_for("rage", 4)), "letter"))[0]
    assert ["1", "10", "Seat", "1"] in rows_of(text) and ["10", "1", "Seat", "2"] in rows_of(text)
    assert "+5 cards: +5 each" in flat(text) and "-5 for a missed bid" in flat(text)


def test_herrlof_gets_a_continuation_page():
    texts = pages(render_pdf(blank_sheet(rules_for("herrlof", 2), names=["Anna", "Béla"]), "a4"))
    assert len(texts) == 2 and "(continued)" in texts[1]
    assert ["13", "15", "Anna"] in rows_of(texts[1])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["rage-n-glyphs", "oh-hell", "rage", "herrlof"])
@pytest.mark.parametrize("players", [3, 6, 10])
def test_every_game_and_size_prints_whole_rows_under_a_repeated_header(game, players, paper):
    definition = load_game(game)
    if not definition.min_players <= players <= definition.max_players:
        players = definition.max_players if players > definition.max_players else definition.min_players
    rules = rules_for(game, players)
    pdf = render_pdf(blank_sheet(rules, names=TEN[:players]), paper)
    reader = PdfReader(io.BytesIO(pdf))
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    expected = {"a4": (595, 842), "letter": (612, 792)}[paper]
    assert sorted((round(width), round(height))) == sorted(expected)
    cells = players * (4 + len(rules.scoring.cards))
    assert (width > height) == (cells > 16)
    numbers = []
    for page in reader.pages:
        text = page.extract_text(extraction_mode="layout")
        assert "Hand" in text and "Dealer" in text  # the header is on every page
        numbers += [int(row[0]) for row in rows_of(text) if len(row) >= 3 and row[0].isdigit() and row[1].isdigit()]
    hands = rules.hand_count or 24
    assert sorted(numbers) == list(range(1, hands + 1))  # each row once: none cut across a page break


def played_ten(store=None):
    game = Game.new("rage-n-glyphs", TEN, options={"skip_up": True})
    while not game.state.finished:
        cards = game.state.current.cards
        bids = [0] * 10
        bids[game.state.current.dealer] = cards
        play_hand(game, bids, bids)
    return game


def test_a_filled_sheet_has_the_engines_numbers():
    game = played_ten()
    text = "\n".join(pages(render_pdf(filled_sheet(game, played_on="2026-11-22"), "a4")))
    for hand in game.state.scored_hands:
        row = next(r for r in rows_of(text) if r[:2] == [str(hand.number), str(hand.cards)])
        totals = [cell for cell in row if cell.lstrip("-").isdigit()][2:]
        for seat in hand.seats:
            assert str(seat.total) in totals
    assert "Nov 22, 2026" in text and "Skip Up" in text
    # Seat 4 dealt the last hand (9 cards) and took it all: 5 x 4 + 9 + 10 = 39, the most.
    assert "さくら wins!" in flat(text) and "\u2713" in text


def test_a_filled_sheet_draws_its_charts_after_the_table_and_a_blank_one_none(tmp_path):
    game = Game.new("herrlof", ["Anna", "さくら"])
    for bids, tricks in (([11, 4], [11, 4]), ([3, 12], [3, 12]), ([15, 0], [15, 0])):
        play_hand(game, bids, tricks)
    pdf = render_pdf(filled_sheet(game, played_on="2026-11-23"), "a4")
    (ARTIFACTS / "filled-herrlof-charts.pdf").write_bytes(pdf)
    text = flat("\n".join(pages(pdf)))
    assert text.index("Anna wins!") < text.index("Running totals · Hands") < text.index("Bids against tricks")
    # The legends name the players and the bars; the totals axis ends on a label past Anna's 64.
    assert "Anna" in text.split("Running totals")[1] and "さくら" in text.split("Running totals")[1]
    assert "Bids Tricks" in text and " 80 " in text.split("Running totals")[1]
    blank = flat("\n".join(pages(render_pdf(blank_sheet(rules_for("herrlof", 2)), "a4"))))
    assert "Running totals" not in blank
    unplayed = flat("\n".join(pages(render_pdf(filled_sheet(Game.new("rage", ["Anna", "Béla"])), "a4"))))
    assert "Running totals" not in unplayed


def test_the_charts_draw_each_players_line_and_the_bids_and_tricks_bars_in_their_colours(tmp_path):
    game = Game.new("herrlof", ["Anna", "さくら"])
    for bids, tricks in (([11, 4], [11, 4]), ([3, 12], [3, 12]), ([15, 0], [15, 0])):
        play_hand(game, bids, tricks)
    out = tmp_path / "charts.pdf"
    out.write_bytes(render_pdf(filled_sheet(game, played_on="2026-11-23"), "a4"))
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", str(out), str(tmp_path / "charts")], check=True)
    with Image.open(tmp_path / "charts.png") as page:
        picture = page.convert("RGB")
    width, height = picture.size
    charts = picture.crop((0, height // 3, width, height * 2 // 3))  # under the tables, over the empty foot
    totals, bids = charts.crop((0, 0, width // 2, charts.height)), charts.crop((width // 2, 0, width, charts.height))

    def drawn_in(part, colour: str, spread: int) -> int:
        wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return sum(count for count, pixel in part.getcolors(1 << 20)
                   if all(abs(a - b) <= spread for a, b in zip(pixel, wanted)))

    for seat in range(2):  # a line per player and its legend's square, in the player's colour
        assert drawn_in(totals, seat_colour(seat), 40) > 100 and drawn_in(bids, seat_colour(seat), 40) == 0
    for bar in ("#3A608F", "#B0BEC5"):  # three hands of 15 bid and taken: six tall bars
        assert drawn_in(bids, bar, 0) > 3000 and drawn_in(totals, bar, 0) == 0


def test_ten_players_names_in_the_charts_legend_stay_clear_of_each_other_and_of_the_next_chart():
    text = pages(render_pdf(filled_sheet(played_ten(), played_on="2026-11-22"), "a4"))[-1]
    keys = [line.split() for line in text.splitlines() if any(name in line.split() for name in TEN)]
    assert sorted(word for line in keys for word in line if word not in ("Bids", "Tricks")) == sorted(TEN)
    assert all(line.index("Bids") == len(line) - 2 and line[-1] == "Tricks" for line in keys if "Bids" in line)


@pytest.mark.parametrize("names", [TEN, [f"Alexandra Konstantinopoulou {n}" for n in range(10)],
                                   [f"Alexandra Konstantinopoulou {n}" for n in range(4)], ["Anna", "Béla"]])
def test_a_legends_names_end_inside_its_room_and_before_the_next_key(names):
    room, spacing = 250, 34
    places = legend_places(names, room, spacing)
    ends = [x + SWATCH + SWATCH_GAP + stringWidth(name, FONT, CHART_FONT_SIZE) for x, _, name in places]
    assert max(ends) <= room
    for (x, y, _), end, (next_x, next_y, _) in zip(places, ends, places[1:]):
        assert next_y < y or next_x >= end  # the next key starts a row below, or after this name
    for (_, _, printed), name in zip(places, names):
        assert printed == name or printed.endswith("\u2026") and name.startswith(printed[:-1])
    assert len({y for _, y, _ in places}) == (1 if names == ["Anna", "Béla"] else 2)


def test_the_sheet_says_how_the_game_ended_in_the_words_of_the_end_screen():
    herrlof = Game.new("herrlof", ["Anna", "Béla"])
    for _ in range(3):
        play_hand(herrlof, [7, 7], [7, 7])  # 17 a hand each: 51 and 51, three exact bids each
    assert filled_sheet(herrlof).footer[0] == "Anna and Béla share the win. Tied; the game shares the win."
    text = flat("\n".join(pages(render_pdf(filled_sheet(herrlof), "a4"))))
    assert "Anna and Béla share the win. Tied; the game shares the win." in text
    tied = Game.new("rage-n-glyphs", ["Anna", "Béla", "Csilla"], options={"skip_up": True})
    while not tied.state.finished:  # Anna and Béla score alike in every hand: 275 each
        half = (tied.state.current.cards - 1) // 2
        play_hand(tied, [half, half, 1], [half, half, 1])
    assert filled_sheet(tied).footer[0] == "Still tied after the final hand: Anna, Béla. Flip a coin."
    tied.record_coin_flip(0)
    assert filled_sheet(tied).footer[0] == "Anna wins! Tied after the final hand too; decided by the coin flip."
    unfinished = Game.new("rage", ["Anna", "Béla"])
    play_hand(unfinished, [10, 0], [10, 0])
    assert "hand 2" in filled_sheet(unfinished).footer[0]  # no winner yet, only where the game stands


def test_names_are_printed_as_written_and_long_ones_shortened():
    names = ["<b>Anna</b>", "Béla & Co", "さくら", "Maximilian-Alexander von Hohenberg-Schillingsfürst"]
    text = pages(render_pdf(blank_sheet(rules_for("rage-n-glyphs", 4), names=names), "a4"))[0]
    assert "<b>Anna</b>" in text and "Béla & Co" in text and "さくら" in text
    assert "Maximilian-Alexander von Hohenberg-Schillingsfürst" not in text and "\u2026" in text
    assert fit("short", 100, 8) == "short"


@pytest.mark.parametrize(("name", "args"), [
    ("blank-rage-n-glyphs-3", ["--game", "rage-n-glyphs", "--names", "Anna,Béla,さくら"]),
    ("blank-oh-hell-7-letter", ["--game", "oh-hell", "--players", "7", "--paper", "letter"]),
])
def test_the_command_line_writes_sheets_that_render(tmp_path, name, args):
    out = tmp_path / f"{name}.pdf"
    result = subprocess.run([str(BIDWELL), "sheet", *args, "-o", str(out)], capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode("utf-8") == f"Sheet written to {out.resolve()}\n"  # where to find it
    assert PdfReader(out).pages
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run([shutil.which("pdftoppm") or "pdftoppm", "-r", "70", "-png", str(out), str(ARTIFACTS / name)],
                   check=True)
    assert (ARTIFACTS / f"{name}-1.png").stat().st_size > 5000


def test_the_filled_sheet_of_a_stored_game_and_of_a_record(tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(played_ten())
    out = tmp_path / "filled.pdf"
    result = subprocess.run([str(BIDWELL), "sheet", "--from", saved.id, "--data", str(store.path), "-o", str(out)],
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    from_store = "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(out).pages)
    record = tmp_path / "game.json"
    record.write_bytes(subprocess.run([str(BIDWELL), "export", saved.id, "--data", str(store.path)],
                                      capture_output=True, check=True).stdout)
    again = tmp_path / "again.pdf"
    subprocess.run([str(BIDWELL), "sheet", "--record", str(record), "-o", str(again)], check=True, timeout=60)
    assert "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(again).pages) == from_store
    subprocess.run(["pdftoppm", "-r", "70", "-png", str(out), str(ARTIFACTS / "filled-rage-n-glyphs-10")], check=True)


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "rage"], "error: a blank sheet needs --players N or --names"),
    (["--game", "rage", "--players", "11"], "error: Rage is played by 2 to 10 players, not 11"),
    (["--game", "rage", "--names", "Anna, Anna"], "error: 'Anna' is at the table twice"),
    (["--from", "x", "--players", "3"], "error: --players, --names and --option go with --game"),
    (["--game", "rage", "--players", "3", "--paper", "a3"], "error: argument --paper: invalid choice: 'a3'"),
    (["--record", "missing.json"], "error: cannot read missing.json"),
])
def test_bad_sheet_arguments_get_one_line(tmp_path, args, message):
    result = subprocess.run([str(BIDWELL), "sheet", *args, "-o", str(tmp_path / "x.pdf")], capture_output=True,
                            timeout=60, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == b""
    lines = result.stderr.decode("utf-8").splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)
    assert not (tmp_path / "x.pdf").exists()


def test_a_trump_that_wraps_to_three_lines_stays_inside_its_row():
    # Ten players leave the trump column narrow: four suits in a row wrap to three lines there.
    game = Game.new("rage-n-glyphs", TEN)
    game.record_trump(1, ("clovers", "hearts", "clovers", "hearts"))
    for seat in game.state.current.bidding_order:
        game.bid(seat, 0)
    game.record_tricks([1] + [0] * 9)
    sheet = filled_sheet(game)
    table = _table(sheet, sheet.rows, 770)
    trump = table._cellvalues[2][3]
    width = table._colWidths[3] - 2 * CELL_PADDING  # where Table wraps a cell's paragraph
    _, height = trump.wrap(width, 1000)
    assert height >= 3 * trump.style.leading
    assert table._rowHeights[2] >= height + 4
