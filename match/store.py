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

Every failure is a :class:`StoreError` whose message is for the player; the
store never repairs or rewrites a database it cannot read, and never opens a
symbolic link (in a shared folder another account could plant one).

Opening only reads. A database is switched to WAL and brought to this
version's schema at its first write, so listing or watching games leaves the
file as it was.

Tables::

    games    one row per game: set-up, status, times, the table code,
             the cursor (how many of its actions are in play: undone actions
             stay for redo until a new one replaces them), a summary for
             lists, the revision
    seats    two rows per game: name, kind, owner, and the presence of the
             process that holds it (session, seen_at)
    actions  one row per action: ply, notation, seat, time
    requests a pending takeback request per game
    players  names chosen by players known by id (the SSH server's keys)
    imported files already brought in from the JSON saves of earlier versions
    meta     store-wide counters: ``tables_revision``
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

from match import rows
from match.clean import clean_text
from match.seats import HUMAN, Seat, SeatKind, UndoMode
from match.words import as_message, msg

if TYPE_CHECKING:
    from engine.message import Message

SCHEMA_VERSION = 4  # 2: games.revision; 3: hints between people; 4: meta
APPLICATION_ID = 0x494D4844  # "IMHD": tells our database from any other SQLite file
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
}
# SQLite's own files beside the database: none of them may be a link either.
_SIDE_FILES = ("-wal", "-shm", "-journal")
# A seat whose process has not been seen for this long is taken as left.
PRESENCE_SECONDS = 15.0
BUSY_TIMEOUT_MS = 5000
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 5

Status = Literal["open", "playing", "over"]
SEAT_KINDS = frozenset(get_args(SeatKind))
UNDO_MODES = frozenset(get_args(UndoMode))


def damaged() -> Message:
    """What the store says of a file it cannot read as a database."""
    return msg("is damaged (not a readable game database); it was left alone")


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
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
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat IN (0, 1)),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    owner TEXT,
    session TEXT,
    seen_at REAL,
    PRIMARY KEY (game_id, seat)
);
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
CREATE INDEX IF NOT EXISTS games_by_time ON games(status, updated_at);
CREATE INDEX IF NOT EXISTS seats_by_owner ON seats(owner);
"""


class StoreError(Exception):
    """The store cannot do what was asked.

    ``str(error)`` is the English; ``error.message`` is usually a
    :class:`~engine.message.Message`, which the app words with ``tr()``.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleWrite(StoreError):
    """Another process changed the game first; nothing was written.

    ``cursor`` and ``revision`` are the game's in the store now.
    """

    def __init__(self, message: str, cursor: int, revision: int = -1) -> None:
        super().__init__(message)
        self.cursor = cursor
        self.revision = revision


@dataclass(frozen=True)
class StoredAction:
    ply: int
    notation: str
    seat: int
    at: float


@dataclass(frozen=True)
class Request:
    kind: str  # "undo"
    seat: int  # who asked
    at_ply: int  # the game's ply when asked: an answer to a changed game is void
    to_ply: int  # where the game would go back to
    at: float


@dataclass(frozen=True)
class Presence:
    session: str | None
    seen_at: float | None

    def live(self, now: float | None = None) -> bool:
        if self.session is None or self.seen_at is None:
            return False
        if (now if now is not None else time.time()) - self.seen_at >= PRESENCE_SECONDS:
            return False
        # A process of this machine that has ended (kill -9, a dropped SSH
        # link) left no word: ask the system rather than wait for the timeout.
        host, _, rest = self.session.partition("/")
        pid = rest.partition("/")[0]
        if host == socket.gethostname() and pid.isascii() and pid.isdigit():
            try:
                os.kill(int(pid), 0)
            except ProcessLookupError:
                return False
            except (OSError, OverflowError):
                pass  # another user's process (or no process id at all): alive
        return True


@dataclass(frozen=True)
class Pulse:
    """What a process following a game reads while nobody moves: whether the
    game changed (its revision), a takeback asked for, and who is at each
    seat; never the moves or the set-up."""

    revision: int
    request: Request | None
    presence: tuple[Presence, ...]


