"""The benchmark's outside yardstick: a textbook information-set MCTS, for any game.

Single-observer ISMCTS as Cowling, Powley and Whitehouse describe it
("Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), with nothing
added for any game, and kept so on purpose: the product's own search
(:mod:`ai.ismcts`) improves, this one stays the fixed measure it is compared
against. It reaches the rules only through the game contract:

- every iteration plays on a fresh sample of what the searching seat cannot
  see (``Game.sample``), never on the real hidden order;
- one tree of single steps, shared by all samples: a node is reached by a
  sequence of steps, whatever was dealt in between;
- UCB1 where a child's exploration term counts the times it was *available*
  (legal in the sample) rather than its parent's visits;
- a uniformly random playout to the end of the game, each node scored by
  ``Game.returns`` for the seat that took the step into it (1 for a win, a
  shared victory split among its winners, 0 for a loss);
- thinking stops after a time budget, or an iteration cap for tests.

``ismcts`` and ``IsmctsPlayer`` play the Duel (the names ``bench/ai_bench.py``
and its tests use); :func:`search` and :class:`TextbookPlayer` take any game.
"""

from __future__ import annotations

import math
import random
import sys
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.duel import Action, GameState
from engine.duel.game import DUEL
from engine.game import AnyGame

# The exploration constant used in the paper's experiments.
EXPLORATION = 0.7


class Node:
    __slots__ = ("avails", "children", "mover", "visits", "wins")

    def __init__(self, mover: int):
        self.mover = mover  # who took the step into this node
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avails = 1


def _select(node: Node, legal: Sequence[Any]) -> tuple[Any, Node]:
    """The available child with the best UCB1 score; counts availability."""
    best: tuple[Any, Node] | None = None
    best_score = -math.inf
    for action in legal:
        child = node.children[action]
        child.avails += 1
        score = child.wins / child.visits + EXPLORATION * math.sqrt(
            math.log(child.avails) / child.visits
        )
        if score > best_score:
            best_score, best = score, (action, child)
    assert best is not None
    return best


def search(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    budget: float,
    max_iterations: int | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> tuple[Any, int]:
    """The most visited step at the root for the seat to decide, and the iterations run."""
    seat = game.current_player(state)
    if seat < 0:
        raise ValueError("the game is over: there is nothing to choose")
    deadline = time.monotonic() + budget
    root = Node(mover=-1)
    iterations = 0
    while True:
        deal = game.sample(state, seat, rng)
        node = root
        path = [root]
        # Selection: down the tree while every legal step has a child.
        while not game.over(deal):
            legal = game.legal_actions(deal)
            untried = [a for a in legal if a not in node.children]
            if untried:
                # Expansion: one new child; the others still count as available.
                for action in legal:
                    if action in node.children:
                        node.children[action].avails += 1
                action = rng.choice(untried)
                child = Node(mover=game.current_player(deal))
                node.children[action] = child
                deal = game.apply_unchecked(deal, action)
                path.append(child)
                break
            action, node = _select(node, legal)
            deal = game.apply_unchecked(deal, action)
            path.append(node)
        # Simulation: uniformly random steps to the end.
        while not game.over(deal):
            deal = game.apply_unchecked(deal, rng.choice(game.legal_actions(deal)))
        rewards = game.returns(deal)
        # Backpropagation, each node scored for the seat that stepped into it.
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.wins += rewards[visited.mover]
        iterations += 1
        if max_iterations is not None and iterations >= max_iterations:
            break
        if should_stop() or time.monotonic() >= deadline:
            break
    action = max(root.children, key=lambda a: root.children[a].visits)
    return action, iterations


class TextbookPlayer:
    """The search as a player of ``game``: ``choose(state)`` returns one legal step."""

    def __init__(
        self,
        game: AnyGame,
        seed: int | None = None,
        time_budget: float = 0.5,
        max_iterations: int | None = None,
    ):
        self.game = game
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_iterations = max_iterations
        self.last_iterations = 0

    def choose(
        self, state: Any, should_stop: Callable[[], bool] | threading.Event | None = None
    ) -> Any:
        """One legal step; ``should_stop`` (a callable or an Event) ends the search early."""
        if isinstance(should_stop, threading.Event):
            should_stop = should_stop.is_set
        legal = self.game.legal_actions(state)
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        action, self.last_iterations = search(
            self.game,
            state,
            self.rng,
            self.time_budget,
            self.max_iterations,
            should_stop or (lambda: False),
        )
        return action


def ismcts(
    state: GameState,
    rng: random.Random,
    budget: float,
    max_iterations: int | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> tuple[Action, int]:
    """The Duel: the most visited step at the root, and the iterations run."""
    action, iterations = search(DUEL, state, rng, budget, max_iterations, should_stop)
    chosen: Action = action
    return chosen, iterations


class IsmctsPlayer(TextbookPlayer):
    """The baseline playing the Duel: ``choose(state)`` returns one legal step."""

    def __init__(
        self, seed: int | None = None, time_budget: float = 0.5, max_iterations: int | None = None
    ):
        super().__init__(DUEL, seed=seed, time_budget=time_budget, max_iterations=max_iterations)
