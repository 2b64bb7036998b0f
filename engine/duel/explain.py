"""Scores explained in plain words, one line per category.

Every line ends with ``= N`` where N is what :mod:`engine.duel.scoring` awards: the
breakdown is built from the same tables and helpers, and the total is taken from
the scoring functions themselves, so an explanation can never disagree with the
score it explains. Each line is a :class:`~engine.message.Message` (English as
a ``str``, translatable by the caller). The per-monument helpers take raw values so that the help
screen can explain worked examples with them too.
"""

from __future__ import annotations

from typing import Final

from engine.duel.scoring import (
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
from engine.duel.state import NO_PLAYER, GameState, Player, Sides
from engine.message import Listing, Message, msg, nmsg

# The order in which a score breakdown is shown (the keys of PlayerScore).
CATEGORIES: Final = ("obelisk", "temple", "pyramids", "chamber", "actions", "meeples")


def _tokens(count: int) -> Message:
    return nmsg("{count} token", "{count} tokens", count)


def explain_obelisk(side: str, mine: int, theirs: int, first_to_five: bool | None) -> Message:
    """The obelisk line for a player holding ``mine`` against the opponent's ``theirs``.

    ``first_to_five`` says whether this player reached five first: True, False
    (the opponent did) or None (nobody has yet).
    """
    sides = Sides(obelisk="B" if side == "B" else "A")
    players = (Player(obelisks=mine), Player(obelisks=theirs))
    first = {True: 0, False: 1, None: NO_PLAYER}[first_to_five]
    total = obelisk_points(sides, players, first, 0)
    if sides.obelisk == "A":
        values = {"points": mine * OBELISK_A_PER_TOKEN, "theirs": theirs, "total": total}
        if mine > theirs:
            return nmsg(
                "obelisk (side A): {count} token scores {points}, more than the opponent's "
                "{theirs} scores {bonus} = {total}",
                "obelisk (side A): {count} tokens scores {points}, more than the opponent's "
                "{theirs} scores {bonus} = {total}",
                mine,
                bonus=OBELISK_A_MAJORITY,
                **values,
            )
        if mine == theirs:
            return nmsg(
                "obelisk (side A): {count} token scores {points}, no bonus, level with the "
                "opponent's {theirs} = {total}",
                "obelisk (side A): {count} tokens scores {points}, no bonus, level with the "
                "opponent's {theirs} = {total}",
                mine,
                **values,
            )
        return nmsg(
            "obelisk (side A): {count} token scores {points}, no bonus, fewer than the "
            "opponent's {theirs} = {total}",
            "obelisk (side A): {count} tokens scores {points}, no bonus, fewer than the "
            "opponent's {theirs} = {total}",
            mine,
            **values,
        )
    if mine >= OBELISK_B_TEN_THRESHOLD:
        return nmsg(
            "obelisk (side B): {count} token, {threshold} or more, scores {points} = {total}",
            "obelisk (side B): {count} tokens, {threshold} or more, scores {points} = {total}",
            mine,
            threshold=OBELISK_B_TEN_THRESHOLD,
            points=OBELISK_B_TEN,
            total=total,
        )
    if first_to_five:
        return msg(
            "obelisk (side B): first to reach {threshold} scores {points} = {total}",
            threshold=OBELISK_B_THRESHOLD,
            points=OBELISK_B_FIRST,
            total=total,
        )
    if mine >= OBELISK_B_THRESHOLD:
        return msg(
            "obelisk (side B): reached {threshold} after the opponent scores {points} = {total}",
            threshold=OBELISK_B_THRESHOLD,
            points=OBELISK_B_SECOND,
            total=total,
        )
    return nmsg(
        "obelisk (side B): {count} token, fewer than {threshold}, scores 0 = {total}",
        "obelisk (side B): {count} tokens, fewer than {threshold}, scores 0 = {total}",
        mine,
        threshold=OBELISK_B_THRESHOLD,
        total=total,
    )


def explain_temple(side: str, values: tuple[int, ...]) -> Message:
    """The temple line for tokens showing ``values`` circles."""
    total = temple_points(side, values)
    if not values:
        return msg("temple (side {side}): no tokens = {total}", side=side, total=total)
    if side == "A":
        circles = " + ".join(str(v) for v in values)
        return msg("temple (side A): circles {circles} = {total}", circles=circles, total=total)
    sets = Listing(
        msg(
            "{set} scores {points}",
            set="{" + ",".join(str(v) for v in s) + "}",
            points=TEMPLE_B_SET[len(s)],
        )
        for s in temple_sets(values)
    )
    return msg("temple (side B): {sets} = {total}", sets=sets, total=total)


def explain_pyramids(side: str, light: int, dark: int) -> Message:
    """The pyramids line for ``light`` and ``dark`` pyramid tokens."""
    total = pyramid_points(side, light, dark)
    if side == "A":
        return msg(
            "pyramids (side A): light {light} scores {light_points}, "
            "dark {dark} scores {dark_points} = {total}",
            light=_tokens(light),
            light_points=PYRAMID_A[light],
            dark=_tokens(dark),
            dark_points=PYRAMID_A[dark],
            total=total,
        )
    smaller = min(light, dark)
    values = {"tokens": _tokens(smaller), "points": PYRAMID_B[smaller], "total": total}
    if light == dark:
        return msg(
            "pyramids (side B): both pyramids have {tokens}, one scores {points} = {total}",
            **values,
        )
    if light < dark:
        return msg(
            "pyramids (side B): smaller pyramid (light, {tokens}) scores {points} = {total}",
            **values,
        )
    return msg(
        "pyramids (side B): smaller pyramid (dark, {tokens}) scores {points} = {total}", **values
    )


def _group_words(group: tuple[int, ...]) -> str:
    return "-".join(str(n) for n in group)


def explain_chamber(side: str, numbers: tuple[int, ...]) -> Message:
    """The burial chamber line for the chamber ``numbers`` held."""
    total = chamber_points(side, numbers)
    groups = chamber_groups(numbers)
    if not groups:
        return msg("burial chamber (side {side}): no tokens = {total}", side=side, total=total)
    if side == "A":
        scored = Listing(
            msg("{group} scores {points}", group=_group_words(g), points=CHAMBER_A[min(len(g), 5)])
            for g in groups
        )
        return msg("burial chamber (side A): {groups} = {total}", groups=scored, total=total)
    return nmsg(
        "burial chamber (side B): {count} group ({groups}), {each} each = {total}",
        "burial chamber (side B): {count} groups ({groups}), {each} each = {total}",
        len(groups),
        groups=", ".join(_group_words(g) for g in groups),
        each=CHAMBER_B_PER_GROUP,
        total=total,
    )


def explain_score(state: GameState, who: int) -> dict[str, Message]:
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
        "actions": msg(
            "unplayed action tokens: {count}, 1 point each = {total}", count=held, total=held
        ),
        "meeples": msg(
            "meeples on the grid: {count}, 1 point each = {total}", count=on_grid, total=on_grid
        ),
    }


__all__ = [
    "CATEGORIES",
    "explain_chamber",
    "explain_obelisk",
    "explain_pyramids",
    "explain_score",
    "explain_temple",
]
