"""Decisions: the single steps a player takes (see :mod:`engine.kemet.notation`).

One small frozen value, a verb and its integer arguments, serves every
decision: spaces are global space ids, colours 0-2 (white, red, blue), DI
cards are named by their kind (cards of one kind are alike; the engine takes
the lowest id of that kind where it must pick one), battle cards by id.
``str(action)`` is its notation.
"""

from __future__ import annotations

import msgspec

from engine.message import Message, as_message

VERBS = (
    "pyr",  # levels w, r, b; districts (0-2) of w, r, b
    "units",  # units in districts 0, 1, 2
    "keep",  # Vision: DI kind kept
    "hog",  # Hand of God: colour
    "reinforce",  # Reinforcements: one unit to a space
    "done",  # end night powers, a recruit, Divine Wound discards
    "order",  # the turn order, seats
    "place",  # a regular token on an action space (1-9)
    "silver",  # the silver token on an action space (1-9)
    "gold",  # the gold token on the apex: 0 Move, 1 Recruit
    "di",  # a DI card outside battle: kind, targets
    "end",  # end the turn
    "raise",  # colour, new level
    "skip",  # decline the action of the token just placed
    "buy",  # tile id
    "remove",  # Strategy: battle card removed from the game
    "creature",  # place the creature in a district
    "recruit",  # one unit to a district
    "beast",  # a creature from reserve to a district: creature, space
    "fight",  # the recruitment battle fought next: space
    "group",  # the moving group: space, units, with creature (0/1)
    "go",  # a land step or harbour crossing
    "tp",  # a teleport
    "drop",  # units, creature (0/1)
    "pick",  # units, creature (0/1)
    "stop",  # end the Move
    "escape",  # play Escape: destination
    "veto",
    "pass",
    "commit",  # played card, discarded card, DI kinds (repeats allowed)
    "wound",  # Divine Wound: discard one DI card of this kind
    "retreat",
    "recall",
    "stay",
    "to",  # the winner chooses the loser's retreat space
    "sacrifice",
)


class Action(msgspec.Struct, frozen=True, array_like=True):
    """One decision: a verb and its arguments."""

    verb: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        from engine.kemet.notation import format_action

        return format_action(self)

    def __repr__(self) -> str:
        return f"Action({self.verb!r}, {self.args!r})"


_MADE: dict[tuple[str, tuple[int, ...]], Action] = {}


def act(verb: str, *args: int) -> Action:
    """The action ``verb`` with ``args``; one shared instance per value (cheap legal lists)."""
    key = (verb, args)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = Action(verb, args)
    return found


DONE = act("done")
END = act("end")
SKIP = act("skip")
STOP = act("stop")
PASS = act("pass")
VETO = act("veto")
RETREAT = act("retreat")
RECALL = act("recall")
STAY = act("stay")
SACRIFICE = act("sacrifice")


class IllegalAction(ValueError):
    """A decision the rules do not allow now; ``reason`` says why, as a Message."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


__all__ = [
    "DONE",
    "END",
    "PASS",
    "RECALL",
    "RETREAT",
    "SACRIFICE",
    "SKIP",
    "STAY",
    "STOP",
    "VERBS",
    "VETO",
    "Action",
    "IllegalAction",
    "act",
]