@dataclass(frozen=True)
class StoredGame:
    """One game as the store holds it (the engine's set-up is JSON here;
    :mod:`match.match` replays it)."""

    id: int
    code: str | None
    setup: bytes
    undo_mode: str
    status: Status
    cursor: int
    actions: tuple[StoredAction, ...]  # all of them, undone ones included
    seats: tuple[Seat, Seat]
    presence: tuple[Presence, Presence]
    request: Request | None
    invited: str | None
    created_at: float
    updated_at: float
    revision: int = 0  # see Store.append: a write names the revision it was made on
    # Hints in a game between people: allowed when the table was set up, and
    # how many each seat has used (the other player is told of each).
    hints: bool = False
    hints_used: tuple[int, int] = (0, 0)

    @property
    def line(self) -> tuple[str, ...]:
        """The actions in play (undone ones left out)."""
        return tuple(a.notation for a in self.actions[: self.cursor])


@dataclass(frozen=True)
class GameSummary:
    """One line of a list of games."""

    id: int
    code: str | None
    status: Status
    seats: tuple[Seat, Seat]
    presence: tuple[Presence, Presence]
    moves: int
    to_move: int  # -1 once the game is over
    scores: tuple[int, int]
    invited: str | None
    created_at: float
    updated_at: float

    @property
    def title(self) -> str:
        return f"{self.seats[0].label} v {self.seats[1].label}"


def _reason(exc: BaseException) -> Message:
    if isinstance(exc, OSError):
        from match.files import os_error_reason

        return os_error_reason(exc)
    if isinstance(exc, sqlite3.Error):
        return _describe_db_error(exc)
    # The text may quote the file (a table's name in a damaged schema).
    text = clean_text(str(exc), 200) or type(exc).__name__
    return as_message(text[0].lower() + text[1:])


