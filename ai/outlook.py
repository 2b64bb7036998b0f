"""What each player's monuments are likely to be worth when the game ends.

The score as it stands undervalues what holdings promise: four obelisks on the
B side are one token short of twelve points, a burial chamber run is worth
more while its neighbours are still to come, one pyramid of each colour on
the B side is halfway to a pair. The outlook adds to each player's holdings
the share of every token still to come that a player can expect to gain, and
scores that expectation.

Only public facts go in. The tokens still to come are the set of 60 minus
everything face up, held or boxed (exactly what a player at the table can
count), and the expected share is fitted to games between the computer
players: each player gains about 0.42 of them, less a token and a half that
the last boat and the box keep (it falls from 0.39 of a full pool to 0.17 of
the last eight). Each token is then taken to come independently with that
chance, which makes the chamber and pyramid terms exact sums, and the races
(obelisk majority, first to five) normal approximations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from engine import GameState, Player, Sides
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
)
from engine.tokens import FULL_SET

SHARE_SLOPE: Final = 0.42
SHARE_KEPT: Final = 1.6  # tokens per player that the last boat and the box keep
# Added to every spread so that a race with little left to come is not
# treated as settled before it is.
SPREAD_FLOOR: Final = 0.35

_TOTAL = {code: FULL_SET.count(code) for code in set(FULL_SET)}


class Pool(NamedTuple):
    """The tokens no player holds yet and the box has not taken, by kind."""

    size: int  # all of them, action tokens included
    obelisks: int
    light: int
    dark: int
    temples: tuple[int, int, int, int]  # how many of each value 1..4
    chambers: frozenset[int]  # the numbers still to come


@lru_cache(maxsize=1 << 12)
def pool_of(box: tuple[str, ...], first: Player, second: Player) -> Pool:
    left = dict(_TOTAL)
    for code in box:
        left[code] -= 1
    for player in (first, second):
        left["OB"] -= player.obelisks
        left["PL"] -= player.light
        left["PD"] -= player.dark
        for value in player.temples:
            left[f"T{value}"] -= 1
        for number in player.chambers:
            left[f"B{number}"] -= 1
        for code in player.actions:
            left[code] -= 1
    return Pool(
        size=sum(left.values()),
        obelisks=left["OB"],
        light=left["PL"],
        dark=left["PD"],
        temples=(left["T1"], left["T2"], left["T3"], left["T4"]),
        chambers=frozenset(n for n in range(1, 13) if left[f"B{n}"]),
    )


def share(size: int) -> float:
    """The chance that a given token still to come ends up with a given player."""
    if size <= 0:
        return 0.0
    return max(0.0, SHARE_SLOPE * size - SHARE_KEPT) / size


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _table(table: Sequence[int], x: float) -> float:
    """A scoring table read at a fractional count, between its entries."""
    if x <= 0:
        return float(table[0])
    top = len(table) - 1
    if x >= top:
        return float(table[top])
    low = int(x)
    return table[low] + (x - low) * (table[low + 1] - table[low])


def _reach(held: int, need: int, coming: int, chance: float) -> float:
    """The chance of holding at least ``need`` at the end."""
    if held >= need:
        return 1.0
    if coming == 0 or chance == 0:
        return 0.0
    mean = held + chance * coming
    spread = math.sqrt(coming * chance * (1 - chance)) + SPREAD_FLOOR
    return _normal_cdf((mean - (need - 0.5)) / spread)


@lru_cache(maxsize=1 << 12)
def obelisk_outlook(
    side: str, held: tuple[int, int], first: int, coming: int, chance: float
) -> tuple[float, float]:
    """Both players' expected obelisk points (the two interact, so together)."""
    if side == "A":
        if coming == 0 or chance == 0:
            return (
                OBELISK_A_PER_TOKEN * held[0] + OBELISK_A_MAJORITY * (held[0] > held[1]),
                OBELISK_A_PER_TOKEN * held[1] + OBELISK_A_MAJORITY * (held[1] > held[0]),
            )
        expect = [h + chance * coming for h in held]
        spread = math.sqrt(2 * coming * chance * (1 - chance)) + SPREAD_FLOOR
        return (
            OBELISK_A_PER_TOKEN * expect[0]
            + OBELISK_A_MAJORITY * _normal_cdf((expect[0] - expect[1] - 0.5) / spread),
            OBELISK_A_PER_TOKEN * expect[1]
            + OBELISK_A_MAJORITY * _normal_cdf((expect[1] - expect[0] - 0.5) / spread),
        )
    five = [_reach(h, OBELISK_B_THRESHOLD, coming, chance) for h in held]
    ten = [_reach(h, OBELISK_B_TEN_THRESHOLD, coming, chance) for h in held]
    values = []
    for who in (0, 1):
        other = 1 - who
        if first == who:
            value = OBELISK_B_FIRST + (OBELISK_B_TEN - OBELISK_B_FIRST) * ten[who]
        elif first == other:
            value = OBELISK_B_SECOND * five[who]
        else:
            # Nobody has five yet: the one who needs fewer usually gets there first.
            mine, theirs = (OBELISK_B_THRESHOLD - h for h in (held[who], held[other]))
            ahead = _normal_cdf((theirs - mine) / (1.0 + 0.3 * (mine + theirs)))
            both = five[who] * five[other]
            value = (
                OBELISK_B_FIRST * (five[who] - both + both * ahead)
                + OBELISK_B_SECOND * both * (1 - ahead)
                + (OBELISK_B_TEN - OBELISK_B_FIRST) * ten[who]
            )
        values.append(value)
    return values[0], values[1]


