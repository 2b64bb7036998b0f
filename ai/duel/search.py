"""The tough player's search: three plies over complete turns, on sampled deals.

Each candidate turn (the best few at one ply) is answered by the opponent's
most promising replies, each reply by our best next turn, and the position
after that is scored by the outlook (:data:`ai.duel.evaluate.OUTLOOK`), which
values holdings by what they are likely to score at the end. The hidden
tokens are resampled on every pass (determinization), so the value of a turn
is an average over deals that fit everything a player can see; more passes
fit in a larger time budget. A pass over the candidates is the unit of work,
and the search stops between candidates when time is up or the caller
cancels. Once the supply is empty the deeper search of :mod:`ai.duel.endgame`
takes over.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.duel.endgame import endgame_search
from ai.duel.evaluate import OUTLOOK, Evaluation
from ai.duel.greedy import rank_turns
from ai.duel.hidden import determinize
from ai.duel.turns import Turn, complete_turns, replay_steps
from engine.duel import GameState

# Candidates kept from the one-ply ranking; the rest are rarely best.
TOP_TURNS = 10
# Opponent replies scored in full after a cheap first cut (by material, which
# cannot tell placements apart, so the cut only bites on token-rich turns).
TOP_REPLIES = 40
# Replies followed to the end of our next turn.
FOLLOWED_REPLIES = 5
# Once the supply is empty the last turns are read out exactly (see ai.duel.endgame).
ENDGAME_DEPTH = 9  # turns, the deepest it tries within the budget
CAPPED_ENDGAME_DEPTH = 3
# Seconds the first pass over the candidates may take at most.
FIRST_PASS_LIMIT = 1.5


@dataclass(frozen=True, slots=True)
class SearchResult:
    turn: Turn
    value: float  # mean evaluation for the mover after the best reply
    passes: int  # how many sampled deals the value averages over


def best_turn_value(state: GameState, who: int, judge: Evaluation) -> float:
    """``who``'s evaluation after their best turn from ``state`` (one ply)."""
    if state.over:
        return judge.evaluate(state, who)
    return max(judge.evaluate(t.after, who) for t in complete_turns(state))


def reply_value(after: GameState, who: int, judge: Evaluation) -> float:
    """``who``'s value of a turn: the opponent replies, then ``who`` answers.

    The evaluation is trusted only right after the evaluated player's own move
    (its threat terms assume the other side is to move), so the line is
    searched to the end of ``who``'s next turn. Only the replies the opponent
    would rate best at one ply are followed.
    """
    if after.over:
        return judge.evaluate(after, who)
    replies = complete_turns(after)
    if len(replies) > TOP_REPLIES:
        # Material is cheap and can only rank unloads and takes, not placements.
        replies.sort(key=lambda r: judge.material(r.after, who))
        replies = replies[:TOP_REPLIES]
    rated = sorted(replies, key=lambda r: judge.evaluate(r.after, who))[:FOLLOWED_REPLIES]
    return min(best_turn_value(r.after, who, judge) for r in rated)


def search(
    state: GameState,
    rng: random.Random,
    budget: float,
    should_stop: Callable[[], bool] = lambda: False,
    max_passes: int | None = None,
    judge: Evaluation = OUTLOOK,
) -> SearchResult:
    """The best complete turn for the player to move, within ``budget`` seconds.

    ``max_passes`` also ends the search after that many sampled deals, which
    makes the answer independent of the machine's speed (tests, replays).
    ``judge`` values the positions at the end of each line.
    """
    now = time.monotonic()
    deadline = now + budget
    # The first pass may overrun a small budget (the answer needs at least one
    # reply per candidate) but never the hard limit; a cancel stops it at once.
    limit = now + max(budget, min(FIRST_PASS_LIMIT, 3 * budget))
    who = state.turn
    if not state.supply:
        deal = determinize(state, rng)
        turns = complete_turns(deal)
        if len(turns) == 1:
            return SearchResult(turns[0], 0.0, 0)
        # A capped search must not depend on the machine's speed either.
        depth = ENDGAME_DEPTH if max_passes is None else CAPPED_ENDGAME_DEPTH
        found = endgame_search(deal, turns, deadline, should_stop, depth, judge)
        if found is not None:
            return SearchResult(found, 0.0, 1)
    ranked = rank_turns(state, rng, samples=1, judge=judge)
    candidates = [turn for _, turn in ranked[:TOP_TURNS]]
    if len(candidates) == 1 or should_stop():
        return SearchResult(candidates[0], ranked[0][0], 0)
    totals = [0.0] * len(candidates)
    passes = 0
    while True:
        deal = determinize(state, rng)
        values: list[float] = []
        for turn in candidates:
            if should_stop() or time.monotonic() > (deadline if passes else limit):
                break
            values.append(reply_value(replay_steps(deal, turn.steps), who, judge))
        if len(values) < len(candidates):
            if passes == 0:
                # Candidates come best first at one ply: keep the searched prefix.
                totals, candidates = values, candidates[: len(values)] or candidates[:1]
                passes = 1 if values else 0
            break
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        passes += 1
        if should_stop() or time.monotonic() > deadline or passes == max_passes:
            break
    if not passes:
        return SearchResult(candidates[0], ranked[0][0], 0)
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return SearchResult(candidates[best], totals[best] / passes, passes)
