"""The store carries any game of two to four seats, and caps open tables in
the transaction that opens one."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from match.seats import Seat
from match.store import Request, Standing, Store, StoreError, TooManyTables

REPO = Path(__file__).resolve().parents[3]
FOUR = tuple(Seat(name=name, owner=f"key:{name.lower()}") for name in ("Ann", "Bob", "Cy", "Di"))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_a_game_of_four_seats_keeps_each_seats_score_hints_and_presence(store: Store) -> None:
    game = store.create_game(b"{}", FOUR, kind="builders", summary=Standing(0, (0, 0, 0, 0)))
    revision = store.append(game, 0, "x1", 0, revision=0, summary=Standing(3, (1, 2, 3, 4)))
    store.use_hint(game, 3)
    store.attach(game, [2], "here/1/c")
    stored = store.game(game)
    assert stored.kind == "builders"
    assert [s.name for s in stored.seats] == ["Ann", "Bob", "Cy", "Di"]
    assert stored.hints_used == (0, 0, 0, 1)
    assert [p.session for p in stored.presence] == [None, None, "here/1/c", None]
    (summary,) = store.games()
    assert summary.kind == "builders" and summary.to_move == 3
    assert summary.scores == (1, 2, 3, 4)
    assert summary.title == "Ann v Bob v Cy v Di"
    # The fourth seat may ask for a takeback, and a pulse reads every seat.
    store.ask(game, Request("undo", 3, 1, 0, 1.0), revision=revision)
    pulse = store.pulse(game)
    assert pulse.request is not None and pulse.request.seat == 3
    assert len(pulse.presence) == 4


def test_a_game_of_three_seats_lists_three_scores(store: Store) -> None:
    store.create_game(b"{}", FOUR[:3], kind="builders", summary=Standing(1, (5, 0, 7)))
    (summary,) = store.games()
    assert summary.scores == (5, 0, 7) and len(summary.seats) == 3 == len(summary.presence)


@pytest.mark.parametrize("kind", ["", "Duel", "duel; DROP TABLE games", "a" * 17, "9lives"])
def test_a_game_kind_is_a_short_lowercase_word(store: Store, kind: str) -> None:
    with pytest.raises(ValueError, match="kind"):
        store.create_game(b"{}", FOUR[:2], kind=kind)
    assert store.games() == []


@pytest.mark.parametrize("count", [0, 1, 5])
def test_a_game_has_two_to_four_seats(store: Store, count: int) -> None:
    seats = (FOUR * 2)[:count]
    with pytest.raises(ValueError, match="seats"):
        store.create_game(b"{}", seats, kind="builders")
    assert store.games() == []


def test_a_standing_for_another_number_of_seats_writes_nothing(store: Store) -> None:
    with pytest.raises(ValueError, match="score"):
        store.create_game(b"{}", FOUR, kind="builders", summary=Standing(0, (0, 0)))
    game = store.create_game(b"{}", FOUR, kind="builders")
    with pytest.raises(ValueError, match="seats"):
        store.append(game, 0, "x1", 0, revision=0, summary=Standing(1, (1, 2)))
    stored = store.game(game)
    assert stored.actions == () and stored.revision == 0


def test_a_damaged_kind_or_seat_count_is_reported_and_left_out(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        good = store.create_game(b"{}", FOUR, kind="builders")
        bad_kind = store.create_game(b"{}", FOUR, kind="builders")
        bad_count = store.create_game(b"{}", FOUR, kind="builders")
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET kind = ? WHERE id = ?", ("\x1b]0;pwned\x07", bad_kind))
    # A game whose seat count says three while it has four seats.
    db.execute("UPDATE games SET seat_count = 3 WHERE id = ?", (bad_count,))
    db.commit()
    db.close()
    with Store.open(path) as store:
        assert [g.id for g in store.games()] == [good]
        with pytest.raises(StoreError, match=r"games\.kind"):
            store.game(bad_kind)
        with pytest.raises(StoreError, match="seats are not numbered"):
            store.game(bad_count)


def test_the_cap_refuses_one_table_more_with_a_message(store: Store) -> None:
    host = (Seat(name="Ann", owner="key:ann"), Seat(name="Player 2"))
    for _ in range(2):
        store.create_game(b"{}", host, kind="duel", status="open", table=True, owner_cap=2)
    before = store.tables_revision()
    with pytest.raises(TooManyTables) as refused:
        store.create_game(b"{}", host, kind="duel", status="open", table=True, owner_cap=2)
    assert refused.value.count == 2
    assert str(refused.value.reason) == (
        "You have 2 open tables already: wait for a player at one of them first."
    )
    assert len(store.open_tables()) == 2 and store.tables_revision() == before
    # Another player, or a game that is no open table, is not counted.
    other = (Seat(name="Bob", owner="key:bob"), Seat(name="Player 2"))
    store.create_game(b"{}", other, kind="duel", status="open", table=True, owner_cap=2)
    store.create_game(b"{}", host, kind="duel", owner_cap=2)


OPENER = textwrap.dedent(
    """
    import sys
    from match.seats import Seat
    from match.store import Store, TooManyTables
    path, tries, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    seats = (Seat(name="Ann", owner="key:ann"), Seat(name="Player 2"))
    store = Store.open(path)
    opened = refused = 0
    for _ in range(tries):
        try:
            store.create_game(
                b"{}", seats, kind="duel", status="open", table=True, owner_cap=cap
            )
            opened += 1
        except TooManyTables:
            refused += 1
    print(opened, refused)
    """
)


def test_two_processes_opening_tables_at_once_never_pass_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    openers = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, str(path), "40", "25"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    counts = [tuple(map(int, opener.communicate(timeout=120)[0].split())) for opener in openers]
    assert all(opener.returncode == 0 for opener in openers)
    assert sum(opened for opened, _ in counts) == 25
    assert sum(refused for _, refused in counts) == 55
    with Store.open(path) as store:
        assert len(store.open_tables()) == 25


def test_players_joining_at_once_each_get_a_seat_of_their_own(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as host:
        seats = (Seat(name="Ann", owner="key:ann"), *(Seat(name=f"P{n}") for n in (2, 3, 4)))
        game = host.create_game(b"{}", seats, kind="builders", status="open", table=True)
    # Both saw seat 1 free; the store hands out the seat in the claiming transaction.
    first, second = Store.open(path), Store.open(path)
    assert [s.owner for s in first.game(game).seats] == ["key:ann", None, None, None]
    assert first.claim_free(game, "key:bob", "Bob") == 1
    assert second.claim_free(game, "key:cy", "Cy") == 2
    assert second.game(game).status == "open"
    assert first.claim_free(game, "key:dee", "Dee") == 3
    assert second.claim_free(game, "key:eve", "Eve") is None
    stored = second.game(game)
    assert [s.name for s in stored.seats] == ["Ann", "Bob", "Cy", "Dee"]
    assert stored.status == "playing"
