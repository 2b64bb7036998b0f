"""The hard player's search: information-set MCTS scored by the outlook.

One tree of single steps is grown over many sampled deals (single-observer
ISMCTS, Cowling, Powley and Whitehouse 2012): each iteration deals the hidden
supply and reserve afresh from what a player at the table can see, walks the
tree by UCB1 over the steps that are legal in that deal (a step's exploration
term counts the times it was available, not its parent's visits) and adds one
step. Unlike the textbook search, the line is not played out at random to
the end of the game: random steps finish the turn and a few more turns, and
then the outlook evaluation (:data:`ai.duel.evaluate.OUTLOOK`), squashed to a
chance of winning, judges the position. Random playouts of this game are long
and say little; the outlook already knows what holdings are likely to be
worth. A finished game scores 1 or 0.

Near the root, a node rates each of its steps that ends the turn by the
outlook right after it (progressive bias): the best rated are tried first,
and the rating counts as a few visits, so the search spends little on plainly
bad placements. Once the supply is empty the exact search of
:mod:`ai.duel.endgame` takes over (:func:`hard_search`).
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from ai.duel.endgame import endgame_search
from ai.duel.evaluate import OUTLOOK, Evaluation
from ai.duel.hidden import determinize
from ai.duel.search import CAPPED_ENDGAME_DEPTH, ENDGAME_DEPTH
from ai.duel.turns import complete_turns
from engine.duel import Action, GameState, apply_unchecked, legal_actions, outcome

# Exploration constant of UCB1, for rewards between 0 and 1.
EXPLORATION: Final = 0.5
# Points of outlook margin that make a 73% chance of winning (logistic scale).
WIN_SCALE: Final = 6.0
# Random turns played after the tree's new step before the outlook judges.
PLAYOUT_TURNS: Final = 2


# Nodes this close to the root rate their steps one turn ahead when created.
PRIOR_DEPTH: Final = 2
# How many visits a step's prior rating counts as.
PRIOR_VISITS: Final = 3.0
# How often (in iterations) a timed search asks whether it has decided.
CHECK_EVERY: Final = 16


@dataclass(frozen=True, slots=True)
class Params:
    exploration: float = EXPLORATION
    win_scale: float = WIN_SCALE
    playout_turns: int = PLAYOUT_TURNS
    prior_depth: int = PRIOR_DEPTH
    prior_visits: float = PRIOR_VISITS


class Node:
    __slots__ = ("avails", "children", "mover", "priors", "total", "visits")

    def __init__(self, mover: int):
        self.mover = mover  # who took the step into this node
        self.children: dict[Action, Node] = {}
        self.visits = 0.0
        self.total = 0.0  # summed rewards for ``mover``
        self.avails = 1
        # A rating of each step from here that ends the turn, as a chance of
        # winning for the player taking it; None until rated.
        self.priors: dict[Action, float] | None = None


def _rate_steps(node: Node, deal: GameState, judge: Evaluation, scale: float) -> None:
    mover = deal.turn
    priors: dict[Action, float] = {}
    for action in legal_actions(deal):
        after = apply_unchecked(deal, action)
        if after.pending is None:
            priors[action] = _chance(judge.evaluate(after, mover), scale)
    node.priors = priors


Stop = Literal["cap", "asked", "time", "decided", "settled"]


@dataclass(frozen=True, slots=True)
class TreeResult:
    steps: tuple[Action, ...]  # the most visited line to the end of the turn
    iterations: int
    # Why thinking stopped: "decided" means the answer could no longer
    # change, "settled" that an open question closed in extra time.
    stopped: Stop = "time"


def _chance(value: float, scale: float) -> float:
    """An evaluation in points as a chance of winning."""
    if value > 30 * scale:
        return 1.0
    if value < -30 * scale:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / scale))


def _play_out(deal: GameState, rng: random.Random, turns: int) -> GameState:
    # A step that ends a turn hands over; one that does not leaves the same
    # player with a pending token step.
    while not deal.over and deal.pending is not None:
        deal = apply_unchecked(deal, rng.choice(legal_actions(deal)))
    for _ in range(turns):
        if deal.over:
            break
        deal = apply_unchecked(deal, rng.choice(legal_actions(deal)))
        while not deal.over and deal.pending is not None:
            deal = apply_unchecked(deal, rng.choice(legal_actions(deal)))
    return deal


def tree_search(
    state: GameState,
    rng: random.Random,
    budget: float,
    should_stop: Callable[[], bool] = lambda: False,
    max_iterations: int | None = None,
    judge: Evaluation = OUTLOOK,
    params: Params = Params(),
    extra: float = 0.0,
) -> TreeResult:
    """The best step for the player to move, and the rest of the turn it plans.

    Thinking stops after ``budget`` seconds, or sooner once the step most
    visited at the root cannot be overtaken in the time left (the answer
    would be the same). When time is up but the most visited step is not
    the best rated, the search goes on for up to ``extra`` seconds more, until
    the two agree. A cap of ``max_iterations`` turns both off, so a capped
    search does not depend on the machine's speed.
    """
    start = time.monotonic()
    deadline = start + budget
    timed = max_iterations is None
    root = Node(mover=-1)
    who = state.turn
    c = params.exploration
    iterations = 0
    stopped: Stop = "time"
    while True:
        deal = determinize(state, rng)
        node = root
        path = [root]
        while not deal.over:
            legal = legal_actions(deal)
            children = node.children
            untried = [a for a in legal if a not in children]
            for action in legal:
                if action in children:
                    children[action].avails += 1
            if node.priors is None and len(path) <= params.prior_depth:
                _rate_steps(node, deal, judge, params.win_scale)
            if untried:
                child = Node(mover=deal.turn)
                priors = node.priors
                if priors:
                    # Unrated steps (a token's first step) first, then the best rated.
                    action = max(untried, key=lambda a: priors.get(a, 2.0))
                    if action in priors:
                        child.visits = params.prior_visits
                        child.total = params.prior_visits * priors[action]
                else:
                    action = untried[0] if len(untried) == 1 else rng.choice(untried)
                children[action] = child
                deal = apply_unchecked(deal, action)
                path.append(child)
                break
            best_score = -math.inf
            chosen: Action = legal[0]
            for action in legal:
                child = children[action]
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avails) / child.visits
                )
                if score > best_score:
                    best_score, chosen = score, action
            node = children[chosen]
            deal = apply_unchecked(deal, chosen)
            path.append(node)
        if deal.over:
            result = outcome(deal)
            assert result is not None
            win = 1.0 if result.winner == who else 0.0
        else:
            deal = _play_out(deal, rng, params.playout_turns)
            win = _chance(judge.evaluate(deal, who), params.win_scale)
        for visited in path:
            visited.visits += 1
            visited.total += win if visited.mover == who else 1.0 - win
        iterations += 1
        if max_iterations is not None and iterations >= max_iterations:
            stopped = "cap"
            break
        if should_stop():
            stopped = "asked"
            break
        now = time.monotonic()
        if now >= deadline:
            if not timed or now >= deadline + extra:
                break
            if _settled(root):
                stopped = "settled"
                break
        elif timed and iterations % CHECK_EVERY == 0:
            left = iterations / (now - start) * (deadline - now)
            if _decided(root, left):
                stopped = "decided"
                break
    return TreeResult(_principal_line(state, root, rng), iterations, stopped)


def _decided(root: Node, iterations_left: float) -> bool:
    """Whether the most visited step stays so in ``iterations_left`` more."""
    top = heapq.nlargest(2, root.children.values(), key=lambda child: child.visits)
    if len(top) < 2:
        return bool(top)
    return top[0].visits - top[1].visits > iterations_left


def _settled(root: Node) -> bool:
    """Whether the most visited step is also the best rated one."""
    children = root.children.values()
    most = max(children, key=lambda child: child.visits, default=None)
    if most is None:
        return True
    best = most.total / most.visits
    return all(child.total / child.visits <= best for child in children)


def _principal_line(state: GameState, root: Node, rng: random.Random) -> tuple[Action, ...]:
    """The most visited steps from the root to the end of the mover's turn.

    Each step is checked against a sampled deal, so the line stays legal even
    where the tree's later steps were learnt on other deals.
    """
    deal = determinize(state, rng)
    mover = state.turn
    node = root
    steps: list[Action] = []
    while node.children and not deal.over and deal.turn == mover:
        allowed = legal_actions(deal)
        legal = [a for a in node.children if a in allowed]
        if not legal:
            break
        action = max(legal, key=lambda a: node.children[a].visits)
        steps.append(action)
        node = node.children[action]
        deal = apply_unchecked(deal, action)
        if deal.pending is None:
            break
    if not steps:
        steps.append(legal_actions(state)[0])
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class HardChoice:
    steps: tuple[Action, ...]  # the planned rest of the turn, first step first
    exact: bool  # read out by the endgame search: the whole turn can be followed


def hard_search(
    state: GameState,
    rng: random.Random,
    budget: float,
    should_stop: Callable[[], bool] = lambda: False,
    max_passes: int | None = None,
    extra: float = 0.0,
) -> HardChoice:
    """What hard plays: the endgame read out exactly, else the tree search.

    ``max_passes`` caps the sampled deals (one per iteration of the tree, or
    a shallow endgame search), so the answer does not depend on the
    machine's speed. ``extra`` is the tree search's time to settle an open
    question (:func:`tree_search`).
    """
    start = time.monotonic()
    if not state.supply:
        deal = determinize(state, rng)
        turns = complete_turns(deal)
        if len(turns) == 1:
            return HardChoice(turns[0].steps, True)
        depth = ENDGAME_DEPTH if max_passes is None else CAPPED_ENDGAME_DEPTH
        found = endgame_search(deal, turns, start + budget, should_stop, depth, OUTLOOK)
        if found is not None:
            return HardChoice(found.steps, True)
    left = max(0.0, budget - (time.monotonic() - start))
    found_steps = tree_search(state, rng, left, should_stop, max_passes, extra=extra).steps
    return HardChoice(found_steps, False)
