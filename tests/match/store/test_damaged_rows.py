"""Values read back from the store are checked on the way in (match.rows).

A damaged row (another program, a broken disk, a hand edit) makes its game
"damaged": opening it says so, lists leave it out and show the rest, nothing
raises anything but StoreError, and the row is left as it was.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.duel import Place, Setup
from match.match import Event, Match, Notice, TakebackAsked
from match.seats import Seat
from match.store import Presence, Standing, Store, StoreError

ANN, BOB = "key:ann", "key:bob"
ESC = "\x1b"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _raw(path: Path, sql: str, *args: object) -> None:
    """Write behind the store's back, as a damaged file or another program would."""
    db = sqlite3.connect(path)
    db.execute(sql, args)
    db.commit()
    db.close()


def _cell(path: Path, sql: str, *args: object) -> object:
    db = sqlite3.connect(path)
    value = db.execute(sql, args).fetchone()[0]
    db.close()
    return value


def _duel(path: Path) -> tuple[Match, Match, list[Event]]:
    """Ann hosts, Bob joins, each with a store of their own; two moves are played."""
    host = Match.new(
        Setup(seed=21, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=BOB, name="Bob")
    seen: list[Event] = []
    guest.subscribe(seen.append)
    assert host.play(Place(4)) is None
    guest.poll()
    assert guest.play(Place(0)) is None
    host.poll()
    return host, guest, seen


@pytest.mark.parametrize(
    ("seat", "to_ply"),
    [(9, 0), (-1, 0), (0, 7), (0, -3), (0, 2)],
    ids=["seat 9", "seat -1", "target beyond the game", "target before the start", "no step back"],
)
def test_a_damaged_takeback_request_is_reported_not_answered(
    path: Path, seat: int, to_ply: int
) -> None:
    host, guest, seen = _duel(path)
    assert guest.game_id is not None and guest.history.cursor == 2
    # Ann's request as a damaged file holds it: a seat no game has, or a move
    # that is not in this game.
    _raw(
        path,
        "INSERT INTO requests (game_id, kind, seat, at_ply, to_ply, at) VALUES (?,?,?,?,?,?)",
        guest.game_id,
        "undo",
        seat,
        2,
        to_ply,
        1.0,
    )
    guest.poll()
    assert not [e for e in seen if isinstance(e, TakebackAsked)]
    notices = [e.message for e in seen if isinstance(e, Notice) and e.error]
    assert notices and "damaged" in notices[-1]
    # Answering is no crash and changes nothing.
    assert "no takeback" in guest.answer_takeback(True)
    assert guest.history.cursor == 2
    assert _cell(path, "SELECT seat FROM requests WHERE game_id = ?", guest.game_id) == seat
    assert _cell(path, "SELECT cursor FROM games WHERE id = ?", guest.game_id) == 2
    with pytest.raises(StoreError, match="damaged"):
        Match.open(Store.open(path), guest.game_id, me=BOB)
    host.close()
    guest.close()


def test_a_request_made_up_elsewhere_is_no_question(path: Path) -> None:
    # The match itself refuses what the store would never hand it.
    from match.store import Request

    _host, guest, seen = _duel(path)
    guest._follow_request(Request("undo", 9, 2, 0, 1.0))
    assert guest.request is None and not any(isinstance(e, TakebackAsked) for e in seen)
    guest.request = Request("undo", 0, 2, 40, 1.0)
    assert "no takeback" in guest.answer_takeback(True)
    assert guest.history.cursor == 2


BAD_TIMES = [float("inf"), float("-inf"), 1e300, -5.0, "yesterday", b"\x00\x01"]


@pytest.mark.parametrize("when", BAD_TIMES, ids=repr)
@pytest.mark.parametrize("column", ["updated_at", "created_at"])
def test_a_game_with_a_time_no_clock_shows_is_damaged(
    path: Path, column: str, when: object
) -> None:
    store = Store.open(path)
    good = store.create_game(
        b'{"seed":1}', (Seat(name="Ann", owner=ANN), Seat(name="Bob")), kind="duel"
    )
    bad = store.create_game(
        b'{"seed":2}', (Seat(name="Ann", owner=ANN), Seat(name="Cy")), kind="duel"
    )
    _raw(path, f"UPDATE games SET {column} = ? WHERE id = ?", when, bad)
    assert [g.id for g in store.games(owner=ANN)] == [good]
    with pytest.raises(StoreError, match=f"damaged.*games.{column}"):
        store.game(bad)
    assert _cell(path, f"SELECT typeof({column}) FROM games WHERE id = ?", bad) != "null"


@pytest.mark.parametrize(
    ("sql", "value", "problem"),
    [
        ("UPDATE games SET cursor = ?", "two", "games.cursor"),
        ("UPDATE games SET cursor = ?", 1.5, "games.cursor"),
        ("UPDATE games SET cursor = ?", 2**40, "games.cursor"),
        ("UPDATE games SET code = ?", f"AB{ESC}]0", "games.code"),
        ("UPDATE games SET status = ?", "won", "unknown status"),
        ("UPDATE games SET invited = ?", b"\x01", "games.invited"),
        ("UPDATE seats SET name = ?", b"\xff\x00", "seat has no name"),
        ("UPDATE seats SET kind = ?", "Wizard!", "seats.kind"),
        ("UPDATE seats SET owner = ?", "k" * 5000, "seats.owner"),
        ("UPDATE seats SET seen_at = ?", float("inf"), "seats.seen_at"),
        ("UPDATE seats SET session = ?", b"\xff", "seats.session"),
    ],
    ids=lambda value: repr(value)[:30],
)
def test_lists_leave_out_a_damaged_game_and_show_the_rest(
    path: Path, sql: str, value: object, problem: str
) -> None:
    store = Store.open(path)
    seats = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB))
    good = store.create_game(b'{"seed":1}', seats, table=True, kind="duel")
    bad = store.create_game(b'{"seed":2}', seats, table=True, kind="duel")
    key = "id" if sql.startswith("UPDATE games") else "game_id"
    _raw(path, f"{sql} WHERE {key} = ?", value, bad)
    for statuses in (("open", "playing"), ("open", "playing", "over"), ("playing",)):
        assert [g.id for g in store.games(statuses=statuses)] == [good]
    with pytest.raises(StoreError, match=problem.replace(".", r"\.")):
        store.game(bad)
    assert store.game(good).id == good


