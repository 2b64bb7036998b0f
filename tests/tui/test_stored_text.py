"""No bytes of a stored name reach another player's terminal.

The names are written straight into the store (as a damaged file, another
program or a peer's own process could), then drawn on someone else's screen;
the tests read what Textual would write to that terminal: the escape sequences
of the screen itself, but none from the name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from engine.duel import Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from match.store.presence import session_id
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.screens.games import GamesScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.line import Line

ANN, BOB, CAROL = "key:ann", "key:bob", "key:carol"
ESC = "\x1b"
# A clipboard write (OSC 52), a window title, a cursor move up and a clear,
# an 8-bit CSI, and a right-to-left override.
EVIL = f"Bob{ESC}]52;c;SGVsbG8=\x07{ESC}]0;pwned{ESC}\\{ESC}[5A{ESC}[2J\x9b3B\u202eevil\u202c"
SHOWN = "Bobevil"
# What must never arrive: the payloads and the introducers of what the name held.
TRACES = ("\x1b]", "\x07", "\x9b", "\x1b[5A", "\x1b[2J", "\u202e", "SGVsbG8", "pwned")


def terminal_output(app: ImhotepApp) -> str:
    """The whole screen as Textual writes it to the terminal (escape sequences included)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert update is not None
    return update.render_segments(app.console)


def assert_harmless(output: str) -> None:
    for trace in TRACES:
        assert trace not in output, f"{trace!r} reached the terminal"


async def _until(pilot: Pilot[None], check: Callable[[], bool]) -> None:
    for _ in range(400):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _duel_with_a_nasty_name(path: Path) -> int:
    """Ann and Bob at one table; Bob's name as the store holds it is EVIL."""
    with Store.open(path) as store:
        store.name_player(BOB, "bob")
        host = Match.new(
            Setup(seed=5, starter=0),
            (Seat(name="Ann"), Seat(name="Player 2")),
            store=store,
            here=frozenset({0}),
            table=True,
            me=ANN,
        )
        assert host.code is not None and host.game_id is not None
        Match.join(store, host.code, me=BOB, name="Bob").close()
        host.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE seats SET name = ? WHERE seat = 1", (EVIL,))
    db.execute("UPDATE players SET name = ?", (EVIL,))
    db.commit()
    db.close()
    return host.game_id


async def test_a_stored_name_is_drawn_without_its_escape_sequences(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    game_id = _duel_with_a_nasty_name(path)
    app = ImhotepApp(store=Store.open(path), me=ANN, disk=False, lobby="Ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        output = terminal_output(app)
        assert_harmless(output)
        assert SHOWN in output  # Ann's list: her game against Bob
        app.push_screen(GamesScreen(app.unfinished_games()))
        await pilot.pause()
        output = terminal_output(app)
        assert_harmless(output)
        assert SHOWN in output
        app.pop_screen()
        screen = app.open_stored(game_id)
        await pilot.pause()
        assert isinstance(screen, GameScreen) and app.screen is screen
        output = terminal_output(app)
        assert_harmless(output)
        assert SHOWN in output  # the player panel's title
    # Someone else's lobby lists the game to watch by both names.
    watcher = ImhotepApp(store=Store.open(path), me=CAROL, disk=False, lobby="Carol")
    async with watcher.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        output = terminal_output(watcher)
        assert_harmless(output)
        assert f"Ann v {SHOWN}" in output


async def test_a_name_that_arrives_during_the_game_is_cleaned_too(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    host = Match.new(
        Setup(seed=5, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.game_id is not None
    app = ImhotepApp(open_match=host, store=store, me=ANN)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        # Bob's process takes the seat under a name no prompt would have let
        # through, and sits at it.
        with Store.open(path) as other:
            other.claim(host.game_id, 1, BOB, EVIL)
            other.attach(host.game_id, (1,), session_id())
        await _until(pilot, lambda: "joined" in screen.query_one("#message", Line).plain)
        output = terminal_output(app)
        assert_harmless(output)
        assert f"{SHOWN} joined" in screen.query_one("#message", Line).plain
        assert SHOWN in output


async def test_a_tables_stored_set_up_is_not_drawn_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        table = Match.new(
            Setup(seed=5),
            (Seat(name="Bob"), Seat(name="Player 2")),
            store=store,
            here=frozenset({0}),
            table=True,
            me=BOB,
        )
        table.close()
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE games SET setup = ?",
        ('{"seed": 5, "sides": "A\\u001b]0;pwned\\u0007B", "starter": 7}',),
    )
    db.commit()
    db.close()
    app = ImhotepApp(store=Store.open(path), me=ANN, disk=False, lobby="Ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and lobby._lists is not None
        assert_harmless(terminal_output(app))
        ((host, sides, starts, _waiting),) = [row.cells for row in lobby._lists.tables]
        assert (host, sides, starts) == ("Bob", "?", "?")
