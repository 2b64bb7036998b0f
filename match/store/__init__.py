"""The game store: every game, finished or not, in one SQLite database.

Several processes share it (two terminals, the SSH server's sessions), so it
is used the way SQLite is meant to be shared (see STYLE.md):

- WAL mode: readers never wait for the one writer.
- Every write is one transaction begun with ``BEGIN IMMEDIATE``, which takes
  the write lock *before* reading what the write depends on.
- Each game has a revision that every move, undo or redo and seat change
  bumps (presence heartbeats do not). A write that changes the game names the
  revision it was made on; if another process changed the game since, the
  write is refused (:class:`StaleWrite`) and nothing is written. A ply alone
  would not do: after an undo and another move the game stands at the same
  ply on another line.
- ``PRAGMA data_version`` changes when another connection commits, which lets
  a waiting player notice a move without reading any table
  (:meth:`Store.changed`). Every commit moves it, a presence heartbeat
  included, so a follower asks :meth:`Store.pulse` (the game's revision,
  request and presence, without its moves) and a list of games asks
  :meth:`Store.tables_revision` (a counter that only writes a list shows
  move) before reading more.
- ``synchronous=FULL``: a committed action survives kill -9 and a power cut.

Every failure is a :class:`StoreError` (a :class:`~match.errors.MatchError`)
whose ``reason`` is for the player; the
store never repairs or rewrites a database it cannot read, and never opens a
symbolic link (in a shared folder another account could plant one).

Opening only reads. A database is switched to WAL and brought to this
version's schema at its first write, so listing or watching games leaves the
file as it was.

Tables::

    games    one row per game: its kind (the key of engine.games.GAMES,
             which the store keeps without importing the games), its seat
             count, set-up, status, times, the table code, the cursor (how
             many of its actions are in play: undone actions stay for redo
             until a new one replaces them), whose turn it is for lists, the
             revision
    seats    two to four rows per game: name, kind, owner, score, hints
             used, and the presence of the process that holds it
             (session, seen_at)
    actions  one row per action: ply, notation, seat, time
    requests a pending takeback request per game
    players  names chosen by players known by id (the SSH server's keys)
    imported files already brought in from the JSON saves of earlier versions
    ratings  each player's rating and record per kind of game (a cache of
             what the finished games say: see match.store.ratings)
    rated    the games counted in the ratings, one row each, with their outcome
    meta     store-wide counters: ``tables_revision``
    chat     what is said at each table (no change of its game: no revision)
    watchers who looks on at each table, from which process, seen when
    mutes    whom each player (key) no longer hears

The package, one job a module: :mod:`~match.store.schema` (tables, upgrades,
opening), :mod:`~match.store.errors`, :mod:`~match.store.records` (the
values handed out), :mod:`~match.store.reading` (rows checked into records),
:mod:`~match.store.base` (the connection and its transactions),
:mod:`~match.store.games`, :mod:`~match.store.moves`,
:mod:`~match.store.presence`, :mod:`~match.store.players`,
:mod:`~match.store.imports`, :mod:`~match.store.ratings`,
:mod:`~match.store.turns` and :mod:`~match.store.chat`.
"""

from __future__ import annotations

from match.store.chat import MAX_CHAT, Chat, ChatLine, ChatRefused, Watcher
from match.store.errors import (
    RematchExists,
    StaleWrite,
    StoreError,
    TooManyTables,
    damaged,
    describe_db_error,
)
from match.store.games import Games
from match.store.imports import Imports
from match.store.moves import Moves
from match.store.players import Players
from match.store.presence import Seats, session_id
from match.store.ratings import Ratings
from match.store.records import (
    CODE_ALPHABET,
    CODE_LENGTH,
    PRESENCE_SECONDS,
    UNDO_MODES,
    GameSummary,
    Presence,
    Pulse,
    Request,
    Standing,
    Status,
    StoredAction,
    StoredGame,
)
from match.store.schema import APPLICATION_ID, BUSY_TIMEOUT_MS, SCHEMA_VERSION
from match.store.turns import Turns


class Store(Games, Moves, Seats, Players, Imports, Ratings, Turns, Chat):
    """A connection to the game database. Not shared between threads."""


__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_MS",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_CHAT",
    "PRESENCE_SECONDS",
    "SCHEMA_VERSION",
    "UNDO_MODES",
    "ChatLine",
    "ChatRefused",
    "GameSummary",
    "Presence",
    "Pulse",
    "RematchExists",
    "Request",
    "StaleWrite",
    "Standing",
    "Status",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredGame",
    "TooManyTables",
    "Watcher",
    "damaged",
    "describe_db_error",
    "session_id",
]
