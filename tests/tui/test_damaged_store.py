"""A damaged store never crashes a screen.

Every column of every table is damaged in turn (wrong types, numbers out of
range or infinite, text where a number belongs, blobs, a megabyte of text,
NULL), and the lobby, the list of games to continue (``--resume``) and the
games themselves are opened through the app: nothing raises, the rest of the
lists still shows, and a game that cannot be read is left as it was.
"""

from __future__ import annotations

import math
import shutil
import sqlite3
from pathlib import Path

import pytest
from textual.widgets import DataTable

from cli.main import build_app, parse_args
from engine.duel import Place, Setup
from match.files import store_path
from match.match import Match
from match.seats import Seat
from match.store import Standing, Store
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.screens.games import GamesScreen
from tui.screens.lobby import LobbyScreen

ME, OTHER, THIRD = "key:me", "key:other", "key:third"

# Every column of the schema; the test below checks that none is missing.
COLUMNS = {
    "games": [
        "id",
        "kind",
        "code",
        "setup",
        "undo_mode",
        "status",
        "cursor",
        "to_move",
        "invited",
        "created_at",
        "updated_at",
        "revision",
        "hints",
        "turn_at",
    ],
    # seats.seat and games.seat_count are guarded by the schema itself (CHECK
    # seat BETWEEN 0 AND 3, seat_count BETWEEN 2 AND 4; a seat count that
    # disagrees with the seats is in tests/match/store); a missing seat row is
    # one of the deletions below.
    "seats": [
        "game_id",
        "name",
        "kind",
        "owner",
        "session",
        "seen_at",
        "score",
        "hints_used",
        "won",
    ],
    "actions": ["game_id", "ply", "notation", "seat", "at"],
    "requests": ["game_id", "kind", "seat", "at_ply", "to_ply", "at", "agreed"],
    "players": ["id", "name", "created_at"],
    "imported": ["digest", "game_id", "source", "at"],
    "meta": ["key", "value"],
    "ratings": ["player", "kind", "name", "mu", "sigma", "games", "wins", "losses", "ties"],
    "rated": ["game_id", "kind", "result", "at"],
    "chat": ["id", "game_id", "owner", "name", "seat", "text", "at"],
    "watchers": ["game_id", "session", "owner", "name", "seen_at"],
    "mutes": ["owner", "muted", "at"],
}
GUARDED = {("seats", "seat"), ("games", "seat_count")}
BAD = [
    None,
    math.inf,
    2**63 - 1,
    -1,
    "x\x1b[2J\x1b]0;t\x07",
    b"\xff\x00\xfe",
]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """A store as a server's holds it: my game with a takeback pending, my game
    against the computer, someone's open table, a game of two others."""
    path = tmp_path_factory.mktemp("damaged") / "games.sqlite3"
    store = Store.open(path)
    for player, name in ((ME, "me"), (OTHER, "other"), (THIRD, "third")):
        store.name_player(player, name)
    mine = Match.new(
        Setup(seed=7, starter=0),
        (Seat(name="me"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me=ME,
    )
    assert mine.code is not None
    theirs = Match.join(Store.open(path), mine.code, me=OTHER, name="other")
    assert mine.play(Place(4)) is None
    theirs.poll()
    assert theirs.play(Place(0)) is None
    mine.poll()
    assert "Asked" in theirs.undo()  # a takeback for me to answer
    computer = Match.new(
        Setup(seed=8, starter=0),
        (Seat(name="me"), Seat(name="Bot", kind="easy")),
        store=store,
        me=ME,
    )
    assert computer.play(Place(2)) is None
    computer.play_computer()
    table = Match.new(
        Setup(seed=9),
        (Seat(name="other"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me=OTHER,
    )
    watched = Match.new(
        Setup(seed=10, starter=0),
        (Seat(name="other"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me=OTHER,
    )
    assert watched.code is not None
    third = Match.join(Store.open(path), watched.code, me=THIRD, name="third")
    assert watched.play(Place(8)) is None
    # A game I finished against another person: my rating, and the row
    # that says it was counted.
    over = store.create_game(
        b"{}",
        (Seat(name="me", owner=ME), Seat(name="other", owner=OTHER)),
        kind="duel",
        table=True,
        status="over",
        summary=Standing(-1, (10, 5), (0,)),
    )
    store.skip_file("0" * 64, "old.json")
    # Talk at my table: a line said, a watcher, and someone I muted.
    assert mine.game_id is not None
    store.watch_table(mine.game_id, "elsewhere/1/abc", THIRD, "third")
    store.chat_say(mine.game_id, ME, "me", "good luck", seat=0)
    store.mute(ME, OTHER)
    for match in (mine, theirs, computer, table, watched, third):
        match.close()
    ids = {
        name: match.game_id or 0
        for name, match in (
            ("mine", mine),
            ("computer", computer),
            ("table", table),
            ("watched", watched),
        )
    }
    ids["over"] = over
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path, ids


def test_every_column_is_damaged_somewhere(pristine: tuple[Path, dict[str, int]]) -> None:
    db = sqlite3.connect(pristine[0])
    schema = {
        (table, row[1])
        for table in COLUMNS
        for row in db.execute(f"PRAGMA table_info({table})").fetchall()
    }
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
    db.close()
    assert tables == set(COLUMNS)
    assert schema == {(t, c) for t, cs in COLUMNS.items() for c in cs} | GUARDED


def _restore(pristine: Path, path: Path) -> None:
    """The pristine store again, under the app's open connection."""
    source = sqlite3.connect(pristine)
    target = sqlite3.connect(path)
    source.backup(target)
    source.close()
    target.close()


def _damage(
    path: Path, table: str, column: str, value: object, ids: dict[str, int]
) -> object | None:
    """Write ``value`` into one row (of my game, where the table has games,
    my finished one for the games counted in the ratings); the rowid."""
    where = {
        "games": "id = ?",
        "players": "id = ?",
        "imported": "1 = ?",
        "meta": "1 = ?",
        "ratings": "player = ?",
        "mutes": "owner = ?",
    }.get(table, "game_id = ?")
    keys: dict[str, object] = {"players": ME, "imported": 1, "meta": 1, "ratings": ME, "mutes": ME}
    key = keys.get(table, ids["over"] if table == "rated" else ids["mine"])
    db = sqlite3.connect(path)
    row = db.execute(f"SELECT rowid FROM {table} WHERE {where} LIMIT 1", (key,)).fetchone()
    try:
        db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, row[0]))
        db.commit()
    except sqlite3.IntegrityError:
        return None  # the schema refuses this value: no damage to look at
    finally:
        db.close()
    # games.id and chat.id are the rowid itself: the row is found under its new number.
    return value if (table, column) in (("games", "id"), ("chat", "id")) else row[0]


def _cell(path: Path, table: str, column: str, rowid: object) -> object:
    db = sqlite3.connect(path)
    try:
        found = db.execute(f"SELECT {column} FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
    finally:
        db.close()
    return None if found is None else found[0]


def _shown(app: ImhotepApp, selector: str) -> str:
    table = app.screen_stack[0].query_one(selector, DataTable)
    return " ".join(str(cell) for row in range(table.row_count) for cell in table.get_row_at(row))


async def _look_everywhere(
    app: ImhotepApp, pilot: object, ids: dict[str, int], names: tuple[str, ...] = ("mine",)
) -> list[int]:
    """Lobby, resume list, and every game of mine; the games that would not open."""
    lobby = app.screen_stack[0]
    assert isinstance(lobby, LobbyScreen)
    # A question a game asked as it was left (a takeback) is no part of this look.
    app.pop_to(lobby)
    lobby.reload()
    await pilot.pause()  # type: ignore[attr-defined]
    # The rest of the lists still shows: another's table, others' game.
    assert "other" in _shown(app, "#tables")
    assert "other v third" in _shown(app, "#playing")
    app.push_screen(GamesScreen(app.unfinished_games()))
    await pilot.pause()  # type: ignore[attr-defined]
    app.pop_screen()
    refused = []
    # The damage is to my game (or to the players); the game against the
    # computer is opened once, in the test of missing rows.
    for name in names:
        screen = app.open_stored(ids[name])
        await pilot.pause()  # type: ignore[attr-defined]
        if screen is None:
            refused.append(ids[name])
            continue
        assert isinstance(screen, GameScreen)
        screen.match.poll()
        screen.match.answer_takeback(True)
        await pilot.pause()  # type: ignore[attr-defined]
        app.pop_to(lobby)
    return refused


@pytest.mark.parametrize(
    ("table", "column"),
    [(table, column) for table, columns in COLUMNS.items() for column in columns],
    ids=lambda value: str(value),
)
async def test_a_damaged_column_never_crashes_a_screen(
    pristine: tuple[Path, dict[str, int]], tmp_path: Path, table: str, column: str
) -> None:
    source, ids = pristine
    path = tmp_path / "games.sqlite3"
    shutil.copy(source, path)
    app = ImhotepApp(store=Store.open(path), me=ME, disk=False, lobby="me")
    damaged = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for value in BAD:
            _restore(source, path)
            rowid = _damage(path, table, column, value, ids)
            if rowid is None:
                continue
            damaged += 1
            stored = _cell(path, table, column, rowid)  # as the column's affinity kept it
            refused = await _look_everywhere(app, pilot, ids)
            if refused:
                # A game that cannot be read is reported and left as it was.
                assert _cell(path, table, column, rowid) == stored
    assert damaged, "the schema refused every damage to this column"


@pytest.mark.parametrize("table", ["seats", "actions", "requests", "players", "games"])
async def test_a_missing_row_never_crashes_a_screen(
    pristine: tuple[Path, dict[str, int]], tmp_path: Path, table: str
) -> None:
    source, ids = pristine
    path = tmp_path / "games.sqlite3"
    shutil.copy(source, path)
    db = sqlite3.connect(path)
    where = "id = ?" if table == "games" else "game_id = ?"
    key: object = ids["mine"]
    if table == "players":
        where, key = "id = ?", ME
    db.execute(
        f"DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} WHERE {where} LIMIT 1)",
        (key,),
    )
    db.commit()
    db.close()
    app = ImhotepApp(store=Store.open(path), me=ME, disk=False, lobby="me")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _look_everywhere(app, pilot, ids, ("mine", "computer"))


async def test_the_lobby_shows_the_rest_around_a_game_of_no_time(
    pristine: tuple[Path, dict[str, int]], tmp_path: Path
) -> None:
    source, ids = pristine
    path = tmp_path / "games.sqlite3"
    shutil.copy(source, path)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (math.inf, ids["mine"]))
    db.commit()
    db.close()
    app = ImhotepApp(store=Store.open(path), me=ME, disk=False, lobby="me")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and lobby._lists is not None
        assert [row.game_id for row in lobby._lists.mine] == [ids["computer"]]
        assert "other v third" in _shown(app, "#playing")
        # Opening it says why it cannot, and leaves it as it was.
        assert app.open_stored(ids["mine"]) is None
        await pilot.pause()
        assert app.screen is lobby
    db = sqlite3.connect(path)
    assert (
        db.execute("SELECT updated_at FROM games WHERE id = ?", (ids["mine"],)).fetchone()[0]
        == math.inf
    )
    db.close()


async def test_resume_lists_the_rest_around_a_game_of_no_time() -> None:
    with Store.open(store_path()) as store:
        games = []
        for seed in (1, 2, 3):
            match = Match.new(Setup(seed=seed), (Seat(name="Ann"), Seat(name="Bob")), store=store)
            assert match.play(Place(seed)) is None
            games.append(match.game_id)
            match.close()
    db = sqlite3.connect(store_path())
    db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (math.inf, games[0]))
    db.commit()
    db.close()
    app = build_app(parse_args(["--resume"]))
    assert app.resume_first == "list"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        assert [game.id for game in app.screen.games] == [games[2], games[1]]
        assert app.screen.query_one(DataTable).row_count == 2
