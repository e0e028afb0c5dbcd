"""Every word the app asks for is in the catalog: a missing key would leave a screen undrawn."""

from __future__ import annotations

import re
from pathlib import Path

from companion.texts import CATALOG

COMPANION = Path(__file__).resolve().parent.parent / "companion"


def test_every_text_the_app_shows_is_in_the_catalog():
    asked = {
        (match.group(1), path.name)
        for path in COMPANION.rglob("*.py")
        for match in re.finditer(r'\bt\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(asked) > 100  # the search found the app's texts, so an empty result cannot pass
    missing = sorted((key, where) for key, where in asked if key not in CATALOG)
    assert missing == []
