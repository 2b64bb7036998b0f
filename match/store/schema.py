"""The database's tables, what each version added, and how a file is
opened: checked before anything is written, brought up to date at its first
write (so that a process that only reads never changes the file)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from match.files import unsafe_link
from match.store import counting
from match.store.errors import StoreError, damaged, describe_db_error, reason
from match.words import msg

if TYPE_CHECKING:
    from engine.message import Message

# 2: games.revision; 3: hints between people; 4: meta; 5: any game, 2-4 seats;
# 6: who won, as each game's rules said; 7: talk at a table (chat, watchers,
# mutes); 8: when each turn began, ratings and records (match.store.ratings)
SCHEMA_VERSION = 8
# The first version that keeps when a turn began and the ratings.
RATINGS_VERSION = 8
# The first version that keeps what is said at a table.
TALK_VERSION = 7
APPLICATION_ID = 0x494D4844  # "IMHD": tells our database from any other SQLite file

# Version 5's games and seats, by a name given at creation: a new file makes
# them under their own names, the upgrade beside the old ones first.
_GAMES = """
CREATE TABLE {name} (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    code TEXT UNIQUE,
    setup TEXT NOT NULL,
    seat_count INTEGER NOT NULL CHECK (seat_count BETWEEN 2 AND 4),
    undo_mode TEXT NOT NULL DEFAULT 'safe',
    status TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0,
    to_move INTEGER NOT NULL DEFAULT 0,
    invited TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);
"""
_SEATS = """
CREATE TABLE {name} (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    owner TEXT,
    session TEXT,
    seen_at REAL,
    score INTEGER NOT NULL DEFAULT 0,
    hints_used INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
"""
# Version 6: whether the seat won (a finished game's winners, as its rules
# said: the lists never work a result out again with one game's tie rule).
_WON = "ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;"
# Version 6 too: the seats that have agreed to a takeback, one bit a seat (at
# a table of more than two, every other person agrees before it is made).
_AGREED = "ALTER TABLE requests ADD COLUMN agreed INTEGER NOT NULL DEFAULT 0;"
# The winners of the games finished before version 6, from what the file
# holds: the one best score; at equal best scores in a Duel, the player who
# did not start (its rules' tie-break, RULES.md). A tie in another game is
# left unknown: its tie-break needs a replay, and the lists show it as such.
_PAST_WINNERS = """
UPDATE seats SET won = 1
WHERE game_id IN (SELECT id FROM games WHERE status = 'over')
AND score = (SELECT max(o.score) FROM seats AS o WHERE o.game_id = seats.game_id)
AND (
    (SELECT count(*) FROM seats AS o WHERE o.game_id = seats.game_id AND o.score = seats.score) = 1
    OR seat = (
        SELECT 1 - coalesce(json_extract(g.setup, '$.starter'), 0) FROM games AS g
        WHERE g.id = seats.game_id AND g.kind = 'duel' AND g.seat_count = 2
        AND json_valid(g.setup) AND json_type(g.setup, '$.starter') IS NOT 'text'
    )
);
"""
# Version 8: when the player to move got the turn (for "your turn for 2 h";
# a game of an earlier version reads its last change instead), each
# player's rating and record per game kind, and the games counted in them:
# one row a game, so that a game is never counted twice (see
# match.store.ratings). Both tables only cache what the finished games
# say, and are rebuilt from them.
_TURN_AT = "ALTER TABLE games ADD COLUMN turn_at REAL;"
_RATINGS = """
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    ties INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player, kind)
);
CREATE TABLE IF NOT EXISTS rated (
    game_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    result TEXT NOT NULL,
    at REAL NOT NULL
);
"""
# Version 7: what is said at a table, who looks on, and whom each player
# no longer hears. None of it is a change of the game: writing here moves no
# revision and no tables_revision (see match.store.chat).
_TALK = """
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_game ON chat(game_id, id);
CREATE INDEX IF NOT EXISTS chat_by_owner ON chat(owner, at);
CREATE TABLE IF NOT EXISTS watchers (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    session TEXT NOT NULL,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    seen_at REAL NOT NULL,
    PRIMARY KEY (game_id, session)
);
CREATE TABLE IF NOT EXISTS mutes (
    owner TEXT NOT NULL,
    muted TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (owner, muted)
);
"""
_INDEXES = """
CREATE INDEX IF NOT EXISTS games_by_time ON games(status, updated_at);
CREATE INDEX IF NOT EXISTS seats_by_owner ON seats(owner);
"""

# What each schema version adds to the one before, in one transaction.
_UPGRADES = {
    2: "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;",
    # Whether a game between people allows hints (set when the table is set
    # up), and how many each seat has used.
    3: """
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN hints0 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN hints1 INTEGER NOT NULL DEFAULT 0;
""",
    # A counter that every write a list of games shows moves (see
    # Store.tables_revision). It starts at 1: a file not yet upgraded reads
    # as a negative number, so the first upgrade is seen as a change.
    4: """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO meta (key, value) VALUES ('tables_revision', 1);
