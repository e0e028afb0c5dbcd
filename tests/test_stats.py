"""Players' figures over a small history worked out by hand (``helpers.hand_worked_history``), from the store
and from ``bidwell stats``; the Statistics screen is checked against the same figures in the browser tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import HAND_WORKED_FIGURES as EXPECTED
from helpers import finished_herrlof, hand_worked_history, play_hand

from companion.store.games import GameStore
from companion.views.history import HistoryModel
from companion.views.play import PlayModel
from companion.views.stats import StatsModel, match_text
from scoring.game import Game
from scoring.stats import chosen, head_to_head, match_tallies, players

BIDWELL = Path(sys.executable).with_name("bidwell")


@pytest.fixture
def history(tmp_path) -> tuple[GameStore, dict[str, str]]:
    return hand_worked_history(tmp_path / "data")


FIELDS = list(EXPECTED[0])


def figures_of(lines) -> list[dict]:
    return [{key: value for key, value in line.to_json().items() if key in FIELDS} for line in lines]


def test_the_figures_of_every_player_are_the_ones_worked_out_by_hand(history):
    store, ids = history
    lines = players(store.figures())
    assert figures_of(lines) == EXPECTED
    anna = lines[0]
    assert (anna.best.id, anna.best.total, anna.worst.id, anna.worst.total) == (ids["A"], 64, ids["B"], 51)
    assert lines[3].best is None and lines[3].worst is None


def test_the_filters_choose_games_by_game_date_and_who_else_sat_there(history):
    store, _ = history
    assert [line.name for line in players(chosen(store.figures(), game="rage"))] == ["Anna", "Béla", "Dóra"]
    with_csilla = figures_of(players(chosen(store.figures(), with_players=["Csilla"])))
    # B and C: one win each (B shared); Csilla in both games comes first, then by name.
    assert [(line["name"], line["games"], line["wins"]) for line in with_csilla] == [
        ("Csilla", 2, 1), ("Anna", 1, 1), ("Béla", 1, 1)]
    assert players(chosen(store.figures(), since="2999-01-01")) == []
    everything = players(chosen(store.figures(), since="2000-01-01", until="2999-12-31"))
    assert figures_of(everything) == EXPECTED


def test_head_to_head_counts_the_finished_games_together_and_who_finished_ahead(history):
    store, _ = history
    met = head_to_head(store.figures(), ["Anna", "Béla"])
    # A is finished; E (Rage, one hand scored) is not: left out, and said to be; D was deleted.
    assert (met.games, met.unfinished) == (1, 1)
    (anna_bela,) = met.pairs
    assert (anna_bela.games, anna_bela.first_ahead, anna_bela.second_ahead, anna_bela.level) == (1, 1, 0, 0)
    met = head_to_head(store.figures(), ["Anna", "Csilla"])
    (anna_csilla,) = met.pairs
    assert (met.games, met.unfinished) == (1, 0)
    assert (anna_csilla.first_ahead, anna_csilla.second_ahead, anna_csilla.level) == (0, 0, 1)


def test_an_undone_end_a_correction_and_an_import_are_followed(history):
    store, ids = history
    a = store.open(ids["A"])
    a.undo()  # A's last tricks taken back: unfinished, no win, its last hand's bids not counted
    anna = players(store.figures())[0]
    assert (anna.name, anna.games, anna.finished, anna.wins, anna.bids, anna.exact) == ("Anna", 3, 1, 1, 6, 5)
    a.record_tricks([15, 0])
    a.correct(1, [11, 4], [10, 5])  # Anna took 10 of her 11, Béla 5 of his 4: both missed
    lines = {line.name: line for line in players(store.figures())}
    assert (lines["Anna"].exact, lines["Béla"].exact) == (5, 5)
    record = store.export(ids["A"])
    store.delete(ids["A"])
    assert {line.name: line.games for line in players(store.figures())}["Anna"] == 2
    store.import_records([("A.json", record)])
    assert {line.name: line.exact for line in players(store.figures())} == {
        "Anna": 5, "Béla": 5, "Csilla": 5, "Dóra": 1}


def test_a_change_made_through_another_store_is_seen(history):
    store, ids = history
    assert figures_of(players(store.figures())) == EXPECTED  # its figures are kept now
    other = GameStore(store.path)  # another process, as `bidwell import` beside the app
    other.delete(ids["B"])
    lines = {line.name: line for line in players(store.figures())}
    assert (lines["Anna"].games, lines["Anna"].wins, lines["Csilla"].games) == (2, 1, 1)


def test_an_index_written_before_figures_were_kept_is_read_from_the_games(history):
    store, _ = history
    for month in store.index.months():
        documents = store.index.docs(month)
        for document in documents:
            document.pop("figures")
        store.index.write(month, documents)
    assert figures_of(players(store.figures())) == EXPECTED
    # A finished game's figures are kept again (an unfinished game's are read from its file every time).
    assert all("figures" in document for month in store.index.months() for document in store.index.docs(month)
               if document["finished"])


def test_the_command_prints_the_same_figures_as_json_and_as_a_table(history):
    store, _ = history
    answer = subprocess.run([str(BIDWELL), "stats", "--json", "--data", str(store.path)], capture_output=True,
                            text=True, timeout=60)
    assert answer.returncode == 0, answer.stderr
    printed = json.loads(answer.stdout)["players"]
    assert [{key: line[key] for key in FIELDS} for line in printed] == EXPECTED
    table = subprocess.run([str(BIDWELL), "stats", "--data", str(store.path)], capture_output=True, text=True,
                           timeout=60).stdout.splitlines()
    assert table[0].split() == ["PLAYER", "GAMES", "FINISHED", "WINS", "EXACT", "BIDS", "EXACT", "ZEROS", "AVG",
                                "SCORE", "AVG", "PLACE"]
    assert table[1].split() == ["Anna", "3", "2", "2", "6/7", "(86%)", "0/1", "(0%)", "57.5", "1.00"]
    assert table[4].split() == ["Dóra", "1", "0", "0", "1/1", "(100%)", "–", "–", "–"]
    one = subprocess.run([str(BIDWELL), "stats", "--json", "--player", " Be\u0301la", "--game", "herrlof", "--data",
                          str(store.path)], capture_output=True, text=True, timeout=60)
    assert [line["name"] for line in json.loads(one.stdout)["players"]] == ["Béla"]
    assert json.loads(one.stdout)["players"][0]["games"] == 2


@pytest.mark.parametrize("arguments, said", [
    (["--player", "Nobody"], "no game chosen has a player named 'Nobody'"),
    (["--game", "bridge"], "there is no game 'bridge'; the games are: herrlof, oh-hell, rage, rage-n-glyphs"),
    (["--since", "23.11.2026"], "argument --since: '23.11.2026' is not a date; give one as YYYY-MM-DD"),
])
def test_what_cannot_be_answered_is_said_in_one_line(history, arguments, said):
    store, _ = history
    refused = subprocess.run([str(BIDWELL), "stats", *arguments, "--data", str(store.path)], capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"error: {said}") and refused.stderr.count("\n") == 1, refused.stderr


def test_a_rematch_chain_is_a_match_with_its_tally_of_wins(tmp_path):
    store = GameStore(tmp_path / "data")
    first = store.start(Game.new("herrlof", ["Anna", "Béla"], first_dealer=0))
    for bids, tricks in (([15, 0], [15, 0]), ([15, 0], [15, 0])):  # Anna 25 + 25: she wins
        play_hand(first, bids, tricks)
    assert store.matches([first.id]) == {}  # one game is no match yet
    second = store.rematch(first)
    assert second.game.first_dealer == 1
    for bids, tricks in (([0, 15], [0, 15]), ([0, 15], [0, 15])):  # Béla wins
        play_hand(second, bids, tricks)
    third = store.rematch(second)  # the same match: named by its first game
    tally = store.matches([first.id])[first.id]
    assert (tally.games, tally.finished, tally.wins) == (3, 2, (("Anna", 1), ("Béla", 1)))
    assert match_text(tally) == "Match of 3 games, 2 finished: Anna 1 win · Béla 1 win"
    model = PlayModel(store.open(second.id))
    assert model.ending().match == "Match of 3 games, 2 finished: Anna 1 win · Béla 1 win"
    # The match goes with the record: exported, deleted and imported again, the tally is the same.
    record = store.export(third.id)
    assert record["match"] == first.id
    store.delete(third.id)
    assert store.matches([first.id])[first.id].games == 2
    store.import_records([("third.json", record)])
    cards = HistoryModel(store).view().cards
    assert [card.match for card in cards] == ["Match of 3 games, 2 finished: Anna 1 win · Béla 1 win"] * 3


def test_the_tallies_of_a_page_read_only_its_matches_and_agree_with_every_games_figures(tmp_path):
    """Past games and a game's end ask for the matches they show; the answer is what every game's figures give
    for them, with a first game imported from a record (its id does not say its month), rematches months
    later, one unfinished, and a game that is no match; and no screen of them reads every game's figures."""
    store = GameStore(tmp_path / "data")
    first = store.start(Game.new("herrlof", ["Anna", "Béla"], first_dealer=0))
    for bids, tricks in (([15, 0], [15, 0]), ([15, 0], [15, 0])):
        play_hand(first, bids, tricks)
    rematch = store.rematch(first)
    for bids, tricks in (([0, 15], [0, 15]), ([0, 15], [0, 15])):
        play_hand(rematch, bids, tricks)
    store.rematch(rematch)  # unfinished: counted as a game of the match, not a finished one
    alone = store.start(Game.new("rage", ["Csilla", "Dóra", "Emil"]))
    finished = {key: value for key, value in store.export(first.id).items() if key not in ("id", "match")}
    imported = store.import_records([("march.json", dict(finished, created="2025-03-10T20:00:00.000Z"))]).new[0]
    later = dict(store.export(rematch.id), match=imported, created="2025-06-02T20:00:00.000Z")
    del later["id"]
    store.import_records([("june.json", later)])

    every = [summary.id for summary in store.history(per_page=100).items]
    assert len(every) == 6 and imported.startswith("imported-")
    expected = match_tallies(store.figures())
    assert set(expected) == {first.id, imported}
    assert store.matches(every) == expected
    assert store.matches([alone.id]) == {} and store.matches([imported])[imported].games == 2

    def every_game_read() -> None:
        raise AssertionError("every game's figures were read")

    store.statistics.figures = every_game_read
    cards = {card.id: card.match for card in HistoryModel(store).view().cards}
    assert cards[imported] == "Match of 2 games: Anna 1 win · Béla 1 win"
    assert cards[first.id] == cards[rematch.id] == "Match of 3 games, 2 finished: Anna 1 win · Béla 1 win"
    assert PlayModel(store.open(rematch.id)).ending().match == cards[first.id]


