"""Computer players of Builders of Egypt by level, one decision at a time.

The levels, weakest first:

- *easy* looks one decision ahead at its chance of winning against the
  others (:func:`ai.builders.evaluate.chances`), and now and then takes a
  step at random;
- *medium* runs hard's search (:mod:`ai.builders.search`) for a few hundred
  iterations only, whatever the time budget: quick, and no deeper on a
  faster machine;
- *hard* runs that search for its time budget, and keeps a bank: every
  decision pays in the budget and takes out what it used, so the time a
  forced step or an early-decided search saved lengthens later searches
  while the mean time per decision stays within the budget.

Every level plans on a sample of the hidden order (``Game.sample``), never
on the real one: the market deck and the round cards to come are dealt
afresh from what the seat sees, so a level decides the same whatever the
hidden order is.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Final, Literal

from ai.builders.evaluate import chances
from ai.builders.search import hard_search
from engine.builders.actions import Action
from engine.builders.game import BUILDERS
from engine.builders.rules import apply_unchecked, current_player, legal_actions
from engine.builders.state import GameState

Level = Literal["easy", "medium", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "medium", "hard")

DEFAULT_BUDGET: Final = 0.5  # hard's seconds per decision
# Hard never thinks longer than this, whatever budget it is given.
MAX_BUDGET: Final = 1.9
# How often easy takes a step at random instead of its best one.
EASY_BLUNDERS: Final = 0.2
# Medium's search: iterations per decision.
MEDIUM_ITERATIONS: Final = 200

StopSignal = Callable[[], bool] | threading.Event | None


def stop_check(stop: StopSignal) -> Callable[[], bool]:
    """A cancel signal (callable, Event or None) as a plain callable."""
    if stop is None:
        return lambda: False
    if isinstance(stop, threading.Event):
        return stop.is_set
    return stop


def one_ply(
    state: GameState, rng: random.Random, judge: Callable[[GameState, int], float]
) -> Action:
    """The step whose result ``judge`` rates best for the seat to move (ties at random)."""
    seat = current_player(state)
    deal = BUILDERS.sample(state, seat, rng)
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal_actions(deal):
        value = judge(apply_unchecked(deal, action), seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _chance(state: GameState, seat: int) -> float:
    return chances(state)[seat]


class BuildersPlayer:
    """A computer player of Builders: ``choose(state)`` returns one legal step.

    ``should_stop`` (a callable or a ``threading.Event``) cancels hard's
    search in progress; the answer is then the best found so far.
    ``max_iterations`` caps the search of medium and hard, for answers that
    do not depend on the machine's speed (tests).
    """

    def __init__(
        self,
        level: Level,
        seed: int | None = None,
        time_budget: float | None = None,
        max_iterations: int | None = None,
    ):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level: Level = level
        self.rng = random.Random(seed)
        budget = DEFAULT_BUDGET if time_budget is None else time_budget
        self.time_budget = min(max(budget, 0.0), MAX_BUDGET)
        self.max_iterations = max_iterations
        self.last_think = 0.0
        self.last_iterations = 0
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
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        if self.level == "easy":
            if self.rng.random() < EASY_BLUNDERS:
                return self.rng.choice(actions)
            return one_ply(state, self.rng, _chance)
        cap = self.max_iterations
        if self.level == "medium":
            cap = MEDIUM_ITERATIONS if cap is None else min(cap, MEDIUM_ITERATIONS)
        budget = self.time_budget
        if self.level == "hard":
            # A third of what was saved lengthens this decision; the rest
            # stays for later ones.
            budget = min(MAX_BUDGET, budget + max(0.0, self._bank) / 3)
        found = hard_search(state.players).run(state, self.rng, budget, cap, stop)
        self.last_iterations = found.iterations
        chosen: Action = found.action
        return chosen


def make_player(
    level: Level,
    seed: int | None = None,
    time_budget: float | None = None,
    max_iterations: int | None = None,
) -> BuildersPlayer:
    """A computer player of the given level (see :data:`LEVELS`)."""
    return BuildersPlayer(level, seed=seed, time_budget=time_budget, max_iterations=max_iterations)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "BuildersPlayer", "Level", "make_player", "one_ply"]
