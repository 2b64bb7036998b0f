"""Databases as earlier releases wrote them, for the upgrade tests.

The DDL is written out here as those releases had it (version 1 as in commit
378b258, version 3 as on main before the store carried any game), not taken
from the store, so that a change to today's schema cannot change what an
older file looks like.

:func:`build` fills such a file with every kind of game a player may have
in it: a finished game, a game in progress with undone moves kept for redo,
an open table, a table in play across two terminals (its seats held by two
players' processes, with a takeback asked for).
"""

from __future__ import annotations

import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from engine.duel import GameState, Setup, current_player, legal_actions
from engine.duel.game import DUEL
from match.match import Match, encode_setup, summary_of
from match.seats import Seat
from match.store import APPLICATION_ID

ANN, BOB = "key:ann", "key:bob"

_COMMON = """
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE requests (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at_ply INTEGER NOT NULL,
    to_ply INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_at REAL NOT NULL
);
CREATE TABLE imported (
    digest TEXT PRIMARY KEY,
    game_id INTEGER,
    source TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat IN (0, 1)),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    owner TEXT,
    session TEXT,
    seen_at REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX games_by_time ON games(status, updated_at);
CREATE INDEX seats_by_owner ON seats(owner);
"""

SCHEMA = {
    1: """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    code TEXT UNIQUE,
    setup TEXT NOT NULL,
    undo_mode TEXT NOT NULL DEFAULT 'safe',
    status TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0,
    to_move INTEGER NOT NULL DEFAULT 0,
    score0 INTEGER NOT NULL DEFAULT 0,
    score1 INTEGER NOT NULL DEFAULT 0,
    invited TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
"""
    + _COMMON,
    3: """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    code TEXT UNIQUE,
    setup TEXT NOT NULL,
    undo_mode TEXT NOT NULL DEFAULT 'safe',
    status TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0,
    to_move INTEGER NOT NULL DEFAULT 0,
    score0 INTEGER NOT NULL DEFAULT 0,
    score1 INTEGER NOT NULL DEFAULT 0,
    invited TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    hints0 INTEGER NOT NULL DEFAULT 0,
    hints1 INTEGER NOT NULL DEFAULT 0
);
"""
    + _COMMON,
}


@dataclass(frozen=True)
class OldGame:
    """What the old file holds of one game, as the test expects to find it."""

    id: int
    status: str
    code: str | None
    line: tuple[str, ...]  # every action, undone ones included
    cursor: int
    seats: tuple[Seat, Seat]
    scores: tuple[int, int]
    to_move: int
    revision: int
    hints: bool
    hints_used: tuple[int, int]
    sessions: tuple[str | None, str | None]
    request: tuple[int, int, int] | None  # seat, at_ply, to_ply
    invited: str | None = None


def _play(seed: int, plies: int | None) -> tuple[list[str], list[GameState]]:
    """A Duel played by random legal actions: ``plies`` of them, or to its end."""
    match = Match.new(Setup(seed=seed), (Seat(name="A"), Seat(name="B")), store=None)
    chooser = random.Random(seed)
    states = [match.state]
    while not match.state.over and (plies is None or len(states) <= plies):
        assert match.play(chooser.choice(legal_actions(match.state))) is None
        states.append(match.state)
    return [str(a) for a in match.history.actions], states


def build(path: Path, version: int) -> dict[str, OldGame]:
    """A store of ``version`` (1 or 3) holding every kind of game; what it holds."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript(SCHEMA[version])
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("INSERT INTO players (id, name, created_at) VALUES (?, 'ann', 1.0)", (ANN,))
    db.execute("INSERT INTO players (id, name, created_at) VALUES (?, 'bob', 1.0)", (BOB,))
    now = time.time()
    later = version >= 3
    ann, bob = Seat(name="ann", owner=ANN), Seat(name="bob", owner=BOB)
    kinds = {
        # name: seed, plies (None: to the end), undone, status, code, seats, sessions,
        # request, hints, hints used
        "finished": (1, None, 0, "over", None, (ann, Seat(name="CPU", kind="hard")),
                     (None, None), None, False, (0, 0)),
        "in progress": (2, 9, 2, "playing", None, (ann, Seat(name="ann 2", owner=ANN)),
                        (None, None), None, False, (0, 0)),
        "open table": (3, 0, 0, "open", "K7QXM", (ann, Seat(name="Player 2")),
                       (f"elsewhere/1/{version}a", None), None, later, (0, 0)),
        "two terminals": (4, 6, 0, "playing", "P3RSW", (ann, bob),
                          (f"elsewhere/2/{version}b", f"elsewhere/3/{version}c"),
                          (1, 6, 4), later, (2, 1) if later else (0, 0)),
    }  # fmt: skip
    held: dict[str, OldGame] = {}
    for name, (
        seed,
        plies,
        undone,
        status,
        code,
        seats,
        sessions,
        asked,
        hints,
        used,
    ) in kinds.items():
        line, states = _play(seed, plies)
        cursor = len(line) - undone
        standing = summary_of(states[cursor], DUEL)
        revision = 7 * seed if version >= 2 else 0
        columns = "code, setup, status, cursor, to_move, score0, score1, created_at, updated_at"
        values: tuple[object, ...] = (
            code,
            encode_setup(Setup(seed=seed)).decode(),
            status,
            cursor,
            standing.to_move,
            *standing.scores,
            1.0 + seed,
            2.0 + seed,
        )
        if version >= 3:
            columns += ", revision, hints, hints0, hints1"
            values += (revision, int(hints), *used)
        marks = ",".join("?" for _ in values)
        game_id = db.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks}) RETURNING id", values
        ).fetchone()[0]
        for index, seat in enumerate(seats):
            db.execute(
                "INSERT INTO seats (game_id, seat, name, kind, owner, session, seen_at)"
                " VALUES (?,?,?,?,?,?,?)",
                (
                    game_id,
                    index,
                    seat.name,
                    seat.kind,
                    seat.owner,
                    sessions[index],
                    now if sessions[index] else None,
                ),
            )
        for ply, text in enumerate(line):
            db.execute(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,?,?)",
                (game_id, ply, text, current_player(states[ply]), 1.0 + ply),
            )
        if asked is not None:
            db.execute(
                "INSERT INTO requests (game_id, kind, seat, at_ply, to_ply, at)"
                " VALUES (?, 'undo', ?, ?, ?, ?)",
                (game_id, *asked, now),
            )
        held[name] = OldGame(
            id=game_id,
            status=status,
            code=code,
            line=tuple(line),
            cursor=cursor,
            seats=seats,
            scores=(standing.scores[0], standing.scores[1]),
            to_move=standing.to_move,
            revision=revision,
            hints=hints,
            hints_used=used,
            sessions=sessions,
            request=asked,
        )
    db.close()
    return held
