"""Why an action is illegal, and the checked way to apply one (RULES.md).

:func:`why_illegal` is written independently of
:func:`engine.duel.rules.legal_actions`, clause by clause from the rulebook,
so that each can check the other: the property tests assert they agree on
every action in every state they reach. :func:`apply` checks an action here
and then applies it with :func:`engine.duel.rules.apply_unchecked`.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.duel.actions import (
    PASS,
    PLAYS,
    Action,
    IllegalAction,
    Pass,
    Place,
    Play,
    Stop,
    Swap,
    Take,
    Unload,
)
from engine.duel.rules import (
    EMPTY,
    _takeable,
    _turn_actions,
    apply_unchecked,
    enabling_cells,
    meeples_in_line,
    unloadable_boats,
)
from engine.duel.state import GameState, Pending
from engine.duel.tokens import (
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    boat_words,
    token_name,
)
from engine.message import Message, msg

# --- why an action is illegal ---------------------------------------------------

_STEP_PROMPTS: dict[str, Message] = {
    "take": msg("choose a boat slot whose token you take"),
    "place": msg("place a meeple on an empty cell"),
    "place_more": msg("place a third meeple, or stop"),
    "unload": msg("unload a boat"),
    "unload_more": msg("unload a second boat, or stop"),
    "swap": msg("choose two slots of one boat to swap"),
}


def step_prompt(state: GameState) -> Message:
    """What the current player must do now, in plain words (see engine.message)."""
    if state.over:
        return msg("the game is over")
    if state.pending is None:
        if _turn_actions(state) == [PASS]:
            return msg(
                "no legal action: all four of your meeples are on the grid and no boat "
                "in play has two meeples in its line, so you pass"
            )
        if state.players[state.turn].meeples:
            return msg("place a meeple, unload a boat or play a token")
        # All four meeples are on the grid: placing is not among the choices.
        legal = _turn_actions(state)
        unload = any(isinstance(a, Unload) for a in legal)
        play = any(isinstance(a, Play) for a in legal)
        if unload and play:
            return msg("all your meeples are on the grid: unload a boat or play a token")
        if unload:
            return msg("all your meeples are on the grid: unload a boat")
        return msg("all your meeples are on the grid: play a token")
    pending = state.pending
    return msg("{token}: {step}", token=token_name(pending.token), step=_STEP_PROMPTS[pending.step])


def _cell_values(cell: int) -> dict[str, int]:
    return {"cell": cell + 1, "row": cell // 3 + 1, "column": cell % 3 + 1}


def _check_place(state: GameState, action: Place) -> Message | None:
    if not 0 <= action.cell < 9:
        return msg("there is no cell {cell}; cells are numbered 1 to 9", cell=action.cell + 1)
    if state.players[state.turn].meeples == 0:
        return msg("all four of your meeples are already on the grid")
    if state.grid[action.cell] != EMPTY:
        return msg(
            "cell {cell} (row {row}, column {column}) already holds a meeple: one meeple per cell",
            **_cell_values(action.cell),
        )
    return None


def _check_unload(state: GameState, action: Unload) -> Message | None:
    if not 0 <= action.boat < 6:
        return msg("there is no such boat")
    if state.boats[action.boat] is None:
        if action.boat in state.emptied:
            return _waiting(action.boat)
        return msg("{boat} has left the game and cannot be unloaded", boat=boat_words(action.boat))
    count = meeples_in_line(state, action.boat)
    if count == 0:
        return msg(
            "the line of {boat} holds no meeple; "
            "a boat is unloaded only when its line holds at least two",
            boat=boat_words(action.boat, "owner"),
        )
    if count == 1:
        return msg(
            "the line of {boat} holds only one meeple; "
            "a boat is unloaded only when its line holds at least two",
            boat=boat_words(action.boat, "owner"),
        )
    return None


def _check_boat_slot(state: GameState, boat: int, *slots: int) -> Message | None:
    if not 0 <= boat < 6 or not all(0 <= s < 3 for s in slots):
        return msg("there is no such boat or slot")
    if state.boats[boat] is None:
        if boat in state.emptied:
            return _waiting(boat)
        return msg("{boat} has left the game", boat=boat_words(boat))
    return None


def _waiting(boat: int) -> Message:
    return msg(
        "{boat} was unloaded this turn and stays empty until the turn ends (online rules)",
        boat=boat_words(boat),
    )


def _check_play(state: GameState, token: str) -> Message | None:
    player = state.players[state.turn]
    if token not in PLAYS:
        return msg("{code} is not an action token", code=repr(token))
    name = token_name(token)
    if token not in player.actions:
        return msg('you hold no "{token}" token', token=name)
    if token == TAKE and not _takeable(state):
        return msg("{token}: no boat holds a token other than an action token", token=name)
    if token == PLACE_TWO and player.meeples < 2:
        return msg("{token} needs at least two meeples in your supply", token=name)
    if token == PLACE_UNLOAD:
        if player.meeples == 0:
            return msg("{token} needs a meeple in your supply", token=name)
        if not enabling_cells(state):
            return msg(
                "{token}: no placement of a meeple would let any boat be unloaded", token=name
            )
    if token == SWAP_UNLOAD and not unloadable_boats(state):
        return msg(
            "{token}: the unload that must follow is impossible, no boat can be unloaded",
            token=name,
        )
    return None


def _check_turn(state: GameState, action: Action) -> Message | None:
    if isinstance(action, Place):
        return _check_place(state, action)
    if isinstance(action, Unload):
        return _check_unload(state, action)
    if isinstance(action, Play):
        return _check_play(state, action.token)
    if isinstance(action, Pass):
        others = [a for a in _turn_actions(state) if a is not PASS]
        if others:
            return msg(
                "you may pass only when nothing else is legal, and you could play {action}",
                action=str(others[0]),
            )
        return None
    return msg(
        "{action} is a step of an action token, and none is being played", action=str(action)
    )


def _wrong_step(token: Message, step: str) -> Message:
    """The reason for an action that is not the step a token in play needs."""
    return msg("{token} is being played: {step}", token=token, step=_STEP_PROMPTS[step])


def _check_pending(state: GameState, pending: Pending, action: Action) -> Message | None:
    step = pending.step
    name = token_name(pending.token)
    if step == "take":
        if not isinstance(action, Take):
            return _wrong_step(name, step)
        problem = _check_boat_slot(state, action.boat, action.slot)
        if problem:
            return problem
        boat = state.boats[action.boat]
        assert boat is not None
        if boat[action.slot][0] == "A":
            return msg("{token} takes any token except an action token", token=name)
        return None
    if step == "swap":
        if not isinstance(action, Swap):
            return _wrong_step(name, step)
        if action.first == action.second:
            return msg("a swap needs two different slots")
        if action.first > action.second:
            # One canonical form per swap, so that notation round-trips.
            return msg("a swap names its lower slot first")
        return _check_boat_slot(state, action.boat, action.first, action.second)
    if isinstance(action, Stop):
        if step in ("place_more", "unload_more"):
            return None
        return msg(
            "this step of {token} is not optional: {step}", token=name, step=_STEP_PROMPTS[step]
        )
    if step in ("place", "place_more"):
        if not isinstance(action, Place):
            return _wrong_step(name, step)
        problem = _check_place(state, action)
        if (
            problem is None
            and pending.token == PLACE_UNLOAD
            and action.cell not in enabling_cells(state)
        ):
            return msg(
                "after a meeple on cell {cell} (row {row}, column {column}) no boat could be "
                "unloaded, and this token's unload is required",
                **_cell_values(action.cell),
            )
        return problem
    # unload, unload_more
    if not isinstance(action, Unload):
        return _wrong_step(name, step)
    return _check_unload(state, action)


def why_illegal(state: GameState, action: Action) -> Message | None:
    """Why ``action`` may not be taken now, in words for the player; None if legal.

    The reason is a :class:`~engine.message.Message`: English as a ``str``,
    and translatable by the caller.
    """
    if not isinstance(action, Place | Unload | Play | Take | Swap | Stop | Pass):
        return msg("{value} is not an action", value=repr(action))
    if state.over:
        return msg("the game is over")
    if state.pending is None:
        return _check_turn(state, action)
    return _check_pending(state, state.pending, action)


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
