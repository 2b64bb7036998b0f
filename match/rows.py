"""The checks of every value the store reads back, column by column.

SQLite keeps whatever it is given in any column (a string in an INTEGER
column, infinity in a time, a blob in a name), and the file may have been
damaged or written by someone else. So nothing read from the store is taken
on trust: each value passes one of these checks on its way in, and the first
that fails raises :class:`BadValue` (a ``ValueError``) naming the column. The
store turns that into its "damaged" message for the game, leaves the row as
it is, and lists leave the game out; no screen ever meets a value it cannot
draw or an index beyond a game.

Text that a person reads (names) is cleaned here too (:mod:`match.clean`);
text the program only compares (ids, sessions) is checked for its type and
length and otherwise left exactly as stored.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection

from match.clean import clean_name
from match.seats import SEAT_KIND

# Far beyond any real game (a duel has well under a thousand steps); a larger
# number is damage, and would only make a screen or a replay slow.
MAX_PLIES = 10_000
MAX_SCORE = 10_000
# Times are seconds since 1970; the last second of year 9999 is the latest any
# date formatting accepts.
MAX_TIME = 253_402_300_799.0
# A player id (``key:SHA256:...``, ``local:user``), a session, a notation.
MAX_ID = 256
MAX_NOTATION = 64
# A game's set-up as JSON: a seed, its options, the starter, maybe a deck order.
MAX_SETUP = 64 * 1024
# How much of a bad value an error message quotes.
QUOTE = 40
# A game has two to four seats; its kind is a short lowercase word (the key
# of engine.games.GAMES, which the store does not import).
MIN_SEATS = 2
MAX_SEATS = 4
GAME_KIND = re.compile(r"[a-z][a-z0-9_]{0,15}")


class BadValue(ValueError):
    """A stored value that its column cannot hold; the message names both."""

    def __init__(self, column: str, value: object) -> None:
        shown = repr(value)
        if len(shown) > QUOTE:
            shown = shown[: QUOTE - 3] + "..."
        super().__init__(f"{column} holds {shown}")


def whole(value: object, column: str, low: int, high: int) -> int:
    """An integer from ``low`` to ``high``; never a float, a string or a bool."""
    if type(value) is not int or not low <= value <= high:
        raise BadValue(column, value)
    return value


def seat(value: object, column: str, seats: int = MAX_SEATS) -> int:
    """A seat of a game of ``seats`` seats, numbered from 0."""
    return whole(value, column, 0, seats - 1)


def seat_count(value: object, column: str) -> int:
    return whole(value, column, MIN_SEATS, MAX_SEATS)


def game_kind(value: object, column: str) -> str:
    """A game's kind as the store keeps it: a short lowercase word."""
    if not isinstance(value, str) or GAME_KIND.fullmatch(value) is None:
        raise BadValue(column, value)
    return value


def score(value: object, column: str) -> int:
    return whole(value, column, -MAX_SCORE, MAX_SCORE)


def ply(value: object, column: str) -> int:
    return whole(value, column, 0, MAX_PLIES)


def revision(value: object, column: str) -> int:
    """A game's revision: it only counts up, from 0 (a store of version 1)."""
    return whole(value, column, 0, 2**62)


def moment(value: object, column: str) -> float:
    """A time: a finite number of seconds from 1970 to the year 9999."""
    if type(value) not in (int, float):
        raise BadValue(column, value)
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number) or not 0 <= number <= MAX_TIME:
        raise BadValue(column, value)
    return number


def maybe_moment(value: object, column: str) -> float | None:
    return None if value is None else moment(value, column)


def text(value: object, column: str, limit: int) -> str:
    """Text of at most ``limit`` characters, kept as it is (for the program, not for eyes)."""
    if not isinstance(value, str) or len(value) > limit:
        raise BadValue(column, value)
    return value


def maybe_text(value: object, column: str, limit: int = MAX_ID) -> str | None:
    return None if value is None else text(value, column, limit)


def seat_kind(value: object, column: str) -> str:
    """Who plays a seat: "human" or a computer level, a short lowercase word
    (whether the game has that level is asked when the game is opened)."""
    if not isinstance(value, str) or SEAT_KIND.fullmatch(value) is None:
        raise BadValue(column, value)
    return value


def one_of(value: object, column: str, allowed: Collection[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise BadValue(column, value)
    return value


def name(value: object, column: str) -> str:
    """A name as others read it: any text, cleaned; ``?`` if nothing printable is left."""
    if not isinstance(value, str):
        raise BadValue(column, value)
    return clean_name(value, "?")


def code(value: object, column: str, alphabet: str, length: int) -> str | None:
    """A table code as the store makes them, or None for a game without one."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != length or not set(value) <= set(alphabet):
        raise BadValue(column, value)
    return value


__all__ = [
    "MAX_PLIES",
    "BadValue",
    "code",
    "game_kind",
    "maybe_moment",
    "maybe_text",
    "moment",
    "name",
    "one_of",
    "ply",
    "score",
    "seat",
    "seat_count",
    "text",
    "whole",
]
