"""Takebacks across terminals: asked for, answered, followed.

At one keyboard undo just happens. Across terminals a player may not rewrite
a shared game alone (Lichess's takeback offers): undo files a request in the
store, which every other person at the table accepts, or any of them
declines. A request is no change of the game, so it never moves the
revision; followers read it, and who has agreed so far, from the pulse.
"""

from __future__ import annotations

import time

from engine.message import Message, msg, nmsg
from match.events import Notice, Rewound, TakebackAsked
from match.seats import Seat
from match.store import Request, StaleWrite, StoreError
from match.table import Table


def sound(request: Request, seats: int) -> bool:
    """A takeback that a seat of the table asked for, back to an earlier move."""
    return 0 <= request.seat < seats and 0 <= request.to_ply < request.at_ply


def consenting(seats: tuple[Seat, ...], asker: int) -> frozenset[int]:
    """The seats whose consent a takeback of ``asker`` needs: every other
    person who has taken a seat (a computer has no say, a free seat nobody)."""
    return frozenset(
        index
        for index, seat in enumerate(seats)
        if index != asker and not seat.computer and seat.owner is not None
    )


def _names(seats: tuple[Seat, ...], which: frozenset[int]) -> str:
    return ", ".join(seats[index].name for index in sorted(which))


class Takebacks:
    """The takeback requests of one :class:`~match.match.Match`."""

    def __init__(self, match: Table) -> None:
        self.match = match

    def target(self) -> int | None:
        """The ply an undo asked for here would go back to, if any."""
        here = sorted(self.match.here)
        # A takeback is one person asking the others: a terminal holding
        # several seats has no one asker (its people take turns at it).
        if len(here) != 1 or not consenting(self.match.seats, here[0]):
            return None
        # A game across terminals is always in safe mode: nobody sees something
        # hidden come to light and then takes the move back.
        return self.match.history.undo_target(here[0])

    def askees(self, request: Request) -> frozenset[int]:
        """The seats played here whose consent ``request`` still waits for."""
        asked = consenting(self.match.seats, request.seat) - request.agreed
        return asked & self.match.here if request.seat not in self.match.here else frozenset()

    def answers(self, request: Request) -> bool:
        """Whether the takeback waits for a seat played here: only another
        person answers it, never a watcher nor the asker."""
        return bool(self.askees(request))

    def withdraw(self) -> Message | None:
        """Withdraw the takeback asked from here (Esc); None if there is none."""
        match = self.match
        request = match.request
        store, game_id = match.store, match.game_id
        if request is None or request.seat not in match.here or store is None or game_id is None:
            return None
        try:
            store.withdraw(game_id)
        except StoreError as exc:
            return msg("The request could not be withdrawn: {problem}", problem=exc.reason)
        match.request = None
        return msg("Takeback request withdrawn.")

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
        asked = consenting(match.seats, seat)
        # Counted for the languages whose verb follows how many were asked.
        return nmsg(
            "Asked {name} to take back your last move; waiting for the answer.",
            "Asked {name} to take back your last move; waiting for their answers.",
            len(asked),
            name=_names(match.seats, asked),
        )

    def answer(self, accept: bool) -> Message:
        match = self.match
        request = match.request
        store, game_id = match.store, match.game_id
        if (
            request is None
            or store is None
            or game_id is None
            or not sound(request, len(match.seats))
            or not self.answers(request)
        ):
            return msg("There is no takeback to answer.")
        asker = match.seats[request.seat].name
        agreed = accept and request.at_ply == match.history.cursor
        now = request.agreed | self.askees(request)
        waiting = consenting(match.seats, request.seat) - now
        try:
            if agreed and waiting:
                # Others are still to answer: count our consent; the last to
                # agree makes the takeback.
                standing = store.agree(game_id, now, request.at_ply)
                if standing is None:
                    match.reload()
                    return msg("The game moved on meanwhile; the takeback was dropped.")
                match.request = standing
                return msg(
                    "You agreed; waiting for {names} to answer.",
                    names=_names(match.seats, waiting),
                )
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
        """What to say when the game went back to ``cursor`` elsewhere, if a
        takeback did it: to the asker, that the others agreed; to the rest
        (one who agreed before the last did, a watcher), whose move it was."""
        match = self.match
        request = match.request
        if request is None or cursor != request.to_ply:
            return None
        if request.seat in match.here:
            agreed = consenting(match.seats, request.seat)
            return nmsg(
                "{name} agreed: your move was taken back.",
                "{name} agreed: your move was taken back.",
                len(agreed),
                name=_names(match.seats, agreed),
            )
        asker = match.seats[request.seat].name
        return msg("Everyone agreed: {name}'s move was taken back.", name=asker)

    def follow(self, request: Request | None) -> None:
        """The store's request now: ask the player here, or tell them it was declined."""
        match = self.match
        if request is not None and not sound(request, len(match.seats)):
            request = None  # the store checks them; one made up elsewhere is no question
        old, match.request = match.request, request
        if request == old:
            return
        fresh = (
            old is None
            or request is None
            or (old.at_ply, old.seat)
            != (
                request.at_ply,
                request.seat,
            )
        )
        if request is not None and self.answers(request) and fresh:
            match.emit(TakebackAsked(request.seat, request.to_ply))
        elif (
            request is None
            and old is not None
            and old.seat in match.here
            and match.history.cursor == old.at_ply
        ):
            # One who had not agreed yet declined: named when only one had not.
            others = consenting(match.seats, old.seat) - old.agreed
            said = (
                msg("{name} declined the takeback.", name=_names(match.seats, others))
                if len(others) == 1
                else msg("The takeback was declined.")
            )
            match.emit(Notice(said, line=True))
