"""Information-set MCTS over the game contract: the search strong levels build on.

The frame is single-observer ISMCTS (Cowling, Powley and Whitehouse, IEEE
TCIAIG 2012): every iteration plays on a fresh sample of what the searching
seat cannot see (``Game.sample``), walks the tree by UCB1 over the steps legal
in that sample, where a step's exploration term counts the times it was
*available* rather than its parent's visits, adds one step, judges the
position reached and scores every step on the way for the seat that took it.

Three things go beyond the textbook search (``bench/ismcts.py``, which stays
as it is as the benchmark's yardstick), and beyond OpenSpiel's
``algorithms/ismcts.py`` where it differs:

- **Nodes are keyed by what the seat to move can see** (``Game.view`` of the
  sample for that seat), as OpenSpiel keys them by its information-state
  string. A tree keyed by the path of steps alone fuses, into one node, the
  positions after different cards were turned up, and averages over them
  steps that mean different things there (take the market card in position
  2). A position reached by two orders of the same steps is one node, too.
  Unlike OpenSpiel, a step's exploration term uses its availability count,
  so a step that is legal only in a few samples is not starved.
- **An evaluator hook** judges the leaf: by default a uniformly random
  playout to the end, but a game brings its own (a playout policy of its own,
  or a heuristic that cuts the playout short). A **prior** hook may rate a
  node's steps when it is created near the root: the best rated are tried
  first, and the rating counts as a few visits (progressive bias).
- **Rewards are numbers from the contract** (``Game.returns``, one per seat,
  or the evaluator's estimate in the same shape), never a worded result built
  on every playout.

Forced steps (a single legal step) make no node. A timed search stops early
once the most visited step at the root cannot be overtaken in the time left.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.game import AnyGame

# Judges a position the tree has just reached: one reward per seat, each in
# [0, 1] (a chance of winning), as Game.returns gives at the end.
Evaluator = Callable[[Any, random.Random], Sequence[float]]
# Rates the legal steps of a position for the seat to move, each in [0, 1];
# a step it leaves out is tried before the rated ones (a step it cannot judge).
Prior = Callable[[Any, Sequence[Any]], Mapping[Any, float]]
# What the seat to move sees of a position, as a dict key.
InfoKey = Callable[[Any, int], Hashable]

# UCB1's exploration constant for rewards in [0, 1] (the paper's value).
EXPLORATION: Final = 0.7
# How often (in iterations) a timed search asks whether it has decided.
CHECK_EVERY: Final = 16


@dataclass(frozen=True, slots=True)
class Settings:
    exploration: float = EXPLORATION
    # Nodes this many decisions deep or less ask the prior, when there is one.
    prior_depth: int = 2
    # How many visits a prior's rating counts as.
    prior_visits: float = 3.0


class Edge:
    """One step from a node: its statistics for the seat that takes it."""

    __slots__ = ("avails", "total", "visits")

    def __init__(self, visits: float = 0.0, total: float = 0.0):
        self.visits = visits
        self.total = total  # summed rewards of the seat taking the step
        self.avails = 1


class Node:
    """An information set of the seat to move, and the steps tried from it."""

    __slots__ = ("edges", "priors")

    def __init__(self) -> None:
        self.edges: dict[Any, Edge] = {}
        self.priors: Mapping[Any, float] | None = None


@dataclass(slots=True)
class Found:
    """What a search found: the step to take and what it saw of each step."""

    action: Any
    iterations: int
    # Per step at the root: (visits, mean reward for the seat to move).
    stats: dict[Any, tuple[float, float]] = field(default_factory=dict)
    decided: bool = False  # stopped early: the answer could no longer change


def random_playout(game: AnyGame) -> Evaluator:
    """The textbook evaluator: uniformly random steps to the end, then the returns."""

    def evaluate(state: Any, rng: random.Random) -> Sequence[float]:
        over, legal, step, choice = (
            game.over,
            game.legal_actions,
            game.apply_unchecked,
            rng.choice,
        )
        while not over(state):
            state = step(state, choice(legal(state)))
        return game.returns(state)

    return evaluate


class Search:
    """ISMCTS for ``game`` with an evaluator, an optional prior and settings."""

    def __init__(
        self,
        game: AnyGame,
        evaluate: Evaluator | None = None,
        prior: Prior | None = None,
        settings: Settings = Settings(),
        key: InfoKey | None = None,
    ):
        self.game = game
        self.evaluate = evaluate or random_playout(game)
        self.prior = prior
        self.settings = settings
        self.key: InfoKey = key or game.view

    def run(
        self,
        state: Any,
        rng: random.Random,
        budget: float,
        max_iterations: int | None = None,
        should_stop: Callable[[], bool] = lambda: False,
    ) -> Found:
        """The most visited step at the root for the seat to decide.

        Thinking ends after ``budget`` seconds or ``max_iterations``
        iterations, whichever comes first, or at once when ``should_stop``
        says so (after at least one iteration). A cap turns the early stop
        off, so a capped search does not depend on the machine's speed.
        """
        game = self.game
        seat = game.current_player(state)
        if seat < 0:
            raise ValueError("the game is over: there is nothing to choose")
        root_legal = list(game.legal_actions(state))
        start = time.monotonic()
        deadline = start + budget
        timed = max_iterations is None
        table: dict[tuple[int, Hashable], Node] = {}
        root = Node()
        table[seat, self.key(state, seat)] = root
        iterations = 0
        decided = False
        while True:
            self._iterate(table, game.sample(state, seat, rng), rng)
            iterations += 1
            if max_iterations is not None and iterations >= max_iterations:
                break
            if should_stop():
                break
            now = time.monotonic()
            if now >= deadline:
                break
            if timed and iterations % CHECK_EVERY == 0:
                left = iterations / max(now - start, 1e-9) * (deadline - now)
                if _decided(root, left):
                    decided = True
                    break
        stats = {
            action: (edge.visits, edge.total / edge.visits if edge.visits else 0.0)
            for action, edge in root.edges.items()
            if action in root_legal
        }
        action = max(stats, key=lambda a: stats[a][0]) if stats else root_legal[0]
        return Found(action, iterations, stats, decided)

    def _iterate(
        self, table: dict[tuple[int, Hashable], Node], deal: Any, rng: random.Random
    ) -> None:
        game, settings, key = self.game, self.settings, self.key
        path: list[tuple[Edge, int]] = []
        depth = 0
        while not game.over(deal):
            legal = game.legal_actions(deal)
            if len(legal) == 1:
                deal = game.apply_unchecked(deal, legal[0])
                continue
            mover = game.current_player(deal)
            where = (mover, key(deal, mover))
            node = table.get(where)
            if node is None:
                node = table[where] = Node()
            if node.priors is None and self.prior is not None and depth <= settings.prior_depth:
                node.priors = self.prior(deal, legal)
            edges = node.edges
            untried = []
            for action in legal:
                edge = edges.get(action)
                if edge is None:
                    untried.append(action)
                else:
                    edge.avails += 1
            if untried:
                priors = node.priors
                if priors:
                    # Unrated steps first, then the best rated.
                    action = max(untried, key=lambda a: priors.get(a, 2.0))
                    rating = priors.get(action)
                    pv = settings.prior_visits
                    edge = Edge(pv, pv * rating) if rating is not None else Edge()
                else:
                    action = untried[0] if len(untried) == 1 else rng.choice(untried)
                    edge = Edge()
                edges[action] = edge
                path.append((edge, mover))
                deal = game.apply_unchecked(deal, action)
                break
            c = settings.exploration
            best_score = -math.inf
            chosen = legal[0]
            for action in legal:
                edge = edges[action]
                score = edge.total / edge.visits + c * math.sqrt(
                    math.log(edge.avails) / edge.visits
                )
                if score > best_score:
                    best_score, chosen = score, action
            path.append((edges[chosen], mover))
            deal = game.apply_unchecked(deal, chosen)
            depth += 1
        rewards = game.returns(deal) if game.over(deal) else self.evaluate(deal, rng)
        for edge, mover in path:
            edge.visits += 1
            edge.total += rewards[mover]


def _decided(root: Node, iterations_left: float) -> bool:
    """Whether the most visited step stays so in ``iterations_left`` more."""
    top = heapq.nlargest(2, (edge.visits for edge in root.edges.values()))
    if len(top) < 2:
        return False
    return top[0] - top[1] > iterations_left


class IsmctsPlayer:
    """The plain search (random playouts) as a player of ``game``, for a game
    with no players of its own: ``choose(state)`` returns one legal step."""

    def __init__(
        self,
        game: AnyGame,
        seed: int | None = None,
        time_budget: float = 0.5,
        max_iterations: int | None = None,
    ):
        self.game = game
        self.search = Search(game)
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_iterations = max_iterations
        self.last_iterations = 0

    def choose(self, state: Any, should_stop: Any = None) -> Any:
        """One legal step; ``should_stop`` (a callable or an Event) ends the search early."""
        stop = getattr(should_stop, "is_set", should_stop) or (lambda: False)
        legal = self.game.legal_actions(state)
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        found = self.search.run(state, self.rng, self.time_budget, self.max_iterations, stop)
        self.last_iterations = found.iterations
        return found.action


__all__ = [
    "EXPLORATION",
    "Edge",
    "Evaluator",
    "Found",
    "IsmctsPlayer",
    "Node",
    "Prior",
    "Search",
    "Settings",
    "random_playout",
]
