"""A pseudo-language that finds words shown to a person without passing through the catalogs.

Every sentence of the committed templates (.pot) is "translated" as itself between « and », and compiled into
a folder that ``BIDWELL_CATALOGS`` points at, as language ``en_XA`` (the code Android and Chrome use for their
pseudo-locale). Whatever Bidwell shows in that language is then either inside « » (it came from a catalog,
placeholders and all), or a name, a number or a sign: a word outside « » bypassed the catalogs.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - tools/catalogs.py

PSEUDO = "en_XA"
OPEN, CLOSE = "«", "»"
LETTER = re.compile(r"[^\W\d_]")


def _wrapped(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


def write_catalogs(folder: Path) -> Path:
    """Compile the pseudo-language's catalogs into ``folder`` (the value for ``BIDWELL_CATALOGS``); returns it."""
    for domain in catalogs.DOMAINS:
        template = catalogs.read(catalogs.template_path(domain))
        pseudo = Catalog(domain=domain, charset="utf-8", fuzzy=False)
        for message in template:
            if not message.id:
                continue
            string = tuple(map(_wrapped, message.id)) if isinstance(message.id, (list, tuple)) else _wrapped(
                message.id)
            pseudo.add(message.id, string, context=message.context, flags=message.flags)
        target = folder / PSEUDO / "LC_MESSAGES" / f"{domain}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, pseudo)
        target.write_bytes(buffer.getvalue())
    return folder


def outside(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words in ``text`` that are neither inside « » nor among ``allowed`` (names, and words the app does not
    make, such as Flutter's own); an empty list when every word came through the catalogs.

    >>> outside("«hand 3, Béla: «bid 5»» Anna 12 ✓ Total", ["Anna"])
    ['Total']
    """
    depth, kept = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
            kept.append(" ")
        elif char == CLOSE:
            depth = max(0, depth - 1)
            kept.append(" ")
        else:
            kept.append(char if depth == 0 else " ")
    leftover = "".join(kept)
    for name in sorted(allowed, key=len, reverse=True):
        leftover = leftover.replace(name, " ")
    return [word for word in leftover.split() if LETTER.search(word)]
