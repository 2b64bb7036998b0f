"""Invariants over random legal play (KEMET.md section 18), OpenSpiel style.

Hypothesis draws the player count, the game length, the variants, the seed
and every choice, and checks at every step: the invariants, why_illegal
against legal_actions, the checked path against the unchecked one, that
nothing is changed in place, state and notation round trips, and that every
seat's view survives a fresh deal of what it cannot see. A plain loop over a
grid of seeds plays many more games with the cheaper checks and a record
round trip each; every game ends.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kemet import (
    KEMET,
    Action,
    GameState,
    IllegalAction,
    apply,
    apply_unchecked,
    current_player,
    decode_state,
    encode_state,
    format_action,
    legal_actions,
    load_record,
    new_game,
    parse_action,
    sample,
    state_problems,
    view,
    why_illegal,
)
from engine.kemet.record import encode_record
from engine.kemet.setup import Setup
from engine.message import Message

MAX_STEPS = 20_000  # far above any game seen; a longer one has stalled


def _options(players: int, seed: int) -> dict[str, object]:
    beginners = seed % 5 == 0
    return {
        "players": players,
        "length": 8 if beginners or seed % 2 else 10,
        "beginners": beginners,
        "open_discards": seed % 3 == 0,
    }


def _full_check(state: GameState, rng: random.Random, seen: set[str]) -> None:
    assert state_problems(state) == []
    assert decode_state(encode_state(state)) == state
    legal = legal_actions(state)
    assert legal, state.phase
    assert len(set(legal)) == len(legal)
    texts = {format_action(a) for a in legal}
    for action in rng.sample(legal, min(len(legal), 25)):
        assert parse_action(format_action(action)) == action
        assert why_illegal(state, action) is None
    for action in rng.sample(legal, min(len(legal), 3)):
        assert apply(state, action) == apply_unchecked(state, action)
    for text in sorted(seen - texts)[:10]:
        action = parse_action(text)
        reason = why_illegal(state, action)
        assert isinstance(reason, Message) and str(reason)
        with pytest.raises(IllegalAction):
            apply(state, action)
    seen.update(texts)
    for seat in range(state.players):
        seen_view = view(state, seat)
        dealt = sample(state, seat, rng)
        assert view(dealt, seat) == seen_view
        assert state_problems(dealt) == []


def _play(
    options: dict[str, object], seed: int, choose: object, full: bool
) -> tuple[list[GameState], list[Action]]:
    state = new_game(seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    seen: set[str] = set()
    states = [state]
    actions: list[Action] = []
    for _ in range(MAX_STEPS):
        if state.phase == "over":
            break
        if full:
            _full_check(state, rng, seen)
        else:
            assert state_problems(state) == []
        legal = legal_actions(state)
        action = choose(legal)  # type: ignore[operator]
        frozen = encode_state(state)
        after = apply_unchecked(state, action)
        assert encode_state(state) == frozen  # never changed in place
        assert after.ply == state.ply + 1
        assert KEMET.turn(after) >= KEMET.turn(state)
        state = after
        states.append(state)
        actions.append(action)
    assert state.phase == "over", "the game did not end"
    assert legal_actions(state) == [] and current_player(state) == -1
    assert state_problems(state) == []
    return states, actions


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    players=st.sampled_from([2, 3, 4, 5]),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_random_play_with_every_check(players: int, seed: int, data: st.DataObject) -> None:
    options = _options(players, seed)
    picks = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    _play(options, seed, picks.choice, full=True)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_many_random_games_end_and_replay(players: int, seed: int) -> None:
    options = _options(players, seed)
    picks = random.Random(seed * 31 + players)
    states, actions = _play(options, seed, picks.choice, full=False)
    first = states[0]
    setup = Setup(
        players=players,
        length=int(options["length"]),  # type: ignore[call-overload]
        beginners=bool(options["beginners"]),
        open_discards=bool(options["open_discards"]),
        cities=first.cities,
        order=first.first_order,
        deck=_deck_of(first),
        keys=first.keys,
    )
    _, again, replayed = load_record(encode_record(setup, actions))
    assert again == states and replayed == actions


def _deck_of(first: GameState) -> tuple[int, ...]:
    # The deal gave one card to each seat in starting order from the top.
    top = tuple(first.hands[seat][0] for seat in first.first_order)
    return (*top, *first.di_deck)


# Choices weighted towards fights and reactions, so battles, Escapes, Veto
# chains and recruitment battles come up far more often than at random.
_WEIGHTS = {"go": 5, "tp": 5, "recruit": 4, "di": 6, "escape": 8, "veto": 8, "beast": 5, "fight": 5}


@pytest.mark.parametrize("seed", range(8))
def test_battle_heavy_play_keeps_every_invariant(seed: int) -> None:
    players = 2 + seed % 4
    state = new_game(seed, players=players, beginners=seed == 7, open_discards=seed % 2 == 0)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.phase == "over":
            break
        legal = legal_actions(state)
        action = rng.choices(legal, [_WEIGHTS.get(a.verb, 1) for a in legal])[0]
        state = apply(state, action)
        assert state_problems(state) == []
        if step % 10 == 0:
            seat = step % players
            assert view(sample(state, seat, rng), seat) == view(state, seat)
    assert state.phase == "over"
