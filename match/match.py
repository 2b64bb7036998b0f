"""A game being played: its history, its seats, and the store it is kept in.

No Textual here. The app's game screen, the tests and headless scripts all
drive a game through a :class:`Match` the same way: ask it what the state is,
hand it what a person chose (:meth:`Match.play`), and react to what it reports
(:class:`Moved`, :class:`Rewound`, :class:`Notice`, ...). Moves made by the
computer or by a person in another terminal arrive through the same events.

Every action goes through the engine's checked ``apply`` (in
:class:`match.history.History`) before it is kept; the store refuses an
action, undo or redo not made on the game's revision this process last saw
(:attr:`Match.revision`), so two processes never both write one ply, nor one
extend a line the other has replaced (the one that loses reloads and is told).

A match is the facade of parts with one job each: :mod:`match.opening` its
constructors, :mod:`match.keeping` writes the game, :mod:`match.follow` keeps
up with the store, :mod:`match.undo` and :mod:`match.takebacks` take moves
back (at one keyboard, across terminals), :mod:`match.presence` says who is
at the table, :mod:`match.computer` runs the computer's search and
:mod:`match.log` words the moves. What a screen calls is here.

Every sentence for a player that a match returns or reports (a refusal, an
event's message) is an :class:`engine.message.Message`: English as a ``str``,
worded in the player's language by the app (``tui.i18n.tr``). Names and the
store's error texts go into them as they are.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec

from ai.players import Player
from engine.game import AnyGame
from engine.message import Message, msg
from match import opening, presence
from match.computer import Computer, players_for
from match.events import (
    Deliver,
    Event,
    Listener,
    Moved,
    Notice,
    RematchOffered,
    Rewound,
    SeatsChanged,
    TakebackAsked,
)
from match.events import sentences as _sentences  # noqa: F401  (read from here before the split)
from match.follow import Follower
from match.history import History
from match.keeping import Keeper
from match.log import Log, Words
from match.seats import Seat, UndoMode, Where, local_player
from match.store import Request, Standing, Store, StoreError, session_id
from match.stored import decode_setup, encode_setup, stored_history, summary_of
from match.takebacks import Takebacks
from match.undo import Undo

P = ParamSpec("P")


def _constructor(
    build: Callable[Concatenate[type[Match], P], Match],
) -> classmethod[Match, P, Match]:
    # match.opening's constructors build any class shaped as a match
    # (match.table.Table); bound here, they build and return a Match.
    return classmethod(build)


# Kept here for whoever read them from this module before the split.
HEARTBEAT_SECONDS = presence.HEARTBEAT_SECONDS
PRESENCE_LOOK_SECONDS = presence.PRESENCE_LOOK_SECONDS


class Match:
    """One game as this process plays it.

    ``here`` holds the seats played at this keyboard; a computer seat is
    played by this process too (a search in a thread, see
    :meth:`start_thinking`); any other seat is *away*.
    """

    def __init__(
        self,
        history: History,
        seats: tuple[Seat, ...],
        *,
        here: frozenset[int] | None = None,
        store: Store | None = None,
        game_id: int | None = None,
        code: str | None = None,
        me: str | None = None,
        session: str | None = None,
        computers: dict[int, Player] | None = None,
        hints: bool = False,
    ) -> None:
        # The game's rules (its history's), through the contract every game keeps.
        self.rules: AnyGame = history.game
        self.history = history
        # Whether the table allows hints in a game between people (set up
        # with the game, kept in the store), and how many each seat has used.
        self.hints_allowed = hints
        self.hints_used: tuple[int, ...] = (0,) * len(seats)
        self.seats = seats
        if here is None:
            here = frozenset(range(len(seats)))
        self.here = frozenset(s for s in here if not seats[s].computer)
        # Seats of this player that another process of theirs (a second
        # terminal, another SSH session with the same key) held when this one
        # opened the game: this one watches, and takes them once they are free.
        self.own_elsewhere: frozenset[int] = frozenset()
        # Seats kept for people who have not come to the table yet (a
        # rematch this process set up): waited for as a seat to join.
        self.awaiting: frozenset[int] = frozenset()
        self.store = store
        self.game_id = game_id
        self.code = code
        self.me = me or local_player()
        self.session = session or session_id()
        self.presence_live: tuple[bool, ...] = tuple(True for _ in seats)
        self.request: Request | None = None
        self.unsaved = 0  # steps made here that the store has not taken
        self.store_problem: str | None = None
        # The store's revision of this game that this process's history is:
        # every write names it (see Store.append).
        self.revision = 0
        self._listeners: list[Listener] = []
        self._log = Log(self.rules)
        self._log.rebuild(history, self.names)
        self.computer = Computer(
            players_for(seats, self.rules.kind) if computers is None else computers, len(seats)
        )
        self.heartbeat = presence.Heartbeat(self.session)
        self.keeper = Keeper(self)
        self.follower = Follower(self)
        self.takebacks = Takebacks(self)
        self.undoing = Undo(self)
        if store is not None:
            self.follower.start(store)

    # Opening (see match.opening) ---------------------------------------------

    new = _constructor(opening.new)
    open = _constructor(opening.open_stored)
    join = _constructor(opening.join)
    adopt = _constructor(opening.adopt)

    def adopt_store(self, store: Store, game_id: int, revision: int) -> None:
        """Play on as game ``game_id`` of ``store``, whose ``revision`` this history is."""
        self.store = store
        self.game_id = game_id
        self.revision = revision
        if self.here:
            self.heartbeat.attach(store, game_id, sorted(self.here))
        self.follower.start(store)
        stored = store.game(game_id)
        self.code = stored.code
        self.presence_live = presence.live(stored.presence)

    def close(self) -> None:
        """Leave the game: stop thinking and give up the seats (the game stays)."""
        self.stop_thinking()
        if self.store is not None and self.game_id is not None and self.here:
            # On failure the seat is freed anyway once its heartbeat is old.
            with contextlib.suppress(StoreError):
                self.heartbeat.detach(self.store, self.game_id)

    # Listening --------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, event: Event) -> None:
        """Tell every listener (the parts of a match report through here)."""
        for listener in list(self._listeners):
            listener(event)

    # The rules, as the parts of a match ask them -------------------------------

    def mover(self, state: Any) -> int:
        """The seat that decides in ``state`` (-1 once the game is over)."""
        return self.rules.current_player(state)

    def over(self, state: Any) -> bool:
        return self.rules.over(state)

    def summary(self, state: Any) -> Standing:
        """What a list of games shows of ``state``: who moves, the scores."""
        return summary_of(state, self.rules)

    def encode_setup(self) -> bytes:
        return encode_setup(self.history.setup, self.rules)

    # The present ------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(seat.kind for seat in self.seats)

    @property
    def computers(self) -> dict[int, Player]:
        return self.computer.players

    @property
    def delay(self) -> float:
        """Seconds the computer waits before it moves."""
        return self.computer.delay

    @delay.setter
    def delay(self, seconds: float) -> None:
        self.computer.delay = seconds

    @property
    def log(self) -> tuple[str, ...]:
        """One sentence per action played so far."""
        return tuple(self._log.lines)

    def logged(self, text: str) -> None:
        """Add the sentence of the action just pushed to the log."""
        self._log.lines.append(text)

    def rebuild_log(self) -> None:
        self._log.rebuild(self.history, self.names)

    @property
    def told(self) -> tuple[str, ...]:
        """The log with each turn and its steps as one entry (see :mod:`match.log`)."""
        return self._log.told(self.history)

    def told_last(self, words: Words | None = None) -> str:
        """The last entry of :attr:`told`: the turn the latest action belongs to.

        ``words`` words each of its actions instead of the log's sentences
        (a game's screen may name them by their codes on a short line).
        """
        return self._log.told_last(self.history, words)

    def where(self, seat: int) -> Where:
        if self.seats[seat].computer:
            return "computer"
        return "here" if seat in self.here else "away"

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None once the game is over."""
        return None if self.over(self.state) else self.mover(self.state)

    @property
    def waiting(self) -> bool:
        """True while no one at this keyboard can act (the computer or someone away)."""
        seat = self.to_move
        return seat is not None and self.where(seat) != "here"

    @property
    def watching(self) -> bool:
        """True when no seat is played here and a person plays one elsewhere.

        A watcher only looks on: no move, no undo, no hint is theirs. (The
        computer playing every seat at this keyboard is a demo, not watching.)
        """
        return not self.here and self.shared

    @property
    def elsewhere(self) -> bool:
        """True when this process only watches because this player plays the
        game in another terminal (see :attr:`own_elsewhere`)."""
        return not self.here and bool(self.own_elsewhere)

    def why_watching(self, watching: Message) -> Message:
        """``watching`` (why a watcher may not do something), or for a player
        whose seat another terminal of theirs holds, that reason instead."""
        if self.elsewhere:
            return msg(
                "You play this game in another terminal: this one watches "
                "until you leave it there, then plays your seat."
            )
        return watching

    @property
    def hints_on(self) -> bool:
        """Whether a player here may ask for a hint now.

        At one keyboard (against the computer, or two people who both see the
        screen) always; against a person in another terminal only if the table
        allowed hints when it was set up; never for a watcher.
        """
        if self.watching or not self.here:
            return False
        return self.hints_allowed or not self.shared

    def why_no_hint(self) -> Message:
        if self.watching:
            return self.why_watching(msg("You are watching this game: hints are for its players."))
        return msg("Hints are off at this table: it was set up without them.")

    def hint_used(self) -> None:
        """Say that the player here asked for a hint: the other players are told.

        Across terminals the store counts it, and the other side's next pulse
        tells them (see :mod:`match.follow`).
        """
        seat = self.to_move
        if seat is None or seat not in self.here:
            return
        counts = list(self.hints_used)
        counts[seat] += 1
        self.hints_used = tuple(counts)
        store, game_id = self.store, self.game_id
        if store is None or game_id is None or not self.shared:
            return
        try:
            store.use_hint(game_id, seat)
        except StoreError as exc:
            self.keeper.failed(exc)

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and seat in self.computers

    @property
    def shared(self) -> bool:
        """True when a person plays in another terminal: undo needs their consent."""
        return any(self.where(s) == "away" for s in range(len(self.seats)))

    @property
    def kept(self) -> bool:
        """True while every applied action is in the store."""
        return self.store is not None and self.unsaved == 0

    @property
    def last_action(self) -> Any | None:
        return self.history.last_action

    # Playing ------------------------------------------------------------------

    def refusal(self, action: Any, *, seat: int | None = None) -> Message | None:
        """Why ``action`` cannot be played now from ``seat`` (None: it can)."""
        if self.watching:
            return self.why_watching(msg("you are watching this game: only its players move"))
        to_move = self.to_move
        if to_move is not None:
            mover = to_move if seat is None else seat
            if mover != to_move:
                return msg("it is {name}'s turn", name=self.seats[to_move].name)
            if self.where(mover) == "computer" and seat is None:
                return msg("{name} (computer) is to move", name=self.seats[mover].name)
            if self.where(mover) == "away":
                return msg(
                    "{name} plays that side from another terminal", name=self.seats[mover].name
                )
        return self.rules.why_illegal(self.state, action)

    def play(self, action: Any, *, seat: int | None = None) -> Message | None:
        """Apply ``action`` for a seat played here; the reason if it is refused.

        The engine decides legality. The action is kept in the store before
        this returns; if another process moved first, nothing is applied, the
        game is reloaded and the reason says so.
        """
        reason = self.refusal(action, seat=seat)
        if reason is not None:
            return reason
        return self._apply(action, by="here")

    def _apply(self, action: Any, *, by: Where) -> Message | None:
        before = self.state
        who = self.mover(before)
        self.history.push(action)  # checked again by the engine
        if not self.keeper.new_action():
            self.reload()  # the store's game replaces ours, this action with it
            return msg("the other player moved first; the game was brought up to date")
        text = self.rules.describe(before, action, self.names)
        self.logged(text)
        self.emit(Moved(action, who, text, by, self.told_last()))
        return None

    def retry(self) -> None:
        """Try again to keep the steps the store has not taken (call it now and
        then while :attr:`unsaved`: the fault may be gone)."""
        self.keeper.retry()

    def not_kept(self, problem: str) -> None:
        """This game has no store, as the store could not be opened: every step
        so far counts as not kept until :meth:`keep_in` succeeds."""
        self.keeper.not_kept(problem)

    def keep_in(self, store: Store) -> None:
        """Keep this game, played so far without a store, in ``store`` from now
        on (the whole game at once; see :attr:`kept`)."""
        self.keeper.keep_in(store)

    # Undo and redo (see match.undo) ---------------------------------------------

    def can_undo(self) -> bool:
        return self.undoing.can_undo()

    def can_redo(self) -> bool:
        return self.undoing.can_redo()

    def redo_offered(self) -> bool:
        return self.undoing.redo_offered()

    def why_no_undo(self) -> Message:
        return self.undoing.why_no_undo()

    def why_no_redo(self) -> Message:
        return self.undoing.why_no_redo()

    def undo(self) -> Message:
        """Take back a step (to your last decision against the computer).

        Across terminals this asks every other person at the table instead. Returns what to
        tell the player; raises nothing (check :meth:`can_undo` to dim the key).
        """
        return self.undoing.undo()

    def redo(self) -> Message:
        return self.undoing.redo()

    def back_out(self, just_chosen: bool) -> bool:
        """Take back a choice just made, before any of the steps it began.

        ``just_chosen`` is the game's own notion, so its screen tells: the
        last action chose something of which nothing has happened yet.
        """
        return self.undoing.back_out(just_chosen)

    def set_undo_mode(self, mode: UndoMode) -> None:
        self.undoing.set_mode(mode)

    # Takebacks and the store (see match.takebacks, match.follow) -----------------

    def answer_takeback(self, accept: bool) -> Message:
        return self.takebacks.answer(accept)

    def withdraw_takeback(self) -> Message | None:
        """Withdraw this terminal's takeback request; None if it has none."""
        return self.takebacks.withdraw()

    def _follow_request(self, request: Request | None) -> None:
        self.takebacks.follow(request)

    def poll(self) -> None:
        """Notice what other processes did to this game; cheap when nothing did.

        Call it often (the app does, a few times a second): it reads one
        number unless another process wrote, and the game itself only when
        its revision moved (see :class:`match.follow.Follower`).
        """
        self.follower.poll()

    def reload(self) -> None:
        """Read the game again from the store (after a refused write)."""
        self.follower.reload()

    # The computer ---------------------------------------------------------------

    def start_thinking(self, deliver: Deliver) -> None:
        """If the computer is to move, search in a thread and play its choice.

        ``deliver`` runs the result on the thread that owns this match (the
        app passes ``App.call_from_thread``). A search whose position has gone
        (undo, a move from elsewhere) is dropped.
        """
        seat = self.to_move
        if seat is None or seat not in self.computers:
            return
        self.computer.start(self.state, seat, deliver, self._computer_chose)

    def _computer_chose(self, state: Any, action: Any) -> None:
        if state is not self.state:
            return
        if self.rules.why_illegal(state, action) is not None:
            return  # never expected: the player picks from legal_actions
        self._apply(action, by="computer")

    def play_computer(self) -> Any | None:
        """Let the computer make its move now, in this thread (scripts, tests)."""
        seat = self.to_move
        if seat is None or seat not in self.computers:
            return None
        action = self.computer.choose_now(self.state, seat)
        self._apply(action, by="computer")
        return action

    def stop_thinking(self) -> None:
        self.computer.stop()


__all__ = [
    "Event",
    "Match",
    "Moved",
    "Notice",
    "RematchOffered",
    "Rewound",
    "SeatsChanged",
    "TakebackAsked",
    "decode_setup",
    "encode_setup",
    "stored_history",
    "summary_of",
]
