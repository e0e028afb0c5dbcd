"""Bidwell in the players' languages, without a browser: the words come from the catalogs, in each language's
own plural forms, numbers and dates; the command line speaks the language asked for; nothing shown bypasses the
catalogs (a pseudo-language finds what would)."""

from __future__ import annotations

import datetime
import gettext
import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.dates import format_date, get_month_names, get_period_names
from babel.messages.plurals import get_plural
from babel.numbers import format_decimal
from helpers import view_texts
from pseudo import PSEUDO, outside, write_catalogs
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFont

from companion.look import FONT_FILE
from companion.sheets.pdf import blank_sheet, filled_sheet, render_pdf
from companion.store.games import GameStore
from companion.texts import language_name, languages, t
from companion.views.blank_sheet import PAPERS, BlankSheetModel
from companion.views.common import Screen, Step
from companion.views.history import HistoryModel
from companion.views.new_game import NewGameModel
from companion.views.play import PlayModel
from companion.views.stats import StatsModel
from scoring.definitions import all_games, rules_for
from scoring.describe import names_and
from scoring.errors import UnknownLanguageError
from scoring.game import Game
from scoring.i18n.choice import from_environment, language, speaking
from scoring.i18n.language import game_text
from scoring.i18n.locales import ENGLISH, available
from scoring.i18n.sentences import Listed

SHIPPED = ("de", "hu", "ja", "pl")
BIDWELL = Path(sys.executable).with_name("bidwell")
PLAYERS = ["Anna", "Béla", "さくら", "Ödön"]


@pytest.fixture(scope="module")
def pseudo_catalogs(tmp_path_factory) -> Path:
    return write_catalogs(tmp_path_factory.mktemp("pseudo"))


@pytest.fixture
def pseudo(pseudo_catalogs, monkeypatch):
    """The pseudo-language in use in this process (and for every command the test runs)."""
    monkeypatch.setenv("BIDWELL_CATALOGS", str(pseudo_catalogs))
    with speaking(PSEUDO):
        yield


# --- choosing a language ----------------------------------------------------------------------


def test_bidwell_speaks_english_and_the_four_languages_of_its_rule_texts_each_by_its_own_name():
    assert available() == ("en", *SHIPPED)
    assert dict(languages()) == {"en": "English", "de": "Deutsch", "hu": "Magyar", "ja": "日本語", "pl": "Polski"}


@pytest.mark.parametrize(("environment", "spoken"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),  # a language Bidwell does not have: English, no error
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:pl", "LANG": "de_DE.UTF-8"}, "pl"),
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
    ({"BIDWELL_LANG": "hu", "LANG": "de_DE.UTF-8"}, "hu"),
    ({"BIDWELL_LANG": "de-AT"}, "de"),
])
def test_the_language_comes_from_bidwell_lang_then_the_system_locale(environment, spoken):
    assert language(from_environment(environment)).code == spoken


def test_a_language_bidwell_does_not_have_is_refused_naming_those_it_has():
    with pytest.raises(UnknownLanguageError, match="there is no language 'xx' in Bidwell; the languages are: en, de"):
        from_environment({"BIDWELL_LANG": "xx"})
    with pytest.raises(UnknownLanguageError):
        language("fr")


def test_a_region_keeps_its_own_dates_in_its_languages_words():
    austrian, american = language("de_AT.UTF-8"), language("en-US")
    assert (austrian.code, austrian.locale, american.code, american.locale) == ("de", "de_AT", "en", "en_US")
    day = datetime.date(2026, 1, 24)
    assert american.date(day) == "Jan 24, 2026" and language("en_GB").date(day) == "24 Jan 2026"
    assert austrian.date(day) == format_date(day, format="medium", locale="de_AT")


