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

from collections import Counter
from collections.abc import Iterable
from typing import Final, Literal

from engine.message import Message, nmsg, pmsg

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

# Token names are messages (English strings that a translator can reword, see
# engine.message). Each name comes in the grammatical roles the engine's
# sentences need, told apart by context, because many languages inflect a
# noun by its place in the sentence: "token name" is a label on its own,
# "token, as object" is what a player takes or plays, "token, as subject" is
# what goes to the box.
_ACTION_TITLES: Final[dict[str, Message]] = {
    TAKE: pmsg("token name", "Take 1 token"),
    PLACE_TWO: pmsg("token name", "Place 2-3 meeples"),
    PLACE_UNLOAD: pmsg("token name", "Place 1 meeple and unload 1-2x"),
    SWAP_UNLOAD: pmsg("token name", "Swap 2 tokens and unload"),
}


def _title(token: str) -> Message:
    if token == OBELISK:
        return pmsg("token name", "obelisk")
    if token == LIGHT_PYRAMID:
        return pmsg("token name", "light pyramid")
    if token == DARK_PYRAMID:
        return pmsg("token name", "dark pyramid")
    if token[0] == "T":
        return pmsg("token name", "temple {circles}", circles=int(token[1]))
    if token[0] == "B":
        return pmsg("token name", "burial chamber {number}", number=int(token[1:]))
    return _ACTION_TITLES[token]


TOKEN_NAMES: Final[dict[str, Message]] = {t: _title(t) for t in dict.fromkeys(FULL_SET)}


def is_action_token(token: str) -> bool:
    return token[0] == "A"


def token_name(token: str) -> Message:
    """The token's name as a label, e.g. ``"temple 3"``."""
    return TOKEN_NAMES[token]


def token_phrase(token: str) -> Message:
    """The token as the object of a sentence ("takes ..."), e.g. ``'an obelisk'``."""
    if token == OBELISK:
        return pmsg("token, as object", "an obelisk")
    if token == LIGHT_PYRAMID:
        return pmsg("token, as object", "a light pyramid")
    if token == DARK_PYRAMID:
        return pmsg("token, as object", "a dark pyramid")
    if token[0] == "T":
        return pmsg("token, as object", "temple {circles}", circles=int(token[1]))
    if token[0] == "B":
        return pmsg("token, as object", "burial chamber {number}", number=int(token[1:]))
    return pmsg("token, as object", 'the "{name}" token', name=TOKEN_NAMES[token])


def tokens_phrase(token: str, count: int) -> Message:
    """``count`` of one token as the object of a sentence ("takes 2 obelisks").

    A boat may hold two tokens alike: "an obelisk and an obelisk" reads as a
    slip, so a player who takes both is said to take two.
    """
    if count == 1:
        return token_phrase(token)
    if token == OBELISK:
        return nmsg("{count} obelisk", "{count} obelisks", count)
    if token == LIGHT_PYRAMID:
        return nmsg("{count} light pyramid", "{count} light pyramids", count)
    if token == DARK_PYRAMID:
        return nmsg("{count} dark pyramid", "{count} dark pyramids", count)
    if token[0] == "T":
        return nmsg(
            "{count} temple token of {circles}",
            "{count} temple tokens of {circles}",
            count,
            circles=int(token[1]),
        )
    # Burial chambers are each one of a kind; action tokens come three alike.
    return nmsg('{count} "{name}" token', '{count} "{name}" tokens', count, name=TOKEN_NAMES[token])


def counted_phrases(tokens: Iterable[str]) -> list[Message]:
    """Tokens as objects, those alike once with their count, in their order."""
    counts = Counter(tokens)
    return [tokens_phrase(token, count) for token, count in counts.items()]


def token_subject(token: str) -> Message:
    """The token as the subject of a sentence ("... goes to the box")."""
    if token == OBELISK:
        return pmsg("token, as subject", "an obelisk")
    if token == LIGHT_PYRAMID:
        return pmsg("token, as subject", "a light pyramid")
    if token == DARK_PYRAMID:
        return pmsg("token, as subject", "a dark pyramid")
    if token[0] == "T":
        return pmsg("token, as subject", "temple {circles}", circles=int(token[1]))
    if token[0] == "B":
        return pmsg("token, as subject", "burial chamber {number}", number=int(token[1:]))
    return pmsg("token, as subject", 'the "{name}" token', name=TOKEN_NAMES[token])


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


BoatRole = Literal["subject", "object", "owner"]


def boat_words(boat: int, role: BoatRole = "subject") -> Message:
    """A boat in plain words, e.g. ``"the row 2 boat"``.

    ``role`` is its place in the sentence, for languages that inflect it:
    "subject" (the boat has left the game), "object" (a player unloads it),
    "owner" (the line, or a slot, of the boat).
    """
    line = boat % 3 + 1
    if boat < 3:
        if role == "object":
            return pmsg("boat, as object", "the row {line} boat", line=line)
        if role == "owner":
            # TRANSLATORS: "boat, as owner" is the boat whose line or slots a
            # sentence names: "the line of {boat}", "slot {slot} of {boat}",
            # "slots 1 and 2 of {boat}". A translation may name the line itself
            # here ("row 2") and word those sentences around it.
            return pmsg("boat, as owner", "the row {line} boat", line=line)
        return pmsg("boat, as subject", "the row {line} boat", line=line)
    if role == "object":
        return pmsg("boat, as object", "the column {line} boat", line=line)
    if role == "owner":
        return pmsg("boat, as owner", "the column {line} boat", line=line)
    return pmsg("boat, as subject", "the column {line} boat", line=line)


def cell_words(cell: int) -> Message:
    """A cell as a label, e.g. ``"cell 5 (row 2, column 2)"``."""
    return pmsg(
        "cell name",
        "cell {cell} (row {row}, column {column})",
        cell=cell + 1,
        row=cell // 3 + 1,
        column=cell % 3 + 1,
    )
