"""The computer's seats of a match: a search in a thread, one at a time.

The search runs off the thread that owns the match (the app's event loop) and
hands its choice back through ``deliver``; a search whose position has gone
meanwhile (an undo, a move from elsewhere) is dropped when it ends.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from ai.players import Player, levels, make_player
from engine.message import msg
from match.events import Deliver
from match.seats import Seat
from match.store import StoreError

# What the match does with a choice: (the position searched, the action).
Chosen = Callable[[Any, Any], None]


def players_for(seats: Sequence[Seat], kind: str) -> dict[int, Player]:
    """A computer player of game ``kind`` for each computer seat (StoreError
    for a level that game does not have)."""
    players: dict[int, Player] = {}
    for index, seat in enumerate(seats):
        if seat.computer:
            if seat.kind not in levels(kind):
                raise StoreError(msg("unknown computer level {level}", level=repr(seat.kind)))
            players[index] = make_player(kind, seat.kind)
    return players


class Computer:
    """The computer players of one match and the search under way, if any."""

    def __init__(self, players: dict[int, Player], seats: int | None = None) -> None:
        self.players = players
        # Seconds before a move: a demo (every seat the computer's, nobody
        # playing) is slower, to be watched; one person against any number
        # of computers plays at the quicker pace.
        demo = seats is not None and len(players) >= seats
        self.delay = 1.0 if demo else 0.4
        self._stop = threading.Event()
        # One search at a time: a new one waits for a stopped one to let go.
        self._lock = threading.Lock()
        self._thinking_on: object | None = None

    def start(self, state: Any, seat: int, deliver: Deliver, chosen: Chosen) -> None:
        """Search for ``seat`` on ``state`` in a thread; ``chosen`` gets the
        result on the match's thread, unless :meth:`stop` came first."""
        if self._thinking_on is state:
            return
        self._thinking_on = state
        stop = self._stop = threading.Event()
        thread = threading.Thread(
            target=self._think,
            args=(state, seat, stop, deliver, chosen),
            name="computer move",
            daemon=True,
        )
        thread.start()

    def _think(
        self, state: Any, seat: int, stop: threading.Event, deliver: Deliver, chosen: Chosen
    ) -> None:
        if stop.wait(self.delay):
            return
        player = self.players[seat]
        with self._lock:
            if stop.is_set():
                return
            action = player.choose(state, should_stop=stop)
        if not stop.is_set():
            deliver(lambda: self._deliver(state, action, stop, chosen))

    def _deliver(self, state: Any, action: Any, stop: threading.Event, chosen: Chosen) -> None:
        if stop.is_set():
            return
        if self._thinking_on is state:
            self._thinking_on = None
        chosen(state, action)

    def choose_now(self, state: Any, seat: int) -> Any:
        """The computer's choice for ``seat``, searched in this thread."""
        return self.players[seat].choose(state)

    def stop(self) -> None:
        self._stop.set()
        self._thinking_on = None
