"""``bidwell history``, ``export`` and ``import`` against a temporary data folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store.games import GameStore
from scoring.game import Game

BIDWELL = Path(sys.executable).with_name("bidwell")


def bidwell(*args, env=None):
    return subprocess.run([str(BIDWELL), *map(str, args)], capture_output=True, env=env, timeout=60)


@pytest.fixture
def data(tmp_path):
    store = GameStore(tmp_path / "data")
    done = store.start(Game.new("rage", ["Anna", "Béla"]), created="2026-10-01T18:00:00Z")
    for cards in range(10, 0, -1):
        for seat in done.state.current.bidding_order:
            done.bid(seat, cards if seat == 1 else 0)
        done.record_tricks([0, cards])
    going = store.start(Game.new("oh-hell", ["さくら", "Łucja", "Zoë"]), created="2026-11-20T19:30:00Z")
    going.bid(1, 3)
    return tmp_path / "data", done.id, going.id


def test_history_is_a_readable_table_newest_first(data):
    folder, done, going = data
    result = bidwell("history", "--data", folder)
    assert result.returncode == 0 and result.stderr == b""
    lines = result.stdout.decode("utf-8").splitlines()
    assert lines[0].split() == ["ID", "STARTED", "GAME", "PLAYERS", "STATUS"]
    assert lines[1].startswith(going) and "Oh Hell (BGA)" in lines[1] and "hand 1, bidding" in lines[1]
    assert "さくら, Łucja, Zoë" in lines[1]
    assert lines[2].startswith(done) and "finished, winner Béla" in lines[2] and "Oct 1, 2026, 6:00\u202fPM" in lines[2]


def test_history_json_with_filters(data):
    folder, done, going = data
    result = bidwell("--data", folder, "history", "--json", "--player", "LUCJA")
    listing = json.loads(result.stdout)
    assert [g["id"] for g in listing["games"]] == [going]
    assert listing["games"][0]["players"] == ["さくら", "Łucja", "Zoë"]
    finished = json.loads(bidwell("history", "--json", "--finished", "--data", folder).stdout)
    assert [g["id"] for g in finished["games"]] == [done] and finished["games"][0]["winners"] == ["Béla"]


def test_the_data_folder_comes_from_the_environment_too(data):
    folder, done, going = data
    env = dict(os.environ, BIDWELL_DATA=str(folder))
    listing = json.loads(bidwell("history", "--json", env=env).stdout)
    assert {g["id"] for g in listing["games"]} == {done, going}


def test_export_one_to_a_file_and_all_to_standard_output(data, tmp_path):
    folder, done, going = data
    out = tmp_path / "one.json"
    assert bidwell("export", done, "-o", out, "--data", folder).returncode == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["id"] == done and record["game"] == "rage" and len(record["hands"]) == 10
    everything = json.loads(bidwell("export", "--all", "--data", folder).stdout)
    assert [r["id"] for r in everything] == [going, done]


def test_export_of_an_unknown_game_is_one_error_line(data):
    folder, _, _ = data
    result = bidwell("export", "20990101-000000-abcdef", "--data", folder)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().startswith("error: there is no game '20990101-000000-abcdef'")
    assert result.stderr.count(b"\n") == 1


def test_import_reports_new_existing_and_refused_and_keeps_the_valid_ones(data, tmp_path):
    folder, done, going = data
    exported = tmp_path / "all.json"
    exported.write_bytes(bidwell("export", "--all", "--data", folder).stdout)
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "rage", "players": ["A"]', encoding="utf-8")
    fresh = tmp_path / "fresh"
    mixed = tmp_path / "mixed.json"
    mixed.write_text(
        json.dumps([{"game": "rage", "players": ["Anna", "Béla"]}, {"game": "bridge", "players": ["A", "B"]}]),
        encoding="utf-8",
    )
    result = bidwell("import", exported, broken, mixed, "--data", fresh)
    assert result.returncode == 2
    out = result.stdout.decode().splitlines()
    assert sorted(out[:2]) == sorted([f"new: {done}", f"new: {going}"]) and out[2].startswith("new: imported-")
    errors = result.stderr.decode("utf-8").splitlines()
    assert errors == [
        f"error: {broken}: the record is not valid JSON: line 1, column 34: Expecting ',' delimiter",
        f"error: {mixed}: record 2: there is no game 'bridge'; the games are: herrlof, oh-hell, rage, rage-n-glyphs, skull-king, up-and-down-the-river, wizard",
    ]
    again = bidwell("import", exported, "--data", fresh)
    assert again.returncode == 0
    assert sorted(again.stdout.decode().splitlines()) == sorted([f"already there: {done}", f"already there: {going}"])


def test_a_damaged_file_is_reported_and_the_command_still_works(data):
    folder, done, going = data
    (folder / "games" / f"{going}.json").write_text("garbage", encoding="utf-8")
    result = bidwell("history", "--data", folder)
    assert result.returncode == 0
    assert done in result.stdout.decode()
    note = result.stderr.decode()
    assert note.startswith("note: ") and "was not readable JSON" in note and "broken-" in note


def test_history_of_an_empty_folder(tmp_path):
    result = bidwell("history", "--data", tmp_path / "empty")
    assert result.returncode == 0 and result.stdout.decode().strip() == "No games."


def test_a_folder_from_a_newer_bidwell_is_refused_untouched(data):
    folder, _, _ = data
    (shard,) = (folder / "index").glob("2026-11.json")
    newer = shard.read_text(encoding="utf-8").replace('"schema":1', '"schema":99')
    shard.write_text(newer, encoding="utf-8")
    result = bidwell("history", "--data", folder)
    assert result.returncode == 2 and result.stdout == b""
    assert "written by a newer Bidwell (schema 99; this one reads up to 1)" in result.stderr.decode()
    assert shard.read_text(encoding="utf-8") == newer


def damage_game_file(folder, game_id, change):
    path = folder / "games" / f"{game_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    return path


def test_a_damaged_game_is_listed_as_damaged_and_exported_as_far_as_it_goes(data):
    folder, done, going = data
    # A bid for a seat that is not at the table: the game is sound up to its first bid.
    damage_game_file(folder, going, lambda d: d["actions"]["2"]["action"].update(player=7))
    listing = bidwell("history", "--data", folder)
    assert listing.returncode == 0 and b"Traceback" not in listing.stderr
    line = next(line for line in listing.stdout.decode("utf-8").splitlines() if line.startswith(going))
    assert "damaged: action 2 cannot be replayed: hand 1: there is no seat 7" in line
    result = bidwell("export", "--all", "--data", folder)
    assert result.returncode == 0
    records = json.loads(result.stdout)
    assert [r["id"] for r in records] == [going, done] and records[0]["hands"] == []
    assert result.stderr.decode("utf-8").splitlines() == [
        f"note: game {going} is damaged (action 2 cannot be replayed: hand 1: there is no seat 7; the seats are "
        "0 to 2); it was exported up to its last good action"
    ]


def test_export_all_names_a_game_it_cannot_export_and_exports_the_rest(data):
    folder, done, going = data
    damage_game_file(folder, going, lambda d: d["bidwell"]["1"].update(schema=7))
    result = bidwell("export", "--all", "--data", folder)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert [r["id"] for r in json.loads(result.stdout)] == [done]
    (error,) = result.stderr.decode("utf-8").splitlines()
    assert error.startswith(f"error: the game '{going}' cannot be opened: ") and "newer Bidwell (schema 7" in error
    listing = json.loads(bidwell("history", "--json", "--data", folder).stdout)
    assert {g["id"]: bool(g["damage"]) for g in listing["games"]} == {going: True, done: False}


@pytest.mark.parametrize("command", [("history",), ("export", "--all"), ("--no-browser",)])
def test_a_data_folder_that_is_a_file_is_one_error_line(tmp_path, command):
    folder = tmp_path / "data"
    folder.write_text("not a folder", encoding="utf-8")
    result = bidwell(*command, "--data", folder)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode() == f"error: the data folder {folder} is a file, not a folder; move the file away, " \
                                     "or give another folder with --data DIR or BIDWELL_DATA\n"


def test_an_import_the_disk_refuses_is_one_error_line_and_stores_nothing(data, tmp_path):
    import resource
    import signal

    folder, done, _ = data
    exported = tmp_path / "one.json"
    exported.write_bytes(bidwell("export", done, "--data", folder).stdout)
    fresh = tmp_path / "fresh"
    GameStore(fresh)

    def small_files():  # a full disk, as far as this process is concerned: no file may grow past 2 KB
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    result = subprocess.run([str(BIDWELL), "import", str(exported), "--data", str(fresh)], capture_output=True,
                            preexec_fn=small_files, timeout=60)
    assert result.returncode == 2 and result.stdout == b"" and b"Traceback" not in result.stderr
    (error,) = result.stderr.decode().splitlines()
    assert error.startswith("error: could not save ") and "larger than this system allows" in error
    assert GameStore(fresh).history().items == ()
    assert not [p for p in fresh.rglob("*") if p.name.endswith(".tmp")]
    again = bidwell("import", exported, "--data", fresh)  # room again: the same import now works
    assert again.returncode == 0 and again.stdout.decode().strip() == f"new: {done}"


def without_much_memory():
    """A child that reads a device without end runs out of memory in seconds instead of taking the machine's."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_a_game_file_that_is_a_link_to_a_device_is_listed_as_not_a_regular_file_and_refused_by_export(data):
    folder, done, going = data
    (folder / "games" / "evil.json").symlink_to("/dev/zero")
    listed = subprocess.run([str(BIDWELL), "history", "--data", str(folder)], capture_output=True, timeout=60,
                            preexec_fn=without_much_memory)
    assert listed.returncode == 0, listed.stderr
    (line,) = [line for line in listed.stdout.decode("utf-8").splitlines() if line.startswith("evil ")]
    assert "damaged: its file cannot be read: not a regular file (a link to a device)" in line
    exported = subprocess.run([str(BIDWELL), "export", "evil", "--data", str(folder)], capture_output=True,
                              timeout=60, preexec_fn=without_much_memory)
    assert exported.returncode == 2
    assert "the game 'evil' cannot be opened: its file cannot be read: not a regular file (a link to a device)" in (
        exported.stderr.decode("utf-8"))


def test_import_of_a_named_pipe_says_it_is_not_a_regular_file_without_waiting_for_a_writer(data, tmp_path):
    folder, done, going = data
    os.mkfifo(tmp_path / "record.json")
    result = bidwell("import", tmp_path / "record.json", "--data", folder)
    assert result.returncode == 2
    assert "record.json: cannot read it: not a regular file (a named pipe)" in result.stderr.decode("utf-8")


def test_history_says_once_that_a_game_whose_files_were_deleted_is_gone_and_lists_it_no_more(data):
    folder, done, going = data
    for name in (f"{going}.json", f"{going}.json.bak"):
        (folder / "games" / name).unlink()
    first = bidwell("history", "--data", folder)
    assert first.returncode == 0
    assert going not in first.stdout.decode("utf-8") and done in first.stdout.decode("utf-8")
    assert f"The game {going} (さくら, Łucja, Zoë) is gone" in first.stderr.decode("utf-8")
    again = bidwell("history", "--data", folder)
    assert going not in again.stdout.decode("utf-8") + again.stderr.decode("utf-8")
