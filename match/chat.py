"""Talk at a table and who is there: the chat of one game, as one process takes part.

Any game's table has it: the players at their seats and the people who look
on. A :class:`TableTalk` keeps the last lines said (:mod:`match.store.chat`
keeps them all for the table), says this process's lines, keeps a watcher's
place at the table while it looks on, and tells what changed since it last
looked (:meth:`TableTalk.poll`): a line said, someone who began or stopped
watching.

Talk is no change of the game. It moves no revision, so the match's
:class:`~match.follow.Follower` never reads the game again for it, and a
move made while someone types is never refused as stale. A look costs what
the follower's does: one pragma while no other process has written, and the
talk's tables only once one has.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.message import Message, msg
from match import presence
from match.seats import Seat
from match.store import ChatLine, Presence, Store, StoreError, Watcher

# The lines a table's talk keeps in view (the store keeps more).
SHOWN_LINES = 50


@dataclass(frozen=True)
class Said:
    """``line`` was said at the table (``mine``: from this process)."""

    line: ChatLine
    mine: bool = False


@dataclass(frozen=True)
class Came:
    """``name`` began to watch the table."""

    name: str


@dataclass(frozen=True)
class Went:
    """``name`` stopped watching the table."""

    name: str


Heard = Said | Came | Went


@dataclass(frozen=True)
class Person:
    """Someone at the table, as the list of who is here shows them."""

    name: str
    owner: str | None  # the player id a mute names (None: nobody has the seat yet)
    watching: bool  # a watcher, not a player
    here: bool  # present now (a player's seat held by a running process)
    muted: bool  # the player here no longer hears them
    me: bool  # this player's own key


def heard_words(heard: Heard) -> Message:
    """What to tell the player here of ``heard``."""
    if isinstance(heard, Said):
        return msg("{name}: {text}", name=heard.line.name, text=heard.line.text)
    if isinstance(heard, Came):
        return msg("{name} is watching the game.", name=heard.name)
    return msg("{name} stopped watching the game.", name=heard.name)


class TableTalk:
    """One process's part in the talk at the table of ``game_id``.

    ``me`` is this player's id and ``name`` the name others read; ``seat``
    the seat this process plays (None: it looks on, and keeps a watcher's
    place at the table from :meth:`start` to :meth:`close`).
    """

    def __init__(
        self,
        store: Store,
        game_id: int,
        *,
        me: str,
        name: str,
        session: str,
        seat: int | None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.me = me
        self.name = name
        self.session = session
        self.seat = seat
        self.lines: tuple[ChatLine, ...] = ()
        self.watchers: tuple[Watcher, ...] = ()  # those looking on now, this process too
        self.muted: frozenset[str] = frozenset()
        self._mine: set[int] = set()  # lines said here (two terminals may share a key)
        self._mark: int | None = None
        self._looked = 0.0
        self._beat = 0.0
        self._started = False

    @property
    def watching(self) -> bool:
        return self.seat is None

    def start(self) -> None:
        """Take a watcher's place if this process looks on, and read what was
        said so far (StoreError if the store cannot be used)."""
        if self.watching:
            self.store.watch_table(self.game_id, self.session, self.me, self.name)
            self._beat = time.monotonic()
        self._started = True
        self._mark = self.store.changed(None)[1]
        self.muted = self.store.muted(self.me)
        self.lines = self.store.chat_lines(self.game_id, listener=self.me, limit=SHOWN_LINES)
        self.watchers = self._live_watchers()
        self._looked = time.monotonic()

    def close(self) -> None:
        """Leave the table: a watcher's place is given up (a failure leaves it
        to lapse, as a seat's presence does)."""
        if self._started and self.watching:
            with contextlib.suppress(StoreError):
                self.store.unwatch_table(self.game_id, self.session)
        self._started = False

    def poll(self) -> list[Heard]:
        """What changed at the table since the last look; cheap when nothing did.

        Raises StoreError when the store cannot be read or written."""
        if not self._started:
            return []
        if self.watching and time.monotonic() - self._beat >= presence.HEARTBEAT_SECONDS:
            self._beat = time.monotonic()
            self.store.watch_beat(self.game_id, self.session)
        changed, self._mark = self.store.changed(self._mark)
        # A watcher whose process ended says nothing: look now and then anyway.
        due = time.monotonic() - self._looked >= presence.PRESENCE_LOOK_SECONDS
        if not changed and not due:
            return []
        self._looked = time.monotonic()
        before = {w.session: w for w in self.watchers}
        self.watchers = self._live_watchers()
        after = {w.session: w for w in self.watchers}
        # In the order it most likely happened: one comes, then talks; one
        # talks, then goes. A screen that shows only the last news then shows
        # what was said rather than an arrival that came before it.
        heard: list[Heard] = [Came(w.name) for s, w in after.items() if s not in before]
        heard.extend(Said(line, line.id in self._mine) for line in self._read_new())
        heard.extend(Went(w.name) for s, w in before.items() if s not in after)
        return heard

    def say(self, text: str) -> Message | None:
        """Say ``text`` at the table; why not, if the store refused it."""
        try:
            line = self.store.chat_say(self.game_id, self.me, self.name, text, seat=self.seat)
        except StoreError as exc:
            return exc.reason
        self._mine.add(line.id)
        self._looked = 0.0  # our own write moves no data_version of ours: look at once
        return None

    def mute(self, owner: str) -> Message:
        """Hear ``owner`` no more (at every table); what to tell the player."""
        try:
            self.store.mute(self.me, owner)
        except StoreError as exc:
            return exc.reason
        self._reread()
        return msg("Muted: their lines are hidden from you at every table.")

    def unmute(self, owner: str) -> Message:
        try:
            self.store.unmute(self.me, owner)
        except StoreError as exc:
            return exc.reason
        self._reread()
        return msg("Heard again: their lines show once more.")

    def people(self, seats: Sequence[Seat], live: Sequence[bool]) -> tuple[Person, ...]:
        """Who is at the table: the people at the seats (the computer's are
        left out), then those looking on, in the order they came."""
        found = [
            Person(
                name=seat.name,
                owner=seat.owner,
                watching=False,
                here=bool(seat.owner) and live[index],
                muted=seat.owner in self.muted,
                me=seat.owner == self.me,
            )
            for index, seat in enumerate(seats)
            if not seat.computer
        ]
        found.extend(
            Person(
                name=w.name,
                owner=w.owner,
                watching=True,
                here=True,
                muted=w.owner in self.muted,
                me=w.owner == self.me,
            )
            for w in self.watchers
        )
        return tuple(found)

    def _read_new(self) -> tuple[ChatLine, ...]:
        after = self.lines[-1].id if self.lines else 0
        new = self.store.chat_lines(self.game_id, after=after, listener=self.me, limit=SHOWN_LINES)
        self.lines = (*self.lines, *new)[-SHOWN_LINES:]
        return new

    def _reread(self) -> None:
        self.muted = self.store.muted(self.me)
        self.lines = self.store.chat_lines(self.game_id, listener=self.me, limit=SHOWN_LINES)

    def _live_watchers(self) -> tuple[Watcher, ...]:
        now = time.time()
        return tuple(
            w for w in self.store.watchers(self.game_id) if Presence(w.session, w.seen_at).live(now)
        )


__all__ = [
    "SHOWN_LINES",
    "Came",
    "Heard",
    "Person",
    "Said",
    "TableTalk",
    "Went",
    "heard_words",
]
