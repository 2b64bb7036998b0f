"""One log line per game event, read from the store the players' apps write.

The apps keep their games in the store; the server only watches it. The
store's ``tables_revision`` (see :class:`match.follow.TablesWatch`) says
cheaply whether anything a list shows changed (a heartbeat does not); only
then are the games listed and compared with what was seen before: a table
opened, a table filled, a move, a game over. Store calls run in one worker thread of their
own (a store connection is not shared between threads), so a slow disk never
holds up the sessions' keystrokes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from match.follow import TablesWatch
from match.seats import Seat
from match.store import GameSummary, Store, StoreError

log = logging.getLogger("imhotep.server")

T = TypeVar("T")
POLL_SECONDS = 1.0
WATCHED = 500  # most recently changed games compared at each change


@dataclass(frozen=True)
class Seen:
    status: str
    moves: int
    owners: tuple[str | None, ...]  # one for each seat, two to four


def _letters(word: str, most: int) -> str:
    # The store's text: only letters and digits reach the log.
    return "".join(filter(str.isalnum, word))[:most]


def seat_words(seat: Seat, *, table_open: bool) -> str:
    """A seat as the log names it, in the log's own words.

    A seat's stored name is a player's word for it: a free seat or a computer
    is named in the language of whoever set the table ("2. játékos",
    "Computer"), which put several languages into one log. The log names
    those in its words, and a person by the name they chose.
    """
    if seat.computer:
        return f"computer ({_letters(seat.kind, 16)})"
    if table_open and seat.owner is None:
        return "free seat"
    return seat.name


def describe(game: GameSummary) -> str:
    """The game as the log names it: its players, and its game unless a Duel."""
    kind = "" if game.kind == "duel" else " " + _letters(game.kind, 20)
    table_open = game.status == "open"
    players = " v ".join(seat_words(seat, table_open=table_open) for seat in game.seats)
    return f"game {game.id}{kind} ({players})"


def events(before: dict[int, Seen], games: list[GameSummary]) -> list[str]:
    """The log lines for what changed between ``before`` and ``games``."""
    lines = []
    for game in sorted(games, key=lambda g: g.updated_at):
        old = before.get(game.id)
        owners = tuple(seat.owner for seat in game.seats)
        if old is None:
            if game.status == "open":
                whom = " for one invited player" if game.invited else ""
                lines.append(f"{describe(game)}: table {game.code} opened{whom}")
            elif game.status == "playing":
                lines.append(f"{describe(game)}: started")
            continue
        # Each seat taken is logged: at a table of three or four the first
        # to join leaves it open, and only the last starts the game.
        taken = any(
            was is None and now is not None for was, now in zip(old.owners, owners, strict=False)
        )
        if taken and old.status == "open" and game.status in ("open", "playing"):
            lines.append(f"{describe(game)}: table {game.code} joined")
        if game.moves != old.moves:
            verb = "move" if game.moves > old.moves else "taken back to move"
            lines.append(f"{describe(game)}: {verb} {game.moves}")
        if game.status == "over" and old.status != "over":
            # Every seat's total, in the order describe names the players.
            totals = " to ".join(str(score) for score in game.scores)
            lines.append(f"{describe(game)}: over, {totals}")
    return lines


class GameWatcher:
    def __init__(self, store_path: Path) -> None:
        self.store_path = store_path
        self._thread = concurrent.futures.ThreadPoolExecutor(1, "imhotep-store")
        self._store: Store | None = None
        self._tables = TablesWatch()
        self._seen: dict[int, Seen] | None = None
        self._task: asyncio.Task[None] | None = None
        self._failed = False

    async def start(self) -> None:
        """Take the first look (what is there is not news), then watch.

        Raises StoreError if the store cannot be used: a server whose players
        could not keep a game should not start.
        """
        await asyncio.get_running_loop().run_in_executor(self._thread, self._poll)
        self._task = asyncio.ensure_future(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=True)

    async def call(self, work: Callable[[Store], T]) -> T:
        """Run ``work`` on the watcher's store, in its thread (names are kept there too)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: work(self.store()))

    def store(self) -> Store:
        """The watcher's own store connection (only ever used in its thread)."""
        if self._store is None:
            self._store = Store.open(self.store_path)
        return self._store

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                lines = await loop.run_in_executor(self._thread, self._poll)
            except StoreError as exc:
                if not self._failed:
                    log.warning("cannot read the store %s: %s", self.store_path, exc)
                self._failed = True
            else:
                self._failed = False
                for line in lines:
                    log.info("%s", line)
            await asyncio.sleep(POLL_SECONDS)

    def _poll(self) -> list[str]:
        store = self.store()
        if not self._tables.moved(store) and self._seen is not None:
            return []
        games = store.games(statuses=("open", "playing", "over"), limit=WATCHED)
        seen = {g.id: Seen(g.status, g.moves, tuple(s.owner for s in g.seats)) for g in games}
        # The first look only learns what is there: games are not news at start.
        lines = [] if self._seen is None else events(self._seen, games)
        self._seen = seen
        return lines

    def _close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
