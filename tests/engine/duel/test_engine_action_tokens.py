"""Action tokens (RULES.md section 4.3), step by step."""

from __future__ import annotations

import pytest
from engine_support import names, play, position

from engine.duel import (
    NO_PLAYER,
    IllegalAction,
    Pending,
    Place,
    Play,
    Player,
    Stop,
    Swap,
    Take,
    Unload,
    apply,
    current_player,
    enabling_cells,
    legal_actions,
    outcome,
    step_prompt,
    why_illegal,
)


def holding(*tokens: str) -> tuple[Player, Player]:
    return (Player(actions=tokens), Player())


# --- playing a token in general -------------------------------------------------


def test_a_played_token_goes_to_the_box_and_its_steps_begin() -> None:
    state = position(players=holding("AT", "AT"))
    after = apply(state, Play("AT"))
    assert after.box == (*state.box, "AT")
    assert after.players[0].actions == ("AT",)  # one of the two was played
    assert after.pending == Pending(token="AT", step="take")
    assert current_player(after) == 0  # still black's turn
    assert "Take 1 token" in step_prompt(after)


def test_cannot_play_a_token_you_do_not_hold() -> None:
    state = position(players=(Player(), Player(actions=("AT",))))
    assert Play("AT") not in legal_actions(state)
    with pytest.raises(IllegalAction, match='you hold no "Take 1 token" token'):
        apply(state, Play("AT"))


def test_token_steps_are_illegal_when_no_token_is_being_played() -> None:
    state = position()
    for action in (Stop(), Take(0, 0), Swap(0, 0, 1)):
        reason = why_illegal(state, action)
        assert reason is not None and "none is being played" in reason


def test_at_most_one_action_token_per_turn() -> None:
    state = play(position(players=holding("AT", "AP")), "AT")
    assert all(isinstance(a, Take) for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="being played"):
        apply(state, Play("AP"))
    after = apply(state, legal_actions(state)[0])
    assert current_player(after) == 1  # taking ended the turn
    assert after.players[0].actions == ("AP",)


# --- Take 1 token -------------------------------------------------------------------


def test_take_one_token_flow() -> None:
    state = position(
        boats={0: ("AP", "OB", "T3")}, reserve=("B5", "B6", "B7"), players=holding("AT")
    )
    taking = apply(state, Play("AT"))
    takes = legal_actions(taking)
    assert Take(0, 1) in takes and Take(0, 2) in takes
    assert Take(0, 0) not in takes  # the action token cannot be taken
    with pytest.raises(IllegalAction, match="except an action token"):
        apply(taking, Take(0, 0))
    after = apply(taking, Take(0, 1))
    assert after.players[0].obelisks == 1
    assert after.boats[0] == ("AP", "B5", "T3")  # reserve top fills the slot
    assert after.reserve == ("B6", "B7")
    assert after.supply == state.supply  # the supply is not touched
    assert after.pending is None and current_player(after) == 1


def test_take_offers_every_non_action_slot_of_every_boat_in_play() -> None:
    state = position(
        boats={0: ("AP", "AP", "AP"), 1: ("AU", "OB", "AU"), 5: ("T1", "T2", "T3")},
        removed=[2, 3],
        players=holding("AT"),
    )
    taking = apply(state, Play("AT"))
    assert set(legal_actions(taking)) == {Take(1, 1), Take(4, 0), Take(4, 1), Take(4, 2)} | {
        Take(5, s) for s in range(3)
    }
    with pytest.raises(IllegalAction, match="left the game"):
        apply(taking, Take(2, 0))
    with pytest.raises(IllegalAction, match="being played"):
        apply(taking, Place(0))


def test_take_is_not_playable_when_every_boat_holds_action_tokens() -> None:
    state = position(
        boats={4: ("AP", "AP", "AP"), 5: ("AU", "AU", "AU")},
        removed=[0, 1, 2, 3],
        supply=(),
        players=holding("AT"),
    )
    assert Play("AT") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="no boat holds a token other than"):
        apply(state, Play("AT"))


def test_taking_a_fifth_obelisk_makes_you_first_to_five() -> None:
    state = position(
        sides="BAAA",
        boats={0: ("OB", "T1", "T1")},
        players=(Player(obelisks=4, actions=("AT",)), Player()),
    )
    after = play(state, "AT", "TR1:1")
    assert after.first_to_five == 0


# --- Place 2-3 meeples ---------------------------------------------------------------


def test_place_two_needs_two_meeples_in_supply() -> None:
    # Ruling: three of black's meeples are on the grid, one left: not playable.
    state = position(cells="0.. .0. ..0", players=holding("AP"))
    assert state.players[0].meeples == 1
    assert Play("AP") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="at least two meeples"):
        apply(state, Play("AP"))


