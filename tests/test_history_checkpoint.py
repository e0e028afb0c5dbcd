"""The history's checkpoint: what another program changes is still seen, and what nobody changed is not read again."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap

import pytest

from companion.store.files import AtomicJSONStorage, Folder
from companion.store.games import GameStore
from scoring.game import Game
from scoring.record import record_from_game

TWO = ["Anna", "Béla"]


def finish(saved):
    """Play a two-player Rage game to its end, Anna taking every trick."""
    while not saved.state.finished:
        current = saved.state.current
        for seat in current.bidding_order:
            saved.bid(seat, current.cards if seat == 0 else 0)
        saved.record_tricks([current.cards, 0])
    return saved


def imported(store, players, created):
    """A game started at ``created`` (as from an export), kept in ``store``; its id."""
    record = dict(record_from_game(Game.new("rage", players)), created=created)
    return store.import_records([("record", record)]).new[0]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "data"


def test_a_game_finished_by_another_program_is_in_the_history_and_no_longer_to_continue(path):
    here = GameStore(path)
    saved = here.start(Game.new("rage", TWO))
    assert [s.id for s in GameStore(path).unfinished()] == [saved.id]
    finish(GameStore(path).open(saved.id))
    assert GameStore(path).unfinished() == []
    assert GameStore(path).history(finished=True).items[0].winners == ("Anna",)
    assert here.unfinished() == []  # the first program sees it too
    assert here.history(finished=True).items[0].id == saved.id


def test_a_game_started_by_another_program_is_offered_to_continue_with_its_names(path):
    here = GameStore(path)
    assert here.player_names() == [] and here.unfinished() == []
    GameStore(path).start(Game.new("rage", ["Zoë", "Ödön"]))
    assert here.player_names() == ["Ödön", "Zoë"]
    assert [s.players for s in here.unfinished()] == [("Zoë", "Ödön")]
    assert [s.players for s in GameStore(path).unfinished()] == [("Zoë", "Ödön")]


def test_a_game_file_copied_in_by_hand_is_listed(path, tmp_path):
    elsewhere = GameStore(tmp_path / "elsewhere")
    copied = finish(elsewhere.start(Game.new("rage", ["Noor", "Kenji"])))
    here = GameStore(path)
    kept = here.start(Game.new("rage", TWO))
    GameStore(path)  # opened once more: nothing changed, nothing to check
    shutil.copy(elsewhere.path / "games" / f"{copied.id}.json", path / "games")
    fresh = GameStore(path)
    assert {s.id for s in fresh.history().items} == {copied.id, kept.id}
    assert [n.key for n in fresh.notices] == ["storage.index_added"]


def test_a_game_file_deleted_by_hand_is_seen_at_the_next_open_and_said_gone(path):
    saved = finish(GameStore(path).start(Game.new("rage", TWO)))
    GameStore(path)
    for name in (f"{saved.id}.json", f"{saved.id}.json.bak"):
        (path / "games" / name).unlink()
    reopened = GameStore(path)
    assert reopened.history().items == ()
    assert [n.key for n in reopened.notices] == ["storage.game_gone"]


def test_a_delete_killed_between_its_two_writes_leaves_the_game_listed(path):
    saved = GameStore(path).start(Game.new("rage", TWO))
    GameStore(path)
    script = textwrap.dedent(
        """
        import os, sys
        from companion.store.game_files import GameFiles
        from companion.store.games import GameStore
        GameFiles.forget = lambda self, game_id: os._exit(3)  # killed once the index entry is gone
        GameStore(sys.argv[1]).delete(sys.argv[2])
        """
    )
    assert subprocess.run([sys.executable, "-c", script, str(path), saved.id]).returncode == 3
    assert [s.id for s in GameStore(path).unfinished()] == [saved.id]


def test_a_month_file_rewritten_by_another_program_is_read_again(path):
    saved = GameStore(path).start(Game.new("rage", TWO))
    GameStore(path)
    (month,) = (path / "index").glob("????-??.json")
    # As an older Bidwell, which keeps no checkpoint, would: the month written without the game's entry.
    AtomicJSONStorage(month, kind="index", folder=Folder(path)).write({"games": {}})
    fresh = GameStore(path)
    assert [s.id for s in fresh.unfinished()] == [saved.id]
    assert fresh.player_names() == TWO


def test_an_unchanged_month_is_not_read_again_and_a_changed_one_is(path, monkeypatch):
    store = GameStore(path)
    ids = [imported(store, [name, "Béla"], created) for name, created in (
        ("Anna", "2024-01-10T20:00:00.000Z"), ("Csilla", "2024-02-10T20:00:00.000Z"),
        ("Dóra", "2024-03-10T20:00:00.000Z"))]
    GameStore(path)
    read: list[str] = []
    parse = AtomicJSONStorage._parse
    monkeypatch.setattr(AtomicJSONStorage, "_parse", lambda self, at: read.append(at.name) or parse(self, at))

    fresh = GameStore(path)
    assert [s.id for s in fresh.unfinished()] == ids[::-1]
    assert fresh.player_names()[0] == "Béla"
    assert [name for name in read if name.startswith("2024-")] == []

    finish(GameStore(path).open(ids[1]))
    read.clear()
    fresh = GameStore(path)
    assert [s.id for s in fresh.unfinished()] == [ids[2], ids[0]]
    assert fresh.history(finished=True).items[0].id == ids[1]
    assert {name for name in read if name.startswith("2024-")} == {"2024-02.json"}


def test_the_statistics_added_up_a_month_at_a_time_are_those_of_every_game_and_follow_a_change(path):
    store = GameStore(path)
    for created, players in (("2024-01-10T20:00:00.000Z", TWO), ("2024-02-10T20:00:00.000Z", ["Béla", "Anna"]),
                              ("2024-02-11T20:00:00.000Z", ["Csilla", "Anna"])):
        record = dict(record_from_game(finish(GameStore(path.parent / "played").start(Game.new("rage", players)))
                                       .game), created=created)
        store.import_records([("record", record)])
    waiting = imported(store, ["Dóra", "Anna"], "2024-03-10T20:00:00.000Z")
    before = GameStore(path).players()
    assert before == every_game_added_up(path)
    assert [(line.name, line.games, line.finished, line.wins) for line in before] == [
        ("Anna", 4, 3, 1), ("Béla", 2, 2, 1), ("Csilla", 1, 1, 1), ("Dóra", 1, 0, 0)]
    assert GameStore(path).players() == before  # read again from what was kept
    finish(GameStore(path).open(waiting))
    after = GameStore(path).players()
    assert after == every_game_added_up(path)
    assert [(line.name, line.games, line.finished, line.wins) for line in after] == [
        ("Anna", 4, 4, 1), ("Béla", 2, 2, 1), ("Csilla", 1, 1, 1), ("Dóra", 1, 1, 1)]


def every_game_added_up(path):
    from scoring.stats import players

    return players(GameStore(path).figures())


def test_the_games_to_continue_show_the_hand_another_program_moved_on_to(path):
    here = GameStore(path)
    saved = here.start(Game.new("rage", TWO))
    assert [s.current_hand for s in here.unfinished()] == [1]
    elsewhere = GameStore(path).open(saved.id)
    current = elsewhere.state.current
    for seat in current.bidding_order:
        elsewhere.bid(seat, 0)
    assert [s.current_hand for s in here.unfinished()] == [1]  # bids made, the hand not scored yet
    elsewhere.record_tricks([current.cards, 0])
    assert [s.current_hand for s in here.unfinished()] == [2]
