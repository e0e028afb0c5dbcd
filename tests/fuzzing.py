"""Real game records, mutated the ways a hand-edited, cut-off or hostile file can be, and a runner for them.

Shared by ``tests/test_fuzz.py`` and ``benchmarks/bench_fuzz.py``. A record
starts as a real one (a random legal game of any kind, written by the
engine) and is then changed at the JSON level (a value replaced, removed or
added anywhere), at the text level (cut short, a byte changed, a number
made longer than Python reads), or both.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import strategies as st
from strategies import played_games

from companion.cli.main import main
from scoring.definitions import templates_dir
from scoring.record import record_from_game

HOSTILE_TEXT = [
    "", " ", "\x1b[2J\x1b[H", "Anna\x07", "B\u202eéla", "x" * 100_000, "\ud800", "Zoe\u0301", "🦊" * 41,
    "null", "-1", "1e999", "10", "rage", "oh-hell", "Anna",
    "0", "2026-02-30T10:00:00Z", "2026-13-45T25:61:00.000Z", "2026-11-25T18:00:00.000Z", "20261125-180000000-abcdef",
]

leaves = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 40), st.integers(), st.sampled_from([10**4000, -(10**4000), 2**63, -(2**63) - 1]),
    st.floats(allow_nan=False), st.sampled_from([float("inf"), float("-inf"), 1e-300, 0.5, 3.0]),
    st.text(max_size=20), st.sampled_from(HOSTILE_TEXT),
)
json_values = st.recursive(
    leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def deep(levels: int) -> list:
    """A list nested ``levels`` deep, built without recursion."""
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


containers = st.one_of(json_values, st.integers(60, 400).map(deep))


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    """The places in ``value`` (a parsed record) a mutation can reach: all of a record, the top of a deep list."""
    found = [path]
    if len(path) >= 8:
        return found
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*path, index))
    return found


def _at(value: object, path: tuple) -> object:
    for step in path:
        value = value[step]  # type: ignore[index]
    return value


@st.composite
def mutated_values(draw, record: dict) -> object:
    """``record`` with one to three values replaced, removed or added somewhere in it."""
    value = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        path = draw(st.sampled_from(paths))
        kind = draw(st.sampled_from(["replace", "remove", "add", "duplicate"]))
        if not path:
            if kind == "replace":
                value = draw(containers)
            continue
        parent = _at(value, path[:-1])
        step = path[-1]
        if kind == "replace":
            parent[step] = draw(containers)
        elif kind == "remove":
            del parent[step]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["format", "game", "options", "players", "first_dealer", "hands",
                                         "coin_flip", "bids", "tricks", "note", "x", "created", "id",
                                         "trump"]))] = draw(containers)
        elif kind == "add":
            parent.insert(step, draw(containers))
        elif isinstance(parent, list):
            parent.insert(step, parent[step])
    return value


@st.composite
def mutated_text(draw, text: str) -> bytes:
    """``text`` changed as a file can be: cut short, a byte changed or added, a number made over-long."""
    data = text.encode("utf-8", "surrogatepass")
    kind = draw(st.sampled_from(["cut", "byte", "insert", "long_number", "deep", "bom"]))
    if kind == "cut":
        return data[: draw(st.integers(0, max(0, len(data) - 1)))]
    if kind in ("byte", "insert") and data:
        at = draw(st.integers(0, len(data) - 1))
        byte = bytes([draw(st.integers(0, 255))])
        return data[:at] + byte + data[at + (kind == "byte"):]
    if kind == "long_number":
        digits = [i for i, b in enumerate(data) if chr(b).isdigit()]
        if digits:
            at = draw(st.sampled_from(digits))
            return data[:at] + b"7" * draw(st.integers(4300, 6000)) + data[at:]
    if kind == "deep" and data.endswith(b"}"):
        levels = draw(st.sampled_from([65, 900, 5000, 200_000]))
        return data[:-1] + b', "note": ' + b"[" * levels + b"]" * levels + b"}"
    return b"\xef\xbb\xbf" + data


@st.composite
def mutated_records(draw) -> bytes:
    """The bytes of a real record, mutated at the JSON level, the text level, or both."""
    record = record_from_game(draw(played_games(max_actions=60)))
    level = draw(st.sampled_from(["values", "text", "both"]))
    value = draw(mutated_values(record)) if level != "text" else record
    try:
        text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    except (RecursionError, ValueError):
        text = json.dumps(record)
    return draw(mutated_text(text)) if level != "values" else text.encode("utf-8", "surrogatepass")


GAME_FILES = ("_house-rules.toml", "herrlof.toml", "oh-hell.toml", "rage-n-glyphs.toml", "rage.toml", "skull-king.toml",
              "up-and-down-the-river.toml", "wizard.toml")


@st.composite
def mutated_game_files(draw) -> tuple[str, bytes]:
    """A shipped game file (or the house rules every game reads), changed as a hand-edited or hostile file can be:
    cut, a byte changed, a number made huge or over-long, nested deep, not UTF-8, or far too long."""
    name = draw(st.sampled_from(GAME_FILES))
    text = (templates_dir() / name).read_text(encoding="utf-8")
    numbers = [found for found in re.finditer(r"(?<![\w.])-?\d+(?![\w.])", text)]
    kind = draw(st.sampled_from(["cut", "byte", "insert", "number", "long_number", "deep", "latin1", "huge"]))
    if kind == "number" and numbers:
        found = draw(st.sampled_from(numbers))
        value = draw(st.sampled_from([10**18, -(10**18), 10**6 + 1, 1_001, -1, 0, 2**63, 10**400]))
        return name, (text[:found.start()] + str(value) + text[found.end():]).encode("utf-8")
    if kind == "long_number" and numbers:
        found = draw(st.sampled_from(numbers))
        return name, (text[:found.start()] + "7" * draw(st.integers(400, 6000)) + text[found.end():]).encode()
    if kind == "deep":
        levels = draw(st.sampled_from([65, 900, 5000, 100_000]))
        return name, (text + "\nnote = " + "[" * levels + "]" * levels + "\n").encode("utf-8")
    if kind == "latin1":
        return name, text.replace("=", "= \"\u00e1\" #", 1).encode("latin-1", "replace")
    if kind == "huge":
        return name, (text + "\n# " + "x" * draw(st.sampled_from([300_000, 5_000_000])) + "\n").encode("utf-8")
    return name, draw(mutated_text(text))


def try_game_file(name: str, data: bytes, command: str) -> tuple[int, str, str]:
    """Run ``bidwell schedule`` or ``bidwell sheet`` (blank) for a game, with the game file ``name`` (of a copy of
    the shipped ones) replaced by ``data``."""
    game = "rage" if name.startswith("_") else name.removesuffix(".toml")
    with tempfile.TemporaryDirectory() as folder:
        templates = Path(folder) / "templates"
        shutil.copytree(templates_dir(), templates)
        (templates / name).write_bytes(data)
        before = os.environ.get("BIDWELL_TEMPLATES")
        os.environ["BIDWELL_TEMPLATES"] = str(templates)
        try:
            if command == "schedule":
                return run_bidwell("schedule", "--game", game, "--players", "3")
            return run_bidwell("sheet", "--game", game, "--players", "3", "-o", str(Path(folder) / "sheet.pdf"))
        finally:
            if before is None:
                del os.environ["BIDWELL_TEMPLATES"]
            else:
                os.environ["BIDWELL_TEMPLATES"] = before


def run_bidwell(*args: str) -> tuple[int, str, str]:
    """Run ``bidwell ARGS`` in this process: (exit status, standard output, standard error).

    An exception that escapes the command (a traceback a user would see) is not caught.
    """
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8")
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8")
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = exit_.code
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()  # a wrapper closes its buffer when collected; the bytes are read below
        sys.stdout, sys.stderr = saved
    return status, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


COMMANDS = ("score", "import", "sheet")


def try_command(command: str, data: bytes) -> tuple[int, str, str]:
    """Run one of :data:`COMMANDS` on the record ``data`` in a fresh folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_bytes(data)
        if command == "score":
            return run_bidwell("score", str(path))
        if command == "import":
            return run_bidwell("import", "--data", str(Path(folder) / "data"), str(path))
        return run_bidwell("sheet", "--record", str(path), "-o", str(Path(folder) / "sheet.pdf"))


def check_outcome(command: str, status: int, stderr: str, *, refusals: tuple[int, ...] = (2,)) -> None:
    """What every run must show: exit 0 or one of ``refusals`` (2: bad input; 1 too where a game file is at fault,
    as for a broken installation), and on a refusal clear ``error:`` lines and no traceback."""
    assert status in (0, *refusals), (command, status, stderr[-2000:])
    assert "Traceback" not in stderr, stderr[-2000:]
    if status != 0:
        lines = stderr.splitlines()
        assert lines and all(line.startswith(("error: ", "note: ")) for line in lines), lines[:5]
        assert len(stderr) < 5000, stderr[:300]
