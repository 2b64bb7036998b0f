"""How Builders of Egypt draws its stones, ships and cards.

Four players are told apart by a shape as well as a colour (and in ASCII by
a letter), so the board reads with 16 colours, in black and white and under
``LANG=C``. Card codes are short, the same in every language, as the Duel's
token codes are: a key of them is one key away (``C``) and in the help.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rich.text import Text

from engine.builders.cards import CARD_COLOUR, CARD_KIND


@dataclass(frozen=True)
class Glyphs:
    stones: tuple[str, str, str, str]  # one per seat
    empty: str  # an empty space on a ship or a site
    turn: str  # the player to move
    docked: str  # a ship that has sailed: "-> pyramid"
    more: str  # marks text cut short
    taken: str  # a market position already taken
    block: str  # one stone of an obelisk
    apart: str  # between two facts on one border: "hard · 12 pts"


UNICODE: Final = Glyphs(
    stones=("●", "■", "▲", "◆"),
    empty="·",
    turn="▶",
    docked="→",
    more="…",
    taken="\u2013",
    block="▮",
    apart=" · ",
)
ASCII: Final = Glyphs(
    stones=("A", "B", "C", "D"),
    empty=".",
    turn=">",
    docked="->",
    more="...",
    taken="-",
    block="#",
    apart=" - ",
)

# Named ANSI colours, readable with 16 colours on a dark or a light theme.
# Textual gives red and magenta the same pink, so neither is used twice.
PLAYER_STYLES: Final = (
    "bold bright_white",
    "bold bright_yellow",
    "bold bright_cyan",
    "bold magenta",
)
CARD_STYLES: Final = {
    "red": "bold red",
    "green": "bold green",
    "purple": "bold magenta",
    "blue": "bold bright_blue",
}

# Two letters per kind of card, the same in every language (written in the
# help's card key): decorations start with "d" and name their site.
CARD_CODES: Final = {
    "entrance": "En",
    "sarcophagus": "Sa",
    "paved_path": "Pa",
    "pyramid_decoration": "dP",
    "temple_decoration": "dT",
    "chamber_decoration": "dB",
    "obelisk_decoration": "dO",
    "statue": "St",
    "lever": "Lv",
    "hammer": "Hm",
    "sail": "Sl",
    "chisel": "Ch",
}
assert set(CARD_CODES) == set(CARD_KIND)


def stone(seat: int, glyphs: Glyphs) -> Text:
    """A stone of ``seat``, in its shape and colour."""
    return Text(glyphs.stones[seat], style=PLAYER_STYLES[seat])


def stone_or_empty(owner: int, glyphs: Glyphs) -> Text:
    if owner < 0:
        return Text(glyphs.empty, style="dim")
    return stone(owner, glyphs)


def card_code(card: int) -> Text:
    """A card's code in its colour (by id)."""
    return Text(CARD_CODES[CARD_KIND[card]], style=CARD_STYLES[CARD_COLOUR[card]])


def kind_style(kind: str) -> str:
    """The colour of a kind of card."""
    colour = CARD_COLOUR[CARD_KIND.index(kind)]
    return CARD_STYLES[colour]
