"""Who is at the table: this process's heartbeat and the other seats' comings
and goings.

A process that holds seats says now and then that it is still there
(:meth:`match.store.Store.heartbeat`); a seat whose word is old, or whose
process on this machine has ended, is *away*. Heartbeats are not changes of
the game: they never move its revision, so a follower learns of them from the
store's cheap pulse and never reads the game again for them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from engine.message import Message, msg
from match.seats import Seat
from match.store import Presence, Store

# How often a process says it is still at its seats (see store.PRESENCE_SECONDS).
HEARTBEAT_SECONDS = 5.0
# How often a waiting process looks whether the other player is still there.
PRESENCE_LOOK_SECONDS = 2.0


def live(presence: Sequence[Presence], now: float | None = None) -> tuple[bool, ...]:
    """Which seats a running process holds now."""
    now = time.time() if now is None else now
    return tuple(p.live(now) for p in presence)


def seat_news(
    before: Sequence[Seat],
    after: Sequence[Seat],
    was_live: Sequence[bool],
    is_live: Sequence[bool],
    here: frozenset[int],
    awaited: frozenset[int] = frozenset(),
) -> list[Message]:
    """What to tell the player here of the other seats: who joined, left or
    came back (``awaited``: seats kept for someone who has not come yet)."""
    said: list[Message] = []
    for index, seat in enumerate(after):
        if index in here or seat.computer:
            continue
        taken = before[index].owner is None and seat.owner is not None
        if taken and not is_live[index]:
            # Taken, not yet sat at (a join takes the seat, then comes): the
            # caller awaits them, and says they joined when they come.
            continue
        if taken or (index in awaited and is_live[index]):
            said.append(msg("{name} joined the table.", name=seat.name))
        elif is_live[index] and not was_live[index]:
            said.append(msg("{name} is back.", name=seat.name))
        elif was_live[index] and not is_live[index] and seat.owner:
            said.append(msg("{name} has left the game; it waits for them.", name=seat.name))
    return said


class Heartbeat:
    """This process's word that it is still at its seats of one game."""

    def __init__(self, session: str) -> None:
        self.session = session
        self._beat = 0.0

    def attach(self, store: Store, game_id: int, seats: Sequence[int]) -> None:
        """Take ``seats`` for this process (the beat starts now)."""
        store.attach(game_id, seats, self.session)
        self._beat = time.monotonic()

    def take(self, store: Store, game_id: int, seats: Sequence[int], owner: str) -> tuple[int, ...]:
        """Take those of ``owner``'s ``seats`` no running process holds (the
        beat starts now); the seats taken (StoreError if the store fails)."""
        taken = store.take_over(game_id, seats, owner, self.session)
        if taken:
            self._beat = time.monotonic()
        return taken

    def beat(self, store: Store, game_id: int) -> None:
        """Say it again if it is time (StoreError if the store cannot be written)."""
        if time.monotonic() - self._beat < HEARTBEAT_SECONDS:
            return
        self._beat = time.monotonic()
        store.heartbeat(game_id, self.session)

    def detach(self, store: Store, game_id: int) -> None:
        store.detach(game_id, self.session)
