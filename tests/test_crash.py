"""Killing a writer at any instant loses at most the action being written, and corrupts nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap

import pytest

from companion.store.games import GameStore
from scoring.game import Game

WRITER = textwrap.dedent(
    """
    import sys
    from companion.store.games import GameStore
    from scoring.game import Game

    store = GameStore(sys.argv[1])
    while True:
        saved = store.start(Game.new("rage-n-glyphs", ["Béla", "Łucja", "さくら"], options={"bidding": "secret"}))
        while not saved.state.finished:
            state = saved.state
            if state.next_bidder is not None:
                saved.bid(state.next_bidder, state.allowed_bids[-1] // 3)
            else:
                saved.record_tricks([state.current.cards, 0, 0])
            print(saved.id, len(saved.game.log), flush=True)
    """
)


def test_a_writer_killed_at_random_moments_keeps_every_saved_action(tmp_path):
    folder = tmp_path / "data"
    chance = random.Random(20261122)
    acknowledged: dict[str, int] = {}
    for _ in range(30):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True)
        for _ in range(chance.randint(1, 60)):
            game_id, length = writer.stdout.readline().split()
            acknowledged[game_id] = int(length)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        # Saves that returned before the kill may still sit unread in the pipe: they count as saved too.
        for line in writer.stdout.read().splitlines():
            if len(line.split()) == 2:
                game_id, length = line.split()
                acknowledged[game_id] = int(length)
        store = GameStore(folder)
        for game_id, length in acknowledged.items():
            stored = store.open(game_id).game
            # At most the action being written when the writer died may be there beyond what it reported.
            assert length <= len(stored.log) <= length + 1, f"{game_id}: {length} saved, {len(stored.log)} back"
        assert {s.id for s in store.history(per_page=1000).items} >= set(acknowledged)
        assert not [n.text for n in store.notices if "no good copy" in n.text]


KILLED_AT_THE_INDEX = textwrap.dedent(
    """
    import os
    import signal
    import sys
    from companion.store.games import GameStore
    from companion.store.index import HistoryIndex

    store = GameStore(sys.argv[1])
    saved = store.open(sys.argv[2])
    # Dies the instant the game file is written and the index is next, as a power cut might.
    settled = HistoryIndex.put


    def index_put(self, summaries, unsettled=False):
        if unsettled:  # the mark made before the game file is written
            return settled(self, summaries, unsettled=True)
        os.kill(os.getpid(), signal.SIGKILL)  # the game file is written and its index entry is next


    HistoryIndex.put = index_put
    if sys.argv[3] == "finish":
        saved.record_tricks([15, 0])
    elif sys.argv[3] == "unfinish":
        saved.undo()
    else:
        saved.correct(2, [15, 0], [0, 15])
    """
)


def herrlof_one_hand_from_the_end(folder):
    store = GameStore(folder)
    saved = store.start(Game.new("herrlof", ["Anna", "Béla"]))
    for hand in range(2):
        for seat in saved.state.current.bidding_order:
            saved.bid(seat, 15 if seat == 0 else 0)
        if hand == 0:
            saved.record_tricks([15, 0])  # Anna 25, Béla 10: hand 2 will end the game
    return store, saved


@pytest.mark.parametrize("change", ["finish", "unfinish", "correction"])
def test_a_kill_between_the_game_write_and_the_index_write_leaves_nothing_listed_wrongly(tmp_path, change):
    folder = tmp_path / "data"
    store, saved = herrlof_one_hand_from_the_end(folder)
    if change != "finish":
        saved.record_tricks([15, 0])  # Anna reaches 50: the game is over and the index says so
        assert GameStore(folder).history(finished=True).items[0].winners == ("Anna",)
    writer = subprocess.run([sys.executable, "-c", KILLED_AT_THE_INDEX, str(folder), saved.id, change], timeout=60)
    assert writer.returncode == -signal.SIGKILL
    fresh = GameStore(folder)
    truth = fresh.open(saved.id)
    assert len(truth.game.log) == len(saved.game.log) + (1 if change == "finish" else -1 if change == "unfinish" else 1)
    (line,) = fresh.history().items
    winners = tuple(truth.game.name(s) for s in truth.state.winners) if truth.state.finished else ()
    assert (line.finished, line.winners, line.hands_played) == (
        truth.state.finished, winners, len(truth.state.scored_hands))
    assert [s.id for s in fresh.history(finished=truth.state.finished).items] == [saved.id]


TWO_WRITERS = textwrap.dedent(
    """
    import hashlib, json, random, sys
    from companion.store.game_files import ConflictError
    from companion.store.games import GameStore
    from companion.store.files import StorageError

    while True:  # on a busy machine one writer can be kept from the lock past its wait, and is told so
        try:
            store = GameStore(sys.argv[1])
            saved = store.open(sys.argv[2])
            break
        except StorageError:
            print("busy", flush=True)
    chance = random.Random(int(sys.argv[3]))
    while True:
        state = saved.state
        try:
            if saved.game.can_undo() and chance.random() < 0.35:
                saved.undo()
            elif state.finished:
                continue
            elif state.next_bidder is not None:
                saved.bid(state.next_bidder, chance.choice(state.allowed_bids))
            else:
                cards = state.current.cards
                taken = [0] * len(saved.game.players)
                for _ in range(cards):
                    taken[chance.randrange(len(taken))] += 1
                saved.record_tricks(taken)
        except ConflictError:
            print("conflict", flush=True)
            continue
        except StorageError:
            print("busy", flush=True)
            continue
        digest = hashlib.sha256(json.dumps(saved.actions, sort_keys=True).encode()).hexdigest()
        print("saved", saved.revision, digest, flush=True)
    """
)


def test_two_writers_on_one_game_undoing_and_rebidding_never_store_a_log_that_does_not_replay(tmp_path):
    import hashlib
    import json

    folder = tmp_path / "data"
    store = GameStore(folder)
    game_id = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"], options={"sequence": "short-down"})).id
    chance = random.Random(8)
    acknowledged: dict[int, str] = {}
    conflicts = 0
    for round_number in range(8):
        writers = [subprocess.Popen([sys.executable, "-c", TWO_WRITERS, str(folder), game_id, f"{round_number}{n}"],
                                    stdout=subprocess.PIPE, text=True) for n in range(2)]
        for _ in range(chance.randint(20, 80)):
            for writer in writers:
                line = writer.stdout.readline().split()
                if line[0] == "conflict":
                    conflicts += 1
                elif line[0] == "saved":
                    acknowledged[int(line[1])] = line[2]
        for writer in writers:
            writer.send_signal(signal.SIGKILL)
        for writer in writers:
            writer.wait()
            for rest in writer.stdout.read().splitlines():
                # The kill can cut the last line short: only a whole line acknowledges a save.
                if rest.startswith("saved ") and len(rest.split()) == 3 and len(rest.split()[2]) == 64:
                    _, revision, digest = rest.split()
                    acknowledged[int(revision)] = digest
                else:
                    conflicts += rest == "conflict"
        fresh = GameStore(folder)
        saved = fresh.open(game_id)
        assert saved.damage is None, saved.damage  # the stored log replays, every action checked
        newest = max(acknowledged)
        # Each revision is written once; the newest acknowledged one is on disk, or one or two writes that
        # died before they could say so are on top of it.
        assert newest <= saved.revision <= newest + 2
        if saved.revision == newest:
            assert hashlib.sha256(json.dumps(saved.actions, sort_keys=True).encode()).hexdigest() == acknowledged[newest]
        assert [s.id for s in fresh.history().items] == [game_id]
        assert not [p for p in folder.rglob("*") if p.name.endswith((".tmp", ".bak.new"))]
    assert conflicts > 0  # the two writers did get in each other's way


KILLED_BETWEEN_THE_RENAMES = textwrap.dedent(
    """
    import os
    import signal
    import sys
    from companion.store.games import GameStore

    store = GameStore(sys.argv[1])
    saved = store.open(sys.argv[2])
    renamed = os.replace


    def replace(source, target):
        # The copy is renamed to NAME.bak; the new version (a .tmp) over NAME is next: the writer dies there.
        if str(source).endswith(".tmp") and str(target).endswith(sys.argv[2] + ".json"):
            os.kill(os.getpid(), signal.SIGKILL)
        return renamed(source, target)


    os.replace = replace
    state = saved.state
    saved.bid(state.next_bidder, 0)
    """
)


def temporary_files(folder):
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith((".tmp", ".new")))


def bid_once(saved):
    return saved.bid(saved.state.next_bidder, 0)


def test_a_kill_between_the_two_renames_of_a_save_leaves_no_temporary_file_once_the_folder_is_opened(tmp_path):
    folder = tmp_path / "data"
    saved = GameStore(folder).start(Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"]))
    bid_once(saved)
    writer = subprocess.run([sys.executable, "-c", KILLED_BETWEEN_THE_RENAMES, str(folder), saved.id], timeout=60)
    assert writer.returncode == -signal.SIGKILL
    game_file = folder / "games" / f"{saved.id}.json"
    # As the writer left it: the file and its copy are one file (two links), the new version beside them.
    assert game_file.samefile(game_file.with_name(game_file.name + ".bak"))
    # The next save renames a link of that file over the copy, which does nothing, then goes on as usual.
    bid_once(GameStore(folder).open(saved.id))
    reopened = GameStore(folder)
    assert temporary_files(folder) == []
    game = reopened.open(saved.id)
    assert game.damage is None and len(game.game.log) == 3  # the start and the two bids whose saves returned
    assert [n.text for n in reopened.notices] == []


def test_a_staged_copy_an_older_bidwell_left_in_an_unchanged_folder_goes_at_the_next_open(tmp_path):
    folder = tmp_path / "data"
    saved = GameStore(folder).start(Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"]))
    bid_once(saved)
    game_file = folder / "games" / f"{saved.id}.json"
    backup = game_file.with_name(game_file.name + ".bak")
    backup.unlink()
    os.link(game_file, backup)
    os.link(game_file, game_file.with_name(game_file.name + ".bak.new"))
    # The older Bidwell's save then said the folder agreed with the index, stray and all.
    games = folder / "games"
    stamp = [os.stat(games).st_ino, os.stat(games).st_mtime_ns, os.stat(games).st_ctime_ns]
    (folder / "index" / "checkpoint-games.json").write_text(json.dumps({"version": 1, "games": stamp}))
    reopened = GameStore(folder)
    assert temporary_files(folder) == []
    game = reopened.open(saved.id)
    assert game.damage is None and len(game.game.log) == 2


def test_a_staged_copy_whose_file_is_gone_is_kept_as_it_may_be_the_only_copy(tmp_path):
    folder = tmp_path / "data"
    saved = GameStore(folder).start(Game.new("rage", ["Anna", "Béla", "Csilla", "Dóra"]))
    bid_once(saved)
    game_file = folder / "games" / f"{saved.id}.json"
    staged = game_file.with_name(game_file.name + ".bak.new")
    os.link(game_file, staged)
    game_file.unlink()
    game_file.with_name(game_file.name + ".bak").unlink()
    GameStore(folder)
    assert staged.exists() and json.loads(staged.read_text(encoding="utf-8"))["actions"]["2"]["action"]
