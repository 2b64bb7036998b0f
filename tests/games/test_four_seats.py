"""Builders of Egypt at four seats, played from four processes through one store.

The Duel's two-process tests (test_match.py) show a move made in one process
arriving in the other. This is the same door for a game of four: each
process holds one seat of one table, plays whenever its seat decides, and
follows the other three; a write made on a position that moved meanwhile is
refused, and who joined and who left is followed through presence.
"""

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

from engine.games import game
from match.events import Event, Moved, SeatsChanged
from match.match import Match
from match.seats import Seat
from match.store import StaleWrite, Standing, Store

REPO = Path(__file__).resolve().parents[2]
BUILDERS = game("builders")
KEYS = ("key:ann", "key:bob", "key:cy", "key:dee")
NAMES = ("Ann", "Bob", "Cy", "Dee")

# One seat's process: join the table, then play that seat to the end,
# following the others. It prints what it saw, one fact per line.
SEAT = textwrap.dedent(
    """
    import random, sys, time
    from match.events import Moved
    from match.match import Match
    from match.store import Store

    path, code, me, name, seed, hold = sys.argv[1:7]
    match = Match.join(Store.open(path), code, me=me, name=name)
    (seat,) = match.here
    rules = match.rules
    rng = random.Random(int(seed))
    arrived = []
    def heard(event):
        if isinstance(event, Moved) and event.by == "away":
            arrived.append(event)
    match.subscribe(heard)
    print("seat", seat, flush=True)
    deadline = time.monotonic() + 120
    while not rules.over(match.state) and time.monotonic() < deadline:
        match.poll()
        if match.to_move == seat:
            refused = match.play(rng.choice(list(rules.legal_actions(match.state))))
            if refused is not None:
                print("refused", refused, flush=True)
        else:
            time.sleep(0.01)
    print("ply", rules.ply(match.state), flush=True)
    print("arrived", len(arrived), flush=True)
    print("line", " ".join(match.history.full_notation), flush=True)
    # Stay at the table (heartbeats going) until told to leave.
    if hold == "hold":
        sys.stdin.readline()
    match.close()
    """
)


def _seat_process(path: Path, code: str, index: int, *, hold: bool) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            SEAT,
            str(path),
            code,
            KEYS[index],
            NAMES[index],
            str(100 + index),
            "hold" if hold else "go",
        ],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _lines(process: subprocess.Popen[str]) -> dict[str, str]:
    """Read a seat process's report up to its last line ("line ...")."""
    assert process.stdout is not None
    said: dict[str, str] = {}
    while "line" not in said:
        text = process.stdout.readline()
        assert text, f"a seat process stopped early: {said}"
        key, _, value = text.rstrip("\n").partition(" ")
        said[key] = value if key not in said else said[key] + "\n" + value
    return said


def test_four_processes_play_one_builders_table_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    setup = BUILDERS.deal(4, random.Random(7))
    waiting = tuple(Seat(name=f"Player {n}") for n in (2, 3, 4))
    host = Match.new(
        setup,
        (Seat(name=NAMES[0]), *waiting),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=KEYS[0],
        rules=BUILDERS,
    )
    assert host.code is not None and host.game_id is not None
    seen: list[Event] = []
    host.subscribe(seen.append)
    # The last to sit down stays at the table after the end, so that its
    # leaving can be seen; the other two leave as soon as the game is over.
    seats = [_seat_process(path, host.code, i, hold=(i == 3)) for i in (1, 2, 3)]
    rng = random.Random(100)
    try:
        deadline = time.monotonic() + 180
        while not BUILDERS.over(host.state) and time.monotonic() < deadline:
            stopped = [p.returncode for p in seats if p.poll() not in (None, 0)]
            assert not stopped, f"a seat's process stopped with {stopped} (its error is above)"
            host.poll()
            if host.to_move == 0 and all(s.owner for s in host.seats):
                assert host.play(rng.choice(list(BUILDERS.legal_actions(host.state)))) is None
            else:
                time.sleep(0.01)
        assert BUILDERS.over(host.state), "the game did not reach its end"
        reports = [_lines(p) for p in seats]
        for process in seats[:2]:
            process.wait(timeout=60)
        _the_same_game_and_presence(path, host, seen, reports, seats[2])
    finally:
        for process in seats:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
    host.close()


