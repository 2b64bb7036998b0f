"""A computer seat is named as the computer, not "Player 2" (issue 33)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from engine.duel import legal_actions
from match.store import Store
from tui import i18n
from tui.app import ImhotepApp
from tui.kinds import computer_name, seat_name, seat_words
from tui.lobby_lists import lobby_lists


def test_a_computer_left_with_its_default_name_is_named_as_the_computer() -> None:
    assert seat_name("Player 2", "hard", 1) == "Computer"
    assert seat_name("", "easy", 0) == "Computer"
    assert seat_name("HAL", "hard", 1) == "HAL"  # a name typed stays
    assert seat_name("Player 2", "human", 1) == "Player 2"
    i18n.use("hu")
    try:
        assert seat_name(i18n._("Player {number}").format(number=2), "hard", 1) == computer_name()
        assert computer_name() != "Computer"
    finally:
        i18n.use("en")


def test_a_list_names_the_level_once() -> None:
    assert seat_words("Computer (hard)", "hard") == "Computer (hard)"
    assert seat_words("HAL", "hard") == "HAL (hard)"


async def test_the_duel_form_names_the_computer_seat() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.game_screen
        assert game is not None
        assert game.match.names == ("Player 1", "Computer")
        # Its panel and the prompt name it with its level, once.
        panel = game.query_one("#player-1").border_title
        assert str(panel).endswith(" Computer (hard)"), panel


async def test_a_name_typed_for_the_computer_stays() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#kind-0", Select).value = "easy"
        app.screen.query_one("#name-0", Input).value = "Deep Thought"
        app.screen.query_one("#kind-1", Select).value = "easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.game_screen
        assert game is not None
        assert game.match.names == ("Deep Thought", "Computer")


async def test_the_builders_form_names_the_computer_seat_in_hungarian() -> None:
    app = ImhotepApp(ascii=False, new_game="builders", lang="hu")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#kind-1", Select).value = "hard"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            game = app.game_screen
            assert game is not None
            assert game.match.names[1] == computer_name() != "Computer"
    finally:
        i18n.use("en")


async def test_the_lobby_names_the_computer_by_its_level(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    app = ImhotepApp(store=Store.open(path), me="key:alice", disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "ctrl+s")
        await pilot.pause()
        game = app.game_screen
        assert game is not None
        level = game.match.kinds[1]
        assert game.match.names == ("alice", "Computer")
        # A game is kept from its first move on.
        game.delay = 0.0
        for _ in range(200):
            if game.match.history.actions:
                break
            if game.match.to_move == 0:
                assert game.match.play(legal_actions(game.match.state)[0]) is None
            await pilot.pause(0.05)
        with Store.open(path) as store:
            mine = lobby_lists(store, "key:alice").mine
        # Its level in words, as the panels write it.
        assert [row.cells[0] for row in mine] == [f"Computer ({level})"]
