"""An open Builders of Egypt table in the lobby: the game, its seats taken
and free, and its options, in words."""

from __future__ import annotations

import random
from pathlib import Path

from engine.games import game
from match.seats import Seat
from match.store import Standing, Store
from tui.lobby_lists import lobby_lists


def _table(store: Store, seated: tuple[str, ...], seats: int, wrath: bool) -> int:
    rules = game("builders")
    options = {"variant": "yes" if wrath else "no", "starter": "0"}
    setup = rules.encode_setup(rules.deal(seats, random.Random(3), options))
    names = (*seated, *(f"Player {n + 1}" for n in range(len(seated), seats)))
    return store.create_game(
        setup,
        tuple(Seat(name=name, owner=f"key:{name}" if name in seated else None) for name in names),
        kind="builders",
        status="open",
        table=True,
        summary=Standing(0, (0,) * seats),
    )


def test_an_open_table_names_its_game_seated_players_free_seats_and_wrath(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "games.sqlite3", create=True) as store:
        _table(store, ("ann", "bob"), 4, wrath=True)
        _table(store, ("cy",), 3, wrath=False)
        rows = {row.cells[0]: row.cells for row in lobby_lists(store, "key:zed").tables}
    assert rows["ann, bob +2 free"][1:3] == ("Builders, 4 players, Wrath", "ann")
    assert rows["cy +2 free"][1:3] == ("Builders, 3 players", "cy")
