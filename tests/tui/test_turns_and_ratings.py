"""The lobby tells a player of their turns and shows their ratings; `p`
opens their own page."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from match.seats import Seat
from match.store import Standing, Store
from tui.app import ImhotepApp
from tui.screens.lobby import LobbyScreen
from tui.screens.player import PlayerScreen

ALICE, BOB = "key:alice", "key:bob"
A, B = Seat(name="alice", owner=ALICE), Seat(name="bob", owner=BOB)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        store.name_player(ALICE, "alice")
        store.name_player(BOB, "bob")
    return path


def _finished(store: Store, winner: int) -> None:
    game = store.create_game(b"{}", (A, B), kind="duel", table=True)
    revision = store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
    scores = (12, 9) if winner == 0 else (9, 12)
    store.append(
        game, 1, "b", 1, revision=revision, summary=Standing(-1, scores, (winner,)), over=True
    )


def _texts(app: ImhotepApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_the_lobby_shows_the_players_rating_and_record(store_path: Path) -> None:
    with Store.open(store_path) as store:
        _finished(store, 0)
        _finished(store, 0)
        _finished(store, 1)
        rating = store.ratings(ALICE)["duel"]
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#ratings", Static)
        assert str(line.render()) == f"Imhotep: The Duel {rating.shown}? (2-1-0)"
        assert line.display
        await pilot.press("p")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, PlayerScreen)
        shown = str(page.query_one("#ratings", Static).render())
        assert shown == (
            f"Imhotep: The Duel\n  rating {rating.shown}?; 3 games: 2 won, 1 lost, 0 tied"
        )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_a_new_player_has_no_rating_on_show(store_path: Path) -> None:
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#ratings", Static).display
        await pilot.press("p")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, PlayerScreen)
        assert str(page.query_one("#ratings", Static).render()) == "No rated games yet."
        assert page.query_one("#none-waiting", Static).display


async def test_arriving_shows_the_games_waiting_and_for_how_long(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game = store.create_game(b"{}", (A, B), kind="duel", table=True)
        store._db.execute(
            "UPDATE games SET turn_at = ? WHERE id = ?", (time.time() - 2 * 3600 - 60, game)
        )
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mine = app.screen.query_one("#mine", DataTable)
        assert str(mine.get_row_at(0)[1]) == "your turn for 2 h"
        app.turn_watch.poll()
        await pilot.pause()
        assert "It is your turn in 1 game, for 2 h." in _texts(app)
        assert app.turn_watch.told == 0  # what waited already is no news
        await pilot.press("p")
        await pilot.pause()
        waiting = app.screen.query_one("#waiting", DataTable)
        assert [str(c) for c in waiting.get_row_at(0)] == ["bob (Imhotep: The Duel)", "2 h"]


async def test_a_turn_that_begins_elsewhere_is_told_once(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game = store.create_game(b"{}", (B, A), kind="builders", table=True)
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.turn_watch.poll()
        assert app.turn_watch.told == 0
        with Store.open(store_path) as other:
            other.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
        app.turn_watch.poll()
        app.turn_watch.poll()
        await pilot.pause()
        assert app.turn_watch.told == 1
        assert "Your turn against bob (Imhotep: Builders of Egypt)" in _texts(app)


async def test_no_notice_for_a_game_between_others(store_path: Path) -> None:
    carol = Seat(name="carol", owner="key:carol")
    with Store.open(store_path) as store:
        game = store.create_game(b"{}", (B, carol), kind="duel", table=True)
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.turn_watch.poll()
        with Store.open(store_path) as other:
            other.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
        app.turn_watch.poll()
        assert app.turn_watch.told == 0
