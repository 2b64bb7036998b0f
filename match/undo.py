"""Undo and redo as a match allows them: who may take back what, and how far.

At one keyboard undo takes back a step (against the computer, back to the
person's last decision in a turn of theirs) and redo replays it. Across
terminals undo asks every other person at the table (:mod:`match.takebacks`)
and redo is off. How far back undo may go is the history's undo mode (see
:mod:`match.history`); why it stops there is the game's to say.
"""

from __future__ import annotations

from engine.message import Message, msg, pmsg
from match.events import Rewound
from match.seats import UndoMode
from match.store import StoreError
from match.table import Table


class Undo:
    """Undo and redo of one :class:`~match.match.Match`."""

    def __init__(self, match: Table) -> None:
        self.match = match

    @property
    def _person(self) -> int | None:
        """The one seat played here against the computer, else None."""
        match = self.match
        here = sorted(match.here)
        return here[0] if len(here) == 1 and match.computers else None

    def can_undo(self) -> bool:
        match = self.match
        if not match.here:
            return False  # watching, or the computer plays every seat
        if match.shared:
            # Once the game is over nobody is left to play on: no takeback is
            # asked (a request then waited for an answer that never came).
            if match.over(match.state):
                return False
            return match.request is None and match.takebacks.target() is not None
        person = self._person
        if person is not None:
            return match.history.can_undo_to(person)
        return match.history.can_undo

    def can_redo(self) -> bool:
        return self.redo_offered() and self.match.history.can_redo

    def redo_offered(self) -> bool:
        """Whether redo can ever replay a step in this game: not with the
        computer (it would replay the computer's answer as well) nor across
        terminals, so the key need not be shown there."""
        match = self.match
        return not match.watching and not match.computers and not match.shared

    def why_no_undo(self) -> Message:
        match = self.match
        if match.watching:
            return match.why_watching(msg("You are watching this game: undo is for its players."))
        if not match.here:
            return msg("Undo is off while the computer plays every seat.")
        if match.shared and match.over(match.state):
            return msg("The game is over: moves are no longer taken back.")
        if match.shared and match.request is not None:
            return msg("A takeback has been asked for already: wait for the answer.")
        if match.shared and len(match.here) > 1:
            return msg("Undo across terminals is asked by one player: this terminal holds several.")
        if match.history.undo_floor > 0:
            stop = match.rules.undo_stop()
            if match.shared:
                return stop
            free = msg("To undo past it, switch undo mode to free (ctrl+p).")
            # TRANSLATORS: two sentences shown one after the other on the message line.
            return pmsg("two sentences", "{first} {second}", first=stop, second=free)
        if self._person is not None or match.shared:
            return msg("Nothing of yours to undo yet.")
        return msg("Nothing to undo yet.")

    def why_no_redo(self) -> Message:
        match = self.match
        if match.watching:
            return match.why_watching(msg("You are watching this game: redo is for its players."))
        if match.computers:
            return msg("Redo is off in a game with the computer: undo, then play on.")
        if match.shared:
            return msg("Redo is off in a game across terminals.")
        return msg("Nothing to redo: redo replays steps you have just undone.")

    def undo(self) -> Message:
        match = self.match
        if not self.can_undo():
            return self.why_no_undo()
        if match.shared:
            return match.takebacks.ask()
        match.stop_thinking()
        before = match.history.cursor
        person = self._person
        if person is not None:
            match.history.undo_to(person)
            said = msg("Undone to your last decision.")
        else:
            match.history.undo()
            said = msg("Undone.")
        return self._moved(before, said)

    def redo(self) -> Message:
        match = self.match
        if not self.can_redo():
            return self.why_no_redo()
        before = match.history.cursor
        match.history.redo()
        return self._moved(before, msg("Redone."))

    def _moved(self, before: int, said: Message) -> Message:
        """Keep the cursor moved from ``before`` and tell the player ``said``."""
        match = self.match
        if not match.keeper.cursor(before):
            return msg("The game moved on elsewhere; it was brought up to date.")
        match.rebuild_log()
        match.emit(Rewound(said))
        return said

    def back_out(self, just_chosen: bool) -> bool:
        """Take back a choice that began a turn's steps (``just_chosen``: the
        last action chose something and none of its steps followed)."""
        match = self.match
        history = match.history
        if not just_chosen:
            return False
        if match.waiting or (match.shared and history.undo_floor >= history.cursor):
            return False
        before = history.cursor
        history.undo()
        if not match.keeper.cursor(before):
            return False
        match.rebuild_log()
        match.emit(Rewound(msg("Choice taken back: nothing had happened yet.")))
        return True

    def set_mode(self, mode: UndoMode) -> None:
        match = self.match
        if match.shared:
            return  # across terminals undo stays safe: see Takebacks.target
        match.history.undo_mode = mode
        if match.store is not None and match.game_id is not None:
            try:
                match.store.set_undo_mode(match.game_id, mode)
            except StoreError as exc:
                match.keeper.failed(exc)
