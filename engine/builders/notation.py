"""Text notation for decisions.

=============  =============================================================
``get``        get new stones (quarry to sled)
``P2:3``       place a stone on ship 2, space 3 (ships 1-4 in the round card's
               order, largest first; spaces from the bow)
``S2:M``       sail ship 2 to a site: ``M`` market, ``P`` pyramid, ``T`` temple,
               ``B`` burial chamber, ``O`` obelisks
``lever`` ...  play a blue card: ``lever``, ``hammer``, ``sail``, ``chisel``
``U3``         Lever: unload the stone in space 3 next
``T2``         the market: take the face-up card in position 2
``pass``       pass (only when nothing else is legal)
=============  =============================================================

Parsing ignores case and surrounding spaces; ``str(parse_action(s))`` is the
canonical form, and ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

from engine.builders.actions import (
    GET,
    MARKET_POSITIONS,
    MAX_SHIPS,
    MAX_SLOTS,
    PASS,
    PLACES,
    PLAYS,
    SAILS,
    TAKES,
    UNLOADS,
    Action,
)
from engine.builders.sites import SITE_LETTERS
from engine.message import Message, as_message, msg


class NotationError(ValueError):
    """Text that is not valid notation (a syntax error, not an illegal decision).

    ``error.reason`` is the message as a :class:`~engine.message.Message`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


def _number(text: str, limit: int) -> int | None:
    """``text`` as a zero-based index below ``limit`` if it is a digit 1..limit."""
    if len(text) == 1 and "1" <= text <= str(limit):
        return int(text) - 1
    return None


def parse_action(text: str) -> Action:
    """The decision written as ``text``; raises :class:`NotationError` if malformed."""
    s = text.strip().lower()
    if s == "get":
        return GET
    if s == "pass":
        return PASS
    if s in PLAYS:
        return PLAYS[s]
    head, rest = s[:1], s[1:]
    if head in ("p", "s"):
        first, colon, second = rest.partition(":")
        ship = _number(first, MAX_SHIPS)
        if colon and ship is not None:
            if head == "p":
                slot = _number(second, MAX_SLOTS)
                if slot is not None:
                    return PLACES[ship][slot]
            else:
                site = SITE_LETTERS.lower().find(second) if len(second) == 1 else -1
                if site >= 0:
                    return SAILS[ship][site]
    if head == "u":
        slot = _number(rest, MAX_SLOTS)
        if slot is not None:
            return UNLOADS[slot]
    if head == "t":
        position = _number(rest, MARKET_POSITIONS)
        if position is not None:
            return TAKES[position]
    raise NotationError(
        msg(
            "{text} is not a decision: expected get, P2:3, S2:M (M P T B O), lever, "
            "hammer, sail, chisel, U3, T2 or pass",
            text=repr(text[:40]),
        )
    )


def format_action(action: Action) -> str:
    return str(action)


__all__ = ["NotationError", "format_action", "parse_action"]
