"""What the store costs per table tap (issue 44, item 6), next to the floor of any crash-safe save.

Every bid and every hand's trick count of whole games is saved through
:class:`SavedGame` (so through :meth:`GameStore.append`), and after each tap
the same game file is written once more by the floor: the bytes the store
wrote, to a temporary file that is fsynced, renamed over the old one, and the
folder fsynced. Nothing crash-safe can cost less per tap; the store's time
above it is its own work (checking, replaying, the index, the last good copy).
The two are interleaved tap by tap, so both see the same disk and the same
noise. Two games: Oh Hell for 5 players (19 hands, 114 taps) and Rage for 10
(10 hands of 10 bids, the longest log of the built-in games per hand).

Each tap is chosen from the game's state before it is timed (a screen has drawn that state already), so the
time is the store's call alone. Then one Oh Hell game's taps are profiled, and the top functions shown per tap.
The script runs the store of its own checkout: copy it into another checkout to time that one.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_store_taps.py [--rounds 3] [--folder DIR]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.store.files import META_TABLE, SCHEMA  # noqa: E402
from companion.store.games import GameStore, SavedGame  # noqa: E402
from scoring.game import Game  # noqa: E402
from scoring.state import Phase  # noqa: E402

GAMES = {"Oh Hell, 5 players": ("oh-hell", 5), "Rage, 10 players": ("rage", 10)}
NAMES = ["Anna", "Béla", "Csilla", "Dóra", "Emil", "Ferenc", "Gizella", "Hédi", "Imre", "Judit"]


def next_tap(saved: SavedGame, chance: random.Random) -> Callable[[], object]:
    """The scorekeeper's next tap: the next bid, or the tricks of a hand in play (which scores it). It is chosen
    from the state, as a screen draws it, before the tap is timed: the store's work is the call alone."""
    state = saved.state
    if state.phase is Phase.BIDDING:
        player, bid = state.next_bidder, chance.choice(state.allowed_bids)
        return lambda: saved.bid(player, bid)
    seats = len(saved.game.players)
    tricks = [0] * seats
    for _ in range(state.current.cards):
        tricks[chance.randrange(seats)] += 1
    return lambda: saved.record_tricks(tricks)


class Floor:
    """The cheapest crash-safe save of a game file: written whole beside it, fsynced, renamed, the folder fsynced."""

    def __init__(self, folder: Path):
        self.path = folder / "floor.json"
        self.folder = folder

    def write(self, saved: SavedGame) -> tuple[float, float]:
        """Write the file ``saved`` is, as the store writes it; the seconds it took, and the processor's seconds."""
        tables = {"actions": {str(n): doc for n, doc in enumerate(saved.actions, start=1)},
                  "game": {"1": {"revision": saved.revision}}, META_TABLE: {"1": {"schema": SCHEMA, "kind": "game"}}}
        started, computed = time.perf_counter(), time.thread_time()
        text = json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        temporary = self.path.with_name(".floor.json.tmp")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path)
        descriptor = os.open(self.folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        return time.perf_counter() - started, time.thread_time() - computed


Times = dict[str, list[float]]


def play(store: GameStore, floor: Floor, game: str, players: int, seed: int, times: Times) -> None:
    """One whole game, tap by tap: into ``times``, each tap's seconds through the store and the processor's
    seconds for it (the disk's waits left out, which a busy machine makes noisy), and the floor's for the same
    file."""
    saved = store.start(Game.new(game, NAMES[:players]))
    chance = random.Random(seed)
    while not saved.state.finished:
        tap = next_tap(saved, chance)
        started, computed = time.perf_counter(), time.thread_time()
        tap()
        times["store"].append(time.perf_counter() - started)
        times["store cpu"].append(time.thread_time() - computed)
        floor_times = floor.write(saved)
        times["floor"].append(floor_times[0])
        times["floor cpu"].append(floor_times[1])


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"median {statistics.median(ordered) * 1000:6.2f} ms  p90 {p90 * 1000:6.2f} ms"


def profile(store: GameStore, game: str, players: int) -> None:
    """Profile one whole game's taps; print the top functions, per tap."""
    saved = store.start(Game.new(game, NAMES[:players]))
    chance = random.Random(7)
    taps = 0
    profiler = cProfile.Profile()
    while not saved.state.finished:
        tap = next_tap(saved, chance)
        profiler.enable()
        tap()
        profiler.disable()
        taps += 1
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]

    def show(title: str, key: Callable[[tuple], float]) -> None:
        print(f"  {title} (µs per tap over {taps} taps; calls per tap):")
        for (path, line, name), row in sorted(stats.items(), key=lambda item: key(item[1]), reverse=True)[:14]:
            where = f"{Path(path).parent.name}/{Path(path).name}:{line}" if line else path
            print(f"    {key(row) / taps * 1e6:9.1f}  {row[1] / taps:7.1f}  {name}  ({where})")

    show("top by own time", lambda row: row[2])
    show("top by cumulative time", lambda row: row[3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="games of each kind played (default 3)")
    parser.add_argument("--folder", type=Path, default=None, help="where to make the data folder (default: a temp)")
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.folder) as where:
        store = GameStore(Path(where) / "data")
        floor_folder = Path(where) / "floor"
        floor_folder.mkdir()
        floor = Floor(floor_folder)
        print(f"load average before: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
        for label, (game, players) in GAMES.items():
            times: Times = {"store": [], "store cpu": [], "floor": [], "floor cpu": []}
            for round_ in range(args.rounds):
                play(store, floor, game, players, round_, times)
            print(f"{label}: {len(times['store'])} taps ({args.rounds} games)")
            for what in ("store", "floor"):
                print(f"  {what + ':':<7} {figures(times[what])}   cpu {figures(times[what + ' cpu'])}")
            ratio = statistics.median(times["store"]) / statistics.median(times["floor"])
            cpu_ratio = statistics.median(times["store cpu"]) / statistics.median(times["floor cpu"])
            print(f"  store/floor (medians): {ratio:.2f}, cpu {cpu_ratio:.2f}")
            extra = [taken - floored for taken, floored in zip(times["store"], times["floor"], strict=True)]
            print(f"  store above the floor, tap by tap: median {statistics.median(extra) * 1000:.2f} ms")
        print(f"load average after:  {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
        if not args.no_profile:
            print("profile of one Oh Hell game (5 players):")
            profile(store, "oh-hell", 5)


if __name__ == "__main__":
    main()