def _temple(side: str, values: tuple[int, ...], pool: Pool, chance: float) -> float:
    if side == "A":
        return sum(values) + chance * sum(v * n for v, n in enumerate(pool.temples, 1))
    counts = [values.count(v) + chance * pool.temples[v - 1] for v in (1, 2, 3, 4)]
    total = 0.0
    # Side B sets are layers: layer k holds every value held more than k times.
    for layer in range(int(max(counts)) + 1):
        total += _table(TEMPLE_B_SET, sum(min(1.0, max(0.0, c - layer)) for c in counts))
    return total


def _pyramids(side: str, player: Player, pool: Pool, chance: float) -> float:
    light = player.light + chance * pool.light
    dark = player.dark + chance * pool.dark
    if side == "A":
        return _table(PYRAMID_A, light) + _table(PYRAMID_A, dark)
    return _table(PYRAMID_B, min(light, dark))


def _chamber(side: str, numbers: tuple[int, ...], pool: Pool, chance: float) -> float:
    # The chance of holding each number at the end; 0 and 13 stand for the
    # edges, so a run's neighbours are always defined.
    held = [0.0] * 14
    for n in range(1, 13):
        if n in numbers:
            held[n] = 1.0
        elif n in pool.chambers:
            held[n] = chance
    if side == "B":
        # Every group scores the same: count where groups start.
        starts = sum(held[n] * (1 - held[n - 1]) for n in range(1, 13))
        return CHAMBER_B_PER_GROUP * starts
    total = 0.0
    for start in range(1, 13):
        run = 1 - held[start - 1]
        for end in range(start, 13):
            run *= held[end]
            if run == 0:
                break
            total += run * (1 - held[end + 1]) * CHAMBER_A[min(end - start + 1, 5)]
    return total


@lru_cache(maxsize=1 << 16)
def monuments_outlook(sides: Sides, player: Player, pool: Pool, chance: float) -> float:
    """A player's expected temple, pyramid and burial chamber points."""
    return (
        _temple(sides.temple, player.temples, pool, chance)
        + _pyramids(sides.pyramids, player, pool, chance)
        + _chamber(sides.chamber, player.chambers, pool, chance)
    )


def outlook(state: GameState) -> tuple[float, float]:
    """Each player's expected monument points at the end of the game.

    Held action tokens and meeples on the grid are left to the caller. Once
    no token is left to come this is the monument score itself.
    """
    first, second = state.players
    pool = pool_of(state.box, first, second)
    # Rounded so that positions a few tokens apart share cached results.
    chance = round(share(pool.size), 3)
    obelisks = obelisk_outlook(
        state.sides.obelisk,
        (first.obelisks, second.obelisks),
        state.first_to_five,
        pool.obelisks,
        chance,
    )
    return (
        obelisks[0] + monuments_outlook(state.sides, first, pool, chance),
        obelisks[1] + monuments_outlook(state.sides, second, pool, chance),
    )


__all__ = ["Pool", "outlook", "pool_of", "share"]
