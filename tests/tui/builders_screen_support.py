"""Helpers for driving a Builders of Egypt game through the real app.

A Builders game is put on screen by building its Match directly (as
tests/games/test_four_seats.py does), so these tests need nothing of the
new-game form.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from msgspec.structs import replace
from textual.geometry import Offset

from engine.builders import Action, GameState, legal_actions
from engine.games import game
from match.history import History
from match.match import Match
from match.seats import Seat
from tui.app import ImhotepApp
from tui.builders.screens.game import GameScreen
from tui.builders.widgets.base import BoardPart, Target
from tui.widgets.line import Line

BUILDERS = game("builders")
NAMES = ("Ann", "Bob", "Cy", "Dee")


def history_until(
    players: int,
    wanted: Callable[[GameState], bool],
    *,
    seed: int = 1,
    variant: bool = False,
    limit: int = 300,
) -> History:
    """A history of random legal play from a dealt game up to a state ``wanted`` accepts."""
    for attempt in range(limit):
        setup = BUILDERS.deal(
            players, random.Random(seed + attempt), {"variant": "yes" if variant else "no"}
        )
        history = History.start(BUILDERS, setup)
        rng = random.Random(attempt)
        while not history.state.over:
            if wanted(history.state):
                return history
            history.push(rng.choice(legal_actions(history.state)))
    raise AssertionError("no game reached the wanted position")


def stuck_history(players: int = 2) -> History:
    """A game whose player to move has an empty sled and quarry at the start of
    a round (empty ships cannot sail): all they may do is pass. Random play
    almost never gets there, so the position is made by hand."""
    setup = BUILDERS.deal(players, random.Random(1))
    start = BUILDERS.start(setup)
    seat = start.turn
    stuck = replace(
        start,
        sled=tuple(0 if s == seat else n for s, n in enumerate(start.sled)),
        quarry=tuple(0 if s == seat else n for s, n in enumerate(start.quarry)),
    )
    return History(BUILDERS, setup, [stuck], [])


def match_of(history: History, players: int | None = None) -> Match:
    count = history.state.players if players is None else players
    return Match(history, tuple(Seat(name=name) for name in NAMES[:count]))


async def open_game(app: ImhotepApp, history: History) -> GameScreen:
    return await show_match(app, match_of(history))


async def show_match(app: ImhotepApp, match: Match) -> GameScreen:
    """``match`` on a game screen of ``app``."""
    screen = GameScreen(match)
    await app.push_screen(screen)
    # Toasts sit over the bottom right corner, where a click is meant for a panel.
    app.clear_notifications()
    return screen


def message(screen: GameScreen) -> str:
    return screen.query_one("#message", Line).plain


def prompt(screen: GameScreen) -> str:
    return screen.query_one("#prompt", Line).plain


def click_offset(part: BoardPart, target: Target) -> Offset:
    """Where to click ``part`` (a framed board part) to hit ``target``."""
    hit = part.hit_of(target)
    assert hit is not None, (target, part)
    return Offset(hit.x0 + 1, hit.y + 1)


def legal(screen: GameScreen) -> list[Action]:
    return legal_actions(screen.state)
