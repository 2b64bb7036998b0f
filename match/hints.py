"""A hint search on a thread of its own, answered on the thread that asked.

The search itself belongs to a game's computer players: :func:`for_game`
asks :func:`ai.players.hint` for the game's own. This runs it off the
screen's thread, as :class:`match.match.Match` runs the computer's move,
and hands the answer back through ``deliver`` (the app passes
``App.call_from_thread``). A search that was stopped, or replaced by a
newer one, delivers nothing: a hint for a position that has gone would
advise a move that no longer exists.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ai import players
from engine.message import Message

S = TypeVar("S")
A = TypeVar("A")

# How a search is run: the position, and an event that asks it to stop early.
Search = Callable[[S, threading.Event], A]
Deliver = Callable[[Callable[[], None]], object]


class HintSearch(Generic[S, A]):
    """At most one live hint search; starting another stops the one before."""

    def __init__(self, search: Search[S, A]) -> None:
        self._search = search
        self._stop = threading.Event()
        self._stop.set()  # nothing is running yet
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return not self._stop.is_set()

    def start(self, state: S, deliver: Deliver, answered: Callable[[S, A], None]) -> None:
        """Search for a hint on ``state``; ``answered(state, answer)`` runs
        through ``deliver`` unless the search is stopped first."""
        self._stop.set()
        stop = self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(state, stop, deliver, answered), name="hint", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Drop the search under way, if any: its answer will not be delivered."""
        self._stop.set()

    def wait(self) -> None:
        """Until the latest search's thread has ended (scripts and tests; the
        app never waits, the answer comes to it)."""
        if self._thread is not None:
            self._thread.join()

    def _run(
        self,
        state: S,
        stop: threading.Event,
        deliver: Deliver,
        answered: Callable[[S, A], None],
    ) -> None:
        try:
            answer = self._search(state, stop)
        except Exception as exc:
            # Raised again where the asker runs, as a bug in its own code would.
            if not stop.is_set():
                deliver(_raising(exc))
            return
        if stop.is_set():
            return

        def hand_over() -> None:
            # Stopped between the search's end and now: the asker moved on.
            if not stop.is_set():
                stop.set()
                answered(state, answer)

        deliver(hand_over)


def for_game(kind: str) -> HintSearch[Any, tuple[Any, Message]]:
    """The hint search of game ``kind``: what its strongest computer level
    would do, and one line on why (:func:`ai.players.hint`)."""
    return HintSearch(lambda state, stop: players.hint(kind, state, should_stop=stop))


def _raising(exc: BaseException) -> Callable[[], None]:
    """A call that raises ``exc``: a failed search fails where it was asked
    for, as a bug would in the asker's own code, not silently on a thread."""

    def again() -> None:
        raise exc

    return again
