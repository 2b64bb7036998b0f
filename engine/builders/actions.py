"""Decisions: the single steps a player takes.

Each is a small frozen value whose ``str()`` is its notation (see
:mod:`engine.builders.notation`). Indexes are zero-based inside the engine
(ships 0-3, slots from the bow 0-3, market positions 0-3); the notation counts
from 1, as players do. Sites are the numbers of :mod:`engine.builders.sites`.
"""

from __future__ import annotations

from typing import Final

import msgspec

from engine.builders.cards import BLUE_KINDS
from engine.builders.sites import SITE_LETTERS
from engine.message import Message, as_message


class Get(msgspec.Struct, frozen=True):
    """Get new stones: up to three from the quarry to the sled."""

    def __str__(self) -> str:
        return "get"


class Place(msgspec.Struct, frozen=True):
    """Place a stone from the sled on an empty space of a ship."""

    ship: int
    slot: int

    def __str__(self) -> str:
        return f"P{self.ship + 1}:{self.slot + 1}"


class Sail(msgspec.Struct, frozen=True):
    """Sail a ship to a site."""

    ship: int
    site: int

    def __str__(self) -> str:
        letter = SITE_LETTERS[self.site] if 0 <= self.site < len(SITE_LETTERS) else "?"
        return f"S{self.ship + 1}:{letter}"


class Play(msgspec.Struct, frozen=True):
    """Play a blue card of this kind."""

    card: str

    def __str__(self) -> str:
        return self.card


class Unload(msgspec.Struct, frozen=True):
    """Lever: unload the stone in this slot next."""

    slot: int

    def __str__(self) -> str:
        return f"U{self.slot + 1}"


class Take(msgspec.Struct, frozen=True):
    """The market: take the face-up card in this position."""

    position: int

    def __str__(self) -> str:
        return f"T{self.position + 1}"


class Pass(msgspec.Struct, frozen=True):
    """Pass: allowed only when nothing else is."""

    def __str__(self) -> str:
        return "pass"


Action = Get | Place | Sail | Play | Unload | Take | Pass

MAX_SHIPS: Final = 4
MAX_SLOTS: Final = 4
MARKET_POSITIONS: Final = 4

# Every action that can ever be legal, built once: the engine hands out these
# shared instances, which keeps legal_actions cheap.
GET: Final = Get()
PASS: Final = Pass()
PLACES: Final = tuple(tuple(Place(s, k) for k in range(MAX_SLOTS)) for s in range(MAX_SHIPS))
SAILS: Final = tuple(tuple(Sail(s, t) for t in range(5)) for s in range(MAX_SHIPS))
PLAYS: Final = {kind: Play(kind) for kind in BLUE_KINDS}
UNLOADS: Final = tuple(Unload(k) for k in range(MAX_SLOTS))
TAKES: Final = tuple(Take(p) for p in range(MARKET_POSITIONS))

ALL_ACTIONS: Final[tuple[Action, ...]] = (
    GET,
    *(p for row in PLACES for p in row),
    *(s for row in SAILS for s in row),
    *PLAYS.values(),
    *UNLOADS,
    *TAKES,
    PASS,
)


class IllegalAction(ValueError):
    """A decision the rules do not allow in this state; the message says why.

    ``str(error)`` is the reason in English; ``error.reason`` is the same
    reason as a :class:`~engine.message.Message`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


__all__ = [
    "ALL_ACTIONS",
    "Action",
    "Get",
    "IllegalAction",
    "Pass",
    "Place",
    "Play",
    "Sail",
    "Take",
    "Unload",
]
