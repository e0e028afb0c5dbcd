"""Figures for issue 8: nothing lost, nothing hidden, no traceback.

(1) Kills: writers are SIGKILLed at random moments while they save, and the
    folder is opened again after each kill. Half the rounds have one writer
    playing games through; half have two writers on one game, undoing and
    bidding again over each other. Counted: acknowledged actions lost, logs
    on disk that do not replay, games missing from the history, temporary
    files left after the next open.
(2) Kills between a game write and its index write (finish, un-finish and a
    correction of a finished game): games listed wrongly after the next open.
(3) Damaged files: game files, their last good copies and index files cut,
    flipped, reshaped, replaced by folders or by a newer Bidwell's, one
    scenario a fresh folder of three games. Counted: games hidden from the
    history (a game of which something is left on disk, but which is not
    listed), and uncaught exceptions (tracebacks) while opening, listing,
    opening every game, exporting everything and starting a new game. The
    folder of a scenario that hides a game is kept as hidden-N in the
    temporary folder, for a person to look at.

Run from the checkout:

    .venv/bin/python benchmarks/bench_hardening.py [--kills 2000] [--index-kills 60] [--damage 600]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from companion.store.files import NewerSchemaError, StorageError
from companion.store.games import GameStore
from scoring.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
# The crash test's own writers: what the test checks a few times, this counts thousands of times.
from test_crash import KILLED_AT_THE_INDEX, TWO_WRITERS, WRITER  # noqa: E402


def leftovers(folder: Path) -> int:
    return sum(1 for p in folder.rglob("*") if p.name.endswith((".tmp", ".bak.new")))


def kills(rounds: int, chance: random.Random) -> dict[str, int]:
    """Kill writers at random moments; see (1) in the module's text."""
    totals = {"kills": 0, "acknowledged": 0, "lost": 0, "not replaying": 0, "hidden": 0, "temp left": 0,
              "temp before reopen": 0, "conflicts": 0, "busy": 0}
    with tempfile.TemporaryDirectory() as scratch:
        single, shared = Path(scratch) / "single", Path(scratch) / "shared"
        acknowledged: dict[str, int] = {}
        shared_id = GameStore(shared).start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"])).id
        revisions: dict[int, str] = {}
        for number in range(rounds):
            if number % 2 == 0:
                writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(single)], stdout=subprocess.PIPE,
                                            text=True)]
                folder = single
            else:
                writers = [subprocess.Popen([sys.executable, "-c", TWO_WRITERS, str(shared), shared_id,
                                             str(number * 2 + n)], stdout=subprocess.PIPE, text=True)
                           for n in range(2)]
                folder = shared
            lines: list[str] = []
            for _ in range(chance.randint(1, 40)):
                for writer in writers:
                    lines.append(writer.stdout.readline())
            for writer in writers:
                writer.send_signal(signal.SIGKILL)
                totals["kills"] += 1
            for writer in writers:
                writer.wait()
                lines += writer.stdout.read().splitlines()
            for line in lines:
                parts = line.split()
                if parts == ["conflict"]:
                    totals["conflicts"] += 1
                elif parts == ["busy"]:
                    totals["busy"] += 1
                elif folder is single and len(parts) == 2 and parts[1].isdigit():
                    acknowledged[parts[0]] = int(parts[1])
                    totals["acknowledged"] += 1
                elif folder is shared and len(parts) == 3 and parts[0] == "saved" and len(parts[2]) == 64:
                    revisions[int(parts[1])] = parts[2]
                    totals["acknowledged"] += 1
                # anything else is a line the kill cut short, which acknowledges nothing
            totals["temp before reopen"] += leftovers(folder)
            store = GameStore(folder)
            totals["temp left"] += leftovers(folder)
            listed = {s.id for s in store.history(per_page=100_000).items}
            if folder is single:
                for game_id, length in acknowledged.items():
                    saved = store.open(game_id)
                    totals["not replaying"] += saved.damage is not None
                    totals["lost"] += max(0, length - len(saved.game.log))
                    totals["hidden"] += game_id not in listed
            else:
                saved = store.open(shared_id)
                totals["not replaying"] += saved.damage is not None
                totals["hidden"] += shared_id not in listed
                newest = max(revisions, default=0)
                if saved.revision < newest:
                    totals["lost"] += newest - saved.revision
                elif saved.revision == newest and revisions:
                    digest = hashlib.sha256(json.dumps(saved.actions, sort_keys=True).encode()).hexdigest()
                    totals["lost"] += digest != revisions[newest]
            if (number + 1) % 100 == 0:
                print(f"    ... {number + 1} rounds, {totals['kills']} kills", flush=True)
    return totals


