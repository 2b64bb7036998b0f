"""Glyphs and token colours, with an ASCII set for fonts that lack the symbols.

Players are told apart by shape as well as by colour, so the board reads on a
monochrome terminal too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from engine.duel.tokens import kind_of


@dataclass(frozen=True)
class Glyphs:
    meeples: tuple[str, str]
    # Light and dark pyramid tokens differ in shape, not only in colour.
    light_pyramid: str
    dark_pyramid: str
    missing: str
    obelisk: str
    facedown: str
    first: str
    removed: str
    turn: str
    more: str  # marks text cut short
    boxed: str  # a token that goes to the box
    to: str  # from one number to another ("13 to 20 points")
    times: str  # a count of like things ("AU" times 2)


UNICODE = Glyphs(
    meeples=("●", "■"),
    light_pyramid="△",
    dark_pyramid="▲",
    missing="·",
    obelisk="▮",
    facedown="▒",
    first="★",
    removed="≈",
    turn="▶",
    more="…",
    boxed="✗",
    to="→",
    times="\u00d7",
)
ASCII = Glyphs(
    meeples=("O", "X"),
    light_pyramid="^",
    dark_pyramid="#",
    missing=".",
    obelisk="|",
    facedown="#",
    first="*",
    removed="~",
    turn=">",
    more="...",
    boxed="x",
    to="->",
    times="x",
)

# Named ANSI colours, so that the board stays readable with 16 colours.
PLAYER_STYLES = ("bold bright_white", "bold bright_yellow")
_PYRAMID_STYLES = {"PL": "bold bright_white", "PD": "bold red"}
# By kind of token; a pyramid of either colour is drawn like the light one
# where only the kind is shown (the box). Textual's palette gives red and
# magenta the same pink, so burial chambers are blue, apart from dark pyramids.
CHAMBER_STYLE = "bold bright_blue"
KIND_STYLES = {
    "obelisk": "bold yellow",
    "temple": "bold cyan",
    "pyramid": _PYRAMID_STYLES["PL"],
    "chamber": CHAMBER_STYLE,
    "action": "bold green",
}


def token_style(token: str) -> str:
    return _PYRAMID_STYLES.get(token) or KIND_STYLES[kind_of(token)]


def token_text(token: str, width: int = 3) -> Text:
    """A token's code, coloured by kind, padded to ``width``."""
    return Text(token.ljust(width), style=token_style(token))


def meeple_text(player: int, glyphs: Glyphs) -> Text:
    return Text(glyphs.meeples[player], style=PLAYER_STYLES[player])
