"""The computer players under the online rules (RULES.md section 11)."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from ai.duel import LEVELS, make_player
from ai.duel.evaluate import OUTLOOK, SCORE
from engine.duel import GameState, Setup, apply, legal_actions, outcome, state_problems

FAST = 0.02


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_finishes_an_online_game_legally(level: str) -> None:
    players = [make_player(level, seed=3 + i, time_budget=FAST) for i in (0, 1)]  # type: ignore[arg-type]
    state = Setup(seed=3, sides="ABBA", rules="online").start()
    for _ in range(400):
        if state.over:
            break
        action = players[state.turn].choose(state)
        assert action in legal_actions(state)
        state = apply(state, action)
        assert state_problems(state) == []
    assert state.over and outcome(state) is not None


def waiting_position() -> GameState:
    """A state of an online game in which a boat waits, empty, for its refill."""
    for seed in range(200):
        rng = random.Random(seed)
        state = Setup(seed=seed, rules="online").start()
        while not state.over:
            # Late, where the supply left changes what held tokens are worth.
            if state.emptied and len(state.supply) <= 9:
                return state
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no online game reached a boat waiting for its refill")


def test_a_waiting_refill_is_valued_as_the_classic_refill_made() -> None:
    # The same holdings, with the refill made at once as the classic rules do:
    # the tokens spoken for are no longer in the supply either way.
    state = waiting_position()
    (boat,) = state.emptied
    boats = list(state.boats)
    boats[boat] = (state.supply[0], state.supply[1], state.supply[2])
    twin = replace(state, rules="classic", emptied=(), boats=tuple(boats), supply=state.supply[3:])
    assert state_problems(twin) == []
    for judge in (SCORE, OUTLOOK):
        for who in (0, 1):
            assert judge.material(state, who) == judge.material(twin, who)
