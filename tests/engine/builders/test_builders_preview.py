"""The sail preview and the words a player reads about the decision in progress."""

from __future__ import annotations

import pytest
from builders_support import BLACK, BROWN, GREY, WHITE, arrange, play, start

from engine.builders import IllegalAction, preview_sail, score, step_prompt
from engine.builders.sites import CHAMBER, MARKET, OBELISKS
from engine.builders.state import GameState

EMPTY_SHIPS = ((-1,) * 4, (-1,) * 4, (-1,) * 2, (-1,))


def loaded(stones: tuple[int, ...], **fields: object) -> GameState:
    return arrange(start(4), ships=(stones, *EMPTY_SHIPS[1:]), **fields)


def test_a_market_preview_lists_the_choosers_in_order_and_the_cards_offered() -> None:
    state = loaded((GREY, -1, WHITE, GREY))
    seen = preview_sail(state, 0, MARKET)
    assert [(d.slot, d.owner, d.place) for d in seen.deliveries] == [
        (0, GREY, ()), (2, WHITE, ()), (3, GREY, ()),
    ]  # fmt: skip
    assert seen.offered == state.market
    assert seen.before == seen.after == score(state)


def test_a_chamber_preview_gives_columns_and_rows_and_changes_the_end_score() -> None:
    state = loaded((BLACK, BLACK, WHITE, -1), chamber=(BROWN, BROWN))
    seen = preview_sail(state, 0, CHAMBER)
    assert [d.place for d in seen.deliveries] == [(1, 3), (2, 1), (2, 2)]
    assert all(d.points == 0 for d in seen.deliveries)  # the chamber scores at the end
    # Column 1 row 3 and column 2 row 1 do not touch: two groups of one.
    assert seen.after[BLACK].chamber == 2 and seen.before[BLACK].chamber == 0
    assert seen.after[BLACK].track == seen.before[BLACK].track
    assert play(state, "S1:B").chamber == (BROWN, BROWN, BLACK, BLACK, WHITE)


def test_an_obelisk_preview_gives_each_owner_their_new_height() -> None:
    state = loaded((WHITE, WHITE, BLACK, -1), obelisks=(2, 0, 0, 0))
    seen = preview_sail(state, 0, OBELISKS)
    assert [(d.owner, d.place) for d in seen.deliveries] == [(WHITE, (1,)), (WHITE, (2,)),
                                                             (BLACK, (3,))]  # fmt: skip


def test_a_sail_that_is_not_allowed_has_no_preview() -> None:
    with pytest.raises(IllegalAction, match="ship 1 carries 0 stones"):
        preview_sail(start(4), 0, MARKET)
    state = play(loaded((WHITE, BROWN, GREY, -1)), "S1:M")
    with pytest.raises(IllegalAction):
        preview_sail(state, 2, CHAMBER)  # a market card is being chosen


def test_the_prompt_names_the_decision_in_progress() -> None:
    assert "get stones" in step_prompt(start(4))
    state = play(loaded((WHITE, BROWN, GREY, -1)), "S1:M")
    assert step_prompt(state) == ("take a face-up market card for your stone (ship 1, space 1)")
