"""A textbook information-set MCTS over the game contract, for any game.

Single-observer ISMCTS as Cowling, Powley and Whitehouse describe it
("Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), with nothing
added for any game:

- every iteration plays on a fresh sample of what the searching seat cannot
  see (``Game.sample``), never on the real hidden order;
- one tree of single steps, shared by all samples: a node is reached by a
  sequence of steps, whatever was dealt in between;
- UCB1 where a child's exploration term counts the times it was *available*
  (legal in the sample) rather than its parent's visits;
- a uniformly random playout to the end of the game, scored from the seat
  that took the step into each node: 1 for a win, a shared victory split
  among its winners, 0 for a loss;
- thinking stops after a time budget, or an iteration cap for tests.

It is the benchmark's outside yardstick (``bench/ismcts.py``) and the computer
player of a game without players of its own (:mod:`ai.players`); the computer
levels of :mod:`ai.duel` do not use it.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

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


def _rewards(game: AnyGame, end: Any, seats: int) -> list[float]:
    result = game.result(end, [""] * seats)
    assert result is not None, "a playout ends with the game"
    share = 1.0 / len(result.winners)
    rewards = [0.0] * seats
    for winner in result.winners:
        rewards[winner] = share
    return rewards


def ismcts(
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
    seats = len(game.totals(state))
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
        rewards = _rewards(game, deal, seats)
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


class IsmctsPlayer:
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
            return legal[0]
        action, self.last_iterations = ismcts(
            self.game,
            state,
            self.rng,
            self.time_budget,
            self.max_iterations,
            should_stop or (lambda: False),
        )
        return action


__all__ = ["EXPLORATION", "IsmctsPlayer", "ismcts"]
