"""Text that came from a person or a file: how long it looks, and how to show it safely.

A player's name is measured in what a person sees (grapheme clusters: ``é``
written as ``e`` plus an accent is one, a family emoji is one), and text
shown on a terminal never carries a control character raw, so a name cannot
move the cursor, recolour the screen or rewrite a line above it.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from scoring.words import Words

NAME_MAX = 40
"""The longest name, in graphemes: room for a full name, short enough for a score sheet's column."""

SHOWN_MAX = 200
"""How many characters of a value a message repeats: more than any message's own lists, far less than a file."""

# Controls (C0, DEL, C1), unpaired surrogates, and the bidi overrides and isolates, which reorder the
# text around them so that a terminal or a sheet would show other text than what is stored.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# JSON text already escapes C0 inside strings, and its own line breaks and indents are C0 between values.
_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def graphemes_over(text: str, limit: int) -> bool:
    """Whether ``text`` shows more than ``limit`` graphemes; quick for any length of text.

    >>> graphemes_over("Zoe\\u0301", 3), graphemes_over("Zoë!", 3)
    (False, True)
    """
    if len(text) <= limit:
        return False
    # Only for text longer than the limit in code points: it costs start-up time. Pure Python (UAX #29,
    # Unicode 16), so the app counts the same where it runs in a browser, and in time linear in the text.
    from pyuegc import EGC

    return len(EGC(text)) > limit


def unsafe_character(text: str) -> str | None:
    """The first control, reordering or unpaired-surrogate character in ``text``, or None if it has none.

    >>> unsafe_character("Anna"), unsafe_character("An\\x1b[2Jna")
    (None, '\\x1b')
    """
    found = _UNSAFE.search(text)
    return found.group() if found else None


def escaped(text: str) -> str:
    """``text`` with each control, reordering or unpaired-surrogate character written as a visible escape.

    >>> print(escaped("Anna\\x1b[31m\\u202e"))
    Anna\\x1b[31m\\u202e
    """
    return _UNSAFE.sub(lambda found: f"\\x{ord(found.group()):02x}" if ord(found.group()) < 0x100
                       else f"\\u{ord(found.group()):04x}", text)


def json_escaped(json_text: str) -> str:
    """JSON text (as ``json.dumps(..., ensure_ascii=False)`` writes it) with every unsafe character a ``\\u`` escape.

    The value read back is the same; only a terminal showing it is spared.

    >>> print(json_escaped('["Anna\\u009b2J"]'))
    ["Anna\\u009b2J"]
    """
    return _UNSAFE_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", json_text)


def shortened(text: str, limit: int = SHOWN_MAX) -> str | Words:
    """``text`` cut to ``limit`` characters with an ellipsis and the full length, for an error message (in the
    language the message is made in).

    >>> str(shortened("9" * 5000, 12))
    '999999999999… (5,000 characters)'
    """
    if len(text) <= limit:
        return text
    from scoring.words import engine_words

    return engine_words("value.shortened", start=text[:limit], length=len(text))
