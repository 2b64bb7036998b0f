"""The computer players of every game, found by the game's kind.

The one module of ``ai/`` that names the games: the match layer asks here
which levels a game offers and for a player at one of them, and so never
imports a game's own computer players.

A player answers ``choose(state)`` with one legal step for the seat to move;
``choose(state, should_stop=event)`` lets the match cancel a search under
way (the answer is then the best found so far, still legal). :func:`hint`
says what a game's strongest level would do, and why.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ai import builders, duel
from engine.message import Message


class Player(Protocol):
    def choose(self, state: Any, should_stop: threading.Event | None = None) -> Any: ...


# A player of one level, from a seed and a thinking time per decision (None:
# the level's own).
Maker = Callable[[int | None, float | None], Player]


def _duel(level: duel.Level) -> Maker:
    return lambda seed, budget: duel.make_player(level, seed=seed, time_budget=budget)


def _builders(level: builders.Level) -> Maker:
    return lambda seed, budget: builders.make_player(level, seed=seed, time_budget=budget)


# Kind -> level -> maker, levels weakest first.
PLAYERS: Mapping[str, Mapping[str, Maker]] = {
    "duel": {level: _duel(level) for level in duel.LEVELS},
    "builders": {level: _builders(level) for level in builders.LEVELS},
}

# A hint: what the game's strongest level would do now, and one line on why.
Hint = Callable[[Any, threading.Event | None], tuple[Any, Message]]


def _duel_hint(state: Any, should_stop: threading.Event | None) -> tuple[Any, Message]:
    # Looked up at each call, so that a test may stand in for ai.duel.hint.
    return duel.hint(state, should_stop=should_stop)


def _builders_hint(state: Any, should_stop: threading.Event | None) -> tuple[Any, Message]:
    return builders.hint(state, should_stop=should_stop)


# Kind -> its hint.
HINTS: Mapping[str, Hint] = {"duel": _duel_hint, "builders": _builders_hint}


# The level a new seat of the computer starts at, per game (else its weakest).
DEFAULT_LEVELS: Mapping[str, str] = {"duel": "medium", "builders": "hard"}


def default_level(kind: str) -> str | None:
    """The level offered first for a computer seat of ``kind`` (None: it has none)."""
    offered = levels(kind)
    if not offered:
        return None
    chosen = DEFAULT_LEVELS.get(kind)
    return chosen if chosen in offered else offered[0]


def levels(kind: str) -> tuple[str, ...]:
    """The computer levels of ``kind``, weakest first (none for a game without players)."""
    return tuple(PLAYERS.get(kind, {}))


def make_player(
    kind: str, level: str, seed: int | None = None, time_budget: float | None = None
) -> Player:
    """A computer player of ``kind`` at ``level``; ValueError for a level it does not have."""
    makers = PLAYERS.get(kind, {})
    if level not in makers:
        raise ValueError(f"{kind} has no computer level {level!r}")
    return makers[level](seed, time_budget)


def hint(kind: str, state: Any, should_stop: threading.Event | None = None) -> tuple[Any, Message]:
    """What the strongest level of ``kind`` would do in ``state``, and one line
    on why (a :class:`~engine.message.Message`); ValueError for a game without
    hints, or a finished one."""
    found = HINTS.get(kind)
    if found is None:
        raise ValueError(f"{kind} has no hints")
    return found(state, should_stop)


__all__ = [
    "DEFAULT_LEVELS",
    "HINTS",
    "PLAYERS",
    "Player",
    "default_level",
    "hint",
    "levels",
    "make_player",
]
