"""match.store.chat: what is said at a table, who looks on, whom a player mutes.

Every text is cleaned on its way in and again on its way out; the limits on
length and rate are the store's; talk never moves a game's revision."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from old_stores import ANN, BOB, build

from match.seats import Seat
from match.store import MAX_CHAT, SCHEMA_VERSION, ChatRefused, Standing, Store, StoreError
from match.store import schema as store_schema
from match.store.chat import RATE_LIMITS

CAROL = "key:carol"
SEATS = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB))
NASTY = (
    "hi \x1b]52;c;cm0gLXJmIH4=\x07there\x1b[2J\x1b[31m red\x1b[0m\r\nnext\u202eline\x9b31m\x00end"
)
NOW = 1_800_000_000.0


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "games.sqlite3") as opened:
        yield opened


@pytest.fixture
def game(store: Store) -> int:
    return store.create_game(b'{"seed":1}', SEATS, kind="duel")


def _harmless(text: str) -> bool:
    return text.isprintable() and "\x1b" not in text and "\u202e" not in text


def test_a_line_is_cleaned_on_its_way_in(store: Store, game: int) -> None:
    said = store.chat_say(game, ANN, "Ann\x1b]0;owned\x07", NASTY, seat=0)
    assert said.text == "hi there red nextlineend"
    assert said.name == "Ann"
    raw = sqlite3.connect(store.path).execute("SELECT name, text FROM chat").fetchall()
    assert raw == [("Ann", "hi there red nextlineend")]


def test_a_line_is_cleaned_on_its_way_out(store: Store, game: int) -> None:
    # Written by another program (or an older one): the store trusts no row.
    db = sqlite3.connect(store.path)
    db.execute(
        "INSERT INTO chat (game_id, owner, name, seat, text, at) VALUES (?,?,?,?,?,?)",
        (game, BOB, "B\x1b[1mob\u202e", 1, NASTY + "x" * 1000, NOW),
    )
    db.execute(
        "INSERT INTO chat (game_id, owner, name, seat, text, at) VALUES (?,?,?,?,?,?)",
        (game, BOB, "Bob", "not a seat", "damaged", NOW),
    )
    db.commit()
    (line,) = store.chat_lines(game)
    assert line.name == "Bob" and _harmless(line.name)
    assert line.text.startswith("hi there red nextlineend")
    assert _harmless(line.text) and len(line.text) <= MAX_CHAT


def test_length_is_limited_and_an_empty_line_refused(store: Store, game: int) -> None:
    store.chat_say(game, ANN, "Ann", "a" * MAX_CHAT, seat=0, now=NOW)
    with pytest.raises(ChatRefused, match=f"at most {MAX_CHAT} characters"):
        store.chat_say(game, ANN, "Ann", "a" * (MAX_CHAT + 1), seat=0, now=NOW)
    with pytest.raises(ChatRefused, match="nothing to say"):
        store.chat_say(game, ANN, "Ann", "\x1b[2J \t\r\n", seat=0, now=NOW)
    assert [len(line.text) for line in store.chat_lines(game)] == [MAX_CHAT]


def test_a_key_may_say_only_so_much_in_all_its_games(store: Store, game: int) -> None:
    other = store.create_game(b'{"seed":2}', SEATS, kind="duel")
    burst, seconds = RATE_LIMITS[0]
    for n in range(burst):
        store.chat_say(game if n % 2 else other, ANN, "Ann", f"line {n}", seat=0, now=NOW + n)
    with pytest.raises(ChatRefused, match="slow down"):
        store.chat_say(game, ANN, "Ann", "one more", seat=0, now=NOW + burst)
    store.chat_say(game, BOB, "Bob", "someone else may", seat=1, now=NOW + burst)
    store.chat_say(game, ANN, "Ann", "later", seat=0, now=NOW + seconds + burst)
    # Steady talk within the burst limit still meets the longer one.
    longest, window = RATE_LIMITS[-1]
    step = seconds / burst + 0.1
    start = NOW + 1000
    for n in range(longest):
        store.chat_say(game, BOB, "Bob", f"b{n}", seat=1, now=start + n * step)
    with pytest.raises(ChatRefused, match="slow down"):
        store.chat_say(game, BOB, "Bob", "too much", seat=1, now=start + longest * step)
    store.chat_say(game, BOB, "Bob", "rested", seat=1, now=start + window + longest * step)


def test_lines_come_oldest_first_after_a_mark_and_only_the_last_ones(
    store: Store, game: int
) -> None:
    ids = [
        store.chat_say(game, owner, name, f"{name} {n}", seat=seat, now=NOW + 20 * n).id
        for n in range(3)
        for owner, name, seat in ((ANN, "Ann", 0), (BOB, "Bob", 1))
    ]
    assert ids == sorted(ids)
    lines = store.chat_lines(game)
    assert [line.text for line in lines] == ["Ann 0", "Bob 0", "Ann 1", "Bob 1", "Ann 2", "Bob 2"]
    assert [line.text for line in store.chat_lines(game, after=ids[3])] == ["Ann 2", "Bob 2"]
    assert [line.text for line in store.chat_lines(game, limit=2)] == ["Ann 2", "Bob 2"]
    assert store.last_chat_id(game) == ids[-1]
    assert [line.seat for line in lines[:2]] == [0, 1]


def test_only_those_at_the_table_talk_there(store: Store, game: int) -> None:
    with pytest.raises(ChatRefused, match="players and watchers"):
        store.chat_say(game, CAROL, "Carol", "let me in")
    with pytest.raises(ChatRefused, match="players and watchers"):
        store.chat_say(game, BOB, "Bob", "not my seat", seat=0)
    store.watch_table(game, "host/1/abc", CAROL, "Carol")
    assert store.chat_say(game, CAROL, "Carol", "hello").seat is None
    with pytest.raises(ChatRefused, match="no longer in the store"):
        store.chat_say(game + 99, ANN, "Ann", "hello", seat=0)


def test_a_mute_hides_a_keys_lines_from_the_player_alone_and_is_kept(
    tmp_path: Path, store: Store, game: int
) -> None:
    store.chat_say(game, ANN, "Ann", "from ann", seat=0, now=NOW)
    store.chat_say(game, BOB, "Bob", "from bob", seat=1, now=NOW)
    store.mute(ANN, BOB)
    assert [line.text for line in store.chat_lines(game, listener=ANN)] == ["from ann"]
    assert len(store.chat_lines(game, listener=BOB)) == 2
    with Store.open(store.path) as again:
        assert again.muted(ANN) == frozenset({BOB})
        assert [line.text for line in again.chat_lines(game, listener=ANN)] == ["from ann"]
    store.unmute(ANN, BOB)
    assert len(store.chat_lines(game, listener=ANN)) == 2
    with pytest.raises(StoreError, match="yourself"):
        store.mute(ANN, ANN)


def test_watchers_come_and_go(store: Store, game: int) -> None:
    store.watch_table(game, "host/1/a", CAROL, "Carol\x1b[5m")
    store.watch_table(game, "host/2/b", BOB, "Bob")
    assert [(w.owner, w.name) for w in store.watchers(game)] == [(CAROL, "Carol"), (BOB, "Bob")]
    store.watch_beat(game, "host/1/a")
    store.unwatch_table(game, "host/2/b")
    assert [w.owner for w in store.watchers(game)] == [CAROL]


def test_talk_moves_no_revision_and_breaks_no_stale_write_check(store: Store, game: int) -> None:
    revision = store.game(game).revision
    tables = store.tables_revision()
    store.watch_table(game, "host/1/a", CAROL, "Carol")
    store.chat_say(game, ANN, "Ann", "good luck", seat=0)
    store.chat_say(game, CAROL, "Carol", "watching")
    store.watch_beat(game, "host/1/a")
    store.mute(ANN, CAROL)
    assert store.pulse(game).revision == revision
    assert store.tables_revision() == tables
    # A move made on the revision seen before the talk is still taken.
    store.append(game, 0, "P5", 0, revision=revision, summary=Standing(1, (0, 0)))
    assert store.game(game).cursor == 1


def _v6_file(path: Path) -> None:
    """A store as version 6 left it: an older file brought up by each step to 6."""
    build(path, 3)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = OFF")
    db.execute("BEGIN")
    for step in (4, 5, 6):
        for statement in store_schema._UPGRADES[step].split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute("PRAGMA user_version = 6")
    db.execute("COMMIT")
    db.close()


def _digest(path: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.parent.iterdir())
        if p.name.startswith(path.name)
    }


def test_a_version_6_file_is_read_as_it_is_then_upgraded_at_the_first_write(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    _v6_file(path)
    before = _digest(path)
    with Store.open(path) as store:
        games = store.games(statuses=("open", "playing", "over"))
        game = games[0].id
        assert store.chat_lines(game) == () and store.watchers(game) == ()
        assert store.muted(ANN) == frozenset() and store.last_chat_id(game) == 0
    assert _digest(path) == before  # only read: left byte for byte
    with Store.open(path) as store:
        owner = next(s.owner for s in store.game(game).seats if s.owner)
        assert owner is not None
        store.mute(owner, CAROL)  # the first write brings the file up to date
        said = store.chat_say(game, owner, "someone", "hello again")
        assert store.chat_lines(game) == (said,)
        assert len(store.games(statuses=("open", "playing", "over"))) == len(games)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    db.close()


def test_a_version_7_file_without_its_talk_tables_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE watchers")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="missing watchers"):
        Store.open(path)