class Store:
    """A connection to the game database. Not shared between threads."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._version = SCHEMA_VERSION  # the file's schema, as last read
        self._writable = False  # WAL and this version's schema: see _ready_to_write

    # Opening -------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, create: bool = True) -> Store:
        """Open (and on first use create) the database at ``path``.

        Raises :class:`StoreError` for a database that is damaged, locked,
        of a newer version, not ours, or on a disk that cannot be written;
        such a file is left exactly as it was.
        """
        path = Path(path)
        label = str(path)
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
                        reason=_reason(exc),
                    )
                ) from None
        elif not path.is_file():
            raise StoreError(msg("{label}: is not a file", label=label))
        elif not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise StoreError(
                msg("{label}: is read-only, so games cannot be kept there", label=label)
            )
        try:
            db = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(
                msg("{label}: {problem}", label=label, problem=_describe_db_error(exc))
            ) from None
        # Damaged text must not raise UnicodeDecodeError from deep inside a
        # query: it reads with replacement characters, which the checks of
        # names, notation and set-up then refuse or show harmlessly.
        db.text_factory = _lenient_text
        store = cls(db, path)
        try:
            store._prepare()
        except StoreError:
            db.close()
            raise
        except sqlite3.Error as exc:
            db.close()
            raise StoreError(
                msg("{label}: {problem}", label=label, problem=_describe_db_error(exc))
            ) from None
        except UnicodeDecodeError:
            # SQLite's own message quoted damaged bytes of the schema.
            db.close()
            raise StoreError(msg("{label}: {problem}", label=label, problem=damaged())) from None
        return store

    def _prepare(self) -> None:
        db = self._db
        label = str(self.path)
        # Reading the header first: a file that is not a database (or is
        # damaged there) fails here, before any pragma could write to it.
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
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
        self._version = int(version)
        if not tables:
            # A new (empty) file: creating it is no read, so it is set up now.
            self._ready_to_write()
            return
        # A damaged schema shows here rather than in the middle of a game.
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_schema")}
        wanted = {"games", "seats", "actions", "requests", "players", "imported"}
        missing = (wanted | ({"meta"} if version >= 4 else set())) - names
        if missing:
            raise StoreError(
                msg(
                    "{label}: is damaged (missing {tables}); it was left alone",
                    label=label,
                    tables=", ".join(sorted(missing)),
                )
            )

    def _ready_to_write(self) -> None:
        """Before the first write: WAL, and this version's schema.

        Deferred from opening so that a process that only reads (a list of
        games, a watcher) never changes the file.
        """
        if self._writable:
            return
        db = self._db
        label = str(self.path)
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(
                msg(
                    "{label}: cannot share games (journal mode {mode}, not WAL)",
                    label=label,
                    mode=str(mode),
                )
            )
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
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        self._version = SCHEMA_VERSION
        self._writable = True

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Transactions ----------------------------------------------------------

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the lock from its first read."""
        self._ready_to_write()
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(
                msg(
                    "the game database is busy or unwritable: {problem}",
                    problem=_describe_db_error(exc),
                )
            ) from None
        try:
            yield db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise StoreError(
                msg("the game could not be saved: {problem}", problem=_describe_db_error(exc))
            ) from None

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except sqlite3.Error as exc:
            raise StoreError(
                msg("the game database: {problem}", problem=_describe_db_error(exc))
            ) from None
        except UnicodeDecodeError:
            raise StoreError(msg("the game database {problem}", problem=damaged())) from None

    def changed(self, since: int | None) -> tuple[bool, int]:
        """Whether another connection committed since ``since``; the new mark.

        Reads one number SQLite keeps in memory: cheap enough to ask often.
        """
        with self._errors():
            version = int(self._db.execute("PRAGMA data_version").fetchone()[0])
        return version != since, version

    # Games -----------------------------------------------------------------

    def create_game(
        self,
        setup: bytes,
        seats: tuple[Seat, Seat],
        *,
        undo_mode: str = "safe",
        status: Status = "playing",
        table: bool = False,
        invited: str | None = None,
        actions: Sequence[tuple[str, int]] = (),
        cursor: int | None = None,
        summary: tuple[int, int, int] = (0, 0, 0),
        created_at: float | None = None,
        imported: tuple[str, str] | None = None,
        hints: bool = False,
    ) -> int:
        """A new game; returns its id. ``table`` gives it a code others join with.

        ``actions`` are ``(notation, seat)`` pairs for a game brought in from
        elsewhere (already checked by the caller); ``summary`` is
        ``(to_move, score0, score1)`` at ``cursor``. ``imported`` is the
        ``(digest, source)`` of the file it came from, marked in the same
        transaction so that a file is never brought in twice.
        """
        now = time.time()
        created = created_at if created_at is not None else now
        with self._errors(), self._write() as db:
            code = self._new_code(db) if table else None
            row = db.execute(
                "INSERT INTO games (code, setup, undo_mode, status, cursor, to_move, score0,"
                " score1, invited, created_at, updated_at, hints)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (
                    code,
                    setup.decode(),
                    undo_mode,
                    status,
                    len(actions) if cursor is None else cursor,
                    *summary,
                    invited,
                    created,
                    now,
                    int(hints),
                ),
            ).fetchone()
            game_id = int(row[0])
            for index, seat in enumerate(seats):
                db.execute(
                    "INSERT INTO seats (game_id, seat, name, kind, owner) VALUES (?,?,?,?,?)",
                    (game_id, index, seat.name, seat.kind, seat.owner),
                )
            db.executemany(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,?,?)",
                [(game_id, ply, text, who, created) for ply, (text, who) in enumerate(actions)],
            )
            if imported is not None:
                db.execute(
                    "INSERT INTO imported (digest, game_id, source, at) VALUES (?,?,?,?)",
                    (imported[0], game_id, imported[1], now),
                )
            self._tables_moved(db)
        return game_id

    @staticmethod
    def _new_code(db: sqlite3.Connection) -> str:
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is None:
                return code
        raise StoreError(msg("no free table code could be found"))  # 33 million codes: never

    def game(self, game_id: int) -> StoredGame:
        """Everything stored about one game; StoreError if there is no such game
        or it is damaged."""
        try:
            with self._snapshot():
                return self._game(game_id)
        except (ValueError, TypeError, OverflowError) as exc:
            raise StoreError(
                msg("game {game} is damaged ({error})", game=game_id, error=str(exc))
            ) from None

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[None]:
        """Reads that see one moment of the database, so that a revision read
        goes with the actions read after it."""
        with self._errors():
            self._db.execute("BEGIN")
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("COMMIT")

    def _revision_column(self) -> str:
        # A file of version 1 not yet written by this version has no revision
        # column (see _ready_to_write); it reads as revision 0, which the
        # upgrade gives every game.
        if self._version < 2:
            self._version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        return "revision" if self._version >= 2 else "0"

    def _hint_columns(self) -> str:
        # Likewise for version 3's columns: a file not yet upgraded allows no hints.
        if self._version < 3:
            self._version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        return "hints, hints0, hints1" if self._version >= 3 else "0, 0, 0"

    def _game(self, game_id: int) -> StoredGame:
        with self._errors():
            db = self._db
            row = db.execute(
                "SELECT id, code, setup, undo_mode, status, cursor, invited, created_at,"
                f" updated_at, {self._revision_column()}, {self._hint_columns()}"
                " FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise StoreError(msg("there is no game number {game}", game=game_id))
            seat_rows = db.execute(
                "SELECT seat, name, kind, owner, session, seen_at FROM seats"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            ).fetchall()
            action_rows = db.execute(
                "SELECT ply, notation, seat, at FROM actions WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
            request_row = db.execute(
                "SELECT kind, seat, at_ply, to_ply, at FROM requests WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        seats, presence = _seats_of(game_id, seat_rows)
        actions = tuple(
            StoredAction(
                rows.ply(number, "actions.ply"),
                rows.text(text, "actions.notation", rows.MAX_NOTATION),
                rows.seat(seat, "actions.seat"),
                rows.moment(at, "actions.at"),
            )
            for number, text, seat, at in action_rows
        )
        if [a.ply for a in actions] != list(range(len(actions))):
            raise StoreError(
                msg("game {game} is damaged: its moves are not numbered in order", game=game_id)
            )
        cursor = rows.ply(row[5], "games.cursor")
        if not 0 <= cursor <= len(actions):
            raise StoreError(
                msg(
                    "game {game} is damaged: it stands at move {cursor} of {moves}",
                    game=game_id,
                    cursor=cursor,
                    moves=len(actions),
                )
            )
        status = row[4]
        if status not in ("open", "playing", "over"):
            raise StoreError(
                msg(
                    "game {game} is damaged: unknown status {status}",
                    game=game_id,
                    status=repr(status)[: rows.QUOTE],
                )
            )
        setup = row[2]
        if not isinstance(setup, str) or len(setup) > rows.MAX_SETUP:
            raise StoreError(msg("game {game} is damaged: its set-up is not text", game=game_id))
        return StoredGame(
            id=game_id,
            code=rows.code(row[1], "games.code", CODE_ALPHABET, CODE_LENGTH),
            setup=setup.encode(),
            undo_mode=rows.one_of(row[3], "games.undo_mode", UNDO_MODES),
            status=status,
            cursor=cursor,
            actions=actions,
            seats=seats,
            presence=presence,
            request=_request(request_row, len(actions)),
            invited=rows.maybe_text(row[6], "games.invited"),
            created_at=rows.moment(row[7], "games.created_at"),
            updated_at=rows.moment(row[8], "games.updated_at"),
            revision=rows.revision(row[9], "games.revision"),
            hints=rows.whole(row[10], "games.hints", 0, 1) == 1,
            hints_used=(
                rows.whole(row[11], "games.hints0", 0, rows.MAX_PLIES),
                rows.whole(row[12], "games.hints1", 0, rows.MAX_PLIES),
            ),
        )

    def find_code(self, code: str) -> int | None:
        """The game with this table code (typed in any case), or None."""
        wanted = "".join(code.split()).upper()
        with self._errors():
            row = self._db.execute("SELECT id FROM games WHERE code = ?", (wanted,)).fetchone()
        return int(row[0]) if row is not None else None

    def games(
        self,
        *,
        owner: str | None = None,
        statuses: Sequence[Status] = ("open", "playing"),
        limit: int = 200,
    ) -> list[GameSummary]:
        """Games with one of ``statuses`` (and a seat of ``owner``), most recent first."""
        marks = ",".join("?" for _ in statuses)
        query = (
            "SELECT id, code, status, cursor, to_move, score0, score1, invited, created_at,"
            f" updated_at FROM games WHERE status IN ({marks})"
        )
        args: list[object] = list(statuses)
        if owner is not None:
            query += " AND id IN (SELECT game_id FROM seats WHERE owner = ?)"
            args.append(owner)
        query += " ORDER BY updated_at DESC, id DESC LIMIT ?"
        args.append(limit)
        summaries = []
        with self._errors():
            found = self._db.execute(query, args).fetchall()
            # The seats of all those games in one query, not one query a game.
            seats_of: dict[object, list[tuple[object, ...]]] = {row[0]: [] for row in found}
            ids = ",".join("?" for _ in seats_of)
            for game_id, *seat_row in self._db.execute(
                "SELECT game_id, seat, name, kind, owner, session, seen_at FROM seats"
                f" WHERE game_id IN ({ids}) ORDER BY game_id, seat",
                list(seats_of),
            ):
                seats_of[game_id].append(tuple(seat_row))
            for row in found:
                try:
                    summary = _summary(row, seats_of[row[0]])
                except (StoreError, ValueError):
                    continue  # a damaged game is reported when it is opened
                summaries.append(summary)
        return summaries

    def open_tables(self, *, limit: int = 100) -> list[GameSummary]:
        """Tables waiting for a second player, oldest first."""
        tables = [g for g in self.games(statuses=("open",), limit=limit) if g.code]
        return sorted(tables, key=lambda g: g.created_at)

    # Moves -----------------------------------------------------------------

    def append(
        self,
        game_id: int,
        ply: int,
        notation: str,
        seat: int,
        *,
        revision: int,
        summary: tuple[int, int, int],
        over: bool = False,
    ) -> int:
        """Record the action played at ``ply`` on the game as it stood at
        ``revision``; returns the game's new revision.

        Undone actions from ``ply`` on are dropped (a new move replaces the
        redo list). Raises :class:`StaleWrite`, writing nothing, if another
        process changed the game since this one saw it at ``revision``.
        """
        now = time.time()
        with self._errors(), self._write() as db:
            self._check(db, game_id, revision, ply)
            db.execute("DELETE FROM actions WHERE game_id = ? AND ply >= ?", (game_id, ply))
            db.execute(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,?,?)",
                (game_id, ply, notation, seat, now),
            )
            db.execute("DELETE FROM requests WHERE game_id = ?", (game_id,))
            return self._moved(db, game_id, ply + 1, summary, now, over=over)

    def move_cursor(
        self,
        game_id: int,
        expected: int,
        new: int,
        *,
        revision: int,
        summary: tuple[int, int, int],
    ) -> int:
        """Undo or redo: stand at ``new`` (0..number of actions) if the game is
        still at ``revision`` (standing at ``expected``); the new revision."""
        now = time.time()
        with self._errors(), self._write() as db:
            self._check(db, game_id, revision, expected)
            count = db.execute(
                "SELECT count(*) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            if not 0 <= new <= count:
                raise StoreError(
                    msg("move {move} is outside this game (0 to {last})", move=new, last=count)
                )
            db.execute("DELETE FROM requests WHERE game_id = ?", (game_id,))
            return self._moved(db, game_id, new, summary, now, over=False)

    def replace_line(
        self,
        game_id: int,
        actions: Sequence[tuple[str, int]],
        *,
        cursor: int,
        revision: int,
        summary: tuple[int, int, int],
        over: bool = False,
    ) -> int:
        """Make the game's actions exactly ``actions`` (``(notation, seat)``,
        undone ones included) standing at ``cursor``, if it is still at
        ``revision``; the new revision.

        For a process catching up after the store failed for a while: it
        writes the game as it was played meanwhile, or nothing (StaleWrite)
        if anyone else changed the game since.
        """
        now = time.time()
        if not 0 <= cursor <= len(actions):
            raise StoreError(
                msg(
                    "move {move} is outside this game (0 to {last})", move=cursor, last=len(actions)
                )
            )
        with self._errors(), self._write() as db:
            self._check(db, game_id, revision, None)
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            db.executemany(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,?,?)",
                [(game_id, ply, text, who, now) for ply, (text, who) in enumerate(actions)],
            )
            db.execute("DELETE FROM requests WHERE game_id = ?", (game_id,))
            return self._moved(db, game_id, cursor, summary, now, over=over)

    def revision(self, game_id: int) -> int:
        """The game's revision now: one cheap read to tell whether its moves or
        seats changed since a revision seen before."""
        with self._errors():
            row = self._db.execute(
                f"SELECT {self._revision_column()} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise StoreError(msg("game {game} is no longer in the store", game=game_id))
        return _checked(game_id, lambda: rows.revision(row[0], "games.revision"))

    def pulse(self, game_id: int) -> Pulse:
        """The game's revision, pending request and each seat's presence, in
        one snapshot: what a follower polls instead of :meth:`game`."""
        try:
            with self._snapshot():
                return self._pulse(game_id)
        except (ValueError, TypeError, OverflowError) as exc:
            raise StoreError(
                msg("game {game} is damaged ({error})", game=game_id, error=str(exc))
            ) from None

    def _pulse(self, game_id: int) -> Pulse:
        with self._errors():
            db = self._db
            row = db.execute(
                f"SELECT {self._revision_column()} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise StoreError(msg("game {game} is no longer in the store", game=game_id))
            seat_rows = db.execute(
                "SELECT seat, name, kind, owner, session, seen_at FROM seats"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            ).fetchall()
            # The number of actions bounds a request, as in game(); the last
            # ply comes from the primary key without reading the moves.
            moves = db.execute(
                "SELECT coalesce(max(ply) + 1, 0) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            request_row = db.execute(
                "SELECT kind, seat, at_ply, to_ply, at FROM requests WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        _, presence = _seats_of(game_id, seat_rows)
        return Pulse(
            revision=rows.revision(row[0], "games.revision"),
            request=_request(request_row, rows.ply(moves, "actions.ply")),
            presence=presence,
        )

    def tables_revision(self) -> int:
        """A store-wide number that moves with every write a list of games
        shows (a new game, a move, a seat taken, a game over) and not with
        presence, hints or requests: a list re-reads only when it moved.

        A file not yet brought to version 4 has no counter: it reads as
        ``-data_version``, which moves with every commit (a needless re-read
        at worst, never a missed one) and never equals a stored counter.
        """
        with self._errors():
            if self._version < 4:
                self._version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if self._version < 4:
                return -int(self._db.execute("PRAGMA data_version").fetchone()[0])
            row = self._db.execute(
                "SELECT value FROM meta WHERE key = 'tables_revision'"
            ).fetchone()
        if row is None:
            raise StoreError(msg("the game database {problem}", problem=damaged()))
        try:
            return rows.revision(row[0], "meta.value")
        except ValueError:
            raise StoreError(msg("the game database {problem}", problem=damaged())) from None

    @staticmethod
    def _tables_moved(db: sqlite3.Connection) -> None:
        """Inside a write that lists of games show: move the store's counter."""
        db.execute("UPDATE meta SET value = value + 1 WHERE key = 'tables_revision'")

    @staticmethod
    def _check(db: sqlite3.Connection, game_id: int, revision: int, ply: int | None) -> None:
        """Inside the write's transaction: the game is as the writer saw it."""
        row = db.execute("SELECT cursor, revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(msg("game {game} is no longer in the store", game=game_id))
        cursor = _checked(game_id, lambda: rows.ply(row[0], "games.cursor"))
        now = _checked(game_id, lambda: rows.revision(row[1], "games.revision"))
        if now != revision or (ply is not None and cursor != ply):
            raise StaleWrite(
                msg(
                    "the game moved on elsewhere (move {cursor}, not {ply})",
                    cursor=cursor,
                    ply=cursor if ply is None else ply,
                ),
                cursor,
                now,
            )

    @staticmethod
    def _moved(
        db: sqlite3.Connection,
        game_id: int,
        cursor: int,
        summary: tuple[int, int, int],
        now: float,
        *,
        over: bool,
    ) -> int:
        status = "over" if over else None
        row = db.execute(
            "UPDATE games SET cursor = ?, to_move = ?, score0 = ?, score1 = ?, updated_at = ?,"
            " revision = revision + 1,"
            " status = CASE WHEN ? IS NOT NULL THEN ? WHEN status = 'over' THEN 'playing'"
            " ELSE status END WHERE id = ? RETURNING revision",
            (cursor, *summary, now, status, status, game_id),
        ).fetchone()
        Store._tables_moved(db)
        return int(row[0])

    def use_hint(self, game_id: int, seat: int) -> None:
        """Count a hint the player at ``seat`` asked for (the other is told of it)."""
        column = "hints1" if seat else "hints0"
        with self._errors(), self._write() as db:
            db.execute(f"UPDATE games SET {column} = {column} + 1 WHERE id = ?", (game_id,))

    def set_undo_mode(self, game_id: int, mode: str) -> None:
        with self._errors(), self._write() as db:
            db.execute("UPDATE games SET undo_mode = ? WHERE id = ?", (mode, game_id))

    # Seats -----------------------------------------------------------------

    def claim(self, game_id: int, seat: int, owner: str, name: str | None = None) -> None:
        """Take a free person's seat of a table for ``owner``.

        A seat already taken by someone else is never handed over (StoreError).
        Once both seats have their people the table is a game in play.
        """
        with self._errors(), self._write() as db:
            row = db.execute(
                "SELECT kind, owner FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
            ).fetchone()
            if row is None:
                raise StoreError(msg("game {game} has no seat {seat}", game=game_id, seat=seat + 1))
            kind, current = row
            if kind != HUMAN:
                raise StoreError(msg("that seat is the computer's"))
            if current is not None and current != owner:
                raise StoreError(msg("that seat has been taken by another player"))
            invited = db.execute("SELECT invited FROM games WHERE id = ?", (game_id,)).fetchone()
            if current is None and invited and invited[0] and invited[0] != owner:
                raise StoreError(msg("that table is kept for another player"))
            if name is not None:
                db.execute(
                    "UPDATE seats SET owner = ?, name = ? WHERE game_id = ? AND seat = ?",
                    (owner, name, game_id, seat),
                )
            else:
                db.execute(
                    "UPDATE seats SET owner = ? WHERE game_id = ? AND seat = ?",
                    (owner, game_id, seat),
                )
            # A seat change is news to every process holding the game, and to lists.
            db.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", (game_id,))
            self._tables_moved(db)
            free = db.execute(
                "SELECT count(*) FROM seats WHERE game_id = ? AND kind = ? AND owner IS NULL",
                (game_id, HUMAN),
            ).fetchone()[0]
            if not free:
                db.execute(
                    "UPDATE games SET status = 'playing', updated_at = ?"
                    " WHERE id = ? AND status = 'open'",
                    (time.time(), game_id),
                )

    def attach(self, game_id: int, seats: Sequence[int], session: str) -> None:
        """Mark ``seats`` as played by the process ``session`` from now on."""
        now = time.time()
        with self._errors(), self._write() as db:
            for seat in seats:
                db.execute(
                    "UPDATE seats SET session = ?, seen_at = ? WHERE game_id = ? AND seat = ?",
                    (session, now, game_id, seat),
                )

    def heartbeat(self, game_id: int, session: str) -> None:
        """Say that ``session`` is still at its seats (see :data:`PRESENCE_SECONDS`)."""
        with self._errors(), self._write() as db:
            db.execute(
                "UPDATE seats SET seen_at = ? WHERE game_id = ? AND session = ?",
                (time.time(), game_id, session),
            )

    def detach(self, game_id: int, session: str) -> None:
        with self._errors(), self._write() as db:
            db.execute(
                "UPDATE seats SET session = NULL, seen_at = NULL WHERE game_id = ? AND session = ?",
                (game_id, session),
            )

    # Takebacks -------------------------------------------------------------

    def ask(self, game_id: int, request: Request, *, revision: int) -> None:
        """File a takeback request made on the game at ``revision``; StaleWrite
        if the game changed meanwhile. (A request is no change of the game: the
        revision stays, and the next move or undo drops the request.)"""
        with self._errors(), self._write() as db:
            self._check(db, game_id, revision, request.at_ply)
            db.execute(
                "INSERT OR REPLACE INTO requests (game_id, kind, seat, at_ply, to_ply, at)"
                " VALUES (?,?,?,?,?,?)",
                (game_id, request.kind, request.seat, request.at_ply, request.to_ply, request.at),
            )

    def withdraw(self, game_id: int) -> None:
        with self._errors(), self._write() as db:
            db.execute("DELETE FROM requests WHERE game_id = ?", (game_id,))

    # Players ---------------------------------------------------------------

    def player_name(self, player: str) -> str | None:
        """The name ``player`` chose, cleaned to show (None: none, or a damaged one)."""
        with self._errors():
            row = self._db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
        if row is None or not isinstance(row[0], str):
            return None
        return rows.name(row[0], "players.name")

    def player_named(self, name: str) -> str | None:
        """The id of the player with this name (in any case), or None."""
        with self._errors():
            row = self._db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        # An id is only compared with others: a damaged one names nobody.
        return row[0] if row is not None and isinstance(row[0], str) else None

    def player_names(self) -> dict[str, str]:
        """Every named player's name, by id (a row that is not text is skipped)."""
        with self._errors():
            rows = self._db.execute("SELECT id, name FROM players").fetchall()
        return {
            row[0]: row[1] for row in rows if isinstance(row[0], str) and isinstance(row[1], str)
        }

    def name_player(self, player: str, name: str) -> None:
        """Give ``player`` a name; StoreError if another player has it."""
        try:
            with self._errors(), self._write() as db:
                db.execute(
                    "INSERT INTO players (id, name, created_at) VALUES (?,?,?)"
                    " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                    (player, name, time.time()),
                )
        except StoreError as exc:
            if "UNIQUE" in exc.message.upper():
                raise StoreError(
                    msg("the name {name} is taken by another player", name=repr(name))
                ) from None
            raise

    # Files brought in ------------------------------------------------------

    def was_imported(self, digest: str) -> bool:
        with self._errors():
            row = self._db.execute("SELECT 1 FROM imported WHERE digest = ?", (digest,)).fetchone()
        return row is not None

    def skip_file(self, digest: str, source: str) -> None:
        """Remember a file that is no game, so it is not read at every start."""
        with self._errors(), self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO imported (digest, game_id, source, at) VALUES (?,NULL,?,?)",
                (digest, source, time.time()),
            )


def _checked(game_id: int, read: Callable[[], int]) -> int:
    """A number read inside a write, or StoreError naming the game as damaged."""
    try:
        return read()
    except ValueError as exc:
        raise StoreError(
            msg("game {game} is damaged ({error})", game=game_id, error=str(exc))
        ) from None


def _newer(label: str, version: int) -> Message:
    return msg(
        "{label}: was written by a newer version of Imhotep: The Duel "
        "(store version {version}; this one reads {ours}); it was left alone",
        label=label,
        version=version,
        ours=SCHEMA_VERSION,
    )


def _request(row: tuple[object, ...] | None, moves: int) -> Request | None:
    """A pending takeback: asked by a seat of the game, back to a move before
    the one it was asked at, both within the game's moves."""
    if row is None:
        return None
    kind, seat, at_ply, to_ply, at = row
    asked_at = rows.whole(at_ply, "requests.at_ply", 1, moves)
    return Request(
        rows.one_of(kind, "requests.kind", ("undo",)),
        rows.seat(seat, "requests.seat"),
        asked_at,
        rows.whole(to_ply, "requests.to_ply", 0, asked_at - 1),
        rows.moment(at, "requests.at"),
    )


def _summary(row: tuple[object, ...], seat_rows: list[tuple[object, ...]]) -> GameSummary:
    """One line of a list, every value checked as :meth:`Store.game` checks it."""
    game_id = rows.whole(row[0], "games.id", 1, 2**63 - 1)
    seats, presence = _seats_of(game_id, seat_rows)
    to_move = rows.whole(row[4], "games.to_move", -1, 1)
    return GameSummary(
        id=game_id,
        code=rows.code(row[1], "games.code", CODE_ALPHABET, CODE_LENGTH),
        status=rows.one_of(row[2], "games.status", ("open", "playing", "over")),  # type: ignore[arg-type]
        seats=seats,
        presence=presence,
        moves=rows.ply(row[3], "games.cursor"),
        to_move=to_move,
        scores=(
            rows.whole(row[5], "games.score0", -rows.MAX_SCORE, rows.MAX_SCORE),
            rows.whole(row[6], "games.score1", -rows.MAX_SCORE, rows.MAX_SCORE),
        ),
        invited=rows.maybe_text(row[7], "games.invited"),
        created_at=rows.moment(row[8], "games.created_at"),
        updated_at=rows.moment(row[9], "games.updated_at"),
    )


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _seats_of(
    game_id: int, seat_rows: list[tuple[object, ...]]
) -> tuple[tuple[Seat, Seat], tuple[Presence, Presence]]:
    if [row[0] for row in seat_rows] != [0, 1] or any(type(row[0]) is not int for row in seat_rows):
        raise StoreError(
            msg("game {game} is damaged: it does not have its two seats", game=game_id)
        )
    seats = []
    presence = []
    for _, name, kind, owner, session, seen_at in seat_rows:
        if not isinstance(name, str) or not isinstance(kind, str):
            raise StoreError(msg("game {game} is damaged: a seat has no name", game=game_id))
        seats.append(
            Seat(
                name=rows.name(name, "seats.name"),
                kind=rows.one_of(kind, "seats.kind", SEAT_KINDS),
                owner=rows.maybe_text(owner, "seats.owner"),
            )
        )
        presence.append(
            Presence(
                rows.maybe_text(session, "seats.session"),
                rows.maybe_moment(seen_at, "seats.seen_at"),
            )
        )
    return (seats[0], seats[1]), (presence[0], presence[1])


def _describe_db_error(exc: sqlite3.Error) -> Message:
    """SQLite's complaint in the player's words; its own English only as a last resort."""
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return msg("another program keeps it locked; try again in a moment")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return damaged()
    if "readonly" in text or "read-only" in text:
        return msg("is read-only, so games cannot be kept there")
    if "disk" in text and "full" in text:
        return msg("the disk is full")
    if "disk i/o" in text:
        return msg("the disk could not be read or written")
    if "unable to open" in text:
        return msg("cannot be opened")
    return as_message(clean_text(text, 200))


def session_id() -> str:
    """A new id for this process's hold on its seats: machine, process, and a
    random part (a process id is reused in time)."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(6)}"