def test_a_hand_scored_in_an_unfinished_game_is_seen_on_the_next_look(history):
    store, ids = history
    first = StatsModel(store.figures()).view()
    assert store.figures() is store.figures()  # nothing changed: the same answer, kept by the screen too
    rage = store.open(ids["E"])
    play_hand(rage, [0, 0, 0], [9, 0, 0])  # hand 2 (9 cards): Dóra bid 0 and took 0, a second exact bid
    again = StatsModel(store.figures()).view()
    assert first != again
    assert "Dóra 1 game · 0 wins · exact bids 2/2 (100%)" in [f"{line.name} {line.summary}" for line in again.lines]


def test_a_players_page_names_a_best_and_a_worst_game_and_charts_only_from_two_finished_games(tmp_path):
    """Of one finished game the best is the worst, and its score is a dot: the page says what it waits for."""
    store = GameStore(tmp_path / "data")
    finished_herrlof(store, created="2026-10-01T18:00:00.000Z")
    one = StatsModel(store.figures()).player("Zoë")
    assert (one.best, one.worst, one.charted) == (None, None, False)
    assert one.compared_note == "A best and a worst game are named once 2 games are finished; 1 so far."
    assert one.charts_note == "The charts are drawn once 2 games are finished; 1 so far."
    assert one.scope == "Every game kept, since Oct 1, 2026"
    assert dict(one.figures)["Average final score"] == "50.0 points"
    finished_herrlof(store, created="2026-10-02T18:00:00.000Z")
    two = StatsModel(store.figures()).player("Zoë")
    assert two.best is not None and two.worst is not None and two.charted
    assert (two.compared_note, two.charts_note) == (None, None)
    unplayed = GameStore(tmp_path / "other")
    unplayed.start(Game.new("herrlof", ["Zoë", "Ödön"]))
    none = StatsModel(unplayed.figures()).player("Zoë")
    assert (none.compared_note, none.charted) == (None, False)
    assert none.charts_note == "The charts are drawn once 2 games are finished; 0 so far."
