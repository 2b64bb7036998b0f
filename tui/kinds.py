"""Who plays a seat, in the words a player reads (the codes stay English in saves)."""

from __future__ import annotations

from typing import Final

from tui.i18n import N_, _

# TRANSLATORS: these name who plays a seat, shown in brackets after a
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


def seat_words(name: str, kind: str) -> str:
    """A seat as a list of games shows it: the name, and a computer's level beside it."""
    if kind == "human":
        return name
    return _("{name} ({level})").format(name=name, level=kind_word(kind))


def players_words(first: str, second: str) -> str:
    """The two seats of a game in a list, each from :func:`seat_words`."""
    # TRANSLATORS: the two players of a game in a list of games, e.g. "Ann v Bob (hard)".
    return _("{first} v {second}").format(first=first, second=second)
