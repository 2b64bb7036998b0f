"""How a Builders position looks for each seat: points expected at the end.

The engine's score says what each seat would have if the game ended now. The
outlook adds what the seat's position is still likely to bring: a weighed sum
of a few things every seat can see (:data:`FEATURES`). Some of them correct
the score itself where it is not yet settled: the obelisks' places change
hands all game long, so the points a place gives now are only partly kept (a
round-one lead of a stone is worth about nothing by the end), and a visible
temple stone that the next stones cover scores no more. The weights
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
from engine.builders.setup import boards_of, temple_width
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
    "stones on the burial chamber's open edge",
    "visible temple stones the next two will cover",
    "obelisk height over the tallest other, -3 to 3",
    "obelisk points now",
    "to move",
    "next to move",
)
QUARRY_CAP: Final = 5
OBELISK_CAP: Final = 3
# The temple's visible stones that count as about to be covered: those the
# next two stones to the temple land on.
COVERED_NEXT: Final = 2
# The two features of whose turn it is: a hint weighs a step without them,
# since every step hands the turn on.
TEMPO: Final = slice(12, 14)

# Points per feature, for each table size and round (1 to 6); fitted by
# bench/builders_fit.py on 900 games of medium against itself.
GAINS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    2: (
        (0.04, 0.65, -0.15, 8.75, 0.17, -2.25, 0.21, 4.73, -0.52, -0.97, 1.62, -1.18, 0.98, 0.77),
        (0.1, 1.09, 0.25, 7.26, 0.22, -0.89, -0.56, 5.25, 0.72, -1.07, 1.75, -1.16, 0.92, 0.54),
        (0.18, 1.3, 0.51, 5.37, 0.31, -0.11, -0.32, 4.84, 0.69, -0.67, 1.22, -0.97, 0.75, 0.32),
        (0.26, 1.17, 0.27, 3.92, 0.37, -0.08, -0.33, 4.55, 0.88, -0.74, 1.17, -0.87, 0.62, 0.16),
        (0.16, 0.96, 0.22, 2.7, 0.45, -0.14, -0.34, 4.06, 0.53, -0.67, 0.9, -0.66, 0.23, -0.18),
        (0.0, 1.34, 0.34, 0.77, 1.06, -0.2, -0.35, 3.26, 0.5, -0.49, 0.55, -0.36, 0.19, -0.35),
    ),
    3: (
        (-0.15, 0.65, -0.01, 7.25, 0.23, -0.9, -0.49, 4.63, -0.69, 0.0, 1.02, -1.08, 0.23, 0.11),
        (-0.06, 1.35, 0.36, 5.83, 0.31, 0.23, 0.07, 4.73, 0.36, -0.96, 0.93, -0.98, 0.57, 0.31),
        (0.07, 1.48, 0.41, 4.4, 0.47, 0.67, 0.13, 4.31, 0.54, -1.05, 1.06, -0.86, 0.69, 0.36),
        (0.1, 1.61, 0.45, 2.86, 0.54, 0.48, 0.16, 4.07, 0.41, -0.82, 0.57, -0.59, 0.77, 0.35),
        (0.17, 1.49, 0.39, 1.71, 0.63, 0.21, 0.23, 4.1, 0.39, -0.81, 0.61, -0.49, 0.79, 0.37),
        (0.0, 1.4, 0.38, 0.34, 0.99, 0.1, 0.2, 3.03, 0.39, -0.49, 0.44, -0.27, 0.82, 0.39),
    ),
    4: (
        (-0.16, 0.47, 0.11, 6.39, 0.15, -0.6, -1.07, 4.48, -0.8, 0.0, 0.54, -1.02, 0.14, 0.11),
        (-0.03, 1.03, 0.29, 5.14, 0.5, 0.28, -0.5, 4.51, 0.29, -0.58, 0.7, -0.86, 0.45, 0.28),
        (0.05, 1.58, 0.52, 3.79, 0.51, 0.38, 0.11, 4.64, 0.37, -0.43, 0.95, -0.78, 0.68, 0.41),
        (0.03, 1.65, 0.51, 2.73, 0.54, 0.23, -0.19, 4.05, 0.65, -0.46, 0.91, -0.67, 0.77, 0.44),
        (0.04, 1.47, 0.39, 1.7, 0.63, 0.21, -0.05, 3.53, 0.37, -0.65, 0.77, -0.5, 0.75, 0.44),
        (0.0, 1.48, 0.36, 0.44, 1.02, 0.07, 0.01, 2.19, 0.29, -0.55, 0.5, -0.26, 0.82, 0.47),
    ),
}
# The softmax temperature, in points, for each table size: (at the end,
# growth per round left); it shrinks smoothly as the game nears its end.
TEMPERATURE: Final[dict[int, tuple[float, float]]] = {
    2: (1.5, 0.35),
    3: (1.75, 0.2),
    4: (1.75, 0.3),
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
    width = temple_width(state)
    top = state.temple[-width:]
    for owner in top:
        rows[owner][0] += later
    if len(state.temple) >= width:
        for owner in top[:COVERED_NEXT]:
            rows[owner][9] += 1.0
    # The chamber fills column by column, so the next column's spaces lie
    # beside its last `rows` stones: the ones a group can still grow from.
    for owner in state.chamber[-boards_of(state).chamber.rows :]:
        rows[owner][8] += 1.0
    for ship, site in zip(state.ships, state.docked, strict=True):
        if site < 0:
            for owner in ship:
                if owner >= 0:
                    rows[owner][1] += 1.0
    mover = state.turn
    heights = state.obelisks
    for seat, row in enumerate(rows):
        row[2] = state.sled[seat]
        row[3] = min(state.quarry[seat], QUARRY_CAP)
        colours = [CARD_COLOUR[card] for card in state.held[seat]]
        row[4] = left * colours.count("green")
        row[5] = colours.count("purple")
        row[6] = colours.count("blue")
        row[7] = 1.0 if scores[seat].wrath else 0.0
        tallest_other = max(h for other, h in enumerate(heights) if other != seat)
        lead = heights[seat] - tallest_other
        row[10] = float(max(-OBELISK_CAP, min(OBELISK_CAP, lead)))
        row[11] = scores[seat].obelisks
        row[12] = 1.0 if seat == mover else 0.0
        row[13] = 1.0 if seat == (mover + 1) % n else 0.0
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
