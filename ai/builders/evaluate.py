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
short with it. The temperature is one smooth curve over the game, not a
value per round: a search compares positions on both sides of a round's end.
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
# bench/builders_fit.py on 1,380 games of medium against itself.
GAINS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    2: (
        (-0.09, 0.9, -0.16, 7.82, 0.05, 0.45, -0.35, 4.54, 1.02, 0.54),
        (0.12, 1.38, 0.34, 5.7, 0.44, 1.12, -0.12, 5.22, 0.89, 0.26),
        (0.09, 1.42, 0.41, 4.3, 0.52, 1.14, -0.03, 4.27, 0.77, 0.08),
        (0.13, 1.3, 0.24, 2.96, 0.46, 0.67, 0.42, 3.92, 0.62, -0.03),
        (0.27, 1.22, 0.16, 2.58, 0.45, 0.37, 0.23, 4.39, -1.13, -1.71),
        (0.0, 1.47, 0.41, 0.55, 0.82, 0.16, -0.01, 2.6, -0.24, -0.91),
    ),
    3: (
        (0.12, 1.68, 0.25, 5.77, 0.53, -0.0, -0.43, 4.8, 0.88, 0.4),
        (0.29, 1.95, 0.5, 4.0, 0.69, 1.14, 0.19, 4.89, 1.07, 0.53),
        (0.24, 1.9, 0.52, 2.89, 0.63, 0.58, 0.2, 4.75, 0.97, 0.5),
        (0.26, 1.93, 0.51, 1.89, 0.6, 0.23, -0.18, 4.12, 1.03, 0.48),
        (0.22, 1.64, 0.36, 0.96, 0.61, 0.25, 0.09, 3.97, 0.91, 0.44),
        (0.0, 1.42, 0.39, -0.02, 0.89, 0.05, 0.02, 2.37, 0.83, 0.4),
    ),
    4: (
        (0.2, 2.51, 0.62, 4.62, 0.53, -0.24, -0.29, 4.38, 1.28, 0.74),
        (0.38, 2.26, 0.6, 3.15, 0.73, 1.19, 0.32, 4.38, 1.1, 0.66),
        (0.33, 2.2, 0.51, 2.15, 0.65, 1.09, 0.26, 4.55, 1.07, 0.64),
        (0.29, 1.96, 0.42, 1.38, 0.6, 0.73, 0.09, 4.75, 0.99, 0.58),
        (0.1, 1.66, 0.36, 0.71, 0.66, 0.37, 0.09, 3.76, 0.88, 0.52),
        (0.0, 1.46, 0.34, -0.08, 1.01, 0.16, 0.13, 2.11, 0.8, 0.44),
    ),
}
# The softmax temperature, in points, for each table size: (at the end,
# growth per round left); it shrinks smoothly as the game nears its end.
TEMPERATURE: Final[dict[int, tuple[float, float]]] = {
    2: (1.25, 0.7),
    3: (1.25, 0.7),
    4: (1.5, 0.6),
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


def softness(state: GameState) -> float:
    """The softmax temperature of :func:`chances`, in points: how far apart two
    seats' outlooks must be for the chances to differ clearly."""
    at_end, growth = TEMPERATURE[state.players]
    return at_end * math.exp(growth * horizon(state))


def chances(state: GameState, softest: float = math.inf) -> tuple[float, ...]:
    """Each seat's chance of winning, from the outlooks; they add up to 1.

    ``softest`` caps the temperature: a search wants the chances of its
    positions to differ by more than its exploration's noise even early in
    the game, where honest chances barely move.
    """
    values = outlook(state)
    temperature = min(softness(state), softest)
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


__all__ = [
    "FEATURES",
    "GAINS",
    "TEMPERATURE",
    "chances",
    "features",
    "horizon",
    "outlook",
    "softness",
]
