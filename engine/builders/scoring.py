"""Scoring (BUILDERS.md sections 6 to 9) and the outcome of a game.

:func:`score` is valid at any moment: it says what each player would have if
the game ended now, that is after the current round's temple scoring and the
final scoring. Once the game is over it is the final score.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from engine.builders.cards import (
    BLUE_POINTS,
    CARD_COLOUR,
    CARD_SITE,
    DECORATION_STONES,
    statue_points,
)
from engine.builders.setup import boards_of, temple_width
from engine.builders.sites import (
    CHAMBER,
    OBELISKS,
    PYRAMID,
    TEMPLE,
    chamber_group_points,
    pyramid_points,
)
from engine.builders.state import GameState
from engine.message import Message, nmsg

WRATH_PENALTY: Final = 5


class PlayerScore(msgspec.Struct, frozen=True, kw_only=True):
    """One player's points as if the game ended now, site by site and card by card."""

    pyramid: int  # scored at once, stone by stone
    temple: int  # scored at round ends, with this round's if it has not ended
    chamber: int  # groups, at the end
    obelisks: int  # ranking, at the end
    green: int  # decoration cards
    purple: int  # statues
    blue: int  # blue cards not played
    wrath: int  # the variant's penalty, 0 or negative
    track: int  # points on the score track now (pyramid and temple so far)
    total: int


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """How a finished game ended."""

    winners: tuple[int, ...]  # one seat, or several sharing the victory
    reason: Literal["points", "sled", "shared"]
    scores: tuple[PlayerScore, ...]

    def describe(self, names: tuple[str, ...]) -> Message:
        """Who won and why, as a translatable message."""
        points = self.scores[self.winners[0]].total
        if self.reason == "shared":
            return nmsg(
                "{players} share the victory with {count} point each",
                "{players} share the victory with {count} points each",
                points,
                players=", ".join(names[w] for w in self.winners),
            )
        if self.reason == "sled":
            return nmsg(
                "{player} wins the tie at {count} point with more stones on the sled",
                "{player} wins the tie at {count} points with more stones on the sled",
                points,
                player=names[self.winners[0]],
            )
        return nmsg(
            "{player} wins with {count} point",
            "{player} wins with {count} points",
            points,
            player=names[self.winners[0]],
        )


def chamber_groups(chamber: tuple[int, ...], rows: int) -> list[tuple[int, int]]:
    """Each group of one player's orthogonally connected stones: (owner, size).

    Stone k lies in column k // rows, row k % rows (filled column by column).
    """
    seen = [False] * len(chamber)
    groups: list[tuple[int, int]] = []
    for start, owner in enumerate(chamber):
        if seen[start]:
            continue
        seen[start] = True
        size, todo = 0, [start]
        while todo:
            k = todo.pop()
            size += 1
            row = k % rows
            near = [k - rows, k + rows]
            if row > 0:
                near.append(k - 1)
            if row < rows - 1:
                near.append(k + 1)
            for n in near:
                if 0 <= n < len(chamber) and not seen[n] and chamber[n] == owner:
                    seen[n] = True
                    todo.append(n)
        groups.append((owner, size))
    return groups


def obelisk_scores(heights: tuple[int, ...], places: tuple[int, ...]) -> tuple[int, ...]:
    """Points by height ranking; ties share their places' points, rounded down.

    A player without a stone takes no place.
    """
    points = [0] * len(heights)
    ranked = sorted((h for h in heights if h > 0), reverse=True)
    for who, height in enumerate(heights):
        if height == 0:
            continue
        first = ranked.index(height)
        tied = ranked.count(height)
        shared = sum(places[p] for p in range(first, first + tied) if p < len(places))
        points[who] = shared // tied
    return tuple(points)


def _site_stones(state: GameState, site: int) -> int:
    if site == PYRAMID:
        return len(state.pyramid)
    if site == TEMPLE:
        return len(state.temple)
    if site == CHAMBER:
        return len(state.chamber)
    return sum(state.obelisks)


def delivered(state: GameState, who: int) -> bool:
    """Whether ``who`` has a stone at each of the four monuments (the variant's test)."""
    return (
        who in state.pyramid
        and who in state.temple
        and who in state.chamber
        and state.obelisks[who] > 0
    )


def score(state: GameState) -> tuple[PlayerScore, ...]:
    """Every player's points as if the game ended now (final once it has)."""
    b = boards_of(state)
    n = state.players
    pyramid = [0] * n
    for number, owner in enumerate(state.pyramid):
        pyramid[owner] += pyramid_points(b.pyramid, number)
    temple = list(state.temple_points)
    if not state.over:
        for owner in state.temple[-temple_width(state) :]:
            temple[owner] += 1
    chamber = [0] * n
    for owner, size in chamber_groups(state.chamber, b.chamber.rows):
        chamber[owner] += chamber_group_points(b.chamber, size)
    obelisks = obelisk_scores(state.obelisks, b.obelisks.places[n])
    stones = {site: _site_stones(state, site) for site in (PYRAMID, TEMPLE, CHAMBER, OBELISKS)}
    scores = []
    for who in range(n):
        held = state.held[who]
        green = sum(
            stones[CARD_SITE[c]] // DECORATION_STONES for c in held if CARD_COLOUR[c] == "green"
        )
        purple = statue_points(sum(1 for c in held if CARD_COLOUR[c] == "purple"))
        blue = BLUE_POINTS * sum(1 for c in held if CARD_COLOUR[c] == "blue")
        wrath = -WRATH_PENALTY if state.variant and not delivered(state, who) else 0
        parts = (pyramid[who], temple[who], chamber[who], obelisks[who], green, purple, blue)
        scores.append(
            PlayerScore(
                pyramid=pyramid[who],
                temple=temple[who],
                chamber=chamber[who],
                obelisks=obelisks[who],
                green=green,
                purple=purple,
                blue=blue,
                wrath=wrath,
                track=pyramid[who] + state.temple_points[who],
                total=sum(parts) + wrath,
            )
        )
    return tuple(scores)


def outcome(state: GameState) -> Outcome | None:
    """None while the game goes on; then the winners and why (section 8)."""
    if not state.over:
        return None
    scores = score(state)
    best = max(s.total for s in scores)
    tied = [who for who, s in enumerate(scores) if s.total == best]
    if len(tied) == 1:
        return Outcome(winners=(tied[0],), reason="points", scores=scores)
    most = max(state.sled[who] for who in tied)
    ahead = tuple(who for who in tied if state.sled[who] == most)
    if len(ahead) == 1:
        return Outcome(winners=ahead, reason="sled", scores=scores)
    return Outcome(winners=ahead, reason="shared", scores=scores)


__all__ = ["Outcome", "PlayerScore", "chamber_groups", "obelisk_scores", "outcome", "score"]
