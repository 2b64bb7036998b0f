"""bench/ismcts.py: the textbook information-set search plays any game through the contract."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.game import AnyGame
from engine.games import GAMES


def _bench_script(name: str) -> ModuleType:
    # bench/ is a folder of scripts, not a package.
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


textbook = _bench_script("ismcts")
ismcts = textbook.search
IsmctsPlayer = textbook.TextbookPlayer

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
    action, iterations = ismcts(game, state, random.Random(0), budget=60.0, max_iterations=30)
    assert iterations == 30
    assert game.why_illegal(state, action) is None


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_choice_does_not_depend_on_the_hidden_order(game: AnyGame, seats: int) -> None:
    state = _position(game, seats, 5, 20)
    seat = game.current_player(state)
    other = game.sample(state, seat, random.Random(99))
    assert game.view(other, seat) == game.view(state, seat)
    chosen = [
        IsmctsPlayer(game, seed=4, time_budget=60.0, max_iterations=40).choose(position)
        for position in (state, other)
    ]
    assert chosen[0] == chosen[1]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_cancel_stops_after_one_iteration(game: AnyGame, seats: int) -> None:
    state = _position(game, seats, 6, 0)
    action, iterations = ismcts(
        game, state, random.Random(0), budget=60.0, should_stop=lambda: True
    )
    assert iterations == 1
    assert action in game.legal_actions(state)


def test_a_finished_game_has_nothing_to_choose() -> None:
    game = GAMES["builders"]
    rng = random.Random(1)
    state = game.start(game.deal(3, rng))
    while not game.over(state):
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    with pytest.raises(ValueError, match="over"):
        IsmctsPlayer(game).choose(state)
    with pytest.raises(ValueError, match="over"):
        ismcts(game, state, rng, budget=1.0)
