"""Every game keeps the contract of engine.game.Game, for every seat count it offers.

Random games are played through the protocol alone (nothing here imports a
game's own modules), checking at every step what OpenSpiel's games_sim_test
checks: the checked and unchecked paths agree, notation and states round-trip,
the end is exactly the absence of decisions, and a record replays to the same
states.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from engine.game import AnyGame, RecordError, Result
from engine.games import GAMES
from engine.message import Message

SEEDS = (1, 2, 3)


def _tables() -> Iterator[Any]:
    for kind, game in GAMES.items():
        for seats in game.seat_counts:
            yield pytest.param(game, seats, id=f"{kind}-{seats}")


TABLES = list(_tables())


def _names(seats: int) -> list[str]:
    return [f"Seat{seat}" for seat in range(seats)]


def _check_state(game: AnyGame, state: Any, seats: int) -> None:
    assert game.state_problems(state) == []
    assert game.decode_state(game.encode_state(state)) == state
    assert len(game.totals(state)) == seats
    assert isinstance(game.prompt(state), Message)
    for seat in range(seats):
        _check_sample(game, state, seat)
    legal = game.legal_actions(state)
    if game.over(state):
        assert not legal
        assert game.current_player(state) == -1
    else:
        assert legal
        assert 0 <= game.current_player(state) < seats
        assert game.result(state, _names(seats)) is None
        assert game.returns(state) == pytest.approx((1 / seats,) * seats)


def _check_sample(game: AnyGame, state: Any, seat: int) -> None:
    """A sample is a sound state the seat cannot tell apart, blind to the real order."""
    seen = game.view(state, seat)
    dealt = game.sample(state, seat, random.Random(game.ply(state)))
    assert game.view(dealt, seat) == seen
    assert game.state_problems(dealt) == []
    assert game.current_player(dealt) == game.current_player(state)
    again = game.sample(dealt, seat, random.Random(game.ply(state)))
    assert again == dealt  # the same draw from another hidden order: the order was not read


def _check_legal(game: AnyGame, state: Any, tried: set[str]) -> None:
    legal = list(game.legal_actions(state))
    written = set()
    for action in legal:
        text = game.format_action(action)
        written.add(text)
        assert game.parse_action(text) == action
        assert game.why_illegal(state, action) is None
        assert game.apply(state, action) == game.apply_unchecked(state, action)
    # Decisions seen elsewhere in the game and not legal here are refused, with words.
    for text in sorted(tried - written)[:8]:
        action = game.parse_action(text)
        reason = game.why_illegal(state, action)
        assert isinstance(reason, Message)
        with pytest.raises(ValueError) as caught:
            game.apply(state, action)
        assert isinstance(getattr(caught.value, "reason", None), Message)
    tried.update(written)


def _play(game: AnyGame, seats: int, seed: int) -> tuple[Any, list[Any], list[Any]]:
    """One random game through the contract, checked at every step."""
    rng = random.Random(seed)
    setup = game.deal(seats, rng)
    assert game.seats(setup) == seats
    assert game.decode_setup(game.encode_setup(setup)) == setup
    states = [game.start(setup)]
    actions: list[Any] = []
    tried: set[str] = set()
    assert game.ply(states[0]) == 0
    while not game.over(states[-1]):
        state = states[-1]
        _check_state(game, state, seats)
        _check_legal(game, state, tried)
        action = rng.choice(list(game.legal_actions(state)))
        assert isinstance(game.describe(state, action, _names(seats)), Message)
        after = game.apply(state, action)
        assert game.ply(after) == game.ply(state) + 1
        assert isinstance(game.reveals_hidden(state, after), bool)
        assert state == states[-1]  # never changed in place
        states.append(after)
        actions.append(action)
    _check_state(game, states[-1], seats)
    return setup, states, actions


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_random_play_keeps_the_contract(game: AnyGame, seats: int, seed: int) -> None:
    setup, states, actions = _play(game, seats, seed)
    end = states[-1]
    result = game.result(end, _names(seats))
    assert isinstance(result, Result)
    assert result.totals == game.totals(end)
    assert result.winners and all(0 <= w < seats for w in result.winners)
    best = max(result.totals)
    assert all(result.totals[w] == best for w in result.winners)
    assert isinstance(result.says, Message)
    assert any(_names(seats)[w] in result.says for w in result.winners)
    # The returns are the result in numbers: the victory split among its winners.
    returns = game.returns(end)
    assert len(returns) == seats and sum(returns) == pytest.approx(1.0)
    for seat, reward in enumerate(returns):
        share = 1 / len(result.winners) if seat in result.winners else 0.0
        assert reward == pytest.approx(share)

    again_setup, again_states, again_actions = game.load_record(game.encode_record(setup, actions))
    assert again_setup == setup
    assert again_states == states
    assert again_actions == actions


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_game_tells_when_a_step_reveals_what_was_hidden(game: AnyGame, seats: int) -> None:
    # Undo in a game between people stops at a reveal; a game with hidden
    # parts must have some, or undo could peek at everything.
    _, states, _ = _play(game, seats, 7)
    assert any(game.reveals_hidden(a, b) for a, b in pairwise(states))


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_sample_deals_the_hidden_parts_afresh(game: AnyGame, seats: int) -> None:
    _, states, _ = _play(game, seats, 11)
    middle = states[len(states) // 2]
    samples = {game.encode_state(game.sample(middle, 0, random.Random(s))) for s in range(6)}
    assert len(samples) > 1
    with pytest.raises(ValueError):
        game.sample(middle, seats, random.Random(0))


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_deal_is_reproducible_from_the_same_rng(game: AnyGame, seats: int) -> None:
    first = game.deal(seats, random.Random(99))
    assert game.deal(seats, random.Random(99)) == first
    assert game.start(game.deal(seats, random.Random(99))) == game.start(first)
    dealt = {game.encode_setup(game.deal(seats, random.Random(s))) for s in range(8)}
    assert len(dealt) > 1


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_deal_refuses_bad_options_and_seat_counts(game: AnyGame, seats: int) -> None:
    with pytest.raises(RecordError) as caught:
        game.deal(seats, random.Random(0), {"no such option": "x"})
    assert isinstance(caught.value.reason, Message)
    for wrong in (0, 1, max(game.seat_counts) + 1):
        with pytest.raises(RecordError):
            game.deal(wrong, random.Random(0))


@pytest.mark.parametrize(("game", "seats"), TABLES)
@pytest.mark.parametrize(
    "data", [b"", b"\xff\xfe", b"{}", b"[]", b'{"format": 3}', b"[" * 5000, "null"]
)
def test_unreadable_data_is_refused_with_a_record_error(
    game: AnyGame, seats: int, data: bytes | str
) -> None:
    for read in (game.load_record, game.decode_state, game.decode_setup):
        with pytest.raises(RecordError) as caught:
            read(data)
        assert isinstance(caught.value.reason, Message)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_record_with_an_illegal_decision_is_refused(game: AnyGame, seats: int) -> None:
    setup, states, actions = _play(game, seats, 5)
    # A decision repeated at once is often illegal (a cell taken, a ship gone):
    # the first such one in the game makes a record that must be refused.
    for index in range(1, len(actions)):
        candidate = actions[index - 1]
        if game.why_illegal(states[index], candidate) is not None:
            data = game.encode_record(setup, [*actions[:index], candidate])
            with pytest.raises(RecordError) as caught:
                game.load_record(data)
            assert f"move {index + 1}" in caught.value.reason
            return
    pytest.fail("no decision was ever illegal right after it was taken")
