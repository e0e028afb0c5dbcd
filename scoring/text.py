"""Text that came from a person or a file: how long it looks, and how to show it safely.

A player's name is measured in what a person sees (grapheme clusters: ``é``
written as ``e`` plus an accent is one, a family emoji is one), and text
shown on a terminal never carries a control character raw, so a name cannot
move the cursor, recolour the screen or rewrite a line above it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from scoring.i18n.engine import engine_words
from scoring.i18n.sentences import Words

NAME_MAX = 40
"""The longest name, in graphemes: room for a full name, short enough for a score sheet's column."""

MARKS_MAX = 6
"""The most combining marks on one character of a name: more than any script's letters stack (a Vietnamese
letter has two, a Tibetan stack a handful), far fewer than text drawn to overflow its line."""

# Letters and symbols that show as nothing: the Hangul fillers and the braille blank.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Zero-width (non-)joiners: invisible, but they shape the characters on either side (emoji families, Persian).
_JOINERS = frozenset("\u200c\u200d")
_LATIN_END = "\u024f"

SHOWN_MAX = 200
"""How many characters of a value a message repeats: more than any message's own lists, far less than a file."""

# Controls (C0, DEL, C1), unpaired surrogates, and the bidi overrides and isolates, which reorder the
# text around them so that a terminal or a sheet would show other text than what is stored. Every one of them
# is a character str.isprintable() refuses (categories Cc, Cf, Cs), so printable text is let through without
# the patterns, which are compiled the first time text is not: compiling both was 2 ms of every command's start.
_UNSAFE_CHARACTERS = "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
# JSON text already escapes C0 inside strings, and its own line breaks and indents are C0 between values.
_UNSAFE_IN_JSON_CHARACTERS = "[\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


@cache
def _pattern(characters: str) -> re.Pattern[str]:
    return re.compile(characters)


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


def kept_name(text: str) -> str:
    """A name as Bidwell keeps and compares it: trimmed, NFC, every space or line separator a plain space, and
    the characters that show nothing taken out (format characters such as U+200B, the Hangul fillers, the
    braille blank; a joiner stays only between two characters it may shape, as in an emoji family).

    Control and reordering characters are left in for :func:`unsafe_character` to refuse.

    >>> kept_name(" Anna\u200b "), kept_name("Anna\u2028Maria"), kept_name("\u3164")
    ('Anna', 'Anna Maria', '')
    """
    text = unicodedata.normalize("NFC", text)
    if text.isascii():
        return text.strip()
    kept: list[str] = []
    for index, character in enumerate(text):
        kind = unicodedata.category(character)
        if kind[0] == "Z":
            kept.append(" ")
        elif character in _JOINERS:
            following = text[index + 1:index + 2]
            if kept and following and _joins(kept[-1]) and _joins(following):
                kept.append(character)
        elif (kind == "Cf" and not _pattern(_UNSAFE_CHARACTERS).match(character)) or character in _BLANK_LETTERS:
            continue
        else:
            kept.append(character)
    return "".join(kept).strip()


def shows_nothing(text: str) -> bool:
    """Whether ``text`` has no letter, digit, punctuation mark or symbol a person would see.

    >>> shows_nothing("\u0301 "), shows_nothing("🦊")
    (True, False)
    """
    return not any(_shows(character) for character in text)


def most_marks(text: str) -> int:
    """The most combining marks (accents and the like) on any one character of ``text``.

    >>> most_marks("Zoe\u0308"), most_marks("a" + "\u0301" * 9)
    (1, 9)
    """
    most = run = 0
    for character in text:
        run = run + 1 if unicodedata.category(character)[0] == "M" else 0
        most = max(most, run)
    return most


def _joins(character: str) -> bool:
    """Whether a joiner beside ``character`` may change how it is drawn: not beside a space or a Latin letter
    (which no joiner shapes, so "An\u200dna" would be a second "Anna"), but beside an emoji, Arabic, Indic…"""
    return character > _LATIN_END and _shows(character) or unicodedata.category(character)[0] == "M"


def _shows(character: str) -> bool:
    return unicodedata.category(character)[0] in "LNPS" and character not in _BLANK_LETTERS


def unsafe_character(text: str) -> str | None:
    """The first control, reordering or unpaired-surrogate character in ``text``, or None if it has none.

    >>> unsafe_character("Anna"), unsafe_character("An\\x1b[2Jna")
    (None, '\\x1b')
    """
    if text.isprintable():
        return None
    found = _pattern(_UNSAFE_CHARACTERS).search(text)
    return found.group() if found else None


def escaped(text: str) -> str:
    """``text`` with each control, reordering or unpaired-surrogate character written as a visible escape.

    >>> print(escaped("Anna\\x1b[31m\\u202e"))
    Anna\\x1b[31m\\u202e
    """
    if text.isprintable():
        return text
    return _pattern(_UNSAFE_CHARACTERS).sub(lambda found: f"\\x{ord(found.group()):02x}" if ord(found.group()) < 0x100
                                            else f"\\u{ord(found.group()):04x}", text)


def json_escaped(json_text: str) -> str:
    """JSON text (as ``json.dumps(..., ensure_ascii=False)`` writes it) with every unsafe character a ``\\u`` escape.

    The value read back is the same; only a terminal showing it is spared.

    >>> print(json_escaped('["Anna\\u009b2J"]'))
    ["Anna\\u009b2J"]
    """
    if json_text.replace("\n", "").isprintable():
        return json_text
    return _pattern(_UNSAFE_IN_JSON_CHARACTERS).sub(lambda found: f"\\u{ord(found.group()):04x}", json_text)


def shortened(text: str, limit: int = SHOWN_MAX) -> str | Words:
    """``text`` cut to ``limit`` characters with an ellipsis and the full length, for an error message (in the
    language the message is made in).

    >>> str(shortened("9" * 5000, 12))
    '999999999999… (5,000 characters)'
    """
    if len(text) <= limit:
        return text
    return engine_words("value.shortened", start=text[:limit], length=len(text))
