"""What each player's monuments are likely to be worth when the game ends.

The score as it stands undervalues what holdings promise: four obelisks on the
B side are one token short of twelve points, a burial chamber run is worth
more while its neighbours are still to come, one pyramid of each colour on
the B side is halfway to a pair. The outlook scores each player's holdings
together with what they can expect to gain from the tokens still to come.

The model. The tokens still to come (the *pool*) are the set of 60 minus
what the players hold and what the box has taken: the boats' cargo and the
face-down tokens, counted as a multiset from public facts only. Each of them
is taken to end up with a given player independently, with one chance for
all (:func:`share`), fitted to games between the computer players: a player
gains about 0.42 of the pool less 1.6 tokens, because the last boat's cargo
and the box keep some (0.39 of a full pool, 0.22 of the last eight). Under
that model every monument's expected points are computed exactly: by
summing the engine's own scoring over the binomial chances of what is gained
(pyramids, obelisks), layer by layer (side B temples), or in closed form
(burial chamber runs). Who
reaches five obelisks first, when both do, is read from a random order of
the tokens each gains.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Final, NamedTuple

from engine.duel import NO_PLAYER, GameState, Player, Sides
from engine.duel.scoring import (
    CHAMBER_A,
    CHAMBER_B_PER_GROUP,
    OBELISK_B_THRESHOLD,
    TEMPLE_B_SET,
    obelisk_points,
    pyramid_points,
)
from engine.duel.tokens import FULL_SET

# A player gains SHARE_SLOPE of the pool less SHARE_KEPT tokens, on average
# (fitted to medium-against-medium games over every pool size).
SHARE_SLOPE: Final = 0.42
SHARE_KEPT: Final = 1.6

_TOTAL = {code: FULL_SET.count(code) for code in set(FULL_SET)}
_OBELISK_SIDES = {side: Sides(obelisk=side) for side in ("A", "B")}


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


@lru_cache(maxsize=1 << 10)
def _gains(coming: int, chance: float) -> tuple[float, ...]:
    """The chance of gaining exactly 0, 1, ... ``coming`` tokens of one kind."""
    return tuple(
        comb(coming, k) * chance**k * (1 - chance) ** (coming - k) for k in range(coming + 1)
    )


@lru_cache(maxsize=1 << 10)
def _splits(coming: int, chance: float) -> tuple[tuple[int, int, float], ...]:
    """How ``coming`` tokens may split: (to player 0, to player 1, chance).

    A token goes to at most one player, so the two gains are not independent:
    the rest go to nobody (the last boat or the box).
    """
    nobody = max(0.0, 1 - 2 * chance)
    return tuple(
        (mine, theirs, comb(coming, mine) * comb(coming - mine, theirs)
         * chance ** (mine + theirs) * nobody ** (coming - mine - theirs))
        for mine in range(coming + 1)
        for theirs in range(coming - mine + 1)
    )  # fmt: skip


def _first_of_both(mine: int, theirs: int, need_mine: int, need_theirs: int) -> float:
    """The chance that the first player reaches their goal before the second.

    The first gains ``mine`` tokens and the second ``theirs``, in a random
    order. Among the first ``need_mine + need_theirs - 1`` of them one player
    has reached their goal and the other has not; the first player won the
    race if at least ``need_mine`` of those are theirs (hypergeometric).
    """
    draws = need_mine + need_theirs - 1
    total = mine + theirs
    return sum(
        comb(mine, k) * comb(theirs, draws - k) for k in range(need_mine, min(mine, draws) + 1)
    ) / comb(total, draws)


@lru_cache(maxsize=1 << 12)
def obelisk_outlook(
    side: str, held: tuple[int, int], first_to_five: int, coming: int, chance: float
) -> tuple[float, float]:
    """Both players' expected obelisk points (the two interact, so together)."""
    totals = [0.0, 0.0]
    for gained_0, gained_1, chance_of in _splits(coming, chance):
        if chance_of == 0.0:
            continue
        counts = (held[0] + gained_0, held[1] + gained_1)
        first = None if side == "A" else _first_chance(held, counts, first_to_five)
        points = _obelisk_points(side, counts, first)
        totals[0] += chance_of * points[0]
        totals[1] += chance_of * points[1]
    return totals[0], totals[1]


def _obelisk_points(side: str, counts: tuple[int, int], first: float | None) -> tuple[float, float]:
    """Both players' final obelisk points, by the engine's own scoring.

    ``first`` is the chance that player 0 was the first to five, or None if
    nobody reached five; the points are weighed over who it was.
    """
    sides = _OBELISK_SIDES[side]
    players = (Player(obelisks=counts[0]), Player(obelisks=counts[1]))
    if first is None or first in (0.0, 1.0):
        first_to_five = NO_PLAYER if first is None else 0 if first else 1
        return (
            float(obelisk_points(sides, players, first_to_five, 0)),
            float(obelisk_points(sides, players, first_to_five, 1)),
        )
    results = []
    for who in (0, 1):
        if_first = obelisk_points(sides, players, 0, who)
        if_second = obelisk_points(sides, players, 1, who)
        results.append(first * if_first + (1 - first) * if_second)
    return results[0], results[1]


