"""The game store: autosave, resume, the history list, delete, export and import, concurrency."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
import sys
import textwrap
import threading

import pytest

from companion.store.files import StorageError, collecting_notices
from companion.store.game_files import ConflictError, GameFiles
from companion.store.games import GameStore
from companion.store.index import fold
from scoring.actions import Bid
from scoring.errors import BidError
from scoring.game import Game
from scoring.record import record_from_game
from scoring.state import Phase

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


def test_a_second_program_follows_anothers_bid_and_undo_on_the_copy_it_holds(store):
    """Another program (a second store on the same folder) takes a bid and an undo saved by the first as they
    come, on the game it holds, and ends where a fresh read of the file is; a file whose log was rewritten
    otherwise is read whole again."""
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 3)
    second = GameStore(store.path)
    watched = second.open(saved.id)
    held = watched.game
    for change in (lambda: saved.bid(2, 2), saved.undo, saved.undo, lambda: saved.bid(1, 1)):
        change()
        assert second.refresh(saved.id)
        assert watched.game is held  # followed, not read again
        assert (watched.game.log, watched.state) == (saved.game.log, GameStore(store.path).open(saved.id).state)
    other = GameStore(store.path).open(saved.id)
    other.undo()
    other.bid(1, 2)  # what the second holds is no longer the file's beginning
    assert second.refresh(saved.id)
    assert watched.game is not held and watched.game.log == other.game.log


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


@pytest.fixture
def synced(monkeypatch):
    """The folders and files this process fsyncs, in order, each a path (read through Linux's /proc/self/fd, as on
    every machine Bidwell's CI runs on)."""
    paths = []
    real_fsync = os.fsync

    def recording_fsync(descriptor):
        paths.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    return paths


def test_a_new_data_folder_and_its_subfolders_are_each_made_durable_in_their_parent(tmp_path, synced):
    top = tmp_path / "a" / "data"
    store = GameStore(top)
    assert [str(tmp_path), str(tmp_path / "a"), str(top), str(top)] == synced[:4]
    synced.clear()
    saved = store.start(Game.new("rage", FOUR))
    assert str(top / "games") in synced, "the first game's rename is durable in games/"
    assert store.export(saved.id)["players"] == FOUR


def test_a_deleted_game_is_gone_for_good_once_delete_returns(store, synced):
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 2)
    synced.clear()
    store.delete(saved.id)
    assert not list((store.path / "games").iterdir())
    assert synced[-1] == str(store.path / "games"), "the folder is fsynced after the game and its .bak are unlinked"


def test_game_files_and_folders_are_the_owners_alone(tmp_path):
    store = GameStore(tmp_path / "data")
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 2)
    assert (store.path.stat().st_mode & 0o777) == 0o700
    for part in ("games", "index"):
        assert ((store.path / part).stat().st_mode & 0o777) == 0o700
    stored = [path for path in store.path.rglob("*") if path.is_file() and not path.name.startswith(".")]
    assert any(path.name.endswith(".bak") for path in stored)
    assert {oct(path.stat().st_mode & 0o777) for path in stored} == {oct(0o600)}


def test_an_older_bidwells_open_folders_are_closed_at_the_next_start(tmp_path):
    for part in ("games", "index"):
        (tmp_path / "data" / part).mkdir(parents=True, mode=0o755)
        (tmp_path / "data" / part).chmod(0o755)
    store = GameStore(tmp_path / "data")
    assert {(store.path / part).stat().st_mode & 0o777 for part in ("games", "index")} == {0o700}


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


