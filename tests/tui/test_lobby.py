"""The lobby of a shared store: its lists, and hosting, joining, watching, the computer."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Select

from engine.duel import Setup, legal_actions
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.lobby_lists import lobby_lists
from tui.screens.lobby import LobbyScreen
from tui.screens.lobby_dialogs import HostChoice, HostScreen
from tui.widgets.keybar import KeyBar

ALICE, BOB, CAROL = "key:alice", "key:bob", "key:carol"


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
            store.name_player(player, name)
    return path


def _table(
    store: Store, host: str, name: str, *, seed: int = 1, invited: str | None = None
) -> Match:
    seats = (Seat(name=name), Seat(name="Player 2"))
    return Match.new(
        Setup(seed=seed),
        seats,
        store=store,
        here=frozenset({0}),
        table=True,
        me=host,
        invited=invited,
    )


def _game(store: Store, first: str, second: str, names: tuple[str, str], seed: int) -> int:
    """A game in play between two players (each in their own process)."""
    match = _table(store, first, names[0], seed=seed)
    assert match.code is not None
    joined = Match.join(store, match.code, me=second, name=names[1])
    assert joined.game_id is not None
    return joined.game_id


def test_your_turn_comes_first_and_tables_for_others_are_hidden(store_path: Path) -> None:
    with Store.open(store_path) as store:
        waiting = _game(store, ALICE, BOB, ("alice", "bob"), seed=1)
        mine = _game(store, BOB, ALICE, ("bob", "alice"), seed=2)
        _table(store, ALICE, "alice", seed=3)
        _table(store, BOB, "bob", seed=4)
        _table(store, CAROL, "carol", seed=5, invited=BOB)  # kept for bob
        _table(store, CAROL, "carol", seed=6, invited=ALICE)
        hot_seat = Match.new(Setup(seed=8), (Seat(name="x"), Seat(name="y")), store=store, me=CAROL)
        hot_seat.play(legal_actions(hot_seat.state)[0])
        stored = {g.id: g for g in store.games(owner=ALICE)}
        lists = lobby_lists(store, ALICE)
    by_turn = [row.game_id for row in lists.mine if row.cells[1] == "your turn"]
    assert by_turn and lists.mine[0].cells[1] == "your turn"
    assert {row.game_id for row in lists.mine} >= {waiting, mine}
    assert lists.mine[-1].cells[1].startswith("table ")
    assert lists.my_open_tables == 1
    hosts = [row.cells[0] for row in lists.tables]
    assert hosts == ["bob", "carol (for you)"]
    assert lists.playing == ()  # carol's game at one keyboard is hers alone
    assert all(
        stored[row.game_id].to_move == [s.owner for s in stored[row.game_id].seats].index(ALICE)
        for row in lists.mine
        if row.cells[1] == "your turn"
    )


async def _lobby(store_path: Path, me: str, name: str) -> ImhotepApp:
    return ImhotepApp(store=Store.open(store_path), me=me, disk=False, lobby=name)


@asynccontextmanager
async def _host_pressed(store_path: Path) -> AsyncIterator[tuple[ImhotepApp, Pilot[None]]]:
    """Alice's lobby at 80x24, just after she pressed h (host a table)."""
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        yield app, pilot


async def test_the_lobby_is_the_first_screen_with_its_styles(store_path: Path) -> None:
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.screen.query_one("#who").styles.text_style.bold


async def test_joining_a_table_takes_its_free_seat(store_path: Path) -> None:
    with Store.open(store_path) as store:
        table = _table(store, BOB, "bob")
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#tables", DataTable)
        await pilot.press("enter")
        await pilot.pause()
        game = app.game_screen
        assert isinstance(game, GameScreen)
        assert game.match.game_id == table.game_id
        assert game.match.here == frozenset({1})
    with Store.open(store_path) as store:
        stored = store.game(table.game_id or 0)
    assert stored.status == "playing"
    assert stored.seats[1].owner == ALICE and stored.seats[1].name == "alice"


