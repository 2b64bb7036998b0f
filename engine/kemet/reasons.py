"""Why a decision is refused, in words a player can read.

The rules list the legal decisions (:func:`engine.kemet.rules.legal_actions`);
this module is asked only about a decision that is not on that list, and
says which rule it breaks, most specific reason first.
"""

from __future__ import annotations

from engine.kemet.actions import Action
from engine.kemet.board import SPACE_NAMES, SPACES
from engine.kemet.cards import DI_KINDS, TILE_COUNT, TILES
from engine.kemet.core import (
    creature_of,
    first_of_kind,
    layout,
    limit,
    owned_effects,
    tile_buyable_level,
    units_of,
)
from engine.kemet.state import GameState
from engine.message import Message, msg

# Which verbs each phase takes, for the reason "not now".
_VERBS = {
    "pyramids": ("pyr",),
    "units": ("units",),
    "vision": ("keep",),
    "night": ("hog", "reinforce", "done"),
    "order": ("order",),
    "turn": ("place", "silver", "gold", "di", "end"),
    "raise": ("raise", "skip"),
    "buy": ("buy", "skip"),
    "strategy": ("remove",),
    "creature": ("creature",),
    "recruit": ("recruit", "beast", "done"),
    "fight": ("fight",),
    "move": ("group", "skip", "go", "tp", "drop", "pick", "di", "stop"),
    "escape": ("escape", "pass"),
    "veto": ("veto", "pass"),
    "commit": ("commit",),
    "wound": ("wound", "done"),
    "loser": ("retreat", "recall"),
    "retreat": ("to",),
    "winner": ("stay", "recall"),
    "delta": ("sacrifice", "pass"),
    "sanctuary": ("sacrifice", "pass"),
}


def _space_ok(state: GameState, space: int) -> bool:
    return 0 <= space < SPACES and space in layout(state).in_play


def reason(state: GameState, action: Action) -> Message:
    """Why ``action`` is refused in ``state`` (it is not among the legal decisions)."""
    if state.phase == "over":
        return msg("the game is over")
    v, args = action.verb, action.args
    if v not in _VERBS[state.phase]:
        return msg("{action} is not a decision you can take now", action=str(action)[:40])
    seat = state.actor
    for arg, space in _spaces_named(action):
        if not _space_ok(state, space):
            return msg("{space} is not a space in play", space=arg)
    if v == "di" and args and 0 <= args[0] < len(DI_KINDS):
        card = first_of_kind(state.hands[seat], args[0])
        if card < 0:
            return msg("you hold no {card} card", card=DI_KINDS[args[0]].code)
        return msg("that card cannot be played now, or not with those targets")
    if v in ("place", "silver") and args and 0 < args[0] < 10:
        if state.used[seat] >> args[0] & 1:
            return msg("that action space already holds a token")
        if v == "place" and state.placed:
            return msg("you have placed this turn's action token already")
        if v == "silver":
            return msg("you have no silver token to place now")
        return msg("afterwards a row would stay empty: each row needs a token by the Day's end")
    if v == "gold":
        return msg("you have no gold token to place now")
    if v == "end":
        return msg("place an action token before ending your turn")
    if v == "buy" and args and 0 <= args[0] < TILE_COUNT:
        tile = TILES[args[0]]
        if state.tiles[args[0]] >= 0:
            return msg("that tile is no longer in the supply")
        if tile.colour != state.colour:
            return msg("this action buys a tile of another colour")
        if tile.effect in owned_effects(state, seat):
            return msg("you already own a tile with that effect")
        if tile.level > tile_buyable_level(state, seat, tile.colour):
            return msg("you hold no pyramid of that colour high enough for that tile")
        return msg("you cannot pay for that tile now")
    if v == "raise":
        return msg("that pyramid cannot be raised so far, or you cannot pay for it")
    if v in ("go", "tp") and args and state.group is not None:
        return _step_reason(state, v, args[0])
    if v == "commit":
        return msg("that commitment uses cards you do not hold or cannot pay for")
    if v == "wound" and args and 0 <= args[0] < len(DI_KINDS):
        return msg("you hold no {card} card", card=DI_KINDS[args[0]].code)
    if v == "keep":
        return msg("that card is not among those you drew")
    if v == "veto":
        return msg("you hold no Veto card")
    if v == "escape":
        return msg("you cannot escape there")
    if v == "recruit":
        return msg("you cannot recruit another unit there (reserve, troop limit or prayer points)")
    return msg("{action} is not allowed now", action=str(action)[:40])


def _step_reason(state: GameState, verb: str, t: int) -> Message:
    g = state.group
    assert g is not None
    seat = state.actor
    if verb == "go" and t not in layout(state).neighbours[g.space]:
        return msg("that space is not next to the group")
    if verb == "go" and g.mp < 1:
        return msg("the group has no movement points left")
    if units_of(state, seat, t) + g.units > limit(state, seat):
        return msg("the troop limit does not let that many of your units onto that space")
    if g.creature >= 0 and creature_of(state, seat, t) >= 0:
        return msg("you would have two creatures on one space")
    if verb == "go":
        return msg("the walls: another player's city can be entered only by a Move's first step")
    if t == g.space or t in g.visited:
        return msg("the group has already been on that space during this Move")
    if t not in layout(state).obelisks:
        return msg("a teleport ends on a space with an obelisk")
    return msg("the group cannot teleport from here, or you cannot pay for it")


def _spaces_named(action: Action) -> list[tuple[str, int]]:
    v, args = action.verb, action.args
    named: tuple[int, ...] = ()
    if v in ("reinforce", "creature", "recruit", "fight", "go", "tp", "escape", "to", "group"):
        named = args[:1]
    elif v == "beast":
        named = args[1:2]
    elif v == "di":
        named = args[1:]
    return [(SPACE_NAMES[a] if 0 <= a < SPACES else str(a), a) for a in named]


__all__ = ["reason"]
