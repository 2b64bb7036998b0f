"""ai.ismcts: the shared information-set search, for any game through the contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ai.ismcts import IsmctsPlayer, Search, Settings
from engine.game import AnyGame
from engine.games import GAMES

TABLES = [
    pytest.param(game, seats, id=f"{kind}-{seats}")
    for kind, game in GAMES.items()
    for seats in game.seat_counts
]


def _position(game: AnyGame, seats: int, seed: int, plies: int) -> Any:
    """A position ``plies`` random steps in, at which there is a choice to make."""
    rng = random.Random(seed)
    state = game.start(game.deal(seats, rng))
    for step in range(10_000):
        if step >= plies and len(game.legal_actions(state)) > 1:
            return state
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    pytest.fail("no choice came up")


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_search_chooses_a_legal_step_within_its_cap(game: AnyGame, seats: int) -> None:
    state = _position(game, seats, 3, 12)
    found = Search(game).run(state, random.Random(0), budget=60.0, max_iterations=30)
    assert found.iterations == 30
    assert game.why_illegal(state, found.action) is None
    assert found.action in found.stats
    assert sum(visits for visits, _ in found.stats.values()) == 30


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_choice_does_not_depend_on_the_hidden_order(game: AnyGame, seats: int) -> None:
    state = _position(game, seats, 5, 20)
    seat = game.current_player(state)
    other = game.sample(state, seat, random.Random(99))
    assert game.view(other, seat) == game.view(state, seat)
    found = [
        Search(game).run(position, random.Random(4), budget=60.0, max_iterations=60)
        for position in (state, other)
    ]
    assert found[0].action == found[1].action
    assert found[0].stats == found[1].stats


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_cancel_stops_after_one_iteration(game: AnyGame, seats: int) -> None:
    state = _position(game, seats, 6, 0)
    found = Search(game).run(state, random.Random(0), budget=60.0, should_stop=lambda: True)
    assert found.iterations == 1
    assert found.action in game.legal_actions(state)


def test_the_evaluator_judges_the_leaves_and_its_rewards_are_backed_up() -> None:
    game = GAMES["builders"]
    state = _position(game, 3, 7, 5)
    seat = game.current_player(state)
    judged: list[Any] = []

    def evaluate(leaf: Any, rng: random.Random) -> Sequence[float]:
        judged.append(leaf)
        # Every seat but the searching one wins: each root step is worth 0 to it.
        return tuple(0.0 if who == seat else 0.5 for who in range(3))

    found = Search(game, evaluate=evaluate).run(
        state, random.Random(1), budget=60.0, max_iterations=25
    )
    assert len(judged) == 25
    assert all(value == 0.0 for _, value in found.stats.values())


def test_the_prior_orders_the_first_steps_and_counts_as_visits() -> None:
    game = GAMES["builders"]
    state = _position(game, 2, 8, 3)
    legal = list(game.legal_actions(state))
    favourite = legal[-1]

    def prior(position: Any, steps: Sequence[Any]) -> Mapping[Any, float]:
        return {step: 0.9 if step == favourite else 0.1 for step in steps}

    search = Search(game, prior=prior, settings=Settings(prior_visits=5.0))
    found = search.run(state, random.Random(2), budget=60.0, max_iterations=1)
    # The best rated step is tried first; its rating counts as 5 visits.
    assert list(found.stats) == [favourite]
    assert found.stats[favourite][0] == 6.0


def _last_sail(seed: int) -> Any:
    """A Builders position whose mover may sail the round's fourth ship."""
    game = GAMES["builders"]
    rng = random.Random(seed)
    state = game.start(game.deal(2, rng))
    while not game.over(state):
        legal = list(game.legal_actions(state))
        sails = [a for a in legal if type(a).__name__ == "Sail"]
        if state.step == "turn" and sum(d < 0 for d in state.docked) == 1 and sails:
            return state
        state = game.apply(state, rng.choice(legal))
    pytest.fail("no last sail came up")


def test_nodes_are_keyed_by_what_the_mover_sees_not_by_the_path() -> None:
    # Sailing the round's last ship turns up new market cards: the same step
    # from the root must lead to different nodes after different cards.
    game = GAMES["builders"]
    state = _last_sail(11)
    markets: dict[Any, set[tuple[int, ...]]] = {}

    def key(position: Any, seat: int) -> Any:
        found = game.view(position, seat)
        markets.setdefault(found, set()).add(position.market)
        return found

    Search(game, key=key).run(state, random.Random(3), budget=60.0, max_iterations=120)
    next_round = [k for k in markets if k.round == state.round + 1]
    assert len({k.market for k in next_round}) > 1
    assert all(len(seen) == 1 for seen in markets.values())


def test_the_plain_player_answers_a_forced_step_at_once_and_refuses_the_end() -> None:
    game = GAMES["builders"]
    rng = random.Random(1)
    state = game.start(game.deal(3, rng))
    player = IsmctsPlayer(game, seed=1, time_budget=60.0, max_iterations=10)
    while len(game.legal_actions(state)) != 1:
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    assert player.choose(state) == game.legal_actions(state)[0]
    assert player.last_iterations == 0
    while not game.over(state):
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    with pytest.raises(ValueError, match="over"):
        player.choose(state)
    with pytest.raises(ValueError, match="over"):
        Search(game).run(state, rng, budget=1.0)
