"""The checked path: why a decision is illegal, and :func:`apply` that refuses it.

:func:`why_illegal` is written from BUILDERS.md clause by clause, apart from
:func:`engine.builders.rules.legal_actions`, so that each checks the other: the
property tests assert that they agree on every action in every state reached.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.builders.actions import (
    Action,
    Get,
    IllegalAction,
    Pass,
    Place,
    Play,
    Sail,
    Take,
    Unload,
)
from engine.builders.cards import BLUE_KINDS, CARD_KIND
from engine.builders.rules import (
    apply_unchecked,
    blue_playable,
    current_player,
    legal_actions,
)
from engine.builders.sites import MIN_LOAD, SITES, SLED_SIZE
from engine.builders.state import EMPTY, GameState
from engine.builders.words import card_name, site_name
from engine.message import Message, msg, nmsg


def step_prompt(state: GameState) -> Message:
    """What the current player must decide now, in words."""
    if state.over:
        return msg("the game is over")
    step = state.step
    if step == "turn":
        if legal_actions(state)[0] == Pass():
            return msg(
                "nothing is possible: your sled and your quarry are empty and no ship "
                "can sail, so you pass"
            )
        # The prompts of a turn and of a take stand after a player's name on
        # one line of an 80-column screen: short, in every language.
        return msg("get stones, place a stone, sail a ship or play a blue card")
    if step == "take":
        return msg(
            "take a face-up market card for your stone (ship {ship}, space {slot})",
            slot=state.slot + 1,
            ship=state.ship + 1,
        )
    card = card_name(state.card)
    if step == "place":
        return msg("{card}: place a stone from your sled on a ship", card=card)
    if step == "sail" and state.card == "sail":
        return msg("{card}: sail ship {ship} to a site", card=card, ship=state.ship + 1)
    if step == "sail":
        return msg("{card}: sail a ship to a site", card=card)
    return msg(
        "{card}: choose which stone of ship {ship} is unloaded next", card=card, ship=state.ship + 1
    )


def _check_space(state: GameState, ship: int, slot: int) -> Message | None:
    me = state.turn
    if state.sled[me] == 0:
        return msg("your sled is empty: get new stones first")
    if not 0 <= ship < len(state.ships):
        return msg("there is no ship {ship} this round", ship=ship + 1)
    if not 0 <= slot < len(state.ships[ship]):
        return msg("ship {ship} has no space {slot}", ship=ship + 1, slot=slot + 1)
    if state.docked[ship] != EMPTY:
        return msg("ship {ship} has already sailed this round", ship=ship + 1)
    if state.ships[ship][slot] != EMPTY:
        return msg("space {slot} of ship {ship} is taken", ship=ship + 1, slot=slot + 1)
    return None


def _check_sail(state: GameState, ship: int, site: int) -> Message | None:
    if not 0 <= ship < len(state.ships):
        return msg("there is no ship {ship} this round", ship=ship + 1)
    if site not in SITES:
        return msg("there is no such site")
    if state.docked[ship] != EMPTY:
        return msg("ship {ship} has already sailed this round", ship=ship + 1)
    if site in state.docked:
        return msg("a ship has already sailed to the {site} this round", site=site_name(site))
    stones = sum(1 for owner in state.ships[ship] if owner != EMPTY)
    least = MIN_LOAD[len(state.ships[ship])]
    if stones < least:
        return nmsg(
            "ship {ship} carries {count} stone; it sails with at least {least}",
            "ship {ship} carries {count} stones; it sails with at least {least}",
            stones,
            ship=ship + 1,
            least=least,
        )
    return None


def _check_play(state: GameState, kind: str) -> Message | None:
    if kind not in BLUE_KINDS:
        return msg("{card} is not a blue card", card=repr(kind))
    me = state.turn
    name = card_name(kind)
    if not any(CARD_KIND[card] == kind for card in state.held[me]):
        return msg("you hold no {card} card", card=name)
    if state.blue_played[me]:
        return msg("you have already played a blue card this round")
    if not blue_playable(state, kind):
        return _why_not_playable(state, kind, name)
    return None


def _why_not_playable(state: GameState, kind: str, name: str) -> Message:
    """What the card lacks now, told in the player's terms (section 7.4)."""
    me = state.turn
    if kind == "lever":
        return msg("{card} needs a ship that can sail now, and there is none", card=name)
    if kind == "hammer" and state.sled[me] == 0 and state.quarry[me] == 0:
        return msg("{card} needs a stone on your sled or in your quarry", card=name)
    if kind != "hammer" and state.sled[me] == 0:
        return msg("{card} needs a stone on your sled, and it is empty", card=name)
    free = any(
        state.docked[ship] == EMPTY and EMPTY in places for ship, places in enumerate(state.ships)
    )
    if kind == "sail" and free:
        return msg(
            "{card} needs a ship that one more stone lets sail, and there is none", card=name
        )
    return msg("{card} needs a free space on a ship still to sail, and there is none", card=name)