def _the_same_game_and_presence(
    path: Path,
    host: Match,
    seen: list[Event],
    reports: list[dict[str, str]],
    still_there: subprocess.Popen[str],
) -> None:
    assert host.game_id is not None

    # Every process holds a seat of its own (in the order they sat down),
    # and all four saw one and the same game.
    taken = [int(r["seat"]) for r in reports]
    assert sorted(taken) == [1, 2, 3]
    line = " ".join(host.history.full_notation)
    assert all(r["line"] == line for r in reports)
    assert {int(r["ply"]) for r in reports} == {BUILDERS.ply(host.state)}
    # The whole game is in the store, as any of them would open it.
    with Store.open(path) as store:
        stored = store.game(host.game_id)
        assert stored.kind == "builders" and len(stored.seats) == 4
        assert stored.seats[0].name == NAMES[0]
        assert [stored.seats[seat].name for seat in taken] == list(NAMES[1:])
        assert stored.status == "over" and " ".join(stored.line) == line
        (summary,) = [g for g in store.games(statuses=("over",)) if g.id == host.game_id]
        assert summary.scores == BUILDERS.totals(host.state)
    # Each process was told of the moves the others made.
    moved_here = sum(1 for e in seen if isinstance(e, Moved) and e.by == "here")
    moved_away = sum(1 for e in seen if isinstance(e, Moved) and e.by == "away")
    assert moved_here > 0 and moved_away > 0
    assert moved_here + moved_away == BUILDERS.ply(host.state)
    assert all(int(r["arrived"]) > 0 for r in reports)
    # Presence: the host heard each player join, and hears the two who left.
    joined = " ".join(e.message for e in seen if isinstance(e, SeatsChanged))
    assert all(f"{name} joined" in joined for name in NAMES[1:]), joined
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
        host.presence_live[taken[0]] or host.presence_live[taken[1]]
    ):
        host.poll()
        time.sleep(0.05)
    assert [host.presence_live[seat] for seat in taken] == [False, False, True]
    # The one still at the table is still live; once it is killed, it is not.
    os.kill(still_there.pid, signal.SIGKILL)
    still_there.wait(timeout=10)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and host.presence_live[taken[2]]:
        host.poll()
        time.sleep(0.05)
    assert host.presence_live[taken[2]] is False
    left = " ".join(e.message for e in seen if isinstance(e, SeatsChanged))
    assert "Dee has left the game" in left


def test_a_write_on_a_position_that_moved_is_refused_at_four_seats(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    setup = BUILDERS.deal(4, random.Random(3))
    host = Match.new(
        setup,
        tuple(Seat(name=n) for n in NAMES),
        store=Store.open(path),
        table=True,
        here=frozenset({0}),
        me=KEYS[0],
        rules=BUILDERS,
    )
    assert host.code is not None and host.game_id is not None
    others = [Match.join(Store.open(path), host.code, me=KEYS[i], name=NAMES[i]) for i in (1, 2, 3)]
    assert [sorted(m.here) for m in others] == [[1], [2], [3]]
    for match in (host, *others):
        match.poll()
    to_move = BUILDERS.current_player(host.state)
    mover = (host, *others)[to_move]
    # A process that has not seen that move writes on the old revision.
    stale = Store.open(path)
    old = stale.game(host.game_id).revision
    assert mover.play(BUILDERS.legal_actions(mover.state)[0]) is None
    state = mover.state
    action = BUILDERS.format_action(BUILDERS.legal_actions(state)[0])
    with pytest.raises(StaleWrite):
        stale.append(
            host.game_id,
            1,
            action,
            BUILDERS.current_player(state),
            revision=old,
            summary=Standing(BUILDERS.current_player(state), BUILDERS.totals(state)),
        )
    assert stale.game(host.game_id).cursor == 1
    # Every other seat's process is brought up to the one true position.
    for match in (host, *others):
        match.poll()
        assert match.state == state
    # A takeback at four seats asks the three others (test_takebacks.py plays it out).
    assert mover.can_undo()
    for match in (host, *others):
        match.close()
