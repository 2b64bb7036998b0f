"""Scores explained in plain words, one line per category.

Every line ends with ``= N`` where N is what :mod:`engine.scoring` awards: the
breakdown is built from the same tables and helpers, and the total is taken from
the scoring functions themselves, so an explanation can never disagree with the
score it explains. The per-monument helpers take raw values so that the help
screen can explain worked examples with them too.
"""

from __future__ import annotations

from typing import Final

from engine.scoring import (
    CHAMBER_A,
    CHAMBER_B_PER_GROUP,
    OBELISK_A_MAJORITY,
    OBELISK_A_PER_TOKEN,
    OBELISK_B_FIRST,
    OBELISK_B_SECOND,
    OBELISK_B_TEN,
    OBELISK_B_TEN_THRESHOLD,
    OBELISK_B_THRESHOLD,
    PYRAMID_A,
    PYRAMID_B,
    TEMPLE_B_SET,
    chamber_groups,
    chamber_points,
    obelisk_points,
    pyramid_points,
    temple_points,
    temple_sets,
)
from engine.state import NO_PLAYER, GameState, Player, Sides

# The order in which a score breakdown is shown (the keys of PlayerScore).
CATEGORIES: Final = ("obelisk", "temple", "pyramids", "chamber", "actions", "meeples")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def explain_obelisk(side: str, mine: int, theirs: int, first_to_five: bool | None) -> str:
    """The obelisk line for a player holding ``mine`` against the opponent's ``theirs``.

    ``first_to_five`` says whether this player reached five first: True, False
    (the opponent did) or None (nobody has yet).
    """
    sides = Sides(obelisk="B" if side == "B" else "A")
    players = (Player(obelisks=mine), Player(obelisks=theirs))
    first = {True: 0, False: 1, None: NO_PLAYER}[first_to_five]
    total = obelisk_points(sides, players, first, 0)
    head = f"obelisk (side {sides.obelisk}): "
    if sides.obelisk == "A":
        base = f"{_plural(mine, 'token')} scores {mine * OBELISK_A_PER_TOKEN}"
        if mine > theirs:
            bonus = f"more than the opponent's {theirs} scores {OBELISK_A_MAJORITY}"
        elif mine == theirs:
            bonus = f"no bonus, level with the opponent's {theirs}"
        else:
            bonus = f"no bonus, fewer than the opponent's {theirs}"
        return f"{head}{base}, {bonus} = {total}"
    if mine >= OBELISK_B_TEN_THRESHOLD:
        why = f"{mine} tokens, {OBELISK_B_TEN_THRESHOLD} or more, scores {OBELISK_B_TEN}"
    elif first_to_five:
        why = f"first to reach {OBELISK_B_THRESHOLD} scores {OBELISK_B_FIRST}"
    elif mine >= OBELISK_B_THRESHOLD:
        why = f"reached {OBELISK_B_THRESHOLD} after the opponent scores {OBELISK_B_SECOND}"
    else:
        why = f"{_plural(mine, 'token')}, fewer than {OBELISK_B_THRESHOLD}, scores 0"
    return f"{head}{why} = {total}"


def explain_temple(side: str, values: tuple[int, ...]) -> str:
    """The temple line for tokens showing ``values`` circles."""
    total = temple_points(side, values)
    head = f"temple (side {side}): "
    if not values:
        return f"{head}no tokens = {total}"
    if side == "A":
        circles = " + ".join(str(v) for v in values)
        return f"{head}circles {circles} = {total}"
    parts = [
        "{" + ",".join(str(v) for v in s) + "}" + f" scores {TEMPLE_B_SET[len(s)]}"
        for s in temple_sets(values)
    ]
    return f"{head}{', '.join(parts)} = {total}"


def explain_pyramids(side: str, light: int, dark: int) -> str:
    """The pyramids line for ``light`` and ``dark`` pyramid tokens."""
    total = pyramid_points(side, light, dark)
    head = f"pyramids (side {side}): "
    if side == "A":
        return (
            f"{head}light {_plural(light, 'token')} scores {PYRAMID_A[light]}, "
            f"dark {_plural(dark, 'token')} scores {PYRAMID_A[dark]} = {total}"
        )
    smaller = min(light, dark)
    if light == dark:
        which = f"both pyramids have {_plural(smaller, 'token')}, one"
    else:
        colour = "light" if light < dark else "dark"
        which = f"smaller pyramid ({colour}, {_plural(smaller, 'token')})"
    return f"{head}{which} scores {PYRAMID_B[smaller]} = {total}"


def _group_words(group: tuple[int, ...]) -> str:
    return "-".join(str(n) for n in group)


def explain_chamber(side: str, numbers: tuple[int, ...]) -> str:
    """The burial chamber line for the chamber ``numbers`` held."""
    total = chamber_points(side, numbers)
    head = f"burial chamber (side {side}): "
    groups = chamber_groups(numbers)
    if not groups:
        return f"{head}no tokens = {total}"
    if side == "A":
        parts = [f"{_group_words(g)} scores {CHAMBER_A[min(len(g), 5)]}" for g in groups]
        return f"{head}{', '.join(parts)} = {total}"
    listed = ", ".join(_group_words(g) for g in groups)
    return f"{head}{_plural(len(groups), 'group')} ({listed}), {CHAMBER_B_PER_GROUP} each = {total}"


def explain_score(state: GameState, who: int) -> dict[str, str]:
    """One plain-words line per scoring category for player ``who``.

    Valid mid-game as a preview, like :func:`engine.score`. The keys are
    :data:`CATEGORIES`.
    """
    sides = state.sides
    me, them = state.players[who], state.players[1 - who]
    first = None if state.first_to_five == NO_PLAYER else state.first_to_five == who
    held = len(me.actions)
    on_grid = sum(1 for owner in state.grid if owner == who)
    return {
        "obelisk": explain_obelisk(sides.obelisk, me.obelisks, them.obelisks, first),
        "temple": explain_temple(sides.temple, me.temples),
        "pyramids": explain_pyramids(sides.pyramids, me.light, me.dark),
        "chamber": explain_chamber(sides.chamber, me.chambers),
        "actions": f"unplayed action tokens: {held}, 1 point each = {held}",
        "meeples": f"meeples on the grid: {on_grid}, 1 point each = {on_grid}",
    }


__all__ = [
    "CATEGORIES",
    "explain_chamber",
    "explain_obelisk",
    "explain_pyramids",
    "explain_score",
    "explain_temple",
]
