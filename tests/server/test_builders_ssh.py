"""Builders of Egypt over SSH: three players, each with the system's own ``ssh``
client in a terminal of its own, host, join from the lobby, play and take a
step back by everyone's consent."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from bytes_support import PtyProgram
from ssh_support import Keys, config_for, start_server, wait_until
from system_ssh import SSH, key_file, ssh_terminal

from match.store import GameSummary, Store
from server import identity
from server.ssh import GameServer

pytestmark = pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
TAB, ENTER, DOWN, CTRL_S = b"\t", b"\r", b"\x1b[B", b"\x13"


def _games(server: GameServer, player: str) -> list[GameSummary]:
    with Store.open(server.config.store) as store:
        return store.games(owner=player)


async def _pick(terminal: PtyProgram, downs: int, shown: str) -> None:
    """Open the focused menu, go ``downs`` entries down and take that one;
    ``shown`` is what the dialog then shows, on a line of its own, the menu closed."""
    await terminal.send(ENTER)
    await asyncio.sleep(0.5)
    for _ in range(downs):
        await terminal.send(DOWN)
        await asyncio.sleep(0.2)
    await terminal.send(ENTER)
    await asyncio.sleep(0.5)
    await terminal.wait_for(shown)


async def test_three_players_over_ssh_play_builders(tmp_path: Path, keys: Keys) -> None:
    server = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    names = ("alice", "bob", "carol")
    ids = {name: identity.player_id(keys.by_name[name]) for name in names}
    terminals: dict[str, PtyProgram] = {}
    try:
        for name in names:
            private = key_file(tmp_path, name, keys.by_name[name])
            terminals[name] = await ssh_terminal(server.port, private)
        alice, bob, carol = (terminals[name] for name in names)
        await alice.wait_for("you are alice")
        await alice.send(b"h")
        await alice.wait_for("Open the table")
        await alice.send(TAB)  # from "For" to the game
        await _pick(alice, 1, "Wrath of the")  # Imhotep: Builders of Egypt
        await alice.send(TAB)  # the number of players
        await _pick(alice, 1, "Players         3 players")
        await alice.send(CTRL_S)
        await alice.wait_for("the other players pick it in the lobby")
        for joining in (bob, carol):
            await joining.wait_for("Open tables")
            await joining.wait_for("Builders, 3 players")  # her table, listed
            await joining.send(ENTER)
            await joining.wait_for("Round 1 of 6")
        await wait_until(
            lambda: (
                bool(_games(server, ids["alice"]))
                and _games(server, ids["alice"])[0].status == "playing"
            ),
            "all three seated",
            60,
        )
        (game,) = _games(server, ids["alice"])
        assert game.kind == "builders" and len(game.seats) == 3
        assert [seat.owner for seat in game.seats] == [ids[name] for name in names]
        mover = terminals[names[game.to_move]]
        await mover.send(b"s")  # stones from the quarry to the sled
        for terminal in terminals.values():
            await terminal.wait_for(f"{names[game.to_move]} moves")
        # The one who moved asks to take it back: both others must agree.
        await mover.send(b"z")
        await mover.wait_for("waiting for their answers")  # both others are asked
        others = [terminals[name] for seat, name in enumerate(names) if seat != game.to_move]
        for other in others:
            await other.wait_for("Allow it?")
            await asyncio.sleep(0.5)  # the dialog takes its keys once it is up
            await other.send(b"y")
            await wait_until(lambda t=other: "Allow it?" not in t.text(), "the answer taken", 60)
        await mover.wait_for("agreed: your move was taken back")
        (after,) = _games(server, ids["alice"])
        assert after.moves == 0
    finally:
        for terminal in terminals.values():
            terminal.close()
        await server.stop()
