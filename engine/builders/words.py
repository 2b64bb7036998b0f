"""Names of the game's things, as messages a translator can word (engine.message)."""

from __future__ import annotations

from typing import Final

from engine.builders.cards import CARD_KIND
from engine.builders.sites import SITES
from engine.message import Message, pmsg

SITE_NAMES: Final[tuple[Message, ...]] = (
    pmsg("site", "market"),
    pmsg("site", "pyramid"),
    pmsg("site", "temple"),
    pmsg("site", "burial chamber"),
    pmsg("site", "obelisks"),
)
assert len(SITE_NAMES) == len(SITES)

CARD_NAMES: Final[dict[str, Message]] = {
    "entrance": pmsg("market card", "Entrance"),
    "sarcophagus": pmsg("market card", "Sarcophagus"),
    "paved_path": pmsg("market card", "Paved path"),
    "pyramid_decoration": pmsg("market card", "Pyramid decoration"),
    "temple_decoration": pmsg("market card", "Temple decoration"),
    "chamber_decoration": pmsg("market card", "Burial chamber decoration"),
    "obelisk_decoration": pmsg("market card", "Obelisk decoration"),
    "statue": pmsg("market card", "Statue"),
    "lever": pmsg("market card", "Lever"),
    "hammer": pmsg("market card", "Hammer"),
    "sail": pmsg("market card", "Sail"),
    "chisel": pmsg("market card", "Chisel"),
}
assert set(CARD_NAMES) == set(CARD_KIND)


def site_name(site: int) -> Message:
    return SITE_NAMES[site]


def card_name(card: int | str) -> Message:
    """A card's name, from its id or its kind."""
    return CARD_NAMES[card if isinstance(card, str) else CARD_KIND[card]]


__all__ = ["CARD_NAMES", "SITE_NAMES", "card_name", "site_name"]
