"""match.follow: a follower reads the game only when its revision moved.

Counts the store's reads by kind (a whole game, a pulse) on the follower's
own connection: a heartbeat, a hint or a takeback request costs pulses, a move
costs one read of the game.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.duel import Place, Setup
from match import presence
from match.follow import TablesWatch
from match.match import Event, Match, Moved, Notice, SeatsChanged, TakebackAsked
from match.seats import Seat
from match.store import Store
from server.events import GameWatcher

ANN, BOB = "key:ann", "key:bob"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _counted(store: Store, reads: Counter[str]) -> Store:
    """``store`` with its reads of whole games, pulses and lists counted."""
    for name in ("game", "pulse", "games", "open_tables"):
        real = getattr(store, name)

        def counted(*args: object, _real: object = real, _name: str = name, **kw: object) -> object:
            reads[_name] += 1
            return _real(*args, **kw)  # type: ignore[operator]

        setattr(store, name, counted)
    return store


def _table(path: Path) -> tuple[Match, Match, Counter[str], list[Event], list[Event]]:
    """Ann hosts, Bob joins; Bob's reads are counted from then on."""
    host = Match.new(
        Setup(seed=21, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
        hints=True,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=BOB, name="Bob")
    host.poll()
    guest.poll()
    reads: Counter[str] = Counter()
    assert guest.store is not None
    _counted(guest.store, reads)
    seen_host: list[Event] = []
    seen_guest: list[Event] = []
    host.subscribe(seen_host.append)
    guest.subscribe(seen_guest.append)
    return host, guest, reads, seen_host, seen_guest


def _beat(match: Match) -> None:
    """A heartbeat of ``match``'s process, as if its five seconds had passed."""
    assert match.store is not None and match.game_id is not None
    match.store.heartbeat(match.game_id, match.session)


def test_a_heartbeat_does_not_make_a_follower_read_the_game(path: Path) -> None:
    host, guest, reads, _, seen = _table(path)
    for _ in range(3):
        _beat(host)
        guest.poll()
    # The heartbeat is a commit (data_version moved), so the pulse was read;
    # the revision did not move, so the game was not.
    assert reads["pulse"] == 3 and reads["game"] == 0
    assert seen == [] and guest.presence_live == (True, True)
    host.close()
    guest.close()


def test_nothing_is_read_while_no_other_connection_writes(path: Path) -> None:
    host, guest, reads, _, _ = _table(path)
    for _ in range(5):
        guest.poll()
    assert reads == Counter()  # data_version alone: not even a pulse
    host.close()
    guest.close()


def test_a_move_makes_the_follower_read_the_game_once(path: Path) -> None:
    host, guest, reads, _, seen = _table(path)
    assert host.play(Place(4)) is None
    guest.poll()
    assert reads["game"] == 1
    assert [e.action for e in seen if isinstance(e, Moved)] == [Place(4)]
    assert guest.state == host.state and guest.revision == host.revision
    _beat(host)
    guest.poll()
    guest.poll()
    assert reads["game"] == 1  # the move is held now: nothing more to read
    host.close()
    guest.close()


def test_a_takeback_request_arrives_by_the_pulse(path: Path) -> None:
    host, guest, reads, seen_host, seen_guest = _table(path)
    assert host.play(Place(4)) is None
    guest.poll()
    reads.clear()
    said = host.undo()
    assert "Asked Bob" in said
    guest.poll()
    assert [e for e in seen_guest if isinstance(e, TakebackAsked)] == [TakebackAsked(0, 0)]
    assert reads["game"] == 0 and reads["pulse"] == 1
    # Declined: the asker hears of it by its own pulse, the game unread.
    guest.answer_takeback(False)
    host.poll()
    assert any(isinstance(e, Notice) and "declined" in e.message for e in seen_host)
    host.close()
    guest.close()


def test_an_agreed_takeback_moves_the_revision_and_is_read(path: Path) -> None:
    host, guest, _reads, seen_host, _ = _table(path)
    assert host.play(Place(4)) is None
    guest.poll()
    host.undo()
    guest.poll()
    assert "You let Ann" in guest.answer_takeback(True)
    host.poll()
    assert host.history.cursor == 0 == guest.history.cursor
    assert any("agreed" in getattr(e, "message", "") for e in seen_host)
    host.close()
    guest.close()


def test_a_hint_is_told_by_the_pulse(path: Path) -> None:
    host, guest, reads, _, seen = _table(path)
    host.hint_used()
    guest.poll()
    assert [e.message for e in seen if isinstance(e, Notice)] == [
        "Ann asked the computer for a hint."
    ]
    assert guest.hints_used == (1, 0) and reads["game"] == 0
    host.close()
    guest.close()


def test_a_player_who_leaves_is_seen_by_the_pulse(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest, reads, _, seen = _table(path)
    monkeypatch.setattr(presence, "PRESENCE_LOOK_SECONDS", 0.0)
    host.close()
    guest.poll()
    assert guest.presence_live == (False, True)
    assert [e.message for e in seen if isinstance(e, SeatsChanged)] == [
        "Ann has left the game; it waits for them."
    ]
    assert reads["game"] == 0
    guest.close()


def test_the_tables_revision_moves_with_a_move_not_a_heartbeat(path: Path) -> None:
    host, guest, _, _, _ = _table(path)
    watch = TablesWatch()
    store = Store.open(path)
    assert watch.moved(store)  # the first look always lists
    _beat(host)
    _beat(guest)
    assert not watch.moved(store)
    assert host.play(Place(4)) is None
    assert watch.moved(store) and not watch.moved(store)
    host.close()
    guest.close()


def test_the_servers_event_log_does_not_list_games_at_a_heartbeat(path: Path) -> None:
    host, guest, _, _, _ = _table(path)
    watcher = GameWatcher(path)
    reads: Counter[str] = Counter()
    _counted(watcher.store(), reads)
    assert watcher._poll() == []  # the first look learns what is there
    assert reads["games"] == 1
    _beat(host)
    _beat(guest)
    assert watcher._poll() == [] and reads["games"] == 1
    assert host.play(Place(4)) is None
    assert watcher._poll() == [f"game {host.game_id} (Ann v Bob): move 1"]
    assert reads["games"] == 2
    watcher._close()
    host.close()
    guest.close()


def test_a_seat_taken_just_before_a_move_here_is_still_seen(path: Path) -> None:
    # The CI race: Bob took his seat between Ann's last look and her move. Her
    # write was refused as stale, found that only the seats had changed, and
    # took the new revision, so no later look ever read Bob's seat: Ann's
    # screen waited "for a player to join" for the rest of the game.
    host = Match.new(
        Setup(seed=21, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    heard: list[Event] = []
    host.subscribe(heard.append)
    Match.join(Store.open(path), host.code, me=BOB, name="Bob")
    assert host.play(Place(4)) is None  # no look at the store in between
    assert host.seats[1].owner == BOB and host.seats[1].name == "Bob"
    assert any(isinstance(e, SeatsChanged) for e in heard)
    host.poll()
    assert host.seats[1].name == "Bob"


def _bob_sits_down_while_ann_hosts(tmp_path: Path, look: str) -> None:
    """Bob takes Ann's free seat (she looks), sits at it, and Ann's ``look``
    (``poll`` or ``reload``) must tell her he joined, not that he is back."""
    from engine.duel import Setup
    from match.match import Match, SeatsChanged
    from match.seats import Seat
    from match.store import Store

    path = tmp_path / "games.sqlite3"
    ann = Match.new(
        Setup(seed=3, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me="key:ann",
    )
    assert ann.code is not None and ann.game_id is not None
    news: list[str] = []
    ann.subscribe(lambda e: news.append(e.message) if isinstance(e, SeatsChanged) else None)
    store = Store.open(path)
    assert store.claim_free(ann.game_id, "key:bob", "Bob") == 1
    ann.poll()  # the seat is Bob's; he is not at it yet
    bob = Match.open(store, ann.game_id, me="key:bob", seats=frozenset({1}))
    getattr(ann, look)()
    assert [m for m in news if m] == ["Bob joined the table."]
    assert ann.presence_live[1]
    for match in (ann, bob):
        match.close()


def test_a_player_who_takes_the_free_seat_is_told_as_joined_not_as_back(tmp_path: Path) -> None:
    """Joining takes the seat, then sits at it: a host who looks in between
    must not hear 'Bob is back' when he sits down."""
    _bob_sits_down_while_ann_hosts(tmp_path, "poll")


def test_a_reload_after_a_refused_write_still_tells_who_sat_down(tmp_path: Path) -> None:
    """A write refused because the game moved reads the game again: a player
    who sat down since the last look must still be heard joining."""
    _bob_sits_down_while_ann_hosts(tmp_path, "reload")