def _check_turn(state: GameState, action: Action) -> Message | None:
    me = state.turn
    if isinstance(action, Get):
        if state.sled[me] >= SLED_SIZE:
            return msg("your sled is full")
        if state.quarry[me] == 0:
            return msg("your quarry is empty")
        return None
    if isinstance(action, Place):
        return _check_space(state, action.ship, action.slot)
    if isinstance(action, Sail):
        return _check_sail(state, action.ship, action.site)
    if isinstance(action, Play):
        return _check_play(state, action.card)
    if isinstance(action, Pass):
        others = [a for a in legal_actions(state) if not isinstance(a, Pass)]
        if others:
            return msg(
                "you may pass only when nothing else is possible; still possible: {action}",
                action=str(others[0]),
            )
        return None
    return _wrong_step(state)


def _wrong_step(state: GameState) -> Message:
    return msg("that is not the decision now: {step}", step=step_prompt(state))


def _check_card_step(state: GameState, action: Action) -> Message | None:
    step = state.step
    if step == "place":
        if not isinstance(action, Place):
            return _wrong_step(state)
        problem = _check_space(state, action.ship, action.slot)
        if problem is None and state.card == "sail":
            ship = state.ships[action.ship]
            stones = sum(1 for owner in ship if owner != EMPTY) + 1
            if stones < MIN_LOAD[len(ship)]:
                return msg(
                    "{card} sails the ship it loads, and ship {ship} could not sail then",
                    card=card_name(state.card),
                    ship=action.ship + 1,
                )
        return problem
    if step == "sail":
        if not isinstance(action, Sail):
            return _wrong_step(state)
        if state.card == "sail" and action.ship != state.ship:
            return msg(
                "{card} sails ship {ship}, the one it loaded",
                card=card_name(state.card),
                ship=state.ship + 1,
            )
        return _check_sail(state, action.ship, action.site)
    # unload
    if not isinstance(action, Unload):
        return _wrong_step(state)
    if action.slot not in state.left:
        return msg(
            "no stone in slot {slot} of ship {ship} waits to be unloaded",
            slot=action.slot + 1,
            ship=state.ship + 1,
        )
    return None


def why_illegal(state: GameState, action: Action) -> Message | None:
    """Why ``action`` may not be taken now, in words for the player; None if legal."""
    if not isinstance(action, Get | Place | Sail | Play | Unload | Take | Pass):
        return msg("{value} is not a decision of this game", value=repr(action))
    if state.over:
        return msg("the game is over")
    if state.step == "turn":
        return _check_turn(state, action)
    if state.step == "take":
        if not isinstance(action, Take):
            return _wrong_step(state)
        if not 0 <= action.position < len(state.market):
            return msg("there is no market position {position}", position=action.position + 1)
        if state.market[action.position] == EMPTY:
            return msg("market position {position} is empty", position=action.position + 1)
        return None
    return _check_card_step(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises IllegalAction (a ValueError) if not allowed."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_unchecked(state, action)


def apply_all(state: GameState, actions: Iterable[Action]) -> GameState:
    for action in actions:
        state = apply(state, action)
    return state


__all__ = ["apply", "apply_all", "current_player", "step_prompt", "why_illegal"]
