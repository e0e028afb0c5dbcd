"""Would plain dataclasses cost ``bidwell score`` more than 2 ms? (issue 25, item 5)

``scoring`` declares its value classes with :func:`scoring.frozen.frozen` rather than
``@dataclass(frozen=True, slots=True)``. This measures, each in a fresh
interpreter (median of ``--runs``):

1. importing :mod:`dataclasses` (which ``bidwell score`` would then load);
2. declaring the engine's frozen classes both ways: every ``@frozen`` class of
   ``scoring/`` re-declared with ``@dataclass(frozen=True, slots=True)``, and
   with ``@frozen``.

Run from the checkout:

    .venv/bin/python benchmarks/bench_frozen.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

DECLARE = r"""
import ast, pathlib, time, sys
mode = sys.argv[1]
sources = []
for path in sorted(pathlib.Path("scoring").glob("*.py")):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(getattr(d, "id", None) == "frozen" for d in node.decorator_list):
            fields = [f"    {n.target.id}: object" for n in node.body if isinstance(n, ast.AnnAssign)]
            sources.append(f"class {node.name}:\n" + ("\n".join(fields) or "    pass"))
start = time.perf_counter()
if mode == "dataclass":
    from dataclasses import dataclass
    decorate = dataclass(frozen=True, slots=True)
else:
    from scoring.frozen import frozen as decorate
for source in sources:
    space = {}
    exec(compile(source, "<engine class>", "exec"), space)
    decorate(next(value for value in space.values() if isinstance(value, type)))
print(len(sources), (time.perf_counter() - start) * 1000)
"""


def once(mode: str) -> tuple[int, float]:
    done = subprocess.run([sys.executable, "-c", DECLARE, mode], capture_output=True, text=True, check=True)
    count, millis = done.stdout.split()
    return int(count), float(millis)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    for mode in ("dataclass", "frozen"):
        results = [once(mode) for _ in range(args.runs)]
        print(f"{mode:9}: {results[0][0]} classes declared (import included) in median "
              f"{statistics.median(r[1] for r in results):.2f} ms")


if __name__ == "__main__":
    main()
