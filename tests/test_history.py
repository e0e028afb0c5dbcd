"""The game store: autosave, resume, the history list, delete, export and import, concurrency."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading

import pytest

from companion.history import ConflictError, GameStore, fold
from companion.storage import StorageError
from scoring.errors import BidError
from scoring.game import Game, Phase
from scoring.record import record_from_game

FOUR = ["Anna", "Béla", "Csilla", "Dóra"]


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path / "data")


def reopened(store, saved):
    """The same game read back by a new store, as after the app was killed."""
    return GameStore(store.path).open(saved.id)


def play_hand(saved, bids, tricks):
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, bids[seat])
    return saved.record_tricks(tricks)


def test_every_action_is_on_disk_when_the_call_returns(store):
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 3)
    saved.bid(2, 2)
    again = reopened(store, saved)
    assert again.game.log == saved.game.log
    assert again.state.next_bidder == 3


def test_a_refused_action_writes_nothing(store):
    saved = store.start(Game.new("rage", FOUR))
    path = store.path / "games" / f"{saved.id}.json"
    before = path.read_bytes()
    with pytest.raises(BidError):
        saved.bid(2, 3)
    assert path.read_bytes() == before
    assert len(reopened(store, saved).game.log) == 1


def test_undo_is_saved_too(store):
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 3)
    saved.undo()
    assert reopened(store, saved).state.next_bidder == 1
    assert len(reopened(store, saved).game.log) == 1


@pytest.mark.parametrize("mode", ["open", "hidden", "secret"])
def test_resume_in_the_middle_of_the_bidding(store, mode):
    saved = store.start(Game.new("rage", FOUR, options={"bidding": mode}))
    saved.bid(1, 3)
    saved.bid(2, 2)
    again = reopened(store, saved)
    assert again.state.phase is Phase.BIDDING and again.state.current.number == 1
    assert again.state.next_bidder == 3
    expected = (None, 3, 2, None) if mode == "open" else (None,) * 4
    assert again.state.current.shown_bids == expected


@pytest.mark.parametrize("mode", ["open", "hidden", "secret"])
def test_resume_while_the_hand_is_played(store, mode):
    saved = store.start(Game.new("rage", FOUR, options={"bidding": mode}))
    play_hand(saved, [2, 1, 3, 3], [3, 1, 2, 4])
    for seat, bid in ((2, 1), (3, 2), (0, 3), (1, 1)):
        saved.bid(seat, bid)
    again = reopened(store, saved)
    assert again.state.phase is Phase.PLAYING and again.state.current.number == 2
    expected = (3, 1, 1, 2) if mode in ("open", "hidden") else (None,) * 4
    assert again.state.current.shown_bids == expected
    assert again.state.totals == saved.state.totals


def test_resume_a_finished_game_and_one_with_a_correction(store):
    saved = store.start(Game.new("herrlof", ["Anna", "Béla"]))
    play_hand(saved, [15, 0], [15, 0])
    saved.correct(1, [14, 1], [14, 1])
    play_hand(saved, [15, 0], [15, 0])
    play_hand(saved, [15, 0], [15, 0])
    again = reopened(store, saved)
    assert again.state == saved.state and again.state.finished


def test_unfinished_games_are_listed_with_their_hand(store):
    done = store.start(Game.new("rage", ["Anna", "Béla"]))
    for cards in range(10, 0, -1):
        play_hand(done, [cards, 0], [cards, 0])
    going = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))
    play_hand(going, [3, 3, 3], [4, 3, 3])
    going.bid(2, 1)
    (line,) = GameStore(store.path).unfinished()
    assert line.id == going.id and line.current_hand == 2 and line.phase is Phase.BIDDING
    assert line.players == ("Anna", "Béla", "Csilla") and not line.finished


def test_the_history_is_newest_first_in_pages(store):
    ids = [store.start(Game.new("rage", FOUR), created=f"2026-0{m}-01T10:00:00Z").id for m in (1, 3, 2)]
    first = store.history(per_page=2)
    assert [s.id for s in first.items] == [ids[1], ids[2]] and first.has_more
    second = store.history(page=2, per_page=2)
    assert [s.id for s in second.items] == [ids[0]] and not second.has_more


def test_the_history_filters_by_game_player_and_status(store):
    a = store.start(Game.new("rage", ["Béla", "Łucja", "Zoë"])).id
    b = store.start(Game.new("oh-hell", ["Anna", "BÉLA", "さくら"])).id
    c = store.start(Game.new("herrlof", ["Anna", "Ödön"]))
    play_hand(c, [15, 0], [15, 0])
    play_hand(c, [15, 0], [15, 0])

    def ids(**filters):
        return {s.id for s in store.history(**filters).items}

    assert ids(player="bela") == {a, b}
    assert ids(player="lucja") == {a}
    assert ids(player="odon") == {c.id}
    assert ids(player="さくら") == {b}
    assert ids(game="oh-hell") == {b}
    assert ids(finished=True) == {c.id}
    assert ids(finished=False) == {a, b}
    assert ids(player="nobody") == set()


def test_name_folding():
    assert fold("Béla") == fold("bela") == fold("BELA")
    assert fold("Gżegżółka") == "gzegzolka"


def test_delete(store):
    saved = store.start(Game.new("rage", FOUR))
    store.delete(saved.id)
    assert store.history().items == ()
    with pytest.raises(StorageError, match=f"there is no game '{saved.id}'"):
        store.open(saved.id)


def test_export_and_import_round_trip_without_duplicates(store, tmp_path):
    saved = store.start(Game.new("rage", ["Béla", "Łucja", "さくら", "🦊"], options={"bidding": "secret"}))
    play_hand(saved, [2, 1, 3, 3], [3, 1, 2, 4])
    saved.bid(2, 4)
    record = store.export(saved.id)
    assert record["id"] == saved.id and record["players"] == ["Béla", "Łucja", "さくら", "🦊"]
    other = GameStore(tmp_path / "other")
    report = other.import_records([("a.json", json.loads(json.dumps(record)))])
    assert report.new == [saved.id] and report.existing == [] and report.refused == []
    assert other.export(saved.id) == record
    assert other.open(saved.id).state.current.shown_bids == (None,) * 4
    again = other.import_records([("a.json", record)])
    assert again.new == [] and again.existing == [saved.id]


def test_records_without_an_id_are_known_by_their_content(store):
    record = record_from_game(Game.new("rage", FOUR))
    first = store.import_records([("x", record), ("y", dict(record))])
    assert len(first.new) == 1 and first.existing == first.new
    assert store.import_records([("z", record)]).existing == first.new


def test_an_import_keeps_the_valid_records_and_says_why_the_others_were_refused(store):
    good = record_from_game(Game.new("rage", FOUR))
    bad = dict(good, players=["Anna", "Anna"])
    report = store.import_records([("one.json", good), ("two.json: record 2", bad), ("three.json", [])])
    assert len(report.new) == 1
    assert report.refused == [
        ("two.json: record 2", "'Anna' is at the table twice (players 1 and 2)"),
        ("three.json", "a record is a JSON object, got a list"),
    ]


def test_a_bid_touches_only_its_own_game_file(store):
    saved = store.start(Game.new("rage", FOUR))
    index = {p: p.read_bytes() for p in (store.path / "index").iterdir()}
    saved.bid(1, 2)
    saved.bid(2, 2)
    assert {p: p.read_bytes() for p in (store.path / "index").iterdir()} == index


def test_finishing_and_unfinishing_a_game_updates_the_history(store):
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    for cards in range(10, 0, -1):
        play_hand(saved, [cards, 0], [cards, 0])
    assert GameStore(store.path).history(finished=True).items[0].winners == ("Anna",)
    saved.undo()
    assert GameStore(store.path).history(finished=True).items == ()


def test_two_screens_on_one_game_cannot_overwrite_each_other(store):
    saved = store.start(Game.new("rage", FOUR))
    other_screen = store.open(saved.id)
    saved.bid(1, 2)
    with pytest.raises(ConflictError, match="changed on another screen"):
        other_screen.bid(1, 3)
    assert other_screen.state.next_bidder == 2  # reloaded: it now shows the other screen's bid
    other_screen.bid(2, 3)
    assert store.open(saved.id).game.log == other_screen.game.log


def test_threads_saving_at_once_lose_nothing(store):
    games = [store.start(Game.new("rage", FOUR)) for _ in range(6)]
    errors = []

    def play(saved):
        try:
            while saved.state.current is not None and saved.state.current.number <= 3:
                if saved.state.phase is Phase.BIDDING:
                    saved.bid(saved.state.next_bidder, 0)
                else:
                    cards = saved.state.current.cards
                    saved.record_tricks([cards, 0, 0, 0])
        except Exception as error:  # reported below, with the thread's game
            errors.append((saved.id, error))

    threads = [threading.Thread(target=play, args=(saved,)) for saved in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    fresh = GameStore(store.path)
    for saved in games:
        assert fresh.open(saved.id).game.log == saved.game.log
        assert len(saved.game.log) == 1 + 3 * 5


def test_two_processes_saving_at_once_lose_nothing(store, tmp_path):
    script = textwrap.dedent(
        """
        import sys
        from companion.history import GameStore
        from scoring.game import Game
        store = GameStore(sys.argv[1])
        ids = []
        for _ in range(3):
            saved = store.start(Game.new("rage", ["A", "B", "C"]))
            while len(saved.game.log) < 40:
                state = saved.state
                if state.next_bidder is not None:
                    saved.bid(state.next_bidder, 0)
                else:
                    saved.record_tricks([state.current.cards, 0, 0])
            ids.append(saved.id)
        print(" ".join(ids))
        """
    )
    writers = [
        subprocess.Popen([sys.executable, "-c", script, str(store.path)], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [writer.communicate(timeout=120)[0].split() for writer in writers]
    assert all(writer.returncode == 0 for writer in writers)
    fresh = GameStore(store.path)
    for game_id in outputs[0] + outputs[1]:
        assert len(fresh.open(game_id).game.log) == 40
    assert {s.id for s in fresh.history().items} == set(outputs[0] + outputs[1])
    assert fresh.notices == []


def test_a_damaged_game_file_comes_back_from_its_last_good_copy(store):
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 2)
    saved.bid(2, 3)
    path = store.path / "games" / f"{saved.id}.json"
    path.write_bytes(path.read_bytes()[:40])
    fresh = GameStore(store.path)
    again = fresh.open(saved.id)
    assert again.state.next_bidder == 2  # the copy before the last save
    assert "was not readable JSON" in fresh.notices[0].text


def test_a_game_id_is_checked_before_it_names_a_file(store):
    with pytest.raises(StorageError, match="is not a game id"):
        store.open("../../etc/passwd")
