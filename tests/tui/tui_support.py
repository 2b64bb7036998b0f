"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import (
    Action,
    GameState,
    Pass,
    Place,
    Play,
    Setup,
    Stop,
    Swap,
    Take,
    Unload,
    apply,
    legal_actions,
)
from tui.app import ImhotepApp
from tui.history import History
from tui.keys import BOAT_KEYS, KEY_OF_TOKEN
from tui.screens.game import GameScreen

NAMES = ("Ann", "Bob")


def keys_for(action: Action) -> list[str]:
    """The key presses a player uses for ``action`` on the game screen."""
    if isinstance(action, Place):
        return [str(action.cell + 1)]
    if isinstance(action, Unload):
        return [BOAT_KEYS[action.boat]]
    if isinstance(action, Play):
        return [KEY_OF_TOKEN[action.token]]
    if isinstance(action, Take):
        return [BOAT_KEYS[action.boat], str(action.slot + 1)]
    if isinstance(action, Swap):
        return [BOAT_KEYS[action.boat], str(action.first + 1), str(action.second + 1)]
    if isinstance(action, Stop):
        return ["x"]
    assert isinstance(action, Pass)
    return ["full_stop"]


def walk_until(
    seed: int, wanted: Callable[[GameState], bool], *, limit: int = 400
) -> tuple[Setup, list[Action]]:
    """A prefix of a random game from ``seed`` that ends in a state ``wanted`` accepts."""
    for attempt in range(limit):
        setup = Setup(seed=seed + attempt)
        state = setup.start()
        rng = random.Random(attempt)
        actions: list[Action] = []
        while not state.over:
            if wanted(state):
                return setup, actions
            action = rng.choice(legal_actions(state))
            actions.append(action)
            state = apply(state, action)
    raise AssertionError("no game reached the wanted position")


def history_of(setup: Setup, actions: list[Action]) -> History:
    history = History.start(setup)
    for action in actions:
        history.push(action)
    return history


async def open_game(app: ImhotepApp, history: History) -> GameScreen:
    screen = GameScreen(history, NAMES)
    await app.push_screen(screen)
    return screen