def test_place_two_with_two_meeples_ends_by_itself() -> None:
    state = position(cells="0.. ... ..0", players=holding("AP"))
    state = play(state, "AP", "P2")
    assert current_player(state) == 0 and state.pending is not None
    after = play(state, "P6")
    assert after.players[0].meeples == 0
    assert after.pending is None and current_player(after) == 1  # no third placement offered


def test_place_two_then_stop() -> None:
    state = play(position(players=holding("AP")), "AP")
    # The two placements are required: no stop, no unload, places only.
    assert names(legal_actions(state)) == [f"P{c}" for c in range(1, 10)]
    with pytest.raises(IllegalAction, match="not optional"):
        apply(state, Stop())
    state = play(state, "P1")
    assert state.pending is not None and state.pending.step == "place"
    with pytest.raises(IllegalAction, match="not optional"):
        apply(state, Stop())
    state = play(state, "P2")
    assert state.pending is not None and state.pending.step == "place_more"
    assert Stop() in legal_actions(state)
    # Row 1 now holds two meeples, but an unload is not part of this token.
    assert Unload(0) not in legal_actions(state)
    after = apply(state, Stop())
    assert after.players[0].meeples == 2
    assert current_player(after) == 1 and after.pending is None


def test_place_two_with_an_optional_third() -> None:
    state = play(position(players=holding("AP")), "AP", "P1", "P5")
    with pytest.raises(IllegalAction, match="one meeple per cell"):
        apply(state, Place(4))
    after = play(state, "P9")
    assert [after.grid[c] for c in (0, 4, 8)] == [0, 0, 0]
    assert after.players[0].meeples == 1
    assert current_player(after) == 1 and after.pending is None


# --- Place 1 meeple and unload 1-2x ---------------------------------------------------


def test_place_unload_is_not_playable_when_no_placement_enables_an_unload() -> None:
    state = position(players=holding("AU"))
    assert enabling_cells(state) == []
    assert Play("AU") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="no placement"):
        apply(state, Play("AU"))


def test_place_unload_needs_a_meeple() -> None:
    state = position(cells="0.. .0. 00.", players=holding("AU"))
    assert Play("AU") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="needs a meeple"):
        apply(state, Play("AU"))


def test_place_unload_placement_must_enable_an_unload() -> None:
    # Ruling: one white meeple on cell 1; only cells on its row or column help.
    state = position(cells="1.. ... ...", players=holding("AU"))
    assert enabling_cells(state) == [1, 2, 3, 6]
    placing = apply(state, Play("AU"))
    assert names(legal_actions(placing)) == ["P2", "P3", "P4", "P7"]
    with pytest.raises(IllegalAction, match="no boat could be unloaded"):
        apply(placing, Place(4))
    # With the row 1 boat gone, only the column helps.
    gone = position(cells="1.. ... ...", removed=[0], players=holding("AU"))
    assert enabling_cells(gone) == [3, 6]


def test_place_unload_any_cell_when_an_unload_is_already_possible() -> None:
    state = position(cells="01. ... ...", players=holding("AU"))
    assert enabling_cells(state) == [2, 3, 4, 5, 6, 7, 8]


def test_place_unload_first_unload_required_second_absent_when_impossible() -> None:
    state = position(boats={0: ("T1", "T2", "T3")}, cells="1.. ... ...", players=holding("AU"))
    state = play(state, "AU", "P2")
    assert state.pending is not None and state.pending.step == "unload"
    assert legal_actions(state) == [Unload(0)]
    with pytest.raises(IllegalAction, match="not optional"):
        apply(state, Stop())
    after = apply(state, Unload(0))
    assert after.players[1].temples == (3,) and after.players[0].temples == (2,)
    # No second unload possible: the turn ended by itself.
    assert after.pending is None and current_player(after) == 1


@pytest.mark.parametrize("second", ["stop", "UC3"])
def test_place_unload_second_unload_is_optional(second: str) -> None:
    state = position(cells="1.. ..0 ..1", players=holding("AU"))
    state = play(state, "AU", "P4", "UC1")
    assert state.pending is not None and state.pending.step == "unload_more"
    assert names(legal_actions(state)) == ["UC3", "stop"]
    after = play(state, second)
    assert after.pending is None and current_player(after) == 1
    if second == "stop":
        assert (after.grid[5], after.grid[8]) == (0, 1)
    else:
        assert (after.grid[5], after.grid[8]) == (NO_PLAYER, NO_PLAYER)
        assert after.players[1].meeples == 4


def test_place_unload_refills_each_boat_right_after_its_own_unload() -> None:
    # The refill of the first boat is on the harbor before the second unload.
    state = position(
        boats={3: ("T1", "T2", "T3"), 5: ("B1", "B2", "B3")},
        supply=("B4", "B5", "B6", "B7", "B8", "B9"),
        cells="1.. ..0 ..1",
        players=holding("AU"),
    )
    state = play(state, "AU", "P4", "UC1")
    assert state.boats[3] == ("B4", "B5", "B6") and state.supply == ("B7", "B8", "B9")
    after = play(state, "UC3")
    assert after.boats[5] == ("B7", "B8", "B9") and after.supply == ()


