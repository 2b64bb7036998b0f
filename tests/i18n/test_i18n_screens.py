"""The screens around the game in each language: start, new game, game over, details."""

from __future__ import annotations

import pytest

from engine.duel import Setup, apply, legal_actions, outcome
from tui import i18n
from tui.app import ImhotepApp
from tui.duel.screens.details import DetailsScreen
from tui.duel.screens.game_over import GameOverScreen
from tui.duel.screens.new_game import NewGameScreen

LANGUAGES = ("hu", "de", "ru")
# English a translated screen must not show.
ENGLISH = ("New game", "Load a saved game", "Side A", "Who starts", "Burial chamber", "Human")


def _text(app: ImhotepApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _finished_game() -> tuple[Setup, object]:
    setup = Setup(seed=3)
    state = setup.start()
    while not state.over:
        state = apply(state, legal_actions(state)[0])
    return setup, state


@pytest.mark.parametrize("language", LANGUAGES)
async def test_start_and_new_game_screens_speak_the_language(language: str) -> None:
    app = ImhotepApp(lang=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = _text(app)
        for words in ("New game", "Load a saved game", "Help: how to play", "Quit"):
            assert i18n._(words) in text, (language, words)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.pause(0.3)  # the form's selects finish drawing
        await pilot.pause()
        text = _text(app)
        for words in ("Side A", "Who starts", "Burial chamber", "Human"):
            assert i18n._(words) in text, (language, words)
        assert i18n._("Player {number}").format(number=1) in text
        for words in ENGLISH:
            assert words not in text, (language, words)
        # Every line of the form fits the window.
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("language", LANGUAGES)
async def test_game_over_and_points_speak_the_language(language: str) -> None:
    _setup, state = _finished_game()
    result = outcome(state)  # type: ignore[arg-type]
    assert result is not None
    app = ImhotepApp(lang=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(GameOverScreen(state, ("Ann", "Bob")))  # type: ignore[arg-type]
        await pilot.pause()
        text = _text(app)
        assert i18n._("Game over") in text
        assert i18n._("Total") in text
        verdict = i18n.tr(result.describe(("Ann", "Bob")))
        assert verdict != str(result.describe(("Ann", "Bob")))
        assert verdict[:30] in text.replace("\n", " ") or verdict.split()[0] in text
        assert "Game over" not in text and "Meeples on grid" not in text
        assert "Total" not in text
        app.pop_screen()
        await app.push_screen(DetailsScreen(state, ("Ann", "Bob")))  # type: ignore[arg-type]
        await pilot.pause()
        text = _text(app)
        assert i18n._("How did we get these points?") in text
        assert "points" not in text