async def test_joining_by_code(store_path: Path) -> None:
    with Store.open(store_path) as store:
        table = _table(store, BOB, "bob")
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        app.screen.query_one(Input).value = "nope1"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "no table with the code" in str(app.screen.query_one("#message").render())
        await pilot.press("j")
        await pilot.pause()
        app.screen.query_one(Input).value = (table.code or "").lower()
        await pilot.press("enter")
        await pilot.pause()
        game = app.game_screen
        assert game is not None and game.match.game_id == table.game_id
        assert game.match.here == frozenset({1})


async def test_an_open_menu_of_the_host_dialog_stays_inside_it(store_path: Path) -> None:
    async with _host_pressed(store_path) as (app, pilot):
        dialog = app.screen.query_one(".dialog").region
        # The Duel's Sides menu is the longest: nineteen entries.
        sides = app.screen.query_one("#sides", Select)
        sides.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = sides.query_one("SelectOverlay")
        assert overlay.display and overlay.region.height > 1
        assert dialog.contains_region(overlay.region)


async def test_hosting_for_a_named_player(store_path: Path) -> None:
    async with _host_pressed(store_path) as (app, pilot):
        assert isinstance(app.screen, HostScreen)
        app.screen.query_one("#invite", Input).value = "nobody"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "no player called nobody" in str(app.screen.query_one("#message").render())
        await pilot.press("h")
        await pilot.pause()
        app.screen.query_one("#invite", Input).value = "Carol"
        await pilot.press("enter")
        await pilot.pause()
        game = app.game_screen
        assert game is not None and game.match.code
    with Store.open(store_path) as store:
        (table,) = store.open_tables()
        assert table.invited == CAROL
        assert table.seats[0].owner == ALICE
        # bob does not see it; carol does.
        assert not lobby_lists(store, BOB).tables
        assert [r.game_id for r in lobby_lists(store, CAROL).tables] == [table.id]


