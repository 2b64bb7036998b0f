"""The computer players of Imhotep: Builders of Egypt.

They play only through the engine's public rules and never read the hidden
order of the market deck or the round cards to come: each plans on a sample
dealt afresh from what its seat sees (``Game.sample``).

Public API
----------
``make_player(level, seed=None, time_budget=None, max_iterations=None)``
    A :class:`BuildersPlayer` for ``"easy"``, ``"medium"`` or ``"hard"``
    (:data:`LEVELS`, weakest first); ``player.choose(state, should_stop=None)``
    returns one legal step for the seat to move.
``hint(state, seed=None, time_budget=None, should_stop=None, max_iterations=None)``
    What hard would do now and why, as ``(action, reason)``.
"""

from ai.builders.explain import hint
from ai.builders.players import DEFAULT_BUDGET, LEVELS, BuildersPlayer, Level, make_player

__all__ = ["DEFAULT_BUDGET", "LEVELS", "BuildersPlayer", "Level", "hint", "make_player"]
