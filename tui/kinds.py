"""Who plays a side, in the words a player reads (the codes stay English in saves)."""

from __future__ import annotations

from typing import Final

from tui.i18n import N_, _

# TRANSLATORS: these name who plays a side, shown in brackets after a
# player's name, e.g. "Anna (hard)".
_KIND_WORDS: Final[dict[str, str]] = {
    "human": N_("human"),
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "tough": N_("tough"),
    "hard": N_("hard"),
    "remote": N_("remote"),
}


def kind_word(kind: str) -> str:
    """``kind`` ("easy", "remote"...) in the current language; an unknown code as it is."""
    words = _KIND_WORDS.get(kind)
    return _(words) if words is not None else kind