def _first_chance(
    held: tuple[int, int], counts: tuple[int, int], first_to_five: int
) -> float | None:
    """The chance that player 0 is (or will be) the first to five obelisks;
    None if nobody gets there (side A keeps no such record either)."""
    if first_to_five >= 0:
        return 1.0 if first_to_five == 0 else 0.0
    reached = [count >= OBELISK_B_THRESHOLD for count in counts]
    if reached[0] != reached[1]:
        return 1.0 if reached[0] else 0.0
    if not reached[0]:
        return None
    return _first_of_both(
        counts[0] - held[0],
        counts[1] - held[1],
        OBELISK_B_THRESHOLD - held[0],
        OBELISK_B_THRESHOLD - held[1],
    )


@lru_cache(maxsize=1 << 12)
def _temple_outlook(
    side: str, held: tuple[int, int, int, int], coming: tuple[int, int, int, int], chance: float
) -> float:
    if side == "A":
        return sum(v * (h + chance * c) for v, h, c in zip((1, 2, 3, 4), held, coming, strict=True))
    # Side B builds sets in layers: layer k holds each value of which more
    # than k are owned, and scores by how many values it holds. The values
    # are gained independently, so each layer's size is a sum of four
    # independent yes-or-no chances, and the expected points are summed
    # layer by layer rather than over every way the four values may come.
    above: list[list[float]] = []  # above[v][k]: the chance of owning more than k of value v
    for h, c in zip(held, coming, strict=True):
        gains = _gains(c, chance)
        tail = [0.0] * (h + c + 1)
        for k in range(h + c):
            gained_needed = k + 1 - h  # gains beyond what is held that make more than k
            tail[k] = 1.0 if gained_needed <= 0 else sum(gains[gained_needed:])
        above.append(tail)
    total = 0.0
    for k in range(max(len(t) for t in above) - 1):
        sizes = [1.0]  # sizes[n]: the chance that n values so far reach layer k
        for tail in above:
            p = tail[k] if k < len(tail) else 0.0
            grown = [0.0] * (len(sizes) + 1)
            for n, q in enumerate(sizes):
                grown[n] += q * (1 - p)
                grown[n + 1] += q * p
            sizes = grown
        total += sum(q * TEMPLE_B_SET[n] for n, q in enumerate(sizes))
    return total


@lru_cache(maxsize=1 << 12)
def _pyramid_outlook(
    side: str, light: int, dark: int, light_coming: int, dark_coming: int, chance: float
) -> float:
    lights = _gains(light_coming, chance)
    darks = _gains(dark_coming, chance)
    return sum(
        p_light * p_dark * pyramid_points(side, light + i, dark + j)
        for i, p_light in enumerate(lights)
        for j, p_dark in enumerate(darks)
    )


@lru_cache(maxsize=1 << 12)
def _chamber_outlook(
    side: str, numbers: tuple[int, ...], coming: frozenset[int], chance: float
) -> float:
    # The chance of holding each number at the end; 0 and 13 stand for the
    # edges, so a run's neighbours are always defined (12 and 1 are not).
    held = [0.0] * 14
    for n in range(1, 13):
        if n in numbers:
            held[n] = 1.0
        elif n in coming:
            held[n] = chance
    if side == "B":
        # Every group scores the same: count where groups start.
        return CHAMBER_B_PER_GROUP * sum(held[n] * (1 - held[n - 1]) for n in range(1, 13))
    # Side A: each run start..end is a whole group with the chance that all its
    # numbers are held and both neighbours are not.
    total = 0.0
    for start in range(1, 13):
        run = 1 - held[start - 1]
        for end in range(start, 13):
            run *= held[end]
            if not run:  # a number nobody can hold any more ends every longer run
                break
            total += run * (1 - held[end + 1]) * CHAMBER_A[min(end - start + 1, 5)]
    return total


def monuments_outlook(sides: Sides, player: Player, pool: Pool, chance: float) -> float:
    """A player's expected temple, pyramid and burial chamber points."""
    temples = player.temples
    held = (temples.count(1), temples.count(2), temples.count(3), temples.count(4))
    return (
        _temple_outlook(sides.temple, held, pool.temples, chance)
        + _pyramid_outlook(sides.pyramids, player.light, player.dark, pool.light, pool.dark, chance)
        + _chamber_outlook(sides.chamber, player.chambers, pool.chambers, chance)
    )


def outlook(state: GameState) -> tuple[float, float]:
    """Each player's expected monument points at the end of the game.

    Held action tokens and meeples on the grid are left to the caller. Once
    the game is over nothing more is to come, and this is the monument score.
    """
    first, second = state.players
    return _outlook(state.sides, state.box, first, second, state.first_to_five, state.over)


# Search judges the same holdings under many deals of the hidden tokens,
# which the outlook never reads, so whole answers are worth remembering.
@lru_cache(maxsize=1 << 15)
def _outlook(
    sides: Sides,
    box: tuple[str, ...],
    first: Player,
    second: Player,
    first_to_five: int,
    over: bool,
) -> tuple[float, float]:
    pool = pool_of(box, first, second)
    chance = 0.0 if over else share(pool.size)
    obelisks = obelisk_outlook(
        sides.obelisk, (first.obelisks, second.obelisks), first_to_five, pool.obelisks, chance
    )
    return (
        obelisks[0] + monuments_outlook(sides, first, pool, chance),
        obelisks[1] + monuments_outlook(sides, second, pool, chance),
    )


__all__ = ["Pool", "monuments_outlook", "obelisk_outlook", "outlook", "pool_of", "share"]
