"""Moves, undo and redo, takebacks asked for, hints: every write that names
the revision it was made on, refused (:class:`StaleWrite`) if the game moved
on elsewhere."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence

from match import rows
from match.store import counting, reading
from match.store.base import StoreBase
from match.store.errors import StaleWrite, StoreError, checked
from match.store.records import Request, Standing
from match.words import msg


class Moves(StoreBase):
    def append(
        self,
        game_id: int,
        ply: int,
        notation: str,
        seat: int,
        *,
        revision: int,
        summary: Standing,
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
        summary: Standing,
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
        summary: Standing,
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
            revision = "revision" if self._layout() >= 2 else "0"
            row = self._db.execute(
                f"SELECT {revision} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise StoreError(msg("game {game} is no longer in the store", game=game_id))
        return checked(game_id, lambda: rows.revision(row[0], "games.revision"))

    @staticmethod
    def _check(db: sqlite3.Connection, game_id: int, revision: int, ply: int | None) -> None:
        """Inside the write's transaction: the game is as the writer saw it."""
        row = db.execute("SELECT cursor, revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(msg("game {game} is no longer in the store", game=game_id))
        cursor = checked(game_id, lambda: rows.ply(row[0], "games.cursor"))
        now = checked(game_id, lambda: rows.revision(row[1], "games.revision"))
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
        summary: Standing,
        now: float,
        *,
        over: bool,
    ) -> int:
        status = "over" if over else None
        # A turn begins when the decision passes to another seat (the same
        # seat's second step goes on with its turn); SET reads the old row.
        row = db.execute(
            "UPDATE games SET cursor = ?, to_move = ?, updated_at = ?, revision = revision + 1,"
            " turn_at = CASE WHEN to_move IS ? THEN coalesce(turn_at, updated_at) ELSE ? END,"
            " status = CASE WHEN ? IS NOT NULL THEN ? WHEN status = 'over' THEN 'playing'"
            " ELSE status END WHERE id = ? RETURNING revision, seat_count",
            (cursor, summary.to_move, now, summary.to_move, now, status, status, game_id),
        ).fetchone()
        if row[1] != len(summary.scores):
            # A caller's mistake, not the player's: the transaction is undone.
            raise ValueError(f"game {game_id} has {row[1]} seats, not {len(summary.scores)}")
        db.executemany(
            "UPDATE seats SET score = ?, won = ? WHERE game_id = ? AND seat = ?",
            [
                (points, int(over and seat in summary.winners), game_id, seat)
                for seat, points in enumerate(summary.scores)
            ],
        )
        # In the same transaction: a finished game counts in the ratings
        # once, and a game taken back from its end no longer does.
        counting.game_changed(db, game_id, over=over)
        StoreBase._tables_moved(db)
        return int(row[0])

    def use_hint(self, game_id: int, seat: int) -> None:
        """Count a hint the player at ``seat`` asked for (the other is told of it)."""
        with self._errors(), self._write() as db:
            db.execute(
                "UPDATE seats SET hints_used = hints_used + 1 WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )

    def set_undo_mode(self, game_id: int, mode: str) -> None:
        with self._errors(), self._write() as db:
            db.execute("UPDATE games SET undo_mode = ? WHERE id = ?", (mode, game_id))

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

    def agree(self, game_id: int, seats: frozenset[int], at_ply: int) -> Request | None:
        """Count ``seats`` as agreeing to the takeback asked at ``at_ply``: the
        request as it stands now, or None when it is gone (the game moved on,
        or it was declined). No change of the game: the revision stays."""
        mask = sum(1 << seat for seat in seats)
        with self._errors(), self._write() as db:
            db.execute(
                "UPDATE requests SET agreed = agreed | ? WHERE game_id = ? AND at_ply = ?",
                (mask, game_id, at_ply),
            )
            row = db.execute(
                "SELECT kind, seat, at_ply, to_ply, at, agreed FROM requests WHERE game_id = ?",
                (game_id,),
            ).fetchone()
            count = db.execute("SELECT seat_count FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or count is None or row[2] != at_ply:
            return None
        try:
            return reading.request(row, int(row[2]), int(count[0]))
        except ValueError as exc:
            raise StoreError(
                msg("game {game} is damaged ({error})", game=game_id, error=str(exc))
            ) from None

    def withdraw(self, game_id: int) -> None:
        with self._errors(), self._write() as db:
            db.execute("DELETE FROM requests WHERE game_id = ?", (game_id,))
