"""The online rules as a table option: the form, host, the lobby's dialog, the board."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Select, Static
from tui_support import NAMES, game_screen, history_of, screen_lines

from cli.main import CommandLineError, build_app, parse_args
from engine.duel import Action, GameState, Setup, Stop, apply, legal_actions
from match.store import Store
from tui import files
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.duel.screens.new_game import GameOptions, NewGameScreen
from tui.duel.shell import setup_for
from tui.screens.lobby_dialogs import HostScreen
from tui.widgets.line import Line
from tui.widgets.log import ActionLog


def _game(app: ImhotepApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def test_a_game_set_up_with_the_online_rules_in_the_form_plays_by_them() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        starter = form.query_one("#starter", Select)
        starter.value = "1"
        form.query_one("#rules", Select).value = "online"
        await pilot.pause()
        # The online rules draw who starts: the choice is closed, and says so.
        assert starter.value == "random" and starter.disabled
        hint = str(form.query_one("#hint-rules", Static).render())
        assert "refills when the turn ends" in hint
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = _game(app)
        assert game.match.history.setup.rules == "online"
        assert game.state.rules == "online"
        # Both players can see which rules are in force.
        assert game.query_one(ActionLog).border_title == "Online rules"
        assert any("Online rules" in line for line in screen_lines(app))
        assert "played by the online rules" in game.query_one("#message", Line).plain
        # Play on until a boat is unloaded: the engine refills it when the
        # turn ends, as it would have at once; what matters is that the
        # screen's game is the online one all the way.
        rng = random.Random(4)
        for _ in range(12):
            legal = legal_actions(game.state)
            game.match.play(rng.choice(legal))
            await pilot.pause()
            assert game.state.rules == "online"
    # The choice is remembered for the next game.
    assert files.read_settings().new_game.options["rules"] == "online"


async def test_the_form_gives_back_the_chosen_starter_with_the_classic_rules() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        starter = form.query_one("#starter", Select)
        rules = form.query_one("#rules", Select)
        starter.value = "1"
        rules.value = "online"
        await pilot.pause()
        rules.value = "classic"
        await pilot.pause()
        assert starter.value == "1" and not starter.disabled
        options = form.options()
        assert options is not None and options.rules == "classic" and options.starter == 1


def test_the_online_rules_draw_who_starts_whatever_the_form_said() -> None:
    starters = {
        setup_for(GameOptions(starter=0, rules="online"), seed=seed).starter for seed in range(20)
    }
    assert starters == {0, 1}
    assert setup_for(GameOptions(starter=1, rules="online"), seed=3).rules == "online"
    assert setup_for(GameOptions(starter=1), seed=3) == Setup(seed=3, starter=1)


def test_host_offers_the_online_rules(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    app = build_app(
        parse_args(["host", "--rules", "online", "--store", str(path), "--name", "Ann"])
    )
    match = app._open_match
    assert match is not None
    assert match.history.setup.rules == "online"
    assert match.code is not None
    with Store.open(path) as store:
        (table,) = store.open_tables()
        assert b'"rules":"online"' in store.game(table.id).setup
    with pytest.raises(CommandLineError, match="the online rules draw who starts"):
        build_app(
            parse_args(
                ["host", "--rules", "online", "--starter", "1", "--store", str(path), "--name", "A"]
            )
        )
    classic = build_app(parse_args(["host", "--store", str(path), "--name", "Bea"]))
    assert classic._open_match is not None
    assert classic._open_match.history.setup.rules == "classic"


async def test_the_lobby_hosts_a_table_with_the_online_rules(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    app = ImhotepApp(store=Store.open(path), me="key:alice", disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        dialog.query_one("#rules", Select).value = "online"
        dialog.query_one("#open").press()
        await pilot.pause()
        game = _game(app)
        assert game.state.rules == "online"
        assert game.match.code
    with Store.open(path) as store:
        (table,) = store.open_tables()
        assert b'"rules":"online"' in store.game(table.id).setup


def _waiting(seed: int) -> tuple[Setup, list[Action], GameState]:
    """A random online game up to a boat waiting, empty, for its refill."""
    for attempt in range(300):
        setup = Setup(seed=seed + attempt, rules="online")
        state = setup.start()
        rng = random.Random(attempt)
        actions: list[Action] = []
        while not state.over:
            if state.emptied:
                return setup, actions, state
            action = rng.choice(legal_actions(state))
            actions.append(action)
            state = apply(state, action)
    raise AssertionError("no online game reached a boat waiting for its refill")


@pytest.mark.parametrize("ascii", [False, True])
async def test_a_boat_waiting_for_its_refill_is_drawn_empty_not_gone(ascii: bool) -> None:
    setup, actions, state = _waiting(5)
    app = ImhotepApp(ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(history_of(setup, actions), NAMES)
        await app.push_screen(screen)
        await pilot.pause()
        waiting = "\n".join(screen_lines(app))
        assert screen.state.emptied == state.emptied
        screen.match.play(Stop())  # the turn ends: the boat is refilled
        await pilot.pause()
        refilled = "\n".join(screen_lines(app))
        assert screen.state.emptied == ()
        # One word fewer, the boat's: it was drawn empty, and not as gone.
        assert waiting.count("empty") == refilled.count("empty") + 1
        assert waiting.count("gone") == refilled.count("gone")
