"""Over SSH: a player in the lobby is told at once when a game of theirs
waits, with the bell and their terminal's own notification."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ssh_support import Keys, config_for, open_terminal, start_server

from engine.duel import Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from server import identity
from server.ssh import GameServer


@pytest.fixture
async def lobby_server(tmp_path: Path, keys: Keys) -> AsyncIterator[GameServer]:
    running = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    try:
        yield running
    finally:
        await running.stop()


async def test_a_move_made_by_another_session_reaches_the_lobby_of_the_player_to_move(
    lobby_server: GameServer, keys: Keys
) -> None:
    server = lobby_server
    alice_id = identity.player_id(keys.by_name["alice"])
    bob_id = identity.player_id(keys.by_name["bob"])
    with Store.open(server.config.store) as store:
        # A real table: bob hosts and starts, alice took the other seat.
        hosted = Match.new(
            Setup(seed=3, starter=0),
            (Seat(name="bob"), Seat(name="Player 2")),
            store=store,
            here=frozenset({0}),
            table=True,
            me=bob_id,
        )
        assert hosted.code is not None
        Match.join(store, hosted.code, me=alice_id, name="alice").close()
        hosted.close()
    # iTerm2 sends LC_TERMINAL with ssh's usual SendEnv LC_*.
    alice = await open_terminal(server.port, keys.by_name["alice"], env={"LC_TERMINAL": "iTerm2"})
    bob = await open_terminal(server.port, keys.by_name["bob"])
    try:
        await bob.wait_for("It is your turn in 1 game")  # said as he arrives
        await alice.wait_for("their turn")
        before = len(alice.term.raw)
        # Bob plays his move in his own session: a meeple on the fifth cell.
        bob.send("\r")
        await bob.wait_for("place a meeple")
        bob.send("5")
        bob.send("\r")
        await alice.wait_for("Your turn against bob")
        sent = bytes(alice.term.raw[before:])
        assert b"\x1b]9;Imhotep: Your turn against bob" in sent
        assert b"\x07" in sent
        # Bob's terminal is told nothing: it is not his turn.
        assert "Your turn against" not in bob.term.text()
        assert b"\x1b]9;" not in bytes(bob.term.raw)
    finally:
        await alice.close()
        await bob.close()


def test_the_app_learns_which_terminal_it_is_and_nothing_more(tmp_path: Path) -> None:
    from server.session import child_environment

    env = child_environment(
        "xterm-256color",
        {"LC_TERMINAL": "iTerm2", "TERM_PROGRAM": "WezTerm", "IMHOTEP_NOTIFY": "osc777"},
        tmp_path,
    )
    assert (env["LC_TERMINAL"], env["TERM_PROGRAM"], env["IMHOTEP_NOTIFY"]) == (
        "iTerm2",
        "WezTerm",
        "osc777",
    )
    env = child_environment(
        "xterm-256color",
        {"LC_TERMINAL": "i\x1b]52;c;x\x07", "TERM_PROGRAM": "", "IMHOTEP_NOTIFY": "loud"},
        tmp_path,
    )
    assert not {"LC_TERMINAL", "TERM_PROGRAM", "IMHOTEP_NOTIFY"} & set(env)