@pytest.mark.parametrize(
    ("column", "value", "problem"),
    [("undo_mode", "sometimes", "games.undo_mode"), ("setup", "{" * 100_000, "set-up")],
    ids=["undo mode", "huge set-up"],
)
def test_a_game_listed_by_its_summary_is_damaged_when_opened(
    path: Path, column: str, value: object, problem: str
) -> None:
    # A list reads only the summary: the rest is checked when the game is opened.
    store = Store.open(path)
    game = store.create_game(b'{"seed":1}', (Seat(name="Ann"), Seat(name="Bob")), kind="duel")
    _raw(path, f"UPDATE games SET {column} = ?", value)
    assert [g.id for g in store.games()] == [game]
    with pytest.raises(StoreError, match=problem):
        store.game(game)
    with pytest.raises(StoreError, match="damaged"):
        Match.open(store, game)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("to_move", 9),
        ("to_move", 2),  # a seat this game of two does not have
        ("to_move", "x"),
        ("seat 0 score", 2**62),
        ("seat 1 score", "many"),
        ("seat 0 score", 0.5),
    ],
)
def test_a_list_leaves_out_a_game_whose_summary_is_damaged(
    path: Path, column: str, value: object
) -> None:
    store = Store.open(path)
    seats = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB))
    good = store.create_game(b'{"seed":1}', seats, kind="duel")
    bad = store.create_game(b'{"seed":2}', seats, kind="duel")
    if column.endswith("score"):
        seat = int(column.split()[1])
        _raw(path, "UPDATE seats SET score = ? WHERE game_id = ? AND seat = ?", value, bad, seat)
    else:
        _raw(path, f"UPDATE games SET {column} = ? WHERE id = ?", value, bad)
    assert [g.id for g in store.games()] == [good]
    # The game itself is replayed from its moves, not from the summary.
    assert store.game(bad).id == bad


