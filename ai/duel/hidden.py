"""What a player at the table may know, and sampling the rest.

A computer player must never read the order of ``state.supply`` or
``state.reserve``. It may use their contents as a multiset: that is exactly the
60 tokens minus everything face up or in the box, which any player can count.
Every search starts from :func:`determinize`, never from the real order.
"""

from __future__ import annotations

import random

from engine.duel import GameState
from engine.duel.view import sample


def unseen_tokens(state: GameState) -> list[str]:
    """The face-down tokens as a multiset, in a canonical (sorted) order.

    Sorting throws away the real order, so nothing downstream can depend on it.
    """
    return sorted((*state.supply, *state.reserve))


def determinize(state: GameState, rng: random.Random) -> GameState:
    """``state`` with supply and reserve reshuffled together from the unseen tokens.

    The lengths of supply and reserve are kept; only their order (and which of
    the unseen tokens lie in which) is sampled.
    """
    # The rules' own sample: both seats see the same, so either will do.
    return sample(state, 0, rng)


PublicKey = tuple[object, ...]


def public_key(state: GameState) -> PublicKey:
    """Everything about ``state`` a player sees; equal keys mean the same position."""
    return (
        state.sides,
        state.boats,
        state.grid,
        state.players,
        state.box,
        state.turn,
        state.first_to_five,
        state.pending,
        state.over,
        state.emptied,
        len(state.supply),
        len(state.reserve),
    )
