"""The connection every part of the store shares: opening, transactions,
and the store-wide reads (whether anything changed, the tables revision)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Self

from match import rows
from match.store import schema
from match.store.errors import StoreError, damaged, describe_db_error
from match.words import msg


class StoreBase:
    """A connection to the game database. Not shared between threads."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._version = schema.SCHEMA_VERSION  # the file's schema, as last read
        self._writable = False  # WAL and this version's schema: see _ready_to_write

    @classmethod
    def open(cls, path: Path, *, create: bool = True) -> Self:
        """Open (and on first use create) the database at ``path``.

        Raises :class:`StoreError` for a database that is damaged, locked,
        of a newer version, not ours, or on a disk that cannot be written;
        such a file is left exactly as it was.
        """
        path = Path(path)
        db, version, ready = schema.connect(path, create=create)
        store = cls(db, path)
        store._version = version
        store._writable = ready
        return store

    def _ready_to_write(self) -> None:
        """Before the first write: WAL, and this version's schema (see
        :func:`schema.bring_up_to_date`)."""
        if self._writable:
            return
        schema.bring_up_to_date(self._db, str(self.path))
        self._version = schema.SCHEMA_VERSION
        self._writable = True

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
                    problem=describe_db_error(exc),
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
                msg("the game could not be saved: {problem}", problem=describe_db_error(exc))
            ) from None

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except sqlite3.Error as exc:
            raise StoreError(
                msg("the game database: {problem}", problem=describe_db_error(exc))
            ) from None
        except UnicodeDecodeError:
            raise StoreError(msg("the game database {problem}", problem=damaged())) from None

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

    def changed(self, since: int | None) -> tuple[bool, int]:
        """Whether another connection committed since ``since``; the new mark.

        Reads one number SQLite keeps in memory: cheap enough to ask often.
        """
        with self._errors():
            version = int(self._db.execute("PRAGMA data_version").fetchone()[0])
        return version != since, version

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
