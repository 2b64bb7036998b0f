"""How a Builders position looks for each seat: points expected at the end.

The engine's score says what each seat would have if the game ended now. The
outlook adds what the seat's stones and cards are likely still to bring
while ships still sail: stones on a ship are about to be delivered, stones on
the sled can be placed, the temple's top stones score again at every round
end to come, a decoration card grows with its site, and the Wrath of the
Pharaoh's penalty can still be avoided early in the game. Nothing hidden is
read (the market deck and the round cards to come): only what every seat
sees.

:func:`chances` turns the outlooks into a chance of winning for each seat (a
softmax whose temperature shrinks as the game nears its end), the shape of
``Game.returns``, so that the search can cut a playout short with it.
"""

from __future__ import annotations

import math
from typing import Final

from engine.builders.cards import CARD_COLOUR
from engine.builders.scoring import score
from engine.builders.setup import temple_width
from engine.builders.sites import ROUNDS
from engine.builders.state import GameState

# Points a stone is worth, on average, once delivered somewhere; a stone on a
# ship is nearly there, one on the sled needs a turn to be placed first.
SHIP_STONE: Final = 1.3
SLED_STONE: Final = 0.7
QUARRY_STONE: Final = 0.15
# A temple top stone scores again at each round end to come, unless covered.
TEMPLE_TOP: Final = 0.6
# A decoration card: points per round of play left (its site keeps growing).
GREEN_GROWTH: Final = 0.5
# Softmax temperature, in points: uncertainty left at the end and per round.
TEMPERATURE_END: Final = 1.5
TEMPERATURE_ROUND: Final = 2.2


def horizon(state: GameState) -> float:
    """Rounds of play left, counting the ships of this round still to sail."""
    if state.over:
        return 0.0
    unsailed = sum(1 for site in state.docked if site < 0)
    return ROUNDS - state.round + unsailed / max(1, len(state.docked))


def outlook(state: GameState) -> list[float]:
    """Each seat's points expected at the end of the game."""
    scores = score(state)
    if state.over:
        return [float(s.total) for s in scores]
    n = state.players
    left = horizon(state)
    later = ROUNDS - state.round  # round ends to come after this one's
    reach = min(1.0, left)  # a stone far from a ship may not make it in time
    values = [float(s.total) for s in scores]
    for owner in state.temple[-temple_width(state) :]:
        values[owner] += TEMPLE_TOP * later
    for ship, site in zip(state.ships, state.docked, strict=True):
        if site < 0:
            for owner in ship:
                if owner >= 0:
                    values[owner] += SHIP_STONE
    for seat in range(n):
        values[seat] += reach * (
            SLED_STONE * state.sled[seat] + QUARRY_STONE * min(state.quarry[seat], 3 * later + 3)
        )
        greens = sum(1 for card in state.held[seat] if CARD_COLOUR[card] == "green")
        values[seat] += GREEN_GROWTH * greens * left
        wrath = scores[seat].wrath
        if wrath:
            # Early on the penalty is likely to be avoided; late, it is not.
            values[seat] -= wrath * min(1.0, left / 3)
    return values


def chances(state: GameState) -> tuple[float, ...]:
    """Each seat's chance of winning, from the outlooks; they add up to 1."""
    values = outlook(state)
    temperature = TEMPERATURE_END + TEMPERATURE_ROUND * horizon(state)
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def margin(state: GameState, seat: int) -> float:
    """``seat``'s outlook ahead of the best other seat's, in points."""
    values = outlook(state)
    mine = values[seat]
    return mine - max(v for who, v in enumerate(values) if who != seat)


__all__ = ["chances", "horizon", "margin", "outlook"]
