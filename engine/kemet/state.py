"""The complete state of a Kemet game, as frozen msgspec Structs.

A state is a value; the rules return a new one. Seats are 0..n-1; spaces are
the global ids of :mod:`engine.kemet.board`. Per-seat-per-space counts live
in one flat tuple (``units[seat * SPACES + space]``), which keeps copies cheap.

Hidden information is part of the state: DI hands and deck, battle hands and
discards, a battle's commitments before the reveal, the cards Vision shows.
Code that plays for a seat reads :func:`engine.kemet.view.view` instead.

``phase`` names the decision in progress and ``actor`` the seat that makes
it (section 5 and the battle of section 8 are sequences of such decisions).
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

NONE: Final = -1
UNITS: Final = 12  # every player owns exactly 12 units (section 1)
PP_CAP: Final = 11
START_PP: Final = 5
REGULAR_TOKENS: Final = 5

Phase = Literal[
    "pyramids",  # set-up step 7: a player divides 3 levels among the pyramids
    "units",  # set-up step 8: a player places 10 units
    "vision",  # Night step 2: the Vision holder keeps one of the cards drawn
    "night",  # Night step 3: Hand of God and Reinforcements
    "order",  # Night step 4: the player with fewest VP chooses the turn order
    "turn",  # a Day turn, between actions
    "raise",  # Raise a pyramid: which one and how far
    "buy",  # Buy a tile of the action's colour
    "strategy",  # Offensive/Defensive Strategy: the battle card to remove
    "creature",  # a creature to place in a district of its owner's city
    "recruit",  # Recruit: one unit (or the creature) at a time
    "fight",  # Recruit: which recruitment battle is fought next
    "move",  # Move: choosing the group, then its steps
    "escape",  # a battle's Escape window (the defender)
    "veto",  # a Veto window (section 13.2)
    "commit",  # a battle's secret commitment (section 8.3)
    "wound",  # Divine Wound discards after the reveal
    "loser",  # the loser of a battle retreats or recalls
    "retreat",  # the winner chooses where the loser retreats
    "winner",  # the winner stays or recalls
    "delta",  # end of the Day: sacrifice on the Delta temple
    "sanctuary",  # end of the Day: sacrifice on the Sanctuary
    "over",
]

# Action spaces of the individual board (section 5.2), by index; ROW[k] is the
# row of space k (0 for the apex).
SPACE_KEYS: Final = (
    "will",
    "move1",
    "recruit",
    "raise",
    "move2",
    "pray2",
    "white",
    "red",
    "blue",
    "pray3",
)
ROW: Final = (0, 1, 1, 2, 2, 2, 3, 3, 3, 3)
APEX: Final = 0
SILVER_BIT: Final = 1 << 10  # the silver token has been used this Day


class Group(msgspec.Struct, frozen=True, array_like=True):
    """A moving group (section 7): off the board until it stops or fights."""

    space: int  # where the group is; NONE before it is chosen
    units: int
    creature: int  # creature index, or NONE
    mp: int
    bonus: int  # MP its starting creature gave (lost if dropped, section 7.1 ruling)
    moved: bool  # a step, crossing or teleport has been taken (walls, drops)
    gates: bool  # the DI card Open Gates was played for this Move
    visited: tuple[int, ...]  # spaces occupied during this Move (teleport ruling 7.4)
    dropped: tuple[int, ...]  # one entry per unit dropped, naming its space
    dropped_creature: int  # the creature dropped during this Move, or NONE


class Battle(msgspec.Struct, frozen=True, array_like=True):
    """A battle in progress (section 8). Index 0 is the attacker, 1 the defender."""

    space: int
    sides: tuple[int, int]  # attacker seat, defender seat
    source: str  # "move" or "recruit"
    played: tuple[int, int] = (NONE, NONE)  # battle cards played; NONE until committed
    discarded: tuple[int, int] = (NONE, NONE)
    di: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # DI ids committed
    revealed: bool = False
    wound: tuple[int, int] = (0, 0)  # DI cards discarded for Divine Wound
    winner: int = NONE  # 0 attacker, 1 defender, once resolved
    pending: tuple[int, ...] = ()  # creatures of destroyed troops still to be placed


class Chain(msgspec.Struct, frozen=True, array_like=True):
    """DI cards played outside battle and the Vetoes on them (section 13.2)."""

    cards: tuple[tuple[int, int], ...]  # (seat, DI id), the first card at the bottom
    args: tuple[int, ...]  # the first card's targets, named when it was played
    asked: tuple[int, ...]  # seats still to answer the top card's window, in order


class GameState(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    """Everything about a game at one moment."""

    players: int
    target: int  # VP that end the game (8, 10, or 4 in the beginners' game)
    beginners: bool
    open_discards: bool
    cities: tuple[int, ...]  # per seat: its city (1-5)
    first_order: tuple[int, ...]  # the starting order
    order: tuple[int, ...]  # the turn order of the current (or coming) Day
    keys: tuple[tuple[int, ...], ...]  # shuffle keys (section 4)
    shuffles: int  # shuffles so far
    day: int  # 0 during set-up and the first Night
    phase: Phase
    actor: int  # the seat that decides now; NONE once over
    pos: int  # index in ``order`` of the seat whose turn (or set-up choice) it is
    turn_no: int  # counts turns (and set-up and Night decisions by a new seat)
    pp: tuple[int, ...]
    vp: tuple[int, ...]  # permanent VP, battle VP among them
    bvp: tuple[int, ...]  # battle VP
    units: tuple[int, ...]  # units[seat * SPACES + space]
    reserve: tuple[int, ...]
    levels: tuple[int, ...]  # levels[seat * 3 + colour]
    sites: tuple[int, ...]  # sites[seat * 3 + colour]: the district (0-2) of that pyramid
    tiles: tuple[int, ...]  # owner of each of the 48 tiles, NONE in the supply
    creatures: tuple[int, ...]  # space of each creature, NONE when on its tile
    di_deck: tuple[int, ...]  # top first
    di_discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # DI ids per seat, sorted
    bhands: tuple[tuple[int, ...], ...]  # battle card ids per seat, sorted
    bdiscards: tuple[tuple[int, ...], ...]
    bremoved: tuple[tuple[int, ...], ...]  # removed by a Strategy tile
    used: tuple[int, ...]  # per seat: bit k = action space k holds a token; SILVER_BIT
    regular: tuple[int, ...]  # per seat: regular tokens placed this Day
    placed: bool = False  # this turn's regular token is placed
    fresh: tuple[int, ...] = ()  # tiles bought this turn (their tokens wait, section 10)
    colour: int = NONE  # buy: the colour of the action; creature: the creature
    group: Group | None = None
    battle: Battle | None = None
    chain: Chain | None = None
    resume: str = ""  # the phase a Veto chain returns to
    added: tuple[int, ...] = ()  # recruit: one entry per unit recruited, naming its space
    beast: bool = False  # recruit: a creature has been placed
    fights: tuple[int, ...] = ()  # recruit: districts still to fight over
    shown: tuple[int, ...] = ()  # Vision: the cards drawn, to keep one
    draws: int = 0  # Night step 2: the index in ``order`` of the next drawer
    night_used: int = 0  # Night step 3: bit 0 Hand of God used, bits 1.. units added
    winner: int = NONE
    ply: int = 0


__all__ = [
    "APEX",
    "NONE",
    "PP_CAP",
    "REGULAR_TOKENS",
    "ROW",
    "SILVER_BIT",
    "SPACE_KEYS",
    "START_PP",
    "UNITS",
    "Battle",
    "Chain",
    "GameState",
    "Group",
    "Phase",
]
