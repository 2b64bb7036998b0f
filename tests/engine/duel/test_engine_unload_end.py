"""unload_ends_game and supply_after_unload say in advance what playing an
unload does."""

from __future__ import annotations

import random

from engine.duel import (
    apply_unchecked,
    legal_actions,
    new_game,
    supply_after_unload,
    unload_ends_game,
    unloadable_boats,
)
from engine.duel.actions import UNLOADS


def test_unload_ends_game_agrees_with_playing_each_unload() -> None:
    seen = {True: 0, False: 0}
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(seed)
        while not state.over:
            if state.pending is None:
                for boat in unloadable_boats(state):
                    after = apply_unchecked(state, UNLOADS[boat])
                    assert unload_ends_game(state) == after.over
                    assert supply_after_unload(state) == len(after.supply)
                    seen[after.over] += 1
            state = apply_unchecked(state, rng.choice(legal_actions(state)))
    assert seen[True] and seen[False]
