"""Builders of Egypt: fit the outlook's weights from games the computer plays.

``ai.builders.evaluate`` predicts each seat's points at the end as its score
now plus a weighed sum of what it holds (``evaluate.features``). This script
plays games of medium against itself (capped iterations, so the games do not
depend on the machine), keeps every turn's position with the points each seat
had at the end, and fits, for each table size and round:

- the weights, by least squares (ridge) of the points still to come on the
  features;
- the softmax temperature that turns the predictions into chances of
  winning, by the likelihood of the real winners: one curve per table size,
  growing with the rounds left.

It prints, table by table, the cross-validated log loss (5 folds by game) of
the fitted chances and of the ones ``evaluate`` uses now, and then the two
constants to put in ``ai/builders/evaluate.py``::

    python bench/builders_fit.py --games 900
    python bench/builders_fit.py --games 60 --iterations 50     # a quick look

No numerical library is needed: a system of a dozen unknowns is solved by
elimination.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.builders import evaluate, make_player
from engine.builders.game import BUILDERS
from engine.builders.scoring import score
from engine.builders.sites import ROUNDS
from engine.builders.state import GameState

RIDGE = 1.0
# The temperature grows with the rounds left, h: at_end * exp(growth * h).
AT_END = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0)
GROWTH = (0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8)
FOLDS = 5


@dataclass(frozen=True, slots=True)
class Row:
    game: int
    state: GameState
    now: list[float]  # each seat's score if the game ended here
    features: list[list[float]]
    final: list[int]
    returns: tuple[float, ...]


def play(job: tuple[int, int]) -> tuple[int, list[GameState], list[int], tuple[float, ...]]:
    seed, iterations = job
    seats = 2 + seed % 3
    options = {"seed": str(seed), "variant": "yes" if seed // 3 % 2 else "no"}
    state = BUILDERS.start(BUILDERS.deal(seats, random.Random(seed), options))
    players = [
        make_player("medium", seed=seed * 8 + seat, max_iterations=iterations)
        for seat in range(seats)
    ]
    kept = []
    while not state.over:
        if state.step == "turn":
            kept.append(state)
        state = BUILDERS.apply(state, players[BUILDERS.current_player(state)].choose(state))
    return seed, kept, [s.total for s in score(state)], BUILDERS.returns(state)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector``, by Gauss-Jordan elimination with pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        if abs(lead) < 1e-12:
            continue
        for r in range(size):
            if r != col:
                factor = rows[r][col] / lead
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] if abs(rows[i][i]) > 1e-12 else 0.0 for i in range(size)]


def fit_gains(rows: list[Row]) -> list[float]:
    """Ridge least squares of the points still to come; the intercept is dropped
    (the same for every seat, it changes no chance)."""
    k = len(evaluate.FEATURES) + 1
    gram = [[0.0] * k for _ in range(k)]
    target = [0.0] * k
    for row in rows:
        for seat, values in enumerate(row.features):
            x = [*values, 1.0]
            y = row.final[seat] - row.now[seat]
            for i in range(k):
                target[i] += x[i] * y
                for j in range(k):
                    gram[i][j] += x[i] * x[j]
    for i in range(k):
        gram[i][i] += RIDGE
    return solve(gram, target)[:-1]


def predict(gains: list[float], row: Row) -> list[float]:
    return [
        now + sum(g * x for g, x in zip(gains, values, strict=True))
        for now, values in zip(row.now, row.features, strict=True)
    ]


def log_loss(values: list[float], returns: tuple[float, ...], temperature: float) -> float:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return -sum(r * math.log(max(1e-12, w / total)) for r, w in zip(returns, weights, strict=True))


def fit_temperature(rows: list[Row], gains: dict[int, list[float]]) -> tuple[float, float]:
    """The temperature's (at_end, growth) by the likelihood of the winners.

    One smooth curve over the whole game, not a value per round: a search
    compares positions on both sides of a round's end, and a step in the
    temperature there would pull it towards ending rounds or away from it.
    """
    predictions = [
        (predict(gains[row.state.round], row), row.returns, evaluate.horizon(row.state))
        for row in rows
    ]

    def loss(curve: tuple[float, float]) -> float:
        at_end, growth = curve
        return sum(log_loss(p, r, at_end * math.exp(growth * h)) for p, r, h in predictions)

    return min(((a, g) for a in AT_END for g in GROWTH), key=loss)


def current_loss(row: Row) -> float:
    """The log loss of the chances ``evaluate`` gives now (nan before a first fit)."""
    if row.state.players not in evaluate.TEMPERATURE:
        return math.nan
    chances = evaluate.chances(row.state)
    return -sum(r * math.log(max(1e-12, c)) for r, c in zip(row.returns, chances, strict=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=900, help="games, a third per table size")
    parser.add_argument("--iterations", type=int, default=200, help="medium's iterations")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3000, help="first game's seed")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    jobs = [(args.seed + g, args.iterations) for g in range(args.games)]
    by_table: dict[tuple[int, int], list[Row]] = defaultdict(list)
    with multiprocessing.Pool(args.workers) as pool:
        for done, (seed, states, final, returns) in enumerate(
            pool.imap_unordered(play, jobs, chunksize=4), 1
        ):
            for state in states:
                by_table[state.players, state.round].append(row_of(seed, state, final, returns))
            if done % 50 == 0:
                print(f"  {done}/{args.games} games", file=sys.stderr, flush=True)
    print(
        f"{args.games} games of medium ({args.iterations} iterations) in "
        f"{time.perf_counter() - start:.0f}s; log loss per position, {FOLDS} folds by game"
    )
    fit_and_print(by_table)


def row_of(game: int, state: GameState, final: list[int], returns: tuple[float, ...]) -> Row:
    now = [float(s.total) for s in score(state)]
    return Row(game, state, now, evaluate.features(state), final, returns)


def fit_and_print(by_table: dict[tuple[int, int], list[Row]]) -> None:
    print(f"{'table':<6} {'round':>5} {'positions':>9} {'fitted':>7} {'now':>7}")
    gains: dict[int, list[tuple[float, ...]]] = {}
    curves: dict[int, tuple[float, float]] = {}
    fitted_sum = now_sum = 0.0
    rounds = range(1, ROUNDS + 1)
    for seats in (2, 3, 4):
        fitted = dict.fromkeys(rounds, 0.0)
        for fold in range(FOLDS):
            train = {
                r: [row for row in by_table[seats, r] if row.game % FOLDS != fold] for r in rounds
            }
            g = {r: fit_gains(train[r]) for r in rounds}
            at_end, growth = fit_temperature([row for r in rounds for row in train[r]], g)
            for r in rounds:
                for row in by_table[seats, r]:
                    if row.game % FOLDS == fold:
                        t = at_end * math.exp(growth * evaluate.horizon(row.state))
                        fitted[r] += log_loss(predict(g[r], row), row.returns, t)
        whole = {r: fit_gains(by_table[seats, r]) for r in rounds}
        gains[seats] = [tuple(round(x, 2) for x in whole[r]) for r in rounds]
        curves[seats] = fit_temperature([row for r in rounds for row in by_table[seats, r]], whole)
        for r in rounds:
            rows = by_table[seats, r]
            now = sum(current_loss(row) for row in rows)
            fitted_sum += fitted[r]
            now_sum += now
            n = max(1, len(rows))
            print(f"{seats}p{'':<4} {r:>5} {len(rows):>9} {fitted[r] / n:>7.4f} {now / n:>7.4f}")
    print(f"all    {'':>5} {'':>9} {fitted_sum:>7.0f} {now_sum:>7.0f}")
    print("\nGAINS: Final = {")
    for seats, table in gains.items():
        print(f"    {seats}: (")
        for row in table:
            print(f"        {row},")
        print("    ),")
    print("}")
    print("TEMPERATURE: Final = {")
    for seats, curve in curves.items():
        print(f"    {seats}: {curve},")
    print("}")


if __name__ == "__main__":
    main()