def test_game_ends_in_the_middle_of_place_and_unload() -> None:
    # Two boats left, empty supply: the first unload removes one boat, leaving
    # one, so the game ends although column 3 could still be unloaded.
    state = position(
        boats={4: ("T1", "T2", "T3"), 5: ("B1", "B2", "B3")},
        removed=[0, 1, 2, 3],
        supply=(),
        cells=".10 ..0 ...",
        players=holding("AU"),
    )
    state = play(state, "AU", "P5", "UC2")
    assert state.over
    assert state.boats[4] is None and state.boats[5] == ("B1", "B2", "B3")
    assert legal_actions(state) == []
    assert current_player(state) == NO_PLAYER
    assert state.pending is None
    assert outcome(state) is not None
    with pytest.raises(IllegalAction, match="game is over"):
        apply(state, Unload(5))
    with pytest.raises(IllegalAction, match="game is over"):
        apply(state, Stop())
    # Nobody gets the last boat's tokens.
    assert all(p.chambers == () for p in state.players)


def test_a_token_gained_during_the_turn_cannot_be_played_that_turn() -> None:
    state = position(boats={0: ("T1", "T2", "AP")}, cells="1.. .0. .1.", players=holding("AU"))
    state = play(state, "AU", "P2", "UR1")
    assert state.players[1].actions == ("AP",)  # white's meeple was nearest
    state = position(boats={0: ("T1", "AP", "T3")}, cells="1.. .0. .1.", players=holding("AU"))
    state = play(state, "AU", "P2", "UR1")
    assert state.players[0].actions == ("AP",)  # black gained Place 2-3 ...
    assert state.pending is not None and state.pending.step == "unload_more"
    assert Play("AP") not in legal_actions(state)  # ... but cannot play it now
    with pytest.raises(IllegalAction, match="being played"):
        apply(state, Play("AP"))
    after = play(state, "stop")
    assert current_player(after) == 1
    # On black's next turn the token is playable.
    later = play(after, "P1")
    assert Play("AP") in legal_actions(later)


# --- Swap 2 tokens and unload ----------------------------------------------------------


def test_swap_is_playable_only_when_an_unload_is_possible() -> None:
    state = position(cells=".0. ... ..1", players=holding("AS"))
    assert Play("AS") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="no boat can be unloaded"):
        apply(state, Play("AS"))
    assert Play("AS") in legal_actions(position(cells="01. ... ...", players=holding("AS")))


def test_swap_then_unload_any_boat() -> None:
    state = position(
        boats={0: ("T1", "T2", "T3"), 5: ("B1", "B2", "B3")},
        removed=[2],
        cells="01. ... ...",
        players=holding("AS"),
    )
    swapping = apply(state, Play("AS"))
    swaps = legal_actions(swapping)
    assert len(swaps) == 15 and all(isinstance(s, Swap) for s in swaps)
    assert Swap(2, 0, 1) not in swaps  # the removed boat
    with pytest.raises(IllegalAction, match="left the game"):
        apply(swapping, Swap(2, 0, 1))
    with pytest.raises(IllegalAction, match="being played"):
        apply(swapping, Unload(0))
    swapped = apply(swapping, Swap(5, 0, 2))
    assert swapped.boats[5] == ("B3", "B2", "B1")
    assert swapped.pending is not None and swapped.pending.step == "unload"
    # The unload need not be the boat swapped.
    assert legal_actions(swapped) == [Unload(0)]
    with pytest.raises(IllegalAction, match="not optional"):
        apply(swapped, Stop())
    after = apply(swapped, Unload(0))
    assert after.players[0].temples == (3,) and after.players[1].temples == (2,)
    assert after.pending is None and current_player(after) == 1


def test_swap_changes_what_the_unload_hands_out() -> None:
    state = position(boats={0: ("T1", "T2", "T3")}, cells="01. ... ...", players=holding("AS"))
    after = play(state, "AS", "SR1:13", "UR1")
    assert after.players[0].temples == (1,)  # slot 3 now holds temple 1
    assert after.players[1].temples == (2,)
    assert after.box[-1] == "T3"  # and slot 1 temple 3 went to the box
    assert after.box[-2] == "AS"


def test_three_takes_empty_the_reserve_and_never_run_it_dry() -> None:
    state = position(
        boats={0: ("OB", "T1", "T2")},
        reserve=("B1", "B2", "B3"),
        players=(Player(actions=("AT", "AT")), Player(actions=("AT",))),
    )
    state = play(state, "AT", "TR1:1", "AT", "TR1:1", "AT", "TR1:1")
    assert state.reserve == ()
    assert state.boats[0] == ("B3", "T1", "T2")
    assert state.players[0].obelisks == 1 and state.players[0].chambers == (2,)
    assert state.players[1].chambers == (1,)
    assert state.box.count("AT") == 3
