"""Rows read back into records, every value checked on its way in
(:mod:`match.rows`): a damaged row is reported, never drawn."""

from __future__ import annotations

from dataclasses import dataclass

from match import rows
from match.seats import Seat
from match.store.errors import StoreError
from match.store.records import (
    CODE_ALPHABET,
    CODE_LENGTH,
    GameSummary,
    Presence,
    Request,
)
from match.words import msg


def request(row: tuple[object, ...] | None, moves: int, seats: int) -> Request | None:
    """A pending takeback: asked by a seat of the game, back to a move before
    the one it was asked at, both within the game's moves."""
    if row is None:
        return None
    kind, seat, at_ply, to_ply, at, agreed = row
    asked_at = rows.whole(at_ply, "requests.at_ply", 1, moves)
    mask = rows.whole(agreed, "requests.agreed", 0, (1 << seats) - 1)
    return Request(
        rows.one_of(kind, "requests.kind", ("undo",)),
        rows.seat(seat, "requests.seat", seats),
        asked_at,
        rows.whole(to_ply, "requests.to_ply", 0, asked_at - 1),
        rows.moment(at, "requests.at"),
        frozenset(s for s in range(seats) if mask >> s & 1),
    )


@dataclass(frozen=True)
class SeatRows:
    """A game's seats as read, one entry per seat in each tuple."""

    seats: tuple[Seat, ...]
    presence: tuple[Presence, ...]
    scores: tuple[int, ...]
    hints_used: tuple[int, ...]
    won: tuple[int, ...] = ()  # the seats that won


def summary(row: tuple[object, ...], seat_rows: list[tuple[object, ...]]) -> GameSummary:
    """One line of a list, every value checked as :meth:`Store.game` checks it.

    ``row`` is ``id, kind, seat_count, code, status, cursor, to_move,
    invited, created_at, updated_at``."""
    game_id = rows.whole(row[0], "games.id", 1, 2**63 - 1)
    count = rows.seat_count(row[2], "games.seat_count")
    seats = seats_of(game_id, seat_rows, count, scores=True)
    return GameSummary(
        id=game_id,
        kind=rows.game_kind(row[1], "games.kind"),
        code=rows.code(row[3], "games.code", CODE_ALPHABET, CODE_LENGTH),
        status=rows.one_of(row[4], "games.status", ("open", "playing", "over")),  # type: ignore[arg-type]
        seats=seats.seats,
        presence=seats.presence,
        moves=rows.ply(row[5], "games.cursor"),
        to_move=rows.whole(row[6], "games.to_move", -1, count - 1),
        scores=seats.scores,
        invited=rows.maybe_text(row[7], "games.invited"),
        created_at=rows.moment(row[8], "games.created_at"),
        updated_at=rows.moment(row[9], "games.updated_at"),
        winners=seats.won,
    )


def seats_of(
    game_id: int, seat_rows: list[tuple[object, ...]], count: int, *, scores: bool = False
) -> SeatRows:
    """The ``count`` seats of a game from rows of ``seat, name, kind, owner,
    session, seen_at, score, hints_used, won`` ordered by seat. The scores are a
    list's summary, read only with ``scores`` (a game itself is replayed
    from its moves, so a damaged score does not keep it from opening)."""
    numbers = [row[0] for row in seat_rows]
    if numbers != list(range(count)) or any(type(n) is not int for n in numbers):
        raise StoreError(
            msg("game {game} is damaged: its seats are not numbered in order", game=game_id)
        )
    seats = []
    presence = []
    points = []
    hints = []
    won = []
    for index, (_, name, kind, owner, session, seen_at, score, used, winner) in enumerate(
        seat_rows
    ):
        if not isinstance(name, str) or not isinstance(kind, str):
            raise StoreError(msg("game {game} is damaged: a seat has no name", game=game_id))
        seats.append(
            Seat(
                name=rows.name(name, "seats.name"),
                kind=rows.seat_kind(kind, "seats.kind"),
                owner=rows.maybe_text(owner, "seats.owner"),
            )
        )
        presence.append(
            Presence(
                rows.maybe_text(session, "seats.session"),
                rows.maybe_moment(seen_at, "seats.seen_at"),
            )
        )
        if scores:
            points.append(rows.score(score, "seats.score"))
        hints.append(rows.whole(used, "seats.hints_used", 0, rows.MAX_PLIES))
        if scores and rows.whole(winner, "seats.won", 0, 1):
            won.append(index)
    return SeatRows(tuple(seats), tuple(presence), tuple(points), tuple(hints), tuple(won))
