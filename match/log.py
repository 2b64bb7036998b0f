"""The log of a match: one sentence per action, and each turn told whole.

A step alone does not say what the turn was: the other players read a turn
and its steps as one entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import AnyGame
from match.events import sentences
from match.history import History

# One sentence for an action taken in a state: (the state before, the action).
Words = Callable[[Any, Any], str]


class Log:
    """The sentences of the actions a history has played so far.

    An action continues the entry before it when it is taken in the same
    turn (the game's ``turn``): the steps of a turn, whoever decides each
    one, are told as one entry.
    """

    def __init__(self, rules: AnyGame) -> None:
        self.rules = rules
        self.lines: list[str] = []

    def rebuild(self, history: History, names: tuple[str, ...]) -> None:
        """Word every action of ``history`` again (after undo, redo, a reload)."""
        describe = self.rules.describe
        self.lines = [
            describe(before, action, names)
            for before, action in zip(history.states, history.actions, strict=False)
        ]

    def _continues(self, states: tuple[Any, ...], ply: int) -> bool:
        """Whether action ``ply`` is taken in the turn of the one before."""
        turn = self.rules.turn
        return ply > 0 and turn(states[ply]) == turn(states[ply - 1])

    def told(self, history: History) -> tuple[str, ...]:
        """The log with each turn's decisions as one entry."""
        states = history.states
        entries: list[str] = []
        for ply, text in enumerate(self.lines):
            if entries and self._continues(states, ply):
                entries[-1] = sentences([entries[-1], text])
            else:
                entries.append(text)
        return tuple(entries)

    def told_last(self, history: History, words: Words | None = None) -> str:
        """The last entry of :meth:`told`: the turn the latest action belongs to.

        ``words`` words each action instead of the log's own sentence.
        """
        states, actions = history.states, history.actions
        start = len(self.lines) - 1
        while start > 0 and self._continues(states, start):
            start -= 1
        entry = ""
        for ply in range(start, len(self.lines)):
            text = words(states[ply], actions[ply]) if words else self.lines[ply]
            entry = sentences([entry, text]) if entry else text
        return entry
