"""Helpers for the Builders engine's tests: explicit set-ups and arranged positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

from msgspec.structs import replace

from engine.builders import GameState, apply, new_game, parse_action, state_problems
from engine.builders.sites import STONES

BLACK, WHITE, BROWN, GREY = 0, 1, 2, 3  # seats, named by the colours of section 1
DECK = tuple(range(34))  # ids in order: two Entrances on top, then two Sarcophagi...


def start(
    players: int = 4,
    *,
    starter: int = 0,
    rounds: tuple[int, ...] = (0, 1, 2, 3, 4, 5),
    deck: tuple[int, ...] = DECK,
    variant: bool = False,
) -> GameState:
    return new_game(players=players, starter=starter, rounds=rounds, deck=deck, variant=variant)


def arrange(state: GameState, **fields: Any) -> GameState:
    """``state`` with ``fields`` changed and each quarry refilled to keep 30 stones.

    The result must keep every invariant, so a test never builds a position
    the engine could not reach by some road.
    """
    changed = replace(state, **fields)
    if "quarry" not in fields:
        placed = Counter(
            owner
            for owner in (
                *(o for ship in changed.ships for o in ship),
                *changed.pyramid,
                *changed.temple,
                *changed.chamber,
            )
            if owner >= 0
        )
        quarry = tuple(
            STONES - changed.sled[who] - placed[who] - changed.obelisks[who]
            for who in range(changed.players)
        )
        changed = replace(changed, quarry=quarry)
    problems = state_problems(changed)
    assert not problems, problems
    return changed


def last_ship_of_round_one(temple: tuple[int, ...]) -> GameState:
    """Round 1 at four seats: three ships have sailed, and brown (seat 2) is to
    sail the fourth, which carries one stone of grey (seat 3)."""
    return arrange(
        start(4, starter=2),
        ships=((-1,) * 4, (-1,) * 4, (-1,) * 2, (3,)),
        docked=(0, 1, 2, -1),
        market=(-1, 1, -1, 3),
        deck=tuple(range(4, 34)),
        discard=(0, 2),
        temple=temple,
    )


def play(state: GameState, *moves: str) -> GameState:
    """Apply decisions written in notation, each checked."""
    for move in moves:
        state = apply(state, parse_action(move))
    return state


def legal(state: GameState) -> list[str]:
    from engine.builders import legal_actions

    return [str(a) for a in legal_actions(state)]
