"""The log of a match: one sentence per action, and the tokens told whole.

A step alone ("Ann places a meeple on cell 6") does not say that a token was
played: the other player reads the token and its steps as one entry.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.duel import describe
from match.events import sentences
from match.history import History


class Log:
    """The sentences of the actions a history has played so far."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def rebuild(self, history: History, names: tuple[str, str]) -> None:
        """Word every action of ``history`` again (after undo, redo, a reload)."""
        self.lines = [
            describe(before, action, names)
            for before, action in zip(history.states, history.actions, strict=False)
        ]

    def told(self, history: History) -> tuple[str, ...]:
        """The log with each action token and its steps as one entry."""
        states = history.states
        entries: list[str] = []
        for ply, text in enumerate(self.lines):
            if entries and states[ply].pending is not None:
                entries[-1] = sentences([entries[-1], text])
            else:
                entries.append(text)
        return tuple(entries)

    def told_last(self, history: History, names: tuple[str, str], *, codes: bool = False) -> str:
        """The last entry of :meth:`told`: the token the latest action belongs to.

        With ``codes`` its tokens are named by their codes (see ``describe``).
        """
        states, actions = history.states, history.actions
        start = len(self.lines) - 1
        while start > 0 and states[start].pending is not None:
            start -= 1
        said: Sequence[str] = [
            describe(states[ply], actions[ply], names, codes=True) if codes else self.lines[ply]
            for ply in range(start, len(self.lines))
        ]
        entry = ""
        for text in said:
            entry = sentences([entry, text]) if entry else text
        return entry
