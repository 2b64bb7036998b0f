"""Rows read back into records, every value checked on its way in
(:mod:`match.rows`): a damaged row is reported, never drawn."""

from __future__ import annotations

from match import rows
from match.seats import Seat
from match.store.errors import StoreError
from match.store.records import (
    CODE_ALPHABET,
    CODE_LENGTH,
    SEAT_KINDS,
    GameSummary,
    Presence,
    Request,
)
from match.words import msg


def request(row: tuple[object, ...] | None, moves: int) -> Request | None:
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


def summary(row: tuple[object, ...], seat_rows: list[tuple[object, ...]]) -> GameSummary:
    """One line of a list, every value checked as :meth:`Store.game` checks it."""
    game_id = rows.whole(row[0], "games.id", 1, 2**63 - 1)
    seats, presence = seats_of(game_id, seat_rows)
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


def seats_of(
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