# --- the languages' own rules ---------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", *SHIPPED])
def test_each_number_of_cards_takes_the_form_its_languages_plural_rule_gives(code):
    # "1 card each", "2 cards each", "5 cards each" …: the same form for every number of one CLDR plural category,
    # a different form for each category (Polish: one, few, many; Japanese: one form for all).
    plural = get_plural(code)
    form_of = gettext.c2py(plural.plural_expr)
    by_form: dict[int, set[str]] = {}
    with speaking(code):
        for count in range(130):
            by_form.setdefault(form_of(count), set()).add(t("hand.cards", count=count).replace(str(count), "#"))
    assert all(len(texts) == 1 for texts in by_form.values()), by_form
    texts = [next(iter(texts)) for texts in by_form.values()]
    assert len(set(texts)) == len(texts) == plural.num_plurals == {"en": 2, "de": 2, "hu": 1, "ja": 1, "pl": 3}[code]


@pytest.mark.parametrize("code", ["en", *SHIPPED])
def test_numbers_and_dates_are_written_as_the_language_writes_them(code):
    spoken = language(code)
    for value in (-12345, -999, -5, 0, 7, 999, 1000, 4300, 123456):
        assert spoken.integer(value) == format_decimal(value, locale=code)
    assert spoken.integer(5, signed=True) == "+5" and spoken.integer(-5, signed=True) == "-5"
    assert spoken.decimal(12.25, 1) == format_decimal(12.25, format="#,##0.0", locale=code)
    assert spoken.date("2026-11-24T05:25:00.000Z") == format_date(datetime.date(2026, 11, 24), "medium", locale=code)


def test_a_list_of_names_is_joined_as_each_language_joins_one():
    with speaking("ja"):
        assert "Anna、さくら" in t("end.coin_needed", names=Listed(["Anna", "さくら"]))
    with speaking("de"):
        assert names_and(["Anna", "Béla", "Csilla"]) == "Anna, Béla und Csilla"


def test_a_refusal_is_said_in_the_language_it_is_shown_in_not_the_one_it_was_made_in():
    game = Game.new("rage", PLAYERS)
    with speaking("de"):
        try:
            game.bid(game.state.next_bidder, 11)
        except Exception as raised:  # noqa: BLE001 - the engine's refusal
            error = raised
    english, polish = str(error), None
    with speaking("pl"):
        polish = str(error)
    assert english.startswith("hand 1, ") and "11" in english and polish != english and "11" in polish


# --- the seeds' own words ----------------------------------------------------------------------


@pytest.mark.parametrize(("code", "key", "params", "word"), [
    # Polish: Board Game Arena's Oh Hell (seed 001): rozdanie, lewa, obstawienie, rozdający, haczyk, atut.
    ("pl", "hand.of", {"number": 1, "count": 13}, "Rozdanie"),
    ("pl", "tricks.check_exact", {"total": 5, "cards": 7}, "Lewy"),
    ("pl", "hand.deals", {"name": "Anna"}, "rozdaje"),
    ("pl", "rules.hook", {}, "haczyk"),
    ("pl", "bid.private_count", {"done": 1, "count": 4}, "bstawi"),
    # German: AMIGO's Rage (seed 002): Runde, Stich, Ansage (ansagen), Geber, Trumpf, Wertungsblatt.
    ("de", "hand.of", {"number": 1, "count": 10}, "Runde"),
    ("de", "tricks.choose", {"name": "Anna"}, "Stiche"),
    ("de", "trump.no_trump", {}, "Trumpf"),
    ("de", "sheet.blank_title", {"game": "Rage"}, "Wertungsblatt"),
    # Japanese: Board Game Arena's Herrlof (seed 003): ハンド, トリック, ビッド, 切り札, 点.
    ("ja", "hand.of", {"number": 1, "count": 10}, "ハンド"),
    ("ja", "tricks.choose", {"name": "Anna"}, "トリック"),
    ("ja", "bid.turn", {"name": "Anna"}, "ビッド"),
    ("ja", "trump.no_trump", {}, "切り札"),
    # Hungarian: the shop's page of Rage'n Glyphs (seed 000) calls the game "ütés-váltós": a trick is an ütés.
    ("hu", "tricks.choose", {"name": "Anna"}, "ütés"),
])
def test_the_players_read_the_words_of_the_rules_they_know(code, key, params, word):
    with speaking(code):
        assert word in t(key, **params)


