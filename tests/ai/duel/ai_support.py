"""Shared helpers for the computer player's tests."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from msgspec.structs import replace

from engine.duel import GameState, apply_unchecked, legal_actions, new_game


def midgame(seed: int, plies: int, sides: str = "AAAA") -> GameState:
    """A position reached by ``plies`` random legal steps from a seeded deal."""
    rng = random.Random(seed)
    state = new_game(seed, sides=sides)
    for _ in range(plies):
        if state.over:
            break
        state = apply_unchecked(state, rng.choice(legal_actions(state)))
    return state


def with_hidden_order(state: GameState, rng: random.Random) -> GameState:
    """``state`` with its face-down tokens in another order, all else the same."""
    hidden = list(state.supply + state.reserve)
    while True:
        rng.shuffle(hidden)
        cut = len(state.reserve)
        other = replace(state, reserve=tuple(hidden[:cut]), supply=tuple(hidden[cut:]))
        if other != state or len(set(hidden)) <= 1:
            return other


def forced_position() -> GameState:
    """Some position, reached by random play, where only one step is legal."""
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game(seed)
        while not state.over:
            actions = legal_actions(state)
            if len(actions) == 1:
                return state
            state = apply_unchecked(state, rng.choice(actions))
    raise AssertionError("random play never reached a forced step")


def load_bench_script(name: str) -> ModuleType:
    """A script of bench/ as a module (bench/ is a folder of scripts, not a package)."""
    path = Path(__file__).resolve().parents[3] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
