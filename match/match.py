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

Every sentence for a player that a match returns or reports (a refusal, an
event's message) is an :class:`engine.message.Message`: English as a ``str``,
worded in the player's language by the app (``tui.i18n.tr``). Names and the
store's error texts go into them as they are.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from engine.duel import (
    Action,
    GameState,
    RecordError,
    Setup,
    current_player,
    describe,
    score,
    why_illegal,
)
from engine.duel.game import DUEL
from engine.game import RecordError as GameRecordError
from engine.message import Message, as_message, msg, pmsg
from match.history import History
from match.seats import Seat, UndoMode, Where, local_player
from match.store import (
    Request,
    StaleWrite,
    Standing,
    Store,
    StoredGame,
    StoreError,
    session_id,
)

if TYPE_CHECKING:
    from ai.duel import ComputerPlayer

# The key of the Duel in engine.games.GAMES, as the store keeps it.
DUEL_KIND = "duel"
# How often a process says it is still at its seats (see store.PRESENCE_SECONDS).
HEARTBEAT_SECONDS = 5.0
# How often a waiting process looks whether the other player is still there.
PRESENCE_LOOK_SECONDS = 2.0


# Events ---------------------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    """An action was applied. ``by`` says from where it came."""

    action: Action
    seat: int
    text: str  # the log's sentence for it
    by: Where
    # The action token it is a step of, told whole: the token and each step so
    # far (just ``text`` for an action outside a token).
    told: str = ""


@dataclass(frozen=True)
class Rewound:
    """The position changed other than by a new move (undo, redo, a reload)."""

    message: str


@dataclass(frozen=True)
class Notice:
    """Something a player should be told."""

    message: str
    error: bool = False


@dataclass(frozen=True)
class SeatsChanged:
    """Someone took a seat, left it or came back; ``message`` says who."""

    message: str = ""


@dataclass(frozen=True)
class TakebackAsked:
    """The other player asks to take back moves; answer with :meth:`Match.answer_takeback`."""

    seat: int
    to_ply: int


Event = Moved | Rewound | Notice | SeatsChanged | TakebackAsked
Listener = Callable[[Event], None]
# Runs a function on the thread that owns the match (the app's event loop).
Deliver = Callable[[Callable[[], None]], object]


def summary_of(state: GameState) -> Standing:
    """What a list of games shows without replaying: who moves, the scores."""
    totals = score(state)
    return Standing(current_player(state), (totals[0].total, totals[1].total))


def _duel_seats(stored: StoredGame) -> tuple[Seat, Seat]:
    """The two seats of a Duel as the store keeps them; a game of another
    kind is not this match's to play."""
    if stored.kind != DUEL_KIND or len(stored.seats) != 2:
        raise StoreError(
            msg(
                "game {game} is damaged ({error})",
                game=stored.id,
                error=f"{stored.kind}, {len(stored.seats)} seats",
            )
        )
    return stored.seats[0], stored.seats[1]


def encode_setup(setup: Setup) -> bytes:
    return msgspec.json.encode(setup)


def decode_setup(data: bytes) -> Setup:
    try:
        return msgspec.json.decode(data, type=Setup)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError) as exc:
        raise RecordError(msg("the set-up is damaged ({error})", error=str(exc))) from None


