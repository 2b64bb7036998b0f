"""Previews of an unload, and the countdown to the end (RULES.md sections 4.2, 8).

A preview is checked against what ``apply`` really does: the same holdings,
the same box, the same points, and never a hint of the face-down refill.
"""

from __future__ import annotations

import random

import pytest
from engine_support import position
from msgspec.structs import replace

from engine.duel import (
    BOATS_AT_END,
    GameState,
    IllegalAction,
    Play,
    Player,
    Unload,
    apply,
    countdown,
    legal_actions,
    new_game,
    preview_unload,
    score,
)
from engine.duel.tokens import SWAP_UNLOAD


def _check_against_apply(state: GameState, boat: int) -> None:
    preview = preview_unload(state, boat)
    after = apply(state, Unload(boat))
    assert preview.holdings == after.players
    assert preview.before == score(state)
    # The refill is face down and scores nothing, so the points are the real ones.
    assert preview.after == score(after)
    for who in (0, 1):
        assert preview.gain(who) == score(after)[who].total - score(state)[who].total
    boxed = () if preview.boxed_token is None else (preview.boxed_token,)
    assert after.box == state.box + boxed
    assert preview.boat_leaves == (after.boats[boat] is None)
    assert preview.ends_game == after.over
    slots = state.boats[boat]
    assert slots is not None
    for gift in preview.gifts:
        assert state.grid[gift.cell] == gift.owner and after.grid[gift.cell] == -1
        assert slots[gift.slot] == gift.token


def test_the_nearest_meeple_takes_slot_three_and_two_meeples_box_slot_one() -> None:
    state = position(boats={0: ("B3", "T2", "OB")}, cells="1.0 ... ...", turn=1)
    preview = preview_unload(state, 0)
    assert [(g.cell, g.owner, g.slot, g.token) for g in preview.gifts] == [
        (0, 1, 2, "OB"),
        (2, 0, 1, "T2"),
    ]
    assert preview.boxed == 0 and preview.boxed_token == "B3"
    assert preview.tokens_for(1) == ("OB",) and preview.tokens_for(0) == ("T2",)
    # White gains an obelisk (1, and 6 for holding more) and loses a meeple's point.
    assert preview.gain(1) == 1 + 6 - 1
    assert preview.gain(0) == 2 - 1
    assert not preview.boat_leaves and not preview.ends_game
    _check_against_apply(state, 0)


def test_three_meeples_leave_nothing_for_the_box() -> None:
    state = position(boats={3: ("PL", "PD", "T4")}, cells="0.. 1.. 0..")
    preview = preview_unload(state, 3)
    assert [g.token for g in preview.gifts] == ["T4", "PD", "PL"]
    assert preview.boxed is None and preview.boxed_token is None
    _check_against_apply(state, 3)


def test_a_preview_does_not_depend_on_the_face_down_tokens() -> None:
    state = position(boats={0: ("B3", "T2", "OB")}, cells="1.0 ... ...")
    other = replace(state, supply=tuple(reversed(state.supply)), reserve=state.reserve[::-1])
    assert apply(state, Unload(0)).boats[0] != apply(other, Unload(0)).boats[0]
    assert preview_unload(state, 0) == preview_unload(other, 0)


def test_the_last_removal_is_previewed_as_the_end() -> None:
    state = position(
        boats={5: ("OB", "OB", "T1")}, removed=[0, 1, 2, 3], supply=(), cells="..0 ..1 ..."
    )
    preview = preview_unload(state, 5)
    assert preview.boat_leaves and preview.ends_game
    _check_against_apply(state, 5)


def test_a_removal_that_leaves_two_boats_does_not_end_the_game() -> None:
    state = position(
        boats={5: ("OB", "OB", "T1")}, removed=[0, 1, 2], supply=(), cells="..0 ..1 ..."
    )
    preview = preview_unload(state, 5)
    assert preview.boat_leaves and not preview.ends_game
    _check_against_apply(state, 5)


def test_an_unload_that_may_not_be_made_is_refused_with_its_reason() -> None:
    state = position(cells="0.. ... ...")
    with pytest.raises(IllegalAction, match="only one meeple"):
        preview_unload(state, 0)
    with pytest.raises(IllegalAction, match="no such boat"):
        preview_unload(state, 9)


def test_the_unload_step_of_an_action_token_is_previewed_too() -> None:
    state = position(
        cells="01. ... ...",
        players=(Player(actions=(SWAP_UNLOAD,)), Player()),
        boats={0: ("T1", "T2", "T3")},
    )
    state = apply(state, Play(SWAP_UNLOAD))
    state = apply(state, legal_actions(state)[0])  # a swap
    assert state.pending is not None and state.pending.step == "unload"
    _check_against_apply(state, 0)


@pytest.mark.parametrize("seed", range(10))
def test_every_unload_of_random_games_matches_its_preview(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed, sides=rng.choice(["AAAA", "BBBB", "ABBA"]), starter=seed % 2)
    while not state.over:
        legal = legal_actions(state)
        for action in legal:
            if isinstance(action, Unload):
                _check_against_apply(state, action.boat)
        state = apply(state, rng.choice(legal))


@pytest.mark.parametrize("seed", range(10))
def test_the_countdown_counts_the_unloads_left_exactly(seed: int) -> None:
    rng = random.Random(100 + seed)
    state = new_game(seed=seed)
    predicted: list[int] = []
    unloads = 0
    while not state.over:
        count = countdown(state)
        assert count.boats_at_end == BOATS_AT_END
        assert count.refills_left == len(state.supply) // 3
        assert count.boats_in_play == sum(1 for b in state.boats if b is not None)
        predicted.append(count.unloads_left + unloads)
        action = rng.choice(legal_actions(state))
        if isinstance(action, Unload):
            unloads += 1
        state = apply(state, action)
    # The predicted total never moves, and it is the number of unloads played.
    assert set(predicted) == {unloads}
    assert countdown(state).unloads_left == 0
    assert countdown(state).boats_in_play == BOATS_AT_END
