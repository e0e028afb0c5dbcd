"""The crash-safe file layer: whole-file replacement, last good copies, bad and newer files."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading

import pytest

from companion.store import files as storage
from companion.store.files import SCHEMA, Folder, NewerSchemaError, StorageError


@pytest.fixture
def folder(tmp_path):
    return Folder(tmp_path / "data")


def read(folder, name="games/one.json", kind="game"):
    with folder.database(name, kind=kind) as db:
        return db.table("actions").all()


def write(folder, docs, name="games/one.json", kind="game"):
    with folder.database(name, kind=kind) as db:
        table = db.table("actions")
        for doc in docs:
            table.insert(doc)


def test_a_write_replaces_the_file_whole_and_keeps_the_last_good_copy(folder):
    write(folder, [{"n": 1}])
    path = folder.path / "games/one.json"
    first = path.read_bytes()
    write(folder, [{"n": 2}])
    assert json.loads(path.with_name("one.json.bak").read_bytes()) == json.loads(first)
    assert [doc["n"] for doc in read(folder)] == [1, 2]
    assert json.loads(path.read_bytes())["bidwell"] == {"1": {"schema": SCHEMA, "kind": "game"}}
    assert not list(path.parent.glob("*.tmp"))


def test_names_are_stored_as_utf8_byte_for_byte(folder):
    names = ["Béla", "Łucja Gżegżółka", "さくら", "🦊‍🔥 Fox", "Ευτυχία", "Ярослав"]
    write(folder, [{"name": name} for name in names])
    raw = (folder.path / "games/one.json").read_bytes()
    for name in names:
        assert name.encode("utf-8") in raw
    assert [doc["name"] for doc in read(folder)] == names


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda raw: raw[: len(raw) // 2], "was not readable JSON"),
        (lambda raw: b"", "was empty"),
        (lambda raw: b"\x00\xff\xfegarbage", "was not UTF-8 text"),
        (lambda raw: b'{"_default": {"1": {"a": 1}}}', "was not a Bidwell file"),
        (lambda raw: b"[1, 2, 3]", "was not a Bidwell file"),
        (lambda raw: raw.replace(b'"kind":"game"', b'"kind":"index"'), "was not a Bidwell file"),
    ],
)
def test_a_bad_file_is_moved_aside_and_the_last_good_copy_restored(folder, damage, reason):
    write(folder, [{"n": 1}])
    write(folder, [{"n": 2}])
    path = folder.path / "games/one.json"
    bad = damage(path.read_bytes())
    path.write_bytes(bad)
    assert [doc["n"] for doc in read(folder)] == [1]
    moved = list(path.parent.glob("one.broken-*.json"))
    assert len(moved) == 1 and moved[0].read_bytes() == bad
    (notice,) = folder.notices
    assert reason in notice.text and str(moved[0]) in notice.text and "last good copy was restored" in notice.text
    assert [doc["n"] for doc in read(folder)] == [1]  # the restored copy is the file now


def test_a_bad_file_without_a_good_copy_is_still_moved_aside(folder):
    path = folder.path / "games/one.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    assert read(folder) == []
    assert "there was no good copy to restore" in folder.notices[0].text
    assert not path.exists() and len(list(path.parent.glob("one.broken-*.json"))) == 1


def test_a_missing_file_comes_back_from_its_last_good_copy(folder):
    write(folder, [{"n": 1}])
    write(folder, [{"n": 2}])
    (folder.path / "games/one.json").unlink()
    assert [doc["n"] for doc in read(folder)] == [1]
    assert "was missing" in folder.notices[0].text


def test_a_file_from_a_newer_bidwell_is_refused_and_left_alone(folder):
    write(folder, [{"n": 1}])
    path = folder.path / "games/one.json"
    data = json.loads(path.read_bytes())
    data["bidwell"]["1"]["schema"] = SCHEMA + 1
    newer = json.dumps(data).encode()
    path.write_bytes(newer)
    with pytest.raises(NewerSchemaError, match=f"newer Bidwell \\(schema {SCHEMA + 1}; this one reads up to {SCHEMA}\\)"):
        read(folder)
    with pytest.raises(NewerSchemaError):
        write(folder, [{"n": 2}])
    assert path.read_bytes() == newer
    assert not list(path.parent.glob("*.broken-*"))


def test_a_second_process_holding_the_lock_gets_a_clear_message(folder, monkeypatch):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys
                from filelock import FileLock
                with FileLock({str(folder.path / '.lock')!r}):
                    print("locked", flush=True)
                    sys.stdin.read()
                """
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(storage, "LOCK_WAIT_SECONDS", 0.2)
        waiting = Folder(folder.path)
        with pytest.raises(StorageError, match="another Bidwell has been writing to .* try again in a moment"):
            with waiting.writing():
                pass
    finally:
        holder.stdin.close()
        holder.wait(timeout=10)
    with Folder(folder.path).writing():
        pass


