"""Games: a new one, one read in full, lists of them."""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Sequence

from match import rows
from match.seats import Seat
from match.store import counting, reading, schema
from match.store.base import StoreBase
from match.store.errors import StoreError, TooManyTables
from match.store.records import (
    CODE_ALPHABET,
    CODE_LENGTH,
    UNDO_MODES,
    GameSummary,
    Standing,
    Status,
    StoredAction,
    StoredGame,
)
from match.words import msg, nmsg


class Games(StoreBase):
    def create_game(
        self,
        setup: bytes,
        seats: tuple[Seat, ...],
        *,
        kind: str,
        undo_mode: str = "safe",
        status: Status = "playing",
        table: bool = False,
        invited: str | None = None,
        actions: Sequence[tuple[str, int]] = (),
        cursor: int | None = None,
        summary: Standing | None = None,
        created_at: float | None = None,
        imported: tuple[str, str] | None = None,
        hints: bool = False,
        owner_cap: int | None = None,
    ) -> int:
        """A new game of ``kind`` (the key of ``engine.games.GAMES``) with two
        to four ``seats``; returns its id. ``table`` gives it a code others
        join with.

        ``actions`` are ``(notation, seat)`` pairs for a game brought in from
        elsewhere (already checked by the caller); ``summary`` is the
        :class:`Standing` at ``cursor`` (by default seat 0 to move, no
        points). ``imported`` is the ``(digest, source)`` of the file it came
        from, marked in the same transaction so that a file is never brought
        in twice. With ``owner_cap``, a table is refused
        (:class:`TooManyTables`) when an owner of one of its seats already
        has that many open tables: counted and created in one transaction,
        so two tables opened at once cannot pass the cap together.
        """
        if rows.GAME_KIND.fullmatch(kind) is None:
            raise ValueError(f"a game's kind is a short lowercase word, not {kind!r}")
        if not rows.MIN_SEATS <= len(seats) <= rows.MAX_SEATS:
            raise ValueError(f"a game has two to four seats, not {len(seats)}")
        standing = summary if summary is not None else Standing(0, (0,) * len(seats))
        if len(standing.scores) != len(seats):
            raise ValueError("a standing gives one score for each seat")
        now = time.time()
        created = created_at if created_at is not None else now
        with self._errors(), self._write() as db:
            if owner_cap is not None and status == "open":
                self._check_cap(db, {s.owner for s in seats if s.owner is not None}, owner_cap)
            code = self._new_code(db) if table else None
            row = db.execute(
                "INSERT INTO games (kind, code, setup, seat_count, undo_mode, status, cursor,"
                " to_move, invited, created_at, updated_at, hints, turn_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (
                    kind,
                    code,
                    setup.decode(),
                    len(seats),
                    undo_mode,
                    status,
                    len(actions) if cursor is None else cursor,
                    standing.to_move,
                    invited,
                    created,
                    now,
                    int(hints),
                    now,
                ),
            ).fetchone()
            game_id = int(row[0])
            db.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, owner, score, won)"
                " VALUES (?,?,?,?,?,?,?)",
                [
                    (game_id, index, seat.name, seat.kind, seat.owner, points, won)
                    for index, (seat, points, won) in enumerate(
                        zip(seats, standing.scores, _won(standing, status), strict=True)
                    )
                ],
            )
            db.executemany(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,?,?)",
                [(game_id, ply, text, who, created) for ply, (text, who) in enumerate(actions)],
            )
            if status == "over":
                # A game brought in finished counts as one finished here would.
                counting.game_changed(db, game_id, over=True)
            if imported is not None:
                db.execute(
                    "INSERT INTO imported (digest, game_id, source, at) VALUES (?,?,?,?)",
                    (imported[0], game_id, imported[1], now),
                )
            self._tables_moved(db)
        return game_id

    @staticmethod
    def _check_cap(db: sqlite3.Connection, owners: set[str], cap: int) -> None:
        """Inside the create transaction: no owner past ``cap`` open tables."""
        for owner in sorted(owners):
            count = db.execute(
                "SELECT count(*) FROM games WHERE status = 'open'"
                " AND id IN (SELECT game_id FROM seats WHERE owner = ?)",
                (owner,),
            ).fetchone()[0]
            if count >= cap:
                raise TooManyTables(
                    nmsg(
                        "You have {count} open table already: wait for a player at it first.",
                        "You have {count} open tables already: wait for a player at one of"
                        " them first.",
                        count,
                    ),
                    count,
                )

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

    def _game(self, game_id: int) -> StoredGame:
        with self._errors():
            db = self._db
            layout = self._layout()
            row = db.execute(
                "SELECT id, code, setup, undo_mode, status, cursor, invited, created_at,"
                f" updated_at, {schema.game_columns(layout)} FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise StoreError(msg("there is no game number {game}", game=game_id))
            seat_rows = db.execute(
                f"{schema.seat_rows(layout)} WHERE s.game_id = ? ORDER BY s.seat", (game_id,)
            ).fetchall()
            action_rows = db.execute(
                "SELECT ply, notation, seat, at FROM actions WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
            request_row = db.execute(
                f"SELECT {schema.request_columns(layout)} FROM requests WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        kind = rows.game_kind(row[9], "games.kind")
        count = rows.seat_count(row[10], "games.seat_count")
        seats = reading.seats_of(game_id, [r[1:] for r in seat_rows], count)
        actions = tuple(
            StoredAction(
                rows.ply(number, "actions.ply"),
                rows.text(text, "actions.notation", rows.MAX_NOTATION),
                rows.seat(seat, "actions.seat", count),
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
            kind=kind,
            code=rows.code(row[1], "games.code", CODE_ALPHABET, CODE_LENGTH),
            setup=setup.encode(),
            undo_mode=rows.one_of(row[3], "games.undo_mode", UNDO_MODES),
            status=status,
            cursor=cursor,
            actions=actions,
            seats=seats.seats,
            presence=seats.presence,
            request=reading.request(request_row, len(actions), count),
            invited=rows.maybe_text(row[6], "games.invited"),
            created_at=rows.moment(row[7], "games.created_at"),
            updated_at=rows.moment(row[8], "games.updated_at"),
            revision=rows.revision(row[11], "games.revision"),
            hints=rows.whole(row[12], "games.hints", 0, 1) == 1,
            hints_used=seats.hints_used,
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
        summaries = []
        with self._snapshot(), self._errors():
            layout = self._layout()
            query = (
                f"SELECT id, {schema.kind_columns(layout)}, code, status, cursor, to_move, invited,"
                f" created_at, updated_at FROM games WHERE status IN ({marks})"
            )
            args: list[object] = list(statuses)
            if owner is not None:
                query += " AND id IN (SELECT game_id FROM seats WHERE owner = ?)"
                args.append(owner)
            query += " ORDER BY updated_at DESC, id DESC LIMIT ?"
            args.append(limit)
            found = self._db.execute(query, args).fetchall()
            # The seats of all those games in one query, not one query a game.
            seats_of: dict[object, list[tuple[object, ...]]] = {row[0]: [] for row in found}
            ids = ",".join("?" for _ in seats_of)
            for game_id, *seat_row in self._db.execute(
                f"{schema.seat_rows(layout)} WHERE s.game_id IN ({ids}) ORDER BY s.game_id, s.seat",
                list(seats_of),
            ):
                seats_of[game_id].append(tuple(seat_row))
        for row in found:
            try:
                summary = reading.summary(row, seats_of[row[0]])
            except (StoreError, ValueError):
                continue  # a damaged game is reported when it is opened
            summaries.append(summary)
        return summaries

    def open_tables(self, *, limit: int = 100) -> list[GameSummary]:
        """Tables waiting for a second player, oldest first."""
        tables = [g for g in self.games(statuses=("open",), limit=limit) if g.code]
        return sorted(tables, key=lambda g: g.created_at)


def _won(standing: Standing, status: str) -> tuple[int, ...]:
    """1 for each seat that won a finished game, else 0."""
    over = status == "over"
    return tuple(int(over and seat in standing.winners) for seat in range(len(standing.scores)))
