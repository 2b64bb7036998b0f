"""A rematch: the same people at a new table, each one seat on.

Written once for every game. Each person moves to the seat before theirs
(the first to the last), so in a game of two they change places; the
table's options are the finished game's own (the contract's ``options_of``),
and an option that names a seat (who starts) keeps its number, so that the
seat starts again but the person after the last starter sits there now.
Where the rules refuse an option that names a seat (a game whose rules draw
who starts), chance decides it, as the rules say.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.game import SEATS_OPTION, AnyGame, RecordError
from match.seats import Seat

if TYPE_CHECKING:
    from match.table import Table


def possible(match: Table) -> bool:
    """Whether the game is one a rematch is offered for: kept in a store,
    over, played here at some seat, with another person at another seat
    (a game at one keyboard gets the new game form instead)."""
    if match.store is None or match.game_id is None or not match.here:
        return False
    if not match.over(match.state):
        return False
    others = [
        index
        for index, seat in enumerate(match.seats)
        if not seat.computer and index not in match.here
    ]
    return bool(others) and all(match.seats[index].owner for index in others)


def moved_on(index: int, count: int) -> int:
    """The seat that the person at seat ``index`` plays in the rematch."""
    return (index - 1) % count


def seats(old: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The rematch's seats: each person (and computer) one seat on, with
    their names, levels and owners (a person's seat is kept for them)."""
    count = len(old)
    return tuple(old[(index + 1) % count] for index in range(count))


def deal(rules: AnyGame, setup: Any, rng: random.Random | None = None) -> Any:
    """A new set-up with the options ``setup`` was dealt with (RecordError if
    the rules refuse them even without the options that name a seat)."""
    rng = rng or random.SystemRandom()
    count = rules.seats(setup)
    options = dict(rules.options_of(setup))
    options.pop(SEATS_OPTION, None)
    try:
        return rules.deal(count, rng, options)
    except RecordError:
        per_seat = {option.name for option in rules.table_options if option.per_seat}
        return rules.deal(count, rng, {k: v for k, v in options.items() if k not in per_seat})
