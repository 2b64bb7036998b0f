"""The benchmark's textbook ISMCTS baseline (bench/ismcts.py) plays fair."""

from __future__ import annotations

import random

import pytest
from ai_support import forced_position, load_bench_script, midgame, with_hidden_order

from engine.duel import apply, legal_actions, new_game, outcome

baseline = load_bench_script("ismcts")


def test_a_whole_game_of_legal_steps() -> None:
    players = [baseline.IsmctsPlayer(seed=i, time_budget=5.0, max_iterations=8) for i in (1, 2)]
    state = new_game(31, sides="BABA")
    for _ in range(400):
        if state.over:
            break
        action = players[state.turn].choose(state)
        assert action in legal_actions(state)
        state = apply(state, action)  # checked: an illegal step would raise
    assert outcome(state) is not None


def test_the_iteration_cap_is_kept() -> None:
    state = midgame(4, 10)
    _, iterations = baseline.ismcts(state, random.Random(0), budget=60.0, max_iterations=25)
    assert iterations == 25


def test_a_cancel_stops_after_one_iteration() -> None:
    state = new_game(9)
    action, iterations = baseline.ismcts(
        state, random.Random(0), budget=60.0, should_stop=lambda: True
    )
    assert iterations == 1
    assert action in legal_actions(state)


def test_a_forced_step_needs_no_search() -> None:
    state = forced_position()
    player = baseline.IsmctsPlayer(seed=0, time_budget=60.0)
    assert player.choose(state) == legal_actions(state)[0]
    assert player.last_iterations == 0


@pytest.mark.parametrize("plies", [3, 20, 38])
def test_the_choice_does_not_depend_on_hidden_order(plies: int) -> None:
    state = midgame(50 + plies, plies, sides="BBAA")
    if state.over or len(legal_actions(state)) < 2:
        pytest.skip("no choice to make here")
    other = with_hidden_order(state, random.Random(plies))
    assert other != state
    chosen = [
        baseline.IsmctsPlayer(seed=3, time_budget=60.0, max_iterations=60).choose(position)
        for position in (state, other)
    ]
    assert chosen[0] == chosen[1]


def test_choose_refuses_a_finished_game() -> None:
    state = new_game(2)
    rng = random.Random(2)
    while not state.over:
        state = apply(state, rng.choice(legal_actions(state)))
    with pytest.raises(ValueError, match="over"):
        baseline.IsmctsPlayer().choose(state)
