"""A game this version has no screens for (made by another process or a newer
version) in the store: every list shows it by its title and all of its seats,
and opening it says so and changes nothing.

Builders of Egypt stands for such a game: its engine is here, and for these
tests its entry in the screens' registry (tui.games) has no module, as it had
before its screens were written."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from engine.games import game
from match.seats import Seat
from match.store import Standing, Store
from server.events import describe
from tui.app import ImhotepApp
from tui.lobby_lists import lobby_lists
from tui.screens.games import GamesScreen
from tui.screens.lobby import LobbyScreen

REPO = Path(__file__).resolve().parents[2]
ALICE = "key:alice"
NAMES = ("alice", "bob", "cy", "di")
CANNOT = "This version cannot play Imhotep: Builders of Egypt yet."


def _builders(store: Store, *, status: str = "playing", owners: int = 4) -> int:
    rules = game("builders")
    setup = rules.encode_setup(rules.deal(4, random.Random(1)))
    seats = tuple(
        Seat(name=name, owner=f"key:{name}" if index < owners else None)
        for index, name in enumerate(NAMES)
    )
    return store.create_game(
        setup,
        seats,
        kind="builders",
        status=status,  # type: ignore[arg-type]
        table=status == "open",
        summary=Standing(-1 if status == "over" else 1, (7, 9, 4, 9)),
    )


@pytest.fixture(autouse=True)
def _builders_without_screens(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui import games

    monkeypatch.setitem(games.GAMES, "builders", games.TuiGame("builders", None))


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _unchanged(store_path: Path, game_id: int) -> tuple[object, ...]:
    with Store.open(store_path) as store:
        stored = store.game(game_id)
        return stored.status, stored.seats, store.revision(game_id), stored.cursor


def _said(app: ImhotepApp) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_the_resume_list_shows_every_seat_and_opening_says_it_cannot(
    store_path: Path,
) -> None:
    with Store.open(store_path) as store:
        game_id = _builders(store)
    before = _unchanged(store_path, game_id)
    app = ImhotepApp(store=Store.open(store_path), me=ALICE)
    app.resume_first = "list"
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        cells = GamesScreen.cells(app.screen.games[0], 0.0)
        # The game on a line of its own, then the seats two to a line.
        assert cells[0] == "Imhotep: Builders of Egypt\nalice, bob,\ncy, di"
        assert cells[2] == "7:9:4:9"
        assert cells[3] == "bob"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen is None
        assert CANNOT in _said(app)
    assert _unchanged(store_path, game_id) == before


async def test_resume_by_id_says_it_cannot(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game_id = _builders(store)
    before = _unchanged(store_path, game_id)
    app = ImhotepApp(store=Store.open(store_path), me=ALICE)
    app.resume_first = game_id
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game_screen is None
        assert len(app.screen_stack) == 1
        assert CANNOT in _said(app)
    assert _unchanged(store_path, game_id) == before


async def test_in_the_players_language(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game_id = _builders(store)
    app = ImhotepApp(store=Store.open(store_path), me=ALICE, lang="de")
    app.resume_first = game_id
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = _said(app)
        assert "Diese Version kann Imhotep \u2013 Baumeister Ägyptens noch nicht spielen." in said


def test_the_lobby_lists_show_title_seats_and_scores(store_path: Path) -> None:
    with Store.open(store_path) as store:
        playing = _builders(store)
        over = _builders(store, status="over")
        table = _builders(store, status="open", owners=1)
        mine = lobby_lists(store, ALICE)
        others = lobby_lists(store, "key:zed")
    # Alice's table waits for three players: nobody is named against her yet.
    # At four seats each other player's score stands by their name, hers apart.
    assert [(row.game_id, row.cells[0], row.cells[3]) for row in mine.mine] == [
        (playing, "Imhotep: Builders of Egypt: bob 9 v cy 4 v di 9", "7"),
        (table, "-", "7"),
    ]
    # With three others "their turn" would not say whose.
    assert mine.mine[0].cells[1] == "bob's turn"
    assert [(row.game_id, row.cells[:3]) for row in mine.finished] == [
        (over, ("Imhotep: Builders of Egypt: bob 9 v cy 4 v di 9", "?", "7"))
    ]
    assert [(row.game_id, row.cells[1:3]) for row in others.tables] == [
        (table, ("Imhotep: Builders of Egypt", "?"))
    ]
    watched = [(row.game_id, row.cells[:3]) for row in others.playing]
    assert watched == [
        (playing, ("Imhotep: Builders of Egypt: alice v bob v cy v di", "0", "7:9:4:9"))
    ]


async def test_watching_and_joining_by_code_say_it_cannot(store_path: Path) -> None:
    with Store.open(store_path) as store:
        playing = _builders(store)
        table = _builders(store, status="open", owners=1)
        code = store.game(table).code
    assert code is not None
    before = (_unchanged(store_path, playing), _unchanged(store_path, table))
    app = ImhotepApp(store=Store.open(store_path), me="key:zed", disk=False, lobby="zed")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        lobby._watch(playing)
        await pilot.pause()
        assert app.screen is lobby and app.game_screen is None
        assert CANNOT in str(lobby.query_one("#message").render())
        await pilot.press("j")
        await pilot.pause()
        app.screen.query_one(Input).value = code
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is lobby and app.game_screen is None
        assert lobby.query_one("#tables", DataTable).row_count == 1
    assert (_unchanged(store_path, playing), _unchanged(store_path, table)) == before


def test_the_server_log_names_every_seat(store_path: Path) -> None:
    with Store.open(store_path) as store:
        game_id = _builders(store)
        (summary,) = store.games()
    assert describe(summary) == f"game {game_id} builders (alice v bob v cy v di)"


def test_the_shell_loads_no_games_screens_until_one_is_asked_for() -> None:
    probe = (
        "import sys\n"
        "import tui.app, tui.games, tui.screens.help, tui.screens.lobby, tui.screens.games\n"
        "print(sorted(m for m in sys.modules if m.startswith('tui.duel')))\n"
        "tui.games.screens('duel')\n"
        "print('tui.duel.screens.game' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "True"]
