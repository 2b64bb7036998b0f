"""Over SSH with the system's own ``ssh`` client: one key in two sessions of
one game, and a rematch from the game-over dialog.

The game is played to one move from its end through the store (as two
players would), so that the test spends its time on what the players see.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from bytes_support import PtyProgram
from ssh_support import Keys, config_for, start_server
from system_ssh import SSH, key_file, ssh_terminal

from engine.duel import Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from server import identity

pytestmark = pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
ENTER = b"\r"


def _one_move_from_the_end(store: Path, alice: str, bob: str) -> tuple[int, int]:
    """A duel between alice (seat 1) and bob (seat 2) with one move left;
    the game's id and the seat that makes the last move."""
    host = Match.new(
        Setup(seed=1, starter=0),
        (Seat(name="alice"), Seat(name="Player 2")),
        store=Store.open(store),
        here=frozenset({0}),
        table=True,
        me=alice,
    )
    assert host.code is not None and host.game_id is not None
    guest = Match.join(Store.open(store), host.code, me=bob, name="bob")
    host.poll()
    players = {0: host, 1: guest}
    while True:
        seat = host.to_move
        assert seat is not None
        mover = players[seat]
        action = mover.rules.legal_actions(mover.state)[0]
        if mover.rules.over(mover.rules.apply(mover.state, action)):
            assert mover.rules.format_action(action) == "UC2"  # the test's keys below
            break
        assert mover.play(action) is None
        players[1 - seat].poll()
    host.close()
    guest.close()
    return host.game_id, seat


async def test_one_key_twice_then_a_rematch(tmp_path: Path, keys: Keys) -> None:
    server = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    ids = {name: identity.player_id(keys.by_name[name]) for name in ("alice", "bob")}
    game_id, last = _one_move_from_the_end(server.config.store, ids["alice"], ids["bob"])
    assert last == 1
    terminals: list[PtyProgram] = []
    try:
        alice = await ssh_terminal(server.port, key_file(tmp_path, "alice", keys.by_name["alice"]))
        bob = await ssh_terminal(server.port, key_file(tmp_path, "bob", keys.by_name["bob"]))
        terminals += [alice, bob]
        for terminal in (alice, bob):
            await terminal.wait_for("Your games")
            await asyncio.sleep(0.5)
            await terminal.send(ENTER)
        await bob.wait_for("bob: unload a boat")
        # Alice's key in a second session: told why it only watches.
        second = await ssh_terminal(server.port, key_file(tmp_path, "alice", keys.by_name["alice"]))
        terminals.append(second)
        await second.wait_for("Your games")
        await asyncio.sleep(0.5)
        await second.send(ENTER)
        await second.wait_for("You play in another terminal; here you watch.")
        # The first session leaves for the lobby: the second plays her seat.
        await alice.send(b"q")
        await second.wait_for("Your other terminal has left this game")
        # Bob makes the last move; both players are offered a rematch.
        await bob.send(b"c2")
        await bob.wait_for("Enter or c2 confirms")
        await bob.send(ENTER)
        for terminal in (second, bob):
            await terminal.wait_for("Rematch")
        await asyncio.sleep(0.5)
        await second.send(b"n")
        await second.wait_for("Rematch: bob can take their seat")
        await bob.wait_for("A rematch is set up at a new table")
        await bob.send(b"n")
        # The sides are swapped: bob has the first seat now, and begins.
        await bob.wait_for("bob: place a meeple")
        await second.wait_for("bob joined the table")
        with Store.open(server.config.store) as store:
            rematch = store.rematch(game_id)
            assert rematch is not None
            seats = store.game(rematch).seats
        assert [seat.owner for seat in seats] == [ids["bob"], ids["alice"]]
    finally:
        for terminal in terminals:
            terminal.close()
        await server.stop()
