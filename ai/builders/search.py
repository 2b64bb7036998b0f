"""Hard's search: the shared ISMCTS (:mod:`ai.ismcts`) with Builders' own judgement.

- The leaf is judged after a short random playout by the outlook's chances of
  winning (:func:`ai.builders.evaluate.chances`), not after a playout to the
  end: a random game of Builders is long and its result says little about
  the position it started from.
- In the last round (the endgame) the playout runs to the end instead, and
  the game's own returns score it: the round's last stones decide the game
  and the outlook's estimates are no longer needed.
- Near the root, every step is rated by the chances right after it, so the
  search tries the promising steps first (progressive bias).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Final

from msgspec.structs import astuple

from ai.builders.evaluate import chances
from ai.ismcts import Search, Settings
from engine.builders.actions import Action
from engine.builders.game import BUILDERS
from engine.builders.rules import apply_unchecked, current_player, legal_actions
from engine.builders.sites import ROUNDS
from engine.builders.state import GameState

# Random decisions played after the tree's new step before the outlook judges.
PLAYOUT_STEPS: Final = 8
# The softest the search's chances get, in points (see evaluate.chances): the
# fitted temperature reaches 30 to 60 points in the first rounds, where a
# point or two between steps would hardly move a chance and the search would
# spread its visits evenly; this keeps the early chances as sharp as the
# exploration constants below were tuned with.
SOFTEST: Final = 12.0
# The outlook's chances move by a few hundredths between steps, far less
# than a won or lost playout: at three and four seats a small exploration
# constant lets those differences steer the search (at 0.5 it spread its
# visits almost evenly and lost to the textbook search); at two seats 0.5
# measured best (bench/ai_bench.py --game builders).
SETTINGS: Final = {
    2: Settings(exploration=0.5, prior_depth=1, prior_visits=4.0),
    3: Settings(exploration=0.25, prior_depth=1, prior_visits=4.0),
    4: Settings(exploration=0.25, prior_depth=1, prior_visits=4.0),
}


def evaluate(state: GameState, rng: random.Random) -> Sequence[float]:
    """The leaf's rewards: a short random playout, then the chances; to the end
    in the last round."""
    choice = rng.choice
    if state.round == ROUNDS:
        while not state.over:
            state = apply_unchecked(state, choice(legal_actions(state)))
        return BUILDERS.returns(state)
    for _ in range(PLAYOUT_STEPS):
        if state.over:
            break
        state = apply_unchecked(state, choice(legal_actions(state)))
    if state.over:
        return BUILDERS.returns(state)
    return chances(state, SOFTEST)


def prior(state: GameState, legal: Sequence[Action]) -> Mapping[Action, float]:
    """Each step rated by the mover's chances right after it."""
    mover = current_player(state)
    return {action: chances(apply_unchecked(state, action), SOFTEST)[mover] for action in legal}


_ROUNDS: Final = GameState.__struct_fields__.index("rounds")
_DECK: Final = GameState.__struct_fields__.index("deck")
_MARKET: Final = GameState.__struct_fields__.index("market")
assert _ROUNDS + 1 == _DECK < _MARKET


def info_key(state: GameState, seat: int) -> Hashable:
    """The search's key for ``state``: what the seat to move sees of it, less
    the face-up market cards except where the seat takes one of them.

    Below the root, a new round's market is dealt from a sampled deck: keyed
    by its cards, the same line of play splits into a node per sampled deal,
    each too thin to learn from, and more time only adds thin nodes (the
    search then lost ground to the textbook one as its budget grew). So a
    node is the board, the stones, the cards held and played and the deck's
    size; the market counts only when the decision is which card to take
    (``Take`` names a position, and its card is what the step is worth).
    The round cards are not needed: the ships on the board show the round's.
    Every seat sees the same in Builders, so ``seat`` changes nothing.
    """
    fields = astuple(state)
    market = state.market if state.step == "take" else ()
    return (
        fields[:_ROUNDS],
        len(state.deck),
        fields[_DECK + 1 : _MARKET],
        fields[_MARKET + 1 :],
        market,
    )


def hard_search(players: int) -> Search:
    """Hard's search for a table of ``players`` seats."""
    return Search(
        BUILDERS, evaluate=evaluate, prior=prior, settings=SETTINGS[players], key=info_key
    )


__all__ = ["PLAYOUT_STEPS", "SETTINGS", "evaluate", "hard_search", "info_key", "prior"]
