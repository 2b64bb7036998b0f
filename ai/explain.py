"""Hints: what the hard player would do now, with a reason in plain words."""

from __future__ import annotations

import random

from ai.evaluate import points
from ai.hidden import determinize
from ai.players import MAX_BUDGET, StopSignal, stop_check
from ai.tree import hard_search
from engine import (
    NO_PLAYER,
    Action,
    GameState,
    Pass,
    Place,
    Play,
    Player,
    Stop,
    Swap,
    Take,
    Unload,
    apply_unchecked,
    legal_actions,
)
from engine.tokens import BOAT_LINES, CELL_BOATS, boat_words, cell_words, token_name

HINT_BUDGET = 0.5


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def gained(before: Player, after: Player) -> list[str]:
    """The tokens ``after`` holds beyond ``before``, in words."""
    names: list[str] = []
    names += [f"the {_ordinal(n)} obelisk" for n in range(before.obelisks + 1, after.obelisks + 1)]
    names += [f"the {_ordinal(n)} light pyramid" for n in range(before.light + 1, after.light + 1)]
    names += [f"the {_ordinal(n)} dark pyramid" for n in range(before.dark + 1, after.dark + 1)]
    names += [f"temple {v}" for v in after.temples[len(before.temples) :]]
    names += [f"burial chamber {n}" for n in after.chambers if n not in before.chambers]
    spent = list(before.actions)
    for token in after.actions:
        if token in spent:
            spent.remove(token)
        else:
            names.append(f"a {token_name(token)} token")
    return names


def _words(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _held_points(state: GameState, who: int) -> int:
    # Meeples on the grid are left out: they come and go with every unload.
    return points(state, who) + len(state.players[who].actions)


def _effect(before: GameState, after: GameState, who: int) -> str:
    """What a stretch of play gives each side, e.g. "gives you temple 3 (+3)"."""
    parts = []
    for side, whom in ((who, "you"), (1 - who, "your opponent")):
        tokens = gained(before.players[side], after.players[side])
        if tokens:
            delta = _held_points(after, side) - _held_points(before, side)
            parts.append(f"gives {whom} {_words(tokens)} ({_signed(delta)})")
    return " and ".join(parts)


def _step_words(state: GameState, action: Action) -> str:
    if isinstance(action, Place):
        return f"a meeple on cell {action.cell + 1}"
    if isinstance(action, Unload):
        return f"unloading {boat_words(action.boat)}"
    if isinstance(action, Take):
        slots = state.boats[action.boat]
        assert slots is not None
        return f"taking {token_name(slots[action.slot])} from {boat_words(action.boat)}"
    if isinstance(action, Swap):
        return (
            f"swapping slots {action.first + 1} and {action.second + 1} "
            f"of {boat_words(action.boat)}"
        )
    if isinstance(action, Play):
        return f"playing {token_name(action.token)}"
    if isinstance(action, Stop):
        return "stopping here"
    return "passing"


def _placement_reason(state: GameState, cell: int) -> str:
    # Name the boat this meeple brings closest to an unload: a line that now
    # holds two meeples can be unloaded next turn.
    best: tuple[int, int] | None = None
    for boat in CELL_BOATS[cell]:
        if state.boats[boat] is None:
            continue
        others = sum(1 for c in BOAT_LINES[boat] if c != cell and state.grid[c] != NO_PLAYER)
        if best is None or others > best[0]:
            best = (others, boat)
    if best is None:
        return "every boat near it has left, so it waits safely for the end"
    others, boat = best
    slots = state.boats[boat]
    assert slots is not None
    cargo = ", ".join(token_name(t) for t in slots)
    if others >= 1:
        return f"it lines up {boat_words(boat)} ({cargo}) for a later unload"
    return f"it claims a place on {boat_words(boat)} ({cargo})"


def explain(state: GameState, steps: tuple[Action, ...], rng: random.Random) -> str:
    """One line on why to take ``steps`` (the rest of the turn) from ``state``."""
    who = state.turn
    first = steps[0]
    if isinstance(first, Pass):
        return "nothing else is legal, so you pass"
    deal = determinize(state, rng)
    text = _step_words(state, first)
    after = deal
    for action in steps:
        after = apply_unchecked(after, action)
    later = [(s, a) for s, a in _walk(deal, steps[1:], first) if not isinstance(a, Stop)]
    if later:
        text += ", then " + ", then ".join(_step_words(s, a) for s, a in later) + ","
    effect = _effect(deal, after, who)
    if effect:
        return f"{text} {effect}"
    if isinstance(first, Place) and len(steps) == 1:
        return f"a meeple on {cell_words(first.cell)}: {_placement_reason(state, first.cell)}"
    if isinstance(first, Stop):
        return "stopping here: another step would help your opponent more than you"
    return f"{text} sets you up best for the turns ahead"


def _walk(
    deal: GameState, rest: tuple[Action, ...], first: Action
) -> list[tuple[GameState, Action]]:
    state = apply_unchecked(deal, first)
    out = []
    for action in rest:
        out.append((state, action))
        state = apply_unchecked(state, action)
    return out


def hint(
    state: GameState,
    seed: int | None = None,
    time_budget: float | None = None,
    should_stop: StopSignal = None,
    max_passes: int | None = None,
) -> tuple[Action, str]:
    """What the hard player would do now, and a one-line reason in plain words."""
    actions = legal_actions(state)
    if not actions:
        raise ValueError("the game is over: there is nothing to hint")
    rng = random.Random(seed)
    if len(actions) == 1:
        only = actions[0]
        if isinstance(only, Pass):
            return only, "nothing else is legal, so you pass"
        return only, f"{_step_words(state, only)} is the only legal step"
    budget = HINT_BUDGET if time_budget is None else min(time_budget, MAX_BUDGET)
    steps = hard_search(state, rng, budget, stop_check(should_stop), max_passes).steps
    return steps[0], explain(state, steps, rng)
