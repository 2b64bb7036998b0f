"""Hints for Builders: what hard would do now, with one line on why.

The reason weighs the step by the outlook (:mod:`ai.builders.evaluate`): the
points it adds to what the player can expect at the end, less what it adds
to the strongest rival's. A sail or an unload often lowers both (stones on
a ship are worth more to the outlook before it sails than some sites pay):
told as two numbers, a hint read as advice to lose points, so it is told
as the player's lead, and a cost is set against the other steps.

It is worked out on a sample of the hidden order, as hard's own search is,
so it never tells what the player could not know.
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


def _margins(state: GameState, rng: random.Random) -> dict[Action, float]:
    """What each legal step adds to the mover's expected points less what it
    adds to the best rival's, all on one sample of the hidden order."""
    seat = current_player(state)
    deal = BUILDERS.sample(state, seat, rng)
    rivals = [who for who in range(deal.players) if who != seat]

    def lead(values: list[float]) -> float:
        return values[seat] - max(values[who] for who in rivals)

    # Without the worth of holding the turn: every step hands it on.
    before = lead(outlook(deal, tempo=False))
    return {
        action: lead(outlook(apply_unchecked(deal, action), tempo=False)) - before
        for action in legal_actions(deal)
    }


def _gain(state: GameState, action: Action, rng: random.Random) -> float:
    """What ``action`` adds to the mover's expected points (one sample)."""
    seat = current_player(state)
    deal = BUILDERS.sample(state, seat, rng)
    return (
        outlook(apply_unchecked(deal, action), tempo=False)[seat] - outlook(deal, tempo=False)[seat]
    )


def _weighed(state: GameState, action: Sail | Unload, rng: random.Random) -> Message:
    """Why a sail or an unload: what it does to the player's lead on the best
    rival, and, when it costs, whether another step would cost less now (the
    search then chose it for what follows)."""
    margins = _margins(state, rng)
    margin = margins[action]
    sail = isinstance(action, Sail)
    ship = action.ship + 1 if isinstance(action, Sail) else 0
    points = f"{abs(margin):.1f}"
    if margin >= 0:
        if sail:
            return msg(
                "sailing ship {ship} now gains you {points} points on your strongest rival",
                ship=ship,
                points=points,
            )
        return msg(
            "unloading this stone next gains you {points} points on your strongest rival",
            points=points,
        )
    if margin >= max(margins.values()) - 0.05:
        if sail:
            return msg(
                "sailing ship {ship} now costs you {points} points against your strongest "
                "rival, less than any other step",
                ship=ship,
                points=points,
            )
        return msg(
            "unloading this stone next costs you {points} points against your strongest "
            "rival, less than any other stone",
            points=points,
        )
    if sail:
        return msg(
            "sailing ship {ship} costs you {points} points against your strongest rival "
            "now, and gains more in the moves that follow",
            ship=ship,
            points=points,
        )
    return msg(
        "unloading this stone next costs you {points} points against your strongest "
        "rival now, and gains more in the moves that follow",
        points=points,
    )


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
    if isinstance(action, Take):
        return msg(
            "the {card} card adds {mine} to the points you can expect",
            card=card_name(state.market[action.position]),
            mine=_signed(_gain(state, action, rng)),
        )
    if isinstance(action, Play):
        return msg(
            "the {card} card opens the best moves for you now",
            card=card_name(action.card),
        )
    assert isinstance(action, Sail | Unload)
    return _weighed(state, action, rng)


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
