"""Power tiles (KEMET.md section 10), creatures (11), battle cards (12) and DI cards (13).

Every number here is copied from those tables, in their canonical ids, so a
correction to KEMET.md is a correction to one line here. Colours are numbered
as the pyramids are: 0 white, 1 red, 2 blue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

WHITE, RED, BLUE = 0, 1, 2
COLOURS: Final = (WHITE, RED, BLUE)
COLOUR_LETTERS: Final = "wrb"


@dataclass(frozen=True, slots=True)
class Tile:
    """One power tile: its colour, level (= cost) and effect key."""

    colour: int
    level: int
    effect: str  # tiles sharing an effect may not be owned together (section 6.3)


def _tiles() -> tuple[Tile, ...]:
    rows: list[tuple[int, int, str]] = [
        # section 10, ids 0-15: red
        (RED, 1, "charge"), (RED, 1, "charge"), (RED, 1, "god_speed"), (RED, 1, "stargate"),
        (RED, 2, "carnage"), (RED, 2, "offensive_strategy"), (RED, 2, "open_gates"),
        (RED, 2, "teleport"),
        (RED, 3, "royal_scarab"), (RED, 3, "blades_of_neith"), (RED, 3, "divine_wound"),
        (RED, 3, "victory_point"),
        (RED, 4, "giant_scorpion"), (RED, 4, "initiative"), (RED, 4, "phoenix"),
        (RED, 4, "act_of_god"),
        # ids 16-31: blue
        (BLUE, 1, "recruiting_scribe"), (BLUE, 1, "recruiting_scribe"), (BLUE, 1, "defense"),
        (BLUE, 1, "defense"),
        (BLUE, 2, "legion"), (BLUE, 2, "ancestral_elephant"), (BLUE, 2, "defensive_strategy"),
        (BLUE, 2, "deep_desert_snake"),
        (BLUE, 3, "shield_of_neith"), (BLUE, 3, "defensive_victory"), (BLUE, 3, "prescience"),
        (BLUE, 3, "victory_point"),
        (BLUE, 4, "reinforcements"), (BLUE, 4, "sphinx"), (BLUE, 4, "divine_will"),
        (BLUE, 4, "act_of_god"),
        # ids 32-47: white
        (WHITE, 1, "priest"), (WHITE, 1, "priest"), (WHITE, 1, "priestess"),
        (WHITE, 1, "priestess"),
        (WHITE, 2, "slaves"), (WHITE, 2, "high_priest"), (WHITE, 2, "crusade"),
        (WHITE, 2, "divine_boon"),
        (WHITE, 3, "hand_of_god"), (WHITE, 3, "vision"), (WHITE, 3, "holy_war"),
        (WHITE, 3, "victory_point"),
        (WHITE, 4, "priest_of_ra"), (WHITE, 4, "priest_of_amon"), (WHITE, 4, "the_mummy"),
        (WHITE, 4, "act_of_god"),
    ]  # fmt: skip
    return tuple(Tile(c, lvl, e) for c, lvl, e in rows)


TILES: Final = _tiles()
TILE_COUNT: Final = len(TILES)  # 48

# Tiles the rules name, by id (a tile with two copies is named by its effect).
CHARGE: Final = frozenset({0, 1})
GOD_SPEED: Final = 2
STARGATE: Final = 3
CARNAGE: Final = 4
OFFENSIVE_STRATEGY: Final = 5
OPEN_GATES: Final = 6
TELEPORT: Final = 7
BLADES: Final = 9
DIVINE_WOUND: Final = 10
INITIATIVE: Final = 13
DEFENSE: Final = frozenset({18, 19})
SCRIBE: Final = frozenset({16, 17})
LEGION: Final = 20
DEFENSIVE_STRATEGY: Final = 22
SHIELD: Final = 24
DEFENSIVE_VICTORY: Final = 25
PRESCIENCE: Final = 26
REINFORCEMENTS: Final = 28
DIVINE_WILL: Final = 30
ACT_OF_GOD: Final = frozenset({15, 31, 47})
PRIEST: Final = frozenset({32, 33})
PRIESTESS: Final = frozenset({34, 35})
SLAVES: Final = 36
HIGH_PRIEST: Final = 37
CRUSADE: Final = 38
DIVINE_BOON: Final = 39
HAND_OF_GOD: Final = 40
VISION: Final = 41
HOLY_WAR: Final = 42
PRIEST_OF_RA: Final = 44
PRIEST_OF_AMON: Final = 45
MUMMY_TILE: Final = 46
# Tiles worth a permanent VP when bought: the three Victory Point tiles and the Sphinx.
VP_ON_PURCHASE: Final = frozenset({11, 27, 43, 29})


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature of section 11: its tile and its bonuses to the linked troop."""

    name: str
    tile: int
    strength: int
    protection: int
    damage: int
    move: int


