"""The board of KEMET.md section 3: its spaces, links and what is in play.

Spaces have one global id across both sides of the board (the notation names
them without knowing the side): the 15 city districts ``c1d1``..``c5d3``, the
deserts ``d1``..``d20`` (``d1``-``d11`` on side 3-5, ``d12``-``d20`` on side
2-4), the temples ``T1``..``T6`` and the ``sanctuary``. A side uses a subset;
a player count uses a subset of its side (:class:`Layout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- global space ids --------------------------------------------------------------

CITIES: Final = 5
DISTRICTS: Final = 3
SPACE_NAMES: Final[tuple[str, ...]] = (
    *(f"c{c}d{d}" for c in range(1, CITIES + 1) for d in range(1, DISTRICTS + 1)),
    *(f"d{k}" for k in range(1, 21)),
    *(f"T{k}" for k in range(1, 7)),
    "sanctuary",
)
SPACES: Final = len(SPACE_NAMES)  # 42
SPACE_ID: Final[dict[str, int]] = {name.lower(): i for i, name in enumerate(SPACE_NAMES)}
SANCTUARY: Final = SPACE_ID["sanctuary"]
TEMPLE_IDS: Final = tuple(SPACE_ID[f"t{k}"] for k in range(1, 7))


def district(city: int, index: int) -> int:
    """The space id of district ``index`` (0-2) of city ``city`` (1-5)."""
    return (city - 1) * DISTRICTS + index


def city_of(space: int) -> int:
    """The city (1-5) whose district ``space`` is, or 0 for any other space."""
    return space // DISTRICTS + 1 if space < CITIES * DISTRICTS else 0


def _ids(*names: str) -> tuple[int, ...]:
    return tuple(SPACE_ID[n.lower()] for n in names)


def _city_links(city: int, desert: str) -> list[tuple[str, str]]:
    names = [f"c{city}d{d}" for d in range(1, DISTRICTS + 1)]
    links = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    return links + [(name, desert) for name in names]


# --- side 2-4 (section 3.2) ------------------------------------------------------

_LAND_A: Final = (
    *_city_links(1, "d12"),
    *_city_links(2, "d14"),
    *_city_links(3, "d16"),
    *_city_links(4, "d19"),
    ("d12", "d13"), ("d12", "d15"), ("d12", "T1"),
    ("d13", "d14"), ("d13", "d15"), ("d13", "T1"),
    ("d14", "d15"), ("d14", "T1"),
    ("d15", "T2"),
    ("d16", "d17"), ("d16", "d18"), ("d16", "T4"),
    ("d17", "d18"), ("d17", "d19"), ("d17", "T4"),
    ("d18", "d19"), ("d18", "T3"),
    ("d19", "T4"),
    ("d20", "T5"),
)  # fmt: skip
_HARBOUR_A: Final = (("d15", "d16"), ("d15", "d19"), ("d15", "T3"))

# --- side 3-5 (section 3.3; d9-d6 is not a link, d9-d7 is: section 3.4) --------------

_LAND_B: Final = (
    *_city_links(1, "d1"),
    *_city_links(2, "d5"),
    *_city_links(3, "d7"),
    *_city_links(4, "d10"),
    *_city_links(5, "d3"),
    ("d1", "d2"), ("d1", "d6"), ("d1", "T1"),
    ("d2", "d3"), ("d2", "d6"), ("d2", "T1"),
    ("d3", "d4"), ("d3", "d6"), ("d3", "T1"),
    ("d4", "d5"), ("d4", "d6"), ("d4", "T1"),
    ("d5", "d6"), ("d5", "T1"),
    ("d6", "T2"),
    ("d7", "d8"), ("d7", "d9"), ("d7", "T4"),
    ("d8", "d9"), ("d8", "d10"), ("d8", "T4"),
    ("d9", "d10"), ("d9", "T3"),
    ("d10", "T4"),
    ("d11", "sanctuary"),
)  # fmt: skip
_HARBOUR_B: Final = (("d6", "d7"), ("d6", "d10"), ("d6", "T3"), ("d11", "T6"))


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the board: its spaces, links, obelisks and temples."""

    name: str  # "2-4" or "3-5"
    land: tuple[tuple[int, int], ...]
    harbour: tuple[tuple[int, int], ...]
    obelisks: frozenset[int]
    temple_pp: dict[int, int]  # temple space -> prayer points at the end of the Day
    delta: int  # the Delta temple (PP only by sacrifice)
    in_play: dict[int, frozenset[int]]  # player count -> spaces in play
    cities: dict[int, tuple[int, ...]]  # player count -> cities in play


