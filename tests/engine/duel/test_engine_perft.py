"""Perft: the number of legal action sequences of a given length, as regression data.

A sequence that ends the game early has no continuation, so it counts for no
greater depth (as in chess perft). The counts were computed once with the
engine; the small ones are checked by hand in the comments.
"""

from __future__ import annotations

import pytest
from engine_support import names, random_walk

from engine.duel import GameState, apply_unchecked, legal_actions, new_game


def perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(apply_unchecked(state, a), depth - 1) for a in legal_actions(state))


def start() -> GameState:
    return new_game(1)


def mid_game() -> GameState:
    return random_walk(7, 30)


def many_tokens() -> GameState:
    return random_walk(14, 21, sides="BABA")


def late_game() -> GameState:
    return random_walk(3, 72)


POSITIONS = {"start": start, "mid_game": mid_game, "many_tokens": many_tokens, "late": late_game}

EXPECTED = {
    # Depth 1: 9 placements. Depth 2: 9 x 8. Depth 3: 72 x 7 placements, plus an
    # unload after each of the 36 ordered pairs of cells sharing a line.
    # Depth 4: after three placements white places on 6 cells, plus one unload
    # per line holding two or three of the three meeples (6 lines x 114 ordered
    # triples); after a depth-3 unload the grid is empty again: 36 x 9.
    # 504 x 6 + 684 + 324 = 4032.
    "start": [9, 72, 540, 4032, 30564],
    "mid_game": [9, 85, 610, 5499],
    "many_tokens": [11, 101, 800, 7201],
    # Two boats left, the supply empty: an unload ends the game within the search.
    "late": [9, 57, 420, 2022, 8438],
}


@pytest.mark.parametrize("name", EXPECTED)
def test_perft(name: str) -> None:
    state = POSITIONS[name]()
    counts = [perft(state, depth) for depth in range(1, len(EXPECTED[name]) + 1)]
    assert counts == EXPECTED[name]


def test_mid_game_position_by_hand() -> None:
    # White to move with 2 meeples and Place 2-3 and Swap in hand. Black on
    # cells 1 and 8, white on 4 and 9: 5 empty cells, row 3 and column 1
    # hold two meeples, both tokens are playable: 5 + 2 + 2 = 9.
    state = mid_game()
    assert state.turn == 1 and state.players[1].actions == ("AP", "AS")
    assert names(legal_actions(state)) == ["P2", "P3", "P5", "P6", "P7", "UR3", "UC1", "AP", "AS"]


def test_late_position_by_hand() -> None:
    # Only the row 1 and row 2 boats are left and the supply is empty. White
    # (one meeple on cell 2; black on cell 5) may place on 7 cells, play
    # Place 1 and unload (cells 1, 3, 4, 6 would enable an unload) or Place
    # 2-3; Swap is not playable since nothing can be unloaded. Depth 2: after
    # a white meeple in row 1 or 2 (4 cells) black may also unload: 4 x 7 +
    # 3 x 6 = 46, plus 4 placements for Place 1 and unload and 7 for Place 2-3.
    state = late_game()
    assert [b is not None for b in state.boats] == [True, True, False, False, False, False]
    assert state.supply == ()
    assert names(legal_actions(state)) == ["P1", "P3", "P4", "P6", "P7", "P8", "P9", "AU", "AP"]
    assert perft(state, 2) == 46 + 4 + 7