""",
    # Any game of two to four seats: the game's kind and seat count, each
    # seat's score and hints in its own row. SQLite cannot change a CHECK or
    # drop the pairs of columns in place, so both tables are rebuilt (with
    # foreign keys off, or dropping the old games would delete their moves),
    # every value copied as it was: every game kept so far is a Duel.
    5: _GAMES.format(name="games_v5")
    + """
INSERT INTO games_v5 (id, kind, code, setup, seat_count, undo_mode, status, cursor, to_move,
    invited, created_at, updated_at, revision, hints)
SELECT id, 'duel', code, setup, 2, undo_mode, status, cursor, to_move,
    invited, created_at, updated_at, revision, hints FROM games;
"""
    + _SEATS.format(name="seats_v5")
    + """
INSERT INTO seats_v5 (game_id, seat, name, kind, owner, session, seen_at, score, hints_used)
SELECT s.game_id, s.seat, s.name, s.kind, s.owner, s.session, s.seen_at,
    coalesce(CASE s.seat WHEN 0 THEN g.score0 ELSE g.score1 END, 0),
    coalesce(CASE s.seat WHEN 0 THEN g.hints0 ELSE g.hints1 END, 0)
FROM seats AS s LEFT JOIN games AS g ON g.id = s.game_id;
DROP TABLE seats;
DROP TABLE games;
ALTER TABLE games_v5 RENAME TO games;
ALTER TABLE seats_v5 RENAME TO seats;
"""
    + _INDEXES,
    6: _WON + _AGREED + _PAST_WINNERS,
    7: _TALK,
    8: _TURN_AT + _RATINGS,
}
# SQLite's own files beside the database: none of them may be a link either.
_SIDE_FILES = ("-wal", "-shm", "-journal")
BUSY_TIMEOUT_MS = 5000

_SCHEMA = (
    _GAMES.format(name="games")
    + _SEATS.format(name="seats")
    + _WON
    + _TURN_AT
    + _RATINGS
    + """
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS requests (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at_ply INTEGER NOT NULL,
    to_ply INTEGER NOT NULL,
    at REAL NOT NULL
);
"""
    + _AGREED
    + """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS imported (
    digest TEXT PRIMARY KEY,
    game_id INTEGER,
    source TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO meta (key, value) VALUES ('tables_revision', 1);
"""
    + _INDEXES
    + _TALK
)


def kind_columns(version: int) -> str:
    """The columns ``kind, seat_count`` of a row of games, as a file of
    ``version`` has them: one not yet brought up to date (only read, see
    :func:`bring_up_to_date`) holds Duels of two seats, and reads as the
    upgrade would make it."""
    return "kind, seat_count" if version >= 5 else "'duel', 2"


def request_columns(version: int) -> str:
    """The columns ``kind, seat, at_ply, to_ply, at, agreed`` of a request
    (before 6, nobody had agreed to one yet)."""
    return f"kind, seat, at_ply, to_ply, at, {'agreed' if version >= 6 else '0'}"


def game_columns(version: int) -> str:
    """The columns ``kind, seat_count, revision, hints`` of a row of games
    (see :func:`kind_columns`)."""
    revision = "revision" if version >= 2 else "0"
    return f"{kind_columns(version)}, {revision}, {'hints' if version >= 3 else '0'}"


def seat_rows(version: int) -> str:
    """A query of seats (named ``s``) giving ``game_id, seat, name, kind,
    owner, session, seen_at, score, hints_used, won``, for a file of
    ``version`` (before 5, each seat's score and hints are in its game's row;
    before 6, no seat is known to have won until the file is brought up to
    date at its first write)."""
    head = "SELECT s.game_id, s.seat, s.name, s.kind, s.owner, s.session, s.seen_at"
    if version >= 6:
        return f"{head}, s.score, s.hints_used, s.won FROM seats AS s"
    if version >= 5:
        return f"{head}, s.score, s.hints_used, 0 FROM seats AS s"
    hints = "CASE s.seat WHEN 0 THEN g.hints0 ELSE g.hints1 END" if version >= 3 else "0"
    return (
        f"{head}, CASE s.seat WHEN 0 THEN g.score0 ELSE g.score1 END, {hints}, 0"
        " FROM seats AS s JOIN games AS g ON g.id = s.game_id"
    )


def turn_column(version: int) -> str:
    """When the turn of a game's player to move began (before 8, its last
    change, which is the same for a game that moved since)."""
    return "coalesce(turn_at, updated_at)" if version >= RATINGS_VERSION else "updated_at"


def _newer(label: str, version: int) -> Message:
    return msg(
        "{label}: was written by a newer version of imhotep-duel "
        "(store version {version}; this one reads {ours}); it was left alone",
        label=label,
        version=version,
        ours=SCHEMA_VERSION,
    )


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def connect(path: Path, *, create: bool) -> tuple[sqlite3.Connection, int, bool]:
    """A connection to the database at ``path``, the file's schema version,
    and whether it is ready to write (only a new file, which is set up now);
    an existing file is checked without writing to it.

    Raises :class:`StoreError` for a database that is damaged, locked, of a
    newer version, not ours, or on a disk that cannot be written; such a file
    is left exactly as it was.
    """
    label = str(path)
    folder_link = unsafe_link(path)
    if folder_link is not None:
        raise StoreError(
            msg(
                "{label}: the folder {folder} is a symbolic link that someone else could "
                "change, so no games are kept there",
                label=label,
                folder=str(folder_link),
            )
        )
    # A link would take the games, or a new database, wherever it points
    # (a dangling one included, which exists() does not see).
    for linked in (path, *(path.with_name(path.name + side) for side in _SIDE_FILES)):
        if linked.is_symlink():
            raise StoreError(
                msg(
                    "{label}: is a symbolic link; games are kept only in a file of "
                    "their own, so it was left alone",
                    label=str(linked),
                )
            )
    if not path.exists():
        if not create:
            raise StoreError(msg("{label}: there is no game database there", label=label))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                msg(
                    "{label}: cannot create its folder: {reason}",
                    label=label,
                    reason=reason(exc),
                )
            ) from None
    elif not path.is_file():
        raise StoreError(msg("{label}: is not a file", label=label))
    elif not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise StoreError(msg("{label}: is read-only, so games cannot be kept there", label=label))
    try:
        db = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as exc:
        raise StoreError(
            msg("{label}: {problem}", label=label, problem=describe_db_error(exc))
        ) from None
    # Damaged text must not raise UnicodeDecodeError from deep inside a
    # query: it reads with replacement characters, which the checks of
    # names, notation and set-up then refuse or show harmlessly.
    db.text_factory = _lenient_text
    try:
        return db, *_prepare_when_free(db, label)
    except StoreError:
        db.close()
        raise
    except sqlite3.Error as exc:
        db.close()
        raise StoreError(
            msg("{label}: {problem}", label=label, problem=describe_db_error(exc))
        ) from None
    except UnicodeDecodeError:
        # SQLite's own message quoted damaged bytes of the schema.
        db.close()
        raise StoreError(msg("{label}: {problem}", label=label, problem=damaged())) from None


def _prepare_when_free(db: sqlite3.Connection, label: str) -> tuple[int, bool]:
    """:func:`_prepare`, tried again while another process holds the file.

    Two programs started at once may both find a new, empty file: while one
    turns it into a WAL database, SQLite answers the other "locked" at once
    for some steps, without waiting on the busy timeout. Such a moment passes;
    only a lock held past the busy timeout is the player's problem.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return _prepare(db, label)
        except sqlite3.OperationalError as exc:
            busy = exc.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            if not busy or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _prepare(db: sqlite3.Connection, label: str) -> tuple[int, bool]:
    # Reading the header first: a file that is not a database (or is
    # damaged there) fails here, before any pragma could write to it. One
    # statement, so one snapshot: read apart, another process creating the
    # file could commit between them (its tables seen, its id not yet).
    app_id, version, tables = db.execute(
        "SELECT (SELECT application_id FROM pragma_application_id),"
        " (SELECT user_version FROM pragma_user_version),"
        " (SELECT count(*) FROM sqlite_schema)"
    ).fetchone()
    if tables and app_id != APPLICATION_ID:
        raise StoreError(
            msg("{label}: is a database of another program; it was left alone", label=label)
        )
    if version > SCHEMA_VERSION:
        raise StoreError(_newer(label, version))
    # Connection settings only: nothing here changes the file.
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    if not tables:
        # A new (empty) file: creating it is no read, so it is set up now.
        bring_up_to_date(db, label)
        return SCHEMA_VERSION, True
    # A damaged schema shows here rather than in the middle of a game.
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_schema")}
    wanted = {"games", "seats", "actions", "requests", "players", "imported"}
    wanted |= {"meta"} if version >= 4 else set()
    wanted |= {"ratings", "rated"} if version >= RATINGS_VERSION else set()
    wanted |= {"chat", "watchers", "mutes"} if version >= TALK_VERSION else set()
    missing = wanted - names
    if missing:
        raise StoreError(
            msg(
                "{label}: is damaged (missing {tables}); it was left alone",
                label=label,
                tables=", ".join(sorted(missing)),
            )
        )
    return int(version), False


