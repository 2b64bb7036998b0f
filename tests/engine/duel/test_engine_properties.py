"""Invariants over random legal games (RULES.md section 10), OpenSpiel style.

Two drivers: a hypothesis test that draws the seed, the sides, the starter and
every choice, and checks everything at every step (why_illegal against
legal_actions for every action, illegal actions rejected without mutation,
serialisation); and a plain loop over a fixed grid of seeds x sides x starters
(over two thousand complete games) with the cheaper per-step checks and a
record round-trip per game. Both run under the classic and the online rules.
"""

from __future__ import annotations

import random

from engine_support import ALL_SIDES, check_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.duel import (
    ALL_ACTIONS,
    NO_PLAYER,
    RULES,
    Action,
    GameRecord,
    GameState,
    IllegalAction,
    Pass,
    Rules,
    Setup,
    Unload,
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
    why_illegal,
)

MAX_STEPS = 2000  # far above any real game; a game that runs longer has stalled
MAX_UNLOADS = 18  # 13 refills + 5 removals (RULES.md section 10)


def check_step(
    before: GameState, action: Action, after: GameState, legal_after: list[Action]
) -> None:
    """What must hold from one state to the next, whatever the action."""
    check_invariants(after)
    assert after.ply == before.ply + 1
    assert after.sides == before.sides and after.starter == before.starter
    assert after.rules == before.rules
    # Online rules: the two boats of a double unload are refilled together.
    drops = (0, 3, 6) if after.rules == "online" else (0, 3)
    assert len(before.supply) - len(after.supply) in drops
    if after.pending is None:
        assert after.emptied == ()  # every refill is made by the end of the turn
    if after.emptied:
        assert after.rules == "online" and after.supply
        assert all(after.boats[b] is None for b in after.emptied)
    if after.over:
        assert legal_after == []
        assert current_player(after) == NO_PLAYER
        assert outcome(after) is not None
    else:
        assert legal_after != []
        assert current_player(after) == after.turn
        if Pass() in legal_after:
            # Ruling 4.4: only a player with every meeple on the grid passes,
            # and then the opponent still has one to place.
            assert legal_after == [Pass()]
            assert after.pending is None
            assert after.players[after.turn].meeples == 0
            assert after.players[1 - after.turn].meeples > 0
        assert outcome(after) is None
        if after.pending is not None:
            assert after.turn == before.turn  # an action token's steps stay in the turn
        elif before.pending is None and after.turn == before.turn:
            raise AssertionError(f"{action} ended no turn")


def check_state_thoroughly(state: GameState) -> None:
    """Every action of ALL_ACTIONS against the state, and serialisation."""
    encoded = encode_state(state)
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert (not legal) == state.over
    legal_set = set(legal)
    for action in ALL_ACTIONS:
        reason = why_illegal(state, action)
        assert (reason is None) == (action in legal_set), (str(action), reason)
        if reason is None:
            checked = apply(state, action)
            assert checked == apply_unchecked(state, action)
        else:
            assert reason.strip()
            try:
                apply(state, action)
            except IllegalAction as exc:
                assert str(exc) == reason
            else:
                raise AssertionError(f"{action} applied although: {reason}")
        assert encode_state(state) == encoded  # never mutated
    decoded = decode_state(encoded)
    assert decoded == state
    assert encode_state(decoded) == encoded
    for action in legal:
        assert parse_action(str(action)) == action


def record_round_trip(setup: Setup, actions: list[Action], final: GameState) -> None:
    record = GameRecord(setup=setup, actions=tuple(str(a) for a in actions))
    decoded = decode_record(encode_record(record))
    assert decoded == record
    states = replay(decoded)
    assert len(states) == len(actions) + 1
    assert encode_state(states[-1]) == encode_state(final)


def play_random_game(
    setup: Setup, rng: random.Random, *, thorough: bool
) -> tuple[list[Action], GameState]:
    state = setup.start()
    check_invariants(state)
    actions: list[Action] = []
    legal = legal_actions(state)
    for _ in range(MAX_STEPS):
        if thorough:
            check_state_thoroughly(state)
        if not legal:
            break
        action = rng.choice(legal)
        after = apply(state, action)
        legal = legal_actions(after)
        check_step(state, action, after, legal)
        actions.append(action)
        state = after
    else:
        raise AssertionError(f"{setup} did not end within {MAX_STEPS} steps")
    assert state.over
    assert sum(1 for a in actions if isinstance(a, Unload)) <= MAX_UNLOADS
    assert sum(1 for b in state.boats if b is not None) == 1
    return actions, state


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    sides=st.sampled_from(ALL_SIDES),
    starter=st.integers(min_value=0, max_value=1),
    rules=st.sampled_from(RULES),
    rng=st.randoms(use_true_random=False),
)
def test_random_games_thoroughly(
    seed: int, sides: str, starter: int, rules: Rules, rng: random.Random
) -> None:
    setup = Setup(seed=seed, sides=sides, starter=starter, rules=rules)
    actions, final = play_random_game(setup, rng, thorough=True)
    record_round_trip(setup, actions, final)


GAMES_PER_SIDES = 64  # x 16 sides x 2 starters = 2048 complete games


def test_many_random_games_keep_the_invariants() -> None:
    games = 0
    lengths: list[int] = []
    for index, sides in enumerate(ALL_SIDES):
        for starter in (0, 1):
            for k in range(GAMES_PER_SIDES):
                seed = 1000 * index + 100 * starter + k
                setup = Setup(seed=seed, sides=sides, starter=starter)
                actions, final = play_random_game(setup, random.Random(seed), thorough=False)
                record_round_trip(setup, actions, final)
                lengths.append(len(actions))
                games += 1
    assert games == 2048
    # Sanity: random games are not all cut short or identical.
    assert min(lengths) >= 30
    assert len(set(lengths)) > 20


ONLINE_GAMES_PER_SIDES = 24  # x 16 sides x 2 starters = 768 complete games


def test_many_random_online_games_keep_the_invariants() -> None:
    deferred = 0
    for index, sides in enumerate(ALL_SIDES):
        for starter in (0, 1):
            for k in range(ONLINE_GAMES_PER_SIDES):
                seed = 1000 * index + 100 * starter + k
                setup = Setup(seed=seed, sides=sides, starter=starter, rules="online")
                actions, final = play_random_game(setup, random.Random(seed), thorough=False)
                record_round_trip(setup, actions, final)
                assert final.rules == "online"
                # The states in which a boat waited, empty, for its refill.
                states = replay(GameRecord(setup=setup, actions=tuple(map(str, actions))))
                deferred += sum(1 for s in states if s.emptied)
    # Random play does reach the deferred refills the online rules are about.
    assert deferred > 50


def test_random_games_from_explicit_decks_match_their_seeds() -> None:
    from engine.duel import shuffled_deck

    for seed in range(20):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a = new_game(seed, sides="BABA", starter=seed % 2)
        b = new_game(deck=shuffled_deck(seed), sides="BABA", starter=seed % 2)
        while not a.over:
            assert a == b
            a = apply(a, rng_a.choice(legal_actions(a)))
            b = apply(b, rng_b.choice(legal_actions(b)))
        assert encode_state(a) == encode_state(b)
