"""Computer players by level, each choosing one step at a time.

A player plans a complete turn but hands out only its first step; when asked
again in the same turn it reuses the plan while the position is the one it
expected, and plans afresh when something new came to light (a refilled boat).
Hard searches afresh before every step of a turn, except in the endgame it
reads out exactly.

Hard keeps its time in a bank: every decision pays in the budget and takes
out what the search used. A search stops early once its answer cannot
change (:func:`ai.duel.tree.tree_search`); forced steps and planned ones cost
nothing. The time saved lengthens later searches, and more so those still
open when their time is up. So hard's mean time per
decision stays within its budget, and no decision takes more than
:data:`MAX_BUDGET`.

The levels, weakest first: *random*; *easy* and *medium*, which look one turn
ahead (:mod:`ai.duel.greedy`); *tough*, three turns ahead over sampled deals
(:mod:`ai.duel.search`); *hard*, a tree search over sampled deals scored by the
outlook (:mod:`ai.duel.tree`).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Final, Literal

from ai.duel.greedy import easy_choice, medium_choice
from ai.duel.hidden import PublicKey, public_key
from ai.duel.search import search
from ai.duel.tree import hard_search
from engine.duel import Action, GameState, apply_unchecked, legal_actions, reveals_hidden

Level = Literal["random", "easy", "medium", "tough", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("random", "easy", "medium", "tough", "hard")

DEFAULT_BUDGET: Final = 0.5  # seconds per decision for tough and hard
# Tough and hard never think longer than this, whatever budget they are given.
MAX_BUDGET: Final = 2.0
# Hard's search stops by this, so that its last iteration and the reading of
# its answer still end within MAX_BUDGET.
SEARCH_CAP: Final = MAX_BUDGET - 0.05

StopSignal = Callable[[], bool] | threading.Event | None


def stop_check(stop: StopSignal) -> Callable[[], bool]:
    """A cancel signal (callable, Event or None) as a plain callable."""
    if stop is None:
        return lambda: False
    if isinstance(stop, threading.Event):
        return stop.is_set
    return stop


class ComputerPlayer:
    """A computer opponent: ``choose(state)`` returns one legal step.

    ``should_stop`` (a callable or a ``threading.Event``) lets a UI cancel a
    search in progress; the player then answers at once with the best step
    found so far, which is always legal.
    """

    def __init__(
        self,
        level: Level,
        seed: int | None = None,
        time_budget: float | None = None,
        max_passes: int | None = None,
    ):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level: Level = level
        self.rng = random.Random(seed)
        budget = DEFAULT_BUDGET if time_budget is None else time_budget
        self.time_budget = min(max(budget, 0.0), MAX_BUDGET)
        self.max_passes = max_passes
        self._plan: list[tuple[PublicKey, Action]] = []
        self.last_think: float = 0.0  # seconds spent on the last decision
        self._bank = 0.0  # seconds hard saved on earlier decisions

    def choose(self, state: GameState, should_stop: StopSignal = None) -> Action:
        start = time.monotonic()
        try:
            return self._choose(state, stop_check(should_stop))
        finally:
            self.last_think = time.monotonic() - start
            if self.level == "hard":
                self._bank += self.time_budget - self.last_think

    def _choose(self, state: GameState, stop: Callable[[], bool]) -> Action:
        actions = legal_actions(state)
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        if len(actions) == 1:
            return actions[0]
        if self.level == "random":
            return self.rng.choice(actions)
        key = public_key(state)
        if self._plan and self._plan[0][0] == key and self._plan[0][1] in actions:
            return self._plan.pop(0)[1]
        self._remember(state, self._plan_turn(state, stop))
        return self._plan.pop(0)[1]

    def _plan_turn(self, state: GameState, stop: Callable[[], bool]) -> tuple[Action, ...]:
        """The steps to follow from ``state``: a whole turn, or only the next step."""
        if self.level == "easy":
            return easy_choice(state, self.rng).steps
        if self.level == "medium":
            return medium_choice(state, self.rng).steps
        if self.level == "tough":
            return search(state, self.rng, self.time_budget, stop, self.max_passes).turn.steps
        # A third of what was saved lengthens this decision, and another
        # third is there if it is still open when its time is up; the rest
        # stays for later ones.
        saved = max(0.0, self._bank) / 3
        budget = min(SEARCH_CAP, self.time_budget + saved)
        extra = min(SEARCH_CAP - budget, saved)
        choice = hard_search(state, self.rng, budget, stop, self.max_passes, extra)
        return choice.steps if choice.exact else choice.steps[:1]

    def _remember(self, state: GameState, steps: tuple[Action, ...]) -> None:
        # Keep the steps only up to the first one that turns up a face-down
        # token: after it the position holds news, and the rest is planned again.
        # Only the lengths of supply and reserve are compared, which are public.
        self._plan = []
        for action in steps:
            self._plan.append((public_key(state), action))
            after = apply_unchecked(state, action)
            if reveals_hidden(state, after):
                break
            state = after
