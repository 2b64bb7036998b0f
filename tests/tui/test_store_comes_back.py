"""A game store that fails and comes back: the player is warned, quitting
asks while steps are not kept, and the game is kept once the store works."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_support import NAMES

from engine.builders.game import BUILDERS
from engine.duel import Setup
from match.files import store_path
from match.store import Store
from match.store import schema as store_module
from tui import game_parts, i18n
from tui.app import ImhotepApp
from tui.builders.keys import GET_KEY
from tui.screens.files import ConfirmScreen
from tui.widgets.line import Line


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("it never happened")


def _screen(app: ImhotepApp) -> Any:
    screen = app.game_screen
    assert screen is not None
    return screen


def _kept_moves() -> list[int]:
    with Store.open(store_path()) as store:
        return [g.moves for g in store.games()]


def _warnings(app: ImhotepApp) -> list[str]:
    return [str(n.message) for n in app._notifications if "not being kept" in str(n.message)]


async def test_a_data_folder_that_is_a_file_is_retried_at_the_next_move() -> None:
    folder = store_path().parent
    shutil.rmtree(folder, ignore_errors=True)
    folder.write_text("not a folder")
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: app._store_opened)
        assert app.store is None and app.store_problem is not None
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("5")
        await pilot.press("1")
        assert screen.match.unsaved == 2
        assert len(_warnings(app)) == 1  # once, not at every move
        # Quitting asks, as it does when a single write fails.
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "2 steps could not be written" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen
        # The fault is gone: the next move brings the whole game in.
        folder.unlink()
        await pilot.press("9")
        assert screen.match.kept and app.store is not None
        assert _kept_moves() == [3]
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running  # nothing to lose: no question


def _store_that_cannot_be_opened(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """A read-only data folder, as a user meets it (root writes anyway),
    while the list's one flag is set; the game screens retry it often."""
    connect = sqlite3.connect
    fault = [True]

    def opening(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        if fault[0]:
            raise sqlite3.OperationalError("unable to open database file")
        return connect(*args, **kwargs)

    monkeypatch.setattr(store_module.sqlite3, "connect", opening)
    monkeypatch.setattr(game_parts, "RETRY_SECONDS", 0.05)
    return fault


async def test_a_store_that_cannot_be_opened_is_retried_while_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fault = _store_that_cannot_be_opened(monkeypatch)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: app._store_opened)
        assert app.store is None and app.store_problem is not None
        said = i18n.tr(app.store_problem)
        assert said.endswith(": cannot be opened") and said.count("cannot be opened") == 1
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("5")
        assert screen.match.unsaved == 1
        await pilot.pause(0.2)  # a few retries that fail change nothing
        assert screen.match.unsaved == 1 and len(_warnings(app)) == 1
        fault[0] = False
        await _until(pilot, lambda: screen.match.kept)
        assert _kept_moves() == [1]
        # From then on every move is kept as it is made.
        await pilot.press("1")
        assert screen.match.kept and _kept_moves() == [2]


class _FullDisk:
    """A connection whose writes fail as on a full disk while ``full``."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self.full = False

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self.full and sql.split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self.full:
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.executemany(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


async def test_a_full_disk_asks_before_quitting_and_catches_up_when_space_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_parts, "RETRY_SECONDS", 0.05)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("5")
        assert app.store is not None and _kept_moves() == [1]
        disk = _FullDisk(app.store._db)
        app.store._db = disk  # type: ignore[assignment]
        disk.full = True
        await pilot.press("1")
        await pilot.press("z")  # an undo not kept either
        await pilot.press("2")
        assert screen.match.unsaved == 3
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "disk is full" in app.screen.question
        await pilot.press("n")
        disk.full = False
        await _until(pilot, lambda: screen.match.kept)
        with Store.open(store_path()) as store:
            (game,) = store.games()
            stored = store.game(game.id)
        assert stored.line == tuple(str(a) for a in screen.history.actions)
        assert len(stored.line) == 2
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_builders_asks_before_quitting_and_keeps_the_game_once_the_store_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same keeping as the Duel's: nothing here is the Duel's own.
    fault = _store_that_cannot_be_opened(monkeypatch)
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app._store_opened)
        setup = BUILDERS.deal(3, random.Random(5), {})
        app.start_game(setup, ("Ann", "Bob", "Cy"))
        await pilot.pause()
        screen = _screen(app)
        assert "not being kept" in screen.query_one("#message", Line).plain
        await pilot.press(GET_KEY)
        await pilot.press(GET_KEY)
        assert screen.match.unsaved == 2
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "2 steps could not be written" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen
        fault[0] = False
        await _until(pilot, lambda: screen.match.kept)
        assert _kept_moves() == [2]
        await pilot.press(GET_KEY)
        assert screen.match.kept and _kept_moves() == [3]
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running  # nothing to lose: no question
