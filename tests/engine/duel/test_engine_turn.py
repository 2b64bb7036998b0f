"""A turn (RULES.md sections 4.1, 4.2 and 4.4): place, unload, pass."""

from __future__ import annotations

import pytest
from engine_support import check_invariants, grid, names, play, position

from engine.duel import (
    NO_PLAYER,
    GameState,
    IllegalAction,
    Pass,
    Place,
    Player,
    Unload,
    apply,
    apply_all,
    current_player,
    encode_state,
    handout,
    legal_actions,
    new_game,
    reveals_hidden,
    step_prompt,
    unloadable_boats,
    why_illegal,
)

# --- 4.1 placing a meeple -----------------------------------------------------------


def test_place_puts_a_meeple_and_passes_the_turn() -> None:
    state = new_game(1, starter=1)
    after = apply(state, Place(4))
    assert after.grid[4] == 1
    assert after.players[1].meeples == 3
    assert after.players[0].meeples == 4
    assert current_player(after) == 0
    assert after.ply == 1


def test_one_meeple_per_cell() -> None:
    state = play(new_game(1), "P5")
    assert Place(4) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="one meeple per cell"):
        apply(state, Place(4))


def test_no_placement_with_all_four_meeples_on_the_grid() -> None:
    state = position(cells="00. 0.. 0..", boats={}, removed=[])
    assert state.players[0].meeples == 0
    assert not any(isinstance(a, Place) for a in legal_actions(state))
    reason = why_illegal(state, Place(8))
    assert reason is not None and "all four" in reason
    # The opponent, with meeples left, may place on the same position.
    assert Place(8) in legal_actions(position(cells="00. 0.. 0..", turn=1))


# --- 4.2 unloading a boat -----------------------------------------------------------


def test_row_boat_hands_out_nearest_meeple_first_slot_3_first() -> None:
    # Row 1 boat: column 0 is nearest. Cells 1, 2, 3 hold white, black, white.
    state = position(boats={0: ("T1", "T2", "T3")}, cells="101 ... ...")
    after = apply(state, Unload(0))
    assert after.players[1].temples == (3, 1)  # nearest got slot 3, farthest slot 1
    assert after.players[0].temples == (2,)
    assert after.box == state.box  # three meeples: nothing goes to the box


def test_column_boat_hands_out_row_0_first() -> None:
    # Column 2 boat (cells 2, 5, 8 in notation = 1, 4, 7 inside): row 0 nearest.
    state = position(boats={4: ("B1", "B2", "B3")}, cells=".0. .1. .0.")
    after = apply(state, Unload(4))
    assert after.players[0].chambers == (1, 3)
    assert after.players[1].chambers == (2,)


def test_row_3_boat_with_the_nearest_cell_empty() -> None:
    # Empty cells are skipped: the meeple in column 1 is the nearest one.
    state = position(boats={2: ("T1", "T2", "T3")}, cells="... ... .01")
    after = apply(state, Unload(2))
    assert after.players[0].temples == (3,)
    assert after.players[1].temples == (2,)
    assert after.box[-1] == "T1"


def test_two_meeples_take_slots_3_and_2_and_slot_1_goes_to_the_box() -> None:
    state = position(boats={1: ("PL", "PD", "OB")}, cells="... 0.1 ...")
    after = apply(state, Unload(1))
    assert after.players[0].obelisks == 1  # column 0 is nearest: slot 3
    assert after.players[1].dark == 1  # slot 2
    assert after.players[0].light == after.players[1].light == 0
    assert after.box == (*state.box, "PL")
    check_invariants(after)


def test_column_boat_two_meeples_rows_1_and_2() -> None:
    state = position(boats={3: ("B7", "T4", "OB")}, cells="... 1.. 0..")
    after = apply(state, Unload(3))
    assert after.players[1].obelisks == 1
    assert after.players[0].temples == (4,)
    assert after.box[-1] == "B7"


def test_meeples_return_to_their_owners_supply() -> None:
    state = position(boats={0: ("T1", "T2", "T3")}, cells="110 0.. ..1")
    assert state.players[0].meeples == 2 and state.players[1].meeples == 1
    after = apply(state, Unload(0))
    assert after.grid == grid("... 0.. ..1")
    assert after.players[0].meeples == 3
    assert after.players[1].meeples == 3
    check_invariants(after)


def test_only_the_chosen_line_is_unloaded() -> None:
    # Row 1 and column 1 both hold two meeples; unloading row 1 leaves cell 4.
    state = position(cells="01. 1.. ...")
    after = apply(state, Unload(0))
    assert after.grid[3] == 1 and after.grid[0] == NO_PLAYER and after.grid[1] == NO_PLAYER


def test_unload_refills_the_boat_from_the_supply_in_slot_order() -> None:
    state = position(
        boats={0: ("T1", "T2", "T3")},
        supply=("B1", "B2", "B3", "B4", "B5", "B6"),
        cells="01. ... ...",
    )
    after = apply(state, Unload(0))
    assert after.boats[0] == ("B1", "B2", "B3")
    assert after.supply == ("B4", "B5", "B6")


def test_meeples_of_either_colour_count_for_an_unload() -> None:
    # Black may unload a line that holds only white's meeples: white gets the goods.
    state = position(boats={0: ("T1", "T2", "T3")}, cells="11. ... ...", turn=0)
    assert Unload(0) in legal_actions(state)
    after = apply(state, Unload(0))
    assert after.players[1].temples == (3, 2)
    assert after.players[0].temples == ()
    assert current_player(after) == 1


