"""What one seat may see of a Duel: all but the order of the face-down piles."""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace

from engine.duel import GameState, apply, legal_actions, new_game
from engine.duel.view import SeatView, view


def _played(seed: int, plies: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(seed, sides="ABAB")
    for _ in range(plies):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_a_view_keeps_every_open_field_and_hides_only_the_piles() -> None:
    state = _played(3, 25)
    seen = view(state, 1)
    hidden = {"supply", "reserve"}
    state_fields = set(GameState.__struct_fields__)
    assert set(SeatView.__struct_fields__) == (state_fields - hidden) | {
        "seat",
        "supply_size",
        "reserve_size",
        "unseen",
    }
    for name in state_fields - hidden:
        assert getattr(seen, name) == getattr(state, name), name
    assert (seen.seat, seen.supply_size, seen.reserve_size) == (
        1,
        len(state.supply),
        len(state.reserve),
    )
    assert sorted(seen.unseen) == sorted((*state.supply, *state.reserve))


def test_reshuffling_the_face_down_tokens_does_not_change_the_view() -> None:
    state = _played(4, 30)
    tokens = [*state.reserve, *state.supply]
    random.Random(1).shuffle(tokens)
    cut = len(state.reserve)
    other = replace(state, reserve=tuple(tokens[:cut]), supply=tuple(tokens[cut:]))
    assert other != state
    assert all(view(other, seat) == view(state, seat) for seat in (0, 1))
    # Nothing of the order leaks through the view's bytes either.
    assert msgspec.json.encode(view(other, 0)) == msgspec.json.encode(view(state, 0))


def test_a_view_is_only_for_a_seat_of_the_game() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        view(new_game(1), 2)
