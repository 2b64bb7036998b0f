"""The computer never reads the hidden order of the supply or the reserve."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ai_support import midgame, with_hidden_order
from msgspec.structs import replace

from ai.duel import determinize, hint, make_player, unseen_tokens
from ai.duel.tree import tree_search
from engine.duel import GameState, apply, legal_actions, new_game
from engine.duel.tokens import FULL_SET


def visible(state: GameState) -> Counter[str]:
    seen: Counter[str] = Counter(state.box)
    for slots in state.boats:
        if slots is not None:
            seen.update(slots)
    for player in state.players:
        seen["OB"] += player.obelisks
        seen["PL"] += player.light
        seen["PD"] += player.dark
        seen.update(f"T{v}" for v in player.temples)
        seen.update(f"B{n}" for n in player.chambers)
        seen.update(player.actions)
    return seen


@pytest.mark.parametrize("plies", [0, 15, 40])
def test_unseen_tokens_are_the_set_minus_what_is_visible(plies: int) -> None:
    state = midgame(3, plies)
    assert Counter(unseen_tokens(state)) == Counter(FULL_SET) - visible(state)


def test_determinize_keeps_everything_public() -> None:
    state = midgame(5, 20)
    sample = determinize(state, random.Random(1))
    assert len(sample.supply) == len(state.supply)
    assert len(sample.reserve) == len(state.reserve)
    assert sorted(sample.supply + sample.reserve) == sorted(state.supply + state.reserve)
    assert replace(sample, supply=state.supply, reserve=state.reserve) == state


def test_determinize_ignores_the_real_order() -> None:
    state = midgame(6, 10)
    other = with_hidden_order(state, random.Random(99))
    assert other.supply != state.supply
    assert determinize(state, random.Random(4)) == determinize(other, random.Random(4))


@pytest.mark.parametrize("level", ["easy", "medium", "tough", "hard"])
@pytest.mark.parametrize("plies", [0, 7, 24])
def test_decision_does_not_depend_on_hidden_order(level: str, plies: int) -> None:
    state = midgame(11 + plies, plies, sides="ABBA")
    other = with_hidden_order(state, random.Random(plies))
    assert other != state
    chosen = []
    for position in (state, other):
        player = make_player(level, seed=42, time_budget=2.0, max_passes=2)  # type: ignore[arg-type]
        chosen.append(player.choose(position))
    assert chosen[0] == chosen[1]
    assert chosen[0] in legal_actions(state)


@pytest.mark.parametrize(("plies", "sides"), [(0, "BBBB"), (9, "ABAB"), (30, "AABB")])
def test_hard_tree_does_not_depend_on_hidden_order(plies: int, sides: str) -> None:
    # Enough sampled deals that the tree grows several steps deep, through
    # refills and into the opponent's replies.
    state = midgame(70 + plies, plies, sides=sides)
    other = with_hidden_order(state, random.Random(plies + 1))
    assert other != state
    found = [
        tree_search(position, random.Random(6), budget=60.0, max_iterations=150)
        for position in (state, other)
    ]
    assert found[0] == found[1]
    assert found[0].iterations == 150
    assert found[0].steps[0] in legal_actions(state)


def test_hint_does_not_depend_on_hidden_order() -> None:
    state = midgame(21, 12)
    other = with_hidden_order(state, random.Random(3))
    first = hint(state, seed=8, time_budget=2.0, max_passes=2)
    second = hint(other, seed=8, time_budget=2.0, max_passes=2)
    assert first == second


def test_endgame_decision_does_not_depend_on_reserve_order() -> None:
    # Once the supply is empty only the reserve is hidden; hard searches deeper.
    for seed in range(30, 60):
        state = new_game(seed)
        helper = make_player("medium", seed=seed)
        while state.supply and not state.over:
            state = apply(state, helper.choose(state))
        if not state.over and len(set(state.reserve)) > 1 and len(legal_actions(state)) > 1:
            break
    else:
        pytest.skip("no endgame with a mixed reserve among these deals")
    other = replace(state, reserve=tuple(reversed(state.reserve)))
    assert other != state
    chosen = [
        make_player("hard", seed=5, time_budget=2.0, max_passes=2).choose(position)
        for position in (state, other)
    ]
    assert chosen[0] == chosen[1]