def test_a_move_too_long_to_be_one_is_damage(path: Path) -> None:
    store = Store.open(path)
    game = store.create_game(b'{"seed":1}', (Seat(name="Ann"), Seat(name="Bob")), kind="duel")
    store.append(game, 0, "P5", 0, revision=0, summary=Standing(1, (0, 0)))
    _raw(path, "UPDATE actions SET notation = ?", "P" * 1_000_000)
    with pytest.raises(StoreError, match=r"actions\.notation"):
        store.game(game)


def test_a_damaged_cursor_refuses_a_write_with_a_message(path: Path) -> None:
    store = Store.open(path)
    game = store.create_game(b'{"seed":1}', (Seat(name="Ann"), Seat(name="Bob")), kind="duel")
    _raw(path, "UPDATE games SET cursor = ?", "zero")
    with pytest.raises(StoreError, match="damaged"):
        store.append(game, 0, "P5", 0, revision=0, summary=Standing(1, (0, 0)))
    assert _cell(path, "SELECT cursor FROM games") == "zero"


def test_names_are_cleaned_as_they_are_read(path: Path) -> None:
    store = Store.open(path)
    game = store.create_game(b'{"seed":1}', (Seat(name="Ann"), Seat(name="Bob")), kind="duel")
    evil = f"Bob{ESC}]52;c;SGVsbG8=\x07{ESC}]0;pwned\x07{ESC}[5A\u202eevil"
    _raw(path, "UPDATE seats SET name = ? WHERE seat = 1", evil)
    store.name_player(BOB, "bob")
    _raw(path, "UPDATE players SET name = ?", evil)
    assert store.game(game).seats[1].name == "Bobevil"
    (summary,) = store.games()
    assert summary.title == "Ann v Bobevil"
    assert store.player_name(BOB) == "Bobevil"
    # Reading cleans what is shown; the row itself is left as it was.
    assert _cell(path, "SELECT name FROM seats WHERE seat = 1") == evil


def test_a_process_id_no_system_has_is_no_crash() -> None:
    import socket
    import time

    here = socket.gethostname()
    for pid in ("9" * 40, "\u0661\u0662"):  # far too large; Arabic-Indic digits
        assert Presence(f"{here}/{pid}/abc", time.time()).live()


def test_a_megabyte_of_name_is_shown_as_a_name(path: Path) -> None:
    store = Store.open(path)
    game = store.create_game(b'{"seed":1}', (Seat(name="Ann"), Seat(name="Bob")), kind="duel")
    _raw(path, "UPDATE seats SET name = ? WHERE seat = 1", "\u202e" + "N" * 1_000_000)
    (summary,) = store.games()
    assert summary.seats[1].name == "N" * 24
    assert store.game(game).seats[1].name == "N" * 24


def test_a_level_the_game_does_not_have_is_refused_when_the_game_is_opened(path: Path) -> None:
    # The store keeps any level's word (each game has its own levels); the
    # match refuses one its game's computer players lack.
    from match.match import Match

    store = Store.open(path)
    game_id = store.create_game(
        b'{"seed":1}', (Seat(name="Ann", owner=ANN), Seat(name="Bot", kind="wizard")), kind="duel"
    )
    assert store.game(game_id).seats[1].kind == "wizard"
    with pytest.raises(StoreError, match="unknown computer level 'wizard'"):
        Match.open(store, game_id, me=ANN)
