"""Ratings and records: what a finished game between people does to each
player's standing in that kind of game.

The method is Weng and Lin's Bayesian approximation ("A Bayesian
Approximation Method for Online Ranking", JMLR 12, 2011), from the
``openskill`` package. Like Glicko-2 it keeps a skill and its uncertainty per
player and moves both after each game; unlike Glicko-2 it rates a game of any
number of players by their order at the end, ties included. So one method
serves the Duel (two players) and Builders (two to four) alike, and a
Builders player's rating means the same whether their game had two seats or
four.

Of the paper's models this is Bradley-Terry over every pair of players
("full pair"): each player is compared with each other one, and a shared
first place is a draw between those who shared it. For two players it gives
what the Plackett-Luce model gives; for more, openskill's Plackett-Luce
treated players who shared a win no better than the one who came third.

The scale is openskill's own (25 and 25/3) times 60, so that a new player
stands at 1500, the number board-game sites have made familiar.

No store and no Textual here: :mod:`match.store.ratings` keeps what this
module works out, in the transaction that ends the game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from match.people import person

if TYPE_CHECKING:
    from openskill.models import BradleyTerryFull

    from match.seats import Seat

MU = 1500.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300
# A rating from fewer games than this is shown as a first guess ("1550?").
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Rating:
    """A player's standing in one kind of game."""

    mu: float = MU  # the skill as estimated
    sigma: float = SIGMA  # how uncertain that estimate is
    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0

    @property
    def shown(self) -> int:
        return round(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended for the ratings: each seat's person and
    place (0 for the winners; the others after them by score, equal scores
    sharing a place)."""

    people: tuple[str, ...]
    names: tuple[str, ...]
    places: tuple[int, ...]

    @property
    def text(self) -> str:
        """The outcome as kept beside the game: a game that ends again the
        same way (or is read again) is recognised and not counted twice."""
        return " ".join(
            f"{place}:{who}" for who, place in zip(self.people, self.places, strict=True)
        )


def outcome(
    seats: Sequence[Seat], scores: Sequence[int], winners: Sequence[int], *, table: bool
) -> Outcome | None:
    """The outcome of a finished game, or None when it does not count: a
    game with a computer, a seat nobody took, one person at two seats, no
    known winner, or a game not played at a table (one keyboard passed
    between players, whose names anyone may type)."""
    if not table or not winners or len(scores) != len(seats):
        return None
    people = tuple(person(seat) for seat in seats)
    if any(who is None for who in people) or len(set(people)) != len(people):
        return None
    if any(not 0 <= seat < len(seats) for seat in winners):
        return None
    others = sorted({scores[i] for i in range(len(seats)) if i not in winners}, reverse=True)
    places = tuple(0 if i in winners else 1 + others.index(scores[i]) for i in range(len(seats)))
    return Outcome(
        tuple(who for who in people if who is not None),
        tuple(seat.name for seat in seats),
        places,
    )


@cache
def _model() -> BradleyTerryFull:
    from openskill.models import BradleyTerryFull

    return BradleyTerryFull(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rate(before: Sequence[Rating], places: Sequence[int]) -> tuple[Rating, ...]:
    """Each player's rating after a game they finished at ``places`` (0
    first), from their ratings ``before`` it; the records count a sole
    winner's win, a shared first place as a tie for each who shared it, and
    a loss for everyone else."""
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    first = sum(1 for place in places if place == 0)
    after = []
    for old, team, place in zip(before, rated, places, strict=True):
        new = team[0]
        if not (math.isfinite(new.mu) and math.isfinite(new.sigma) and new.sigma > 0):
            new = model.rating(mu=old.mu, sigma=old.sigma)  # never store a broken number
        after.append(
            replace(
                old,
                mu=float(new.mu),
                sigma=float(new.sigma),
                games=old.games + 1,
                wins=old.wins + (place == 0 and first == 1),
                ties=old.ties + (place == 0 and first > 1),
                losses=old.losses + (place != 0),
            )
        )
    return tuple(after)