@pytest.mark.parametrize(("option", "labels"), [
    ("sequence", ["Długi", "Długi - Odwrócony", "Krótki - W górę i w dół", "Krótki - W górę", "Krótki - W dół"]),
    ("scoring", ["Dodatni", "Neutralny", "Ujemny"]),
])
def test_oh_hell_in_polish_offers_board_game_arenas_own_variant_names(option, labels):
    with speaking("pl"):
        rows = {row.name: row for row in NewGameModel(game_id="oh-hell").option_rows()}
        assert [label for _, label in rows[option].choices] == labels


def test_names_of_people_are_never_translated(tmp_path):
    store = GameStore(tmp_path / "data")
    for code in SHIPPED:
        with speaking(code):
            model = PlayModel(store.start(Game.new("rage", PLAYERS)))
            assert model.view().board.names == tuple(PLAYERS)
            assert PLAYERS[model.state.current.first] in model.view().header.first


# --- nothing shown bypasses the catalogs -------------------------------------------------------------


def _identifiers() -> set[str]:
    """What views carry as data, not words: game ids, option names and values, card kinds, suits, screens, paper
    sizes."""
    found = {screen.value for screen in Screen} | {step.value for step in Step} | {"none", "True", "False", "true",
                                                                                  "false"} | set(PAPERS)
    for game in all_games():
        found.add(game.id)
        for option in game.options.values():
            found.add(option.name)
            found |= {value for value in option.allowed if isinstance(value, str)}
        for count in range(game.min_players, game.max_players + 1):
            rules = rules_for(game, count)
            found |= {kind.name for kind in rules.scoring.cards} | set(rules.trump_suits)
    return found


def _calendar_words() -> list[str]:
    """The words Babel writes dates with (from CLDR, not Bidwell's catalogs): the pseudo-language's are English."""
    names = get_month_names("abbreviated", locale="en").values()
    return [*names, *get_period_names(locale="en").values()]


def _check(texts, allowed) -> list[tuple[str, list[str]]]:
    identifiers = _identifiers()
    return [(text, words) for text in texts if text not in identifiers
            if (words := outside(text, allowed))]


def _play_to_the_end(store, game_id, players, bids, tricks, *, seen, **options):
    """Play ``game_id`` hand by hand (the same bids and tricks each hand, seat order) to its end, looking at every
    screen on the way: refusals, taps aimed at a pad that moved on, a bid changed, undo and its question, a
    correction, the trump, the end, the history and the statistics."""
    model = PlayModel(store.start(Game.new(game_id, players, options=options)), chance=random.Random(3))
    seen += view_texts(model.view())
    first = True

    def look() -> None:
        nonlocal seen
        seen += view_texts(model.view())
        if model.settle():
            seen += view_texts(model.view())

    while not model.state.finished:
        for seat in model.state.current.bidding_order:
            if model.screen is Screen.COVER:
                seen += view_texts(model.view())
                model.unlock()
            cards = model.state.current.cards
            model.tap_bid(cards + 1)  # refused: more than the cards
            seen += view_texts(model.view())
            drawn = model.aim(Step.BID)
            if not model.tap_bid(min(bids[seat], cards), drawn):
                model.tap_bid(next(key.value for key in model.pad() if key.allowed), drawn)
            model.tap_bid(0, drawn)  # refused: the pad's bounce, while the bid is shown where the pad was
            look()
            model.tap_bid(0, drawn)  # refused: that pad has moved on
            seen += view_texts(model.view())
        if first:
            model.ask_change(model.state.current.bidding_order[0])
            seen += view_texts(model.view())
            if model.screen is Screen.COVER:
                model.unlock()
                seen += view_texts(model.view())
            model.cancel_change()
            seen += [model.undo_question() or ""]
        if first and model.view().trump is not None:
            model.add_trump(model.view().trump.choices[1][0])
            look()
            model.add_trump("none")
            look()
        model.confirm_tricks()  # refused: no counts yet
        seen += view_texts(model.view())
        cards = model.state.current.cards
        wanted = [min(taken, cards) for taken in tricks]
        wanted[-1] = max(0, cards - sum(wanted[:-1]))
        while (choosing := model.view().tricks.choosing) is not None:
            seat = model.players.index(choosing)
            drawn = model.aim(Step.TRICKS)
            if not model.tap_tricks(wanted[seat], drawn):
                keys = next(line.keys for line in model.view().tricks.lines if line.seat == seat)
                model.tap_tricks(next(key.value for key in keys if key.allowed), drawn)
            model.tap_tricks(0, drawn)  # refused: the tap right after one is a bounce
            look()
        for kind in model.game.rules.scoring.cards:
            model.step_counted(kind.name, 0, 1)
        scoring = model.aim(Step.SCORE)
        model.confirm_tricks(scoring)
        look()
        model.confirm_tricks(scoring)  # refused: scored already
        seen += view_texts(model.view())
        if first:
            seen += [model.undo_question() or ""]
            assert model.undo()
            look()
            assert model.confirm_tricks(), model.message
            look()
            correction = model.correction(1)
            assert not correction.save()  # refused: nothing changed
            seen += view_texts(correction.view()) + view_texts(model.view())
            dealer = correction.hand.bidding_order[-1]
            for step in [-1] * correction.hand.cards + [1] * correction.hand.cards:  # every bid, the hook's too
                correction.step_bid(dealer, step)
                seen += view_texts(correction.view())
            correction.step_tricks(dealer, 1)  # the tricks no longer add up
            seen += view_texts(correction.view())
            first = False
    if model.state.coin_flip_between:
        seen += view_texts(model.view())
        model.flip_coin()
    seen += view_texts(model.view())
    return model


