"""Engine throughput: random games from fixed seeds.

Prints actions per second (each step calls legal_actions once, then applies one
of the actions) and the median milliseconds per complete game, for the fast
unchecked path that computer players use and for the checked ``apply``.

    python bench/engine_bench.py [--games N]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable

from engine.duel import Action, GameState, apply, apply_unchecked, legal_actions, new_game

SIDES = ["".join(s) for s in itertools.product("AB", repeat=4)]


def play(seed: int, step: Callable[[GameState, Action], GameState]) -> int:
    rng = random.Random(seed)
    state = new_game(seed, sides=SIDES[seed % 16], starter=seed % 2)
    actions = 0
    while not state.over:
        legal = legal_actions(state)
        state = step(state, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def run(games: int, name: str, step: Callable[[GameState, Action], GameState]) -> None:
    per_game: list[float] = []
    total = 0
    for seed in range(games):
        start = time.perf_counter()
        total += play(seed, step)
        per_game.append(time.perf_counter() - start)
    elapsed = sum(per_game)
    print(
        f"{name:<10} {games} games, {total} actions: "
        f"{total / elapsed:,.0f} actions/s, "
        f"median {statistics.median(per_game) * 1000:.2f} ms per game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    run(min(100, args.games), "warm-up", apply_unchecked)
    run(args.games, "unchecked", apply_unchecked)
    run(args.games, "checked", apply)


if __name__ == "__main__":
    main()
