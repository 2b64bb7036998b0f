"""Upgrading keeps every game: a store written by an earlier release (version
1, or version 3 as the release before any game of 2-4 seats) opens in this
one with every game listed, at the same position, and playing on."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from old_stores import ANN, BOB, OldGame, build

from engine.duel import Setup, current_player, legal_actions
from engine.duel.game import DUEL
from match.match import Match
from match.store import SCHEMA_VERSION, Presence, StaleWrite, Standing, Store

VERSIONS = [1, 3]


def _digest(path: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.parent.iterdir())
        if p.name.startswith(path.name)
    }


def _check_as_kept(store: Store, old: OldGame) -> None:
    stored = store.game(old.id)
    assert stored.kind == "duel"
    assert stored.status == old.status and stored.code == old.code
    assert tuple(a.notation for a in stored.actions) == old.line
    assert stored.cursor == old.cursor
    assert stored.seats == old.seats
    assert tuple(p.session for p in stored.presence) == old.sessions
    assert stored.revision == old.revision
    assert stored.hints == old.hints and stored.hints_used == old.hints_used
    if old.request is None:
        assert stored.request is None
    else:
        assert stored.request is not None
        assert (stored.request.seat, stored.request.at_ply, stored.request.to_ply) == old.request


@pytest.mark.parametrize("version", VERSIONS)
def test_an_older_store_is_read_as_it_is_and_left_byte_for_byte(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "games.sqlite3"
    held = build(path, version)
    before = _digest(path)
    with Store.open(path) as store:
        listed = store.games(statuses=("open", "playing", "over"))
        assert sorted(g.id for g in listed) == sorted(old.id for old in held.values())
        for summary in listed:
            old = next(o for o in held.values() if o.id == summary.id)
            assert summary.kind == "duel" and summary.seats == old.seats
            assert summary.scores == old.scores and summary.to_move == old.to_move
            assert summary.moves == old.cursor
        assert [t.code for t in store.open_tables()] == [held["open table"].code]
        for old in held.values():
            _check_as_kept(store, old)
            assert store.pulse(old.id).revision == old.revision
        store.tables_revision()
    assert _digest(path) == before


@pytest.mark.parametrize("version", VERSIONS)
def test_upgrading_keeps_every_game_where_it_stood_and_it_plays_on(
    tmp_path: Path, version: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.sqlite3"
    held = build(path, version)
    with Store.open(path) as store:
        store.name_player(ANN, "ann")  # the first write brings the file up to date
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        db.close()
        listed = store.games(statuses=("open", "playing", "over"))
        assert sorted(g.id for g in listed) == sorted(old.id for old in held.values())
        for summary in listed:
            old = next(o for o in held.values() if o.id == summary.id)
            assert summary.scores == old.scores and summary.to_move == old.to_move
        for old in held.values():
            _check_as_kept(store, old)
        # The game in progress opens at the same position, redo kept, and plays on.
        progress = held["in progress"]
        match = Match.open(store, progress.id, me=ANN)
        assert match.history.cursor == progress.cursor
        assert [str(a) for a in match.history.all_actions] == list(progress.line)
        assert match.history.can_redo
        assert match.play(legal_actions(match.state)[0]) is None
        assert match.kept and store.game(progress.id).cursor == progress.cursor + 1
        match.close()
        # The open table is joined by its code.
        table = held["open table"]
        assert table.code is not None
        joined = Match.join(store, table.code, me=BOB, name="bob")
        assert joined.game_id == table.id and joined.here == frozenset({1})
        assert store.game(table.id).status == "playing"
        joined.close()
        # The table in play across two terminals: each player comes back to
        # their seat once the other terminals are gone, and it plays on.
        monkeypatch.setattr(Presence, "live", lambda self, now=None: False)
        duel = held["two terminals"]
        ann = Match.open(store, duel.id, me=ANN)
        bob = Match.open(store, duel.id, me=BOB)
        assert ann.here == frozenset({0}) and bob.here == frozenset({1})
        assert ann.history.cursor == duel.cursor and ann.request is not None
        mover = (ann, bob)[current_player(ann.state)]
        assert mover.play(legal_actions(mover.state)[0]) is None
        after = store.game(duel.id)
        assert after.cursor == duel.cursor + 1 and after.request is None
        assert after.revision > duel.revision
        ann.close()
        bob.close()


def test_two_processes_bring_a_version_3_store_up_to_date_at_once(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    held = build(path, 3)
    first, second = Store.open(path), Store.open(path)
    progress = held["in progress"]
    # Both read the game before either writes; both then write on that view.
    seen = [s.game(progress.id) for s in (first, second)]
    notation = seen[0].actions[seen[0].cursor].notation  # the redo move
    listed = next(g for g in first.games() if g.id == progress.id)
    keep = Standing(listed.to_move, listed.scores)
    first.append(progress.id, progress.cursor, notation, 0, revision=seen[0].revision, summary=keep)
    with pytest.raises(StaleWrite):
        second.append(
            progress.id, progress.cursor, notation, 0, revision=seen[1].revision, summary=keep
        )
    for store in (first, second):
        assert store.game(progress.id).cursor == progress.cursor + 1
        for old in held.values():
            if old is not progress:
                _check_as_kept(store, old)
    first.close()
    second.close()


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("tied", [False, True])
def test_upgrading_keeps_who_won_each_finished_game(
    tmp_path: Path, version: int, tied: bool
) -> None:
    path = tmp_path / "games.sqlite3"
    held = build(path, version)
    finished = held["finished"]
    state = DUEL.load_record(DUEL.encode_record(Setup(seed=1), []))[1][0]
    for text in finished.line:
        state = DUEL.apply(state, DUEL.parse_action(text))
    result = DUEL.result(state, ("a", "b"))
    assert result is not None
    expected = result.winners
    if tied:
        # Equal totals, as the file holds them: the Duel's tie rule (the
        # player who did not start wins) decides, read from the set-up.
        db = sqlite3.connect(path)
        columns = ("score0 = 5, score1 = 5",) if version < 5 else ()
        for set_scores in columns:
            db.execute(f"UPDATE games SET {set_scores} WHERE id = ?", (finished.id,))
        db.commit()
        db.close()
        expected = (1 - Setup(seed=1).starter,)
    with Store.open(path) as store:
        # Before the first write the file is read as it is: who won is unknown.
        (listed,) = store.games(statuses=("over",))
        assert listed.winners == ()
        store.name_player(ANN, "ann")  # the first write brings the file up to date
        (listed,) = store.games(statuses=("over",))
        assert listed.winners == expected