def test_a_notice_goes_to_whoever_met_the_repair_and_to_nobody_else(folder):
    from companion.store.files import collecting_notices

    for name in ("games/a.json", "games/b.json"):
        write(folder, [{"n": 1}], name=name)
        write(folder, [{"n": 2}], name=name)
        (folder.path / name).write_text("{ damaged", encoding="utf-8")
    heard: dict[str, list[str]] = {}
    both_inside = threading.Barrier(2)

    def session(name):
        with collecting_notices() as notices:
            both_inside.wait(timeout=10)  # both sessions collect at the same time
            read(folder, name=f"games/{name}.json")
            both_inside.wait(timeout=10)
        heard[name] = [n.text for n in notices]

    sessions = [threading.Thread(target=session, args=(name,)) for name in ("a", "b")]
    for thread in sessions:
        thread.start()
    for thread in sessions:
        thread.join()
    assert len(heard["a"]) == 1 and "a.json" in heard["a"][0] and "b.json" not in heard["a"][0]
    assert len(heard["b"]) == 1 and "b.json" in heard["b"][0]
    assert folder.notices == []  # nothing left over for a screen that did not cause it


def test_a_file_whose_tables_are_not_tinydbs_is_bad_and_its_last_good_copy_comes_back(folder):
    write(folder, [{"n": 1}], name="index/2026-11.json", kind="index")
    write(folder, [{"n": 2}], name="index/2026-11.json", kind="index")
    path = folder.path / "index/2026-11.json"
    data = json.loads(path.read_bytes())
    data["actions"]["x"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert [doc["n"] for doc in read(folder, name="index/2026-11.json", kind="index")] == [1]
    assert "had a table of the wrong shape" in folder.notices[0].text


def test_every_write_is_followed_by_the_after_write_call_even_one_that_failed(tmp_path):
    from companion.store.games import GameStore
    from scoring.game import Game

    calls: list[int] = []
    store = GameStore(tmp_path / "data", after_write=lambda: calls.append(1))
    calls.clear()  # opening may write (a repaired index)
    saved = store.start(Game.new("rage", ["Anna", "Béla"]))
    after_start = len(calls)
    assert after_start >= 1
    saved.bid(1, 3)
    assert len(calls) > after_start
    before = len(calls)
    with pytest.raises(RuntimeError), store.folder.writing():
        raise RuntimeError("a write that broke half way")
    assert len(calls) == before + 1


@pytest.mark.parametrize(("damage", "reason"), [(b"\x00\xff\xfegarbage", "was not UTF-8 text"),
                                               (b'{"_default": ', "was not readable JSON")])
def test_without_orjson_files_are_read_and_bad_ones_told_the_same(tmp_path, damage, reason):
    # Where the app runs in a browser there is no orjson: the standard reader reads alone.
    script = textwrap.dedent(f"""
        import sys
        sys.modules["orjson"] = None  # so that importing it fails
        from companion.store.files import Folder
        folder = Folder({str(tmp_path)!r})
        for n in (1, 2):
            with folder.database("games/one.json", kind="game") as db:
                db.table("actions").insert({{"n": n, "name": "Zoë"}})
        with folder.database("games/one.json", kind="game") as db:
            print([doc["n"] for doc in db.table("actions").all()], db.table("actions").all()[0]["name"])
        (folder.path / "games/one.json").write_bytes({damage!r})
        with folder.database("games/one.json", kind="game") as db:
            print([doc["n"] for doc in db.table("actions").all()])
        print(folder.notices[0].text)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    sound, restored, notice = result.stdout.splitlines()
    assert sound == "[1, 2] Zoë"
    assert restored == "[1]" and reason in notice and "last good copy was restored" in notice
