"""The store's file: links refused, reads that change nothing, and a store of
the previous version brought up to date with every game still playing."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from engine.duel import Setup, legal_actions
from match.match import Match, encode_setup, summary_of
from match.seats import Seat
from match.store import APPLICATION_ID, SCHEMA_VERSION, Presence, Store, StoreError

ANN = "local:ann"

# The schema as version 1 wrote it (the revision column came with version 2).
SCHEMA_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY, code TEXT UNIQUE, setup TEXT NOT NULL,
    undo_mode TEXT NOT NULL DEFAULT 'safe', status TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0, to_move INTEGER NOT NULL DEFAULT 0,
    score0 INTEGER NOT NULL DEFAULT 0, score1 INTEGER NOT NULL DEFAULT 0,
    invited TEXT, created_at REAL NOT NULL, updated_at REAL NOT NULL
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat IN (0, 1)), name TEXT NOT NULL, kind TEXT NOT NULL,
    owner TEXT, session TEXT, seen_at REAL, PRIMARY KEY (game_id, seat)
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL, notation TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE requests (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL, seat INTEGER NOT NULL, at_ply INTEGER NOT NULL,
    to_ply INTEGER NOT NULL, at REAL NOT NULL
);
CREATE TABLE players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, created_at REAL NOT NULL
);
CREATE TABLE imported (
    digest TEXT PRIMARY KEY, game_id INTEGER, source TEXT NOT NULL, at REAL NOT NULL
);
CREATE INDEX games_by_time ON games(status, updated_at);
CREATE INDEX seats_by_owner ON seats(owner);
"""


