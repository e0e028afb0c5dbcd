"""``bidwell history``, ``export`` and ``import`` against a temporary data folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.history import GameStore
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
    assert lines[2].startswith(done) and "finished, winner Béla" in lines[2] and "2026-10-01 18:00" in lines[2]


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
        f"error: {mixed}: record 2: there is no game 'bridge'; the games are: herrlof, oh-hell, rage, rage-n-glyphs",
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
