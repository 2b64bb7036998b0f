"""Round robin of the computer levels: win rates and thinking time.

Every pairing plays ``--games`` games: each deal (seed) is played twice with the
seats swapped, so neither level profits from a lucky deal or from starting.
Sides (A/B of each monument) vary with the seed. Besides the app's levels,
``ismcts`` is an outside yardstick: a textbook information-set MCTS with random
playouts (``bench/ismcts.py``), which the levels never use. Run from the
repository root::

    python bench/ai_bench.py --games 200            # hard at the app's default budget
    python bench/ai_bench.py --games 20 --budget 0.1 --levels hard medium
    python bench/ai_bench.py --levels hard ismcts --budget-ismcts 2

Interrupting a run (Ctrl+C, or SIGTERM for a run in the background) still
prints the table for the games finished. A long run can be spread over
several sittings: with ``--record FILE`` every finished game is appended to
FILE, and a later run with the same FILE and settings plays only the games
the file does not hold yet, then prints the table over all of them::

    python bench/ai_bench.py --levels hard ismcts --budget-ismcts 2 --record runs.jsonl

``--game builders`` runs Builders of Egypt's tables instead (its options are
those of ``bench/builders_ai.py``; ``--game builders --help`` lists them).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import multiprocessing
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.duel import DEFAULT_BUDGET, LEVELS, make_player
from engine.duel import Action, GameState, apply_unchecked, new_game, outcome

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ismcts import IsmctsPlayer

BASELINE = "ismcts"
# Strongest first: a pairing is reported as the first level's win rate.
ORDER = ("hard", *reversed([lvl for lvl in LEVELS if lvl != "hard"]))


class Chooser(Protocol):
    def choose(self, state: GameState) -> Action: ...


@dataclass(frozen=True, slots=True)
class Task:
    levels: tuple[str, str]  # the pairing, as listed
    seed: int
    swapped: bool  # the second level sits in seat 0 (and starts)
    budget: float
    budget_ismcts: float = DEFAULT_BUDGET
    code: str = ""  # digest of the players' code (players_digest)


@dataclass(slots=True)
class GameResult:
    task: Task
    winner: str
    times: dict[str, list[float]] = field(default_factory=dict)


def player(level: str, seed: int, task: Task) -> Chooser:
    if level == BASELINE:
        return IsmctsPlayer(seed=seed, time_budget=task.budget_ismcts)
    return make_player(level, seed=seed, time_budget=task.budget)  # type: ignore[arg-type]


def play(task: Task) -> GameResult:
    first, second = task.levels
    seats = (second, first) if task.swapped else (first, second)
    deal = random.Random(task.seed)
    sides = "".join(deal.choice("AB") for _ in range(4))
    state = new_game(task.seed, sides=sides, starter=0)
    players = [player(level, task.seed * 2 + seat, task) for seat, level in enumerate(seats)]
    times: dict[str, list[float]] = {first: [], second: []}
    while not state.over:
        seat = state.turn
        start = time.perf_counter()
        action = players[seat].choose(state)
        times[seats[seat]].append(time.perf_counter() - start)
        state = apply_unchecked(state, action)
    result = outcome(state)
    assert result is not None
    return GameResult(task, seats[result.winner], times)


ROOT = Path(__file__).resolve().parent.parent


def players_digest() -> str:
    """A digest of every source file the players' moves depend on.

    A record only resumes games played by the same code: a change to the
    rules, the levels or the baseline starts the count afresh.
    """
    digest = hashlib.sha256()
    files = sorted(
        [*ROOT.glob("engine/**/*.py"), *ROOT.glob("ai/**/*.py"), ROOT / "bench/ismcts.py"]
    )
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def record_line(result: GameResult) -> str:
    task = result.task
    return json.dumps(
        {
            "levels": list(task.levels),
            "seed": task.seed,
            "swapped": task.swapped,
            "budget": task.budget,
            "budget_ismcts": task.budget_ismcts,
            "code": task.code,
            "winner": result.winner,
            "times": result.times,
        }
    )


def read_record(path: Path, held: bytes) -> list[GameResult]:
    """The games a record holds; a line cut short by a killed run is skipped."""
    results = []
    text = held.decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), 1):
        try:
            data = json.loads(line)
            levels = (str(data["levels"][0]), str(data["levels"][1]))
            task = Task(
                levels,
                int(data["seed"]),
                bool(data["swapped"]),
                float(data["budget"]),
                float(data["budget_ismcts"]),
                str(data.get("code", "")),
            )
            times = {str(k): [float(t) for t in v] for k, v in data["times"].items()}
            results.append(GameResult(task, str(data["winner"]), times))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            print(f"{path}:{number}: not a game record; skipped", file=sys.stderr)
    return results


def _ignore_interrupts() -> None:
    # Ctrl+C reaches every process of the terminal's group; only the parent
    # should act on it, or a worker dies mid-game and the pool cannot stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument("--game", choices=("duel", "builders"), default="duel")
    known, argv = game.parse_known_args(argv)
    if known.game == "builders":
        from builders_ai import main as builders_main

        builders_main(argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help="hard's seconds per decision (default: the app's, %(default)s)",
    )
    parser.add_argument(
        "--budget-ismcts",
        type=float,
        default=DEFAULT_BUDGET,
        help="the ismcts baseline's seconds per decision (default: %(default)s)",
    )
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=[*LEVELS, BASELINE])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000, help="first deal's seed")
    parser.add_argument(
        "--record",
        type=Path,
        help="append each finished game to this file, and skip the games it already holds",
    )
    args = parser.parse_args(argv)

    order = [lvl for lvl in (*ORDER, BASELINE) if lvl in args.levels]
    pairings = list(itertools.combinations(order, 2))
    code = players_digest()
    tasks = [
        Task((a, b), args.seed + i // 2, bool(i % 2), args.budget, args.budget_ismcts, code)
        for a, b in pairings
        for i in range(args.games)
    ]
    wins = {pair: 0 for pair in pairings}
    played = {pair: 0 for pair in pairings}
    times: dict[str, list[float]] = {lvl: [] for lvl in order}

    def count(result: GameResult) -> None:
        pair = result.task.levels
        played[pair] += 1
        wins[pair] += result.winner == pair[0]
        for level, spent in result.times.items():
            times[level].extend(spent)

    if args.record is not None:
        wanted = set(tasks)
        held = args.record.read_bytes() if args.record.exists() else b""
        earlier = [r for r in read_record(args.record, held) if r.task in wanted]
        done_before = {r.task for r in earlier}
        for result in earlier:
            count(result)
        tasks = [task for task in tasks if task not in done_before]
        # A run killed mid-write leaves a line without its end: close it, so
        # that only the cut game is lost and not the next one too.
        if held and not held.endswith(b"\n"):
            with args.record.open("a", encoding="utf-8") as out:
                out.write("\n")
        print(
            f"{args.record}: {len(done_before)} games done before by this code ({code}), "
            f"{len(tasks)} to play",
            file=sys.stderr,
        )
    start = time.perf_counter()
    pool = multiprocessing.Pool(args.workers, initializer=_ignore_interrupts)
    # Set after the workers start, so they keep the defaults. A run started in
    # the background has SIGINT ignored, so SIGTERM also stops it with a table.
    handlers = (
        signal.signal(signal.SIGINT, signal.default_int_handler),
        signal.signal(signal.SIGTERM, _interrupt),
    )
    try:
        for done, result in enumerate(pool.imap_unordered(play, tasks, chunksize=1), 1):
            count(result)
            if args.record is not None:
                with args.record.open("a", encoding="utf-8") as out:
                    out.write(record_line(result) + "\n")
            if done % 10 == 0:
                so_far = ", ".join(
                    f"{a} {wins[a, b]}/{played[a, b]} vs {b}" for a, b in pairings if played[a, b]
                )
                print(f"  {done}/{len(tasks)} games: {so_far}", file=sys.stderr, flush=True)
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        print("interrupted: the table covers the games finished", file=sys.stderr)
    finally:
        pool.join()
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])
    elapsed = time.perf_counter() - start

    budgets = f"hard budget: {args.budget}s"
    if BASELINE in order:
        budgets += f", {BASELINE} budget: {args.budget_ismcts}s"
    print(
        f"players' code: {code}, games per pairing: {args.games}, {budgets}, "
        f"workers: {args.workers}, wall time of this run: {elapsed:.0f}s"
    )
    print(f"{'pairing':<18} {'wins':>9} {'rate':>6}  95% interval")
    for pair in pairings:
        low, high = wilson(wins[pair], played[pair])
        rate = wins[pair] / played[pair] if played[pair] else 0.0
        label = f"{pair[0]} vs {pair[1]}"
        print(
            f"{label:<18} {wins[pair]:>4}/{played[pair]:<4} {rate:>6.1%}  [{low:.1%}, {high:.1%}]"
        )
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>8} {'max ms':>8}")
    for level in order:
        spent = times[level]
        mean = 1000 * sum(spent) / len(spent) if spent else 0.0
        peak = 1000 * max(spent, default=0.0)
        print(f"{level:<8} {len(spent):>9} {mean:>8.1f} {peak:>8.1f}")


if __name__ == "__main__":
    main()
