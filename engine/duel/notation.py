"""Text notation for tokens and actions.

Tokens are written by their codes (:mod:`engine.duel.tokens`). Actions:

===========  ==========================================================
``P5``       place a meeple on cell 5 (cells 1-9, row by row from the top left)
``UR2``      unload the row 2 boat; ``UC3`` the column 3 boat
``AT`` ...   play that action token (``AT``, ``AP``, ``AU``, ``AS``)
``TR1:2``    Take 1 token: take the token in slot 2 of the row 1 boat
``SC2:13``   Swap: exchange slots 1 and 3 of the column 2 boat
``stop``     decline the optional last step of an action token
``pass``     pass (only when no other action is legal)
===========  ==========================================================

Parsing ignores case and surrounding spaces; ``str(parse_action(s))`` gives the
canonical form, and ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

from engine.duel.actions import (
    PASS,
    PLACES,
    PLAYS,
    STOP,
    SWAP_PAIRS,
    SWAPS,
    TAKES,
    UNLOADS,
    Action,
)
from engine.duel.tokens import ALL_CODES, BOAT_NAMES
from engine.message import Message, as_message, msg


class NotationError(ValueError):
    """Text that is not valid notation (a syntax error, not an illegal move).

    ``error.reason`` is the message as a :class:`~engine.message.Message`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


_BOATS = {name: index for index, name in enumerate(BOAT_NAMES)}


def format_action(action: Action) -> str:
    return str(action)


def _boat(text: str, whole: str) -> int:
    try:
        return _BOATS[text]
    except KeyError:
        raise NotationError(
            msg(
                "{whole}: {text} is not a boat (R1-R3 for rows, C1-C3 for columns)",
                whole=repr(whole),
                text=repr(text),
            )
        ) from None


def _slot(text: str, whole: str) -> int:
    if text not in ("1", "2", "3"):
        raise NotationError(
            msg("{whole}: slot {text} is not 1, 2 or 3", whole=repr(whole), text=repr(text))
        )
    return int(text) - 1


def parse_action(text: str) -> Action:
    """The action written as ``text``; raises :class:`NotationError` if malformed."""
    s = text.strip().upper()
    if s == "STOP":
        return STOP
    if s == "PASS":
        return PASS
    if s in PLAYS:
        return PLAYS[s]
    head, rest = s[:1], s[1:]
    if head == "P" and len(rest) == 1 and rest in "123456789":
        return PLACES[int(rest) - 1]
    if head == "U" and len(rest) == 2:
        return UNLOADS[_boat(rest, text)]
    if head in ("T", "S") and ":" in rest:
        boat_text, _, slots = rest.partition(":")
        boat = _boat(boat_text, text)
        if head == "T" and len(slots) == 1:
            return TAKES[boat][_slot(slots, text)]
        if head == "S" and len(slots) == 2:
            pair = tuple(sorted((_slot(slots[0], text), _slot(slots[1], text))))
            if pair[0] == pair[1]:
                raise NotationError(
                    msg("{text}: a swap needs two different slots", text=repr(text))
                )
            return SWAPS[boat][SWAP_PAIRS.index(pair)]
    raise NotationError(
        msg(
            "{text} is not an action: expected P1-P9, UR1-UC3, AT/AP/AU/AS, "
            "TR1:2, SC2:13, stop or pass",
            text=repr(text),
        )
    )


def parse_token(text: str) -> str:
    """The token code written as ``text`` (case-insensitive)."""
    code = text.strip().upper()
    if code not in ALL_CODES:
        raise NotationError(msg("{text} is not a token code", text=repr(text)))
    return code
