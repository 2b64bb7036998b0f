"""The online rules kept with a game in the store (saves: tests/storage)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.duel import Setup
from match.match import Match, encode_setup
from match.seats import Seat
from match.store import Store

ANN, BOB = "key:ann", "key:bob"


def test_a_table_with_the_online_rules_is_played_by_them_on_both_sides(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    host = Match.new(
        Setup(seed=21, rules="online"),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=BOB, name="Bob")
    assert host.state.rules == guest.state.rules == "online"
    again = Match.open(Store.open(path), host.game_id, me=ANN)  # type: ignore[arg-type]
    assert again.history.setup.rules == "online"


def test_a_game_stored_before_the_option_reads_as_classic(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.sqlite3")
    # The set-up as the store kept it before there were rules to choose.
    old = b'{"seed":3,"deck":null,"sides":"ABBA","starter":1}'
    game_id = store.create_game(
        old,
        (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=ANN)),
        actions=(("P1", 1),),
        kind="duel",
    )
    match = Match.open(store, game_id, me=ANN)
    assert match.state.rules == "classic"
    assert match.state.ply == 1
    assert json.loads(encode_setup(Setup(seed=3, rules="online")))["rules"] == "online"