def test_a_long_import_lets_go_of_the_write_lock_between_its_steps_so_a_bid_elsewhere_never_waits_for_all(store):
    playing = store.start(Game.new("rage", FOUR))
    records = [("many.json", dict(record_from_game(Game.new("rage", FOUR, first_dealer=seat)), id=f"game-{n}"))
               for n in range(45) for seat in (n % 4,)]
    read = store.read_records(records)
    assert store.history().items[0].id == playing.id  # read, replayed, and nothing stored yet
    steps = store.keep_records(read, step=20)
    stored_after_each = []
    for _ in steps:
        stored_after_each.append(len(read.report.new))
        # Another thread (the event loop, a tap on another tab) writes between two steps without waiting.
        bid = threading.Thread(target=playing.bid, args=(playing.state.next_bidder, 1))
        bid.start()
        bid.join(timeout=30)
        assert not bid.is_alive()
        playing.undo()
    assert stored_after_each == [20, 40, 45]
    assert read.report.existing == [] and read.report.refused == []
    assert {f"game-{n}" for n in range(45)} <= {summary.id for summary in store.history(per_page=100).items}


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
    assert [(where, str(reason)) for where, reason in report.refused] == [
        ("two.json: record 2", "'Anna' is at the table twice (players 1 and 2)"),
        ("three.json", "a record is a JSON object, got a list"),
    ]


def test_a_bid_touches_only_its_own_game_file(store):
    saved = store.start(Game.new("rage", FOUR))
    # Besides its game file a bid rewrites only the few bytes saying the games folder still agrees with the
    # index (the checkpoint that spares the next opening a listing of every game), never a month of the index.
    agreed = store.path / "index" / "checkpoint-games.json"
    index = {p: p.read_bytes() for p in (store.path / "index").iterdir() if p != agreed}
    saved.bid(1, 2)
    saved.bid(2, 2)
    assert {p: p.read_bytes() for p in (store.path / "index").iterdir() if p != agreed} == index
    assert len(agreed.read_bytes()) < 200


def test_finishing_and_unfinishing_a_game_updates_the_history(store):
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    for cards in range(10, 0, -1):
        play_hand(saved, [cards, 0], [cards, 0])
    assert GameStore(store.path).history(finished=True).items[0].winners == ("Anna",)
    saved.undo()
    assert GameStore(store.path).history(finished=True).items == ()


def test_taps_in_an_unfinished_game_leave_the_index_alone_and_the_one_that_ends_it_marks_its_entry_first(
        store, monkeypatch):
    """The index keeps how a game ended: a bid or a hand's tricks write only the game's file. The tap that ends
    the game marks its entry unsettled, as it stood, before the game file is written, so a save that fails (or
    a process killed) there leaves nothing listed wrongly."""
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    month_file = next((store.path / "index").glob("????-??.json"))
    untouched = month_file.read_bytes()
    for cards in range(10, 1, -1):
        play_hand(saved, [cards, 0], [cards, 0])
    for seat in saved.state.current.bidding_order:
        saved.bid(seat, [1, 0][seat])
    assert month_file.read_bytes() == untouched

    def entry():
        return next(iter(json.loads(month_file.read_text(encoding="utf-8"))["games"].values()))

    def disk_full(*args, **kwargs):
        raise StorageError("storage.could_not_save", path=month_file, reason="disk full")

    with monkeypatch.context() as patched:
        patched.setattr(store.files, "write", disk_full)
        with pytest.raises(StorageError):
            saved.record_tricks([1, 0])
    assert saved.state.phase is Phase.PLAYING and saved.game.can_undo()
    assert entry()["unsettled"] is True and entry()["finished"] is False
    saved.record_tricks([1, 0])
    assert saved.state.finished
    assert (entry()["finished"], entry()["winners"], entry().get("unsettled")) == (True, ["Anna"], None)


def test_a_game_file_changed_in_place_keeping_its_size_time_and_inode_is_still_read_again(store):
    """The store reads a game file again only if its signature (inode, modification time, size) is not the one
    of its own last write; a change made in place within the same tick of the file system's clock keeps all
    three, so until that tick has surely passed the bytes are compared too."""
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(1, 3)
    path = store.path / "games" / f"{saved.id}.json"
    before = os.stat(path)
    raw = path.read_bytes()
    assert raw.count(b'"bid":3') == 1
    with open(path, "r+b") as file:  # Béla said 2: the same length, written over the same file
        file.write(raw.replace(b'"bid":3', b'"bid":2'))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (before.st_ino, before.st_mtime_ns, before.st_size)
    saved.bid(2, 2)
    assert saved.state.current.bids == (None, 2, 2, None)
    assert GameStore(store.path).open(saved.id).state.current.bids == (None, 2, 2, None)


