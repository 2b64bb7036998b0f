"""Complete turns: every sequence of steps that ends the mover's turn.

A turn is one step (place, unload) or several (an action token in progress).
Planning over whole turns lets a player compare, say, playing *Place 2-3
meeples* with a plain unload on equal terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.duel import Action, GameState, apply_unchecked, legal_actions


@dataclass(frozen=True, slots=True)
class Turn:
    """The steps from some position to the end of the mover's turn, and the result."""

    steps: tuple[Action, ...]
    after: GameState


def complete_turns(state: GameState) -> list[Turn]:
    """Every distinct way to finish the current turn from ``state``.

    ``state`` may be in the middle of a turn. Sequences that reach the same
    position (meeples placed in another order) are kept once.
    """
    found: dict[GameState, Turn] = {}
    _extend(state, (), found)
    return list(found.values())


def _extend(state: GameState, steps: tuple[Action, ...], found: dict[GameState, Turn]) -> None:
    for action in legal_actions(state):
        after = apply_unchecked(state, action)
        path = (*steps, action)
        if after.pending is None:
            if after not in found:
                found[after] = Turn(path, after)
        else:
            _extend(after, path, found)


def replay_steps(state: GameState, steps: Sequence[Action]) -> GameState:
    """Apply planned steps to another sample of the same position.

    The legal steps of a turn depend only on the grid, the boats in play and the
    held tokens, never on the hidden order, so a plan made on one sample is legal
    on every other sample of the same public position.
    """
    for action in steps:
        state = apply_unchecked(state, action)
    return state
