"""Token codes in words: the one table behind the board's legend, the tokens
spelled out on a large harbor, and the help's list of codes.

The full names are the engine's (:data:`engine.tokens.TOKEN_NAMES`, the names
the rules and the log use); this module adds the short form a boat slot has
room for, at most two lines of :data:`SHORT_WIDTH` cells each.
"""

from __future__ import annotations

from typing import Final

from engine.tokens import (
    ACTION_TOKENS,
    CHAMBERS,
    DARK_PYRAMID,
    LIGHT_PYRAMID,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    TEMPLES,
    TOKEN_NAMES,
)

SHORT_WIDTH: Final = 7

_SHORT: Final[dict[str, tuple[str, ...]]] = {
    OBELISK: ("obelisk",),
    LIGHT_PYRAMID: ("light", "pyramid"),
    DARK_PYRAMID: ("dark", "pyramid"),
    **{t: ("temple", t[1]) for t in TEMPLES},
    **{c: ("chamber", c[1:]) for c in CHAMBERS},
    TAKE: ("take 1", "token"),
    PLACE_TWO: ("place", "2-3"),
    PLACE_UNLOAD: ("place 1", "+unload"),
    SWAP_UNLOAD: ("swap 2", "+unload"),
}


def short_words(token: str) -> tuple[str, ...]:
    """The token in one or two short lines, e.g. ``("light", "pyramid")``."""
    return _SHORT[token]


def short_name(token: str) -> str:
    """The short form on one line, e.g. ``"place 1+unload"``."""
    first, *rest = _SHORT[token]
    for line in rest:
        first += line if line.startswith("+") else f" {line}"
    return first


def full_name(token: str) -> str:
    """The token's name as the rules give it, e.g. ``"Take 1 token"``."""
    return TOKEN_NAMES[token]


# Every code, grouped as a player learns them: (codes, what they stand for).
LEGEND: Final[tuple[tuple[str, str], ...]] = (
    (OBELISK, TOKEN_NAMES[OBELISK]),
    (LIGHT_PYRAMID, TOKEN_NAMES[LIGHT_PYRAMID]),
    (DARK_PYRAMID, TOKEN_NAMES[DARK_PYRAMID]),
    (f"{TEMPLES[0]}-{TEMPLES[-1]}", f"temple with {TEMPLES[0][1]} to {TEMPLES[-1][1]} circles"),
    (f"{CHAMBERS[0]}-{CHAMBERS[-1]}", f"burial chamber {CHAMBERS[0][1:]} to {CHAMBERS[-1][1:]}"),
    *((t, f"action token: {TOKEN_NAMES[t]}") for t in ACTION_TOKENS),
)

# The same, shorter, for packing several to a line.
SHORT_LEGEND: Final[tuple[tuple[str, str], ...]] = (
    (OBELISK, short_name(OBELISK)),
    (LIGHT_PYRAMID, short_name(LIGHT_PYRAMID)),
    (DARK_PYRAMID, short_name(DARK_PYRAMID)),
    (f"{TEMPLES[0]}-{TEMPLES[-1]}", f"temple {TEMPLES[0][1]}-{TEMPLES[-1][1]}"),
    (f"{CHAMBERS[0]}-{CHAMBERS[-1]}", f"chamber {CHAMBERS[0][1:]}-{CHAMBERS[-1][1:]}"),
    *((t, short_name(t)) for t in ACTION_TOKENS),
)

# The action tokens' key, the codes a newcomer cannot guess, in words short
# enough for the harbor's corner at 80x24 (11 cells after the code).
ACTION_KEY: Final[tuple[tuple[str, str], ...]] = (
    (TAKE, "take token"),
    (PLACE_TWO, "place 2-3"),
    (PLACE_UNLOAD, "put+unload"),
    (SWAP_UNLOAD, "swap+unload"),
)
