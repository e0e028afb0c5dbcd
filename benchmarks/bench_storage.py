"""Figures for storage (issue 3), with 10,000 finished games stored.

(a) The cost of saving one bid with 10,000 past games, next to an empty
    history (must be at most 1.2x).
(b) Opening the history and getting its first page of 50 games (must be
    under 150 ms).

The history is built once into --folder (reused on later runs): 3-10 players,
9-31 hands, some Unicode names, started over four years, imported as records
through the engine. Run from the checkout:

    .venv/bin/python benchmarks/bench_storage.py [--games 10000] [--bids 200] [--folder DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.store.games import GameStore
from scoring.definitions import rules_for
from scoring.game import Game
from scoring.state import Phase

NAMES = ["Anna", "Béla", "Łucja", "Zoë", "さくら", "Ödön", "Gżegżółka", "Ярослав", "Ευτυχία", "Jürgen", "Ingrid",
         "Tomás", "Noor", "Kenji", "Marta", "🦊 Fox", "Olivér", "Szilvia", "Piotr", "Hanne"]
GAMES = [("rage-n-glyphs", 3, 10), ("oh-hell", 3, 7), ("rage", 3, 10)]


def random_record(chance: random.Random, number: int) -> dict:
    """A finished game played at random but by the rules (the hook included)."""
    game_id, low, high = chance.choice(GAMES)
    players = chance.randint(low, high)
    rules = rules_for(game_id, players)
    hands = []
    for index, cards in enumerate(rules.hand_sizes):
        bids = [chance.randint(0, min(cards, 3)) for _ in range(players)]
        dealer = rules.dealer(index, 0)
        if rules.hook and sum(bids) == cards:
            bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
        winners = [chance.randrange(players) for _ in range(cards)]
        hands.append({"bids": bids, "tricks": [winners.count(seat) for seat in range(players)]})
    start = 1_700_000_000 + number * 12_000  # four years and a half of evenings
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start))
    names = chance.sample(NAMES, players)
    return {"format": 1, "game": game_id, "players": names, "hands": hands, "created": created}


def build(folder: Path, games: int) -> GameStore:
    store = GameStore(folder)
    have = sum(1 for _ in (folder / "games").glob("*.json"))
    if have >= games:
        return store
    chance = random.Random(2026)
    records = [random_record(chance, n) for n in range(games)]
    started = time.perf_counter()
    for batch in range(0, games, 500):
        report = store.import_records((f"game {n}", r) for n, r in enumerate(records[batch:batch + 500]))
        assert not report.refused, report.refused[:3]
    print(f"built {games} games in {folder} in {time.perf_counter() - started:.0f} s")
    return store


def time_bids(stores: dict[str, GameStore], bids: int) -> dict[str, list[float]]:
    """Alternate one bid in each store, so both see the same disk and the same noise."""
    games = {name: store.start(Game.new("rage-n-glyphs", NAMES[:10])) for name, store in stores.items()}
    times: dict[str, list[float]] = {name: [] for name in stores}
    while len(times[next(iter(times))]) < bids:
        for name, saved in games.items():
            state = saved.state
            if state.phase is Phase.PLAYING:
                saved.record_tricks([state.current.cards] + [0] * 9)
                state = saved.state
            if state.finished:
                saved = games[name] = stores[name].start(Game.new("rage-n-glyphs", NAMES[:10]))
                state = saved.state
            started = time.perf_counter()
            saved.bid(state.next_bidder, state.allowed_bids[0])
            times[name].append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--bids", type=int, default=200)
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "bidwell-bench-history")
    args = parser.parse_args()
    full = build(args.folder, args.games)
    with tempfile.TemporaryDirectory() as empty_folder:
        times = time_bids({"empty": GameStore(empty_folder), "full": full}, args.bids)
    empty, stored = statistics.median(times["empty"]), statistics.median(times["full"])
    print(f"(a) save one bid, empty history:      median {empty * 1000:.2f} ms ({args.bids} bids)")
    print(f"    save one bid, {args.games} games stored: median {stored * 1000:.2f} ms ({args.bids} bids)")
    print(f"    ratio: {stored / empty:.2f} (must be at most 1.2)")
    opened = []
    for _ in range(10):
        started = time.perf_counter()
        page = GameStore(args.folder).history(page=1, per_page=50)
        opened.append(time.perf_counter() - started)
    assert len(page.items) == 50
    print(f"(b) open the history, first page of 50: first {opened[0] * 1000:.1f} ms, "
          f"median {statistics.median(opened) * 1000:.1f} ms (must be under 150 ms)")
    started = time.perf_counter()
    found = GameStore(args.folder).history(page=1, per_page=50, player="lucja")
    print(f"    for comparison, a player filter that reads every month: {(time.perf_counter() - started) * 1000:.1f} ms "
          f"({len(found.items)} games on its first page)")


if __name__ == "__main__":
    main()
