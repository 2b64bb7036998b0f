"""Seats: claimed by a player, held by a process (its presence), and the
pulse a following process polls while nobody moves."""

from __future__ import annotations

import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Sequence

from match import rows
from match.seats import HUMAN
from match.store import reading, schema
from match.store.base import StoreBase
from match.store.errors import StoreError
from match.store.records import Pulse
from match.words import msg


class Seats(StoreBase):
    def claim(self, game_id: int, seat: int, owner: str, name: str | None = None) -> None:
        """Take a free person's seat of a table for ``owner``.

        A seat already taken by someone else is never handed over (StoreError).
        Once both seats have their people the table is a game in play.
        """
        with self._errors(), self._write() as db:
            self._claim(db, game_id, seat, owner, name)

    def claim_free(self, game_id: int, owner: str, name: str | None = None) -> int | None:
        """Take the first free person's seat of a table for ``owner``; which
        seat, or None when every seat is taken.

        The free seat is chosen in the transaction that takes it: at a table
        of more than two, players joining at once each get a seat of their own
        instead of all reaching for the first one they saw free.
        """
        with self._errors(), self._write() as db:
            row = db.execute(
                "SELECT min(seat) FROM seats WHERE game_id = ? AND kind = ? AND owner IS NULL",
                (game_id, HUMAN),
            ).fetchone()
            if row is None or row[0] is None:
                return None
            seat = int(row[0])
            self._claim(db, game_id, seat, owner, name)
            return seat

    def _claim(
        self, db: sqlite3.Connection, game_id: int, seat: int, owner: str, name: str | None
    ) -> None:
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
            # The first player's turn begins now that everyone is seated.
            now = time.time()
            db.execute(
                "UPDATE games SET status = 'playing', updated_at = ?, turn_at = ?"
                " WHERE id = ? AND status = 'open'",
                (now, now, game_id),
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
            layout = self._layout()
            columns = schema.game_columns(layout)
            row = db.execute(f"SELECT {columns} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(msg("game {game} is no longer in the store", game=game_id))
            seat_rows = db.execute(
                f"{schema.seat_rows(layout)} WHERE s.game_id = ? ORDER BY s.seat", (game_id,)
            ).fetchall()
            # The number of actions bounds a request, as in game(); the last
            # ply comes from the primary key without reading the moves.
            moves = db.execute(
                "SELECT coalesce(max(ply) + 1, 0) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            request_row = db.execute(
                f"SELECT {schema.request_columns(layout)} FROM requests WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        count = rows.seat_count(row[1], "games.seat_count")
        seats = reading.seats_of(game_id, [r[1:] for r in seat_rows], count)
        return Pulse(
            revision=rows.revision(row[2], "games.revision"),
            request=reading.request(request_row, rows.ply(moves, "actions.ply"), count),
            presence=seats.presence,
            hints_used=seats.hints_used,
        )


def session_id() -> str:
    """A new id for this process's hold on its seats: machine, process, and a
    random part (a process id is reused in time)."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(6)}"
