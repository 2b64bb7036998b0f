"""What ratings and turn notices cost the store.

    python bench/ratings_bench.py [--games 2000] [--players 40]

Fills a fresh store with ``--games`` finished games at tables between
``--players`` key holders (three Duels to one four-seat Builders game), then
prints: the time of the write that ends a game (its rating counted in the
same transaction) against the same write for a game that does not count,
the time to rebuild every rating from the finished games, and the time of
one look at a player's waiting games (what each app does when the store's
tables revision moved). No target is asserted: the figures are for reading.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from match.seats import Seat
from match.store import Standing, Store
from match.turns import waiting


def _seat(number: int) -> Seat:
    return Seat(name=f"p{number}", owner=f"key:p{number}")


def _finish(store: Store, seats: tuple[Seat, ...], rng: random.Random) -> float:
    """Play a game of one move and a last one; the seconds the last write took."""
    kind = "duel" if len(seats) == 2 else "builders"
    game = store.create_game(b"{}", seats, kind=kind, table=True)
    revision = store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0,) * len(seats)))
    scores = tuple(rng.randrange(40) for _ in seats)
    best = max(scores)
    winners = tuple(i for i, s in enumerate(scores) if s == best)
    start = time.perf_counter()
    store.append(
        game, 1, "b", 1, revision=revision, summary=Standing(-1, scores, winners), over=True
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "g.sqlite3") as store:
        counted = []
        for number in range(args.games):
            size = 4 if number % 4 == 3 else 2
            people = rng.sample(range(args.players), size)
            counted.append(_finish(store, tuple(_seat(p) for p in people), rng))
        plain = [_finish(store, (_seat(0), Seat(name="Bot", kind="hard")), rng) for _ in range(200)]
        start = time.perf_counter()
        rebuilt = store.rebuild_ratings()
        rebuild = time.perf_counter() - start
        for number in range(20):  # games waiting for p0
            store.create_game(b"{}", (_seat(0), _seat(number + 1)), kind="duel", table=True)
        looks = []
        for _ in range(200):
            start = time.perf_counter()
            found = waiting(store, "key:p0")
            looks.append(time.perf_counter() - start)
    ms = 1000
    print(f"games counted: {rebuilt} of {args.games + 200} finished ({args.players} players)")
    print(
        f"ending a rated game:   median {statistics.median(counted) * ms:.2f} ms,"
        f" worst {max(counted) * ms:.2f} ms"
    )
    print(
        f"ending an unrated one: median {statistics.median(plain) * ms:.2f} ms,"
        f" worst {max(plain) * ms:.2f} ms"
    )
    print(f"rebuilding every rating: {rebuild * ms:.0f} ms")
    print(
        f"one look at a player's {len(found)} waiting games:"
        f" median {statistics.median(looks) * ms:.2f} ms"
    )


if __name__ == "__main__":
    main()
