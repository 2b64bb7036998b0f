"""Over SSH: a player in the lobby is told at once when a game of theirs
waits, with the bell and their terminal's own notification."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ssh_support import Keys, config_for, open_terminal, start_server

from match.seats import Seat
from match.store import Standing, Store
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
        seats = (Seat(name="bob", owner=bob_id), Seat(name="alice", owner=alice_id))
        game = store.create_game(b"{}", seats, kind="duel", table=True)
    # iTerm2 sends LC_TERMINAL with ssh's usual SendEnv LC_*.
    alice = await open_terminal(server.port, keys.by_name["alice"], env={"LC_TERMINAL": "iTerm2"})
    bob = await open_terminal(server.port, keys.by_name["bob"])
    try:
        await bob.wait_for("It is your turn in 1 game")  # said as he arrives
        await bob.wait_for("your turn")
        await alice.wait_for("their turn")
        before = len(alice.term.raw)
        with Store.open(server.config.store) as store:
            store.append(game, 0, "a", 0, revision=0, summary=Standing(1, (0, 0)))
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