def test_every_word_a_game_shows_comes_from_a_catalog(tmp_path, pseudo):
    store = GameStore(tmp_path / "data")
    seen: list[str] = []
    setup = NewGameModel(game_id="oh-hell")
    for name in ["Anna", "", "Anna", "Béla"]:
        setup.add_player(name)
        seen += view_texts(setup.view())
    setup.start(store)
    seen += view_texts(setup.view())
    for game in all_games():
        setup.choose_game(game.id)
        seen += view_texts(setup.view())
    blank = BlankSheetModel(game_id="oh-hell")
    blank.set_names("Anna")
    blank.sheet()  # refused: Oh Hell needs 3
    seen += view_texts(blank.view())
    _play_to_the_end(store, "rage-n-glyphs", PLAYERS[:3], [1, 0, 0], [1, 0, 0], seen=seen, skip_up=True,
                     hose_the_dealer=True, bidding="hidden", shooting_the_stars=True)
    _play_to_the_end(store, "rage", PLAYERS, [1, 0, 0, 0], [1, 0, 0, 0], seen=seen)
    _play_to_the_end(store, "herrlof", PLAYERS[:2], [15, 0], [15, 0], seen=seen)
    _play_to_the_end(store, "oh-hell", PLAYERS[:3], [2, 0, 0], [2, 0, 0], seen=seen, sequence="short-up")
    history = HistoryModel(store)
    seen += view_texts(history.view())
    history.ask_delete(history.items[0].id)
    seen += [history.ask_delete(history.items[0].id)]
    history.import_files([("bad.json", b"[1]"), ("worse.json", b"{")])
    seen += view_texts(history.view())
    stats = StatsModel(store.figures(), with_players=["Anna", "Béla"])
    seen += view_texts(stats.view()) + view_texts(stats.player("Anna"))
    assert _check(seen, [*PLAYERS, *(summary.id for summary in history.items), *_calendar_words()]) == []
    assert any("«" in text for text in seen)  # the pseudo-language was spoken, so this could fail


def test_every_word_on_a_sheet_comes_from_a_catalog(tmp_path, pseudo):
    store = GameStore(tmp_path / "data")
    model = _play_to_the_end(store, "rage", PLAYERS, [1, 0, 0, 0], [1, 0, 0, 0], seen=[])
    texts = []
    for sheet in (filled_sheet(model.game, played_on="2026-11-24"), blank_sheet(rules_for("herrlof", 3)),
                  blank_sheet(rules_for("rage-n-glyphs", 10, {"skip_up": True}), names=None)):
        reader = PdfReader(io.BytesIO(render_pdf(sheet, "a4")))
        texts += ["\n".join(page.extract_text() for page in reader.pages)]
    assert [outside(text, [*PLAYERS, *_calendar_words()]) for text in texts] == [[], [], []]
    assert all("«" in text for text in texts)


