"""A turn's actions (BUILDERS.md section 5), who decides, and the end of a round (section 4)."""

from __future__ import annotations

import pytest
from builders_support import (
    BLACK,
    BROWN,
    GREY,
    WHITE,
    arrange,
    last_ship_of_round_one,
    legal,
    play,
    start,
)

from engine.builders import (
    IllegalAction,
    Pass,
    apply,
    current_player,
    legal_actions,
    parse_action,
    step_prompt,
    why_illegal,
)


def test_get_moves_three_stones_from_quarry_to_sled() -> None:
    state = play(start(4), "get")  # the starter has 2 on the sled
    assert state.sled[BLACK] == 5 and state.quarry[BLACK] == 25
    assert state.turn == WHITE


def test_get_moves_only_what_fits_and_what_the_quarry_holds() -> None:
    state = arrange(start(4), sled=(4, 3, 4, 5))  # one space left on black's sled
    assert play(state, "get").sled[BLACK] == 5
    few = arrange(start(4), sled=(1, 3, 4, 5), pyramid=(BLACK,) * 28)  # quarry holds 1
    after = play(few, "get")
    assert after.sled[BLACK] == 2 and after.quarry[BLACK] == 0


def test_ruling_get_is_not_allowed_when_it_would_move_no_stone() -> None:
    full = arrange(start(4), sled=(5, 3, 4, 5))
    assert "get" not in legal(full)
    assert why_illegal(full, parse_action("get")) == "your sled is full"
    empty = arrange(start(4), sled=(2, 3, 4, 5), pyramid=(BLACK,) * 28)
    assert "get" not in legal(empty)
    assert why_illegal(empty, parse_action("get")) == "your quarry is empty"


def test_a_stone_goes_on_any_empty_space_of_a_ship_not_yet_sailed() -> None:
    state = start(4)  # round card 0 for 4 players: ships of 4, 4, 2 and 1
    places = [m for m in legal(state) if m.startswith("P")]
    assert places == [f"P{s}:{k}" for s, cap in ((1, 4), (2, 4), (3, 2), (4, 1))
                      for k in range(1, cap + 1)]  # fmt: skip
    state = play(state, "P1:3")  # the bow can stay empty
    assert state.ships[0] == (-1, -1, BLACK, -1) and state.sled[BLACK] == 1
    assert "P1:3" not in legal(state)
    with pytest.raises(IllegalAction, match="space 3 of ship 1 is taken"):
        apply(state, parse_action("P1:3"))


def test_a_ship_sails_with_its_minimum_load_to_a_site_no_ship_has_sailed_to() -> None:
    state = start(4)
    state = play(state, "P3:1")  # a 2-ship needs 1 stone
    assert "S3:P" in legal(state) and "S1:P" not in legal(state)
    with pytest.raises(IllegalAction, match="ship 1 carries 0 stones; it sails with at least 3"):
        apply(state, parse_action("S1:P"))
    state = play(state, "S3:P")  # white sails black's stone: allowed
    assert state.docked == (-1, -1, 1, -1) and state.pyramid == (BLACK,)
    assert state.ships[2] == (-1, -1)  # unloaded at once
    assert state.turn == BROWN
    state = play(state, "P4:1")
    assert [m for m in legal(state) if m.startswith("S4")] == ["S4:M", "S4:T", "S4:B", "S4:O"]
    with pytest.raises(IllegalAction, match="already sailed to the pyramid"):
        apply(state, parse_action("S4:P"))
    with pytest.raises(IllegalAction, match="ship 3 has already sailed"):
        apply(state, parse_action("P3:1"))


def test_a_ship_unloads_front_first_skipping_empty_spaces() -> None:
    state = arrange(start(4), ships=((-1, GREY, WHITE, BLACK), (-1,) * 4, (-1,) * 2, (-1,)))
    state = play(state, "S1:B")
    assert state.chamber == (GREY, WHITE, BLACK)


def test_ruling_pass_only_when_sled_and_quarry_are_empty_and_no_ship_can_sail() -> None:
    stuck = arrange(start(4), sled=(0, 3, 4, 5), pyramid=(BLACK,) * 30)
    assert legal_actions(stuck) == [Pass()]
    assert "pass" in step_prompt(stuck)
    after = play(stuck, "pass")
    assert after.turn == WHITE and after.ply == 1
    loaded = arrange(stuck, ships=((WHITE, WHITE, WHITE, -1), (-1,) * 4, (-1,) * 2, (-1,)))
    assert Pass() not in legal_actions(loaded)  # black may sail white's ship
    with pytest.raises(IllegalAction, match="only when nothing else is possible"):
        apply(loaded, Pass())


def test_the_round_ends_when_the_fourth_ship_has_sailed() -> None:
    state = last_ship_of_round_one(temple=(WHITE, GREY))
    after = play(state, "S4:O")  # brown sails the fourth ship
    assert after.round == 2
    assert after.turn == GREY  # the player after the one who sailed it
    assert tuple(len(s) for s in after.ships) == (4, 3, 3, 2)  # round card 1
    assert after.docked == (-1, -1, -1, -1)
    assert after.market == (4, 5, 6, 7) and after.deck == tuple(range(8, 34))
    assert after.discard == (0, 2, 1, 3)  # the cards left face up are discarded
    assert after.temple_points == (0, 1, 0, 1)
    assert after.obelisks[GREY] == 1


def test_the_game_ends_after_the_sixth_round_and_nobody_decides_then() -> None:
    state = arrange(
        start(4),
        round=6,
        ships=((-1,) * 4, (-1,) * 4, (-1,) * 2, (GREY, -1)),  # round card 5: 4 4 2 2
        docked=(0, 1, 2, -1),
        deck=tuple(range(24, 34)),
        market=(20, 21, 22, 23),
        discard=tuple(range(20)),
    )
    after = play(state, "S4:O")
    assert after.over and after.round == 6
    assert legal_actions(after) == [] and current_player(after) == -1
    assert after.ships == () and after.market == ()
    assert why_illegal(after, parse_action("get")) == "the game is over"


def test_a_wrong_decision_for_the_step_says_what_is_expected() -> None:
    state = arrange(start(4), ships=((WHITE, BROWN, GREY, -1), (-1,) * 4, (-1,) * 2, (-1,)))
    state = play(state, "S1:M")
    assert state.step == "take" and current_player(state) == WHITE
    reason = why_illegal(state, parse_action("get"))
    assert reason is not None and "take a face-up market card" in reason
    with pytest.raises(IllegalAction):
        apply(state, Pass())  # Ruling: taking a card is not optional
