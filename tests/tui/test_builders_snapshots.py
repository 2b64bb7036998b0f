"""Screenshots of the Builders screen, compared with the recorded SVGs.

Update after a deliberate change with ``pytest tests/tui/test_builders_snapshots.py
--snapshot-update``, then look at the pictures (as PNGs) before committing them.
"""

from __future__ import annotations

import random

import pytest
from builders_screen_support import BUILDERS, NAMES
from textual.pilot import Pilot

from engine.builders import Sail, legal_actions
from match.history import History
from match.match import Match
from match.seats import Seat
from tui.app import ImhotepApp
from tui.builders.keys import SITE_KEYS
from tui.builders.screens.game import GameScreen
from tui.i18n import LANGUAGES as ALL_LANGUAGES

# The translated ones; English is the snapshots above.
LANGUAGES = tuple(code for code in ALL_LANGUAGES if code != "en")


def _mid_game(players: int, plies: int) -> History:
    setup = BUILDERS.deal(players, random.Random(7), {"variant": "yes"})
    history = History.start(BUILDERS, setup)
    rng = random.Random(3)
    while history.cursor < plies:
        history.push(rng.choice(legal_actions(history.state)))
    return history


async def _open(pilot: Pilot[None], players: int, plies: int) -> GameScreen:
    history = _mid_game(players, plies)
    screen = GameScreen(Match(history, tuple(Seat(name=n) for n in NAMES[:players])))
    await pilot.app.push_screen(screen)
    pilot.app.clear_notifications()
    await pilot.pause()
    return screen


async def _four_and_a_sail_on_show(pilot: Pilot[None]) -> None:
    screen = await _open(pilot, 4, 61)
    sail = next(a for a in legal_actions(screen.state) if isinstance(a, Sail))
    await pilot.press(str(sail.ship + 1), SITE_KEYS[1])
    await pilot.pause()


async def _three_mid_game(pilot: Pilot[None]) -> None:
    await _open(pilot, 3, 90)


def test_four_players_and_a_sail_on_show_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=False),
        terminal_size=(80, 24),
        run_before=_four_and_a_sail_on_show,
    )


def test_three_players_100x30(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=False),
        terminal_size=(100, 30),
        run_before=_three_mid_game,
    )


def test_three_players_in_ascii_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=True),
        terminal_size=(80, 24),
        run_before=_three_mid_game,
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_four_players_and_a_sail_80x24_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=False, lang=language),
        terminal_size=(80, 24),
        run_before=_four_and_a_sail_on_show,
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_three_players_100x30_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=False, lang=language),
        terminal_size=(100, 30),
        run_before=_three_mid_game,
    )
