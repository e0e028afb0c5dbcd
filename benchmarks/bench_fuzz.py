"""Figures for the fuzz items of issues 8 and 24: mutated real records through ``score``, ``import`` and
``sheet --record``, and mutated game files (house rules) through ``schedule`` and ``sheet``.

Every input is a real record (a random legal game of any kind) or a shipped
game file, mutated as ``tests/fuzzing.py`` does; each command runs in this
process as ``bidwell`` would (a broken game file may exit 1, as a broken
installation does). Counted: inputs tried per command, tracebacks (any
exception escaping the command), exits other than 0 and 2, error output
that is not ``error:``/``note:`` lines, and the slowest run.

    .venv/bin/python benchmarks/bench_fuzz.py [--inputs N] [--seed S]
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzzing import (  # noqa: E402
    COMMANDS,
    check_outcome,
    mutated_game_files,
    mutated_records,
    try_command,
    try_game_file,
)
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=3000, help="inputs per command (default 3000)")
    parser.add_argument("--seed", type=int, default=8, help="random seed (default 8)")
    args = parser.parse_args()
    random.seed(args.seed)
    tried: collections.Counter[str] = collections.Counter()
    exits: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    problems: list[str] = []
    slowest: dict[str, float] = collections.defaultdict(float)

    for command in (*COMMANDS, "schedule (game file)", "sheet (game file)"):
        one = _fuzz(command, args, tried, exits, problems, slowest)
        began = time.perf_counter()
        one()
        print(f"{command:20} {tried[command]:6} inputs in {time.perf_counter() - began:6.1f} s; "
              f"exits {dict(sorted(exits[command].items()))}; slowest {slowest[command]:.2f} s", flush=True)

    tracebacks = sum(p.split("\n")[0].endswith("traceback") for p in problems)
    print(f"{'all':20} {sum(tried.values()):6} inputs; tracebacks {tracebacks}; other problems {len(problems) - tracebacks}; "
          f"slowest {max(slowest.values()):.2f} s (limit 5 s)")
    for problem in problems[:10]:
        print(problem)
    return 1 if problems or max(slowest.values()) > 5 else 0


def _fuzz(command, args, tried, exits, problems, slowest):  # noqa: ANN001, ANN202 - the counters of main()
    """A Hypothesis run of ``args.inputs`` mutated records (or game files) through ``command``, counting into
    main's tallies."""
    game_file = command.endswith("(game file)")

    @seed(args.seed)
    @settings(max_examples=args.inputs, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(mutated_game_files() if game_file else mutated_records())
    def one(data) -> None:  # noqa: ANN001 - a record's bytes, or a game file's name and bytes
            tried[command] += 1
            started = time.perf_counter()
            try:
                if game_file:
                    status, _, stderr = try_game_file(*data, command.split()[0])
                else:
                    status, _, stderr = try_command(command, data)
            except Exception:  # noqa: BLE001 - a traceback is what is being counted
                problems.append(f"{command}: traceback\n{traceback.format_exc(limit=3)}")
                return
            finally:
                slowest[command] = max(slowest[command], time.perf_counter() - started)
            exits[command][status] += 1
            try:
                check_outcome(command, status, stderr, refusals=(1, 2) if game_file else (2,))
            except AssertionError as error:
                problems.append(f"{command}: {error}")

    return one


if __name__ == "__main__":
    raise SystemExit(main())
