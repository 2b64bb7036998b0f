"""ASCII mode and terminals that are not UTF-8: every screen in plain ASCII."""

from __future__ import annotations

import os
import sys

import pytest
from test_app_files import PtyApp, _wait_for
from textual.pilot import Pilot
from textual.widgets import Select
from tui_support import history_of, non_ascii_lines, open_game, screen_lines, walk_until

from engine.duel import GameState, Play, legal_actions
from tui.app import ImhotepApp
from tui.charset import terminal_is_utf8
from tui.duel.screens.details import DetailsScreen
from tui.duel.screens.game import GameScreen
from tui.duel.screens.game_over import GameOverScreen
from tui.duel.screens.log import LogScreen
from tui.duel.screens.new_game import NewGameScreen
from tui.screens.files import LoadScreen, PromptScreen
from tui.screens.help import HelpScreen
from tui.screens.start import StartScreen


@pytest.mark.parametrize(
    ("environ", "utf8"),
    [
        ({"LANG": "en_GB.UTF-8"}, True),
        ({"LANG": "de_DE.utf8"}, True),
        ({}, True),  # nothing said: assume the usual
        ({"LANG": "C"}, False),
        # Python itself puts C.UTF-8 in LC_CTYPE when it finds LANG=C (PEP 538).
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False),
        ({"LC_ALL": "C"}, False),
        ({"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"}, False),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "C"}, True),
        ({"LANG": "de_DE.ISO-8859-1"}, False),
        ({"LC_CTYPE": "en_US.UTF-8", "LANG": "C"}, True),
    ],
)
def test_terminal_encoding_from_the_locale(environ: dict[str, str], utf8: bool) -> None:
    assert terminal_is_utf8(environ) is utf8


def test_a_c_locale_falls_back_to_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LC_ALL", "C")
    assert ImhotepApp().ascii
    # The command line's --ascii and an explicit choice still win.
    assert not ImhotepApp(ascii=False).ascii
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert not ImhotepApp().ascii


def test_a_c_locale_terminal_receives_only_ascii() -> None:
    # The real program in a pseudo-terminal: every byte it writes, escape
    # sequences included, must be ASCII, from the start screen into a game.
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C", "LC_ALL": "C"}
    env.pop("LC_CTYPE", None)
    app = PtyApp([sys.executable, "-m", "tui"], env)
    try:
        _wait_for(lambda: app.shows("Help: how to play"), timeout=60)
        app.type(b"n")
        _wait_for(lambda: app.shows("Burial chamber"), timeout=30)
        app.type(b"\x13")  # ctrl+s starts from any field
        _wait_for(lambda: app.shows("Reserve"), timeout=30)
        app.type(b"5")
        _wait_for(lambda: app.shows("places a meeple"), timeout=30)
    finally:
        app.kill()
    output = bytes(app.output)
    assert output.isascii(), sorted({chr(b) for b in output if b > 127})[:10]


def _wants_token(state: GameState) -> bool:
    return state.pending is None and Play("AS") in legal_actions(state)


async def _shown(pilot: Pilot[None], expected: type) -> list[str]:
    await pilot.pause()
    await pilot.pause()
    assert isinstance(pilot.app.screen, expected)
    return non_ascii_lines(pilot.app)  # type: ignore[arg-type]


async def test_every_screen_in_ascii_mode_is_plain_ascii() -> None:
    app = ImhotepApp(ascii=True)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        found["start"] = await _shown(pilot, StartScreen)
        await pilot.press("n")
        found["new game"] = await _shown(pilot, NewGameScreen)
        await pilot.press("tab", "tab", "tab", "tab", "enter")  # a drop-down open
        found["new game, a list open"] = await _shown(pilot, NewGameScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        found["command palette"] = non_ascii_lines(app)
        await pilot.press("escape")
        app.action_show_help_panel()  # the palette's "Keys"
        app.notify("A notification.", severity="warning")
        await pilot.pause(0.3)
        found["keys panel, a notification"] = non_ascii_lines(app)
        app.action_hide_help_panel()
        setup, prefix = walk_until(50, _wants_token)
        await open_game(app, history_of(setup, prefix))
        await pilot.press("s")  # an action token in progress
        found["game"] = await _shown(pilot, GameScreen)
        assert any("Swap" in line or "swap" in line for line in screen_lines(app))
        for key, screen in (
            ("question_mark", HelpScreen),
            ("g", LogScreen),
            ("i", DetailsScreen),
            ("w", PromptScreen),
            ("o", LoadScreen),
        ):
            await pilot.press(key)
            found[screen.__name__] = await _shown(pilot, screen)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("escape")  # the token put back
    app = ImhotepApp(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        from test_snapshots import _finish_game

        await _finish_game(pilot)
        found["game over"] = await _shown(pilot, GameOverScreen)
    assert {name: lines for name, lines in found.items() if lines} == {}


async def test_the_new_game_form_shows_its_values_in_ascii_mode() -> None:
    app = ImhotepApp(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        text = "\n".join(screen_lines(app))
        for shown in ("O Player 1", "X Player 2", "Human", "Side A", "random", "Start", "Back"):
            assert shown in text, shown
        form.query_one("#side-temple", Select).value = "B"
        await pilot.pause()
        assert any(line.split()[:3] == ["Temple", "Side", "B"] for line in screen_lines(app))


async def test_switching_to_ascii_redraws_the_screen_in_view() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert non_ascii_lines(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"ascii mode")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.ascii and isinstance(app.screen, NewGameScreen)
        assert non_ascii_lines(app) == []
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        # The first game's rules (outside a game, ? asks which), a scroll bar in view.
        await pilot.press("question_mark", "enter", "right", "pagedown")
        await pilot.pause()
        assert non_ascii_lines(app)
        app.action_toggle_ascii()
        await pilot.pause(0.3)
        assert non_ascii_lines(app) == []
        await pilot.press("left", "home", "down", "down", "down")  # "Your turn": a list
        await pilot.pause(0.3)
        assert any("|  - " in line for line in screen_lines(app))
        assert non_ascii_lines(app) == []
