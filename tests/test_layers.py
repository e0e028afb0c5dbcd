"""The packages of companion/ stand in layers, and no module imports one that imports it back.

Read from the source (every import, those inside functions and behind ``TYPE_CHECKING`` too), so a circle cannot
hide behind an import placed late. A package may import its own modules, scoring/, and the packages below it (and ``companion`` itself, for its
folder):

    cli → publish → ui → views → sheets, server → store → texts, look → scoring
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAY_IMPORT = {
    "companion.texts": set(),
    "companion.look": set(),
    "companion.store": {"companion.texts"},
    "companion.server": {"companion.texts"},
    "companion.sheets": {"companion.texts", "companion.look"},
    "companion.views": {"companion.texts", "companion.look", "companion.store", "companion.server",
                        "companion.sheets"},
    "companion.ui": {"companion.texts", "companion.look", "companion.store", "companion.server", "companion.sheets",
                     "companion.views"},
    "companion.publish": {"companion.texts", "companion.look", "companion.store", "companion.server",
                          "companion.sheets", "companion.views", "companion.ui"},
    "companion.cli": {"companion.texts", "companion.look", "companion.store", "companion.server",
                      "companion.sheets", "companion.views", "companion.ui", "companion.publish"},
    "companion.__main__": {"companion.cli"},
    "companion": set(),
}
"""What each part of companion/ may import besides itself and scoring/."""


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (sub-packages too), by its dotted name."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(path: Path, known: set[str]) -> set[str]:
    """The project's modules that the module at ``path`` imports, anywhere in it."""
    names = set()
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)  # ``from package import module``
    return {name for name in names if name in known}


def graph() -> dict[str, set[str]]:
    known = {**modules("companion"), **modules("scoring")}
    return {name: imported(path, set(known)) - {name} for name, path in known.items()}


def part_of(module: str) -> str:
    """The part of companion/ a module belongs to, as :data:`MAY_IMPORT` names it (or ``scoring``)."""
    if module.startswith("scoring"):
        return "scoring"
    return max((part for part in MAY_IMPORT if module == part or module.startswith(part + ".")), key=len)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_runs_up_a_layer():
    edges = graph()
    upward = sorted(f"{module} imports {target}" for module, targets in edges.items() for target in targets
                    if target != "companion" and part_of(target) not in ("scoring", part_of(module))
                    and part_of(target) not in MAY_IMPORT.get(part_of(module), set()))
    scoring_up = sorted(f"{module} imports {target}" for module, targets in edges.items() if module.startswith("scoring")
                        for target in targets if not target.startswith("scoring"))
    assert upward + scoring_up == []


def test_no_module_imports_itself_round():
    assert circles(graph()) == []


I18N_ORDER = ["scoring.i18n.locales", "scoring.i18n.language", "scoring.i18n.sentences", "scoring.i18n.engine",
              "scoring.i18n.choice"]
"""scoring/i18n/ from the bottom up, as its ``__init__`` lists it: each module imports only those before it."""


def test_scoring_i18n_goes_one_way():
    edges = graph()
    assert sorted(name for name in edges if name.startswith("scoring.i18n.")) == sorted(I18N_ORDER)
    backwards = [f"{module} imports {target}" for place, module in enumerate(I18N_ORDER) for target in edges[module]
                 if target.startswith("scoring") and target not in {*I18N_ORDER[:place], "scoring.i18n"}
                 and not (module == "scoring.i18n.choice" and target == "scoring.errors")]
    assert backwards == []
    assert edges["scoring.i18n"] == set(), "the package's __init__ imports nothing, so its bottom loads alone"


def test_scoring_imports_its_own_modules_at_the_top():
    # An import inside a function is how a circle hides; scoring/ has no heavy library of its own to put off.
    late = []
    for name, path in modules("scoring").items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                late += [f"{name}: {node.module}" for node in ast.walk(function)
                         if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scoring")]
    assert late == []


def test_the_check_sees_a_circle_and_an_import_up_a_layer():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert part_of("companion.store.games") == "companion.store" and part_of("companion.cli") == "companion.cli"
    assert "companion.ui" not in MAY_IMPORT[part_of("companion.views.play")]
