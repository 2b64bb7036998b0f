"""Builders of Egypt engine throughput: random games of 2, 3 and 4 players.

Each decision builds the legal list once and applies one of its actions at
random through the unchecked fast path that computer players use (the target
is 100,000 decisions a second); a smaller run repeats this through the checked
``apply``. Half of the games use the Wrath of the Pharaoh variant.

    python bench/builders_bench.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from engine.builders import Action, GameState, apply, apply_unchecked, legal_actions, new_game

Step = Callable[[GameState, Action], GameState]


def play(seed: int, players: int, step: Step) -> int:
    # random() is cheaper than randrange(); the harness should cost little
    # beside the engine it measures.
    pick = random.Random(seed).random
    state = new_game(seed, players=players, variant=seed % 2 == 1)
    decisions = 0
    while not state.over:
        legal = legal_actions(state)
        state = step(state, legal[int(pick() * len(legal))])
        decisions += 1
    return decisions


def run(players: int, games: int, step: Step) -> tuple[int, float, float]:
    """Decisions made, wall-clock seconds and CPU seconds of this process.

    On a shared machine the wall clock counts time the process waited for a
    core; the CPU time does not, so the two together say how busy it was.
    """
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        decisions += play(seed, players, step)
    return decisions, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    args = parser.parse_args()
    run(2, min(100, args.games), apply_unchecked)  # warm-up
    print(
        f"{'path':<10} {'players':>7} {'games':>7} {'decisions':>10} "
        f"{'decisions/s':>12} {'per CPU s':>12}"
    )
    for name, step, games in (
        ("unchecked", apply_unchecked, args.games),
        ("checked", apply, max(1, args.games // 4)),
    ):
        total, wall, cpu = 0, 0.0, 0.0
        for players in (2, 3, 4):
            decisions, elapsed, used = run(players, games, step)
            total, wall, cpu = total + decisions, wall + elapsed, cpu + used
            print(
                f"{name:<10} {players:>7} {games:>7} {decisions:>10} "
                f"{decisions / elapsed:>12,.0f} {decisions / used:>12,.0f}"
            )
        print(
            f"{name:<10} {'all':>7} {3 * games:>7} {total:>10} "
            f"{total / wall:>12,.0f} {total / cpu:>12,.0f}"
        )


if __name__ == "__main__":
    main()