def bidwell(*arguments: str, env: dict | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIDWELL), *arguments], check=False, capture_output=True, input=stdin, timeout=120,
                          env={**os.environ, **(env or {})})


COMMAND_LINE_WORDS = {"bidwell", "usage", "COMMAND", "ID", "N", "NAME", "VALUE", "FILE", "DIR", "RECORD", "CODE",
                      "NAMES", "PATH", "YYYY", "MM", "DD", "pdf", "json", "JSON"}
"""Words of the command line itself (its name, metavars), which no language translates."""


def _command_line_words(text: str) -> str:
    """``text`` without what the command line itself is made of: options, metavars, choices, command names."""
    from companion.cli.arguments import _COMMANDS

    text = re.sub(r"\b(" + "|".join(_COMMANDS) + r")\b|\S*\.pdf,?", " ", text)
    return re.sub(r"(?<![\w-])--?[a-z][a-z-]*|\{[a-z0-9,]+\}|\b[A-Z]+(?:=[A-Z]+)?\b|\[|\]", " ", text)


def test_every_word_the_command_line_says_comes_from_a_catalog(tmp_path, pseudo_catalogs):
    env = {"BIDWELL_CATALOGS": str(pseudo_catalogs), "BIDWELL_LANG": PSEUDO, "BIDWELL_DATA": str(tmp_path / "data"),
           "COLUMNS": "200"}
    store = GameStore(tmp_path / "data")
    finished = store.start(Game.new("herrlof", ["Anna", "Béla"]))
    for _ in range(2):
        for seat in finished.state.current.bidding_order:
            finished.bid(seat, 15 if seat == 0 else 0)
        finished.record_tricks([15, 0])
    store.start(Game.new("rage", ["Anna", "Béla"]))
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"format": 1, "game": "rage", "players": ["Anna", "Béla"],
                                  "hands": [{"bids": [11, 0]}]}), encoding="utf-8")
    runs = [bidwell("history", env=env), bidwell("stats", env=env), bidwell("score", str(record), env=env),
            bidwell("schedule", "--game", "nope", "--players", "3", env=env),
            bidwell("schedule", "--players", "3", env=env), bidwell("sheet", "--game", "rage", "-o", "x.pdf", env=env),
            bidwell("import", str(record), env=env), bidwell("export", "nope", env=env),
            bidwell("history", "--page", "0", env=env), bidwell("--help", env=env)]
    runs += [bidwell(command, "--help", env=env) for command in
             ("app", "schedule", "score", "history", "stats", "export", "import", "sheet", "publish")]
    said = [output.decode("utf-8") for run in runs for output in (run.stdout, run.stderr)]
    leftovers = [(text, words) for text in said
                 if (words := [word for word in outside(_command_line_words(text), [
                     "Anna", "Béla", *_calendar_words(), *(summary.id for summary in store.history().items)])
                               if word not in COMMAND_LINE_WORDS and not word.isdigit()])]
    assert leftovers == []
    assert all(run.returncode in (0, 2) for run in runs) and any("«" in text for text in said)


# --- printing, playing and reading the history in each language ----------------------------------------------


ARTIFACTS = Path(__file__).parent / "artifacts" / "languages"


