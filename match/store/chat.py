"""Talk at a table: what is said there, who looks on, and whom a player mutes.

None of this is a change of the game. A line said, a watcher's arrival or
heartbeat, a mute: each is its own small write that moves neither the game's
revision nor the store's ``tables_revision``, so a follower never reads the
game again for it and no move made meanwhile is refused as stale (the same
rule as the seats' presence heartbeats, :mod:`match.store.presence`).

Every text is cleaned on the way in (one harmless line, see
:func:`match.clean.clean_text`) and again on the way out, for a file another
program or an older version may have written. The store is the one place
that holds the limits on length and rate, in the transaction that writes:
two terminals of one key cannot share out a limit between them.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from match.clean import MAX_SCAN, clean_name, clean_text
from match.store.base import StoreBase
from match.store.errors import StoreError
from match.store.schema import TALK_VERSION
from match.words import msg, nmsg

# The longest line a person may say (what the chat's input takes, too).
MAX_CHAT = 200
# How much a key may say: at most ``count`` lines within ``seconds``, in all
# games together (a second terminal or table is no way round it).
RATE_LIMITS: tuple[tuple[int, float], ...] = ((5, 10.0), (20, 120.0))
# Lines kept per table; older ones go as new ones come (a chat is not an archive).
KEEP_LINES = 300
# A watcher's row left by a process that ended without a word is swept away
# after this long (its presence has lapsed much sooner, see PRESENCE_SECONDS).
STALE_WATCHER_SECONDS = 3600.0
_NAME_FALLBACK = "?"


class ChatRefused(StoreError):
    """A line the store did not keep: too long, empty, too fast, or from
    someone who is not at the table (``reason`` says which)."""


@dataclass(frozen=True)
class ChatLine:
    """One thing said at a table. ``seat`` is the speaker's seat, or None for
    a watcher; ``owner`` the speaker's player id (what a mute names)."""

    id: int
    owner: str
    name: str
    seat: int | None
    text: str
    at: float


@dataclass(frozen=True)
class Watcher:
    """Someone looking on at a table from one process (``session``)."""

    session: str
    owner: str
    name: str
    seen_at: float


def clean_line(text: str) -> str:
    """``text`` as it may be said: one line, printable, single spaces."""
    return " ".join(clean_text(text, MAX_SCAN).split())


