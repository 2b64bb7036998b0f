"""Who plays each side of a game, and from where.

A seat is stored with the game (:mod:`match.store`): the player's name, who
plays it (``"human"`` or a computer level of :data:`ai.duel.LEVELS`) and, for a
person, the id of whoever took it (``owner``). Whether a seat is played *here*
is not stored: it depends on which process looks. A process holds the seats it
attached to (:class:`match.Match`); a person's seat held elsewhere is *away*.

No engine import: the start screen reads these before any game is loaded.
"""

from __future__ import annotations

import getpass
from typing import Literal

import msgspec

# How far undo may go: "safe" stops where a hidden token was revealed (see
# match.history); the settings keep the default for new games.
UndoMode = Literal["safe", "free"]

# What a seat is from the point of view of one process.
Where = Literal["here", "computer", "away"]

HUMAN = "human"
# Who plays a side: a person, or the computer at one of ai.duel.LEVELS (spelled out
# here so that saves and settings can be read without loading ai/). Every game's
# levels are among these words (ai.players), so the store keeps any of them.
SeatKind = Literal["human", "random", "easy", "medium", "tough", "hard"]


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """One side of a stored game."""

    name: str
    kind: str = HUMAN  # "human" or a computer level
    owner: str | None = None  # the player id that took a person's seat

    @property
    def computer(self) -> bool:
        return self.kind != HUMAN

    @property
    def label(self) -> str:
        """The name as players read it: a computer's level beside its name."""
        return f"{self.name} ({self.kind})" if self.computer else self.name


def local_player() -> str:
    """The player id of a person at this machine's keyboard.

    Two terminals of one account share it; which seat each of them plays is
    then told apart by the seats each process attached to (see
    :meth:`match.store.Store.attach`).
    """
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "player"
    return f"local:{user}"
