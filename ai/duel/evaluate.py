"""How good a position is for one player, in points.

The base is the difference in monument points: as they stand (the score if
the game ended now), or as they are likely to end (:mod:`ai.duel.outlook`).
Positional terms correct what that misses: held action tokens are worth more
than their end point while they can still be played, and the player to move
can often cash in an unload that is ready now (the *threat*), which a score
alone cannot see.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from msgspec.structs import replace

from ai.duel.outlook import outlook
from engine.duel import (
    GameState,
    Player,
    Sides,
    apply_unchecked,
    hand_out,
    outcome,
    supply_after_unload,
    unload_ends_game,
    unloadable_boats,
)
from engine.duel.actions import UNLOADS
from engine.duel.scoring import chamber_points, obelisk_points, pyramid_points, temple_points

# A finished game is worth more than any points margin, so search prefers a
# narrow win to a wide loss.
WIN: Final = 1000.0

# An action token still in hand: its final point plus the turn it can make.
TOKEN_EXTRA: Final = 0.5
# The mover can take the best ready unload, but may prefer something else.
THREAT_WEIGHT: Final = 0.3
# The other player's ready unloads wait for their next turn, unless the mover
# spoils them first.
WAITING_WEIGHT: Final = 0.6
# Refills left below which the end is near: held tokens lose their extra
# turn and meeples on the grid start to count as the points they will score.
LATE_SUPPLY: Final = 9.0


@lru_cache(maxsize=1 << 16)
def _monuments(sides: Sides, player: Player) -> int:
    # Search scores the same holdings over and over (most unloads leave one
    # player's boards alone), so these sums are worth remembering.
    return (
        temple_points(sides.temple, player.temples)
        + pyramid_points(sides.pyramids, player.light, player.dark)
        + chamber_points(sides.chamber, player.chambers)
    )


def points(state: GameState, who: int) -> int:
    """``who``'s monument points, without meeples and held tokens."""
    sides = state.sides
    return obelisk_points(sides, state.players, state.first_to_five, who) + _monuments(
        sides, state.players[who]
    )


def terminal_value(state: GameState, who: int) -> float:
    """A finished game: the engine's winner (tie rule included) and margin."""
    result = outcome(state)
    assert result is not None, "terminal_value needs a finished game"
    margin = result.scores[who].total - result.scores[1 - who].total
    return (WIN if result.winner == who else -WIN) + margin


class Evaluation:
    """One way to value positions, told apart by the monument points it counts.

    ``monuments(state)`` gives both players' monument points: the score as it
    stands (:data:`SCORE`, for easy and medium) or the expected final points
    of :mod:`ai.duel.outlook` (:data:`OUTLOOK`, for tough, hard and hints). The rest
    of the evaluation (held tokens, meeples, ready unloads) is common.
    """

    __slots__ = ("monuments", "name")

    def __init__(self, name: str, monuments: Callable[[GameState], tuple[float, float]]):
        self.name = name
        self.monuments = monuments

    def __repr__(self) -> str:
        return f"Evaluation({self.name!r})"

    def material(self, state: GameState, who: int) -> float:
        """Monument points apart, plus held tokens and (late) meeples on the grid."""
        if state.over:
            return terminal_value(state, who)
        # Under the online rules a boat unloaded earlier this turn has its
        # refill waiting in the supply: those tokens are spoken for.
        return self._holdings(state, who, len(state.supply) - 3 * len(state.emptied))

    def _holdings(self, state: GameState, who: int, supply_left: int) -> float:
        # ``supply_left`` stands in for the supply, so that the value after an
        # unload is known from its hand-out alone, before the boat is refilled.
        other = 1 - who
        monuments = self.monuments(state)
        # Fewer refills left means fewer turns in which to play a held token.
        token_worth = 1.0 + TOKEN_EXTRA * min(1.0, supply_left / LATE_SUPPLY)
        value = monuments[who] - monuments[other]
        value += token_worth * (len(state.players[who].actions) - len(state.players[other].actions))
        # A meeple on the grid scores a point only if no unload sends it home
        # before the end; that grows likely as the last refills run out.
        late = 1.0 - min(1.0, supply_left / LATE_SUPPLY)
        value += late * (state.players[other].meeples - state.players[who].meeples)
        return value

    def best_unload_gain(self, state: GameState, mover: int) -> float:
        """How much ``mover`` would gain, at best, by one unload ready now."""
        return self._best_gain(state, mover, self.material(state, mover))

    def _best_gain(self, state: GameState, mover: int, base: float) -> float:
        best = 0.0
        # Search asks this at every leaf, so an unload that leaves the game
        # running is valued from its hand-out: the refill changes only the
        # supply's length. One that ends the game is played out in full.
        supply_left = supply_after_unload(state)
        last = unload_ends_game(state)
        for boat in unloadable_boats(state):
            if last:
                after = apply_unchecked(replace(state, turn=mover), UNLOADS[boat])
                gain = self.material(after, mover) - base
            else:
                gain = self._holdings(hand_out(state, boat), mover, supply_left) - base
            if gain > best:
                best = gain
        return best

    def evaluate(self, state: GameState, who: int) -> float:
        """The worth of a position between turns for ``who``, in points."""
        if state.over:
            return terminal_value(state, who)
        value = self.material(state, who)
        mover = state.turn
        # Material is the same for the other side with its sign turned.
        mine = value if mover == who else -value
        threat = THREAT_WEIGHT * self._best_gain(state, mover, mine)
        threat -= WAITING_WEIGHT * self._best_gain(state, 1 - mover, -mine)
        return value + threat if mover == who else value - threat


def score_now(state: GameState) -> tuple[float, float]:
    """Both players' monument points as they stand."""
    return float(points(state, 0)), float(points(state, 1))


SCORE: Final = Evaluation("score", score_now)
OUTLOOK: Final = Evaluation("outlook", outlook)

# The score-now evaluation under its plain names (medium, easy, tests).
material = SCORE.material
evaluate = SCORE.evaluate
best_unload_gain = SCORE.best_unload_gain
