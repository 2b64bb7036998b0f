"""Decisions: the single steps a player takes (see :mod:`engine.kemet.notation`).

One small frozen value, a verb and its integer arguments, serves every
decision: spaces are global space ids, colours 0-2 (white, red, blue), DI
cards are named by their kind (cards of one kind are alike; the engine takes
the lowest id of that kind where it must pick one), battle cards by id.
``str(action)`` is its notation.
"""

from __future__ import annotations

import msgspec

from engine.kemet.board import SPACE_NAMES, SPACES
from engine.kemet.cards import COLOUR_LETTERS, CREATURES, DI_KINDS
from engine.kemet.state import SPACE_KEYS
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


BARE = frozenset(
    {"done", "end", "skip", "stop", "veto", "pass", "retreat", "recall", "stay", "sacrifice"}
)
ONE_SPACE = frozenset({"reinforce", "creature", "recruit", "fight", "go", "tp", "escape", "to"})
GOLD = ("move", "recruit")
_BARE, _ONE_SPACE, _GOLD = BARE, ONE_SPACE, GOLD


def _space(a: int) -> str:
    return SPACE_NAMES[a] if 0 <= a < SPACES else f"?{a}"


def _kind(k: int) -> str:
    return DI_KINDS[k].code if 0 <= k < len(DI_KINDS) else f"?{k}"


def _count(units: int, creature: int) -> str:
    return f"{units}+c" if creature else str(units)


def format_action(action: Action) -> str:
    """The action's notation."""
    v, a = action.verb, action.args
    try:
        if v in _BARE:
            return v
        if v in _ONE_SPACE:
            return f"{v} {_space(a[0])}"
        if v == "pyr":
            return "pyr " + " ".join(f"{COLOUR_LETTERS[c]}{a[c]}/{a[3 + c] + 1}" for c in range(3))
        if v == "units":
            return "units " + "/".join(map(str, a))
        if v in ("keep", "wound"):
            return f"{v} {_kind(a[0])}"
        if v == "hog":
            return f"hog {COLOUR_LETTERS[a[0]]}"
        if v == "order":
            return "order " + "-".join(str(s + 1) for s in a)
        if v in ("place", "silver"):
            return f"{v} {SPACE_KEYS[a[0]]}"
        if v == "gold":
            return f"gold {_GOLD[a[0]]}"
        if v == "di":
            return " ".join(("di", _kind(a[0]), *map(_space, a[1:])))
        if v == "raise":
            return f"raise {COLOUR_LETTERS[a[0]]}{a[1]}"
        if v == "buy":
            return f"buy {a[0]}"
        if v == "remove":
            return f"remove B{a[0]}"
        if v == "beast":
            return f"beast {CREATURES[a[0]].name} {_space(a[1])}"
        if v == "group":
            return f"group {_space(a[0])} {_count(a[1], a[2])}"
        if v in ("drop", "pick"):
            return f"{v} {_count(a[0], a[1])}"
        if v == "commit":
            return " ".join((f"commit B{a[0]}/B{a[1]}", *map(_kind, a[2:])))
    except IndexError:
        pass
    return f"{v}?{','.join(map(str, a))}"


# Decisions whose notation names what other seats may not see (section 16): a
# battle commitment, the card Vision keeps, the battle card a Strategy tile
# removes, the DI card given to Divine Wound. A log or replay shown to another
# seat words them with engine.kemet.describe, never in notation.
SECRET_VERBS = frozenset({"commit", "keep", "remove", "wound"})


def secret(action: Action) -> bool:
    """Whether ``action``'s notation shows something hidden from the other seats."""
    return action.verb in SECRET_VERBS


class IllegalAction(ValueError):
    """A decision the rules do not allow now; ``reason`` says why, as a Message."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


__all__ = [
    "BARE",
    "DONE",
    "END",
    "GOLD",
    "ONE_SPACE",
    "PASS",
    "RECALL",
    "RETREAT",
    "SACRIFICE",
    "SECRET_VERBS",
    "SKIP",
    "STAY",
    "STOP",
    "VERBS",
    "VETO",
    "Action",
    "IllegalAction",
    "act",
    "format_action",
    "secret",
]
