"""A history of many games made quickly from bench_storage's: its finished games copied again and again, each copy
started later (as bench_storage's generator starts game n at 1,700,000,000 s + n x 12,000 s), with index entries
and files of its own, written as the store writes them.

Building 100,000 games through the engine (bench_storage.build) takes hours on a busy two-core machine; the
copies are as many games, months and files as the generator's would be, with the first 10,000 games' hands
repeated. Run from the checkout:

    .venv/bin/python benchmarks/history_clone.py --from /tmp/bidwell-bench-history --games 100000 \\
        --to /tmp/bidwell-bench-history-100k
"""

from __future__ import annotations

import argparse
import calendar
import json
import os
import time
from pathlib import Path

from companion.store.game_files import signature
from companion.store.index import month_of

STEP = 12_000
"""Seconds between two games' starts, as in bench_storage."""


def shifted(created: str, seconds: int) -> str:
    """``created`` (ISO 8601, UTC) moved on by ``seconds``."""
    moment = calendar.timegm(time.strptime(created[:19], "%Y-%m-%dT%H:%M:%S")) + seconds
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(moment)) + created[19:]


def clone(source: Path, target: Path, games: int) -> None:
    entries = []
    for path in sorted((source / "index").glob("????-??.json")):
        entries += [doc for doc in json.loads(path.read_bytes())["games"].values() if doc.get("finished")]
    entries.sort(key=lambda doc: doc["created"])
    (target / "games").mkdir(parents=True, mode=0o700)
    (target / "index").mkdir(mode=0o700)
    months: dict[str, list[dict]] = {}
    for number in range(games):
        copy, original = divmod(number, len(entries))
        doc = dict(entries[original])
        seconds = copy * len(entries) * STEP
        game_id = doc["id"] if copy == 0 else f"{doc['id']}-{copy}"
        data = json.loads((source / "games" / f"{doc['id']}.json").read_bytes())
        for action in data["actions"].values():
            action["at"] = shifted(action["at"], seconds)
        path = target / "games" / f"{game_id}.json"
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        doc.update(id=game_id, created=shifted(doc["created"], seconds), file=signature(path))
        months.setdefault(month_of(doc["created"]), []).append(doc)
    for month, docs in months.items():
        tables = {"games": {str(n): doc for n, doc in enumerate(docs, start=1)},
                  "bidwell": {"1": {"schema": 1, "kind": "index"}}}
        with open(os.open(target / "index" / f"{month}.json", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
                  "wb") as file:
            file.write(json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    print(f"{games} games in {len(months)} months written to {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", type=Path, required=True)
    parser.add_argument("--to", dest="target", type=Path, required=True)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    clone(args.source, args.target, args.games)


if __name__ == "__main__":
    main()
