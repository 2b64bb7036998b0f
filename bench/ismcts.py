"""The benchmark's outside yardstick: the textbook ISMCTS of :mod:`ai.ismcts`, playing the Duel.

The search itself is game-neutral (it reaches the rules only through the game
contract, with ``Game.sample`` for the hidden supply and reserve); this module
binds it to the Duel with the names ``bench/ai_bench.py`` and its tests use.
The computer levels of :mod:`ai.duel` never use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai import ismcts as search
from engine.duel import Action, GameState
from engine.duel.game import DUEL

EXPLORATION = search.EXPLORATION


def ismcts(
    state: GameState,
    rng: random.Random,
    budget: float,
    max_iterations: int | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> tuple[Action, int]:
    """The most visited step at the root, and the iterations run."""
    action, iterations = search.ismcts(DUEL, state, rng, budget, max_iterations, should_stop)
    chosen: Action = action
    return chosen, iterations


class IsmctsPlayer(search.IsmctsPlayer):
    """The baseline as a player: ``choose(state)`` returns one legal step."""

    def __init__(
        self, seed: int | None = None, time_budget: float = 0.5, max_iterations: int | None = None
    ):
        super().__init__(DUEL, seed=seed, time_budget=time_budget, max_iterations=max_iterations)
