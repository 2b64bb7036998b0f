"""match.match: a game driven without Textual, alone or from two places."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.duel import Place, Setup, Unload, legal_actions
from match.match import Event, Match, Moved, Notice, Rewound, SeatsChanged, TakebackAsked
from match.seats import Seat
from match.store import Standing, Store

REPO = Path(__file__).resolve().parents[2]
ANN, BOB = "key:ann", "key:bob"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _table(path: Path, *, starter: int = 0) -> tuple[Match, Match, list[Event], list[Event]]:
    """Ann hosts a table in one 'process', Bob joins it from another."""
    host = Match.new(
        Setup(seed=21, starter=starter),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code.lower(), me=BOB, name="Bob")
    seen_host: list[Event] = []
    seen_guest: list[Event] = []
    host.subscribe(seen_host.append)
    guest.subscribe(seen_guest.append)
    host.poll()  # as the app does several times a second
    return host, guest, seen_host, seen_guest


def test_a_game_at_one_keyboard_is_kept_move_by_move(path: Path) -> None:
    store = Store.open(path)
    match = Match.new(Setup(seed=3), (Seat(name="Ann"), Seat(name="Bob")), store=store)
    assert store.games() == []  # nothing worth keeping yet
    events: list[Event] = []
    match.subscribe(events.append)
    for action in (Place(0), Place(4), Place(1)):
        assert match.play(action) is None
    assert [type(e) for e in events] == [Moved, Moved, Moved]
    assert all(isinstance(e, Moved) and e.by == "here" for e in events)
    (game,) = store.games()
    assert game.moves == 3 and game.to_move == 1
    match.close()
    again = Match.open(Store.open(path), game.id)
    assert again.state == match.state and again.log == match.log
    assert again.here == {0, 1}


def test_an_illegal_action_is_refused_with_the_engines_reason(path: Path) -> None:
    match = Match.new(Setup(seed=3), (Seat(name="Ann"), Seat(name="Bob")), store=Store.open(path))
    before = match.state
    reason = match.play(Unload(0))
    assert reason is not None and "boat" in reason
    assert match.state is before


def test_a_move_in_one_process_arrives_in_the_other(path: Path) -> None:
    host, guest, seen_host, seen_guest = _table(path)
    host.poll()
    assert any(isinstance(e, SeatsChanged) and "Bob joined" in e.message for e in seen_host)
    assert host.play(Place(4)) is None
    guest.poll()
    moved = [e for e in seen_guest if isinstance(e, Moved)]
    assert len(moved) == 1 and moved[0].by == "away" and moved[0].action == Place(4)
    assert guest.state == host.state
    assert guest.play(Place(0)) is None
    host.poll()
    assert host.state == guest.state and host.log == guest.log


def test_an_away_seat_cannot_be_moved_for(path: Path) -> None:
    host, _guest, _, _ = _table(path, starter=1)
    before = host.state
    reason = host.play(Place(4))
    assert reason is not None and "another terminal" in reason
    assert host.state is before
    # Naming the seat does not help either.
    assert host.play(Place(4), seat=1) is not None
    assert host.store is not None and host.store.game(host.game_id or 0).cursor == 0


def test_the_slower_writer_is_told_and_brought_up_to_date(path: Path) -> None:
    store = Store.open(path)
    match = Match.new(Setup(seed=5), (Seat(name="Ann"), Seat(name="Bob")), store=store)
    assert match.play(Place(0)) is None
    # Another process writes ply 1 behind this one's back.
    other = Store.open(path)
    assert match.game_id is not None
    other.append(
        match.game_id,
        1,
        "P9",
        1,
        revision=other.game(match.game_id).revision,
        summary=Standing(0, (0, 0)),
    )
    events: list[Event] = []
    match.subscribe(events.append)
    reason = match.play(Place(4))
    assert reason is not None and "moved first" in reason
    assert [str(a) for a in match.history.actions] == ["P1", "P9"]
    assert any(isinstance(e, Rewound) for e in events)


def test_a_takeback_needs_the_other_players_consent(path: Path) -> None:
    host, guest, seen_host, seen_guest = _table(path)
    assert host.play(Place(4)) is None
    guest.poll()
    assert host.can_undo() and not guest.can_redo()
    said = host.undo()
    assert "Asked Bob" in said and host.history.cursor == 1
    assert not host.can_undo()  # one request at a time
    guest.poll()
    asked = [e for e in seen_guest if isinstance(e, TakebackAsked)]
    assert asked == [TakebackAsked(0, 0)]
    assert "declined" in guest.answer_takeback(False)
    host.poll()
    assert host.history.cursor == 1
    assert any(isinstance(e, Notice) and "declined" in e.message for e in seen_host)
    host.undo()
    guest.poll()
    assert "take back" in guest.answer_takeback(True)
    assert guest.history.cursor == 0
    host.poll()
    assert host.history.cursor == 0 and host.state == guest.state
    assert any(isinstance(e, Rewound) and "agreed" in e.message for e in seen_host)


def test_a_takeback_never_goes_past_a_revealed_token(path: Path) -> None:
    host, guest, _, _ = _table(path)
    # Play until an unload has refilled a boat from the face-down supply.
    mover = {0: host, 1: guest}
    while True:
        state = host.state
        unloads = [a for a in legal_actions(state) if isinstance(a, Unload)]
        side = mover[state.turn]
        action = unloads[0] if unloads else legal_actions(state)[0]
        assert side.play(action) is None
        mover[1 - state.turn].poll()
        if isinstance(action, Unload):
            break
    unloader = side
    assert not unloader.can_undo()
    assert "face-down" in unloader.why_no_undo()


def test_hidden_order_is_not_what_a_table_shows_the_other_side(path: Path) -> None:
    _host, guest, _, _ = _table(path)
    # Across terminals undo stays safe whatever the setting, so nobody can
    # see a refill and take the move back.
    guest.set_undo_mode("free")
    assert guest.history.undo_mode == "safe"


KILLED = textwrap.dedent(
    """
    import sys, time
    from engine.duel import Place
    from match.match import Match
    from match.store import Store
    path, code = sys.argv[1], sys.argv[2]
    match = Match.join(Store.open(path), code, me="key:bob", name="Bob")
    while match.state.turn != 1:
        match.poll()
        time.sleep(0.02)
    assert match.play(Place(0)) is None
    print("played", flush=True)
    time.sleep(60)
    """
)


def test_a_side_killed_mid_game_comes_back_to_its_seat(path: Path) -> None:
    host = Match.new(
        Setup(seed=8, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED, str(path), host.code],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.play(Place(4)) is None
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "played"
        deadline = time.monotonic() + 30
        while host.history.cursor < 2 and time.monotonic() < deadline:
            host.poll()
            time.sleep(0.02)
        assert host.history.cursor == 2
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    back = Match.join(Store.open(path), host.code, me=BOB)
    assert back.here == {1}
    assert back.state == host.state
    assert back.seats[1].name == "Bob"
    # Someone else cannot take that seat, not even under the same name.
    with pytest.raises(Exception, match="taken"):
        Match.join(Store.open(path), host.code, me="key:eve", name="Bob")


def test_every_computer_level_can_sit_at_a_table(path: Path) -> None:
    from ai.players import levels
    from engine.games import GAMES

    store = Store.open(path)
    for kind, rules in GAMES.items():
        for level in levels(kind):
            seats = (
                Seat(name="Ann"),
                *(Seat(name="CPU", kind=level),) * (rules.seat_counts[0] - 1),
            )
            setup = rules.deal(len(seats), random.Random(1))
            match = Match.new(setup, seats, store=store, table=True, rules=rules)
            assert match.game_id is not None
            assert store.game(match.game_id).seats[1].kind == level
            match.close()


def test_a_headless_script_plays_the_computer_to_the_end(path: Path) -> None:
    import random

    store = Store.open(path)
    match = Match.new(
        Setup(seed=12), (Seat(name="Ann"), Seat(name="Cal", kind="easy")), store=store
    )
    events: list[Event] = []
    match.subscribe(events.append)
    rng = random.Random(12)
    while not match.state.over:
        if match.computer_to_move:
            assert match.play_computer() is not None
        else:
            assert match.play(rng.choice(legal_actions(match.state))) is None
    bys = {e.by for e in events if isinstance(e, Moved)}
    assert bys == {"here", "computer"}
    (game,) = store.games(statuses=("over",))
    assert game.moves == match.history.cursor and game.to_move == -1
    assert Match.open(Store.open(path), game.id).state == match.state


def test_a_builders_computer_seat_is_played_by_that_games_computer() -> None:
    import random

    from engine.games import game
    from match.store import StoreError

    rules = game("builders")
    setup = rules.deal(2, random.Random(5))
    seats = (Seat(name="Ann"), Seat(name="Bot", kind="hard"))
    match = Match.new(setup, seats, store=None, here=frozenset({0}), rules=rules)
    while match.to_move == 0:
        assert match.play(rules.legal_actions(match.state)[0]) is None
    assert match.computer_to_move
    before = match.state
    match.computers[1].max_iterations = 20  # type: ignore[attr-defined]
    action = match.play_computer()
    assert rules.why_illegal(before, action) is None
    assert match.last_action == action
    # A level only the Duel has is no player of the builders.
    with pytest.raises(StoreError, match="random"):
        Match.new(
            setup, (Seat(name="Ann"), Seat(name="Bot", kind="random")), store=None, rules=rules
        )
