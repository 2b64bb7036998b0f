"""Where the board's parts are drawn, and where a click lands."""

from __future__ import annotations

import random

import pytest

from engine.duel import apply, legal_actions, new_game
from engine.duel.scoring import player_score
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.widgets.harbor import (
    CELL_HEIGHT,
    CELL_WIDTH,
    COLUMN_BOAT_HEIGHT,
    HEIGHT,
    LARGE,
    ROW_BOAT_WIDTH,
    SMALL,
    WIDTH,
    Plan,
    boat_offset,
    cell_offset,
    hit,
    plan_for,
)
from tui.duel.widgets.monuments import MONUMENTS, Board


def test_a_click_on_a_cell_chooses_that_cell() -> None:
    for cell in range(9):
        assert hit(cell_offset(cell)) == ("cell", cell, None)


def test_a_click_on_a_slot_chooses_that_slot_and_the_label_the_boat() -> None:
    for boat in range(6):
        assert hit(boat_offset(boat)) == ("boat", boat, None)
        for slot in range(3):
            assert hit(boat_offset(boat, slot)) == ("boat", boat, slot)


def test_every_cell_covers_its_whole_box() -> None:
    for cell in range(9):
        row, col = divmod(cell, 3)
        for dy in range(CELL_HEIGHT):
            for dx in range(CELL_WIDTH):
                x = ROW_BOAT_WIDTH + col * CELL_WIDTH + dx
                y = COLUMN_BOAT_HEIGHT + row * CELL_HEIGHT + dy
                assert hit((x, y)) == ("cell", cell, None), (x, y)


def test_the_corner_and_the_outside_choose_nothing() -> None:
    assert hit((0, 0)) is None
    assert hit((ROW_BOAT_WIDTH - 1, COLUMN_BOAT_HEIGHT - 1)) is None
    assert hit((WIDTH, 5)) is None
    assert hit((5, HEIGHT)) is None
    assert hit((-1, 5)) is None


@pytest.mark.parametrize("plan", [SMALL, LARGE])
def test_clicks_land_where_each_plan_draws(plan: Plan) -> None:
    for cell in range(9):
        assert hit(cell_offset(cell, plan), plan) == ("cell", cell, None)
        row, col = divmod(cell, 3)
        corner = (
            plan.row_boat_width + col * plan.cell_width,
            plan.column_boat_height + row * plan.cell_height,
        )
        far = (corner[0] + plan.cell_width - 1, corner[1] + plan.cell_height - 1)
        assert hit(corner, plan) == hit(far, plan) == ("cell", cell, None)
    for boat in range(6):
        assert hit(boat_offset(boat, None, plan), plan) == ("boat", boat, None)
        for slot in range(3):
            assert hit(boat_offset(boat, slot, plan), plan) == ("boat", boat, slot)
    assert hit((0, 0), plan) is None
    assert hit((plan.width, 0), plan) is None


def test_the_large_plan_is_used_only_where_it_fits() -> None:
    assert plan_for(WIDTH, HEIGHT) is SMALL
    assert plan_for(LARGE.width, LARGE.height) is LARGE
    assert plan_for(LARGE.width - 1, LARGE.height + 10) is SMALL
    assert plan_for(LARGE.width + 10, LARGE.height - 1) is SMALL


def test_each_monument_draws_as_many_lines_as_its_panel_reserves() -> None:
    # The panel maps clicks to monuments by these heights, and 41 is its width at 80x24.
    rng = random.Random(3)
    for seed in range(8):
        state = new_game(seed, sides="".join(rng.choice("AB") for _ in range(4)))
        while not state.over:
            for who in (0, 1):
                board = Board(
                    who,
                    state.sides,
                    state.players[who],
                    player_score(state, who),
                    state.first_to_five,
                )
                for monument in MONUMENTS:
                    for glyphs in (UNICODE, ASCII):
                        lines = monument.draw(board, glyphs, 41)
                        assert len(lines) == monument.height, monument.topic
                        assert all(line.cell_len <= 41 for line in lines), monument.topic
            state = apply(state, rng.choice(legal_actions(state)))
