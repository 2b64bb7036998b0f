"""Scoring (RULES.md sections 6 to 8) and the outcome of a game.

The tables are module constants so that the help screen can print them from
the same numbers the engine scores with.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from engine.duel.state import NO_PLAYER, GameState, Player, Sides
from engine.message import Message, msg, nmsg

# Points by number of tokens in one pyramid (index 0..6).
PYRAMID_A: Final = (0, 1, 3, 6, 10, 15, 21)
# Side B scores only the smaller pyramid.
PYRAMID_B: Final = (-6, 0, 4, 10, 18, 30, 45)
# Side A burial chamber: points by group size 1, 2, 3, 4, 5 or more (index 0 unused).
CHAMBER_A: Final = (0, 1, 4, 9, 16, 25)
CHAMBER_B_PER_GROUP: Final = 4
# Side B temple: points by the number of distinct values in a set (0..4).
TEMPLE_B_SET: Final = (0, 1, 4, 9, 16)
OBELISK_A_PER_TOKEN: Final = 1
OBELISK_A_MAJORITY: Final = 6
OBELISK_B_FIRST: Final = 12
OBELISK_B_SECOND: Final = 6
OBELISK_B_TEN: Final = 18
OBELISK_B_THRESHOLD: Final = 5
OBELISK_B_TEN_THRESHOLD: Final = 10


class PlayerScore(msgspec.Struct, frozen=True, kw_only=True):
    """One player's points, monument by monument."""

    obelisk: int
    temple: int
    pyramids: int
    chamber: int
    actions: int  # 1 per unplayed action token
    meeples: int  # 1 per meeple on the grid
    total: int


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """How a finished game ended."""

    winner: int
    reason: Literal["points", "tie"]  # "tie": equal totals, the non-starter wins
    scores: tuple[PlayerScore, PlayerScore]

    def describe(self, names: tuple[str, str] = ("Player 1", "Player 2")) -> Message:
        """Who won and why, as a :class:`~engine.message.Message` (translatable)."""
        a, b = self.scores[self.winner].total, self.scores[1 - self.winner].total
        if self.reason == "tie":
            return nmsg(
                "{player} wins the tie at {count} point: on equal totals "
                "the player who did not start wins",
                "{player} wins the tie at {count} points: on equal totals "
                "the player who did not start wins",
                a,
                player=names[self.winner],
            )
        return msg(
            "{player} wins by {winner} points to {loser}",
            player=names[self.winner],
            winner=a,
            loser=b,
        )


def chamber_groups(numbers: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Maximal runs of consecutive chamber numbers (12 and 1 are not adjacent)."""
    groups: list[list[int]] = []
    for n in sorted(numbers):
        if groups and groups[-1][-1] == n - 1:
            groups[-1].append(n)
        else:
            groups.append([n])
    return [tuple(g) for g in groups]


def temple_sets(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Side B temple sets, built layer by layer: each holds distinct values."""
    counts = {v: values.count(v) for v in set(values)}
    layers = max(counts.values(), default=0)
    return [tuple(v for v in sorted(counts) if counts[v] > k) for k in range(layers)]


def obelisk_points(sides: Sides, players: tuple[Player, Player], first: int, who: int) -> int:
    mine = players[who].obelisks
    if sides.obelisk == "A":
        theirs = players[1 - who].obelisks
        return mine * OBELISK_A_PER_TOKEN + (OBELISK_A_MAJORITY if mine > theirs else 0)
    if mine >= OBELISK_B_TEN_THRESHOLD:
        return OBELISK_B_TEN
    if first == who:
        return OBELISK_B_FIRST
    return OBELISK_B_SECOND if mine >= OBELISK_B_THRESHOLD else 0


def temple_points(side: str, values: tuple[int, ...]) -> int:
    if side == "A":
        return sum(values)
    return sum(TEMPLE_B_SET[len(s)] for s in temple_sets(values))


def pyramid_points(side: str, light: int, dark: int) -> int:
    if side == "A":
        return PYRAMID_A[light] + PYRAMID_A[dark]
    return PYRAMID_B[min(light, dark)]


def chamber_points(side: str, numbers: tuple[int, ...]) -> int:
    groups = chamber_groups(numbers)
    if side == "A":
        return sum(CHAMBER_A[min(len(g), 5)] for g in groups)
    return CHAMBER_B_PER_GROUP * len(groups)


def player_score(state: GameState, who: int) -> PlayerScore:
    sides = state.sides
    player = state.players[who]
    parts = {
        "obelisk": obelisk_points(sides, state.players, state.first_to_five, who),
        "temple": temple_points(sides.temple, player.temples),
        "pyramids": pyramid_points(sides.pyramids, player.light, player.dark),
        "chamber": chamber_points(sides.chamber, player.chambers),
        "actions": len(player.actions),
        "meeples": sum(1 for owner in state.grid if owner == who),
    }
    return PlayerScore(**parts, total=sum(parts.values()))


def score(state: GameState) -> tuple[PlayerScore, PlayerScore]:
    """Both players' points as if the game ended now (final once it has)."""
    return player_score(state, 0), player_score(state, 1)


def outcome(state: GameState) -> Outcome | None:
    """None while the game goes on; then the winner and why."""
    if not state.over:
        return None
    scores = score(state)
    if scores[0].total == scores[1].total:
        return Outcome(winner=1 - state.starter, reason="tie", scores=scores)
    winner = 0 if scores[0].total > scores[1].total else 1
    return Outcome(winner=winner, reason="points", scores=scores)


__all__ = ["NO_PLAYER", "Outcome", "PlayerScore", "outcome", "score"]