def _side(
    name: str,
    land: tuple[tuple[str, str], ...],
    harbour: tuple[tuple[str, str], ...],
    obelisks: tuple[str, ...],
    temples: dict[str, int],
    delta: str,
    small: tuple[int, tuple[int, ...], tuple[str, ...]],
    big: tuple[int, tuple[int, ...]],
) -> Side:
    every = frozenset(SPACE_ID[n.lower()] for pair in (*land, *harbour) for n in pair)
    few, few_cities, few_spaces = small
    kept = frozenset(
        (*_ids(*few_spaces), *(district(c, d) for c in few_cities for d in range(DISTRICTS)))
    )
    return Side(
        name=name,
        land=tuple((SPACE_ID[a.lower()], SPACE_ID[b.lower()]) for a, b in land),
        harbour=tuple((SPACE_ID[a.lower()], SPACE_ID[b.lower()]) for a, b in harbour),
        obelisks=frozenset(_ids(*obelisks)),
        temple_pp={SPACE_ID[t.lower()]: pp for t, pp in temples.items()},
        delta=SPACE_ID[delta.lower()],
        in_play={few: kept, big[0]: every},
        cities={few: few_cities, big[0]: big[1]},
    )


SIDE_24: Final = _side(
    "2-4",
    _LAND_A,
    _HARBOUR_A,
    ("d13", "d17", "T1", "T2", "T3", "T4", "T5"),
    {"T1": 2, "T2": 3, "T3": 3, "T4": 2, "T5": 5},
    "T5",
    (2, (1, 2), ("d12", "d13", "d14", "d15", "d20", "T1", "T2", "T5")),
    (4, (1, 2, 3, 4)),
)
SIDE_35: Final = _side(
    "3-5",
    _LAND_B,
    _HARBOUR_B,
    ("d2", "d4", "d8", "T1", "T2", "T3", "T4", "T6", "sanctuary"),
    {"T1": 2, "T2": 3, "T3": 3, "T4": 2, "T6": 5},
    "T6",
    (
        3,
        (1, 2, 5),
        ("d1", "d2", "d3", "d4", "d5", "d6", "d11", "T1", "T2", "T6", "sanctuary"),
    ),
    (5, (1, 2, 3, 4, 5)),
)


def side_for(players: int) -> Side:
    """The side used with ``players`` players (section 1)."""
    return SIDE_24 if players in (2, 4) else SIDE_35


@dataclass(frozen=True, slots=True)
class Layout:
    """The board as one player count uses it; lists indexed by global space id."""

    players: int
    side: Side
    in_play: frozenset[int]
    cities: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]  # land and harbour links, in play only
    obelisks: tuple[int, ...]  # obelisk spaces in play, by id
    temples: tuple[int, ...]  # temple spaces in play (the Delta temple included)
    sanctuary: bool  # whether the Sanctuary of All Gods is in play


def _layout(players: int) -> Layout:
    side = side_for(players)
    live = side.in_play[players]
    near: list[list[int]] = [[] for _ in range(SPACES)]
    for a, b in (*side.land, *side.harbour):
        if a in live and b in live:
            near[a].append(b)
            near[b].append(a)
    return Layout(
        players=players,
        side=side,
        in_play=live,
        cities=side.cities[players],
        neighbours=tuple(tuple(sorted(n)) for n in near),
        obelisks=tuple(sorted(s for s in side.obelisks if s in live)),
        temples=tuple(sorted(t for t in side.temple_pp if t in live)),
        sanctuary=SANCTUARY in live,
    )


LAYOUTS: Final[dict[int, Layout]] = {n: _layout(n) for n in (2, 3, 4, 5)}
PLAYER_COUNTS: Final = (2, 3, 4, 5)

__all__ = [
    "CITIES",
    "DISTRICTS",
    "LAYOUTS",
    "PLAYER_COUNTS",
    "SANCTUARY",
    "SIDE_24",
    "SIDE_35",
    "SPACES",
    "SPACE_ID",
    "SPACE_NAMES",
    "TEMPLE_IDS",
    "Layout",
    "Side",
    "city_of",
    "district",
    "side_for",
]
