"""Whose turn it is in a player's games, wherever they are: what the lobby
shows first and what a player is told while they look at something else.

Plain values from the store (no Textual): a :class:`Waiting` is one game
where the player has to decide, with when their turn began; a
:class:`TurnNotices` remembers what it has told, so that each turn is told
once and only when it is new.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from match.people import is_mine
from match.store import GameSummary, Store


@dataclass(frozen=True)
class Waiting:
    """A game waiting for the player at ``seat`` since ``since``."""

    game_id: int
    kind: str
    seat: int
    since: float
    against: tuple[str, ...]  # the other players' names

    @property
    def key(self) -> tuple[int, int, float]:
        """One turn of one game: the time only moves when the turn passes."""
        return (self.game_id, self.seat, self.since)


def _waiting_seat(game: GameSummary, me: str, name: str | None) -> int | None:
    """The seat of ``me`` that must decide now in ``game``, if another person
    plays there too (a game held at one keyboard alone is never news)."""
    if game.status != "playing" or not 0 <= game.to_move < len(game.seats):
        return None
    seat = game.seats[game.to_move]
    if not is_mine(seat, me, name):
        return None
    others = [s for s in game.seats if not s.computer and not is_mine(s, me, name)]
    return game.to_move if others else None


def waiting(store: Store, me: str, name: str | None = None) -> list[Waiting]:
    """The games where it is the turn of ``me`` (going by ``name`` at a
    keyboard, see :mod:`match.people`), the longest waiting first.
    StoreError if the store cannot be read."""
    found = []
    for game in store.games(owner=me, statuses=("playing",)):
        seat = _waiting_seat(game, me, name)
        if seat is not None:
            found.append((game, seat))
    times = store.turn_times([game.id for game, _ in found])
    return sorted(
        (
            Waiting(
                game.id,
                game.kind,
                seat,
                times.get(game.id, game.updated_at),
                tuple(s.label for i, s in enumerate(game.seats) if i != seat),
            )
            for game, seat in found
        ),
        key=lambda w: (w.since, w.game_id),
    )


class TurnNotices:
    """What to tell a player of their turns, each once.

    The first look only learns what is already waiting (that is the lobby's
    to show, with how long); each later look returns the turns that began
    since, but not one in the game on the player's screen, which they see.
    """

    def __init__(self) -> None:
        self._told: set[tuple[int, int, float]] | None = None

    def news(self, now_waiting: list[Waiting], on_screen: int | None = None) -> list[Waiting]:
        keys = {w.key for w in now_waiting}
        if self._told is None:
            self._told = keys
            return []
        fresh = [w for w in now_waiting if w.key not in self._told and w.game_id != on_screen]
        # Only what waits now is kept: the memory stays as small as the list.
        self._told = keys
        return fresh


def waited(since: float, now: float | None = None) -> float:
    """Seconds waited since ``since`` (never negative: clocks differ)."""
    return max(0.0, (time.time() if now is None else now) - since)