def index_kills(rounds: int) -> dict[str, int]:
    """Kill a writer between a game write and its index write; see (2) in the module's text."""
    wrong = 0
    with tempfile.TemporaryDirectory() as scratch:
        for number in range(rounds):
            change = ("finish", "unfinish", "correction")[number % 3]
            folder = Path(scratch) / str(number)
            store = GameStore(folder)
            saved = store.start(Game.new("herrlof", ["Anna", "Béla"]))
            for hand in range(2):
                for seat in saved.state.current.bidding_order:
                    saved.bid(seat, 15 if seat == 0 else 0)
                if hand == 0 or change != "finish":
                    saved.record_tricks([15, 0])
            subprocess.run([sys.executable, "-c", KILLED_AT_THE_INDEX, str(folder), saved.id, change], check=False)
            fresh = GameStore(folder)
            truth = fresh.open(saved.id).state
            (line,) = fresh.history().items
            winners = tuple(fresh.open(saved.id).game.name(s) for s in truth.winners) if truth.finished else ()
            wrong += (line.finished, line.winners, line.hands_played) != (truth.finished, winners,
                                                                         len(truth.scored_hands))
    return {"kills at the index write": rounds, "listed wrongly": wrong}


def three_games(folder: Path) -> list[str]:
    store = GameStore(folder)
    done = store.start(Game.new("herrlof", ["Zoë", "Ödön"]))
    for _ in range(2):
        for seat in done.state.current.bidding_order:
            done.bid(seat, 15 if seat == 0 else 0)
        done.record_tricks([15, 0])
    going = store.start(Game.new("oh-hell", ["Anna", "Béla", "Csilla"]))
    going.bid(1, 3)
    going.bid(2, 3)
    rage = store.start(Game.new("rage", ["Łucja", "さくら"]))
    rage.bid(1, 4)
    return [done.id, going.id, rage.id]


def _json_damage(chance: random.Random, data: dict) -> None:
    """Reshape a game file's tables as a bug or a person with an editor might."""
    actions = data.setdefault("actions", {})
    keys = list(actions) or ["1"]
    key = chance.choice(keys)
    kind = chance.randrange(10)
    junk = chance.choice([7, "seven", None, [], [1, 2], {}, {"action": 5}, {"action": {"action": "shout"}},
                          {"action": {"action": "bid", "player": 9, "bid": 1}},
                          {"action": {"action": "bid", "player": 0, "bid": 10 ** 30}}, True, -1.5])
    if kind == 0:
        actions[key] = junk
    elif kind == 1:
        actions[chance.choice(["x", "-1", "1.5", "", "٣"])] = actions.pop(key)
    elif kind == 2:
        data["actions"] = junk
    elif kind == 3:
        data["bidwell"] = chance.choice([junk, {"1": {"schema": 99, "kind": "game"}}, {"1": {"kind": "game"}}])
    elif kind == 4:
        data["game"] = junk
    elif kind == 5 and isinstance(actions.get(key), dict):
        actions[key]["action"] = junk
    elif kind == 6:
        actions[str(len(actions) + chance.randint(1, 3))] = junk
    elif kind == 7 and isinstance(actions.get("1"), dict) and isinstance(actions["1"].get("action"), dict):
        actions["1"]["action"]["players"] = chance.choice([[], ["A", "A"], "Anna", [1, 2], ["x" * 50, "y"]])
    elif kind == 8:
        data.pop(chance.choice(list(data)), None)
    else:
        actions.clear()


