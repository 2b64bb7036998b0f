"""Random legal games shared by the help tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product

import pytest

from engine.duel import GameState, apply_unchecked, legal_actions, new_game

ALL_SIDES = tuple("".join(p) for p in product("AB", repeat=4))


def random_game(seed: int, sides: str, starter: int = 0) -> Iterator[GameState]:
    """Every state of one random legal game, the start and the end included."""
    rng = random.Random(seed)
    state = new_game(seed, sides=sides, starter=starter)
    yield state
    while not state.over:
        state = apply_unchecked(state, rng.choice(legal_actions(state)))
        yield state


@pytest.fixture(scope="session")
def game_states() -> list[GameState]:
    """States from random games: every side combination, two seeds each, both starters."""
    states: list[GameState] = []
    for i, sides in enumerate(ALL_SIDES):
        for seed in (i, 100 + i):
            states.extend(random_game(seed, sides, starter=seed % 2))
    return states
