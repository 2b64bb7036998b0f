"""Actions: the single steps that make up a turn.

Each action is a small frozen value whose ``str()`` is its notation (see
:mod:`engine.duel.notation`) and whose ``repr()`` can be pasted back as code.
Indices are zero-based inside the engine (cells 0-8, boats 0-5, slots 0-2);
the notation shows them one-based, as players count.
"""

from __future__ import annotations

from typing import Final

import msgspec

from engine.duel.tokens import ACTION_TOKENS, BOAT_NAMES
from engine.message import Message, as_message


class Place(msgspec.Struct, frozen=True):
    """Place a meeple from your supply on an empty cell."""

    cell: int

    def __str__(self) -> str:
        return f"P{self.cell + 1}"


class Unload(msgspec.Struct, frozen=True):
    """Unload a boat whose line holds at least two meeples."""

    boat: int

    def __str__(self) -> str:
        return f"U{BOAT_NAMES[self.boat]}"


class Play(msgspec.Struct, frozen=True):
    """Play an action token you hold."""

    token: str

    def __str__(self) -> str:
        return self.token


class Take(msgspec.Struct, frozen=True):
    """Take 1 token: take the token in one slot of a boat."""

    boat: int
    slot: int

    def __str__(self) -> str:
        return f"T{BOAT_NAMES[self.boat]}:{self.slot + 1}"


class Swap(msgspec.Struct, frozen=True):
    """Swap and unload: exchange the tokens in two slots (first < second) of a boat."""

    boat: int
    first: int
    second: int

    def __str__(self) -> str:
        return f"S{BOAT_NAMES[self.boat]}:{self.first + 1}{self.second + 1}"


class Stop(msgspec.Struct, frozen=True):
    """Decline the optional last step of an action token."""

    def __str__(self) -> str:
        return "stop"


class Pass(msgspec.Struct, frozen=True):
    """Pass the turn: allowed only when nothing else is legal."""

    def __str__(self) -> str:
        return "pass"


Action = Place | Unload | Play | Take | Swap | Stop | Pass

# Every action that can ever be legal, built once. The engine hands out these
# shared instances, which keeps legal_actions cheap.
PLACES: Final = tuple(Place(c) for c in range(9))
UNLOADS: Final = tuple(Unload(b) for b in range(6))
PLAYS: Final = {t: Play(t) for t in ACTION_TOKENS}
TAKES: Final = tuple(tuple(Take(b, s) for s in range(3)) for b in range(6))
SWAP_PAIRS: Final = ((0, 1), (0, 2), (1, 2))
SWAPS: Final = tuple(tuple(Swap(b, i, j) for i, j in SWAP_PAIRS) for b in range(6))
STOP: Final = Stop()
PASS: Final = Pass()

ALL_ACTIONS: Final[tuple[Action, ...]] = (
    *PLACES,
    *UNLOADS,
    *PLAYS.values(),
    *(t for row in TAKES for t in row),
    *(s for row in SWAPS for s in row),
    STOP,
    PASS,
)


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the message says why.

    ``str(error)`` is the reason in English; ``error.reason`` is the same
    reason as a :class:`~engine.message.Message`, for a caller that words it
    in the player's language.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)
