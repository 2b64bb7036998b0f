"""The evaluation's end-of-game terms."""

from __future__ import annotations

from msgspec.structs import replace

from ai.evaluate import LATE_SUPPLY, material
from engine import GameState, new_game


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
