"""Names of Kemet's things, as messages a translator can word (engine.message).

The Hungarian catalogue takes the rulebook's terms (KEMET.md gives them in
parentheses); see the glossary for the list.
"""

from __future__ import annotations

from typing import Final

from engine.kemet.board import SPACE_NAMES, city_of
from engine.kemet.cards import CREATURES, DI_KINDS, TILES
from engine.kemet.state import SPACE_KEYS
from engine.message import Message, msg, pmsg

COLOUR_NAMES: Final = (pmsg("colour", "white"), pmsg("colour", "red"), pmsg("colour", "blue"))

TILE_NAMES: Final[dict[str, Message]] = {
    "charge": pmsg("tile", "Charge!"),
    "god_speed": pmsg("tile", "God Speed"),
    "stargate": pmsg("tile", "Stargate"),
    "carnage": pmsg("tile", "Carnage"),
    "offensive_strategy": pmsg("tile", "Offensive Strategy"),
    "open_gates": pmsg("tile", "Open Gates"),
    "teleport": pmsg("tile", "Teleport"),
    "royal_scarab": pmsg("tile", "Royal Scarab"),
    "blades_of_neith": pmsg("tile", "Blades of Neith"),
    "divine_wound": pmsg("tile", "Divine Wound"),
    "victory_point": pmsg("tile", "Victory Point"),
    "giant_scorpion": pmsg("tile", "Giant Scorpion"),
    "initiative": pmsg("tile", "Initiative"),
    "phoenix": pmsg("tile", "Phoenix"),
    "act_of_god": pmsg("tile", "Act of God"),
    "recruiting_scribe": pmsg("tile", "Recruiting Scribe"),
    "defense": pmsg("tile", "Defense!"),
    "legion": pmsg("tile", "Legion"),
    "ancestral_elephant": pmsg("tile", "Ancestral Elephant"),
    "defensive_strategy": pmsg("tile", "Defensive Strategy"),
    "deep_desert_snake": pmsg("tile", "Deep Desert Snake"),
    "shield_of_neith": pmsg("tile", "Shield of Neith"),
    "defensive_victory": pmsg("tile", "Defensive Victory"),
    "prescience": pmsg("tile", "Prescience"),
    "reinforcements": pmsg("tile", "Reinforcements"),
    "sphinx": pmsg("tile", "Sphinx"),
    "divine_will": pmsg("tile", "Divine Will"),
    "priest": pmsg("tile", "Priest"),
    "priestess": pmsg("tile", "Priestess"),
    "slaves": pmsg("tile", "Slaves"),
    "high_priest": pmsg("tile", "High Priest"),
    "crusade": pmsg("tile", "Crusade"),
    "divine_boon": pmsg("tile", "Divine Boon"),
    "hand_of_god": pmsg("tile", "Hand of God"),
    "vision": pmsg("tile", "Vision"),
    "holy_war": pmsg("tile", "Holy War"),
    "priest_of_ra": pmsg("tile", "Priest of Ra"),
    "priest_of_amon": pmsg("tile", "Priest of Amon"),
    "the_mummy": pmsg("tile", "The Mummy"),
}
assert set(TILE_NAMES) == {t.effect for t in TILES}

CREATURE_NAMES: Final = (
    pmsg("creature", "Royal Scarab"),
    pmsg("creature", "Giant Scorpion"),
    pmsg("creature", "Phoenix"),
    pmsg("creature", "Ancestral Elephant"),
    pmsg("creature", "Deep Desert Snake"),
    pmsg("creature", "Sphinx"),
    pmsg("creature", "The Mummy"),
)
assert len(CREATURE_NAMES) == len(CREATURES)

DI_NAMES: Final = (
    pmsg("divine intervention", "War Rage"),
    pmsg("divine intervention", "War Fury"),
    pmsg("divine intervention", "Bloody Battle"),
    pmsg("divine intervention", "Bloodbath"),
    pmsg("divine intervention", "Bronze Wall"),
    pmsg("divine intervention", "Iron Wall"),
    pmsg("divine intervention", "Raining Fire"),
    pmsg("divine intervention", "Prayer"),
    pmsg("divine intervention", "Enlistment"),
    pmsg("divine intervention", "Mana Theft"),
    pmsg("divine intervention", "Teleportation"),
    pmsg("divine intervention", "Open Gates"),
    pmsg("divine intervention", "Veto"),
    pmsg("divine intervention", "Escape"),
)
assert len(DI_NAMES) == len(DI_KINDS)

ACTION_NAMES: Final = (
    pmsg("action space", "Divine Will"),
    pmsg("action space", "Move"),
    pmsg("action space", "Recruit"),
    pmsg("action space", "Raise a pyramid"),
    pmsg("action space", "Move"),
    pmsg("action space", "Pray"),
    pmsg("action space", "Buy a white tile"),
    pmsg("action space", "Buy a red tile"),
    pmsg("action space", "Buy a blue tile"),
    pmsg("action space", "Pray"),
)
assert len(ACTION_NAMES) == len(SPACE_KEYS)


def space_name(space: int) -> Message:
    """A space for players: "district 2 of city 1", "temple T3", "desert d12"."""
    name = SPACE_NAMES[space]
    city = city_of(space)
    if city:
        return msg("district {district} of city {city}", district=space % 3 + 1, city=city)
    if name.startswith("T"):
        return msg("temple {name}", name=name)
    if name == "sanctuary":
        return msg("the Sanctuary of All Gods")
    return msg("desert {name}", name=name)


def tile_name(tile: int) -> Message:
    return TILE_NAMES[TILES[tile].effect]


__all__ = [
    "ACTION_NAMES",
    "COLOUR_NAMES",
    "CREATURE_NAMES",
    "DI_NAMES",
    "TILE_NAMES",
    "space_name",
    "tile_name",
]
