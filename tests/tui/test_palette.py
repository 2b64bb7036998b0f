"""The command palette's entries fit where the player is."""

from __future__ import annotations

from tui_support import NAMES

from engine.duel import Setup
from tui.app import ImhotepApp


def _titles(app: ImhotepApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_continue_is_offered_only_outside_the_game_it_would_open() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Continue" not in _titles(app)  # nothing to continue yet
        app.start_game(Setup(seed=2), NAMES)
        await pilot.pause()
        await pilot.press("5")  # kept in the store now
        await pilot.pause()
        assert "Continue" not in _titles(app)  # the only game is the one on screen
        await pilot.press("question_mark")  # over the game, still the same game
        await pilot.pause()
        assert "Continue" not in _titles(app)
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Continue" in _titles(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"continue")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        game = app.game_screen
        assert game is not None and game.state.grid[4] == 0
        assert "Continue" not in _titles(app)
