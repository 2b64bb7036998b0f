"""Two apps at one table, and an app whose game store cannot be used."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from tui_support import NAMES

from engine.duel import Place, Setup
from match.files import store_path
from match.match import Match
from match.seats import Seat
from match.store import Store, StoreError
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.duel.screens.log import LogScreen
from tui.screens.files import ConfirmScreen
from tui.widgets.line import Line


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _screen(app: ImhotepApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def test_two_apps_at_one_table(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    host_store = Store.open(path)
    hosted = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=host_store,
        here=frozenset({0}),
        table=True,
        me="local:ann",
    )
    assert hosted.code is not None
    host = ImhotepApp(open_match=hosted, store=host_store, me="local:ann")
    async with host.run_test(size=(80, 24)) as hp:
        ann = _screen(host)
        await hp.pause()
        assert hosted.code in ann.query_one("#message", Line).plain
        guest_store = Store.open(path)
        joined = Match.join(guest_store, hosted.code, me="local:bob", name="Bob")
        guest = ImhotepApp(open_match=joined, store=guest_store, me="local:bob")
        async with guest.run_test(size=(80, 24)) as gp:
            bob = _screen(guest)
            await gp.pause()
            await _until(hp, lambda: "Bob joined" in ann.query_one("#message", Line).plain)
            # Bob cannot move for Ann, whose turn it is.
            await gp.press("5")
            assert bob.history.cursor == 0
            assert "Please wait" in bob.query_one("#message", Line).plain
            assert "in another terminal" in bob.query_one("#prompt", Line).plain
            await hp.press("5")
            assert ann.history.actions == (Place(4),)
            await _until(gp, lambda: bob.history.actions == (Place(4),))
            assert "Ann places a meeple on cell 5" in bob.query_one("#message", Line).plain
            await gp.press("1")
            await _until(hp, lambda: ann.history.actions == (Place(4), Place(0)))
            assert ann.state == bob.state
            # While the other side plays, the record (and with it the deal) is
            # not offered for export.
            await gp.press("g")
            log = guest.screen
            assert isinstance(log, LogScreen) and not log.check_action("export", ())
            await gp.press("escape")
            assert not bob.check_action("save", ())  # a save file names the deal too
            # A takeback is asked for and answered on the other screen.
            await gp.press("z")
            assert "Asked Ann" in bob.query_one("#message", Line).plain
            await _until(hp, lambda: isinstance(host.screen, ConfirmScreen))
            await hp.press("y")
            await _until(gp, lambda: bob.history.cursor == 1)
            assert ann.history.cursor == 1
        await _until(hp, lambda: "Bob has left" in ann.query_one("#message", Line).plain)
        assert "waiting for Bob" in ann.query_one("#prompt", Line).plain


async def test_a_damaged_store_still_lets_people_play() -> None:
    store_path().parent.mkdir(parents=True, exist_ok=True)
    store_path().write_bytes(b"\x00garbage" * 500)
    before = store_path().read_bytes()
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.store is None and app.store_problem is not None
        assert "damaged" in app.store_problem
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        screen = _screen(app)
        assert "not being kept" in screen.query_one("#message", Line).plain
        await pilot.press("5")
        assert screen.history.actions == (Place(4),)
    assert store_path().read_bytes() == before


async def test_quitting_with_a_move_not_written_asks_first(monkeypatch: object) -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("5")  # the game is in the store now

        def full(*_: object, **__: object) -> None:
            raise StoreError("the disk is full")

        assert app.store is not None
        app.store.append = full  # type: ignore[method-assign]
        await pilot.press("1")
        assert screen.history.cursor == 2 and screen.match.unsaved == 1
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "disk is full" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen and app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running


def test_the_unsaved_move_is_written_once_the_store_works_again() -> None:
    async def play() -> None:
        app = ImhotepApp()
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game(Setup(seed=1), NAMES)
            await pilot.pause()
            screen = _screen(app)
            await pilot.press("5")
            assert app.store is not None
            working = app.store.append

            def full(*_: object, **__: object) -> None:
                raise StoreError("the disk is full")

            app.store.append = full  # type: ignore[method-assign]
            await pilot.press("1")
            app.store.append = working  # type: ignore[method-assign]
            await pilot.press("9")
            assert screen.match.unsaved == 0

    asyncio.run(play())
    with Store.open(store_path()) as store:
        (game,) = store.games()
        assert game.moves == 3


async def test_the_new_game_form_can_open_a_table_for_another_terminal() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=2, starter=1), ("Ann", "Bob"), ("human", "away"))
        await pilot.pause()
        screen = _screen(app)
        code = screen.match.code
        assert code is not None and screen.match.here == {0}
        assert code in screen.query_one("#message", Line).plain
        assert "waiting for a player to join" in screen.query_one("#prompt", Line).plain
        joined = Match.join(Store.open(store_path()), code, me="local:bob", name="Bob")
        assert joined.here == {1}
        assert joined.play(Place(2)) is None
        await _until(pilot, lambda: screen.history.actions == (Place(2),))


async def test_the_start_screen_offers_continue_once_a_game_is_kept() -> None:
    from textual.widgets import OptionList

    from tui.screens.start import StartScreen

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        await _until(pilot, lambda: app._store_opened)
        await pilot.pause()
        assert not start.can_continue
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        await pilot.press("5")
    again = ImhotepApp()
    async with again.run_test(size=(80, 24)) as pilot:
        start = again.screen
        assert isinstance(start, StartScreen)
        await _until(pilot, lambda: start.can_continue)
        choices = start.query_one("#choices", OptionList)
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        assert ids[:2] == ["new", "continue"]
        await pilot.press("c")
        await pilot.pause()
        assert _screen(again).history.actions == (Place(4),)
