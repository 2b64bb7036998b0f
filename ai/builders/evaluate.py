"""How a Builders position looks for each seat: points expected at the end.

The engine's score says what each seat would have if the game ended now. The
outlook adds what the seat's position is still likely to bring: a weighed sum
of a few things every seat can see (:data:`FEATURES`). The weights
(:data:`GAINS`) are the points each of them brought by the end, on average,
in games the computer played against itself, fitted for each table size and
round by ``bench/builders_fit.py``, which prints them again from fresh games
together with how well they predict the winner. Nothing hidden is read (the
market deck and the round cards to come).

:func:`chances` turns the outlooks into a chance of winning for each seat (a
softmax whose temperature, fitted alongside, shrinks as the game nears its
end), the shape of ``Game.returns``, so that the search can cut a playout
short with it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from engine.builders.cards import CARD_COLOUR
from engine.builders.scoring import PlayerScore, score
from engine.builders.setup import temple_width
from engine.builders.sites import ROUNDS
from engine.builders.state import GameState

FEATURES: Final = (
    "temple top stones x round ends to come",
    "stones on ships yet to sail",
    "stones on the sled",
    "stones in the quarry, up to 5",
    "decoration cards x rounds left",
    "statues",
    "tools (blue cards)",
    "wrath (not yet at every monument)",
    "to move",
    "next to move",
)
QUARRY_CAP: Final = 5
# The two features of whose turn it is: a hint weighs a step without them,
# since every step hands the turn on.
TEMPO: Final = slice(8, 10)

# Points per feature, for each table size and round (1 to 6); fitted by
# bench/builders_fit.py on 920 games of medium against itself.
GAINS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    2: (
        (-0.13, 0.71, -0.22, 7.98, 0.12, 0.56, 0.42, 4.49, 1.02, 0.58),
        (0.21, 1.41, 0.37, 5.66, 0.51, 0.91, -0.28, 5.63, 0.88, 0.25),
        (0.18, 1.51, 0.37, 4.26, 0.56, 1.02, 0.32, 4.96, 0.78, 0.07),
        (0.14, 1.31, 0.22, 2.98, 0.48, 0.62, 1.06, 4.03, 0.63, -0.03),
        (0.18, 1.23, 0.19, 2.61, 0.53, 0.29, 0.84, 3.54, -1.24, -1.78),
        (0.0, 1.31, 0.32, 0.71, 0.84, 0.07, -0.04, 2.3, -0.42, -1.02),
    ),
    3: (
        (0.1, 1.22, 0.08, 6.0, 0.3, 1.16, -0.9, 5.06, 0.75, 0.31),
        (0.29, 2.07, 0.54, 4.0, 0.52, 1.11, -0.13, 5.32, 1.13, 0.59),
        (0.31, 1.82, 0.4, 2.98, 0.51, 0.39, 0.27, 5.35, 0.92, 0.47),
        (0.33, 1.82, 0.46, 1.88, 0.59, 0.34, 0.11, 4.48, 1.0, 0.46),
        (0.25, 1.54, 0.28, 1.02, 0.66, 0.29, 0.13, 4.14, 0.86, 0.42),
        (0.0, 1.42, 0.43, -0.04, 0.84, 0.14, 0.07, 2.9, 0.84, 0.4),
    ),
    4: (
        (0.23, 2.24, 0.41, 4.77, 0.65, -0.31, 0.17, 4.35, 1.17, 0.68),
        (0.4, 2.14, 0.53, 3.2, 0.72, 0.98, 0.66, 4.51, 1.05, 0.66),
        (0.38, 2.18, 0.46, 2.12, 0.71, 0.88, 0.73, 4.77, 1.05, 0.62),
        (0.25, 1.95, 0.46, 1.36, 0.65, 0.66, 0.31, 4.96, 0.98, 0.56),
        (-0.03, 1.66, 0.33, 0.75, 0.72, 0.34, 0.15, 4.06, 0.86, 0.5),
        (0.0, 1.43, 0.4, -0.12, 1.01, 0.22, 0.07, 2.31, 0.78, 0.45),
    ),
}
# The softmax temperature, in points, for each table size and round.
TEMPERATURES: Final[dict[int, tuple[float, ...]]] = {
    2: (30.0, 20.0, 10.0, 6.0, 4.0, 2.0),
    3: (30.0, 30.0, 25.0, 6.0, 4.0, 2.0),
    4: (30.0, 25.0, 12.0, 6.0, 5.0, 2.5),
}


def horizon(state: GameState) -> float:
    """Rounds of play left, counting the ships of this round still to sail."""
    if state.over:
        return 0.0
    unsailed = sum(1 for site in state.docked if site < 0)
    return ROUNDS - state.round + unsailed / max(1, len(state.docked))


def features(state: GameState, scores: Sequence[PlayerScore] | None = None) -> list[list[float]]:
    """Each seat's :data:`FEATURES`, in that order."""
    if scores is None:
        scores = score(state)
    n = state.players
    later = ROUNDS - state.round  # round ends to come after this one's
    left = horizon(state)
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for owner in state.temple[-temple_width(state) :]:
        rows[owner][0] += later
    for ship, site in zip(state.ships, state.docked, strict=True):
        if site < 0:
            for owner in ship:
                if owner >= 0:
                    rows[owner][1] += 1.0
    mover = state.turn
    for seat, row in enumerate(rows):
        row[2] = state.sled[seat]
        row[3] = min(state.quarry[seat], QUARRY_CAP)
        colours = [CARD_COLOUR[card] for card in state.held[seat]]
        row[4] = left * colours.count("green")
        row[5] = colours.count("purple")
        row[6] = colours.count("blue")
        row[7] = 1.0 if scores[seat].wrath else 0.0
        row[8] = 1.0 if seat == mover else 0.0
        row[9] = 1.0 if seat == (mover + 1) % n else 0.0
    return rows


def outlook(state: GameState, tempo: bool = True) -> list[float]:
    """Each seat's points expected at the end of the game; without the worth
    of whose turn it is when ``tempo`` is false."""
    scores = score(state)
    values = [float(s.total) for s in scores]
    if state.over:
        return values
    gains = GAINS[state.players][state.round - 1]
    if not tempo:
        gains = gains[: TEMPO.start]
    for seat, row in enumerate(features(state, scores)):
        values[seat] += sum(g * x for g, x in zip(gains, row, strict=False))
    return values


def chances(state: GameState) -> tuple[float, ...]:
    """Each seat's chance of winning, from the outlooks; they add up to 1."""
    values = outlook(state)
    if state.over:
        temperature = TEMPERATURES[state.players][-1] / 2
    else:
        temperature = TEMPERATURES[state.players][state.round - 1]
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


__all__ = ["FEATURES", "GAINS", "TEMPERATURES", "chances", "features", "horizon", "outlook"]
