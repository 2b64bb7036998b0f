"""The store's loader fed damaged databases: only its documented errors.

Opening a store raises StoreError; opening a game raises StoreError or, for a
record the engine refuses, RecordError. Nothing else, and nothing is written.
"""

from __future__ import annotations

import contextlib
import random
import shutil
import sqlite3
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.duel import RecordError, Setup, legal_actions
from match.match import Match
from match.seats import Seat
from match.store import Store, StoreError

FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with a few games: one finished, one in progress, one open table."""
    path = tmp_path_factory.mktemp("pristine") / "games.sqlite3"
    store = Store.open(path)
    rng = random.Random(1)
    for seed, moves in ((1, 400), (2, 15)):
        match = Match.new(
            Setup(seed=seed), (Seat(name="Ann"), Seat(name="Bob", kind="easy")), store=store
        )
        for _ in range(moves):
            if match.state.over:
                break
            match._apply(rng.choice(legal_actions(match.state)), by="here")
        match.close()
    Match.new(
        Setup(seed=3),
        (Seat(name="Ann"), Seat(name="P2")),
        store=store,
        here=frozenset({0}),
        table=True,
    ).close()
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path


def _load_everything(path: Path) -> None:
    try:
        store = Store.open(path)
    except StoreError:
        return
    try:
        try:
            games = store.games(statuses=("open", "playing", "over"))
        except StoreError:
            return
        for game in games:
            try:
                match = Match.open(store, game.id, me="local:x")
            except (StoreError, RecordError):
                continue
            legal_actions(match.state)
            match.poll()
    finally:
        store.close()


@FUZZ
@given(data=st.data())
def test_damaged_bytes(pristine: Path, tmp_path: Path, data: st.DataObject) -> None:
    path = tmp_path / f"{uuid.uuid4().hex}.sqlite3"  # a WAL of an earlier example must not mix in
    shutil.copy(pristine, path)
    raw = bytearray(path.read_bytes())
    for _ in range(data.draw(st.integers(1, 30))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    path.write_bytes(bytes(raw))
    _load_everything(path)


VALUES = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=40),
    st.sampled_from(["P5", "U1", "T11", "X", "open", "over", '{"seed": 1}', "{", "[]", "free"]),
)
CELLS = {
    "games": ["code", "setup", "undo_mode", "status", "cursor", "to_move", "invited", "updated_at"],
    "seats": ["seat", "name", "kind", "owner", "session", "seen_at"],
    "actions": ["ply", "notation", "seat", "at"],
}


@FUZZ
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(sorted(CELLS)), st.integers(0, 60), st.integers(0, 9), VALUES),
        min_size=1,
        max_size=6,
    ),
    drop=st.sets(st.sampled_from(["seats", "actions", "requests"]), max_size=1),
)
def test_damaged_rows(
    pristine: Path,
    tmp_path: Path,
    edits: list[tuple[str, int, int, object]],
    drop: set[str],
) -> None:
    path = tmp_path / f"{uuid.uuid4().hex}.sqlite3"  # a WAL of an earlier example must not mix in
    shutil.copy(pristine, path)
    db = sqlite3.connect(path)
    for table, row, column, value in edits:
        names = CELLS[table]
        # An edit the schema itself refuses (NOT NULL, a duplicate key) is skipped.
        with contextlib.suppress(sqlite3.IntegrityError):
            db.execute(
                f"UPDATE {table} SET {names[column % len(names)]} = ?"
                f" WHERE rowid = (SELECT rowid FROM {table} LIMIT 1 OFFSET ?)",
                (value, row),
            )
    for table in drop:
        db.execute(f"DELETE FROM {table} WHERE rowid % 2 = 0")
    db.commit()
    db.close()
    _load_everything(path)
