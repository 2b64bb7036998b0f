"""Two friends over SSH: host, join, play from both sides; a third only watches."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ssh_support import Client, Keys, config_for, open_terminal, start_server, wait_until

from match.store import GameSummary, Store
from server import identity
from server.ssh import GameServer


@pytest.fixture
async def lobby_server(tmp_path: Path, keys: Keys) -> AsyncIterator[GameServer]:
    # The real command: the app in lobby mode on the shared store.
    running = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    try:
        yield running
    finally:
        await running.stop()


def _games(server: GameServer, player: str) -> list[GameSummary]:
    with Store.open(server.config.store) as store:
        return store.games(owner=player)


async def _host(alice: Client) -> None:
    await alice.wait_for("you are alice")
    alice.send("h")
    await alice.wait_for("Open the table")
    alice.send("\r")  # for anyone, sides A
    await alice.wait_for("the other player picks it in the lobby")


async def test_two_players_play_each_other_and_a_third_only_watches(
    lobby_server: GameServer, keys: Keys
) -> None:
    server = lobby_server
    ids = {name: identity.player_id(keys.by_name[name]) for name in ("alice", "bob", "carol")}
    alice = await open_terminal(server.port, keys.by_name["alice"])
    bob = await open_terminal(server.port, keys.by_name["bob"])
    carol = await open_terminal(server.port, keys.by_name["carol"])
    try:
        await _host(alice)
        await wait_until(lambda: len(_games(server, ids["alice"])) == 1, "alice's table")
        await bob.wait_for("you are bob")
        await bob.wait_for("A A A A")  # alice's table in bob's list of open tables
        bob.send("\r")
        await wait_until(
            lambda: (
                _games(server, ids["bob"]) and _games(server, ids["bob"])[0].status == "playing"
            ),
            "bob at the table",
        )
        (game,) = _games(server, ids["alice"])
        clients = {0: alice, 1: bob}
        names = {0: "alice", 1: "bob"}
        first = game.to_move
        mover, other = clients[first], clients[1 - first]
        await mover.wait_for(f"{names[first]}: place a meeple")
        await other.wait_for(f"{names[first]}'s turn")

        mover.send("5")  # a meeple on cell 5
        await other.wait_for(f"{names[1 - first]}: place a meeple")
        await mover.wait_for(f"{names[1 - first]}'s turn")
        other.send("1")
        await mover.wait_for(f"{names[first]}: place a meeple")
        with Store.open(server.config.store) as store:
            assert store.game(game.id).cursor == 2

        # carol sees the game being played, and can only watch it.
        await carol.wait_for("alice v bob")
        carol.send("w")
        await carol.wait_for(f"{names[first]}'s turn")
        for key in "123456789abcdef\r":
            carol.send(key)
        mover.send("9")
        await other.wait_for(f"{names[1 - first]}: place a meeple")
        await carol.wait_for(f"{names[1 - first]}'s turn")
        with Store.open(server.config.store) as store:
            stored = store.game(game.id)
        assert stored.cursor == 3
        assert [a.seat for a in stored.actions] == [first, 1 - first, first]
        # Each player is known in the store by name, so a table can be kept for them.
        with Store.open(server.config.store) as store:
            assert store.player_named("bob") == ids["bob"]
            assert store.player_named("carol") == ids["carol"]
    finally:
        for client in (alice, bob, carol):
            await client.close()


async def test_a_player_comes_back_to_their_game(lobby_server: GameServer, keys: Keys) -> None:
    server = lobby_server
    alice = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await _host(alice)
        alice_id = identity.player_id(keys.by_name["alice"])
        await wait_until(lambda: len(_games(server, alice_id)) == 1, "alice's table")
        alice.conn.abort()  # gone without a goodbye
        await wait_until(lambda: not server.sessions, "the session to end")
        again = await open_terminal(server.port, keys.by_name["alice"])
        await again.wait_for("waiting")  # her table, in her games
        again.send("\r")
        await again.wait_for("Player 2")
        await again.close()
    finally:
        await alice.close()