async def test_a_player_cannot_open_more_tables_than_the_cap(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IMHOTEP_MAX_TABLES", "1")
    with Store.open(store_path) as store:
        _table(store, ALICE, "alice")
    async with _host_pressed(store_path) as (app, _pilot):
        assert isinstance(app.screen, LobbyScreen)
        assert "1 open table already" in str(app.screen.query_one("#message").render())
    with Store.open(store_path) as store:
        assert len(store.open_tables()) == 1


async def test_a_table_opened_meanwhile_elsewhere_counts_against_the_cap(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IMHOTEP_MAX_TABLES", "1")
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        # Another terminal of alice's opens a table after this lobby listed
        # none: the store refuses the second in the transaction that counts.
        with Store.open(store_path) as other:
            _table(other, ALICE, "alice")
        screen._host_chosen(HostChoice(invite=None, kind="duel", options={"sides": "AAAA"}))
        await pilot.pause()
        assert app.screen is screen
        assert "You have 1 open table already" in str(screen.query_one("#message").render())
    with Store.open(store_path) as store:
        assert len(store.open_tables()) == 1


async def test_watching_takes_no_seat(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game_id = _game(store, BOB, CAROL, ("bob", "carol"), seed=7)
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#playing", DataTable)
        await pilot.press("w")
        await pilot.pause()
        game = app.game_screen
        assert game is not None and game.match.game_id == game_id
        assert game.match.here == frozenset()
        before = game.match.state
        for key in "123456789abcdef":
            await pilot.press(key)
        await pilot.pause()
        assert game.match.state == before
    with Store.open(store_path) as store:
        assert store.game(game_id).cursor == 0


async def test_playing_the_computer(store_path: Path) -> None:
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        # The dialog opens on the level: Enter opens its list, not a game.
        assert isinstance(app.focused, Select) and app.focused.id == "level"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen is None
        await pilot.press("escape")  # the list closes
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.game_screen
        assert game is not None
        assert game.match.kinds == ("human", "medium")
        assert game.match.names[0] == "alice"


async def test_over_ssh_a_game_writes_no_file(store_path: Path, tmp_path: Path) -> None:
    from tui.duel.screens.log import LogScreen
    from tui.screens.files import PromptScreen

    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "ctrl+s")
        await pilot.pause()
        game = app.game_screen
        assert game is not None
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is game
        game.action_save()  # as the command palette would
        await pilot.pause()
        assert app.screen is game
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen)


async def test_q_in_a_game_goes_back_to_the_lobby(store_path: Path) -> None:
    with Store.open(store_path) as store:
        table = _table(store, BOB, "bob")
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # join bob's table
        await pilot.pause()
        assert app.game_screen is not None
        assert "q Lobby" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.is_running
        mine = app.screen.query_one("#mine", DataTable)
        assert mine.row_count == 1
    with Store.open(store_path) as store:
        # The seat is left (another terminal may take it up), the game kept.
        stored = store.game(table.game_id or 0)
        assert stored.seats[1].owner == ALICE
        assert not stored.presence[1].live()


async def test_a_heartbeat_elsewhere_does_not_reload_the_lists(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.screens import lobby

    with Store.open(store_path) as store:
        table = _table(store, BOB, "bob")
    loads = []
    real = lobby.lobby_lists

    def counting(store: Store, me: str, *args: Any, **kwargs: Any) -> lobby.LobbyLists:
        loads.append(me)
        return real(store, me, *args, **kwargs)

    monkeypatch.setattr(lobby, "lobby_lists", counting)
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        before = len(loads)
        with Store.open(store_path) as other:
            assert table.game_id is not None
            other.heartbeat(table.game_id, table.session)
            screen._poll()
            assert len(loads) == before
            Match.join(other, table.code or "", me=CAROL, name="carol").close()
            screen._poll()
            assert len(loads) == before + 1
    table.close()


def test_listing_again_reads_no_set_up_it_has_read(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table's sides and starter are in its set-up, read with the whole game:
    # the lobby keeps what it read, as a set-up never changes.
    with Store.open(store_path) as store:
        _table(store, BOB, "bob", seed=4)
        _table(store, CAROL, "carol", seed=5)
        read: list[int] = []
        real = store.game
        monkeypatch.setattr(store, "game", lambda game_id: read.append(game_id) or real(game_id))
        setups: dict[int, tuple[str, int | None]] = {}
        now = time.time()
        first = lobby_lists(store, ALICE, now, setups=setups)
        assert len(first.tables) == 2 and len(read) == 2
        again = lobby_lists(store, ALICE, now, setups=setups)
        assert again.tables == first.tables and len(read) == 2


async def test_the_host_dialog_is_built_from_the_games_options(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Select

    import tui.games

    # Builders offered as if its screens were there: the dialog knows it only
    # through its table options (engine.game.TableOption).
    monkeypatch.setitem(
        tui.games.GAMES, "builders", tui.games.TuiGame("builders", "tui.duel.shell")
    )
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause(0.3)
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        assert {s.id for s in dialog.query(Select)} >= {"game", "sides", "starter", "rules"}
        dialog.query_one("#game", Select).value = "builders"
        await pilot.pause(0.3)
        assert not dialog.query("#sides")
        dialog.query_one("#seats", Select).value = "4"
        await pilot.pause(0.3)
        starters = [value for _words, value in dialog.query_one("#starter", Select)._options]
        assert starters == ["random", "0", "1", "2", "3"]
        dialog.query_one("#variant", Select).value = "yes"
        await pilot.pause()
        chosen: list[HostChoice | None] = []
        dialog.dismiss = chosen.append  # type: ignore[assignment,method-assign]
        dialog.query_one("#open").press()
        await pilot.pause()
        assert chosen == [
            HostChoice(
                invite=None,
                kind="builders",
                options={"seats": "4", "starter": "random", "variant": "yes"},
            )
        ]


async def test_q_on_the_game_over_dialog_goes_back_to_the_lobby(store_path: Path) -> None:
    # Over SSH the app is the session: a q that quit the app ended it.
    from tui.duel.screens.game_over import GameOverScreen

    bob = _table(Store.open(store_path), BOB, "bob", seed=11)
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # join bob's table
        await pilot.pause()
        game = app.game_screen
        assert game is not None and game.match.game_id == bob.game_id
        while not game.match.over(game.match.state):
            if game.match.to_move in game.match.here:
                assert game.match.play(legal_actions(game.match.state)[0]) is None
            else:
                bob.poll()
                assert bob.play(legal_actions(bob.state)[0]) is None
                game.match.poll()
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert str(app.screen.query_one("#quit", Button).label) == "Lobby"
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, LobbyScreen)
    bob.close()


async def test_every_key_of_the_lobby_is_on_its_bar_at_80_columns(store_path: Path) -> None:
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert {entry[3] for entry in bar.shown_entries} == {
            "host",
            "join_code",
            "computer",
            "watch",
            "player_page",
            "app.focus_next",
            "app.help",
            "app.quit",
        }
        assert len(str(bar.render()).rstrip()) <= 80


async def test_the_arrows_walk_through_every_list(store_path: Path) -> None:
    with Store.open(store_path) as store:
        mine = _game(store, ALICE, BOB, ("alice", "bob"), seed=1)
        tables = [_table(store, BOB, "bob", seed=2), _table(store, CAROL, "carol", seed=3)]
        watched = _game(store, BOB, CAROL, ("bob", "carol"), seed=4)
    app = await _lobby(store_path, ALICE, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert "tab Lists" in str(lobby.query_one(KeyBar).render())
        seen = []
        for _ in range(6):
            focused = app.focused
            assert isinstance(focused, DataTable)
            seen.append((focused.id, focused.cursor_row))
            await pilot.press("down")
            await pilot.pause()
        assert seen[:4] == [("mine", 0), ("tables", 0), ("tables", 1), ("playing", 0)]
        assert seen[4:] == [("playing", 0), ("playing", 0)]  # the last row stays put
        for _ in range(3):
            await pilot.press("up")
            await pilot.pause()
        assert (app.focused.id, app.focused.cursor_row) == ("mine", 0)  # type: ignore[union-attr]
        await pilot.press("up")
        assert (app.focused.id, app.focused.cursor_row) == ("mine", 0)  # type: ignore[union-attr]
    assert mine and watched and all(t.code for t in tables)


async def test_ctrl_s_opens_the_table_from_the_host_dialog(store_path: Path) -> None:
    async with _host_pressed(store_path) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        assert app.focused is dialog.query_one("#invite", Input)  # its first field
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game_screen is not None and app.game_screen.match.code


def test_a_negative_score_reads_as_one() -> None:
    from types import SimpleNamespace

    from tui.lobby_lists import _score

    game = SimpleNamespace(scores=(3, -5), seats=("ann", "bob"))
    assert _score(game, None) == "3:-5"  # type: ignore[arg-type]
    assert _score(game, 1) == "-5:3"  # type: ignore[arg-type]


def test_at_a_table_of_three_each_score_stands_by_its_player() -> None:
    """A play-test: "bob v cy  you lost  32:24:37" did not say whose score was whose."""
    from types import SimpleNamespace

    from match.seats import Seat
    from tui.lobby_lists import _others, _score

    seats = tuple(Seat(name=name) for name in ("ann", "bob", "cy"))
    game = SimpleNamespace(kind="duel", seats=seats, scores=(32, 24, -3))
    assert _others(game, 0) == "bob 24 v cy -3"  # type: ignore[arg-type]
    assert _score(game, 0) == "32"  # type: ignore[arg-type]
    assert _others(game, 2) == "ann 32 v bob 24"  # type: ignore[arg-type]
    assert _score(game, 2) == "-3"  # type: ignore[arg-type]
    # A watcher reads every player in order, and the scores in the same order.
    assert _score(game, None) == "32:24:-3"  # type: ignore[arg-type]
