"""Hints: a legal step and a reason in plain words."""

from __future__ import annotations

import pytest
from ai_support import forced_position, midgame
from msgspec.structs import replace

from ai.duel import hint
from engine.duel import NO_PLAYER, Pass, Player, Unload, apply, legal_actions, new_game
from engine.duel.tokens import boat_words


@pytest.mark.parametrize(("seed", "plies"), [(1, 0), (2, 9), (3, 21), (4, 33), (5, 47)])
def test_hint_is_legal_with_a_reason(seed: int, plies: int) -> None:
    state = midgame(seed, plies, sides="BAAB")
    if state.over:
        pytest.skip("this walk ended the game")
    action, reason = hint(state, seed=seed, time_budget=0.05)
    assert action in legal_actions(state)
    assert reason.strip()
    assert "\n" not in reason


def test_hints_through_a_whole_turn_with_an_action_token() -> None:
    state = new_game(17)
    # Follow the hints until some token play has started, then finish that turn.
    for _ in range(200):
        action, reason = hint(state, seed=1, time_budget=0.02)
        assert action in legal_actions(state) and reason
        state = apply(state, action)
        if state.over or state.pending is not None:
            break
    while state.pending is not None and not state.over:
        action, reason = hint(state, seed=2, time_budget=0.02)
        assert action in legal_actions(state) and reason
        state = apply(state, action)


def test_an_unload_hint_names_what_you_gain() -> None:
    # All four of player 0's meeples stand on the grid and nobody holds a
    # token, so every legal step is an unload and the hint must be one.
    start = new_game(8)
    grid = [NO_PLAYER] * 9
    for cell in (0, 3, 6, 1):
        grid[cell] = 0
    state = replace(
        start, grid=tuple(grid), players=(Player(meeples=0), Player()), turn=0, starter=0
    )
    legal = legal_actions(state)
    assert legal and all(isinstance(a, Unload) for a in legal)
    action, reason = hint(state, seed=0, time_budget=0.05)
    assert isinstance(action, Unload) and action in legal
    assert f"unloading {boat_words(action.boat)}" in reason
    assert "(" in reason and ")" in reason


def test_a_forced_step_is_explained_without_searching() -> None:
    state = forced_position()
    action, reason = hint(state, time_budget=2.0)
    assert [action] == legal_actions(state)
    assert "only legal step" in reason or isinstance(action, Pass)
