"""The computer opponent for Imhotep: The Duel.

It plays only through the engine's public API and never reads the hidden order
of the supply or the reserve: every plan starts from a sampled deal
(:func:`determinize`) that fits what a player at the table can see.

Public API
----------
``make_player(level, seed=None, time_budget=None, max_passes=None)``
    A :class:`ComputerPlayer` for ``"random"``, ``"easy"``, ``"medium"``,
    ``"tough"`` or ``"hard"`` (:data:`LEVELS`, weakest first).
    ``player.choose(state, should_stop=None)`` returns one legal step for the
    player to move; ``should_stop`` is a callable or a ``threading.Event``
    that cancels a search in progress (the answer is then the best found so
    far). ``time_budget`` is the thinking time per decision of tough and hard
    in seconds (default 0.5, never more than 2); ``max_passes`` caps their
    sampled deals per decision, for answers that do not depend on the
    machine's speed.
``hint(state, seed=None, time_budget=None, should_stop=None, max_passes=None)``
    What hard would play now and why, as ``(action, reason)``.
``determinize(state, rng)``
    ``state`` with supply and reserve reshuffled from the unseen tokens.
"""

from ai.duel.explain import brief, hint
from ai.duel.hidden import determinize, unseen_tokens
from ai.duel.players import DEFAULT_BUDGET, LEVELS, ComputerPlayer, Level, StopSignal


def make_player(
    level: Level,
    seed: int | None = None,
    time_budget: float | None = None,
    max_passes: int | None = None,
) -> ComputerPlayer:
    """A computer player of the given level (see :data:`LEVELS`)."""
    return ComputerPlayer(level, seed=seed, time_budget=time_budget, max_passes=max_passes)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "ComputerPlayer",
    "Level",
    "StopSignal",
    "brief",
    "determinize",
    "hint",
    "make_player",
    "unseen_tokens",
]
