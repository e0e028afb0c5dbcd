"""Every word the app asks for is in the catalog: a missing key would leave a screen undrawn."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.texts import known

COMPANION = Path(__file__).resolve().parent.parent / "companion"


def test_every_text_the_app_shows_is_in_the_catalog():
    asked = {
        (match.group(1), path.name)
        for path in COMPANION.rglob("*.py")
        for match in re.finditer(r'\bt\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(asked) > 100  # the search found the app's texts, so an empty result cannot pass
    missing = sorted((key, where) for key, where in asked if not known(key))
    assert missing == []


# Sentences whose keys the code makes from a prefix and a value (f"rules.tie.{tie.value}"): each prefix must itself
# be in the code, as the start of an f-string.
MADE_KEYS = ("options.bidding.", "rules.bidding.", "rules.tie.", "bid.", "tricks.", "storage.bad.", "storage.os.",
             "record.kind.", "phase.", "stats.period_", "phones.seat_", "sheet_screen.paper_")


def test_every_sentence_in_the_catalogs_is_shown_somewhere():
    # A sentence nothing shows is work for every translator and a word no one reads.
    from companion.texts import APP
    from scoring.i18n.engine import ENGINE

    sources = "\n".join(path.read_text(encoding="utf-8") for folder in (COMPANION, COMPANION.parent / "scoring")
                        for path in folder.rglob("*.py") if path.name not in ("texts.py", "messages.py"))
    sources += "\n".join(f'"{key}"' for key in keys_used_in_the_catalog_s_own_functions())
    assert all(f'"{prefix}' in sources for prefix in MADE_KEYS if prefix not in ("bid.", "tricks."))
    unused = [key for catalog in (APP, ENGINE) for key in catalog.messages
              if f'"{key}"' not in sources and f"'{key}'" not in sources and not key.startswith(MADE_KEYS)
              and key != "language.name"]
    assert unused == []


def keys_used_in_the_catalog_s_own_functions() -> set[str]:
    """The keys companion/texts.py asks for in its own functions (the words for a trump, say), apart from those it
    declares: a declaration is no use of a sentence."""
    tree = ast.parse((COMPANION / "texts.py").read_text(encoding="utf-8"))
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    return {node.value for function in functions for node in ast.walk(function)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}