class Match:
    """One game as this process plays it.

    ``here`` holds the seats played at this keyboard; a computer seat is
    played by this process too (a search in a thread, see
    :meth:`start_thinking`); any other seat is *away*.
    """

    def __init__(
        self,
        history: History,
        seats: tuple[Seat, Seat],
        *,
        here: frozenset[int] = frozenset({0, 1}),
        store: Store | None = None,
        game_id: int | None = None,
        code: str | None = None,
        me: str | None = None,
        session: str | None = None,
        computers: dict[int, ComputerPlayer] | None = None,
        hints: bool = False,
    ) -> None:
        self.history = history
        # Whether the table allows hints in a game between people (set up
        # with the game, kept in the store), and how many each seat has used.
        self.hints_allowed = hints
        self.hints_used = (0, 0)
        self.seats = seats
        self.here = frozenset(s for s in here if not seats[s].computer)
        self.store = store
        self.game_id = game_id
        self.code = code
        self.me = me or local_player()
        self.session = session or session_id()
        self.presence_live = (True, True)
        self.request: Request | None = None
        self.unsaved = 0  # steps made here that the store has not taken
        self.store_problem: str | None = None
        # The store's revision of this game that this process's history is:
        # every write names it (see Store.append).
        self.revision = 0
        self._listeners: list[Listener] = []
        self._mark: int | None = None
        self._beat = 0.0
        self._looked = 0.0
        self._log = [
            describe(before, action, self.names)
            for before, action in zip(history.states, history.actions, strict=False)
        ]
        if computers is None:
            computers = {}
            for index, seat in enumerate(seats):
                if seat.computer:
                    from ai import duel as ai

                    if seat.kind not in ai.LEVELS:
                        raise StoreError(
                            msg("unknown computer level {level}", level=repr(seat.kind))
                        )
                    computers[index] = ai.make_player(seat.kind)
        self.computers = computers
        # Thinking: one search at a time; a stale one is ignored when it ends.
        self._stop = threading.Event()
        self._think_lock = threading.Lock()
        self._thinking_on: GameState | None = None
        self.delay = 0.4 if len(computers) < 2 else 1.0
        if store is not None:
            _, self._mark = store.changed(None)

    # Opening ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Setup,
        seats: tuple[Seat, Seat],
        *,
        store: Store | None,
        here: frozenset[int] = frozenset({0, 1}),
        undo_mode: UndoMode = "safe",
        table: bool = False,
        invited: str | None = None,
        me: str | None = None,
        hints: bool = False,
        owner_cap: int | None = None,
    ) -> Match:
        """Start a game and keep it in ``store`` (when there is one).

        ``table`` opens it for a person in another terminal, who joins with
        the game's :attr:`code`; ``hints`` allows hints against that person
        (see :attr:`hints_on`); ``owner_cap`` is how many open tables its
        host may have (the store refuses one more: TooManyTables). Raises
        RecordError for a bad set-up and StoreError if the store cannot take
        the game (nothing is written then).
        """
        history = History.start(DUEL, setup, undo_mode="safe" if table else undo_mode)
        me = me or local_player()
        owned = tuple(
            msgspec.structs.replace(seat, owner=me) if index in here and not seat.computer else seat
            for index, seat in enumerate(seats)
        )
        match = cls(history, (owned[0], owned[1]), here=here, me=me, hints=hints)
        if store is None:
            return match
        if table:
            free = any(not s.computer and s.owner is None for s in owned)
            game_id = store.create_game(
                encode_setup(setup),
                match.seats,
                kind=DUEL_KIND,
                undo_mode=history.undo_mode,
                status="open" if free else "playing",
                table=True,
                invited=invited,
                summary=summary_of(history.state),
                hints=hints,
                owner_cap=owner_cap,
            )
            match._adopt_store(store, game_id, 0)
        else:
            # A game at one keyboard is kept from its first move on: a game
            # started and left untouched is not worth a line in the list.
            match.store = store
        return match

    @classmethod
    def open(
        cls,
        store: Store,
        game_id: int,
        *,
        me: str | None = None,
        seats: frozenset[int] | None = None,
    ) -> Match:
        """Come back to a stored game, at the seats ``me`` holds there.

        A seat of ``me`` that another process plays now is left to it (two
        terminals of one account can hold the two seats of one game). With
        ``seats`` given, only those are taken. Raises StoreError (RecordError
        for a damaged record) when the game cannot be opened.
        """
        me = me or local_player()
        stored = store.game(game_id)
        history = _history_of(stored)
        now = time.time()
        mine = {
            index
            for index, seat in enumerate(stored.seats)
            if not seat.computer
            and seat.owner == me
            and not stored.presence[index].live(now)
            and (seats is None or index in seats)
        }
        match = cls(
            history,
            _duel_seats(stored),
            here=frozenset(mine),
            me=me,
            code=stored.code,
            hints=stored.hints,
        )
        match.hints_used = (stored.hints_used[0], stored.hints_used[1])
        # The revision read with the history, not a later one: a write names
        # the position this process has.
        match._adopt_store(store, game_id, stored.revision)
        match.request = stored.request
        match.presence_live = _live(stored)
        return match

    @classmethod
    def join(
        cls, store: Store, code: str, *, me: str | None = None, name: str | None = None
    ) -> Match:
        """Take the other seat of a table by its code, or come back to your own."""
        me = me or local_player()
        game_id = store.find_code(code)
        if game_id is None:
            raise StoreError(
                msg("there is no table with the code {code}", code=code.strip().upper())
            )
        stored = store.game(game_id)
        now = time.time()
        for index, seat in enumerate(stored.seats):
            if seat.owner == me and not seat.computer and not stored.presence[index].live(now):
                return cls.open(store, game_id, me=me, seats=frozenset({index}))
        for index, seat in enumerate(stored.seats):
            if not seat.computer and seat.owner is None:
                store.claim(game_id, index, me, name)
                return cls.open(store, game_id, me=me, seats=frozenset({index}))
        raise StoreError(msg("both seats of that table are taken and played now"))

    @classmethod
    def adopt(
        cls,
        history: History,
        seats: tuple[Seat, Seat],
        *,
        store: Store | None,
        me: str | None = None,
    ) -> Match:
        """Bring a game read from a file into the store as a new game, played here."""
        me = me or local_player()
        owned = tuple(
            seat if seat.computer else msgspec.structs.replace(seat, owner=me) for seat in seats
        )
        match = cls(history, (owned[0], owned[1]), me=me)
        if store is not None:
            match.store = store
            match._keep_whole_game(store)
            if match.store_problem is not None:
                raise StoreError(as_message(match.store_problem))
        return match

    def _adopt_store(self, store: Store, game_id: int, revision: int) -> None:
        self.store = store
        self.game_id = game_id
        self.revision = revision
        if self.here:
            store.attach(game_id, sorted(self.here), self.session)
        self._beat = time.monotonic()
        _, self._mark = store.changed(None)
        stored = store.game(game_id)
        self.code = stored.code
        self.presence_live = _live(stored)

    def close(self) -> None:
        """Leave the game: stop thinking and give up the seats (the game stays)."""
        self.stop_thinking()
        if self.store is not None and self.game_id is not None and self.here:
            # On failure the seat is freed anyway once its heartbeat is old.
            with contextlib.suppress(StoreError):
                self.store.detach(self.game_id, self.session)

    # Listening --------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)

    # The present ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        state: GameState = self.history.state
        return state

    @property
    def names(self) -> tuple[str, str]:
        return self.seats[0].name, self.seats[1].name

    @property
    def kinds(self) -> tuple[str, str]:
        return self.seats[0].kind, self.seats[1].kind

    @property
    def log(self) -> tuple[str, ...]:
        """One sentence per action played so far."""
        return tuple(self._log)

    @property
    def told(self) -> tuple[str, ...]:
        """The log with each action token and its steps as one entry.

        A step alone ("Ann places a meeple on cell 6") does not say that a
        token was played: the other player reads the token and its steps whole.
        """
        states = self.history.states
        entries: list[str] = []
        for ply, text in enumerate(self._log):
            if entries and states[ply].pending is not None:
                entries[-1] = _sentences([entries[-1], text])
            else:
                entries.append(text)
        return tuple(entries)

    def _told_last(self, *, codes: bool = False) -> str:
        """The last entry of :attr:`told`: the token the latest action belongs to.

        With ``codes`` its tokens are named by their codes (see ``describe``).
        """
        history = self.history
        states, actions = history.states, history.actions
        start = len(self._log) - 1
        while start > 0 and states[start].pending is not None:
            start -= 1
        entry = ""
        for ply in range(start, len(self._log)):
            text = (
                describe(states[ply], actions[ply], self.names, codes=True)
                if codes
                else self._log[ply]
            )
            entry = _sentences([entry, text]) if entry else text
        return entry

    def told_in_codes(self) -> str:
        """The latest token told whole, its tokens named by their codes: for
        a message line too short for their names."""
        return self._told_last(codes=True)

    def where(self, seat: int) -> Where:
        if self.seats[seat].computer:
            return "computer"
        return "here" if seat in self.here else "away"

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None once the game is over."""
        return None if self.state.over else current_player(self.state)

    @property
    def waiting(self) -> bool:
        """True while no one at this keyboard can act (the computer or someone away)."""
        seat = self.to_move
        return seat is not None and self.where(seat) != "here"

    @property
    def watching(self) -> bool:
        """True when no seat is played here and a person plays one elsewhere.

        A watcher only looks on: no move, no undo, no hint is theirs. (The
        computer playing both sides at this keyboard is a demo, not watching.)
        """
        return not self.here and any(self.where(s) == "away" for s in (0, 1))

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
            return msg("You are watching this game: hints are for its players.")
        return msg("Hints are off at this table: it was set up without them.")

    def hint_used(self) -> None:
        """Say that the player here asked for a hint: the other player is told.

        Across terminals the store counts it, and the other side's next look
        at the store tells them (see :meth:`_follow_hints`).
        """
        seat = self.to_move
        if seat is None or seat not in self.here:
            return
        counts = list(self.hints_used)
        counts[seat] += 1
        self.hints_used = (counts[0], counts[1])
        store, game_id = self.store, self.game_id
        if store is None or game_id is None or not self.shared:
            return
        try:
            store.use_hint(game_id, seat)
        except StoreError as exc:
            self._store_failed(exc)

    def _follow_hints(self, stored: StoredGame) -> None:
        old, self.hints_used = self.hints_used, (stored.hints_used[0], stored.hints_used[1])
        for seat in (0, 1):
            if seat not in self.here and stored.hints_used[seat] > old[seat]:
                name = self.seats[seat].name
                self._emit(Notice(msg("{name} asked the computer for a hint.", name=name)))

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and seat in self.computers

    @property
    def shared(self) -> bool:
        """True when a person plays in another terminal: undo needs their consent."""
        return any(self.where(s) == "away" for s in (0, 1))

    @property
    def kept(self) -> bool:
        """True while every applied action is in the store."""
        return self.store is not None and self.unsaved == 0

    @property
    def last_action(self) -> Action | None:
        return self.history.last_action

    # Playing ------------------------------------------------------------------

    def refusal(self, action: Action, *, seat: int | None = None) -> Message | None:
        """Why ``action`` cannot be played now from ``seat`` (None: it can)."""
        if self.watching:
            return msg("you are watching this game: only its players move")
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
        return why_illegal(self.state, action)

    def play(self, action: Action, *, seat: int | None = None) -> Message | None:
        """Apply ``action`` for a seat played here; the reason if it is refused.

        The engine decides legality. The action is kept in the store before
        this returns; if another process moved first, nothing is applied, the
        game is reloaded and the reason says so.
        """
        reason = self.refusal(action, seat=seat)
        if reason is not None:
            return reason
        return self._apply(action, by="here")

    def _apply(self, action: Action, *, by: Where) -> Message | None:
        before = self.state
        who = current_player(before)
        self.history.push(action)  # checked again by the engine
        if not self._keep_new_action():
            self.reload()  # the store's game replaces ours, this action with it
            return msg("the other player moved first; the game was brought up to date")
        text = describe(before, action, self.names)
        self._log.append(text)
        self._emit(Moved(action, who, text, by, self._told_last()))
        return None

    def _keep_new_action(self) -> bool:
        """Write the latest action (and any step the store missed); False if
        the game changed elsewhere meanwhile."""
        store, game_id = self.store, self.game_id
        if store is None:
            if self.store_problem is not None:
                self.unsaved += 1
            return True
        if game_id is None:
            return self._keep_whole_game(store)
        if self.unsaved:
            self.unsaved += 1
            return self._catch_up(store, game_id)
        history = self.history
        ply = history.cursor - 1
        state = history.state

        def append() -> int:
            return store.append(
                game_id,
                ply,
                str(history.actions[ply]),
                current_player(history.states[ply]),
                revision=self.revision,
                summary=summary_of(state),
                over=state.over,
            )

        try:
            try:
                self.revision = append()
            except StaleWrite:
                if not self._only_seats_changed(store, game_id, ply):
                    return False
                self.revision = append()
        except StaleWrite:
            return False
        except StoreError as exc:
            self.unsaved = 1
            self._store_failed(exc)
            return True
        self._store_ok()
        return True

    def _only_seats_changed(self, store: Store, game_id: int, ply: int) -> bool:
        """After a refused write: whether the store still holds this history's
        line up to ``ply`` (someone took a seat, which changes the revision
        too). If so its revision is taken, as the line is the same."""
        try:
            stored = store.game(game_id)
        except StoreError:
            return False
        if stored.line != tuple(str(a) for a in self.history.actions[:ply]):
            return False
        self.revision = stored.revision
        return True

    def _catch_up(self, store: Store, game_id: int) -> bool:
        """Write the whole game as played here over the store's, if no one else
        changed it since this process last wrote (False then)."""
        history = self.history
        states = history.all_states
        try:
            self.revision = store.replace_line(
                game_id,
                [
                    (text, current_player(states[ply]))
                    for ply, text in enumerate(history.full_notation)
                ],
                cursor=history.cursor,
                revision=self.revision,
                summary=summary_of(history.state),
                over=history.state.over,
            )
        except StaleWrite:
            self.unsaved = 0
            return False
        except StoreError as exc:
            self._store_failed(exc)
            return True
        self.unsaved = 0
        self._store_ok()
        return True

    def retry(self) -> None:
        """Try again to keep the steps the store has not taken (call it now and
        then while :attr:`unsaved`: the fault may be gone)."""
        store, game_id = self.store, self.game_id
        if store is None or not self.unsaved:
            return
        if game_id is None:
            self._keep_whole_game(store)
        elif not self._catch_up(store, game_id):
            self.reload()

    def not_kept(self, problem: str) -> None:
        """This game has no store, as the store could not be opened: every step
        so far counts as not kept until :meth:`keep_in` succeeds."""
        if self.store is None:
            self.store_problem = problem
            self.unsaved = self.history.cursor

    def keep_in(self, store: Store) -> None:
        """Keep this game, played so far without a store, in ``store`` from now
        on (the whole game at once; see :attr:`kept`)."""
        if self.store is not None:
            return
        self.store = store
        _, self._mark = store.changed(None)
        if not self.history.full_notation:
            # A game at one keyboard is kept from its first move on.
            self.unsaved = 0
            self._store_ok()
            return
        self._keep_whole_game(store)

    def _keep_whole_game(self, store: Store) -> bool:
        """The first write of a game at one keyboard: the game and its moves."""
        history = self.history
        states = history.all_states
        try:
            game_id = store.create_game(
                encode_setup(history.setup),
                self.seats,
                kind=DUEL_KIND,
                undo_mode=history.undo_mode,
                status="over" if history.state.over else "playing",
                actions=[
                    (text, current_player(states[ply]))
                    for ply, text in enumerate(history.full_notation)
                ],
                cursor=history.cursor,
                hints=self.hints_allowed,
                summary=summary_of(history.state),
            )
            self._adopt_store(store, game_id, 0)
        except StoreError as exc:
            self.unsaved = max(self.unsaved, history.cursor)
            self._store_failed(exc)
            return True
        self.unsaved = 0
        self._store_ok()
        return True

    def _store_failed(self, exc: StoreError) -> None:
        first = self.store_problem is None
        self.store_problem = exc.reason
        if first:
            self._emit(
                Notice(
                    msg("This game is not being kept: {problem}", problem=exc.reason), error=True
                )
            )

    def _store_ok(self) -> None:
        if self.store_problem is not None:
            self.store_problem = None
            self._emit(Notice(msg("The game is being kept again.")))

    # Undo and redo --------------------------------------------------------------

    @property
    def _person(self) -> int | None:
        """The one seat played here against the computer, else None."""
        here = sorted(self.here)
        return here[0] if len(here) == 1 and self.computers else None

    def can_undo(self) -> bool:
        if not self.here:
            return False  # watching, or the computer plays both sides
        if self.shared:
            return self.request is None and self._takeback_target() is not None
        person = self._person
        if person is not None:
            return self.history.can_undo_to(person)
        return self.history.can_undo

    def can_redo(self) -> bool:
        return self.history.can_redo and not self.computers and not self.shared

    def why_no_undo(self) -> Message:
        if self.watching:
            return msg("You are watching this game: undo is for its players.")
        if not self.here:
            return msg("Undo is off while the computer plays both sides.")
        if self.shared and self.request is not None:
            return msg("A takeback has been asked for already: wait for the answer.")
        if self.history.undo_floor > 0:
            if self.shared:
                return msg("Undo stops where a face-down token came to light.")
            return msg(
                "Undo stops where a face-down token came to light (a refill or the "
                "reserve). To undo past it, switch undo mode to free (ctrl+p)."
            )
        if self._person is not None or self.shared:
            return msg("Nothing of yours to undo yet.")
        return msg("Nothing to undo yet.")

    def why_no_redo(self) -> Message:
        if self.watching:
            return msg("You are watching this game: redo is for its players.")
        if self.computers:
            return msg("Redo is off in a game with the computer: undo, then play on.")
        if self.shared:
            return msg("Redo is off in a game across terminals.")
        return msg("Nothing to redo: redo replays steps you have just undone.")

    def undo(self) -> Message:
        """Take back a step (to your last decision against the computer).

        Across terminals this asks the other player instead. Returns what to
        tell the player; raises nothing (check :meth:`can_undo` to dim the key).
        """
        if not self.can_undo():
            return self.why_no_undo()
        if self.shared:
            return self._ask_takeback()
        self.stop_thinking()
        before = self.history.cursor
        person = self._person
        if person is not None:
            self.history.undo_to(person)
            said = msg("Undone to your last decision.")
        else:
            self.history.undo()
            said = msg("Undone.")
        if not self._keep_cursor(before):
            return msg("The game moved on elsewhere; it was brought up to date.")
        self._rebuild_log()
        self._emit(Rewound(said))
        return said

    def redo(self) -> Message:
        if not self.can_redo():
            return self.why_no_redo()
        before = self.history.cursor
        self.history.redo()
        if not self._keep_cursor(before):
            return msg("The game moved on elsewhere; it was brought up to date.")
        self._rebuild_log()
        said = msg("Redone.")
        self._emit(Rewound(said))
        return said

    def back_out(self) -> bool:
        """Take back an action token just chosen, before any of its steps."""
        from engine.duel import Play

        if self.state.pending is None or not isinstance(self.last_action, Play):
            return False
        if self.waiting or (self.shared and self.history.undo_floor >= self.history.cursor):
            return False
        before = self.history.cursor
        self.history.undo()
        if not self._keep_cursor(before):
            return False
        self._rebuild_log()
        self._emit(Rewound(msg("Token taken back: nothing had happened yet.")))
        return True

    def _keep_cursor(self, before: int) -> bool:
        store, game_id = self.store, self.game_id
        if store is None or game_id is None:
            # Not in a store yet: kept whole at the next write that works.
            if self.unsaved or self.store_problem is not None:
                self.unsaved += 1
            return True
        if self.unsaved:
            self.unsaved += 1
            if not self._catch_up(store, game_id):
                self.reload()
                return False
            return True
        try:
            self.revision = store.move_cursor(
                game_id,
                before,
                self.history.cursor,
                revision=self.revision,
                summary=summary_of(self.state),
            )
        except StaleWrite:
            self.reload()
            return False
        except StoreError as exc:
            self.unsaved = 1
            self._store_failed(exc)
            return True
        self._store_ok()
        return True

    def _takeback_target(self) -> int | None:
        here = sorted(self.here)
        if len(here) != 1:
            return None
        # A game across terminals is always in safe mode: nobody sees a token
        # come to light and then takes the move back.
        return self.history.undo_target(here[0])

    def _ask_takeback(self) -> Message:
        target = self._takeback_target()
        store, game_id = self.store, self.game_id
        if target is None or store is None or game_id is None:
            return self.why_no_undo()
        seat = sorted(self.here)[0]
        request = Request("undo", seat, self.history.cursor, target, time.time())
        try:
            store.ask(game_id, request, revision=self.revision)
        except StaleWrite:
            self.reload()
            return msg("The game moved on meanwhile; it was brought up to date.")
        except StoreError as exc:
            return msg("The request could not be sent: {problem}", problem=exc.reason)
        self.request = request
        other = self.seats[1 - seat].name
        return msg("Asked {name} to take back your last move; waiting for the answer.", name=other)

    def answer_takeback(self, accept: bool) -> Message:
        request = self.request
        store, game_id = self.store, self.game_id
        if (
            request is None
            or store is None
            or game_id is None
            or not _sound(request)
            or not self._answers(request)
        ):
            return msg("There is no takeback to answer.")
        asker = self.seats[request.seat].name
        try:
            if accept and request.at_ply == self.history.cursor:
                self.revision = store.move_cursor(
                    game_id,
                    request.at_ply,
                    request.to_ply,
                    revision=self.revision,
                    summary=summary_of(self.history.states[request.to_ply]),
                )
            else:
                store.withdraw(game_id)
        except StaleWrite:
            self.reload()
            return msg("The game moved on meanwhile; the takeback was dropped.")
        except StoreError as exc:
            return msg("The answer could not be sent: {problem}", problem=exc.reason)
        self.request = None
        if accept and request.at_ply == self.history.cursor:
            self.history.rewind_to(request.to_ply)
            self._rebuild_log()
            said = msg("You let {name} take back their move.", name=asker)
            self._emit(Rewound(said))
            return said
        return msg("You declined {name}'s takeback.", name=asker)

    def _rebuild_log(self) -> None:
        history = self.history
        self._log = [
            describe(before, action, self.names)
            for before, action in zip(history.states, history.actions, strict=False)
        ]

    # Keeping up with the store --------------------------------------------------

    def poll(self) -> None:
        """Notice what other processes did to this game; cheap when nothing did.

        Call it often (the app does, a few times a second): it reads one
        number unless something changed.
        """
        store, game_id = self.store, self.game_id
        if store is None or game_id is None:
            return
        try:
            if self.here and time.monotonic() - self._beat >= HEARTBEAT_SECONDS:
                self._beat = time.monotonic()
                store.heartbeat(game_id, self.session)
            changed, self._mark = store.changed(self._mark)
            if not changed:
                self._check_presence()
                return
            stored = store.game(game_id)
        except StoreError as exc:
            self._store_failed(exc)
            return
        self._follow(stored)

    def _check_presence(self) -> None:
        # Presence also lapses without any write (a killed process): look now
        # and then, which costs a read only when a seat is away.
        if not self.shared or self.store is None or self.game_id is None:
            return
        if time.monotonic() - self._looked < PRESENCE_LOOK_SECONDS:
            return
        self._looked = time.monotonic()
        try:
            stored = self.store.game(self.game_id)
        except StoreError:
            return
        self._follow_seats(stored)

    def _follow_seats(self, stored: StoredGame) -> None:
        live = _live(stored)
        if stored.seats == self.seats and live == self.presence_live:
            return
        said: list[Message] = []
        for index in (0, 1):
            if index in self.here or stored.seats[index].computer:
                continue
            name = stored.seats[index].name
            if self.seats[index].owner is None and stored.seats[index].owner is not None:
                said.append(msg("{name} joined the table.", name=name))
            elif live[index] and not self.presence_live[index]:
                said.append(msg("{name} is back.", name=name))
            elif self.presence_live[index] and not live[index] and stored.seats[index].owner:
                said.append(msg("{name} has left the game; it waits for them.", name=name))
        self.seats = _duel_seats(stored)
        self.presence_live = live
        self._emit(SeatsChanged(_sentences(said)))

    def _follow(self, stored: StoredGame) -> None:
        self._follow_seats(stored)
        self._follow_hints(stored)
        line = list(stored.line)
        mine = [str(a) for a in self.history.actions]
        if self.unsaved:
            pass  # our own steps are still to be written: keep them
        elif line[: len(mine)] == mine:
            if all(self._arrive(text) for text in line[len(mine) :]):
                if self._holds(stored):
                    self.revision = stored.revision
                else:
                    # Only the redo list differs: a move made and taken back
                    # elsewhere. Redo must replay the store's, not ours.
                    self._replace_history(stored, msg("The game was changed in another terminal."))
            # else: a move that cannot be read or played; the revision stays,
            # so no write of ours can build on the damage.
        else:
            ours = self.request
            if ours is not None and ours.seat in self.here and stored.cursor == ours.to_ply:
                other = self.seats[1 - ours.seat].name
                message = msg("{name} agreed: your move was taken back.", name=other)
            else:
                message = msg("The game was changed in another terminal.")
            self.request = None
            self._replace_history(stored, message)
        self._follow_request(stored.request)

    def _arrive(self, text: str) -> bool:
        from engine.duel import parse_action

        try:
            action = parse_action(text)
        except ValueError:
            self._emit(
                Notice(
                    msg("A move from the store could not be read: {move}", move=repr(text)),
                    error=True,
                )
            )
            return False
        seat = current_player(self.state)
        by = self.where(seat)
        before = self.state
        try:
            self.history.push(action)
        except ValueError as exc:
            reason = getattr(exc, "reason", None) or str(exc)
            self._emit(
                Notice(
                    msg("A move from the store was refused by the rules: {reason}", reason=reason),
                    error=True,
                )
            )
            return False
        described = describe(before, action, self.names)
        self._log.append(described)
        self._emit(
            Moved(action, seat, described, "here" if by == "here" else by, self._told_last())
        )
        return True

    def _answers(self, request: Request) -> bool:
        """Whether the takeback is asked of a seat played here: only the other
        player answers it, never a watcher nor the asker."""
        return request.seat not in self.here and 1 - request.seat in self.here

    def _follow_request(self, request: Request | None) -> None:
        if request is not None and not _sound(request):
            request = None  # the store checks them; one made up elsewhere is no question
        old, self.request = self.request, request
        if request == old:
            return
        if request is not None and self._answers(request):
            self._emit(TakebackAsked(request.seat, request.to_ply))
        elif (
            request is None
            and old is not None
            and old.seat in self.here
            and self.history.cursor == old.at_ply
        ):
            other = self.seats[1 - old.seat].name
            self._emit(Notice(msg("{name} declined the takeback.", name=other)))

    def reload(self) -> None:
        """Read the game again from the store (after a refused write)."""
        if self.store is None or self.game_id is None:
            return
        try:
            stored = self.store.game(self.game_id)
        except StoreError as exc:
            self._store_failed(exc)
            return
        self.seats = _duel_seats(stored)
        self.presence_live = _live(stored)
        self._replace_history(stored, msg("The other player moved first; here is the game now."))
        self.request = stored.request

    def _holds(self, stored: StoredGame) -> bool:
        """Whether this history is the stored game, redo list included."""
        return stored.cursor == self.history.cursor and (
            tuple(a.notation for a in stored.actions) == self.history.full_notation
        )

    def _replace_history(self, stored: StoredGame, message: str) -> None:
        try:
            history = _history_of(stored)
        except (RecordError, StoreError) as exc:
            self._emit(
                Notice(
                    msg(
                        "The stored game cannot be read: {problem}",
                        problem=exc.reason,
                    ),
                    error=True,
                )
            )
            return
        self.stop_thinking()
        history.undo_mode = self.history.undo_mode
        self.history = history
        self.revision = stored.revision
        self._rebuild_log()
        self._emit(Rewound(message))

    def set_undo_mode(self, mode: UndoMode) -> None:
        if self.shared:
            return  # across terminals undo stays safe: see _takeback_target
        self.history.undo_mode = mode
        if self.store is not None and self.game_id is not None:
            try:
                self.store.set_undo_mode(self.game_id, mode)
            except StoreError as exc:
                self._store_failed(exc)

    # The computer ---------------------------------------------------------------

    def start_thinking(self, deliver: Deliver) -> None:
        """If the computer is to move, search in a thread and play its choice.

        ``deliver`` runs the result on the thread that owns this match (the
        app passes ``App.call_from_thread``). A search whose position has gone
        (undo, a move from elsewhere) is dropped.
        """
        if not self.computer_to_move or self._thinking_on is self.state:
            return
        state = self.state
        self._thinking_on = state
        stop = self._stop = threading.Event()
        thread = threading.Thread(
            target=self._think, args=(state, stop, deliver), name="computer move", daemon=True
        )
        thread.start()

    def _think(self, state: GameState, stop: threading.Event, deliver: Deliver) -> None:
        if stop.wait(self.delay):
            return
        player = self.computers[current_player(state)]
        with self._think_lock:
            if stop.is_set():
                return
            action = player.choose(state, should_stop=stop)
        if not stop.is_set():
            deliver(lambda: self._computer_chose(state, action))

    def _computer_chose(self, state: GameState, action: Action) -> None:
        if state is not self.state or self._stop.is_set():
            return
        self._thinking_on = None
        if why_illegal(state, action) is not None:
            return  # never expected: the player picks from legal_actions
        self._apply(action, by="computer")

    def play_computer(self) -> Action | None:
        """Let the computer make its move now, in this thread (scripts, tests)."""
        if not self.computer_to_move:
            return None
        action = self.computers[current_player(self.state)].choose(self.state)
        self._apply(action, by="computer")
        return action

    def stop_thinking(self) -> None:
        self._stop.set()
        self._thinking_on = None


def stored_history(store: Store, game_id: int) -> tuple[History, tuple[Seat, Seat]]:
    """A stored game replayed, and its seats, to look at (no seat is taken).

    Raises StoreError, or RecordError for a damaged record.
    """
    stored = store.game(game_id)
    return _history_of(stored), _duel_seats(stored)


def _history_of(stored: StoredGame) -> History:
    """Replay a stored game through the engine (RecordError if it is damaged)."""
    setup = decode_setup(stored.setup)
    notation = [a.notation for a in stored.actions]
    mode: UndoMode = "free" if stored.undo_mode == "free" else "safe"
    try:
        return History.replay(DUEL, setup, notation, cursor=stored.cursor, undo_mode=mode)
    except GameRecordError as exc:
        raise RecordError(
            msg("game {game} is damaged: {problem}", game=stored.id, problem=exc.reason)
        ) from None


def _sound(request: Request) -> bool:
    """A takeback that one of the two seats asked for, back to an earlier move."""
    return request.seat in (0, 1) and 0 <= request.to_ply < request.at_ply


def _sentences(said: Sequence[str]) -> str:
    """Up to two sentences, one after the other (what changed at each seat)."""
    if not said:
        return ""
    if len(said) == 1:
        return said[0]
    # TRANSLATORS: two sentences shown one after the other on the message line.
    return pmsg("two sentences", "{first} {second}", first=said[0], second=said[1])


def _live(stored: StoredGame) -> tuple[bool, bool]:
    now = time.time()
    return stored.presence[0].live(now), stored.presence[1].live(now)


__all__ = [
    "Event",
    "Match",
    "Moved",
    "Notice",
    "Rewound",
    "SeatsChanged",
    "TakebackAsked",
    "stored_history",
]
