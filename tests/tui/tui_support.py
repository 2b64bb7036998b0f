"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.duel import (
    Action,
    GameState,
    Setup,
    apply,
    legal_actions,
)
from engine.duel.game import DUEL
from match.history import History
from match.match import Match
from match.seats import Seat
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen

NAMES = ("Ann", "Bob")


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
    history = History.start(DUEL, setup)
    for action in actions:
        history.push(action)
    return history


def match_of(
    history: History,
    names: tuple[str, str] = NAMES,
    kinds: tuple[str, str] = ("human", "human"),
) -> Match:
    """A match of ``history`` played at this keyboard, kept in no store."""
    seats = (Seat(name=names[0], kind=kinds[0]), Seat(name=names[1], kind=kinds[1]))
    return Match(history, seats)


def game_screen(
    history: History,
    names: tuple[str, str] = NAMES,
    kinds: tuple[str, str] = ("human", "human"),
) -> GameScreen:
    return GameScreen(match_of(history, names, kinds))


async def open_game(app: ImhotepApp, history: History) -> GameScreen:
    screen = game_screen(history)
    await app.push_screen(screen)
    return screen


def screen_lines(app: ImhotepApp) -> list[str]:
    """The text of every cell on the terminal, line by line, as the app drew it last."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def non_ascii_lines(app: ImhotepApp) -> list[str]:
    """The lines of the screen that hold a character outside ASCII."""
    return [line for line in screen_lines(app) if not line.isascii()]
