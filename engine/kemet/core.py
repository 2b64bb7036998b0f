"""Shared machinery of the rules: a working copy of a state, and the queries
every part of the rules asks (control, holding pyramids, limits, costs).

:class:`Work` is a mutable copy that one decision edits and then freezes into
the next :class:`GameState`; it is private to a single ``apply`` call, so no
state is ever changed in place.
"""

from __future__ import annotations

from typing import Any, Final

from msgspec.structs import astuple

from engine.kemet.board import DISTRICTS, LAYOUTS, SPACES, Layout, city_of, district
from engine.kemet.cards import (
    CREATURES,
    DI_KIND_OF,
    DI_KINDS,
    LEGION,
    OPEN_GATES,
    PHOENIX,
    PRIEST_OF_RA,
    TILES,
)
from engine.kemet.state import NONE, PP_CAP, Battle, Chain, GameState, Group, Phase

FIELDS: Final = GameState.__struct_fields__


class Work:
    """A mutable copy of a state's fields, for one decision's edits."""

    players: int
    target: int
    beginners: bool
    open_discards: bool
    cities: tuple[int, ...]
    first_order: tuple[int, ...]
    order: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    shuffles: int
    day: int
    phase: Phase
    actor: int
    pos: int
    turn_no: int
    pp: tuple[int, ...]
    vp: tuple[int, ...]
    bvp: tuple[int, ...]
    units: tuple[int, ...]
    reserve: tuple[int, ...]
    levels: tuple[int, ...]
    sites: tuple[int, ...]
    tiles: tuple[int, ...]
    creatures: tuple[int, ...]
    di_deck: tuple[int, ...]
    di_discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    bhands: tuple[tuple[int, ...], ...]
    bdiscards: tuple[tuple[int, ...], ...]
    bremoved: tuple[tuple[int, ...], ...]
    used: tuple[int, ...]
    regular: tuple[int, ...]
    placed: bool
    fresh: tuple[int, ...]
    colour: int
    group: Group | None
    battle: Battle | None
    chain: Chain | None
    resume: str
    added: tuple[int, ...]
    beast: bool
    fights: tuple[int, ...]
    shown: tuple[int, ...]
    draws: int
    night_used: int
    winner: int
    ply: int

    # Steps that a part of the rules asks the dispatcher (engine.kemet.rules) to
    # take next, when taking them itself would make two modules import each
    # other: ("battle", space, source), ("escape", to), ("creature_done",
    # resume), ("fights",), ("play", action, resume).
    todo: list[tuple[Any, ...]]

    def __init__(self, state: GameState) -> None:
        self.__dict__.update(zip(FIELDS, astuple(state), strict=True))
        self.todo = []

    def freeze(self) -> GameState:
        # A Work copy serves one decision: its to-do list is spent by now, and
        # the copy is not used again, so its own dict becomes the arguments.
        fields = self.__dict__
        fields.pop("todo", None)
        return GameState(**fields)

    # --- edits ------------------------------------------------------------------

    def gain_pp(self, seat: int, amount: int) -> None:
        self.pp = tset(self.pp, seat, max(0, min(PP_CAP, self.pp[seat] + amount)))

    def gain_vp(self, seat: int, amount: int = 1, *, battle: bool = False) -> None:
        self.vp = tset(self.vp, seat, self.vp[seat] + amount)
        if battle:
            self.bvp = tset(self.bvp, seat, self.bvp[seat] + amount)

    def move_units(self, seat: int, space: int, count: int) -> None:
        """Add ``count`` units (negative: remove) on ``space``, to or from the reserve."""
        u = list(self.units)
        u[seat * SPACES + space] += count
        self.units = tuple(u)
        self.reserve = tset(self.reserve, seat, self.reserve[seat] - count)

    def put_creature(self, creature: int, space: int) -> None:
        self.creatures = tset(self.creatures, creature, space)

    def settle_creatures(self, space: int) -> None:
        """A creature left on ``space`` without its owner's units goes back to its tile."""
        for k, where in enumerate(self.creatures):
            if where == space and units_of(self, self.tiles[CREATURES[k].tile], space) == 0:
                self.creatures = tset(self.creatures, k, NONE)

    def take_di(self, seat: int, card: int) -> None:
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands = tset(self.hands, seat, tuple(hand))

    def give_di(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands = tset(self.hands, seat, tuple(sorted((*self.hands[seat], *cards))))


S = GameState | Work


def tset(values: tuple[int, ...] | tuple[tuple[int, ...], ...], i: int, v: object) -> tuple:  # type: ignore[type-arg]
    """``values`` with item ``i`` replaced by ``v``."""
    return (*values[:i], v, *values[i + 1 :])


def layout(s: S) -> Layout:
    return LAYOUTS[s.players]


def units_of(s: S, seat: int, space: int) -> int:
    return s.units[seat * SPACES + space]


def occupant(s: S, space: int, besides: int = NONE) -> int:
    """A seat other than ``besides`` with units on ``space``, or NONE."""
    for seat in range(s.players):
        if seat != besides and s.units[seat * SPACES + space]:
            return seat
    return NONE


def controller(s: S, space: int) -> int:
    """Who controls ``space``: its one occupant; in a battle, the defender (section 20, 9)."""
    b = s.battle
    if b is not None and b.space == space and units_of(s, b.sides[1], space):
        return b.sides[1]
    return occupant(s, space)


def owns(s: S, seat: int, tile: int) -> bool:
    return s.tiles[tile] == seat


def owns_any(s: S, seat: int, tiles: frozenset[int]) -> bool:
    return any(s.tiles[t] == seat for t in tiles)


def creature_owner(s: S, creature: int) -> int:
    return s.tiles[CREATURES[creature].tile]


def creature_of(s: S, seat: int, space: int) -> int:
    """The creature ``seat`` has on ``space``, or NONE."""
    for k, where in enumerate(s.creatures):
        if where == space and s.tiles[CREATURES[k].tile] == seat:
            return k
    return NONE


def limit(s: S, seat: int) -> int:
    """The troop limit (section 1): 5 units, 7 with Legion."""
    return 7 if s.tiles[LEGION] == seat else 5


def pyramid_at(s: S, space: int) -> tuple[int, int]:
    """(owner, colour) of the pyramid of level >= 1 in district ``space``, or (NONE, NONE)."""
    city = city_of(space)
    if not city or city not in s.cities:
        return NONE, NONE
    owner = s.cities.index(city)
    spot = space - district(city, 0)
    for colour in range(3):
        if s.sites[owner * 3 + colour] == spot and s.levels[owner * 3 + colour] >= 1:
            return owner, colour
    return NONE, NONE


def held_pyramids(s: S, seat: int) -> list[tuple[int, int]]:
    """(colour, level) of every pyramid ``seat`` holds (section 9)."""
    held = []
    for owner in range(s.players):
        base = district(s.cities[owner], 0)
        for colour in range(3):
            level = s.levels[owner * 3 + colour]
            if level < 1:
                continue
            where = controller(s, base + s.sites[owner * 3 + colour])
            if where == seat or (owner == seat and where == NONE):
                held.append((colour, level))
    return held


def temples_held(s: S, seat: int) -> int:
    return sum(1 for t in layout(s).temples if controller(s, t) == seat)


def temporary_vp(s: S, seat: int) -> int:
    """Temples controlled + level-4 pyramids held, from the board (section 9)."""
    return temples_held(s, seat) + sum(1 for _, level in held_pyramids(s, seat) if level == 4)


def total_vp(s: S, seat: int) -> int:
    return s.vp[seat] + temporary_vp(s, seat)


def own_districts(s: S, seat: int) -> tuple[int, ...]:
    base = district(s.cities[seat], 0)
    return tuple(range(base, base + DISTRICTS))


def foreign_district(s: S, seat: int, space: int) -> bool:
    """Whether ``space`` is a district of another player's city (walls, section 7.5)."""
    city = city_of(space)
    return bool(city) and city != s.cities[seat]


def ignores_walls(s: S, seat: int, creature: int) -> bool:
    return s.tiles[OPEN_GATES] == seat or creature == PHOENIX


def pay(s: S, seat: int, cost: int) -> int:
    """A payment's price after Priest of Ra (section 6), never below 0."""
    return max(0, cost - (1 if s.tiles[PRIEST_OF_RA] == seat else 0))


def di_cost(s: S, seat: int, card: int) -> int:
    return pay(s, seat, DI_KINDS[DI_KIND_OF[card]].cost)


def first_of_kind(cards: tuple[int, ...], kind: int) -> int:
    """The lowest DI id of ``kind`` among ``cards``, or NONE."""
    for card in cards:
        if DI_KIND_OF[card] == kind:
            return card
    return NONE


def flee_spaces(s: S, seat: int, space: int, creature: int) -> list[int]:
    """Adjacent empty spaces a troop of ``seat`` may escape or retreat to (8.2, 8.7)."""
    walls = not ignores_walls(s, seat, creature)
    return [
        t
        for t in layout(s).neighbours[space]
        if occupant(s, t) == NONE and not (walls and foreign_district(s, seat, t))
    ]


def tile_buyable_level(s: S, seat: int, colour: int) -> int:
    """The highest level of a held pyramid of ``colour`` (0 if none)."""
    return max((lvl for c, lvl in held_pyramids(s, seat) if c == colour), default=0)


def creature_homes(s: S, seat: int) -> list[int]:
    """Districts of ``seat``'s city with a unit of theirs and no creature of theirs."""
    return [
        d
        for d in own_districts(s, seat)
        if units_of(s, seat, d) and creature_of(s, seat, d) == NONE
    ]


def owned_effects(s: S, seat: int) -> set[str]:
    return {TILES[t].effect for t, owner in enumerate(s.tiles) if owner == seat}


__all__ = [
    "FIELDS",
    "S",
    "Work",
    "controller",
    "creature_homes",
    "creature_of",
    "creature_owner",
    "di_cost",
    "first_of_kind",
    "flee_spaces",
    "foreign_district",
    "held_pyramids",
    "ignores_walls",
    "layout",
    "limit",
    "occupant",
    "own_districts",
    "owned_effects",
    "owns",
    "owns_any",
    "pay",
    "pyramid_at",
    "temples_held",
    "temporary_vp",
    "tile_buyable_level",
    "total_vp",
    "tset",
    "units_of",
]