CREATURES: Final = (
    Creature("scarab", 8, 2, 0, 0, 2),
    Creature("scorpion", 12, 2, 0, 2, 1),
    Creature("phoenix", 14, 2, 0, 0, 1),
    Creature("elephant", 21, 1, 1, 0, 1),
    Creature("snake", 23, 0, 0, 0, 1),
    Creature("sphinx", 29, 2, 0, 0, 0),
    Creature("mummy", 46, 2, 0, 0, 1),
)
PHOENIX: Final = 2
SNAKE: Final = 4
CREATURE_OF_TILE: Final[dict[int, int]] = {c.tile: k for k, c in enumerate(CREATURES)}
CREATURE_ID: Final[dict[str, int]] = {c.name: k for k, c in enumerate(CREATURES)}

# Battle cards (section 12): (strength, protection, damage). B0-B5 are every
# player's; B6 comes with Offensive Strategy, B7 with Defensive Strategy.
BATTLE_CARDS: Final[tuple[tuple[int, int, int], ...]] = (
    (1, 0, 3),
    (2, 2, 0),
    (2, 1, 2),
    (3, 1, 0),
    (3, 0, 2),
    (4, 0, 1),
    (3, 0, 3),
    (3, 3, 0),
)
STARTING_HAND: Final = (0, 1, 2, 3, 4, 5)
SPECIAL_OF_TILE: Final[dict[int, int]] = {OFFENSIVE_STRATEGY: 6, DEFENSIVE_STRATEGY: 7}


@dataclass(frozen=True, slots=True)
class DiKind:
    """A kind of Divine Intervention card (section 13)."""

    code: str  # two letters, for the notation
    name: str
    cost: int
    when: str  # "battle", "turn" (Day, own turn), "move" (own Move), "reaction"
    strength: int = 0
    damage: int = 0
    protection: int = 0


DI_KINDS: Final = (
    DiKind("WR", "war_rage", 0, "battle", strength=1),
    DiKind("WF", "war_fury", 1, "battle", strength=2),
    DiKind("BB", "bloody_battle", 0, "battle", damage=1),
    DiKind("BL", "bloodbath", 1, "battle", damage=2),
    DiKind("BW", "bronze_wall", 0, "battle", protection=1),
    DiKind("IW", "iron_wall", 1, "battle", protection=2),
    DiKind("RF", "raining_fire", 1, "turn"),
    DiKind("PR", "prayer", 0, "turn"),
    DiKind("EN", "enlistment", 0, "turn"),
    DiKind("MT", "mana_theft", 0, "turn"),
    DiKind("TP", "teleportation", 1, "move"),
    DiKind("OG", "open_gates", 1, "move"),
    DiKind("VE", "veto", 0, "reaction"),
    DiKind("ES", "escape", 0, "reaction"),
)
# Data gap (section 13): the 35-card counts of S4; kept in this one table.
DI_COUNTS: Final = (3, 3, 3, 2, 3, 2, 4, 2, 4, 2, 3, 1, 2, 1)
DI_KIND_OF: Final[tuple[int, ...]] = tuple(
    k for k, count in enumerate(DI_COUNTS) for _ in range(count)
)
DI_CARDS: Final = len(DI_KIND_OF)  # 35
DI_CODE: Final[dict[str, int]] = {kind.code: k for k, kind in enumerate(DI_KINDS)}
BATTLE_DI: Final = tuple(k for k, kind in enumerate(DI_KINDS) if kind.when == "battle")
RAINING_FIRE, PRAYER, ENLISTMENT, MANA_THEFT = 6, 7, 8, 9
TELEPORTATION, OPEN_GATES_DI, VETO, ESCAPE = 10, 11, 12, 13

assert TILE_COUNT == 48 and DI_CARDS == 35
assert all(TILES[c.tile].effect.endswith(c.name) for c in CREATURES)
