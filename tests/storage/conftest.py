"""Shared games for the storage and history tests.

Games come from seeded random play, so every test sees the same positions
without checked-in fixtures that would go stale when the rules change.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.duel import GameRecord, Setup, apply, legal_actions, new_game


def random_record(seed: int, steps: int | None = None, *, play_seed: int = 0) -> GameRecord:
    """A record of random legal play from ``Setup(seed=seed)``; to the end if ``steps`` is None."""
    rng = random.Random(play_seed)
    state = new_game(seed)
    actions: list[str] = []
    while not state.over and (steps is None or len(actions) < steps):
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        actions.append(str(action))
    return GameRecord(setup=Setup(seed=seed), actions=tuple(actions))


@pytest.fixture(scope="session")
def make_record() -> Callable[..., GameRecord]:
    return random_record


@pytest.fixture(scope="session")
def full_record() -> GameRecord:
    return random_record(7)


@pytest.fixture(scope="session")
def partial_record() -> GameRecord:
    return random_record(11, steps=25)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    monkeypatch.setenv("IMHOTEP_DATA_DIR", str(directory))
    return directory
