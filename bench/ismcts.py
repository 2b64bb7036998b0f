"""A textbook information-set MCTS, as an outside yardstick for the benchmark.

Single-observer ISMCTS as Cowling, Powley and Whitehouse describe it
("Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), with nothing
added for this game:

- every iteration samples a fresh deal of the hidden supply and reserve that
  fits what the searching player sees (``ai.determinize``);
- one tree of single steps, shared by all deals: a node is reached by a
  sequence of steps, whatever was dealt in between;
- UCB1 where a child's exploration term counts the times it was *available*
  (legal in the sampled deal) rather than its parent's visits;
- a uniformly random playout to the end of the game, reward 1 for a win and
  0 for a loss (the engine's tie rule leaves no draws), seen from the player
  who took the step into each node;
- thinking stops after a time budget, or an iteration cap for tests.

The computer levels of :mod:`ai` never use this module; only the benchmark
and its tests do.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ai.duel import determinize
from engine.duel import Action, GameState, apply_unchecked, legal_actions, outcome

# The exploration constant used in the paper's experiments.
EXPLORATION = 0.7


class Node:
    __slots__ = ("avails", "children", "mover", "visits", "wins")

    def __init__(self, mover: int):
        self.mover = mover  # who took the step into this node
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avails = 1


def _select(node: Node, legal: list[Action]) -> tuple[Action, Node]:
    """The available child with the best UCB1 score; counts availability."""
    best: tuple[Action, Node] | None = None
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


def ismcts(
    state: GameState,
    rng: random.Random,
    budget: float,
    max_iterations: int | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> tuple[Action, int]:
    """The most visited step at the root, and the iterations run."""
    deadline = time.monotonic() + budget
    root = Node(mover=-1)
    iterations = 0
    while True:
        deal = determinize(state, rng)
        node = root
        path = [root]
        # Selection: down the tree while every legal step has a child.
        while not deal.over:
            legal = legal_actions(deal)
            untried = [a for a in legal if a not in node.children]
            if untried:
                # Expansion: one new child; the others still count as available.
                for action in legal:
                    if action in node.children:
                        node.children[action].avails += 1
                action = rng.choice(untried)
                child = Node(mover=deal.turn)
                node.children[action] = child
                deal = apply_unchecked(deal, action)
                path.append(child)
                break
            action, node = _select(node, legal)
            deal = apply_unchecked(deal, action)
            path.append(node)
        # Simulation: uniformly random steps to the end.
        while not deal.over:
            deal = apply_unchecked(deal, rng.choice(legal_actions(deal)))
        result = outcome(deal)
        assert result is not None
        # Backpropagation, each node scored for the player who stepped into it.
        for visited in path:
            visited.visits += 1
            if visited.mover == result.winner:
                visited.wins += 1.0
        iterations += 1
        if max_iterations is not None and iterations >= max_iterations:
            break
        if should_stop() or time.monotonic() >= deadline:
            break
    action = max(root.children, key=lambda a: root.children[a].visits)
    return action, iterations


class IsmctsPlayer:
    """The baseline as a player: ``choose(state)`` returns one legal step."""

    def __init__(
        self, seed: int | None = None, time_budget: float = 0.5, max_iterations: int | None = None
    ):
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_iterations = max_iterations
        self.last_iterations = 0

    def choose(self, state: GameState, should_stop: Callable[[], bool] | None = None) -> Action:
        legal = legal_actions(state)
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        if len(legal) == 1:
            return legal[0]
        action, self.last_iterations = ismcts(
            state,
            self.rng,
            self.time_budget,
            self.max_iterations,
            should_stop or (lambda: False),
        )
        return action
