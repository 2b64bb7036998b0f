"""What a :class:`match.match.Match` reports to whoever drives it.

A screen, a test or a script subscribes to a match and reacts to these; moves
made here, by the computer or in another terminal all arrive the same way.
Every ``message`` is an :class:`engine.message.Message` (English as a
``str``), worded in the player's language by the app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.message import pmsg
from match.seats import Where


@dataclass(frozen=True)
class Moved:
    """An action was applied. ``by`` says from where it came."""

    # The game's own action value (the game's contract decides its type).
    action: Any
    seat: int
    text: str  # the log's sentence for it
    by: Where
    # The turn it is a step of, told whole: each step of the turn so far
    # (just ``text`` for a turn of one step).
    told: str = ""


@dataclass(frozen=True)
class Rewound:
    """The position changed other than by a new move (undo, redo, a reload)."""

    message: str


@dataclass(frozen=True)
class Notice:
    """Something a player should be told."""

    message: str
    error: bool = False
    # Also the message line's new words: the answer to what the line said the
    # player was waiting for (a takeback declined), which must not stay there.
    line: bool = False


@dataclass(frozen=True)
class SeatsChanged:
    """Someone took a seat, left it or came back; ``message`` says who."""

    message: str = ""


@dataclass(frozen=True)
class RematchOffered:
    """Another player set up the rematch of this finished game, as game
    ``game_id``, with a seat kept for this player (``message`` says so)."""

    game_id: int
    message: str = ""


@dataclass(frozen=True)
class TakebackAsked:
    """Another player asks to take back moves; answer with :meth:`Match.answer_takeback`."""

    seat: int
    to_ply: int


Event = Moved | Rewound | Notice | SeatsChanged | TakebackAsked | RematchOffered
Listener = Callable[[Event], None]
# Runs a function on the thread that owns the match (the app's event loop).
Deliver = Callable[[Callable[[], None]], object]


def sentences(said: Sequence[str]) -> str:
    """Up to two sentences, one after the other (what changed at each seat)."""
    if not said:
        return ""
    if len(said) == 1:
        return said[0]
    # TRANSLATORS: two sentences shown one after the other on the message line.
    return pmsg("two sentences", "{first} {second}", first=said[0], second=said[1])
