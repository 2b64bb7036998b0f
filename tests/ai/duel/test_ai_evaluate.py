"""The evaluation's end-of-game terms."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from ai.duel.evaluate import LATE_SUPPLY, OUTLOOK, SCORE, Evaluation, material
from engine.duel import (
    BOATS_AT_END,
    GameState,
    apply_unchecked,
    boats_in_play,
    legal_actions,
    new_game,
    unloadable_boats,
)
from engine.duel.actions import UNLOADS


def with_meeples(state: GameState, mine: int, theirs: int, supply: int) -> GameState:
    """``state`` with the given meeples in hand (player 0, player 1) and refills left."""
    players = (
        replace(state.players[0], meeples=mine),
        replace(state.players[1], meeples=theirs),
    )
    return replace(state, players=players, supply=state.supply[:supply])


def test_meeples_on_the_grid_count_once_the_refills_run_low() -> None:
    state = new_game(7)
    assert len(state.supply) > LATE_SUPPLY
    # Player 0 has two meeples on the grid, player 1 none.
    early = with_meeples(state, 2, 4, len(state.supply))
    late = with_meeples(state, 2, 4, 0)
    level = with_meeples(state, 4, 4, 0)
    assert material(early, 0) == material(with_meeples(state, 4, 4, len(state.supply)), 0)
    assert material(late, 0) - material(level, 0) == 2.0
    assert material(late, 1) - material(level, 1) == -2.0


def test_the_grid_term_grows_as_the_supply_shrinks() -> None:
    state = new_game(7)
    gains = [
        material(with_meeples(state, 3, 4, left), 0) - material(with_meeples(state, 4, 4, left), 0)
        for left in range(int(LATE_SUPPLY), -1, -1)
    ]
    assert gains == sorted(gains)
    assert gains[0] == 0.0 and gains[-1] == 1.0


def unload_gain_by_playing_each(judge: Evaluation, state: GameState, mover: int) -> float:
    """The threat term the plain way: play each ready unload out in full."""
    state = replace(state, turn=mover)
    base = judge.material(state, mover)
    gains = [
        judge.material(apply_unchecked(state, UNLOADS[boat]), mover) - base
        for boat in unloadable_boats(state)
    ]
    return max([0.0, *gains])


@pytest.mark.parametrize("judge", [SCORE, OUTLOOK], ids=["score", "outlook"])
def test_an_unload_valued_from_its_hand_out_is_worth_the_same_as_played(
    judge: Evaluation,
) -> None:
    # Search values unloads from the hand-out alone; over whole random games,
    # to the last unload, that must agree with playing each one out.
    compared = ended = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(seed, sides="ABBA" if seed % 2 else "BBAA")
        while not state.over:
            if state.pending is None and unloadable_boats(state):
                for mover in (0, 1):
                    expected = unload_gain_by_playing_each(judge, state, mover)
                    assert judge.best_unload_gain(state, mover) == pytest.approx(expected)
                    compared += 1
                ended += not state.supply and boats_in_play(state) - 1 == BOATS_AT_END
            state = apply_unchecked(state, rng.choice(legal_actions(state)))
    assert compared > 300 and ended > 0


@pytest.mark.parametrize("judge", [SCORE, OUTLOOK], ids=["score", "outlook"])
def test_material_is_the_same_for_the_other_player_with_its_sign_turned(
    judge: Evaluation,
) -> None:
    # evaluate() counts on this to value a position once for both players.
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(seed)
        while not state.over:
            assert judge.material(state, 1) == -judge.material(state, 0)
            state = apply_unchecked(state, rng.choice(legal_actions(state)))
