"""Undo and redo over a game: a list of states and a cursor.

Pure and UI-independent: no Textual, no I/O. The engine's states are frozen
values, so each one is its own snapshot; undo moves the cursor back instead of
reversing a move (python-chess ``pop()``, boardgame.io's undo stack).

``undo_mode`` decides how far back undo may go:

``"safe"`` (the default)
    Undo stops at the last step that brought something hidden to light
    (``Game.reveals_hidden``). Otherwise a player could make a move, see
    what chance turned up, undo and choose differently.
``"free"``
    Undo goes back to the start of the game (for study and teaching).

Switching from "free" to "safe" takes effect from the current position: the
limit is the last reveal at or before the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

from engine.game import AnyGame, RecordError
from engine.message import msg, reason_of
from match.seats import UndoMode

UNDO_MODES: tuple[UndoMode, ...] = get_args(UndoMode)


class History:
    """A game as played so far, with the steps that were undone kept for redo.

    ``states[0]`` is the start; ``states[i]`` follows ``actions[i - 1]``. The
    cursor is the index of the current state; states beyond it are the redo
    list, dropped as soon as a different action is pushed. The rules are
    ``game``'s, reached only through the contract of :mod:`engine.game`, so a
    history holds any game; its set-up, states and actions are that game's.
    """

    __slots__ = ("_actions", "_cursor", "_game", "_setup", "_states", "_undo_mode")

    def __init__(
        self,
        game: AnyGame,
        setup: Any,
        states: list[Any],
        actions: list[Any],
        *,
        cursor: int | None = None,
        undo_mode: UndoMode = "safe",
    ) -> None:
        """Low level: prefer :meth:`start`, :meth:`replay` and :meth:`from_record`.

        ``states`` must be ``game.start(setup)`` followed by the state after each
        of ``actions``; the caller vouches for that (nothing is replayed here).
        """
        if len(states) != len(actions) + 1:
            raise ValueError("a history needs exactly one more state than actions")
        if cursor is None:
            cursor = len(actions)
        if not 0 <= cursor <= len(actions):
            raise ValueError(f"cursor {cursor} is outside 0..{len(actions)}")
        if undo_mode not in UNDO_MODES:
            raise ValueError(f"undo mode must be one of {UNDO_MODES}, not {undo_mode!r}")
        self._game = game
        self._setup = setup
        self._states = list(states)
        self._actions = list(actions)
        self._cursor = cursor
        self._undo_mode: UndoMode = undo_mode

    @classmethod
    def start(cls, game: AnyGame, setup: Any, *, undo_mode: UndoMode = "safe") -> History:
        """A new game; raises :class:`engine.game.RecordError` if ``setup`` is invalid."""
        return cls(game, setup, [game.start(setup)], [], undo_mode=undo_mode)

    @classmethod
    def replay(
        cls,
        game: AnyGame,
        setup: Any,
        notation: Sequence[str],
        *,
        cursor: int | None = None,
        undo_mode: UndoMode = "safe",
    ) -> History:
        """Replay ``notation`` from ``setup`` through the checked rules and stand at ``cursor``.

        ``cursor`` defaults to the end; the actions after it become the redo
        list. Raises :class:`engine.game.RecordError` naming the move at fault,
        or for a bad set-up or cursor.
        """
        states = [game.start(setup)]
        actions = []
        for number, text in enumerate(notation, start=1):
            try:
                action = game.parse_action(text)
            except ValueError as exc:
                raise RecordError(
                    msg("move {number}: {problem}", number=number, problem=reason_of(exc))
                ) from None
            try:
                states.append(game.apply(states[-1], action))
            except ValueError as exc:
                raise RecordError(
                    msg(
                        "move {number} ({move}) is illegal: {problem}",
                        number=number,
                        move=text[:40],
                        problem=reason_of(exc),
                    )
                ) from None
            actions.append(action)
        return cls._at(game, setup, states, actions, cursor, undo_mode)

    @classmethod
    def from_record(
        cls,
        game: AnyGame,
        data: bytes | str,
        *,
        cursor: int | None = None,
        undo_mode: UndoMode = "safe",
    ) -> History:
        """A record as ``game.encode_record`` writes it, replayed, standing at ``cursor``.

        Raises :class:`engine.game.RecordError` for a bad record or cursor.
        """
        setup, states, actions = game.load_record(data)
        return cls._at(game, setup, states, actions, cursor, undo_mode)

    @classmethod
    def from_states(
        cls,
        game: AnyGame,
        setup: Any,
        states: list[Any],
        actions: list[Any],
        *,
        cursor: int | None = None,
        undo_mode: UndoMode = "safe",
    ) -> History:
        """A game already replayed by ``game.load_record``, standing at ``cursor``."""
        return cls._at(game, setup, states, actions, cursor, undo_mode)

    @classmethod
    def _at(
        cls,
        game: AnyGame,
        setup: Any,
        states: list[Any],
        actions: list[Any],
        cursor: int | None,
        undo_mode: UndoMode,
    ) -> History:
        if cursor is not None and not 0 <= cursor <= len(actions):
            raise RecordError(f"cursor {cursor} is outside 0..{len(actions)}")
        return cls(game, setup, states, actions, cursor=cursor, undo_mode=undo_mode)

    # The present -----------------------------------------------------------

    @property
    def game(self) -> AnyGame:
        """The rules this game is played by."""
        return self._game

    @property
    def setup(self) -> Any:
        return self._setup

    @property
    def state(self) -> Any:
        """The current state."""
        return self._states[self._cursor]

    @property
    def cursor(self) -> int:
        """How many actions have been played to reach :attr:`state`."""
        return self._cursor

    @property
    def states(self) -> tuple[Any, ...]:
        """The start and every state up to the current one (not the redo list)."""
        return tuple(self._states[: self._cursor + 1])

    @property
    def all_states(self) -> tuple[Any, ...]:
        """Every state, the redo list included."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions played up to the current state, for the action log."""
        return tuple(self._actions[: self._cursor])

    @property
    def last_action(self) -> Any | None:
        return self._actions[self._cursor - 1] if self._cursor else None

    @property
    def all_actions(self) -> tuple[Any, ...]:
        """Every action, the redo list included."""
        return tuple(self._actions)

    @property
    def notation(self) -> tuple[str, ...]:
        """The actions played up to the current state, in the game's notation."""
        return tuple(map(self._game.format_action, self.actions))

    @property
    def full_notation(self) -> tuple[str, ...]:
        """Every action in notation, the redo list included (what the store keeps)."""
        return tuple(map(self._game.format_action, self._actions))

    def encode_record(self, *, redo: bool = False) -> bytes:
        """The game up to the current state (with ``redo``, every action) as the game's record."""
        return self._game.encode_record(self._setup, self._actions if redo else self.actions)

    # Moving on -------------------------------------------------------------

    def push(self, action: Any) -> Any:
        """Apply ``action`` through the checked engine and return the new state.

        Clears the redo list (use :meth:`redo` to replay an undone step).
        Raises the game's ValueError (with a ``reason``) and leaves the history
        unchanged if the action is not legal.
        """
        new = self._game.apply(self.state, action)
        del self._states[self._cursor + 1 :]
        del self._actions[self._cursor :]
        self._states.append(new)
        self._actions.append(action)
        self._cursor += 1
        return new

    # Undo and redo ---------------------------------------------------------

    @property
    def undo_mode(self) -> UndoMode:
        return self._undo_mode

    @undo_mode.setter
    def undo_mode(self, mode: UndoMode) -> None:
        if mode not in UNDO_MODES:
            raise ValueError(f"undo mode must be one of {UNDO_MODES}, not {mode!r}")
        self._undo_mode = mode

    @property
    def undo_floor(self) -> int:
        """The smallest cursor undo may reach from here."""
        if self._undo_mode == "free":
            return 0
        for index in range(self._cursor, 0, -1):
            if self._game.reveals_hidden(self._states[index - 1], self._states[index]):
                return index
        return 0

    @property
    def can_undo(self) -> bool:
        return self._cursor > self.undo_floor

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    @property
    def undo_blocked_by_reveal(self) -> bool:
        """True when undo is possible in "free" mode but not in "safe" mode now.

        Lets the UI explain a dimmed undo key ("something hidden came to light").
        """
        return self._cursor > 0 and self.undo_floor == self._cursor

    def undo(self) -> Any:
        """Go back one step; raises ValueError if :attr:`can_undo` is False."""
        if not self.can_undo:
            raise ValueError("nothing to undo")
        self._cursor -= 1
        return self.state

    def redo(self) -> Any:
        """Replay the next undone step; raises ValueError if :attr:`can_redo` is False."""
        if not self.can_redo:
            raise ValueError("nothing to redo")
        self._cursor += 1
        return self.state

    def undo_target(self, player: int) -> int | None:
        """The cursor :meth:`undo_to` would reach for ``player``, or None.

        That is the nearest earlier state (at least one step back, not below
        :attr:`undo_floor`) in which it is ``player``'s decision in a turn of
        their own: a decision asked of them in another's turn (Builders'
        market pick during someone's sail) is not where they go back to, as
        that turn's player would have to play it again.
        """
        floor = self.undo_floor
        current = self._game.current_player
        for index in range(self._cursor - 1, floor - 1, -1):
            if current(self._states[index]) == player and self._turn_of(index) == player:
                return index
        return None

    def _turn_of(self, index: int) -> int:
        """The seat whose turn the state ``index`` is in: who decided as it began."""
        turn = self._game.turn
        now = turn(self._states[index])
        start = index
        while start > 0 and turn(self._states[start - 1]) == now:
            start -= 1
        return self._game.current_player(self._states[start])

    def can_undo_to(self, player: int) -> bool:
        return self.undo_target(player) is not None

    def undo_to(self, player: int) -> Any:
        """Undo to ``player``'s previous decision (in a game against the computer).

        All or nothing: if that decision lies beyond the undo limit, nothing is
        undone (ValueError), so the computer is never left to move again from a
        position it already played.
        """
        target = self.undo_target(player)
        if target is None:
            raise ValueError(f"player {player + 1} has no earlier decision that can be undone to")
        self._cursor = target
        return self.state

    def rewind_to(self, cursor: int) -> Any:
        """Go back to ``cursor`` (a takeback agreed to); never below :attr:`undo_floor`."""
        if not self.undo_floor <= cursor <= self._cursor:
            raise ValueError(f"cannot go back to move {cursor} from here")
        self._cursor = cursor
        return self.state

    def redo_to(self, player: int) -> Any:
        """Redo until it is ``player``'s decision again, or the redo list runs out."""
        if not self.can_redo:
            raise ValueError("nothing to redo")
        self._cursor += 1
        while self.can_redo and self._game.current_player(self.state) != player:
            self._cursor += 1
        return self.state

    def __len__(self) -> int:
        """The number of actions recorded, redo list included."""
        return len(self._actions)

    def __repr__(self) -> str:
        return (
            f"History(game={self._game.kind!r}, cursor={self._cursor}, "
            f"actions={len(self._actions)}, "
            f"undo_mode={self._undo_mode!r})"
        )