def test_two_programs_on_one_game_cannot_overwrite_each_other(store):
    saved = store.start(Game.new("rage", FOUR))
    other_program = GameStore(store.path).open(saved.id)
    saved.bid(1, 2)
    with pytest.raises(ConflictError, match="changed on another screen"):
        other_program.bid(1, 3)
    assert other_program.state.next_bidder == 2  # reloaded: it now shows the other program's bid
    other_program.bid(2, 3)
    assert store.open(saved.id).game.log == other_program.game.log


def test_every_screen_of_a_game_reads_one_copy_and_a_tap_drawn_before_a_change_is_refused(store):
    saved = store.start(Game.new("rage", FOUR))
    other_screen = store.open(saved.id)
    assert other_screen.game is saved.game  # opened again, not read again
    drawn = other_screen.revision  # the other screen draws Béla's pad
    saved.bid(1, 2)
    assert other_screen.state.next_bidder == 2  # it sees the bid as soon as it draws again
    with pytest.raises(ConflictError, match="changed on another screen"):
        other_screen.bid(2, 3, expected_revision=drawn)  # a tap on the pad it drew before the bid
    assert GameStore(store.path).open(saved.id).state.current.bids == (None, 2, None, None)
    other_screen.bid(2, 3, expected_revision=other_screen.revision)
    assert GameStore(store.path).open(saved.id).state.current.bids == (None, 2, 3, None)


STALE_WRITER = textwrap.dedent(
    """
    import sys
    from companion.store.game_files import ConflictError
    from companion.store.games import GameStore
    from scoring.actions import Bid
    store = GameStore(sys.argv[1])
    game_id, drawn, seat, value = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    try:
        store.append(game_id, drawn, Bid(seat, value)) if value >= 0 else store.drop_last(game_id, drawn)
        print("written")
    except ConflictError:
        print("refused")
    """
)


def test_the_store_takes_a_change_only_from_the_revision_on_disk_whichever_process_sends_it(store):
    saved = store.start(Game.new("rage", FOUR))  # Anna deals: Béla bids first, then Csilla
    drawn = saved.revision

    def from_another_process(revision: int, seat: int, value: int) -> str:
        done = subprocess.run([sys.executable, "-c", STALE_WRITER, str(store.path), saved.id, str(revision),
                               str(seat), str(value)], capture_output=True, text=True, timeout=120, check=True)
        return done.stdout.strip()

    assert from_another_process(drawn, 1, 2) == "written"  # Béla's 2, tapped on a pad drawn at this revision
    # A second tap on that same pad, from another process: the game has moved on, so it is not written, and
    # above all not taken as the next bidder's.
    assert from_another_process(drawn, 1, 2) == "refused"
    assert from_another_process(drawn, 2, 2) == "refused"
    assert from_another_process(drawn, 1, -1) == "refused"  # nor is an undo drawn before the bid
    with pytest.raises(ConflictError, match="changed on another screen"):
        store.append(saved.id, drawn, Bid(2, 2))  # this process's copy is read again first, and refused too
    assert saved.state.current.bids == (None, 2, None, None)  # the copy in memory is the stored game
    assert from_another_process(drawn + 1, 2, 3) == "written"
    with pytest.raises(ConflictError):
        store.drop_last(saved.id, drawn + 1)
    store.drop_last(saved.id, drawn + 2)
    fresh = GameStore(store.path).open(saved.id)
    assert (fresh.state.current.bids, fresh.revision) == ((None, 2, None, None), drawn + 3)
    assert saved.revision == fresh.revision and saved.game.log == fresh.game.log


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
        from companion.store.games import GameStore
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


# --- issue 8: two screens, damaged games, the index, leftovers, full disks -------------------------------------


def hook_conflict(store):
    """Oh Hell, 3 players, hand 1 of 10 cards, Anna deals: Béla and Csilla have bid 3 each, so Anna may not bid 4."""
    saved = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))
    saved.bid(1, 3)
    saved.bid(2, 3)
    return saved