def damage_one(chance: random.Random, folder: Path, ids: list[str]) -> str:
    """Damage one or two files of the folder at random; returns what was done."""
    target = chance.choice(ids)
    game = folder / "games" / f"{target}.json"
    backup = game.with_name(game.name + ".bak")
    months = sorted((folder / "index").glob("*.json"))
    how = chance.randrange(9)
    victims = [game] + ([backup] if chance.random() < 0.5 and backup.exists() else [])
    if how == 0:
        for path in victims:
            raw = path.read_bytes()
            path.write_bytes(raw[: chance.randrange(len(raw))])
        return "game file cut short"
    if how == 1:
        for path in victims:
            raw = bytearray(path.read_bytes())
            for _ in range(chance.randint(1, 8)):
                raw[chance.randrange(len(raw))] = chance.randrange(256)
            path.write_bytes(bytes(raw))
        return "bytes flipped"
    if how == 2:
        for path in victims:
            data = json.loads(path.read_text(encoding="utf-8"))
            _json_damage(chance, data)
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return "tables reshaped"
    if how == 3:
        for path in victims:
            path.unlink()
        if chance.random() < 0.5:
            game.mkdir()
        return "a folder for the file" if game.exists() else "file deleted"
    if how == 4:
        for month in months:
            month.write_text(chance.choice(["", "{", "[1]", '{"games": 5}', '{"games": {"1": 7}}']), encoding="utf-8")
            if chance.random() < 0.5:
                month.with_name(month.name + ".bak").write_text("also broken", encoding="utf-8")
        return "index damaged"
    if how == 5:
        for month in months:
            month.unlink()
            month.with_name(month.name + ".bak").unlink(missing_ok=True)
            if chance.random() < 0.3:
                month.mkdir()
        return "index lost"
    if how == 6:
        for month in months:
            data = json.loads(month.read_text(encoding="utf-8"))
            for doc in data.get("games", {}).values():
                doc[chance.choice(["finished", "players", "winners", "created", "id"])] = chance.choice(
                    [None, 5, "x", [], True])
            month.write_text(json.dumps(data), encoding="utf-8")
        return "index entries reshaped"
    if how == 7:
        data = json.loads(game.read_text(encoding="utf-8"))
        data["bidwell"]["1"]["schema"] = 2
        game.write_text(json.dumps(data), encoding="utf-8")
        return "game from a newer Bidwell"
    (game.parent / f".{game.name}.999.1.tmp").write_text("half", encoding="utf-8")
    return "leftover temporary file"


def has_trace(folder: Path, game_id: str) -> bool:
    """Whether anything of a game is left to list: a file or copy of it, or an index entry naming it."""
    if any((folder / "games").glob(f"{game_id}.*")):
        return True
    return any(game_id in p.read_text(encoding="utf-8", errors="replace")
               for p in (folder / "index").glob("*") if p.is_file())


def damaged_files(scenarios: int, chance: random.Random) -> dict[str, int]:
    """See (3) in the module's text."""
    totals = {"scenarios": 0, "games hidden": 0, "tracebacks": 0, "refused whole (newer index)": 0}
    kinds: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        template = Path(scratch) / "template"
        ids = three_games(template)
        for number in range(scenarios):
            folder = Path(scratch) / f"s{number}"
            shutil.copytree(template, folder)
            applied = []
            for _ in range(chance.randint(1, 2)):
                try:
                    what = damage_one(chance, folder, ids)
                except (OSError, ValueError, AttributeError, TypeError, KeyError):  # nothing left to damage that way
                    continue
                kinds[what] = kinds.get(what, 0) + 1
                applied.append(what)
            totals["scenarios"] += 1
            try:
                store = GameStore(folder)
                listed = {s.id for s in store.history().items}
                hidden = {game_id for game_id in ids if has_trace(folder, game_id)} - listed
                totals["games hidden"] += len(hidden)
                if hidden:
                    print(f"--- scenario {number} ({', '.join(applied)}) hid {sorted(hidden)}", file=sys.stderr)
                    shutil.copytree(folder, Path(tempfile.gettempdir()) / f"hidden-{number}", dirs_exist_ok=True)
                for game_id in listed:
                    try:
                        store.open(game_id).record()
                    except StorageError:
                        pass
                store.export_all()
                store.unfinished()
                store.player_names()
                GameStore(folder).start(Game.new("rage", ["Anna", "Béla"]))
            except NewerSchemaError:
                totals["refused whole (newer index)"] += 1
            except Exception:  # noqa: BLE001 - what is being counted
                totals["tracebacks"] += 1
                print(f"--- scenario {number}: {traceback.format_exc()}", file=sys.stderr)
            shutil.rmtree(folder, ignore_errors=True)
    print("    damage done: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=2000, help="kill rounds (two writers are killed in half of them)")
    parser.add_argument("--index-kills", type=int, default=60)
    parser.add_argument("--damage", type=int, default=600)
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    chance = random.Random(args.seed)
    started = time.perf_counter()
    print("(3) damaged files")
    print("    " + ", ".join(f"{k}: {v}" for k, v in damaged_files(args.damage, chance).items()), flush=True)
    print("(2) kills between the game write and the index write")
    print("    " + ", ".join(f"{k}: {v}" for k, v in index_kills(args.index_kills).items()), flush=True)
    print("(1) kills while saving")
    print("    " + ", ".join(f"{k}: {v}" for k, v in kills(args.kills, chance).items()), flush=True)
    print(f"in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
