"""Takebacks across terminals: asked for, answered, followed.

At one keyboard undo just happens. Across terminals a player may not rewrite
a shared game alone (Lichess's takeback offers): undo files a request in the
store, which the other player accepts or declines. A request is no change of
the game, so it never moves the revision; followers read it from the pulse.
"""

from __future__ import annotations

import time

from engine.message import Message, msg
from match.events import Notice, Rewound, TakebackAsked
from match.store import Request, StaleWrite, StoreError
from match.table import Table


def sound(request: Request) -> bool:
    """A takeback that one of the two seats asked for, back to an earlier move."""
    return request.seat in (0, 1) and 0 <= request.to_ply < request.at_ply


class Takebacks:
    """The takeback requests of one :class:`~match.match.Match`."""

    def __init__(self, match: Table) -> None:
        self.match = match

    def target(self) -> int | None:
        """The ply an undo asked for here would go back to, if any."""
        here = sorted(self.match.here)
        # A takeback is one player asking the other: at a table of more than
        # two there is no one other player to ask, so there is none.
        if len(here) != 1 or len(self.match.seats) != 2:
            return None
        # A game across terminals is always in safe mode: nobody sees a token
        # come to light and then takes the move back.
        return self.match.history.undo_target(here[0])

    def answers(self, request: Request) -> bool:
        """Whether the takeback is asked of a seat played here: only the other
        player answers it, never a watcher nor the asker."""
        here = self.match.here
        return request.seat not in here and 1 - request.seat in here

    def ask(self) -> Message:
        match = self.match
        target = self.target()
        store, game_id = match.store, match.game_id
        if target is None or store is None or game_id is None:
            return match.why_no_undo()
        seat = sorted(match.here)[0]
        request = Request("undo", seat, match.history.cursor, target, time.time())
        try:
            store.ask(game_id, request, revision=match.revision)
        except StaleWrite:
            match.reload()
            return msg("The game moved on meanwhile; it was brought up to date.")
        except StoreError as exc:
            return msg("The request could not be sent: {problem}", problem=exc.reason)
        match.request = request
        other = match.seats[1 - seat].name
        return msg("Asked {name} to take back your last move; waiting for the answer.", name=other)

    def answer(self, accept: bool) -> Message:
        match = self.match
        request = match.request
        store, game_id = match.store, match.game_id
        if (
            request is None
            or store is None
            or game_id is None
            or not sound(request)
            or not self.answers(request)
        ):
            return msg("There is no takeback to answer.")
        asker = match.seats[request.seat].name
        agreed = accept and request.at_ply == match.history.cursor
        try:
            if agreed:
                match.revision = store.move_cursor(
                    game_id,
                    request.at_ply,
                    request.to_ply,
                    revision=match.revision,
                    summary=match.summary(match.history.states[request.to_ply]),
                )
            else:
                store.withdraw(game_id)
        except StaleWrite:
            match.reload()
            return msg("The game moved on meanwhile; the takeback was dropped.")
        except StoreError as exc:
            return msg("The answer could not be sent: {problem}", problem=exc.reason)
        match.request = None
        if agreed:
            match.history.rewind_to(request.to_ply)
            match.rebuild_log()
            said = msg("You let {name} take back their move.", name=asker)
            match.emit(Rewound(said))
            return said
        return msg("You declined {name}'s takeback.", name=asker)

    def agreed(self, cursor: int) -> Message | None:
        """What to say when the game went back to ``cursor`` elsewhere: that
        the other player agreed to our request, if it was that."""
        match = self.match
        ours = match.request
        if ours is not None and ours.seat in match.here and cursor == ours.to_ply:
            other = match.seats[1 - ours.seat].name
            return msg("{name} agreed: your move was taken back.", name=other)
        return None

    def follow(self, request: Request | None) -> None:
        """The store's request now: ask the player here, or tell them it was declined."""
        match = self.match
        if request is not None and not sound(request):
            request = None  # the store checks them; one made up elsewhere is no question
        old, match.request = match.request, request
        if request == old:
            return
        if request is not None and self.answers(request):
            match.emit(TakebackAsked(request.seat, request.to_ply))
        elif (
            request is None
            and old is not None
            and old.seat in match.here
            and match.history.cursor == old.at_ply
        ):
            other = match.seats[1 - old.seat].name
            match.emit(Notice(msg("{name} declined the takeback.", name=other)))