def bring_up_to_date(db: sqlite3.Connection, label: str) -> None:
    """Before the first write: WAL, and this version's schema.

    Deferred from opening so that a process that only reads (a list of
    games, a watcher) never changes the file.
    """
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StoreError(
            msg(
                "{label}: cannot share games (journal mode {mode}, not WAL)",
                label=label,
                mode=str(mode),
            )
        )
    # Rebuilding a table (version 5) must not cascade into the rows that
    # refer to it; SQLite takes this setting only outside a transaction.
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        _up_to_date(db, label)
    finally:
        db.execute("PRAGMA foreign_keys = ON")


def _up_to_date(db: sqlite3.Connection, label: str) -> None:
    # One transaction, and the version read inside it: two processes may
    # create or upgrade the file at once.
    db.execute("BEGIN IMMEDIATE")
    try:
        tables = db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if not tables:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        elif version > SCHEMA_VERSION:
            raise StoreError(_newer(label, version))
        else:
            for step in range(version + 1, SCHEMA_VERSION + 1):
                for statement in _UPGRADES[step].split(";"):
                    if statement.strip():
                        db.execute(statement)
            if version < RATINGS_VERSION:
                # The games finished before ratings were kept count now, in
                # the order they ended: SQL alone cannot rate them.
                counting.rebuild(db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
