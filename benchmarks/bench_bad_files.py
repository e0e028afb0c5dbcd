"""Figures for issue 24, item 6: the bad files the issue names, each through the real ``bidwell`` command.

Each case is run as its own process under ``/usr/bin/time``; printed are
its exit status, wall time, peak memory (maximum resident set size) and the
first line it says. The cases: records of 50 MB (zeros; an array of
records; one record with a 50 MB unread key) through ``score``, ``import``
and ``sheet --record``; game files with ``cards = 10**18``, a 400-digit
number, 100,000-deep nesting, Latin-1 text and a 5 MB comment through
``schedule``.

    .venv/bin/python benchmarks/bench_bad_files.py
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from scoring.definitions import templates_dir

BIDWELL = Path(sys.executable).with_name("bidwell")
RECORD = {"format": 1, "game": "rage", "players": ["Anna", "Béla", "Csilla"], "first_dealer": 0,
          "hands": [{"bids": [10, 0, 0], "tricks": [10, 0, 0]}]}


def measured(args: list[str], env: dict[str, str] | None = None) -> tuple[int, float, int, str]:
    """(exit status, seconds, peak MB, first line of standard error) of ``bidwell ARGS``."""
    with tempfile.NamedTemporaryFile("r") as report:
        done = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%e %M", str(BIDWELL), *args],
                              capture_output=True, text=True, env=env, timeout=600)
        seconds, kilobytes = report.read().split()[-2:]
    said = (done.stderr.strip().splitlines() or [""])[0]
    return done.returncode, float(seconds), int(kilobytes) // 1024, said


def main() -> int:
    import os

    worst = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        records = {
            "50 MB of zeros": b"[" + b"0," * 25_000_000 + b"0]",
            "50 MB array of records": ("[" + ",".join([json.dumps(RECORD)] * 270_000) + "]").encode(),
            "a record with a 50 MB unread key": json.dumps({**RECORD, "note": "x" * 50_000_000}).encode(),
        }
        print(f"{'case':40} {'command':8} exit  seconds  peak MB  says")
        for name, data in records.items():
            path = folder / "record.json"
            path.write_bytes(data)
            for command, args in (("score", ["score", str(path)]),
                                  ("import", ["import", "--data", str(folder / "data"), str(path)]),
                                  ("sheet", ["sheet", "--record", str(path), "-o", str(folder / "s.pdf")])):
                status, seconds, peak, said = measured(args)
                worst = max(worst, peak)
                print(f"{name:40} {command:8} {status:4} {seconds:8.2f} {peak:8} {said[:90]}")
        shipped = (templates_dir() / "rage.toml").read_text(encoding="utf-8")
        files = {
            "cards = 10**18": re.sub(r"(?m)^cards = .*", "cards = " + str(10**18), shipped, count=1).encode(),
            "a 400-digit number": re.sub(r"(?m)^cards = .*", "cards = " + "7" * 400, shipped, count=1).encode(),
            "100,000-deep nesting": (shipped + "\nnote = " + "[" * 100_000 + "]" * 100_000 + "\n").encode(),
            "Latin-1, not UTF-8": shipped.replace('name = "Rage"', 'name = "Rágé"').encode("latin-1"),
            "a 5 MB comment": (shipped + "\n# " + "x" * 5_000_000 + "\n").encode(),
        }
        for name, data in files.items():
            templates = folder / "templates"
            shutil.rmtree(templates, ignore_errors=True)
            shutil.copytree(templates_dir(), templates)
            (templates / "rage.toml").write_bytes(data)
            env = {**os.environ, "BIDWELL_TEMPLATES": str(templates)}
            status, seconds, peak, said = measured(["schedule", "--game", "rage", "--players", "3"], env)
            worst = max(worst, peak)
            print(f"{name:40} {'schedule':8} {status:4} {seconds:8.2f} {peak:8} {said[:90]}")
    print(f"largest peak: {worst} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
