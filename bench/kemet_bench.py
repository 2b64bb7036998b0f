"""Kemet engine throughput: random games of 2, 3, 4 and 5 players.

Each decision builds the legal list once and applies one of its actions at
random through the unchecked fast path that computer players use (the target
is 50,000 decisions a second); a smaller run repeats this through the checked
``apply``. Games alternate the short and the long game. Also printed: the
length of a game in decisions (median and range) and the memory a state takes
(its own objects, measured with tracemalloc on a copy decoded from JSON, so
nothing is shared with other states; a state made by ``apply`` shares its
unchanged parts with the one before, so it costs less than this).

    python bench/kemet_bench.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from engine.kemet import (
    Action,
    GameState,
    apply,
    apply_unchecked,
    decode_state,
    encode_state,
    legal_actions,
    new_game,
)

Step = Callable[[GameState, Action], GameState]


def play(seed: int, players: int, step: Step) -> tuple[int, GameState]:
    pick = random.Random(seed).random
    state = new_game(seed, players=players, length=10 if seed % 2 else 8)
    decisions = 0
    middle = state
    while state.phase != "over":
        legal = legal_actions(state)
        state = step(state, legal[int(pick() * len(legal))])
        decisions += 1
        if decisions == 300:
            middle = state
    return decisions, middle


def run(players: int, games: int, step: Step) -> tuple[list[int], float, float, GameState]:
    """Decisions per game, wall-clock seconds, CPU seconds, and a state from mid-game."""
    lengths = []
    start, cpu = time.perf_counter(), time.process_time()
    middle = new_game(0, players=players)
    for seed in range(games):
        decisions, middle = play(seed, players, step)
        lengths.append(decisions)
    return lengths, time.perf_counter() - start, time.process_time() - cpu, middle


def state_bytes(state: GameState, copies: int = 50) -> int:
    """Bytes per state, averaged over many decoded copies (first-use caches excluded)."""
    data = encode_state(state)
    decode_state(data)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = [decode_state(data) for _ in range(copies)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del kept
    return size // copies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    args = parser.parse_args()
    run(2, min(10, args.games), apply_unchecked)  # warm-up
    print(
        f"{'path':<10} {'players':>7} {'games':>6} {'decisions':>10} {'decisions/s':>12} "
        f"{'per CPU s':>10} {'median len':>10} {'min-max len':>12} {'state bytes':>11}"
    )
    for name, step, games in (
        ("unchecked", apply_unchecked, args.games),
        ("checked", apply, max(1, args.games // 10)),
    ):
        total, wall, cpu = 0, 0.0, 0.0
        for players in (2, 3, 4, 5):
            lengths, elapsed, used, middle = run(players, games, step)
            decisions = sum(lengths)
            total, wall, cpu = total + decisions, wall + elapsed, cpu + used
            print(
                f"{name:<10} {players:>7} {games:>6} {decisions:>10} "
                f"{decisions / elapsed:>12,.0f} {decisions / used:>10,.0f} "
                f"{statistics.median(lengths):>10,.0f} "
                f"{f'{min(lengths)}-{max(lengths)}':>12} {state_bytes(middle):>11,}"
            )
        print(
            f"{name:<10} {'all':>7} {4 * games:>6} {total:>10} "
            f"{total / wall:>12,.0f} {total / cpu:>10,.0f}"
        )


if __name__ == "__main__":
    main()
