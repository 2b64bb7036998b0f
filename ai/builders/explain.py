"""Hints for Builders: what hard would do now, with one line on why.

The reason weighs the step by the outlook (:mod:`ai.builders.evaluate`): the
points it adds to what the player can expect at the end, and to what the
strongest rival can. It is worked out on a sample of the hidden order, as
hard's own search is, so it never tells what the player could not know.
"""

from __future__ import annotations

import random
from typing import Final

from ai.builders.evaluate import outlook
from ai.builders.players import MAX_BUDGET, StopSignal, stop_check
from ai.builders.search import hard_search
from engine.builders.actions import Action, Get, Pass, Place, Play, Sail, Take, Unload
from engine.builders.game import BUILDERS
from engine.builders.rules import apply_unchecked, current_player, legal_actions
from engine.builders.state import GameState
from engine.builders.words import card_name
from engine.message import Message, msg

HINT_BUDGET: Final = 0.5


def _signed(points: float) -> str:
    return f"{points:+.1f}"


def _gains(state: GameState, action: Action, rng: random.Random) -> tuple[float, float]:
    """What ``action`` adds to the mover's expected points and to the best rival's."""
    seat = current_player(state)
    deal = BUILDERS.sample(state, seat, rng)
    # Without the worth of holding the turn: every step hands it on.
    before = outlook(deal, tempo=False)
    after = outlook(apply_unchecked(deal, action), tempo=False)
    rivals = [who for who in range(deal.players) if who != seat]
    mine = after[seat] - before[seat]
    theirs = max(after[who] for who in rivals) - max(before[who] for who in rivals)
    return mine, theirs


def explain(state: GameState, action: Action, rng: random.Random) -> Message:
    """One line on why to take ``action`` in ``state``."""
    if isinstance(action, Pass):
        return msg("nothing else is legal, so you pass")
    if isinstance(action, Get):
        return msg("more stones on your sled let you load the ships")
    if isinstance(action, Place):
        return msg(
            "your stone on ship {ship} is delivered when the ship sails", ship=action.ship + 1
        )
    mine, theirs = _gains(state, action, rng)
    if isinstance(action, Take):
        return msg(
            "the {card} card adds {mine} to the points you can expect",
            card=card_name(state.market[action.position]),
            mine=_signed(mine),
        )
    if isinstance(action, Sail):
        return msg(
            "sailing ship {ship} now adds {mine} to the points you can expect "
            "and {theirs} to your strongest rival's",
            ship=action.ship + 1,
            mine=_signed(mine),
            theirs=_signed(theirs),
        )
    if isinstance(action, Play):
        return msg(
            "the {card} card opens the best moves for you now",
            card=card_name(action.card),
        )
    assert isinstance(action, Unload)
    return msg(
        "unloading this stone next adds {mine} to the points you can expect "
        "and {theirs} to your strongest rival's",
        mine=_signed(mine),
        theirs=_signed(theirs),
    )


def hint(
    state: GameState,
    seed: int | None = None,
    time_budget: float | None = None,
    should_stop: StopSignal = None,
    max_iterations: int | None = None,
) -> tuple[Action, Message]:
    """What the hard player would do now, and a one-line reason in plain words.

    The reason is a :class:`~engine.message.Message`, worded in the player's
    language by whoever shows it.
    """
    actions = legal_actions(state)
    if not actions:
        raise ValueError("the game is over: there is nothing to hint")
    rng = random.Random(seed)
    if len(actions) == 1:
        only = actions[0]
        if isinstance(only, Pass):
            return only, msg("nothing else is legal, so you pass")
        return only, msg("it is the only legal step")
    budget = HINT_BUDGET if time_budget is None else min(max(time_budget, 0.0), MAX_BUDGET)
    found = hard_search(state.players).run(
        state, rng, budget, max_iterations, stop_check(should_stop)
    )
    action: Action = found.action
    return action, explain(state, action, rng)


__all__ = ["explain", "hint"]
