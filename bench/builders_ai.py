"""Builders of Egypt: the computer levels against each other and the textbook baseline.

Run through ``bench/ai_bench.py --game builders`` (the options are this
module's). A pairing "A vs B" at a table of N seats puts one A among N-1 Bs;
each deal (seed) is played N times with A in each seat in turn, so neither
side profits from a lucky deal or a good seat. Half the deals use the Wrath
of the Pharaoh. For each table and pairing it prints A's share of the wins
(a victory shared by several seats is split among them) with its 95%
interval, and each side's mean and longest seconds per decision, every
decision counted (forced ones too)::

    python bench/ai_bench.py --game builders --games 120            # hard vs baseline, 0.5 s
    python bench/ai_bench.py --game builders --games 12 --budget 0.1 --tables 2
    python bench/ai_bench.py --game builders --pairings easy:medium medium:hard

``baseline`` is the textbook single-observer ISMCTS of ``bench/ismcts.py``,
which the levels never use. Interrupting a run (Ctrl+C, or SIGTERM for a run
in the background) prints the tables for the games finished.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import random
import signal
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.builders import DEFAULT_BUDGET, LEVELS, make_player
from engine.builders.game import BUILDERS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ismcts import TextbookPlayer

BASELINE = "baseline"
NAMES = (*LEVELS, BASELINE)


@dataclass(frozen=True, slots=True)
class Task:
    pairing: tuple[str, str]
    seats: int
    seed: int
    place: int  # the seat of the pairing's first side
    budget: float  # hard's seconds per decision
    budget_baseline: float


@dataclass(slots=True)
class GameResult:
    task: Task
    share: float  # the first side's share of the win
    times: dict[str, list[float]] = field(default_factory=dict)


def player(name: str, seed: int, task: Task) -> Any:
    if name == BASELINE:
        return TextbookPlayer(BUILDERS, seed=seed, time_budget=task.budget_baseline)
    return make_player(name, seed=seed, time_budget=task.budget)  # type: ignore[arg-type]


def play(task: Task) -> GameResult:
    first, other = task.pairing
    names = [first if seat == task.place else other for seat in range(task.seats)]
    options = {"seed": str(task.seed), "variant": "yes" if task.seed % 2 else "no"}
    state = BUILDERS.start(BUILDERS.deal(task.seats, random.Random(task.seed), options))
    players = [player(name, task.seed * 8 + seat, task) for seat, name in enumerate(names)]
    times: dict[str, list[float]] = {first: [], other: []}
    while not BUILDERS.over(state):
        seat = BUILDERS.current_player(state)
        start = time.perf_counter()
        action = players[seat].choose(state)
        times[names[seat]].append(time.perf_counter() - start)
        state = BUILDERS.apply(state, action)  # checked: a bad step would raise
    return GameResult(task, BUILDERS.returns(state)[task.place], times)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _pairing(text: str) -> tuple[str, str]:
    first, colon, second = text.partition(":")
    if not colon or first not in NAMES or second not in NAMES or first == second:
        raise argparse.ArgumentTypeError(f"not a pairing of two of {', '.join(NAMES)}: {text}")
    return first, second


def schedule(
    tables: list[int],
    pairings: list[tuple[str, str]],
    games: int,
    seed: int,
    budget: float,
    baseline_budget: float,
) -> list[Task]:
    """Every game to play, taken in turn from each table and pairing.

    A run stopped early (the tables cover the games finished) then holds
    about as many games of each table and pairing, rather than all of the
    first table and none of the last.
    """
    queues = []
    for seats in tables:
        for pairing in pairings:
            queues.append(
                [
                    Task(pairing, seats, seed + deal, place, budget, baseline_budget)
                    for deal in range(math.ceil(games / seats))
                    for place in range(seats)
                ]
            )
    return [task for row in itertools.zip_longest(*queues) for task in row if task is not None]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=120, help="games per pairing and table (rounded up to seats)"
    )
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="hard's seconds")
    parser.add_argument(
        "--budget-baseline",
        type=float,
        default=None,
        help="the baseline's seconds (default: hard's)",
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument(
        "--pairings",
        type=_pairing,
        nargs="+",
        default=[("hard", BASELINE), ("medium", "easy"), ("hard", "medium")],
        help="FIRST:OTHER, one FIRST among OTHERs (default: hard:baseline medium:easy hard:medium)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000, help="first deal's seed")
    args = parser.parse_args(argv)
    baseline_budget = args.budget if args.budget_baseline is None else args.budget_baseline

    tasks = schedule(
        args.tables, args.pairings, args.games, args.seed, args.budget, baseline_budget
    )
    shares: dict[tuple[int, tuple[str, str]], list[float]] = defaultdict(list)
    times: dict[tuple[int, tuple[str, str]], dict[str, list[float]]] = defaultdict(
        lambda: defaultdict(list)
    )

    start = time.perf_counter()
    pool = multiprocessing.Pool(args.workers, initializer=_ignore_interrupts)
    handlers = (
        signal.signal(signal.SIGINT, signal.default_int_handler),
        signal.signal(signal.SIGTERM, _interrupt),
    )
    try:
        for done, result in enumerate(pool.imap_unordered(play, tasks, chunksize=1), 1):
            key = (result.task.seats, result.task.pairing)
            shares[key].append(result.share)
            for name, spent in result.times.items():
                times[key][name].extend(spent)
            if done % 10 == 0:
                so_far = ", ".join(
                    f"{s}p {a}:{b} {sum(v):.1f}/{len(v)}" for (s, (a, b)), v in shares.items()
                )
                print(f"  {done}/{len(tasks)} games: {so_far}", file=sys.stderr, flush=True)
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        print("interrupted: the tables cover the games finished", file=sys.stderr)
    finally:
        pool.join()
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])
    elapsed = time.perf_counter() - start
    report(args, baseline_budget, shares, times, elapsed)


def report(
    args: argparse.Namespace,
    baseline_budget: float,
    shares: dict[tuple[int, tuple[str, str]], list[float]],
    times: dict[tuple[int, tuple[str, str]], dict[str, list[float]]],
    elapsed: float,
) -> None:
    print(
        f"Builders of Egypt: hard budget {args.budget}s, baseline budget {baseline_budget}s, "
        f"seeds from {args.seed}, workers {args.workers}, wall time {elapsed:.0f}s"
    )
    print(
        f"{'table':<6} {'pairing':<18} {'games':>5} {'share':>7} {'fair':>5}  {'95% interval':<16}"
        f" {'first s mean/max':>17} {'other s mean/max':>17}"
    )
    for seats in args.tables:
        for pairing in args.pairings:
            got = shares.get((seats, pairing), [])
            if not got:
                continue
            won = sum(got)
            low, high = wilson(won, len(got))
            spent = times[seats, pairing]

            def cell(name: str, spent: dict[str, list[float]] = spent) -> str:
                values = spent.get(name, [])
                if not values:
                    return "-"
                return f"{sum(values) / len(values):.3f}/{max(values):.3f}"

            label = f"{pairing[0]} vs {pairing[1]}"
            print(
                f"{seats}p{'':<4} {label:<18} {len(got):>5} {won / len(got):>7.1%} "
                f"{1 / seats:>5.0%}  [{low:.1%}, {high:.1%}]{'':<2}"
                f" {cell(pairing[0]):>17} {cell(pairing[1]):>17}"
            )


if __name__ == "__main__":
    main()
