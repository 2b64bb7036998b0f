"""Turn notices from the store: who is told, once a turn, and how long
their turn has waited."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from match.seats import Seat
from match.store import Standing, Store
from match.turns import TurnNotices, waiting

ANN = Seat(name="Ann", owner="key:ann")
BOB = Seat(name="Bob", owner="key:bob")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "games.sqlite3") as opened:
        yield opened


def _table(store: Store, seats: tuple[Seat, ...] = (ANN, BOB)) -> int:
    game = store.create_game(b"{}", seats, kind="duel", table=True)
    return game


def test_the_player_to_move_is_waited_for_and_the_other_is_not(store: Store) -> None:
    game = _table(store)
    (ann,) = waiting(store, "key:ann")
    assert (ann.game_id, ann.seat, ann.against) == (game, 0, ("Bob",))
    assert waiting(store, "key:bob") == []
    store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
    assert waiting(store, "key:ann") == []
    assert [w.seat for w in waiting(store, "key:bob")] == [1]


def test_the_turn_begins_when_it_passes_not_at_a_second_step(store: Store) -> None:
    game = _table(store)
    revision = store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
    (first,) = waiting(store, "key:bob")
    time.sleep(0.02)
    # Bob's first step leaves the decision with him: his turn goes on.
    revision = store.append(game, 1, "b", 1, revision=revision, summary=Standing(1, (0, 0)))
    (same,) = waiting(store, "key:bob")
    assert same.since == first.since
    time.sleep(0.02)
    store.append(game, 2, "c", 1, revision=revision, summary=Standing(0, (0, 0)))
    (anns,) = waiting(store, "key:ann")
    assert anns.since > first.since
    assert time.time() - anns.since < 5


def test_a_table_waits_for_its_first_player_from_the_moment_it_filled(store: Store) -> None:
    game = store.create_game(
        b"{}", (ANN, Seat(name="Player 2")), kind="duel", table=True, status="open"
    )
    assert waiting(store, "key:ann") == []  # nobody to play against yet
    time.sleep(0.02)
    store.claim(game, 1, "key:bob", "Bob")
    (ann,) = waiting(store, "key:ann")
    assert ann.since == pytest.approx(time.time(), abs=5)
    assert ann.since > store.game(game).created_at


def test_computer_games_and_one_keyboard_games_never_wait(store: Store) -> None:
    store.create_game(b"{}", (ANN, Seat(name="Hard", kind="hard")), kind="duel")
    me = Seat(name="Ann", owner="key:ann")
    store.create_game(b"{}", (me, Seat(name="Ann 2", owner="key:ann")), kind="duel")
    assert waiting(store, "key:ann") == []


def test_two_names_of_one_account_each_wait_for_their_own_turn(store: Store) -> None:
    anna = Seat(name="Anna", owner="local:pat")
    bela = Seat(name="Bela", owner="local:pat")
    game = _table(store, (anna, bela))
    assert [w.game_id for w in waiting(store, "local:pat", "Anna")] == [game]
    assert waiting(store, "local:pat", "bela") == []


def test_each_turn_is_told_once_and_not_for_the_game_on_screen(store: Store) -> None:
    first = _table(store)
    second = _table(store, (BOB, ANN))
    bobs = TurnNotices()
    # What waits at the start is the lobby's to show, not news.
    assert bobs.news(waiting(store, "key:bob")) == []
    store.append(first, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
    (told,) = bobs.news(waiting(store, "key:bob"))
    assert told.game_id == first
    assert bobs.news(waiting(store, "key:bob")) == []  # read again: told already
    # A turn in the game Bob is looking at is not news.
    revision = store.append(second, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
    revision = store.append(second, 1, "b", 1, revision=revision, summary=Standing(0, (0, 0)))
    assert bobs.news(waiting(store, "key:bob"), on_screen=second) == []
    assert bobs.news(waiting(store, "key:bob")) == []
    # A new turn in the same game is news again.
    revision = store.game(first).revision
    revision = store.append(first, 1, "b", 1, revision=revision, summary=Standing(0, (0, 0)))
    store.append(first, 2, "c", 0, revision=revision, summary=Standing(1, (0, 0)))
    assert [w.game_id for w in bobs.news(waiting(store, "key:bob"))] == [first]


def test_the_longest_waiting_game_comes_first(store: Store) -> None:
    old = _table(store)
    time.sleep(0.02)
    new = _table(store)
    assert [w.game_id for w in waiting(store, "key:ann")] == [old, new]
