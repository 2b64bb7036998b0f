"""The five site boards and the round cards, as data (BUILDERS.md sections 1, 3, 6).

Each board is a value: the rules read its numbers and never name a side. Only
the A sides are offered (section 12 says which B numbers are unknown); a B side
joins :data:`BOARDS` as another value once its numbers are, together with the
few rule hooks its board kind needs.
"""

from __future__ import annotations

from typing import Final

import msgspec

MARKET, PYRAMID, TEMPLE, CHAMBER, OBELISKS = range(5)
SITES: Final = (MARKET, PYRAMID, TEMPLE, CHAMBER, OBELISKS)
# The notation's letters (M, P, T, B for the burial chamber, O).
SITE_LETTERS: Final = "MPTBO"
# The four sites the Wrath of the Pharaoh asks each player to deliver to.
MONUMENTS: Final = (PYRAMID, TEMPLE, CHAMBER, OBELISKS)

ROUNDS: Final = 6
SHIPS_PER_ROUND: Final = 4
SLED_SIZE: Final = 5
STONES: Final = 30
GET_STONES: Final = 3
# Stones on the sled at the start, by position after the starting player.
START_SLED: Final = (2, 3, 4, 5)
# Minimum load by capacity: capacity - 1, but 1 for the 1-ship.
MIN_LOAD: Final = (0, 1, 1, 2, 3)

# Round cards by player count: the capacities of the round's four ships.
ROUND_CARDS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {
    2: ((4, 3, 2, 2), (4, 3, 3, 1), (4, 2, 2, 1), (4, 3, 2, 1), (3, 2, 2, 1), (3, 3, 2, 2),
        (3, 3, 2, 1)),
    3: ((4, 3, 3, 2), (4, 3, 2, 1), (3, 3, 2, 2), (4, 2, 2, 1), (4, 3, 2, 2), (3, 3, 3, 2),
        (4, 4, 2, 1)),
    4: ((4, 4, 2, 1), (4, 3, 3, 2), (4, 3, 3, 3), (3, 3, 3, 2), (4, 4, 3, 2), (4, 4, 2, 2),
        (4, 3, 2, 2)),
}  # fmt: skip
PLAYER_COUNTS: Final = tuple(ROUND_CARDS)
MAX_PLAYERS: Final = max(PLAYER_COUNTS)


class MarketBoard(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    cards: int  # face-up cards dealt at each round's start


class PyramidBoard(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    points: tuple[int, ...]  # by placement number; the board holds len(points) stones
    beyond: int  # each stone once the board is full


class TempleBoard(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    width: dict[int, int]  # spaces in a row, by player count


class ChamberBoard(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    rows: int
    groups: tuple[int, ...]  # a group's points by size (index 0 unused)
    beyond: int  # each stone of a group beyond the table


class ObeliskBoard(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    places: dict[int, tuple[int, ...]]  # points by place, by player count


class Boards(msgspec.Struct, frozen=True, kw_only=True):
    """The board used at each site in one game."""

    market: MarketBoard
    pyramid: PyramidBoard
    temple: TempleBoard
    chamber: ChamberBoard
    obelisks: ObeliskBoard


MARKET_A: Final = MarketBoard(side="A", cards=4)
PYRAMID_A: Final = PyramidBoard(
    side="A", points=(2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4), beyond=1
)
TEMPLE_A: Final = TempleBoard(side="A", width={2: 4, 3: 5, 4: 5})
CHAMBER_A: Final = ChamberBoard(side="A", rows=3, groups=(0, 1, 3, 6, 10, 15), beyond=2)
OBELISKS_A: Final = ObeliskBoard(side="A", places={2: (10, 1), 3: (12, 6, 1), 4: (15, 10, 5, 1)})

# Every board on offer, by site and side letter.
BOARDS: Final[tuple[dict[str, msgspec.Struct], ...]] = (
    {"A": MARKET_A},
    {"A": PYRAMID_A},
    {"A": TEMPLE_A},
    {"A": CHAMBER_A},
    {"A": OBELISKS_A},
)
DEFAULT_SIDES: Final = "AAAAA"


def boards(sides: str) -> Boards | None:
    """The boards for five side letters (market, pyramid, temple, chamber, obelisks),
    or None when one of them is not on offer."""
    if len(sides) != len(SITES):
        return None
    chosen = [BOARDS[site].get(letter) for site, letter in enumerate(sides)]
    market, pyramid, temple, chamber, obelisks = chosen
    if not (
        isinstance(market, MarketBoard)
        and isinstance(pyramid, PyramidBoard)
        and isinstance(temple, TempleBoard)
        and isinstance(chamber, ChamberBoard)
        and isinstance(obelisks, ObeliskBoard)
    ):
        return None
    return Boards(market=market, pyramid=pyramid, temple=temple, chamber=chamber, obelisks=obelisks)


def pyramid_points(board: PyramidBoard, number: int) -> int:
    """Points of the stone placed ``number``-th (from 0) at the pyramid."""
    points = board.points
    return points[number] if number < len(points) else board.beyond


def chamber_group_points(board: ChamberBoard, size: int) -> int:
    table = board.groups
    if size < len(table):
        return table[size]
    return table[-1] + board.beyond * (size - len(table) + 1)


__all__ = [
    "BOARDS",
    "CHAMBER",
    "MARKET",
    "MIN_LOAD",
    "OBELISKS",
    "PYRAMID",
    "ROUND_CARDS",
    "SITES",
    "SITE_LETTERS",
    "TEMPLE",
    "Boards",
    "boards",
]