class Chat(StoreBase):
    """The chat, watchers and mutes of the game store (schema version 7)."""

    def _talk_kept(self) -> bool:
        """Whether the file has the tables yet: one not brought up to date
        (a process that has only read it) holds no talk."""
        return self._layout() >= TALK_VERSION

    # --- what is said -----------------------------------------------------------

    def chat_say(
        self,
        game_id: int,
        owner: str,
        name: str,
        text: str,
        *,
        seat: int | None = None,
        now: float | None = None,
    ) -> ChatLine:
        """Keep a line said at the table of ``game_id`` by ``owner``.

        Raises :class:`ChatRefused` for a line that is empty once cleaned,
        longer than :data:`MAX_CHAT`, said faster than :data:`RATE_LIMITS`
        allow, or by someone with neither a seat there nor a watcher's place.
        """
        said = clean_line(text)
        if not said:
            raise ChatRefused(msg("there is nothing to say in that line"))
        if len(said) > MAX_CHAT:
            raise ChatRefused(
                nmsg(
                    "a line may be at most {limit} character long",
                    "a line may be at most {limit} characters long",
                    MAX_CHAT,
                    limit=MAX_CHAT,
                )
            )
        shown = clean_name(name, _NAME_FALLBACK)
        now = time.time() if now is None else now
        with self._errors(), self._write() as db:
            self._may_speak(db, game_id, owner, seat)
            for count, seconds in RATE_LIMITS:
                recent = db.execute(
                    "SELECT count(*) FROM chat WHERE owner = ? AND at > ?",
                    (owner, now - seconds),
                ).fetchone()[0]
                if recent >= count:
                    raise ChatRefused(
                        nmsg(
                            "slow down: at most {count} line in {seconds} seconds",
                            "slow down: at most {count} lines in {seconds} seconds",
                            count,
                            count=count,
                            seconds=round(seconds),
                        )
                    )
            cursor = db.execute(
                "INSERT INTO chat (game_id, owner, name, seat, text, at) VALUES (?,?,?,?,?,?)",
                (game_id, owner, shown, seat, said, now),
            )
            line_id = int(cursor.lastrowid or 0)
            db.execute(
                "DELETE FROM chat WHERE game_id = ? AND id <= ?",
                (game_id, line_id - KEEP_LINES),
            )
        return ChatLine(line_id, owner, shown, seat, said, now)

    @staticmethod
    def _may_speak(db: sqlite3.Connection, game_id: int, owner: str, seat: int | None) -> None:
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise ChatRefused(msg("game {game} is no longer in the store", game=game_id))
        if seat is not None:
            held = db.execute(
                "SELECT 1 FROM seats WHERE game_id = ? AND seat = ? AND owner = ?",
                (game_id, seat, owner),
            ).fetchone()
        else:
            held = db.execute(
                "SELECT 1 FROM watchers WHERE game_id = ? AND owner = ?"
                " UNION ALL SELECT 1 FROM seats WHERE game_id = ? AND owner = ?",
                (game_id, owner, game_id, owner),
            ).fetchone()
        if held is None:
            raise ChatRefused(msg("only the players and watchers of a table talk there"))

    def chat_lines(
        self, game_id: int, *, after: int = 0, listener: str | None = None, limit: int = 50
    ) -> tuple[ChatLine, ...]:
        """The last ``limit`` lines said at the table after the line ``after``,
        oldest first; those of keys ``listener`` has muted are left out.

        A damaged row is skipped, never drawn: talk is no reason to refuse a game.
        """
        if not self._talk_kept():
            return ()
        with self._errors():
            rows = self._db.execute(
                "SELECT id, owner, name, seat, text, at FROM chat"
                " WHERE game_id = ? AND id > ?"
                " AND owner NOT IN (SELECT muted FROM mutes WHERE owner = ?)"
                " ORDER BY id DESC LIMIT ?",
                (game_id, after, listener or "", max(0, limit)),
            ).fetchall()
        return tuple(line for line in map(_line, reversed(rows)) if line is not None)

    def last_chat_id(self, game_id: int) -> int:
        """The id of the last line said at the table (0: none yet)."""
        if not self._talk_kept():
            return 0
        with self._errors():
            row = self._db.execute(
                "SELECT coalesce(max(id), 0) FROM chat WHERE game_id = ?", (game_id,)
            ).fetchone()
        return row[0] if type(row[0]) is int else 0

    # --- mutes ------------------------------------------------------------------

    def mute(self, owner: str, other: str) -> None:
        """``owner`` hears ``other`` no more, at every table (kept for the player)."""
        if owner == other:
            raise StoreError(msg("you cannot mute yourself"))
        with self._errors(), self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO mutes (owner, muted, at) VALUES (?,?,?)",
                (owner, other, time.time()),
            )

    def unmute(self, owner: str, other: str) -> None:
        with self._errors(), self._write() as db:
            db.execute("DELETE FROM mutes WHERE owner = ? AND muted = ?", (owner, other))

    def muted(self, owner: str) -> frozenset[str]:
        """The keys ``owner`` has muted."""
        if not self._talk_kept():
            return frozenset()
        with self._errors():
            rows = self._db.execute("SELECT muted FROM mutes WHERE owner = ?", (owner,)).fetchall()
        return frozenset(row[0] for row in rows if isinstance(row[0], str))

    # --- watchers -----------------------------------------------------------------

    def watch_table(self, game_id: int, session: str, owner: str, name: str) -> None:
        """Say that ``owner`` looks on at the table from the process ``session``."""
        now = time.time()
        with self._errors(), self._write() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise StoreError(msg("game {game} is no longer in the store", game=game_id))
            db.execute("DELETE FROM watchers WHERE seen_at < ?", (now - STALE_WATCHER_SECONDS,))
            db.execute(
                "INSERT INTO watchers (game_id, session, owner, name, seen_at) VALUES (?,?,?,?,?)"
                " ON CONFLICT (game_id, session) DO UPDATE"
                " SET owner = excluded.owner, name = excluded.name, seen_at = excluded.seen_at",
                (game_id, session, owner, clean_name(name, _NAME_FALLBACK), now),
            )

    def watch_beat(self, game_id: int, session: str) -> None:
        """Say again that ``session`` still looks on (see :data:`PRESENCE_SECONDS`)."""
        with self._errors(), self._write() as db:
            db.execute(
                "UPDATE watchers SET seen_at = ? WHERE game_id = ? AND session = ?",
                (time.time(), game_id, session),
            )

    def unwatch_table(self, game_id: int, session: str) -> None:
        with self._errors(), self._write() as db:
            db.execute("DELETE FROM watchers WHERE game_id = ? AND session = ?", (game_id, session))

    def watchers(self, game_id: int) -> tuple[Watcher, ...]:
        """Everyone with a watcher's row at the table, longest there first
        (whether each is still there is :meth:`Presence.live`'s to say)."""
        if not self._talk_kept():
            return ()
        with self._errors():
            rows = self._db.execute(
                "SELECT session, owner, name, seen_at FROM watchers WHERE game_id = ?"
                " ORDER BY rowid",
                (game_id,),
            ).fetchall()
        return tuple(_watchers(rows))


def _line(row: tuple[object, ...]) -> ChatLine | None:
    line_id, owner, name, seat, text, at = row
    if type(line_id) is not int or not isinstance(owner, str) or not isinstance(text, str):
        return None
    if type(at) not in (int, float) or not (seat is None or (type(seat) is int and 0 <= seat < 4)):
        return None
    said = clean_line(text)[:MAX_CHAT]
    if not said:
        return None
    shown = clean_name(name, _NAME_FALLBACK) if isinstance(name, str) else _NAME_FALLBACK
    return ChatLine(line_id, owner, shown, seat, said, float(at))  # type: ignore[arg-type]


def _watchers(rows: Iterable[tuple[object, ...]]) -> Iterable[Watcher]:
    for session, owner, name, seen_at in rows:
        if not isinstance(session, str) or not isinstance(owner, str):
            continue
        if type(seen_at) not in (int, float):
            continue
        shown = clean_name(name, _NAME_FALLBACK) if isinstance(name, str) else _NAME_FALLBACK
        yield Watcher(session, owner, shown, float(seen_at))  # type: ignore[arg-type]


__all__ = ["KEEP_LINES", "MAX_CHAT", "RATE_LIMITS", "Chat", "ChatLine", "ChatRefused", "Watcher"]
