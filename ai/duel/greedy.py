"""One-ply players: choose the complete turn whose result evaluates best.

*Medium* looks at every way to finish its turn and scores the outcome with the
score-now evaluation (:data:`ai.duel.evaluate.SCORE`), averaged over a few samples
of the hidden tokens (refills after an unload are unknown). *Easy* scores
only the immediate points and adds noise, so it grabs visible gains but
misses set-ups and gifts.
"""

from __future__ import annotations

import random

from ai.duel.evaluate import SCORE, Evaluation, material
from ai.duel.hidden import determinize
from ai.duel.turns import Turn, complete_turns, replay_steps
from engine.duel import GameState

MEDIUM_SAMPLES = 2
EASY_NOISE = 2.5  # standard deviation, in points
EASY_BLUNDER = 0.15  # chance of a random complete turn


def rank_turns(
    state: GameState, rng: random.Random, samples: int, judge: Evaluation = SCORE
) -> list[tuple[float, Turn]]:
    """Every complete turn with its mean full evaluation, best first."""
    who = state.turn
    first = determinize(state, rng)
    turns = complete_turns(first)
    totals = [judge.evaluate(t.after, who) for t in turns]
    for _ in range(samples - 1):
        other = determinize(state, rng)
        for i, turn in enumerate(turns):
            totals[i] += judge.evaluate(replay_steps(other, turn.steps), who)
    ranked = [(total / samples, turn) for total, turn in zip(totals, turns, strict=True)]
    ranked.sort(key=lambda pair: pair[0], reverse=True)
    return ranked


def medium_choice(state: GameState, rng: random.Random) -> Turn:
    return rank_turns(state, rng, MEDIUM_SAMPLES)[0][1]


def easy_choice(state: GameState, rng: random.Random) -> Turn:
    who = state.turn
    turns = complete_turns(determinize(state, rng))
    if rng.random() < EASY_BLUNDER:
        return rng.choice(turns)
    return max(turns, key=lambda t: material(t.after, who) + rng.gauss(0.0, EASY_NOISE))
