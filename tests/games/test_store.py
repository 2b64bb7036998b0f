"""match.store: the SQLite store shared between processes."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from match.seats import Seat
from match.store import SCHEMA_VERSION, Request, StaleWrite, Store, StoreError

REPO = Path(__file__).resolve().parents[2]
SEATS = (Seat(name="Ann", owner="local:ann"), Seat(name="Bob", owner="local:bob"))
SUMMARY = (0, 0, 0)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_a_new_store_is_wal_and_versioned(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "games.sqlite3"
    Store.open(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_append_checks_the_ply_it_extends(store: Store) -> None:
    game = store.create_game(b'{"seed":1}', SEATS)
    seen = store.game(game).revision
    after = store.append(game, 0, "P5", 0, revision=seen, summary=SUMMARY)
    with pytest.raises(StaleWrite) as stale:
        store.append(game, 0, "P1", 0, revision=seen, summary=SUMMARY)
    assert stale.value.cursor == 1 and stale.value.revision == after
    assert [a.notation for a in store.game(game).actions] == ["P5"]
    store.append(game, 1, "P1", 1, revision=after, summary=SUMMARY)
    assert store.game(game).cursor == 2


def test_undo_keeps_the_redo_list_until_a_new_move(store: Store) -> None:
    game = store.create_game(b'{"seed":1}', SEATS)
    revision = store.append(game, 0, "P5", 0, revision=0, summary=SUMMARY)
    revision = store.append(game, 1, "P1", 1, revision=revision, summary=SUMMARY)
    revision = store.move_cursor(game, 2, 1, revision=revision, summary=SUMMARY)
    stored = store.game(game)
    assert stored.cursor == 1 and len(stored.actions) == 2
    with pytest.raises(StaleWrite):
        store.move_cursor(game, 2, 0, revision=revision, summary=SUMMARY)
    store.append(game, 1, "P9", 1, revision=revision, summary=SUMMARY)
    assert [a.notation for a in store.game(game).actions] == ["P5", "P9"]


def test_data_version_tells_of_another_connection_only(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as mine, Store.open(path) as theirs:
        _, mark = mine.changed(None)
        game = mine.create_game(b'{"seed":1}', SEATS)
        changed, mark = mine.changed(mark)
        assert not changed  # our own commit
        theirs.append(game, 0, "P5", 0, revision=0, summary=SUMMARY)
        changed, mark = mine.changed(mark)
        assert changed
        assert not mine.changed(mark)[0]


def test_a_seat_is_never_handed_to_another(store: Store) -> None:
    game = store.create_game(
        b'{"seed":1}', (SEATS[0], Seat(name="Player 2")), status="open", table=True
    )
    code = store.game(game).code
    assert code is not None and store.find_code(code.lower()) == game
    store.claim(game, 1, "key:bob", "Bob")
    assert store.game(game).status == "playing"
    with pytest.raises(StoreError, match="taken"):
        store.claim(game, 1, "key:eve", "Bob")
    store.claim(game, 1, "key:bob")  # the owner may come back
    assert store.game(game).seats[1] == Seat(name="Bob", owner="key:bob")


def test_a_table_for_one_player_refuses_another(store: Store) -> None:
    game = store.create_game(
        b'{"seed":1}', (SEATS[0], Seat(name="Player 2")), table=True, invited="key:bob"
    )
    with pytest.raises(StoreError, match="kept for another"):
        store.claim(game, 1, "key:eve", "Eve")
    store.claim(game, 1, "key:bob", "Bob")


def test_games_are_listed_most_recent_first(store: Store) -> None:
    first = store.create_game(b'{"seed":1}', SEATS)
    second = store.create_game(b'{"seed":2}', SEATS)
    store.append(first, 0, "P5", 0, revision=0, summary=(1, 1, 0))
    assert [g.id for g in store.games()] == [first, second]
    assert [g.id for g in store.games(owner="local:bob")] == [first, second]
    assert store.games(owner="local:eve") == []
    store.append(second, 0, "P5", 0, revision=0, summary=(-1, 3, 2), over=True)
    assert [g.id for g in store.games()] == [first]
    assert [g.scores for g in store.games(statuses=("over",))] == [(3, 2)]


def test_names_are_unique_among_players(store: Store) -> None:
    store.name_player("key:a", "Ann")
    assert store.player_name("key:a") == "Ann"
    with pytest.raises(StoreError, match="taken"):
        store.name_player("key:b", "ann")
    store.name_player("key:a", "Annie")
    assert store.player_name("key:a") == "Annie"


# Damaged, foreign, newer, locked and read-only databases ---------------------


def test_a_file_that_is_no_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="damaged"):
        Store.open(path)
    assert path.read_bytes() == before
    assert not (tmp_path / "games.sqlite3-wal").exists()


def test_a_newer_store_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer version"):
        Store.open(path)
    assert path.read_bytes() == before


def test_another_programs_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="another program"):
        Store.open(path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only files")
def test_a_read_only_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    path.chmod(0o444)
    with pytest.raises(StoreError, match="read-only"):
        Store.open(path)


def test_a_read_only_store_is_refused_as_root_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Root may write anywhere; the access check is what a user would meet.
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    monkeypatch.setattr(os, "access", lambda *_: False)
    with pytest.raises(StoreError, match="read-only"):
        Store.open(path)


def test_a_store_locked_by_another_process_says_so(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        game = store.create_game(b'{"seed":1}', SEATS)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            store._db.execute("PRAGMA busy_timeout = 50")
            with pytest.raises(StoreError, match="locked"):
                store.append(game, 0, "P5", 0, revision=0, summary=SUMMARY)
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        store.append(game, 0, "P5", 0, revision=0, summary=SUMMARY)  # and works again after


# Two processes racing ---------------------------------------------------------

RACER = textwrap.dedent(
    """
    import sys, time
    from match.store import Store, StaleWrite
    path, game, me, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    store = Store.open(path)
    won = lost = 0
    while won < count:
        seen = store.game(game)
        ply = seen.cursor
        try:
            store.append(game, ply, f"{me}{ply}", 0, revision=seen.revision, summary=(0, 0, 0))
            won += 1
        except StaleWrite:
            lost += 1
    print(won, lost)
    """
)


def test_two_processes_racing_never_lose_or_duplicate_a_ply(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        game = store.create_game(b'{"seed":1}', SEATS)
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(path), str(game), name, "60"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("A", "B")
    ]
    for racer in racers:
        racer.communicate(timeout=120)
    assert all(racer.returncode == 0 for racer in racers)
    with Store.open(path) as store:
        actions = store.game(game).actions
    assert [a.ply for a in actions] == list(range(120))
    # Each ply holds the move of the one writer that saw the game at that ply.
    assert all(a.notation.endswith(str(a.ply)) for a in actions)
    assert [a.notation[0] for a in actions].count("A") == 60


def test_moves_and_seats_change_the_revision_and_presence_does_not(store: Store) -> None:
    game = store.create_game(
        b'{"seed":1}', (SEATS[0], Seat(name="Player 2")), status="open", table=True
    )
    revisions = [store.revision(game)]

    def step() -> int:
        revisions.append(store.revision(game))
        return revisions[-1] - revisions[-2]

    store.attach(game, [0], "here/1/a")
    store.heartbeat(game, "here/1/a")
    store.detach(game, "here/1/a")
    assert step() == 0
    store.claim(game, 1, "key:bob", "Bob")
    assert step() == 1
    store.append(game, 0, "P5", 0, revision=revisions[-1], summary=SUMMARY)
    assert step() == 1
    store.ask(game, Request("undo", 0, 1, 0, 0.0), revision=revisions[-1])
    assert step() == 0
    store.move_cursor(game, 1, 0, revision=revisions[-1], summary=SUMMARY)
    assert step() == 1
    assert store.game(game).revision == revisions[-1]


def test_a_heartbeat_moves_neither_revision_and_a_move_moves_both(store: Store) -> None:
    game = store.create_game(
        b'{"seed":1}', (SEATS[0], Seat(name="Player 2")), status="open", table=True
    )
    store.attach(game, [0], "here/1/a")
    pulse, tables = store.pulse(game), store.tables_revision()
    assert pulse.presence[0].session == "here/1/a" and pulse.presence[1].session is None
    store.heartbeat(game, "here/1/a")
    assert store.pulse(game).revision == pulse.revision
    assert store.tables_revision() == tables
    store.claim(game, 1, "key:bob", "Bob")
    assert store.tables_revision() > tables
    tables, revision = store.tables_revision(), store.pulse(game).revision
    after = store.append(game, 0, "P5", 0, revision=revision, summary=SUMMARY)
    assert store.pulse(game).revision == after > revision
    assert store.tables_revision() > tables


def test_a_pulse_carries_the_request_and_presence_but_no_moves(store: Store) -> None:
    game = store.create_game(b'{"seed":1}', SEATS)
    revision = store.append(game, 0, "P5", 0, revision=0, summary=SUMMARY)
    store.attach(game, [1], "there/2/b")
    tables = store.tables_revision()
    store.ask(game, Request("undo", 1, 1, 0, 5.0), revision=revision)
    pulse = store.pulse(game)
    assert pulse.request == Request("undo", 1, 1, 0, 5.0)
    assert pulse.revision == revision
    assert [p.session for p in pulse.presence] == [None, "there/2/b"]
    # Asking and withdrawing are no news to a list of games.
    store.withdraw(game)
    assert store.pulse(game).request is None
    assert store.tables_revision() == tables


def test_a_pulse_of_a_missing_game_says_so(store: Store) -> None:
    with pytest.raises(StoreError):
        store.pulse(99)


def test_another_connection_sees_the_tables_revision_move(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as writer, Store.open(path) as reader:
        before = reader.tables_revision()
        writer.create_game(b'{"seed":1}', SEATS)
        assert reader.tables_revision() == before + 1
