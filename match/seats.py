"""Who plays each side of a game, and from where.

A seat is stored with the game (:mod:`match.store`): the player's name, who
plays it (``"human"`` or one of the game's computer levels, which
:mod:`ai.players` lists per game) and, for a person, the id of whoever took
it (``owner``). Whether a seat is played *here*
is not stored: it depends on which process looks. A process holds the seats it
attached to (:class:`match.Match`); a person's seat held elsewhere is *away*.

No engine import: the start screen reads these before any game is loaded.
"""

from __future__ import annotations

import getpass
import re
from typing import Literal

import msgspec

# How far undo may go: "safe" stops where something hidden came to light (see
# match.history); the settings keep the default for new games.
UndoMode = Literal["safe", "free"]

# What a seat is from the point of view of one process.
Where = Literal["here", "computer", "away"]

HUMAN = "human"
# Who plays a seat: "human", or a computer level of the seat's game. The
# levels are each game's own (ai.players); the store and saves keep any short
# lowercase word, and a level the game does not have is refused when the game
# is opened (match.computer), so nothing here loads ai/.
SeatKind = str
SEAT_KIND = re.compile(r"[a-z][a-z0-9_]{0,15}")


def is_seat_kind(word: object) -> bool:
    """Whether ``word`` can name who plays a seat (a person or a level)."""
    return isinstance(word, str) and SEAT_KIND.fullmatch(word) is not None


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
