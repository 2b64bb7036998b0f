"""The server's log: a line per game event, read from the store."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from ssh_support import Keys, config_for, start_screen_command, start_server, wait_until

from engine.duel import Setup, legal_actions
from match.match import Match
from match.seats import Seat
from match.store import GameSummary, Presence, Store
from server.events import Seen, events


async def test_tables_joins_and_moves_are_logged(
    tmp_path: Path, keys: Keys, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="imhotep.server")
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    with Store.open(config.store) as store:
        old = Match.new(
            Setup(seed=9),
            (Seat(name="old"), Seat(name="timer")),
            store=store,
            here=frozenset({0}),
            table=True,
            me="key:old",
        )
    server = await start_server(config)
    try:
        with Store.open(config.store) as store:
            host = Match.new(
                Setup(seed=1),
                (Seat(name="alice"), Seat(name="Player 2")),
                store=store,
                here=frozenset({0}),
                table=True,
                me="key:alice",
            )
            await wait_until(lambda: f"table {host.code} opened" in caplog.text, "the table")
            guest = Match.join(store, host.code or "", me="key:bob", name="bob")
            await wait_until(lambda: f"table {host.code} joined" in caplog.text, "the join")
            mover = host if host.to_move in host.here else guest
            assert mover.play(legal_actions(mover.state)[0]) is None
            await wait_until(lambda: "(alice v bob): move 1" in caplog.text, "the move")
    finally:
        await server.stop()
    # Games already in the store at start are not news.
    assert f"table {old.code} opened" not in caplog.text


def _summary(status: str, moves: int, owners: tuple[str | None, str | None]) -> GameSummary:
    seats = (Seat(name="ann", owner=owners[0]), Seat(name="bob", owner=owners[1]))
    none = Presence(None, None)
    return GameSummary(
        id=7,
        kind="duel",
        code="ABCDE",
        status=status,
        seats=seats,
        presence=(none, none),  # type: ignore[arg-type]
        moves=moves,
        to_move=0,
        scores=(12, 9),
        invited=None,
        created_at=1.0,
        updated_at=2.0,
    )


def test_events_name_what_changed() -> None:
    opened = _summary("open", 0, ("a", None))
    # The seat nobody has taken yet is a free seat, whatever the host named it.
    assert events({}, [opened]) == ["game 7 (ann v free seat): table ABCDE opened"]
    before = {7: Seen("open", 0, ("a", None))}
    assert events(before, [_summary("playing", 0, ("a", "b"))]) == [
        "game 7 (ann v bob): table ABCDE joined"
    ]
    before = {7: Seen("playing", 3, ("a", "b"))}
    assert events(before, [_summary("playing", 3, ("a", "b"))]) == []
    assert events(before, [_summary("playing", 2, ("a", "b"))]) == [
        "game 7 (ann v bob): taken back to move 2"
    ]
    assert events(before, [_summary("over", 4, ("a", "b"))]) == [
        "game 7 (ann v bob): move 4",
        "game 7 (ann v bob): over, 12 to 9",
    ]


def test_at_a_table_of_three_each_join_and_every_total_is_logged() -> None:
    """A play-test: the second of two joins and the third player's total
    (the winner's) were missing from the log."""
    seats = tuple(Seat(name=n, owner=f"k{n}") for n in ("ann", "bob", "cy"))
    three = replace(_summary("open", 0, ("a", None)), seats=seats, scores=(32, 24, 37))
    one_free = replace(three, seats=(*seats[:2], Seat(name="Player 3")))
    before = {7: Seen("open", 0, ("kann", None, None))}
    assert events(before, [one_free]) == ["game 7 (ann v bob v free seat): table ABCDE joined"]
    before = {7: Seen("open", 0, ("kann", "kbob", None))}
    assert events(before, [replace(three, status="playing")]) == [
        "game 7 (ann v bob v cy): table ABCDE joined"
    ]
    before = {7: Seen("playing", 107, ("kann", "kbob", "kcy"))}
    assert events(before, [replace(three, status="over", moves=107)]) == [
        "game 7 (ann v bob v cy): over, 32 to 24 to 37"
    ]


def test_a_free_seat_and_a_computer_are_named_in_the_logs_words() -> None:
    # A Hungarian host names the free seat "2. játékos", and a computer seat
    # keeps a player's word for it: the log spoke every host's language.
    none = Presence(None, None)
    table = replace(
        _summary("open", 0, ("a", None)),
        seats=(Seat(name="anna", owner="a"), Seat(name="2. játékos")),
    )
    assert events({}, [table]) == ["game 7 (anna v free seat): table ABCDE opened"]
    computer = replace(
        _summary("playing", 0, ("a", None)),
        seats=(Seat(name="anna", owner="a"), Seat(name="Számítógép", kind="hard")),
        presence=(none, none),
    )
    assert events({}, [computer]) == ["game 7 (anna v computer (hard)): started"]
    # Once the table is playing, a seat is its player's name.
    joined = replace(
        _summary("playing", 0, ("a", "b")),
        seats=(Seat(name="anna", owner="a"), Seat(name="bob", owner="b")),
    )
    assert events({7: Seen("open", 0, ("a", None))}, [joined]) == [
        "game 7 (anna v bob): table ABCDE joined"
    ]


def test_the_watcher_lists_games_again_only_when_a_list_would_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server.events import GameWatcher

    path = tmp_path / "games.sqlite3"
    listed = []
    real = Store.games

    def counting(self: Store, **kwargs: object) -> list[GameSummary]:
        listed.append(1)
        return real(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "games", counting)
    with Store.open(path) as store:
        host = Match.new(
            Setup(seed=1),
            (Seat(name="alice"), Seat(name="Player 2")),
            store=store,
            here=frozenset({0}),
            table=True,
            me="key:alice",
        )
        assert host.game_id is not None and host.code is not None
        watcher = GameWatcher(path)
        try:
            assert watcher._poll() == [] and len(listed) == 1
            # Presence is written every few seconds by every session: no re-list.
            store.heartbeat(host.game_id, host.session)
            store.attach(host.game_id, [0], host.session)
            assert watcher._poll() == [] and len(listed) == 1
            Match.join(store, host.code, me="key:bob", name="bob").close()
            joined = f"game {host.game_id} (alice v bob): table {host.code} joined"
            assert watcher._poll() == [joined] and len(listed) == 2
        finally:
            watcher._close()
            host.close()
