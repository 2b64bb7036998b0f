"""The values the store hands out: a game, a line of a list, a seat's
presence, a takeback request, a follower's pulse; and the standing a writer
hands in with each move."""

from __future__ import annotations

import os
import socket
import time
from dataclasses import dataclass
from typing import Literal, get_args

from match.seats import Seat, UndoMode

# A seat whose process has not been seen for this long is taken as left.
PRESENCE_SECONDS = 15.0
BUSY_TIMEOUT_MS = 5000
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 5

Status = Literal["open", "playing", "over"]
UNDO_MODES = frozenset(get_args(UndoMode))


@dataclass(frozen=True)
class Standing:
    """What a list of games shows without replaying the game: whose decision
    it is (-1 once the game is over), each seat's score, seat by seat, and
    once the game is over the seats that won (as its rules said)."""

    to_move: int
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class StoredAction:
    ply: int
    notation: str
    seat: int
    at: float


@dataclass(frozen=True)
class Request:
    kind: str  # "undo"
    seat: int  # who asked
    at_ply: int  # the game's ply when asked: an answer to a changed game is void
    to_ply: int  # where the game would go back to
    at: float
    # The seats that have agreed so far; the takeback is made when every
    # other person at the table has.
    agreed: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Presence:
    session: str | None
    seen_at: float | None

    def live(self, now: float | None = None) -> bool:
        if self.session is None or self.seen_at is None:
            return False
        if (now if now is not None else time.time()) - self.seen_at >= PRESENCE_SECONDS:
            return False
        # A process of this machine that has ended (kill -9, a dropped SSH
        # link) left no word: ask the system rather than wait for the timeout.
        host, _, rest = self.session.partition("/")
        pid = rest.partition("/")[0]
        if host == socket.gethostname() and pid.isascii() and pid.isdigit():
            try:
                os.kill(int(pid), 0)
            except ProcessLookupError:
                return False
            except (OSError, OverflowError):
                pass  # another user's process (or no process id at all): alive
        return True


@dataclass(frozen=True)
class Pulse:
    """What a process following a game reads while nobody moves: whether the
    game changed (its revision), a takeback asked for, and who is at each
    seat; never the moves or the set-up."""

    revision: int
    request: Request | None
    presence: tuple[Presence, ...]
    # Hints asked for at each seat: counted without a new revision, and told
    # to the other player, so the pulse carries them.
    hints_used: tuple[int, ...] = ()


@dataclass(frozen=True)
class StoredGame:
    """One game as the store holds it (the engine's set-up is JSON here;
    :mod:`match.match` replays it)."""

    id: int
    kind: str  # the game's key in engine.games.GAMES ("duel"); the store only keeps it
    code: str | None
    setup: bytes
    undo_mode: str
    status: Status
    cursor: int
    actions: tuple[StoredAction, ...]  # all of them, undone ones included
    seats: tuple[Seat, ...]  # two to four, seat 0 first
    presence: tuple[Presence, ...]  # one for each seat
    request: Request | None
    invited: str | None
    created_at: float
    updated_at: float
    revision: int = 0  # see Store.append: a write names the revision it was made on
    # Hints in a game between people: allowed when the table was set up, and
    # how many each seat has used (the other player is told of each).
    hints: bool = False
    hints_used: tuple[int, ...] = ()  # one for each seat (none: none used)

    @property
    def line(self) -> tuple[str, ...]:
        """The actions in play (undone ones left out)."""
        return tuple(a.notation for a in self.actions[: self.cursor])


@dataclass(frozen=True)
class GameSummary:
    """One line of a list of games."""

    id: int
    kind: str
    code: str | None
    status: Status
    seats: tuple[Seat, ...]
    presence: tuple[Presence, ...]
    moves: int
    to_move: int  # -1 once the game is over
    scores: tuple[int, ...]  # one for each seat
    invited: str | None
    created_at: float
    updated_at: float
    # The seats that won a finished game, as its rules said (none: not over,
    # or a game finished before the store kept it and not worked out then).
    winners: tuple[int, ...] = ()

    @property
    def title(self) -> str:
        return " v ".join(seat.label for seat in self.seats)
