"""Every level plays only legal steps and finishes whole games."""

from __future__ import annotations

import threading
import time

import pytest
from ai_support import forced_position

from ai.duel import LEVELS, make_player
from ai.duel.players import MAX_BUDGET
from engine.duel import GameState, apply, legal_actions, new_game, outcome

# Small budgets keep the whole suite fast; hard still searches at least once.
FAST = 0.02


def play_game(levels: tuple[str, str], seed: int, sides: str) -> GameState:
    players = [make_player(lvl, seed=seed + i, time_budget=FAST) for i, lvl in enumerate(levels)]  # type: ignore[arg-type]
    state = new_game(seed, sides=sides, starter=seed % 2)
    # RULES.md bounds a game (at most 18 unloads); 400 steps is far beyond any,
    # so a game that is still going means a player that never ends it.
    for _ in range(400):
        if state.over:
            break
        action = players[state.turn].choose(state)
        assert action in legal_actions(state), f"{levels[state.turn]} chose {action}"
        state = apply(state, action)  # checked, so an illegal step would raise
    assert state.over, "the game did not end"
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_at_each_level_completes(level: str) -> None:
    state = play_game((level, level), seed=7, sides="AAAA")
    assert outcome(state) is not None


@pytest.mark.parametrize(
    ("levels", "seed", "sides"),
    [
        (("easy", "random"), 1, "BBBB"),
        (("medium", "easy"), 2, "ABAB"),
        (("hard", "medium"), 3, "BABA"),
        (("random", "hard"), 4, "AABB"),
    ],
)
def test_choices_are_legal_over_mixed_games(levels: tuple[str, str], seed: int, sides: str) -> None:
    assert outcome(play_game(levels, seed, sides)) is not None


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        make_player("grandmaster")  # type: ignore[arg-type]


def test_choose_refuses_a_finished_game() -> None:
    state = play_game(("random", "random"), seed=5, sides="AAAA")
    with pytest.raises(ValueError, match="over"):
        make_player("easy").choose(state)


def test_a_forced_step_is_answered_at_once() -> None:
    state = forced_position()
    player = make_player("hard", time_budget=2.0)
    start = time.monotonic()
    assert player.choose(state) == legal_actions(state)[0]
    assert time.monotonic() - start < 0.05


@pytest.mark.parametrize("signal", ["event", "callable"])
def test_a_cancelled_search_still_answers_legally(signal: str) -> None:
    state = new_game(12)
    event = threading.Event()
    event.set()
    stop = event if signal == "event" else event.is_set
    start = time.monotonic()
    action = make_player("hard", time_budget=2.0).choose(state, should_stop=stop)
    assert time.monotonic() - start < 0.5
    assert action in legal_actions(state)


def test_hard_keeps_to_its_budget_on_average_and_to_the_cap_always() -> None:
    # Hard may spend time saved earlier, so one decision may take longer than
    # the budget, but never longer than the cap, and the mean stays within it.
    state = new_game(13, sides="BBBB")
    player = make_player("hard", seed=1, time_budget=0.1)
    spent: list[float] = []
    for _ in range(12):
        start = time.monotonic()
        action = player.choose(state)
        spent.append(time.monotonic() - start)
        assert spent[-1] < MAX_BUDGET + 0.5
        state = apply(state, action)
    assert sum(spent) / len(spent) < 0.1 + 0.25


def test_hard_reads_out_the_endgame_legally_and_in_time() -> None:
    state = new_game(23, sides="ABAB")
    helper = make_player("medium", seed=3)
    while state.supply:
        state = apply(state, helper.choose(state))
    player = make_player("hard", seed=4, time_budget=0.1)
    while not state.over:
        start = time.monotonic()
        action = player.choose(state) if state.turn == 0 else helper.choose(state)
        assert time.monotonic() - start < 1.0
        state = apply(state, action)
    assert outcome(state) is not None


def test_hard_with_a_cap_on_deals_repeats_itself() -> None:
    state = new_game(14, sides="BAAB")
    for _ in range(6):
        chosen = [
            make_player("hard", seed=9, time_budget=2.0, max_passes=40).choose(state)
            for _ in range(2)
        ]
        assert chosen[0] == chosen[1]
        assert chosen[0] in legal_actions(state)
        state = apply(state, chosen[0])


def test_hard_plays_action_tokens_through_legally() -> None:
    # Mid-token the position is a decision like any other, searched afresh.
    state = new_game(17)
    player = make_player("hard", seed=2, time_budget=2.0, max_passes=30)
    token_steps = 0
    while not state.over:
        token_steps += state.pending is not None
        action = player.choose(state)
        assert action in legal_actions(state)
        state = apply(state, action)
    assert token_steps > 0
