"""Store reads while nobody moves: 16 idle sessions, the event log, a lobby.

    python bench/store_reads.py [--seconds 30] [--games 8]

Sets up ``--games`` tables of two seats each in a fresh store, two moves
into each game, and then, with nobody moving, runs for ``--seconds`` what a
server with those sessions runs against the store:

- each session's :meth:`match.match.Match.poll` ten times a second (the game
  screen's ``POLL_SECONDS``), heartbeats included;
- the server's event log (:class:`server.events.GameWatcher`) once a second;
- one lobby's look at the lists once a second (``LobbyScreen._poll``; its
  re-listing is done here without drawing, see :class:`Lobby`).

The sessions are in-process matches, each on a store connection of its own
as a session's app process has: the reads are counted by wrapping the
:class:`match.store.Store` methods, which only works in one process, and 16
Textual apps would measure the machine's two cores rather than the store.
Reads are counted by kind: whole games (``Store.game``), pulses
(``Store.pulse``), lists (``Store.games``/``open_tables``) and the cheap
numbers (``changed``: data_version, ``tables_revision``).

The script runs against whatever code is first on ``sys.path``, so the same
script measures another checkout (a method it lacks is counted as zero)::

    PYTHONPATH=/work/main .venv/bin/python bench/store_reads.py   # before
    .venv/bin/python bench/store_reads.py                          # after
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import match as match_package
from engine.duel import Setup, legal_actions
from match.match import Match
from match.seats import Seat
from match.store import Store
from server.events import GameWatcher
from tui.lobby_lists import lobby_lists
from tui.screens.lobby import LobbyScreen

KINDS = {
    "game": "whole game",
    "pulse": "pulse",
    "games": "list",
    "open_tables": "list",
    "changed": "data_version",
    "tables_revision": "tables revision",
    "revision": "revision",
    "heartbeat": "heartbeat (write)",
}
POLL = 0.1  # the game screen's POLL_SECONDS
LIST_POLL = 1.0  # the lobby's and the event log's

reads: Counter[tuple[str, str]] = Counter()
reader = "setup"


def _count() -> None:
    """Wrap the store's reads so that each call is counted for the reader now."""
    for name, kind in KINDS.items():
        real = getattr(Store, name, None)
        if real is None:
            continue  # an older store: no such read

        def counted(
            self: Store, *args: Any, _real: Any = real, _kind: str = kind, **kw: Any
        ) -> Any:
            reads[reader, _kind] += 1
            return _real(self, *args, **kw)

        setattr(Store, name, counted)


@contextmanager
def reading_as(name: str) -> Iterator[None]:
    global reader
    before, reader = reader, name
    try:
        yield
    finally:
        reader = before


class Lobby(LobbyScreen):
    """The lobby's own ``_poll``, with its re-listing done without drawing."""

    def __init__(self, store: Store) -> None:
        super().__init__("Bench")
        self._store = store

    @property
    def imhotep(self) -> Any:
        return SimpleNamespace(store=self._store, me="key:lobby", store_problem=None)

    def reload(self) -> None:
        # What LobbyScreen.reload reads, in the code being measured.
        if hasattr(self, "_tables"):
            self._tables.moved(self._store)
        else:
            self._mark = self._store.changed(self._mark)[1]
        lobby_lists(self._store, "key:lobby")
        self._loaded = time.monotonic()


def _tables(path: Path, games: int) -> list[Match]:
    sessions = []
    for number in range(games):
        host = Match.new(
            Setup(seed=number, starter=0),
            (Seat(name=f"Host {number}"), Seat(name="Player 2")),
            store=Store.open(path),
            here=frozenset({0}),
            table=True,
            me=f"key:host{number}",
        )
        assert host.code is not None
        guest = Match.join(Store.open(path), host.code, me=f"key:guest{number}", name=f"G{number}")
        for _ in range(2):
            host.poll()
            guest.poll()
            mover = host if host.to_move == 0 else guest
            assert mover.play(legal_actions(mover.state)[0]) is None
        host.poll()
        guest.poll()
        sessions += [host, guest]
    return sessions


def _every(seconds: float, work: Callable[[], None]) -> Callable[[float], None]:
    due = [0.0]

    def tick(now: float) -> None:
        if now >= due[0]:
            due[0] = now + seconds
            work()

    return tick


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    _count()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        sessions = _tables(path, args.games)
        watcher = GameWatcher(path)
        watcher._poll()  # the first look, as GameWatcher.start takes it
        lobby = Lobby(Store.open(path))
        lobby.reload()  # on_mount's first list

        def poll_sessions() -> None:
            with reading_as("sessions"):
                for session in sessions:
                    session.poll()

        def poll_watcher() -> None:
            with reading_as("event log"):
                assert watcher._poll() == []  # nobody moves: no news

        def poll_lobby() -> None:
            with reading_as("lobby"):
                lobby._poll()

        ticks = [
            _every(POLL, poll_sessions),
            _every(LIST_POLL, poll_watcher),
            _every(LIST_POLL, poll_lobby),
        ]
        reads.clear()
        start = time.monotonic()
        while (now := time.monotonic()) - start < args.seconds:
            for tick in ticks:
                tick(now)
            time.sleep(0.01)
        elapsed = time.monotonic() - start
        for session in sessions:
            session.close()
        watcher._close()
    print(f"{len(sessions)} idle sessions in {args.games} games, {elapsed:.0f} s, nobody moving")
    print(f"code: {Path(match_package.__file__).resolve().parent.parent}")
    print(f"{'reader':<10} {'read':<18} {'per second':>10} {'in all':>7}")
    for (who, kind), count in sorted(reads.items()):
        print(f"{who:<10} {kind:<18} {count / elapsed:>10.2f} {count:>7}")
    whole = sum(count for (_, kind), count in reads.items() if kind == "whole game")
    print(f"whole-game reads: {whole / elapsed:.2f} per second ({whole} in all)")


if __name__ == "__main__":
    main()
