"""Helpers for the engine tests: build positions directly, check invariants.

Positions are built by dealing a full, valid deck with :func:`engine.new_game`
and then replacing fields with :func:`msgspec.structs.replace`, so every
position starts from something the engine itself produced.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

from msgspec.structs import replace

from engine.duel import (
    NO_PLAYER,
    Action,
    GameState,
    Pending,
    Player,
    apply,
    legal_actions,
    new_game,
)
from engine.duel.tokens import BOAT_LINES, FULL_SET

# The 16 combinations of monument sides (obelisk, temple, pyramids, chamber).
ALL_SIDES: tuple[str, ...] = tuple(
    a + b + c + d for a in "AB" for b in "AB" for c in "AB" for d in "AB"
)


def make_deck(
    boats: Mapping[int, Sequence[str]] | None = None,
    reserve: Sequence[str] = (),
    supply: Sequence[str] = (),
) -> tuple[str, ...]:
    """A valid 60-token deck with the given boats, reserve top and supply top.

    Unspecified places are filled with the remaining tokens in the canonical
    order of :data:`engine.duel.tokens.FULL_SET`.
    """
    boats = dict(boats or {})
    pool = Counter(FULL_SET)
    wanted: list[str] = [t for slots in boats.values() for t in slots]
    wanted += list(reserve) + list(supply)
    for token in wanted:
        if pool[token] == 0:
            raise AssertionError(f"test deck uses too many {token}")
        pool[token] -= 1
    rest = [t for t in dict.fromkeys(FULL_SET) for _ in range(pool[t])]
    filler = iter(rest)
    deck: list[str] = []
    for boat in range(6):
        slots = boats.get(boat)
        if slots is None:
            deck += [next(filler) for _ in range(3)]
        else:
            assert len(slots) == 3
            deck += list(slots)
    deck += list(reserve) + [next(filler) for _ in range(3 - len(reserve))]
    deck += list(supply) + list(filler)
    assert len(deck) == 60
    return tuple(deck)


def grid(text: str) -> tuple[int, ...]:
    """Nine cells from text such as ``"01. ... ..."``: 0/1 a meeple, ``.`` empty."""
    cells = [c for c in text if c in "01."]
    assert len(cells) == 9, text
    return tuple(NO_PLAYER if c == "." else int(c) for c in cells)


def position(
    *,
    sides: str = "AAAA",
    boats: Mapping[int, Sequence[str]] | None = None,
    removed: Sequence[int] = (),
    reserve: Sequence[str] = (),
    supply: Sequence[str] | None = None,
    cells: str = ".........",
    players: tuple[Player, Player] = (Player(), Player()),
    turn: int = 0,
    starter: int = 0,
    first_to_five: int = NO_PLAYER,
    pending: Pending | None = None,
) -> GameState:
    """A position built directly.

    ``supply`` given means the supply is exactly those tokens (the rest of the
    deck goes to the box); ``removed`` boats are out of the game. Each player's
    meeple supply is set to 4 minus their meeples on the grid.
    """
    supply_top = list(supply) if supply is not None else []
    state = new_game(deck=make_deck(boats, reserve, supply_top), sides=sides, starter=starter)
    box: tuple[str, ...] = ()
    new_supply = state.supply
    if supply is not None:
        new_supply = tuple(supply_top)
        box = state.supply[len(supply_top) :]
    boat_list = list(state.boats)
    for b in removed:
        slots = boat_list[b]
        assert slots is not None
        box += slots
        boat_list[b] = None
    layout = grid(cells)
    fixed = tuple(
        replace(p, meeples=4 - sum(1 for owner in layout if owner == who))
        for who, p in enumerate(players)
    )
    return replace(
        state,
        supply=new_supply,
        boats=tuple(boat_list),
        box=box,
        grid=layout,
        players=(fixed[0], fixed[1]),
        turn=turn,
        first_to_five=first_to_five,
        pending=pending,
    )


def play(state: GameState, *texts: str) -> GameState:
    """Apply actions written in notation, through the checked path."""
    from engine.duel import parse_action

    for text in texts:
        state = apply(state, parse_action(text))
    return state


def names(actions: Sequence[Action]) -> list[str]:
    return [str(a) for a in actions]


# --- invariants (RULES.md section 10) -------------------------------------------


def token_list(state: GameState) -> list[str]:
    """Every token the state knows of, wherever it is."""
    found = [*state.supply, *state.reserve, *state.box]
    for slots in state.boats:
        if slots is not None:
            found += slots
    for p in state.players:
        found += ["OB"] * p.obelisks + ["PL"] * p.light + ["PD"] * p.dark
        found += [f"T{v}" for v in p.temples]
        found += [f"B{n}" for n in p.chambers]
        found += p.actions
    return found


SORTED_SET: list[str] = sorted(FULL_SET)


def check_invariants(state: GameState) -> None:
    found = token_list(state)
    full = Counter(FULL_SET)
    assert sorted(found) == SORTED_SET, (Counter(found) - full, full - Counter(found))
    assert len(state.supply) % 3 == 0
    assert len(state.reserve) <= 3
    assert len(state.boats) == 6
    in_play = [slots for slots in state.boats if slots is not None]
    assert len(in_play) >= 1
    for slots in in_play:
        assert len(slots) == 3
    if not state.over:
        # Under the online rules a boat unloaded this turn is empty, yet in play.
        assert len(in_play) + len(state.emptied) >= 2
    else:
        assert len(in_play) == 1
        assert state.pending is None
    for who, p in enumerate(state.players):
        assert p.meeples + sum(1 for owner in state.grid if owner == who) == 4
        assert 0 <= p.light <= 6 and 0 <= p.dark <= 6
        assert list(p.chambers) == sorted(set(p.chambers))
    assert all(owner in (NO_PLAYER, 0, 1) for owner in state.grid)
    occupied = sum(1 for owner in state.grid if owner != NO_PLAYER)
    assert occupied <= 8
    if occupied == 8:  # then every line holds at least two meeples (RULES.md 4.4)
        assert all(line_count(state, boat) >= 2 for boat in range(6))
    # The refills so far: 13 at most, so the supply never goes below zero.
    assert 0 <= (39 - len(state.supply)) // 3 <= 13
    if state.first_to_five != NO_PLAYER:
        assert state.players[state.first_to_five].obelisks >= 5
    else:
        assert all(p.obelisks < 5 for p in state.players)


def line_count(state: GameState, boat: int) -> int:
    return sum(1 for c in BOAT_LINES[boat] if state.grid[c] != NO_PLAYER)


def random_walk(seed: int, plies: int, *, sides: str = "AAAA", starter: int = 0) -> GameState:
    """The position after ``plies`` random legal steps from the game of ``seed``."""
    rng = random.Random(seed)
    state = new_game(seed, sides=sides, starter=starter)
    for _ in range(plies):
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
    return state


def random_game(
    seed: int, *, sides: str = "AAAA", starter: int = 0, choice_seed: int | None = None
) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every (before, action, after) step of one random game played to the end."""
    rng = random.Random(seed if choice_seed is None else choice_seed)
    state = new_game(seed, sides=sides, starter=starter)
    for _ in range(2000):
        actions = legal_actions(state)
        if not actions:
            return
        action = rng.choice(actions)
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError(f"game of seed {seed} did not end within 2000 steps")