@pytest.mark.parametrize(
    ("cells", "words"), [(".0. ... ...", "only one meeple"), ("... ... ...", "no meeple")]
)
def test_unload_needs_two_meeples_in_the_line(cells: str, words: str) -> None:
    state = position(cells=cells)
    assert unloadable_boats(state) == []
    assert not any(isinstance(a, Unload) for a in legal_actions(state))
    with pytest.raises(IllegalAction, match=words):
        apply(state, Unload(0))


def test_unloadable_boats_lists_every_line_with_two_meeples() -> None:
    state = position(cells="0.1 .0. 1..")
    # Two meeples in row 1 (cells 1, 3) and in column 1 (cells 1, 7) only.
    assert unloadable_boats(state) == [0, 3]
    assert [a for a in legal_actions(state) if isinstance(a, Unload)] == [Unload(0), Unload(3)]


# --- 4.4 passing ----------------------------------------------------------------


def stuck_position(held: tuple[str, ...] = ()) -> GameState:
    # Black's four meeples stand on lines whose boats have left (rows 1, 2 and
    # column 1) or hold one meeple (columns 2, 3): no unload, nothing to place.
    return position(
        removed=[0, 1, 2, 3],
        cells="00. 0.0 ...",
        players=(Player(actions=held), Player()),
        supply=(),
    )


def test_pass_is_the_only_action_when_nothing_else_is_legal() -> None:
    state = stuck_position()
    assert unloadable_boats(state) == []
    assert legal_actions(state) == [Pass()]
    after = apply(state, Pass())
    assert current_player(after) == 1
    assert after.grid == state.grid and after.players == state.players
    # The opponent can still move: the game cannot stall.
    assert any(isinstance(a, Place) for a in legal_actions(after))


def test_pass_with_held_tokens_that_cannot_be_played() -> None:
    # Place 2-3 and Place 1 and unload need meeples; Swap needs an unload.
    state = stuck_position(held=("AP", "AU", "AS"))
    assert legal_actions(state) == [Pass()]


def test_pass_is_rejected_when_anything_else_is_legal() -> None:
    # Take 1 token is playable (a boat holds a non-action token), so no pass.
    state = stuck_position(held=("AT",))
    assert names(legal_actions(state)) == ["AT"]
    with pytest.raises(IllegalAction, match="pass only when nothing else is legal"):
        apply(state, Pass())
    with pytest.raises(IllegalAction, match="pass"):
        apply(new_game(1), Pass())


# --- illegal actions ----------------------------------------------------------------


def test_illegal_action_is_a_value_error_with_a_readable_message() -> None:
    assert issubclass(IllegalAction, ValueError)
    state = play(new_game(1), "P1")
    with pytest.raises(ValueError) as info:
        apply(state, Place(0))
    message = str(info.value)
    assert "cell 1" in message and "meeple" in message


def test_apply_never_mutates_its_input() -> None:
    state = position(boats={0: ("T1", "T2", "T3")}, cells="101 ... ...")
    before = encode_state(state)
    apply(state, Unload(0))
    with pytest.raises(IllegalAction):
        apply(state, Unload(1))
    assert encode_state(state) == before


# --- helpers of the public API --------------------------------------------------------


def test_why_illegal_rejects_things_that_are_not_actions() -> None:
    reason = why_illegal(new_game(1), "P1")  # type: ignore[arg-type]
    assert reason is not None and "not an action" in reason


def test_apply_all_applies_in_order_through_the_checked_path() -> None:
    state = apply_all(new_game(1), [Place(0), Place(1)])
    assert state == play(new_game(1), "P1", "P2")
    with pytest.raises(IllegalAction):
        apply_all(new_game(1), [Place(0), Place(0)])


def test_step_prompt_says_what_to_do() -> None:
    assert "place a meeple" in step_prompt(new_game(1))
    token = play(position(players=(Player(actions=("AS",)), Player()), cells="01. ... ..."), "AS")
    assert step_prompt(token) == "Swap 2 tokens and unload: choose two slots of one boat to swap"


def test_reveals_hidden_only_when_a_face_down_token_turns_up() -> None:
    state = play(new_game(1), "P1")
    assert not reveals_hidden(new_game(1), state)
    before = play(state, "P2")
    after = play(before, "UR1")  # the boat is refilled from the supply
    assert reveals_hidden(before, after)
    taking = play(position(players=(Player(actions=("AT",)), Player())), "AT")
    assert not reveals_hidden(position(players=(Player(actions=("AT",)), Player())), taking)
    assert reveals_hidden(taking, play(taking, str(legal_actions(taking)[0])))


def test_handout_says_who_gets_what_in_hand_out_order() -> None:
    state = position(boats={3: ("B1", "B2", "B3")}, cells="1.. ... 0..")
    assert handout(state, 3) == [(0, 1, "B3"), (6, 0, "B2")]
    after = apply(state, Unload(3))
    assert after.players[1].chambers == (3,) and after.players[0].chambers == (2,)


def test_step_prompt_explains_a_pass() -> None:
    assert "pass" in step_prompt(stuck_position())
    assert "pass" not in step_prompt(new_game(1))
