"""Keeping up with the store: what other processes did to a game or to the lists.

The store is not read as a message bus. A game has a revision that only moves,
undo, redo and seat changes move; a list of games has the store's
``tables_revision``. A reader looks at those numbers and reads more only
when one moved:

- a :class:`Follower` (one per match) asks :meth:`Store.pulse` for the game's
  revision, its takeback request, the presence at each seat and the hints
  used, and reads the game itself (:meth:`Store.game`) only when the revision
  is not one it holds. A heartbeat moves no revision, so a table where nobody
  moves costs pulses and never a whole game.
- a :class:`TablesWatch` (the lobby, the server's event log) re-lists only
  when ``tables_revision`` moved since its last list.

``PRAGMA data_version`` (:meth:`Store.changed`) still comes first: while no
other connection commits, not even the pulse is read.
"""

from __future__ import annotations

import time

from engine.message import Message, msg, reason_of
from match import presence
from match.events import Moved, Notice, RematchOffered, Rewound, SeatsChanged, sentences
from match.seats import Seat
from match.store import Pulse, Store, StoredGame, StoreError
from match.stored import RecordError, history_of
from match.table import Table


class TablesWatch:
    """Whether a list of games needs reading again: the store's
    ``tables_revision`` moved since the last :meth:`moved`."""

    def __init__(self) -> None:
        self._seen: int | None = None

    def moved(self, store: Store) -> bool:
        """Whether anything a list shows changed since the last call (True at
        the first); StoreError if the store cannot be read."""
        now = store.tables_revision()
        moved, self._seen = now != self._seen, now
        return moved


