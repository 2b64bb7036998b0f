"""Text from elsewhere made fit to draw on someone's terminal.

A name, a code or a message that comes from the store, a save file or another
player may hold anything: an escape sequence that writes to the viewer's
clipboard (OSC 52), retitles their window or moves the cursor over the board;
bidi overrides that show a name backwards; a lone surrogate that cannot even
be encoded. :func:`clean_text` removes all of that where such text is *read*,
so a screen never has to wonder where a string came from.

No imports beyond the standard library: the store, the saves and the app all
use it, and the start screen must not wait for the engine.
"""

from __future__ import annotations

import re
import unicodedata

# How much of a text is looked at: a name is a few dozen characters, and a
# damaged row may hold megabytes that no screen needs.
MAX_SCAN = 4096
MAX_NAME = 24
# Combining marks stacked on one letter: two or three are real writing (Vietnamese,
# Hebrew points); dozens ("zalgo") paint over the lines above and below.
MAX_MARKS = 3

# A whole escape sequence, so that its parameters do not stay behind as text:
# CSI (ESC [ or 0x9B, parameters, one final byte); OSC, DCS, SOS, PM and APC
# (ESC ] P X ^ _ or their 8-bit forms) up to BEL or ST, or to the end when the
# terminator is missing; and the two- or three-byte escapes (charset, keypad).
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|\Z)"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]",
    re.DOTALL,
)


def clean_text(text: str, limit: int) -> str:
    """``text`` as one harmless line of at most ``limit`` characters.

    Escape sequences go whole; line breaks and tabs become spaces; every other
    control, format (bidi overrides and isolates, zero-width characters),
    surrogate, private-use or unassigned character is dropped, and long runs
    of combining marks are cut short. What is left is NFC, so two spellings
    of one letter compare equal.
    """
    if text.isascii() and text.isprintable():
        return text[:limit]  # most names: nothing to take out (lists clean hundreds)
    text = _SEQUENCE.sub("", text[:MAX_SCAN])
    kept: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zl", "Zp"):
            kept.append(" ")
            marks = 0
        elif category[0] == "C":
            continue
        elif category in ("Mn", "Me"):
            marks += 1
            if marks <= MAX_MARKS and kept:
                kept.append(char)
        else:
            kept.append(char)
            marks = 0
    return unicodedata.normalize("NFC", "".join(kept))[:limit]


def clean_name(name: str, fallback: str) -> str:
    """A player's name fit to show: one line, printable, single spaces, not too long."""
    text = " ".join(clean_text(name, MAX_SCAN).split())
    return text[:MAX_NAME].strip() or fallback


__all__ = ["MAX_NAME", "clean_name", "clean_text"]
