"""The 60 cargo tokens and the harbor's geometry.

A token is a short upper-case code, which is also its notation:

========  ===============================================
``OB``    obelisk
``PL``    light pyramid
``PD``    dark pyramid
``T1-T4`` temple token with 1 to 4 circle symbols
``B1-B12`` burial chamber token numbered 1 to 12
``AT``    action token *Take 1 token*
``AP``    action token *Place 2-3 meeples*
``AU``    action token *Place 1 meeple and unload 1-2x*
``AS``    action token *Swap 2 tokens and unload*
========  ===============================================

Codes are plain ``str`` values so that states encode as readable JSON and compare
cheaply; the helpers below classify them.
"""

from __future__ import annotations

from typing import Final

OBELISK: Final = "OB"
LIGHT_PYRAMID: Final = "PL"
DARK_PYRAMID: Final = "PD"
TEMPLES: Final = ("T1", "T2", "T3", "T4")
CHAMBERS: Final = tuple(f"B{n}" for n in range(1, 13))

TAKE: Final = "AT"
PLACE_TWO: Final = "AP"
PLACE_UNLOAD: Final = "AU"
SWAP_UNLOAD: Final = "AS"
ACTION_TOKENS: Final = (TAKE, PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD)

# The box contents in a fixed, canonical order: the order in which the set-up
# documentation and the UI list the kinds.
FULL_SET: Final[tuple[str, ...]] = (
    (OBELISK,) * 12
    + (LIGHT_PYRAMID,) * 6
    + (DARK_PYRAMID,) * 6
    + tuple(t for t in TEMPLES for _ in range(3))
    + CHAMBERS
    + tuple(a for a in ACTION_TOKENS for _ in range(3))
)

ALL_CODES: Final = frozenset(FULL_SET)

TOKEN_NAMES: Final[dict[str, str]] = {
    OBELISK: "obelisk",
    LIGHT_PYRAMID: "light pyramid",
    DARK_PYRAMID: "dark pyramid",
    **{t: f"temple {t[1]}" for t in TEMPLES},
    **{c: f"burial chamber {c[1:]}" for c in CHAMBERS},
    TAKE: "Take 1 token",
    PLACE_TWO: "Place 2-3 meeples",
    PLACE_UNLOAD: "Place 1 meeple and unload 1-2x",
    SWAP_UNLOAD: "Swap 2 tokens and unload",
}


def is_action_token(token: str) -> bool:
    return token[0] == "A"


def token_name(token: str) -> str:
    """The token's name in plain words, e.g. ``"temple 3"``."""
    return TOKEN_NAMES[token]


def token_phrase(token: str) -> str:
    """The token as it reads inside a sentence, e.g. ``'an obelisk'``."""
    if token == OBELISK:
        return "an obelisk"
    if token in (LIGHT_PYRAMID, DARK_PYRAMID):
        return f"a {TOKEN_NAMES[token]}"
    if is_action_token(token):
        return f'the "{TOKEN_NAMES[token]}" token'
    return TOKEN_NAMES[token]


def kind_of(token: str) -> str:
    """The token's kind: obelisk, pyramid, temple, chamber or action."""
    head = token[0]
    if head == "O":
        return "obelisk"
    if head == "P":
        return "pyramid"
    if head == "T":
        return "temple"
    if head == "B":
        return "chamber"
    return "action"


# --- geometry -----------------------------------------------------------------
#
# Cells are numbered 0..8 internally, row-major (row * 3 + column); players see
# them as 1..9. Boats are 0..5: the row boats of rows 0, 1, 2, then the column
# boats of columns 0, 1, 2 (the deal order of RULES.md section 3).

BOAT_NAMES: Final = ("R1", "R2", "R3", "C1", "C2", "C3")

# Each boat's line, nearest cell first (the hand-out order of an unload).
BOAT_LINES: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)

# The two boats whose lines pass through each cell: (row boat, column boat).
CELL_BOATS: Final[tuple[tuple[int, int], ...]] = tuple(
    (cell // 3, 3 + cell % 3) for cell in range(9)
)


def boat_name(boat: int) -> str:
    return BOAT_NAMES[boat]


def boat_words(boat: int) -> str:
    """A boat in plain words, e.g. ``"the row 2 boat"``."""
    kind = "row" if boat < 3 else "column"
    return f"the {kind} {boat % 3 + 1} boat"


def cell_words(cell: int) -> str:
    return f"cell {cell + 1} (row {cell // 3 + 1}, column {cell % 3 + 1})"
