"""Ratings and records: counted in the write that ends a game between
people, once, and rebuilt from the finished games alone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from match.ratings import MU, Rating
from match.seats import Seat
from match.store import Standing, Store

ANN = Seat(name="Ann", owner="key:ann")
BOB = Seat(name="Bob", owner="key:bob")
CY = Seat(name="Cy", owner="key:cy")
DI = Seat(name="Di", owner="key:di")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "games.sqlite3") as opened:
        yield opened


def _finish(
    store: Store,
    seats: tuple[Seat, ...],
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    *,
    kind: str = "duel",
    table: bool = True,
) -> tuple[int, int]:
    """A game at a table, one move, then its last move ending it; its id and revision."""
    game = store.create_game(b"{}", seats, kind=kind, table=table)
    revision = store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0,) * len(seats)))
    revision = store.append(
        game, 1, "b", 1, revision=revision, summary=Standing(-1, scores, winners), over=True
    )
    return game, revision


def _table(store: Store) -> list[tuple[object, ...]]:
    return sorted(
        store._db.execute(
            "SELECT player, kind, mu, sigma, games, wins, losses, ties FROM ratings"
        ).fetchall()
    )


def test_a_win_raises_the_winner_and_lowers_the_loser(store: Store) -> None:
    _finish(store, (ANN, BOB), (12, 9), (0,))
    ann, bob = store.ratings("key:ann")["duel"], store.ratings("key:bob")["duel"]
    assert ann.mu > MU > bob.mu
    assert (ann.games, ann.wins, ann.losses, ann.ties) == (1, 1, 0, 0)
    assert (bob.games, bob.wins, bob.losses, bob.ties) == (1, 0, 1, 0)
    assert ann.provisional and ann.shown == round(ann.mu)


def test_ratings_are_per_kind_of_game(store: Store) -> None:
    _finish(store, (ANN, BOB), (12, 9), (0,))
    _finish(store, (ANN, BOB), (3, 30), (1,), kind="builders")
    ann = store.ratings("key:ann")
    assert set(ann) == {"duel", "builders"}
    assert ann["duel"].wins == 1 and ann["builders"].losses == 1


def test_a_game_ending_twice_the_same_way_counts_once(store: Store) -> None:
    game, revision = _finish(store, (ANN, BOB), (12, 9), (0,))
    before = _table(store)
    # Ended again (a second process writing the same end), and read again.
    store.replace_line(
        game,
        [("a", 0), ("b", 1)],
        cursor=2,
        revision=revision,
        summary=Standing(-1, (12, 9), (0,)),
        over=True,
    )
    store.ratings("key:ann")
    assert _table(store) == before
    assert store._db.execute("SELECT count(*) FROM rated").fetchone()[0] == 1


def test_a_game_taken_back_from_its_end_no_longer_counts(store: Store) -> None:
    game, revision = _finish(store, (ANN, BOB), (12, 9), (0,))
    store.move_cursor(game, 2, 1, revision=revision, summary=Standing(1, (0, 0)))
    assert store.ratings("key:ann") == {} and store.ratings("key:bob") == {}


def test_a_game_finished_again_another_way_counts_its_new_result_only(store: Store) -> None:
    game, revision = _finish(store, (ANN, BOB), (12, 9), (0,))
    revision = store.move_cursor(game, 2, 1, revision=revision, summary=Standing(1, (0, 0)))
    store.append(game, 1, "c", 1, revision=revision, summary=Standing(-1, (5, 9), (1,)), over=True)
    ann, bob = store.ratings("key:ann")["duel"], store.ratings("key:bob")["duel"]
    assert (ann.games, ann.losses, bob.wins) == (1, 1, 1)
    assert bob.mu > MU > ann.mu


def test_games_with_the_computer_unfinished_or_at_one_keyboard_do_not_count(
    store: Store,
) -> None:
    _finish(store, (ANN, Seat(name="Hard", kind="hard")), (12, 9), (0,))
    _finish(store, (ANN, BOB), (12, 9), (0,), table=False)  # one keyboard, names typed
    _finish(store, (ANN, Seat(name="Ann", owner="key:ann")), (12, 9), (0,))  # one person twice
    game = store.create_game(b"{}", (ANN, BOB), kind="duel", table=True)
    store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (4, 0)))
    assert store.ratings("key:ann") == {} and store.ratings("key:bob") == {}
    assert store._db.execute("SELECT count(*) FROM rated").fetchone()[0] == 0


def test_a_shared_victory_is_a_tie_and_the_rest_rank_by_score(store: Store) -> None:
    _finish(store, (ANN, BOB, CY, DI), (20, 20, 15, 3), (0, 1), kind="builders")
    got = {p: store.ratings(p)["builders"] for p in ("key:ann", "key:bob", "key:cy", "key:di")}
    assert (got["key:ann"].ties, got["key:bob"].ties) == (1, 1)
    assert got["key:ann"].wins == got["key:ann"].losses == 0
    assert (got["key:cy"].losses, got["key:di"].losses) == (1, 1)
    assert got["key:ann"].mu == pytest.approx(got["key:bob"].mu)
    # Third place is worth more than fourth.
    assert got["key:bob"].mu > got["key:cy"].mu > got["key:di"].mu


def test_a_tie_of_two_leaves_both_where_they_were(store: Store) -> None:
    _finish(store, (ANN, BOB), (10, 10), (0, 1))
    ann, bob = store.ratings("key:ann")["duel"], store.ratings("key:bob")["duel"]
    assert ann.ties == bob.ties == 1 and ann.mu == pytest.approx(MU) == bob.mu


def test_local_players_are_told_apart_by_their_names(store: Store) -> None:
    anna = Seat(name="Anna", owner="local:pat")
    bela = Seat(name="Bela", owner="local:pat")
    _finish(store, (anna, bela), (12, 9), (0,))
    assert store.ratings("local:pat/anna")["duel"].wins == 1
    assert store.ratings("local:pat/bela")["duel"].losses == 1


def test_the_ratings_rebuild_from_the_finished_games_alone(store: Store) -> None:
    _finish(store, (ANN, BOB), (12, 9), (0,))
    _finish(store, (BOB, CY), (2, 9), (1,))
    _finish(store, (CY, ANN, BOB), (8, 9, 1), (1,), kind="builders")
    kept = _table(store)
    store._db.execute("UPDATE ratings SET mu = 1, wins = 99")  # damage the cache
    assert store.rebuild_ratings() == 3
    assert _table(store) == pytest.approx(kept)


def test_finished_games_of_an_older_store_count_at_its_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        _finish(store, (ANN, BOB), (12, 9), (0,))
        kept = _table(store)
    # As a version 6 file would hold it: no ratings, no turn times.
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TABLE ratings; DROP TABLE rated; ALTER TABLE games DROP COLUMN turn_at;"
        " PRAGMA user_version = 6;"
    )
    db.close()
    with Store.open(path) as store:
        assert store.ratings("key:ann") == {}  # read as it is, not yet written
        store.create_game(b"{}", (ANN, CY), kind="duel", table=True)  # the first write
        assert _table(store) == pytest.approx(kept)


def test_a_damaged_rating_reads_as_a_new_players(store: Store) -> None:
    _finish(store, (ANN, BOB), (12, 9), (0,))
    store._db.execute("UPDATE ratings SET mu = 'x' WHERE player = 'key:ann'")
    assert store.ratings("key:ann") == {}
    store._db.execute("UPDATE ratings SET mu = 1600.0, sigma = -1 WHERE player = 'key:ann'")
    assert store.ratings("key:ann") == {}
    assert store.rating_of(["key:bob", "key:ann"], "duel").keys() == {"key:bob"}
    assert isinstance(store.rating_of(["key:bob"], "duel")["key:bob"], Rating)