class Follower:
    """Keeps one :class:`~match.match.Match` up with its game in the store."""

    def __init__(self, match: Table) -> None:
        self.match = match
        self._mark: int | None = None  # the store's data_version last seen
        self._looked = 0.0
        # The store's revision of the game last read or written here: a pulse
        # at it (or at the match's own) needs no read of the game.
        self._seen = -1
        # The rematch of this game once seen (told once), or None.
        self.rematch: int | None = None

    def start(self, store: Store) -> None:
        """Follow from now on (the match's history is the store's game now)."""
        self._mark = store.changed(None)[1]
        self._seen = self.match.revision

    def poll(self) -> None:
        """Notice what other processes did to the game; cheap when nobody did."""
        match = self.match
        store, game_id = match.store, match.game_id
        if store is None or game_id is None:
            return
        try:
            if match.here:
                match.heartbeat.beat(store, game_id)
            changed, self._mark = store.changed(self._mark)
            if not changed and not self._presence_due():
                return
            pulse = store.pulse(game_id)
            stored = None
            if pulse.revision not in (self._seen, match.revision):
                stored = store.game(game_id)
        except StoreError as exc:
            match.keeper.failed(exc)
            return
        if stored is None:
            self._follow_pulse(pulse)
        else:
            self._follow(stored)
        if changed and self.rematch is None and match.over(match.state):
            # Last: what it says stays on the message line.
            try:
                self._look_for_rematch(store, game_id)
            except StoreError as exc:
                match.keeper.failed(exc)

    def _look_for_rematch(self, store: Store, game_id: int) -> None:
        """Tell the player once when another player has set up the rematch
        of this finished game (StoreError passes on to the caller)."""
        found = store.rematch(game_id)
        if found is None:
            return
        self.rematch = found
        if self.match.here:
            # Someone who watched has no seat kept at the rematch.
            self.match.emit(RematchOffered(found, _rematch_offered()))

    def _presence_due(self) -> bool:
        # Presence also lapses without any write (a killed process): look
        # now and then while a person plays elsewhere.
        if not self.match.shared:
            return False
        if time.monotonic() - self._looked < presence.PRESENCE_LOOK_SECONDS:
            return False
        self._looked = time.monotonic()
        return True

    def _follow_pulse(self, pulse: Pulse) -> None:
        match = self.match
        self.follow_seats(match.seats, presence.live(pulse.presence))
        self._follow_hints(pulse.hints_used)
        match.takebacks.follow(pulse.request)

    def follow_seats(self, seats: tuple[Seat, ...], live: tuple[bool, ...]) -> None:
        """Take the store's seats and who is present, telling the player what changed."""
        match = self.match
        if seats == match.seats and live == match.presence_live:
            return
        taken = self._take_own_seats(live)
        live = tuple(held or index in taken for index, held in enumerate(live))
        # The player's own seats are not news of someone else coming or going.
        said = presence.seat_news(
            match.seats,
            seats,
            match.presence_live,
            live,
            match.here | match.own_elsewhere,
            match.awaiting,
        )
        if said and self.rematch is not None and match.here:
            # The rematch stays on the message line after whoever left.
            said = [said[0], _rematch_offered()]
        taken_elsewhere = {
            index
            for index, (was, now) in enumerate(zip(match.seats, seats, strict=True))
            if was.owner is None and now.owner is not None
        }
        match.awaiting = frozenset(
            seat for seat in match.awaiting | taken_elsewhere if not live[seat]
        )
        if taken:
            said.insert(0, msg("Your other terminal has left this game: you play it here now."))
        match.seats = seats
        match.presence_live = live
        match.emit(SeatsChanged(sentences(said)))

    def _take_own_seats(self, live: tuple[bool, ...]) -> tuple[int, ...]:
        """The seats this player held in another terminal, taken here once
        that terminal has left them; those taken (none while a seat is
        played here: two terminals of one account may each play a seat)."""
        match = self.match
        store, game_id = match.store, match.game_id
        if match.here or store is None or game_id is None:
            return ()
        free = [seat for seat in sorted(match.own_elsewhere) if not live[seat]]
        if not free:
            return ()
        try:
            taken = match.heartbeat.take(store, game_id, free, match.me)
        except StoreError as exc:
            match.keeper.failed(exc)
            return ()
        match.here = frozenset(taken)
        match.own_elsewhere = match.own_elsewhere - match.here
        return taken

    def _follow_hints(self, used: tuple[int, ...]) -> None:
        match = self.match
        old, match.hints_used = match.hints_used, used
        for seat, count in enumerate(used):
            if seat not in match.here and count > old[seat]:
                name = match.seats[seat].name
                match.emit(Notice(msg("{name} asked the computer for a hint.", name=name)))

    def _follow(self, stored: StoredGame) -> None:
        match = self.match
        self._seen = stored.revision
        self.follow_seats(stored.seats, presence.live(stored.presence))
        self._follow_hints(stored.hints_used)
        line = list(stored.line)
        mine = [match.rules.format_action(a) for a in match.history.actions]
        if match.unsaved:
            pass  # our own steps are still to be written: keep them
        elif line[: len(mine)] == mine:
            if all(self._arrive(text) for text in line[len(mine) :]):
                if _holds(match, stored):
                    match.revision = stored.revision
                else:
                    # Only the redo list differs: a move made and taken back
                    # elsewhere. Redo must replay the store's, not ours.
                    self.replace_history(stored, msg("The game was changed in another terminal."))
            # else: a move that cannot be read or played; the revision stays,
            # so no write of ours can build on the damage.
        else:
            message = match.takebacks.agreed(stored.cursor) or msg(
                "The game was changed in another terminal."
            )
            match.request = None
            self.replace_history(stored, message)
        match.takebacks.follow(stored.request)

    def _arrive(self, text: str) -> bool:
        """Play a move read from the store; False (and the player told) if it
        cannot be read or the rules refuse it."""
        match = self.match
        try:
            action = match.rules.parse_action(text)
        except ValueError:
            match.emit(
                Notice(
                    msg("A move from the store could not be read: {move}", move=repr(text)),
                    error=True,
                )
            )
            return False
        seat = match.mover(match.state)
        by = match.where(seat)
        before = match.state
        try:
            match.history.push(action)
        except ValueError as exc:
            reason = reason_of(exc)
            match.emit(
                Notice(
                    msg("A move from the store was refused by the rules: {reason}", reason=reason),
                    error=True,
                )
            )
            return False
        described = match.rules.describe(before, action, match.names)
        match.logged(described)
        match.emit(Moved(action, seat, described, by, match.told_last()))
        return True

    def reload(self) -> None:
        """Read the game again from the store (after a refused write)."""
        match = self.match
        if match.store is None or match.game_id is None:
            return
        try:
            stored = match.store.game(match.game_id)
        except StoreError as exc:
            match.keeper.failed(exc)
            return
        self._seen = stored.revision
        # Whoever sat down or left since the last look is news here too.
        self.follow_seats(stored.seats, presence.live(stored.presence))
        self.replace_history(stored, msg("The other player moved first; here is the game now."))
        match.request = stored.request

    def replace_history(self, stored: StoredGame, message: Message) -> None:
        """Take the store's game for this match's (the player told ``message``)."""
        match = self.match
        try:
            history = history_of(stored)
        except (RecordError, StoreError) as exc:
            match.emit(
                Notice(
                    msg(
                        "The stored game cannot be read: {problem}",
                        problem=exc.reason,
                    ),
                    error=True,
                )
            )
            return
        match.stop_thinking()
        history.undo_mode = match.history.undo_mode
        match.history = history
        match.revision = stored.revision
        match.rebuild_log()
        match.emit(Rewound(message))


def _holds(match: Table, stored: StoredGame) -> bool:
    """Whether the match's history is the stored game, redo list included."""
    return stored.cursor == match.history.cursor and (
        tuple(a.notation for a in stored.actions) == match.history.full_notation
    )


def _rematch_offered() -> Message:
    return msg("A rematch is set up at a new table, with a seat kept for you: n takes it.")
