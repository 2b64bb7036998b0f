"""Invariants over random legal play (BUILDERS.md section 13), OpenSpiel style.

A hypothesis test draws the player count, the variant, the seed and every
choice, and checks everything at every step (why_illegal against
legal_actions for every action, apply against apply_unchecked, no mutation,
state and notation round trips, the seat views); a plain loop over a grid of
seeds plays many more complete games with the cheaper per-step checks and a
record round trip per game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.builders import (
    ALL_ACTIONS,
    NO_PLAYER,
    Action,
    GameRecord,
    GameState,
    IllegalAction,
    Pass,
    Setup,
    apply,
    apply_unchecked,
    current_player,
    decode_record,
    decode_state,
    encode_record,
    encode_state,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    replay,
    score,
    state_problems,
    view,
    why_illegal,
)
from engine.builders.sites import MIN_LOAD

MAX_STEPS = 3000  # far above any game; a game that runs longer has stalled
FIXED = ("players", "starter", "variant", "sides", "rounds")


def check_step(before: GameState, after: GameState, legal_after: list[Action]) -> None:
    assert state_problems(after) == []
    assert after.ply == before.ply + 1
    assert all(getattr(after, name) == getattr(before, name) for name in FIXED)
    assert after.round in (before.round, before.round + 1)
    if after.round == before.round + 1:
        assert after.deck == before.deck[4:] and after.market == before.deck[:4]
    else:
        assert after.deck == before.deck
    n = after.players
    track_before = [s.track for s in score(before)]
    track_after = [s.track for s in score(after)]
    assert all(a >= b for a, b in zip(track_after, track_before, strict=True))
    if after.step == "turn":
        assert after.turn == (before.turn + 1) % n  # one action per turn
    else:
        assert after.turn == before.turn
    if after.over:
        assert legal_after == [] and current_player(after) == NO_PLAYER
        assert after.round == 6 and outcome(after) is not None
        return
    assert legal_after and outcome(after) is None
    who = current_player(after)
    if after.step == "take":
        assert who == after.ships[after.ship][after.slot]  # the stone's owner chooses
    else:
        assert who == after.turn
    if Pass() in legal_after:
        assert legal_after == [Pass()] and after.step == "turn"
        assert after.sled[who] == 0 and after.quarry[who] == 0
        assert not any(
            after.docked[i] < 0 and len(s) - s.count(-1) >= MIN_LOAD[len(s)]
            for i, s in enumerate(after.ships)
        )


def check_thoroughly(state: GameState) -> None:
    encoded = encode_state(state)
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert (not legal) == state.over
    legal_set = set(legal)
    for action in ALL_ACTIONS:
        reason = why_illegal(state, action)
        assert (reason is None) == (action in legal_set), (str(action), reason, state)
        if reason is None:
            assert apply(state, action) == apply_unchecked(state, action)
        else:
            assert reason.strip()
            with pytest.raises(IllegalAction) as error:
                apply(state, action)
            assert str(error.value) == reason
    assert encode_state(state) == encoded  # never mutated
    assert decode_state(encoded) == state
    for action in legal:
        assert parse_action(str(action)) == action
    for seat in range(state.players):
        seen = view(state, seat)
        assert seen.deck_size == len(state.deck)
        assert seen.rounds_seen == state.rounds[: state.round]


def play_random_game(setup: Setup, rng: random.Random, *, thorough: bool) -> GameRecord:
    state = setup.start()
    record = GameRecord(setup=setup)
    legal = legal_actions(state)
    rounds_seen = [state.round]
    for _ in range(MAX_STEPS):
        if thorough:
            check_thoroughly(state)
        if not legal:
            break
        action = rng.choice(legal)
        after = apply(state, action)
        legal = legal_actions(after)
        check_step(state, after, legal)
        record = record.with_action(action)
        rounds_seen.append(after.round)
        state = after
    else:
        raise AssertionError(f"{setup} did not end within {MAX_STEPS} steps")
    assert state.over and sorted(set(rounds_seen)) == [1, 2, 3, 4, 5, 6]
    assert len(state.discard) + len(state.deck) + sum(map(len, state.held)) == 34
    decoded = decode_record(encode_record(record))
    assert decoded == record and replay(decoded)[-1] == state
    return record


@settings(
    max_examples=24,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    variant=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, variant: bool, rng: random.Random
) -> None:
    setup = Setup.of(new_game(seed, players=players, variant=variant))
    play_random_game(setup, rng, thorough=True)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", [False, True])
def test_many_random_games_end_after_six_rounds(players: int, variant: bool) -> None:
    lengths = []
    for seed in range(60):
        setup = Setup.of(new_game(seed, players=players, variant=variant))
        record = play_random_game(setup, random.Random(seed), thorough=False)
        lengths.append(len(record.actions))
    assert min(lengths) > 6 * 4  # at least four sails a round


def test_players_who_avoid_the_market_still_finish() -> None:
    """A game whose players always prefer getting stones and passing ends too."""
    for players in (2, 3, 4):
        state = new_game(players, players=players)
        for _ in range(MAX_STEPS):
            legal = legal_actions(state)
            if not legal:
                break
            # Fill every ship before sailing anything: long rounds, full sleds.
            order = sorted(legal, key=lambda a: (str(a)[0] == "S", str(a)))
            state = apply(state, order[0])
        assert state.over
