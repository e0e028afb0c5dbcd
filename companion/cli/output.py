"""What the command line prints: one ``error:`` line on standard error for bad input (then exit 2), notes on
standard error, and JSON on standard output; and the input it reads. Every command's module says it through
here. Light on purpose: ``bidwell score`` loads it."""

from __future__ import annotations

import json
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)

from scoring.files import open_regular
from scoring.i18n.engine import render
from scoring.record import MAX_BYTES
from scoring.text import escaped, json_escaped

if TYPE_CHECKING:
    from typing import NoReturn

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


def fail(text: str, status: int = EXIT_BAD_INPUT) -> NoReturn:
    """Say ``text`` as one ``error:`` line (in the language in use) on standard error and exit with ``status``."""
    say(render("cli.error", {"text": " ".join(str(text).split())}))
    raise SystemExit(status)


def say(line: str) -> None:
    """Write one line to standard error, any control character in it escaped so a name cannot drive the terminal."""
    sys.stderr.write(escaped(line) + "\n")
    sys.stderr.flush()


def read_input(path: str) -> bytes:
    """The bytes of file ``path`` (``-``: standard input), at most one byte past the largest record (a longer
    file is refused by :func:`~scoring.record.parse_record` without being read whole); one ``error:`` line and
    exit 2 if it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(MAX_BYTES + 1)
        with open_regular(path) as file:
            return file.read(MAX_BYTES + 1)
    except OSError as error:
        fail(render("cli.read", {"path": path, "detail": error.strerror or error}))


def to_json(value: object, indent: str = "") -> str:
    """JSON for people and programs alike: objects and lists of objects one item a line, the rest inline.

    >>> print(to_json({"a": [1, 2], "b": [{"c": 3}]}))
    {
      "a": [1, 2],
      "b": [
        {"c": 3}
      ]
    }
    """
    inner = indent + "  "
    if isinstance(value, dict) and indent == "" or isinstance(value, list) and any(
        isinstance(item, (dict, list)) for item in value
    ):
        if isinstance(value, dict):
            items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {to_json(v, inner)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        items = [inner + to_json(item, inner) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def print_json(value: object) -> None:
    """Write ``value`` as :func:`to_json` lays it out on standard output; a reader that went away is no error."""
    text = json_escaped(to_json(value)) + "\n"
    try:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
    except BrokenPipeError:
        pass
