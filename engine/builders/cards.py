"""The 34 market cards of BUILDERS.md section 7, as numbers.

A card is its canonical id (0-33, the order of section 7's table), which is
what the explicit set-up's deck order and the state hold. Everything else about
a card (its kind, colour, what it does) is looked up here by id, so the rules
never carry card objects around.
"""

from __future__ import annotations

from typing import Final, Literal

from engine.builders.sites import CHAMBER, OBELISKS, PYRAMID, TEMPLE

Colour = Literal["red", "green", "purple", "blue"]

# (kind, count, colour, site for red and green cards or -1), in id order.
_TABLE: Final[tuple[tuple[str, int, Colour, int], ...]] = (
    ("entrance", 2, "red", PYRAMID),
    ("sarcophagus", 2, "red", CHAMBER),
    ("paved_path", 2, "red", OBELISKS),
    ("pyramid_decoration", 2, "green", PYRAMID),
    ("temple_decoration", 2, "green", TEMPLE),
    ("chamber_decoration", 2, "green", CHAMBER),
    ("obelisk_decoration", 2, "green", OBELISKS),
    ("statue", 10, "purple", -1),
    ("lever", 2, "blue", -1),
    ("hammer", 2, "blue", -1),
    ("sail", 3, "blue", -1),
    ("chisel", 3, "blue", -1),
)

CARD_KIND: Final = tuple(kind for kind, count, _, _ in _TABLE for _ in range(count))
CARD_COLOUR: Final[tuple[Colour, ...]] = tuple(
    colour for _, count, colour, _ in _TABLE for _ in range(count)
)
CARD_SITE: Final = tuple(site for _, count, _, site in _TABLE for _ in range(count))
CARDS: Final = len(CARD_KIND)
ALL_CARDS: Final = tuple(range(CARDS))

KINDS: Final = tuple(kind for kind, _, _, _ in _TABLE)
BLUE_KINDS: Final = ("lever", "hammer", "sail", "chisel")
IS_RED: Final = tuple(colour == "red" for colour in CARD_COLOUR)
IS_BLUE: Final = tuple(colour == "blue" for colour in CARD_COLOUR)
# Kept in front of a player once taken (red cards are carried out and discarded).
IS_KEPT: Final = tuple(colour != "red" for colour in CARD_COLOUR)

# Statues by number held: 1 -> 1, 2 -> 3, 3 -> 6, 4 -> 10, 5 -> 15, +2 per card beyond.
STATUE_POINTS: Final = (0, 1, 3, 6, 10, 15)
STATUE_BEYOND: Final = 2
# Green cards: one point per this many stones of any colour at their site.
DECORATION_STONES: Final = 3
# Each blue card still held at the end.
BLUE_POINTS: Final = 1


def statue_points(count: int) -> int:
    if count < len(STATUE_POINTS):
        return STATUE_POINTS[count]
    return STATUE_POINTS[-1] + STATUE_BEYOND * (count - len(STATUE_POINTS) + 1)


def first_of_kind(held: tuple[int, ...], kind: str) -> int:
    """The lowest id of ``kind`` in ``held``, or -1: which card a play discards."""
    best = -1
    for card in held:
        if CARD_KIND[card] == kind and (best < 0 or card < best):
            best = card
    return best


__all__ = [
    "ALL_CARDS",
    "BLUE_KINDS",
    "CARDS",
    "CARD_COLOUR",
    "CARD_KIND",
    "CARD_SITE",
    "KINDS",
    "first_of_kind",
    "statue_points",
]
