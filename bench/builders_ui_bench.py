"""UI responsiveness of the Builders of Egypt screen with four players:
key press to updated screen, measured as bench/ui_bench.py measures the Duel.

    python bench/builders_ui_bench.py [--moves N] [--players N]
    python bench/ui_bench.py --game builders [--moves N] [--players N]   (the same)

Each decision of a random game is keyed in as a player would (a sail is
shown first, then made with Enter); the time runs from the key press to the
end of the last screen update it caused.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time


async def key_latencies(moves: int, players: int) -> list[float]:
    os.environ["IMHOTEP_DATA_DIR"] = tempfile.mkdtemp()
    from textual.screen import Screen

    from engine.builders import legal_actions
    from engine.games import game
    from match.history import History
    from match.match import Match
    from match.seats import Seat
    from tui.app import ImhotepApp
    from tui.builders.keys import keys_for
    from tui.builders.screens.game import GameScreen

    rules = game("builders")
    drawn = [0.0]
    original = Screen._compositor_refresh

    def timed_refresh(self: Screen[object]) -> None:
        original(self)
        drawn[0] = time.perf_counter()

    Screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
    names = ("Ann", "Bob", "Cy", "Dee")[:players]
    app = ImhotepApp()
    latencies: list[float] = []
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        seed = 0
        while len(latencies) < moves:
            history = History.start(rules, rules.deal(players, random.Random(seed)))
            screen = GameScreen(Match(history, tuple(Seat(name=n) for n in names)))
            await app.push_screen(screen)
            await pilot.pause()
            while not screen.state.over and len(latencies) < moves:
                state = screen.state
                action = rng.choice(legal_actions(state))
                for key in keys_for(action, state.step, state.card):
                    begun = time.perf_counter()
                    await pilot.press(key)
                    await pilot.pause()
                    latencies.append(drawn[0] - begun)
            seed += 1
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await pilot.pause()
    return latencies


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    latencies = asyncio.run(key_latencies(args.moves, args.players))
    ms = sorted(x * 1000 for x in latencies)
    print(
        f"Builders, {args.players} players, key press to updated screen: "
        f"median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms "
        f"over {len(ms)} key presses"
    )


if __name__ == "__main__":
    main()