def test_a_stale_screen_cannot_bid_after_an_undo_and_a_new_bid_on_another(store):
    first = hook_conflict(store)
    stale = GameStore(store.path).open(first.id)  # another program's copy
    first.undo()
    first.bid(2, 4)  # the log is as long as before, but now Anna may not bid 3
    assert stale.game.can_bid(0, 3)  # the stale screen still thinks Anna may
    with pytest.raises(ConflictError, match="changed on another screen"):
        stale.bid(0, 3)
    assert stale.state.current.bids == (None, 3, 4)  # reloaded: it shows the other screen's bid now
    again = GameStore(store.path)
    reread = again.open(first.id)
    assert reread.damage is None and reread.game.log == first.game.log
    assert [s.id for s in again.history().items] == [first.id]
    with pytest.raises(BidError, match="may not bid 3"):
        stale.bid(0, 3)


def test_the_revision_changes_with_every_write_even_when_the_log_keeps_its_length(store):
    saved = hook_conflict(store)
    seen = [saved.revision]
    assert saved.undo() == saved.revision  # a save answers with the revision it wrote, a plain number
    seen.append(saved.revision)
    assert saved.bid(2, 3) == saved.revision
    seen.append(saved.revision)
    assert len(set(seen)) == 3 and len(saved.game.log) == 3
    assert GameStore(store.path).open(saved.id).revision == saved.revision


def game_file(store, saved):
    return store.path / "games" / f"{saved.id}.json"


