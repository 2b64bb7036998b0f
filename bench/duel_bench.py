"""Two terminals at one table: how soon a move shows on the other screen.

    python bench/duel_bench.py [--games N] [--idle SECONDS] [--appends N]

Two processes, each running the real app headless (``run_test``), sit at one
table in a fresh store and play random games against each other. The mover
notes the time its action was committed to the store; the other process notes
the time its screen had been redrawn with that move (``call_after_refresh``
after the match reported it). Both run on one machine, so one clock serves.

It also measures the CPU a waiting app uses (a host alone at its table, doing
nothing but watching the store) and the time to append one action.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIDE = r"""
import asyncio, json, random, sys, time
from engine.duel import legal_actions
from match.match import Match, Moved
from match.store import Store
from tui.app import ImhotepApp

path, role, code_file, out, seed = sys.argv[1:6]
rng = random.Random(int(seed))
me = f"local:{role}"

async def main():
    store = Store.open(path)
    if role == "host":
        from engine.duel import Setup
        from match.seats import Seat
        match = Match.new(Setup(seed=int(seed)), (Seat(name="Ann"), Seat(name="P2")),
                          store=store, here=frozenset({0}), table=True, me=me)
        open(code_file, "w").write(match.code)
    else:
        while True:
            try:
                code = open(code_file).read().strip()
            except FileNotFoundError:
                code = ""
            if code:
                break
            time.sleep(0.05)
        match = Match.join(store, code, me=me, name="Bob")
    app = ImhotepApp(open_match=match, store=store, me=me)
    sent, seen = [], []

    def on_event(event):
        if isinstance(event, Moved):
            if event.by == "here":
                sent.append((match.history.cursor, time.time()))
            elif event.by == "away":
                ply = match.history.cursor
                app.call_after_refresh(lambda: seen.append((ply, time.time())))

    match.subscribe(on_event)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not match.state.over:
            if not match.waiting and match.seats[1].owner is not None:
                action = rng.choice(legal_actions(match.state))
                match.play(action)
                # A person needs a moment too; it also lets the redraw happen.
                await asyncio.sleep(0.02)
            else:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
    json.dump({"sent": sent, "seen": seen}, open(out, "w"))

asyncio.run(main())
"""

IDLE = r"""
import asyncio, sys, time
from engine.duel import Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui.app import ImhotepApp

path, seconds = sys.argv[1], float(sys.argv[2])

async def main():
    store = Store.open(path)
    match = Match.new(Setup(seed=1, starter=1), (Seat(name="Ann"), Seat(name="P2")),
                      store=store, here=frozenset({0}), table=True)
    app = ImhotepApp(open_match=match, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(1.0)
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        print((time.process_time() - cpu) / (time.perf_counter() - wall))

asyncio.run(main())
"""


def play_games(games: int) -> list[float]:
    """Move-to-other-screen latencies in seconds, over ``games`` random games."""
    latencies: list[float] = []
    for game in range(games):
        folder = Path(tempfile.mkdtemp())
        env = {**os.environ, "IMHOTEP_DATA_DIR": str(folder)}
        store = folder / "games.sqlite3"
        outs = {role: folder / f"{role}.json" for role in ("host", "guest")}
        code = folder / "code"
        sides = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    SIDE,
                    str(store),
                    role,
                    str(code),
                    str(outs[role]),
                    str(game),
                ],
                env=env,
            )
            for role in ("host", "guest")
        ]
        for side in sides:
            side.wait(timeout=600)
        data = {role: json.loads(outs[role].read_text()) for role in outs}
        for mover, watcher in (("host", "guest"), ("guest", "host")):
            seen = dict(map(tuple, data[watcher]["seen"]))
            for ply, at in data[mover]["sent"]:
                if ply in seen:
                    latencies.append(seen[ply] - at)
        print(f"game {game + 1}: {len(data['host']['sent']) + len(data['guest']['sent'])} moves")
    return latencies


def idle_cpu(seconds: float) -> float:
    folder = tempfile.mkdtemp()
    env = {**os.environ, "IMHOTEP_DATA_DIR": folder}
    result = subprocess.run(
        [sys.executable, "-c", IDLE, str(Path(folder) / "games.sqlite3"), str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout.strip().splitlines()[-1])


def append_times(count: int) -> tuple[list[float], list[float]]:
    """Seconds per ``Store.append`` (one transaction, fsync'd), and per whole
    ``Match.play`` (the engine's check and the summary as well), over random games."""
    from engine.duel import Setup, legal_actions
    from match.match import Match
    from match.seats import Seat
    from match.store import Store

    appends: list[float] = []
    plays: list[float] = []
    rng = random.Random(0)
    with Store.open(Path(tempfile.mkdtemp()) / "games.sqlite3") as store:
        timed_append = store.append

        def append(*args: object, **kwargs: object) -> None:
            start = time.perf_counter()
            timed_append(*args, **kwargs)  # type: ignore[arg-type]
            appends.append(time.perf_counter() - start)

        store.append = append  # type: ignore[method-assign]
        while len(plays) < count:
            match = Match.new(Setup(seed=len(plays)), (Seat(name="A"), Seat(name="B")), store=store)
            match.play(legal_actions(match.state)[0])  # the game's row is created here
            while not match.state.over and len(plays) < count:
                action = rng.choice(legal_actions(match.state))
                start = time.perf_counter()
                match.play(action)
                plays.append(time.perf_counter() - start)
    return appends, plays


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds to watch a waiting app")
    parser.add_argument("--appends", type=int, default=500)
    args = parser.parse_args()

    latencies = play_games(args.games)
    deciles = statistics.quantiles(latencies, n=10)
    print(f"\nmove applied -> other screen updated, {len(latencies)} moves:")
    print(f"  median {_ms(statistics.median(latencies))}   90th percentile {_ms(deciles[8])}")
    print(f"  (target: median under 200 ms)   max {_ms(max(latencies))}")
    cpu = idle_cpu(args.idle)
    print(
        f"waiting app, idle CPU over {args.idle:.0f} s: {cpu * 100:.2f}% of one core (target < 2%)"
    )
    appends, plays = append_times(args.appends)
    deciles = statistics.quantiles(appends, n=10)
    print(
        f"append one action to the store (one transaction, synchronous=FULL), {len(appends)}"
        f" actions: median {_ms(statistics.median(appends))}, 90th percentile {_ms(deciles[8])}"
        " (target: median under 5 ms)"
    )
    print(f"  a whole step (engine check, scores, append): median {_ms(statistics.median(plays))}")


if __name__ == "__main__":
    main()
