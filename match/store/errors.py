"""What the store says when it cannot do what was asked."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from match.clean import clean_text
from match.errors import MatchError
from match.words import as_message, msg

if TYPE_CHECKING:
    from engine.message import Message


def damaged() -> Message:
    """What the store says of a file it cannot read as a database."""
    return msg("is damaged (not a readable game database); it was left alone")


class StoreError(MatchError):
    """The store cannot do what was asked (``reason`` says why)."""


class StaleWrite(StoreError):
    """Another process changed the game first; nothing was written.

    ``cursor`` and ``revision`` are the game's in the store now.
    """

    def __init__(self, reason: Message, cursor: int, revision: int = -1) -> None:
        super().__init__(reason)
        self.cursor = cursor
        self.revision = revision


class TooManyTables(StoreError):
    """A table refused: an owner of one of its seats already has ``count``
    open tables, as many as a player may host at once."""

    def __init__(self, reason: Message, count: int) -> None:
        super().__init__(reason)
        self.count = count


class RematchExists(StoreError):
    """A rematch refused: another player set up the rematch of the same game
    first, as game ``game_id``; that is the one to take a seat at."""

    def __init__(self, reason: Message, game_id: int) -> None:
        super().__init__(reason)
        self.game_id = game_id


def reason(exc: BaseException) -> Message:
    if isinstance(exc, OSError):
        from match.files import os_error_reason

        return os_error_reason(exc)
    if isinstance(exc, sqlite3.Error):
        return describe_db_error(exc)
    # The text may quote the file (a table's name in a damaged schema).
    text = clean_text(str(exc), 200) or type(exc).__name__
    return as_message(text[0].lower() + text[1:])


def checked(game_id: int, read: Callable[[], int]) -> int:
    """A number read inside a write, or StoreError naming the game as damaged."""
    try:
        return read()
    except ValueError as exc:
        raise StoreError(
            msg("game {game} is damaged ({error})", game=game_id, error=str(exc))
        ) from None


def describe_db_error(exc: sqlite3.Error) -> Message:
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
