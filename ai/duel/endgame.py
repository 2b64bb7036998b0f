"""Deeper search once the supply is empty.

With no refills left, nothing hidden can change an unload any more (only a
*Take 1 token* still turns up a reserve token), so the last turns can be read
out like a game of perfect information. Close games are decided here: which
boat leaves last, who keeps meeples on the grid. Alpha-beta over complete
turns, deepened one full round at a time while the time lasts.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ai.duel.evaluate import Evaluation
from ai.duel.turns import Turn, complete_turns
from engine.duel import GameState


class _OutOfTime(Exception):
    pass


class _Horizon:
    """Whether a search cut any line short of the game's end."""

    __slots__ = ("reached",)

    def __init__(self) -> None:
        self.reached = False


def _value(
    state: GameState,
    depth: int,
    alpha: float,
    beta: float,
    who: int,
    expired: Callable[[], bool],
    judge: Evaluation,
    horizon: _Horizon,
) -> float:
    # The evaluation is read right after a turn, from ``who``'s side.
    if state.over:
        return judge.evaluate(state, who)
    if depth == 0:
        horizon.reached = True
        return judge.evaluate(state, who)
    if expired():
        raise _OutOfTime
    turns = complete_turns(state)
    maximizing = state.turn == who
    # Cheap move ordering: the one-ply view of each turn.
    scored = sorted(
        ((judge.evaluate(t.after, who), t) for t in turns),
        key=lambda pair: pair[0],
        reverse=maximizing,
    )
    if depth == 1:
        if not all(t.after.over for _, t in scored):
            horizon.reached = True
        return scored[0][0]
    best = -float("inf") if maximizing else float("inf")
    for _, turn in scored:
        value = _value(turn.after, depth - 1, alpha, beta, who, expired, judge, horizon)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def endgame_search(
    deal: GameState,
    candidates: list[Turn],
    deadline: float,
    should_stop: Callable[[], bool],
    max_depth: int,
    judge: Evaluation,
) -> Turn | None:
    """The best of ``candidates`` by the deepest search finished in time.

    ``deal`` is a sampled position (its reserve order is a guess); depths grow
    by two so every line ends after the searching player's own turn, up to
    ``max_depth`` turns. None if not even the shallowest search finished.
    Deepening stops once a search reached the end of every line it read:
    a deeper one would read the same lines.
    """
    who = deal.turn

    def expired() -> bool:
        return should_stop() or time.monotonic() > deadline

    best: Turn | None = None
    order = list(candidates)
    for depth in range(3, max_depth + 1, 2):
        horizon = _Horizon()
        try:
            values = []
            alpha = -float("inf")
            for turn in order:
                value = _value(
                    turn.after, depth - 1, alpha, float("inf"), who, expired, judge, horizon
                )
                values.append((value, turn))
                alpha = max(alpha, value)
        except _OutOfTime:
            break
        values.sort(key=lambda pair: pair[0], reverse=True)
        order = [turn for _, turn in values]
        best = order[0]
        if not horizon.reached:
            break
    return best