@pytest.mark.parametrize("code", SHIPPED)
def test_a_sheet_in_each_language_is_drawn_in_its_words_with_the_shipped_font(code, tmp_path):
    game = Game.new("rage", PLAYERS)
    for seat in game.state.current.bidding_order:
        game.bid(seat, 0)
    game.record_tricks([10, 0, 0, 0], {"bonus": [1, 0, 0, 0], "mad": [0, 0, 0, 0]})
    with speaking(code):
        pdf = render_pdf(filled_sheet(game, played_on="2026-11-24"), "a4")
        title = t("sheet.filled_title", game="Rage")
        date = language(code).date("2026-11-24")
        blank = render_pdf(blank_sheet(rules_for("oh-hell", 6, {"sequence": "long-reversed"})), "a4")
    # For a person to look at (tests/artifacts/languages/): the filled sheet and a blank one, page 1 of each.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, drawn in ((f"sheet-{code}-filled-rage", pdf), (f"sheet-{code}-blank-oh-hell-6", blank)):
        (ARTIFACTS / f"{name}.pdf").write_bytes(drawn)
        subprocess.run(["pdftoppm", "-r", "70", "-png", "-f", "1", "-l", "1", str(ARTIFACTS / f"{name}.pdf"),
                        str(ARTIFACTS / name)], check=True)
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert title in text and date in text and all(name in text for name in PLAYERS)
    drawn_with: set[str] = set()
    for page in reader.pages:
        page.extract_text(visitor_text=lambda text, _cm, _tm, font, _size: text.strip() and drawn_with.add(
            str(font.get("/BaseFont"))))
    shipped = TTFont("BidwellSansName", str(FONT_FILE)).face.name.decode()
    assert drawn_with and {font.split("+")[-1] for font in drawn_with} == {shipped}


@pytest.mark.parametrize("code", SHIPPED)
def test_bidwell_sheet_lang_prints_in_that_language_and_bidwell_lang_speaks_every_command(code, tmp_path):
    out = tmp_path / "blank.pdf"
    done = bidwell("sheet", "--game", "herrlof", "--players", "2", "--lang", code, "-o", str(out))
    assert done.returncode == 0, done.stderr
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    with speaking(code):
        assert done.stdout.decode("utf-8").strip() == t("cli.sheet_written", path=out.resolve())
        assert t("sheet.blank_title", game=game_text("Herrlof")) in text
        assert t("sheet.footer_keeper") in text and t("sheet.footer_winner") in text and t("sheet.seat", number=2) in text
        refusal = t("cli.error", text=t("game.unknown", game="nope", known="herrlof, oh-hell, rage, rage-n-glyphs, skull-king, up-and-down-the-river, wizard"))
    said = bidwell("schedule", "--game", "nope", "--players", "3", env={"BIDWELL_LANG": code})
    assert said.returncode == 2 and said.stderr.decode("utf-8").strip() == refusal


@pytest.mark.parametrize("how", [["--lang", "xx"], ["--lang=xx"]])
def test_an_unknown_language_is_one_error_line_and_exit_2(how):
    for run in (bidwell(*how, "schedule", "--game", "rage", "--players", "3"),
                bidwell("schedule", "--game", "rage", "--players", "3", env={"BIDWELL_LANG": "xx"})):
        assert run.returncode == 2 and run.stdout == b""
        assert run.stderr.decode() == "error: there is no language 'xx' in Bidwell; the languages are: " \
                                      "en, de, hu, ja, pl\n"


def test_the_system_locale_chooses_the_commands_language_and_one_bidwell_lacks_is_english():
    japanese = bidwell("schedule", "--game", "nope", "--players", "3", env={"LANG": "ja_JP.UTF-8"})
    french = bidwell("schedule", "--game", "nope", "--players", "3", env={"LANG": "fr_FR.UTF-8"})
    with speaking("ja"):
        assert japanese.stderr.decode("utf-8").startswith(t("cli.error", text="").strip())
    assert french.stderr.decode("utf-8").startswith("error: there is no game 'nope'")


@pytest.mark.parametrize("code", SHIPPED)
def test_a_player_reads_the_history_in_their_language(code, tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("herrlof", ["Anna", "さくら"]), created="2026-11-23T14:05:09.123Z")
    for _ in range(2):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 15 if seat == 0 else 0)
        saved.record_tricks([15, 0])
    with speaking(code):
        (card,) = HistoryModel(store).view().cards
        assert card.when == language(code).datetime("2026-11-23T14:05:09.123Z")
        assert card.status == t("history.won", names="Anna")
        assert card.when != "Nov 23, 2026, 2:05\u202fPM" and card.status != "won by Anna"
        assert language_name(code) not in ("English", "")


def test_english_is_the_language_with_no_catalog():
    assert language(ENGLISH).pgettext("companion", "start.new", "New game") == "New game"
