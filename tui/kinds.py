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
    # TRANSLATORS: a seat at a table that nobody has taken yet, e.g. "Player 3 (free seat)".
    "free": N_("free seat"),
}


def kind_word(kind: str) -> str:
    """``kind`` ("easy", "remote"...) in the current language; an unknown code as it is."""
    words = _KIND_WORDS.get(kind)
    return _(words) if words is not None else kind


def computer_name() -> str:
    """The name of a computer seat nobody named, in the player's language:
    the panels, prompts and lists show its level beside it ("Computer (hard)")."""
    return _("Computer")


def seat_name(name: str, kind: str, seat: int) -> str:
    """The name seat number ``seat`` plays under: a computer left with its
    seat's default name ("Player 2") is named as the computer; a name someone
    typed stays."""
    if kind in ("human", "away"):
        return name
    defaults = {"", f"Player {seat + 1}", _("Player {number}").format(number=seat + 1)}
    return computer_name() if name.strip() in defaults else name


def seat_words(name: str, kind: str) -> str:
    """A seat as a list of games shows it: the name, and a computer's level
    beside it unless its name says it already."""
    if kind == "human":
        return name
    level = kind_word(kind)
    if name.endswith(f"({level})"):
        return name
    return _("{name} ({level})").format(name=name, level=level)


def players_words(first: str, second: str) -> str:
    """The two seats of a game in a list, each from :func:`seat_words`."""
    # TRANSLATORS: the two players of a game in a list of games, e.g. "Ann v Bob (hard)".
    return _("{first} v {second}").format(first=first, second=second)
