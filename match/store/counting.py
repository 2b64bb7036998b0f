"""Ratings and records in the store: counted in the transaction that ends
a game, exactly once, and rebuilt from the finished games at will (the
functions run inside a write; :mod:`match.store.ratings` reads them).

``rated`` holds one row for each game counted, with its outcome's text
(:attr:`match.ratings.Outcome.text`). A game that ends is counted unless its
row is there with the same outcome; so a game ended twice, or read again,
moves no rating a second time. Should the outcome differ (a game taken back
from its end and finished another way), or a counted game be taken back
from its end, the ratings are worked out again from every finished game in
the order they ended, which gives what counting them one by one would have
given. ``ratings`` is only that sum kept ready: :func:`rebuild` makes it
again from the games alone.
"""

from __future__ import annotations

import math
import sqlite3

from match import ratings as method
from match import rows
from match.seats import Seat

_SELECT = "SELECT mu, sigma, games, wins, losses, ties FROM ratings"


def game_changed(db: sqlite3.Connection, game_id: int, *, over: bool) -> None:
    """Inside the write that moved ``game_id``: count it if it just ended,
    take it out if it was counted and is no longer over."""
    counted = db.execute("SELECT result FROM rated WHERE game_id = ?", (game_id,)).fetchone()
    if not over:
        if counted is not None:
            rebuild(db)
        return
    found = _outcome(db, game_id)
    if found is None:
        if counted is not None:
            rebuild(db)
        return
    kind, at, outcome = found
    if counted is not None:
        if counted[0] != outcome.text:
            rebuild(db)
        return
    _count(db, game_id, kind, at, outcome)


def rebuild(db: sqlite3.Connection) -> int:
    """Inside a write: every rating and record again from the finished games,
    in the order they ended; how many games count."""
    db.execute("DELETE FROM ratings")
    db.execute("DELETE FROM rated")
    counted = 0
    for (game_id,) in db.execute(
        "SELECT id FROM games WHERE status = 'over' ORDER BY updated_at, id"
    ).fetchall():
        found = _outcome(db, game_id)
        if found is not None:
            _count(db, game_id, *found)
            counted += 1
    return counted


def _outcome(db: sqlite3.Connection, game_id: int) -> tuple[str, float, method.Outcome] | None:
    """The game's kind, when it ended and its outcome, if it counts; a
    damaged row counts for nothing (and is reported when the game is opened)."""
    game = db.execute(
        "SELECT kind, code, status, updated_at FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if game is None or game[2] != "over":
        return None
    seat_rows = db.execute(
        "SELECT seat, name, kind, owner, score, won FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ).fetchall()
    try:
        kind = rows.game_kind(game[0], "games.kind")
        at = rows.moment(game[3], "games.updated_at")
        if [row[0] for row in seat_rows] != list(range(len(seat_rows))):
            return None
        seats = [
            Seat(
                name=rows.name(name, "seats.name"),
                kind=rows.seat_kind(who, "seats.kind"),
                owner=rows.maybe_text(owner, "seats.owner"),
            )
            for _, name, who, owner, _score, _won in seat_rows
        ]
        scores = [rows.score(row[4], "seats.score") for row in seat_rows]
        winners = [i for i, row in enumerate(seat_rows) if rows.whole(row[5], "seats.won", 0, 1)]
    except ValueError:
        return None
    found = method.outcome(seats, scores, winners, table=game[1] is not None)
    return None if found is None else (kind, at, found)


def _count(
    db: sqlite3.Connection, game_id: int, kind: str, at: float, outcome: method.Outcome
) -> None:
    db.execute(
        "INSERT INTO rated (game_id, kind, result, at) VALUES (?,?,?,?)",
        (game_id, kind, outcome.text, at),
    )
    before = [
        read(db.execute(f"{_SELECT} WHERE player = ? AND kind = ?", (who, kind)).fetchone())
        for who in outcome.people
    ]
    after = method.rate(before, outcome.places)
    db.executemany(
        "INSERT INTO ratings (player, kind, name, mu, sigma, games, wins, losses, ties)"
        " VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (player, kind) DO UPDATE SET"
        " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, wins = excluded.wins, losses = excluded.losses,"
        " ties = excluded.ties",
        [
            (who, kind, name, r.mu, r.sigma, r.games, r.wins, r.losses, r.ties)
            for who, name, r in zip(outcome.people, outcome.names, after, strict=True)
        ],
    )


def read(row: tuple[object, ...] | None) -> method.Rating:
    """A stored rating, checked; a new player's for none (or a damaged one,
    which the next rebuild puts right)."""
    if row is None:
        return method.Rating()
    mu, sigma, *counts = row
    if not all(isinstance(x, float) and math.isfinite(x) for x in (mu, sigma)):
        return method.Rating()
    if not all(type(c) is int and 0 <= c <= 2**31 for c in counts):
        return method.Rating()
    assert isinstance(mu, float) and isinstance(sigma, float)
    if sigma <= 0:
        return method.Rating()
    games, wins, losses, ties = (int(c) for c in counts)  # type: ignore[call-overload]
    return method.Rating(mu, sigma, games, wins, losses, ties)