def _version_1_store(path: Path, games: int = 3, *, journal: str = "wal") -> list[list[str]]:
    """A store written by version 1: games of a few moves each, one with
    moves undone (kept for redo). Returns each game's actions."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA journal_mode = {journal}")
    db.executescript(SCHEMA_1)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    lines = []
    for seed in range(1, games + 1):
        match = Match.new(Setup(seed=seed), (Seat(name="Ann"), Seat(name="Bob")), store=None)
        for step in range(4 * seed):
            match.play(legal_actions(match.state)[step % len(legal_actions(match.state))])
        line = [str(a) for a in match.history.actions]
        cursor = len(line) - (2 if seed == 2 else 0)
        game = db.execute(
            "INSERT INTO games (setup, status, cursor, to_move, score0, score1, created_at,"
            " updated_at) VALUES (?, 'playing', ?, ?, ?, ?, 1.0, 2.0) RETURNING id",
            (
                encode_setup(match.history.setup).decode(),
                cursor,
                summary_of(match.state, match.rules).to_move,
                *summary_of(match.state, match.rules).scores,
            ),
        ).fetchone()[0]
        for seat, name in enumerate(("Ann", "Bob")):
            db.execute(
                "INSERT INTO seats (game_id, seat, name, kind, owner) VALUES (?,?,?,'human',?)",
                (game, seat, name, ANN),
            )
        for ply, text in enumerate(line):
            db.execute(
                "INSERT INTO actions (game_id, ply, notation, seat, at) VALUES (?,?,?,0,1.0)",
                (game, ply, text),
            )
        lines.append(line)
    db.close()
    return lines


def test_a_store_of_version_1_keeps_every_game_playing(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    lines = _version_1_store(path)
    played = {}
    with Store.open(path) as store:
        games = sorted(g.id for g in store.games())
        assert len(games) == 3
        for game_id, line in zip(games, lines, strict=True):
            match = Match.open(store, game_id, me=ANN)
            assert [str(a) for a in match.history.full_notation] == line
            if match.history.can_redo:
                assert match.redo() == "Redone."
            assert match.play(legal_actions(match.state)[0]) is None
            assert match.kept
            played[game_id] = (match.history.full_notation, match.history.cursor)
            match.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    with Store.open(path) as store:
        for game_id in games:
            stored = store.game(game_id)
            assert (tuple(a.notation for a in stored.actions), stored.cursor) == played[game_id]
            assert stored.revision > 0


def test_two_processes_bring_a_version_1_store_up_to_date_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two terminals of one account, both at both seats.
    monkeypatch.setattr(Presence, "live", lambda self, now=None: False)
    path = tmp_path / "games.sqlite3"
    _version_1_store(path, games=1)
    first, second = Store.open(path), Store.open(path)
    # Both read the game as version 1 (revision 0), then both write.
    seen = [Match.open(s, 1, me=ANN) for s in (first, second)]
    assert all(m.revision == 0 for m in seen)
    assert seen[0].play(legal_actions(seen[0].state)[0]) is None
    said = seen[1].play(legal_actions(seen[1].state)[-1])
    assert said is not None  # the second writer's view was stale: refused, not merged
    assert seen[1].state == seen[0].state
    first.close()
    second.close()


def test_reading_a_store_does_not_change_its_file(tmp_path: Path) -> None:
    # A store in rollback-journal mode, as another tool may have left it.
    path = tmp_path / "games.sqlite3"
    _version_1_store(path, journal="delete")
    before = path.read_bytes()
    with Store.open(path) as store:
        games = store.games(statuses=("open", "playing", "over"))
        assert len(games) == 3
        watched = Match.open(store, games[0].id, me="key:someone-else")  # watching only
        watched.poll()
        watched.close()
    assert path.read_bytes() == before
    assert not path.with_name("games.sqlite3-wal").exists()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


def test_the_first_write_makes_the_store_shareable(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _version_1_store(path, journal="delete")
    with Store.open(path) as store:
        store.name_player("key:ann", "Ann")
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_store_that_is_a_link_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.sqlite3"
    Store.open(target).close()
    before = target.read_bytes()
    link = tmp_path / "games.sqlite3"
    link.symlink_to(target)
    with pytest.raises(StoreError, match="symbolic link"):
        Store.open(link)
    assert target.read_bytes() == before


def test_a_link_to_no_file_creates_nothing(tmp_path: Path) -> None:
    target = tmp_path / "planted" / "games.sqlite3"
    target.parent.mkdir()
    link = tmp_path / "games.sqlite3"
    link.symlink_to(target)
    with pytest.raises(StoreError, match="symbolic link"):
        Store.open(link)
    assert not target.exists() and list(target.parent.iterdir()) == []


def test_a_linked_side_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep me")
    path.with_name("games.sqlite3-wal").symlink_to(victim)
    with pytest.raises(StoreError, match=r"games\.sqlite3-wal: is a symbolic link"):
        Store.open(path)
    assert victim.read_bytes() == b"keep me"


FOLDER_LINK = "is a symbolic link that someone else could change"


def test_a_folder_link_where_others_may_write_is_refused(tmp_path: Path) -> None:
    # Anyone may write in "shared": whoever made "games" there, anyone could
    # point it elsewhere, and the store would follow.
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (shared / "games").symlink_to(elsewhere)
    with pytest.raises(StoreError, match=FOLDER_LINK):
        Store.open(shared / "games" / "games.sqlite3")
    assert list(elsewhere.iterdir()) == []
    # Reached through a link of the user's own, it is refused all the same.
    (tmp_path / "mine").symlink_to(shared / "games")
    with pytest.raises(StoreError, match=f"{shared / 'games'}: .*{FOLDER_LINK}|{FOLDER_LINK}"):
        Store.open(tmp_path / "mine" / "games.sqlite3")
    assert list(elsewhere.iterdir()) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file another user's needs root")
def test_a_folder_link_of_another_user_is_refused(tmp_path: Path) -> None:
    nobody = 65534
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # A link another user made, in the user's own folder...
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "games").symlink_to(elsewhere)
    os.lchown(mine / "games", nobody, nobody)
    with pytest.raises(StoreError, match=FOLDER_LINK):
        Store.open(mine / "games" / "games.sqlite3")
    # ... and the user's link in a folder another user owns.
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "games").symlink_to(elsewhere)
    os.chown(theirs, nobody, nobody)
    with pytest.raises(StoreError, match=FOLDER_LINK):
        Store.open(theirs / "games" / "games.sqlite3")
    assert list(elsewhere.iterdir()) == []


def test_the_users_own_folder_links_are_followed(tmp_path: Path) -> None:
    # A link the user made in their own folder says where they want the
    # games (a data folder moved to a bigger disk, say): it is followed,
    # as is one in a sticky folder such as /tmp, where no one else may
    # replace the user's entries.
    real = tmp_path / "real"
    real.mkdir()
    own = tmp_path / "s"
    own.mkdir()
    (own / "games").symlink_to(real)
    Store.open(own / "games" / "games.sqlite3").close()
    assert (real / "games.sqlite3").is_file()
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    (sticky / "games").symlink_to(Path("..") / "real")
    Store.open(sticky / "games" / "other.sqlite3").close()
    assert (real / "other.sqlite3").is_file()


def test_a_list_sees_an_older_store_change_and_come_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    _version_1_store(path, games=1)
    with Store.open(path) as reader, Store.open(path) as writer:
        before = reader.tables_revision()
        assert before < 0  # no counter yet: the file is as version 1 left it
        writer.create_game(
            encode_setup(Setup(seed=9)), (Seat(name="Ann"), Seat(name="Bob")), kind="duel"
        )
        after = reader.tables_revision()
        assert after > 0 and after != before
        writer.create_game(
            encode_setup(Setup(seed=8)), (Seat(name="Ann"), Seat(name="Bob")), kind="duel"
        )
        assert reader.tables_revision() == after + 1
