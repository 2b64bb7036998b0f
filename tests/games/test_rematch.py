"""A rematch after a game between people at a table: the same people at a new
table, each one seat on, the same options; the first to ask sets it up, the
others are told and take the seat kept for them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.duel import Setup
from engine.games import game
from match import policy, rematch, service
from match.match import Event, Match, RematchOffered, SeatsChanged
from match.seats import Seat
from match.store import RematchExists, Store

ANN, BOB = "key:ann", "key:bob"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _played_out(path: Path, setup: Setup) -> tuple[Match, Match]:
    """Ann hosts at seat 1, Bob joins at seat 2; they play to the end."""
    ann = Match.new(
        setup,
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert ann.code is not None
    bob = Match.join(Store.open(path), ann.code, me=BOB, name="Bob")
    ann.poll()
    players = {0: ann, 1: bob}
    while not ann.state.over:
        seat = ann.to_move
        assert seat is not None
        mover = players[seat]
        assert mover.play(mover.rules.legal_actions(mover.state)[0]) is None
        players[1 - seat].poll()
    return ann, bob


def test_the_rematch_swaps_the_sides_and_keeps_the_options(path: Path) -> None:
    ann, bob = _played_out(path, Setup(seed=21, sides="ABBA", starter=0))
    assert rematch.possible(ann) and rematch.possible(bob)
    heard: list[Event] = []
    bob.subscribe(heard.append)
    again = service.rematch(Store.open(path), ann, rng=random.Random(4))
    assert again.game_id not in (None, ann.game_id)
    assert [s.name for s in again.seats] == ["Bob", "Ann"]
    assert [s.owner for s in again.seats] == [BOB, ANN]
    assert again.here == frozenset({1})
    setup = again.history.setup
    assert setup.sides == "ABBA" and setup.seed != 21
    # The first seat starts again, and Bob sits there now: the other starts.
    assert setup.starter == 0 and again.to_move == 0
    # Until Bob comes, his seat is waited for as a seat to join, not as a
    # player who has left.
    assert policy.turn(again) == "unjoined"
    news: list[Event] = []
    again.subscribe(news.append)
    # Bob is told, from his finished game, and takes the seat kept for him;
    # when Ann's terminal leaves the finished game, the offer stays in view.
    bob.poll()
    ann.close()
    bob.poll()
    assert [e.message for e in heard if isinstance(e, SeatsChanged)][-1].endswith("n takes it.")
    offers = [e for e in heard if isinstance(e, RematchOffered)]
    assert [e.game_id for e in offers] == [again.game_id]
    assert "n takes it" in offers[0].message
    bobs = service.rematch(Store.open(path), bob)
    assert bobs.game_id == again.game_id and bobs.here == frozenset({0})
    again.poll()
    assert [e.message for e in news if isinstance(e, SeatsChanged)] == ["Bob joined the table."]
    assert policy.turn(again) == "away" and not again.awaiting
    # It waits in Bob's lobby too, as one of his games.
    assert again.game_id in [g.id for g in Store.open(path).games(owner=BOB)]
    # Telling is once; the one who set it up is not told of it.
    bob.poll()
    ann.poll()
    assert len([e for e in heard if isinstance(e, RematchOffered)]) == 1
    for match in (ann, bob, again, bobs):
        match.close()


def test_the_online_rules_draw_who_starts_the_rematch(path: Path) -> None:
    ann, bob = _played_out(path, Setup(seed=8, starter=0, rules="online"))
    again = service.rematch(Store.open(path), bob, rng=random.Random(1))
    assert again.history.setup.rules == "online"
    assert [s.owner for s in again.seats] == [BOB, ANN] and again.here == frozenset({0})
    for match in (ann, bob, again):
        match.close()


def test_two_asking_at_once_get_one_rematch(path: Path) -> None:
    store = Store.open(path)
    seats = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB))
    setup = game("duel").encode_setup(Setup(seed=3))
    first = store.create_game(setup, seats, kind="duel", table=True, rematch_of=99)
    with pytest.raises(RematchExists) as refused:
        Store.open(path).create_game(setup, seats, kind="duel", table=True, rematch_of=99)
    assert refused.value.game_id == first == store.rematch(99)
    assert len(store.games(owner=ANN)) == 1


def test_builders_moves_the_starting_seat_on_to_the_next_person() -> None:
    rules = game("builders")
    old = rules.deal(3, random.Random(2), {"starter": "2", "variant": "yes"})
    people = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB), Seat(name="Cy", owner="c"))
    new_seats = rematch.seats(people)
    new = rematch.deal(rules, old, random.Random(3))
    assert [s.name for s in new_seats] == ["Bob", "Cy", "Ann"]
    assert rules.options_of(new) == {"seats": "3", "starter": "2", "variant": "yes"}
    # Cy started; Ann, the next after Cy, starts now.
    assert new_seats[new.starter].name == "Ann"
    assert [rematch.moved_on(i, 3) for i in range(3)] == [2, 0, 1]


def test_a_game_at_one_keyboard_gets_no_rematch(path: Path) -> None:
    match = Match.new(
        Setup(seed=21), (Seat(name="Ann"), Seat(name="Bob")), store=Store.open(path), me=ANN
    )
    while not match.state.over:
        assert match.play(match.rules.legal_actions(match.state)[0]) is None
    assert not rematch.possible(match)
    with pytest.raises(service.Unavailable):
        service.rematch(Store.open(path), match)