def rewrite_actions(path, change):
    """Edit a game file's tables by hand, as a bug or a person might, leaving no good copy beside it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    path.with_name(path.name + ".bak").unlink(missing_ok=True)


def break_the_hook(data):
    actions = data["actions"]
    actions[str(len(actions) + 1)] = {"at": "2026-11-22T10:00:00.000Z", "action": {"action": "bid", "player": 0, "bid": 4}}


def newer_schema(data):
    data["bidwell"]["1"]["schema"] = 99


@pytest.mark.parametrize(
    ("damage", "says", "good_actions"),
    [
        (break_the_hook, "action 4 cannot be replayed: hand 1, Anna: may not bid 4", 3),
        (lambda data: data["actions"].update({"4": 7}), "action 4 cannot be replayed: it is a number", 3),
        (lambda data: data["actions"].update({"four": {"at": "x", "action": {"action": "bid"}}}),
         "an action's number is \"four\", not a number", 3),
        (lambda data: data["actions"]["2"]["action"].update(action="shout"), "action 2 cannot be replayed", 1),
        (lambda data: data["actions"]["3"].update(action=[1, 2]), "action 3 cannot be replayed: it is an object", 2),
    ],
)
def test_a_game_that_does_not_replay_is_listed_as_damaged_and_opens_up_to_its_last_good_action(
    store, damage, says, good_actions
):
    saved = hook_conflict(store)
    other = store.start(Game.new("rage", FOUR))
    rewrite_actions(game_file(store, saved), damage)
    fresh = GameStore(store.path)
    listed = {s.id: s for s in fresh.history().items}
    assert set(listed) == {saved.id, other.id}
    assert says in listed[saved.id].damage and listed[other.id].damage is None
    assert [s.id for s in fresh.unfinished()] == [other.id, saved.id]
    damaged = fresh.open(saved.id)
    assert damaged.read_only and says in str(damaged.damage)
    assert len(damaged.game.log) == good_actions
    record = fresh.export(saved.id)
    assert len(record["hands"][0]["bids"]) == 3 if record["hands"] else good_actions == 1
    with pytest.raises(StorageError, match="damaged on disk"):
        damaged.undo()
    with pytest.raises(StorageError, match="damaged on disk"):
        damaged.bid(damaged.state.next_bidder, 0)
    reopened_other = fresh.open(other.id)
    reopened_other.bid(1, 2)
    assert reopened_other.state.next_bidder == 2  # the rest of the history works
    report = fresh.export_all()
    assert {r["id"] for r in report.records} == {saved.id, other.id}
    assert [game_id for game_id, _ in report.partial] == [saved.id] and report.failed == []


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        ("newer", "written by a newer Bidwell (schema 99"),
        ("folder", "a folder stands where its file should be"),
        ("garbage", "could not be read and was moved to"),
        ("start", "action 1 cannot be replayed"),
    ],
)
def test_a_game_that_cannot_be_read_at_all_is_listed_as_damaged_and_the_rest_works(store, damage, says):
    saved = hook_conflict(store)
    other = store.start(Game.new("rage", FOUR))
    path = game_file(store, saved)
    if damage == "newer":
        rewrite_actions(path, newer_schema)
    elif damage == "folder":
        path.unlink()
        path.with_name(path.name + ".bak").unlink()
        path.mkdir()
    elif damage == "garbage":
        path.write_bytes(b"\x00 not json")
        path.with_name(path.name + ".bak").write_bytes(b"also not json")
    else:
        rewrite_actions(path, lambda data: data["actions"]["1"]["action"].update(players=["Anna", "Anna"]))
    fresh = GameStore(store.path)
    listed = {s.id: s for s in fresh.history().items}
    assert set(listed) == {saved.id, other.id} and says in listed[saved.id].damage
    assert listed[saved.id].players == ("Anna", "Béla", "Csilla") and listed[saved.id].game == "oh-hell"
    with pytest.raises(StorageError, match="cannot be opened"):
        fresh.open(saved.id)
    report = fresh.export_all()
    assert [r["id"] for r in report.records] == [other.id]
    assert [game_id for game_id, _ in report.failed] == [saved.id]
    again = GameStore(store.path).start(Game.new("herrlof", ["Anna", "Béla"]))  # a new game can still start
    again.bid(1, 3)
    assert again.state.next_bidder == 0
    if damage == "newer":
        assert json.loads(path.read_text(encoding="utf-8"))["bidwell"]["1"]["schema"] == 99  # left as it was


def finished_herrlof(store):
    saved = store.start(Game.new("herrlof", ["Anna", "Béla"]))
    play_hand(saved, [15, 0], [15, 0])
    play_hand(saved, [15, 0], [15, 0])
    assert saved.state.finished
    return saved


@pytest.mark.parametrize("how", ["damaged", "missing", "folder"])
def test_a_lost_index_is_rebuilt_from_the_game_files_with_a_notice(store, how):
    done = finished_herrlof(store)
    going = hook_conflict(store)
    for month in (store.path / "index").glob("*.json*"):
        if how == "damaged":
            month.write_text("{ cut sh", encoding="utf-8")
        else:
            month.unlink()
    if how == "folder":
        (store.path / "index" / f"{done.created[:7]}.json").mkdir()
    fresh = GameStore(store.path)
    listed = {s.id: s for s in fresh.history().items}
    assert set(listed) == {done.id, going.id}
    assert listed[done.id].finished and listed[done.id].winners == ("Anna",)
    assert not listed[going.id].finished and listed[going.id].current_hand == 1
    assert any("history index" in n.text for n in fresh.notices)
    assert GameStore(store.path).notices == []  # mended for good


def test_a_stale_index_from_a_last_good_copy_is_not_trusted(store):
    saved = finished_herrlof(store)
    month = store.path / "index" / f"{saved.created[:7]}.json"
    says_anna_won = month.read_bytes()
    # Béla took the 15 tricks of hand 2, not Anna: Anna 25 + 0, Béla 10 + 15; nobody has 50, the game goes on.
    saved.correct(2, [15, 0], [0, 15])
    assert not saved.state.finished
    month.write_bytes(says_anna_won)  # an index older than its game, as a kill between the two writes leaves it
    fresh = GameStore(store.path)
    (line,) = fresh.history().items
    assert (line.finished, line.winners, line.current_hand) == (False, (), 3)
    assert fresh.history(finished=True).items == ()


def test_an_index_entry_of_the_wrong_shape_is_rebuilt_not_fatal(store):
    saved = finished_herrlof(store)
    month = store.path / "index" / f"{saved.created[:7]}.json"
    data = json.loads(month.read_text(encoding="utf-8"))
    data["games"]["1"]["players"] = 5
    data["games"]["2"] = "garbage"
    month.write_text(json.dumps(data), encoding="utf-8")
    (line,) = GameStore(store.path).history().items
    assert line.id == saved.id and line.winners == ("Anna",)


def test_leftover_temporary_files_of_a_killed_writer_are_removed_on_the_next_open(store):
    saved = store.start(Game.new("rage", FOUR))
    leftovers = [
        store.path / "games" / f".{saved.id}.json.4242.1.tmp",
        store.path / "games" / f"{saved.id}.json.bak.new",
        store.path / "index" / ".2026-11.json.4242.1.tmp",
    ]
    for leftover in leftovers:
        leftover.write_text("half a write", encoding="utf-8")
    GameStore(store.path)
    assert [p for p in leftovers if p.exists()] == []
    assert not [p for p in store.path.rglob("*") if p.name.endswith((".tmp", ".new"))]


def test_the_already_stored_check_of_an_import_runs_under_the_lock(tmp_path, monkeypatch):
    record = record_from_game(Game.new("rage", FOUR))
    stores = [GameStore(tmp_path / "data"), GameStore(tmp_path / "data")]
    both_looking = threading.Barrier(2)
    looked_up = GameFiles.stored

    def stored(self, game_id):
        # Two imports that look before they lock both see "not there yet"; under the lock the second waits.
        with contextlib.suppress(threading.BrokenBarrierError):
            both_looking.wait(timeout=2)
        return looked_up(self, game_id)

    monkeypatch.setattr(GameFiles, "stored", stored)
    reports = [None, None]
    threads = [threading.Thread(target=lambda n=n: reports.__setitem__(n, stores[n].import_records([("r", record)])))
               for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(len(r.new) for r in reports) == [0, 1]
    assert sorted(len(r.existing) for r in reports) == [0, 1]


def fail_with(error_number, only_writing=False):
    def failing(*args, **kwargs):
        if only_writing and "w" not in (args[1] if len(args) > 1 else kwargs.get("mode", "r")):
            return open(*args, **kwargs)
        raise OSError(error_number, os.strerror(error_number))

    return failing


@pytest.mark.parametrize(
    ("where", "error_number", "says"),
    [
        ("fsync", errno.ENOSPC, "the disk is full"),
        ("replace", errno.EROFS, "read-only disk"),
        ("open", errno.EACCES, "permission denied"),
    ],
)
def test_a_save_that_the_disk_refuses_keeps_the_game_as_it_was_and_can_be_tried_again(
    store, monkeypatch, where, error_number, says
):
    from companion.store import files as storage

    saved = hook_conflict(store)
    path = game_file(store, saved)
    before = path.read_bytes()
    target = {"fsync": (storage.os, "fsync"), "replace": (storage.os, "replace"), "open": (storage, "open")}[where]
    monkeypatch.setattr(*target, fail_with(error_number, only_writing=where == "open"), raising=False)
    with pytest.raises(StorageError, match=says) as refusal:
        saved.bid(0, 3)
    assert "kept as it was" in str(refusal.value) and "tried again" in str(refusal.value)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert saved.state.next_bidder == 0 and len(saved.game.log) == 3
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    saved.bid(0, 3)
    assert GameStore(store.path).open(saved.id).game.log == saved.game.log


def test_a_data_folder_that_is_a_file_is_one_clear_refusal(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("not a folder", encoding="utf-8")
    with pytest.raises(StorageError, match=r"the data folder .* is a file, not a folder; .* --data DIR"):
        GameStore(folder)


def test_a_record_too_deeply_nested_to_store_is_refused_and_the_rest_is_imported(store):
    record = record_from_game(Game.new("rage", FOUR))
    deep: list = []
    for _ in range(5 * sys.getrecursionlimit()):  # no JSON file parses this deep; a caller of the API can hand it over
        deep = [deep]
    report = store.import_records([("deep", dict(record, id="deep-1", notes=deep)), ("plain.json", record)])
    assert len(report.new) == 1 and report.existing == []
    ((where, reason),) = report.refused
    assert where == "deep" and "nested too deeply" in str(reason)
    assert [s.id for s in GameStore(store.path).history().items] == report.new


def test_a_repaired_game_keeps_what_its_repair_lost_in_its_history_line_through_later_saves(store):
    saved = store.start(Game.new("rage", FOUR))
    for seat in saved.state.current.bidding_order[:2]:
        saved.bid(seat, 1)
    game_file = store.path / "games" / f"{saved.id}.json"
    game_file.write_bytes(game_file.read_bytes()[:40])  # the second bid's save, cut short

    restarted = GameStore(store.path)
    reopened_game = restarted.open(saved.id)
    assert reopened_game.state.current.bids == (None, 1, None, None), "back to the save before: one bid"
    assert [notice.key for notice in restarted.notices] == ["storage.moved_restored"]
    repaired = restarted.history().items[0].repaired
    assert repaired is not None and repaired.endswith("Its last change is lost: the game is back at hand 1, bidding")
    reopened_game.bid(reopened_game.state.current.bidding_order[1], 2)
    later = GameStore(store.path)
    assert later.history().items[0].repaired == repaired and later.notices == []


def test_a_folder_that_cannot_be_written_still_lists_opens_and_exports_its_games(store, monkeypatch):
    saved = store.start(Game.new("rage", FOUR))
    saved.bid(saved.state.current.bidding_order[0], 2)
    lock_class = type(store.folder._file_lock)

    def read_only_disk(*_, **__):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(lock_class, "acquire", read_only_disk)
    looking = GameStore(store.path)
    assert looking.read_only is not None
    assert [notice.text for notice in looking.notices] == [
        f"the data folder {store.path} cannot be written (the folder is on a read-only disk; give another folder "
        "with --data DIR): its games are shown as they are, and nothing is saved"]
    assert [line.id for line in looking.history().items] == [saved.id]
    assert looking.export(saved.id)["hands"] == store.export(saved.id)["hands"]
    opened = looking.open(saved.id)
    with pytest.raises(StorageError, match="cannot write to the data folder .*read-only disk"):
        opened.bid(opened.state.current.bidding_order[1], 1)
    assert looking.export(saved.id)["hands"] == store.export(saved.id)["hands"], "the refused bid changed nothing"


def delete_by_hand(store, game_id):
    for name in (f"{game_id}.json", f"{game_id}.json.bak"):
        (store.path / "games" / name).unlink(missing_ok=True)


def gone_notices(notices):
    return [notice.text for notice in notices if "is gone" in notice.text]


def test_a_game_whose_files_were_deleted_by_hand_is_gone_from_every_list_said_once(store):
    from companion.views.history import HistoryModel

    kept = store.start(Game.new("rage", FOUR))
    lost = store.start(Game.new("oh-hell", ["Béla", "Csilla", "Dóra"]))
    lost.bid(lost.state.next_bidder, 0)
    delete_by_hand(store, lost.id)
    reopened = GameStore(store.path)
    (said,) = gone_notices(reopened.notices)
    assert lost.id in said and "Béla, Csilla, Dóra" in said and "deleted" in said
    assert [s.id for s in reopened.unfinished()] == [kept.id]  # the start screen's games to continue
    assert [card.id for card in HistoryModel(reopened).view().cards] == [kept.id]  # Past games
    with pytest.raises(StorageError, match=f"there is no game '{lost.id}'"):
        reopened.open(lost.id)
    assert gone_notices(GameStore(store.path).notices) == []


def test_a_game_deleted_by_hand_while_the_app_has_it_open_leaves_the_games_to_continue_with_one_notice(store):
    lost = store.start(Game.new("rage", FOUR))
    store.open(lost.id)
    delete_by_hand(store, lost.id)
    with collecting_notices() as met:
        assert store.unfinished() == []
    assert len(gone_notices(met)) == 1 and store.history().items == ()
