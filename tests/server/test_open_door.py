"""--open: any key comes in, and chooses a name on its first visit."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ssh_support import Keys, config_for, open_terminal, start_screen_command, start_server

from match.store import Store
from server import identity


async def test_a_first_visitor_chooses_a_name_that_is_kept(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, open_door=True
    )
    server = await start_server(config)
    try:
        mallory = await open_terminal(server.port, keys.by_name["mallory"])
        await mallory.wait_for("Choose the name")
        mallory.send("alice\r")  # alice's key is in the allow file: the name is hers
        await mallory.wait_for("that name is taken")
        mallory.send("two words\r")
        await mallory.wait_for("use letters, digits")
        mallory.send("mal\r")
        await mallory.wait_for("New game")
        await mallory.close()
        mallory_id = identity.player_id(keys.by_name["mallory"])
        with Store.open(config.store) as store:
            assert store.player_name(mallory_id) == "mal"

        # Back the next day: no question, straight to the game.
        again = await open_terminal(server.port, keys.by_name["mallory"])
        await again.wait_for("New game")
        assert "Choose the name" not in again.term.raw_text()
        await again.close()

        # Someone else cannot take that name.
        newcomer = await open_terminal(server.port, keys.make("eve"))
        await newcomer.wait_for("Choose the name")
        newcomer.send("MAL\r")
        await newcomer.wait_for("that name is taken")
        newcomer.send("\x03")
        await asyncio.wait_for(newcomer.term.closed.wait(), 60)
    finally:
        await server.stop()


async def test_allowed_keys_keep_their_names_on_an_open_server(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, open_door=True
    )
    server = await start_server(config)
    try:
        alice = await open_terminal(server.port, keys.by_name["alice"])
        await alice.wait_for("New game")
        assert "Choose the name" not in alice.term.raw_text()
        assert [s._gate.player_name for s in server.sessions] == ["alice"]
        await alice.close()
    finally:
        await server.stop()


async def test_a_name_that_looks_like_another_players_is_refused(
    tmp_path: Path, keys: Keys
) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, open_door=True
    )
    server = await start_server(config)
    try:
        mallory = await open_terminal(server.port, keys.by_name["mallory"])
        await mallory.wait_for("Choose the name")
        # alice (listed) with a Cyrillic a: the same on every screen.
        mallory.send("\N{CYRILLIC SMALL LETTER A}lice\r")
        await mallory.wait_for("that name is taken")
        mallory.send("ma1\r")  # nobody has it yet
        await mallory.wait_for("New game")
        await mallory.close()

        # A newcomer's look-alike of a name kept in the store.
        eve = await open_terminal(server.port, keys.make("eve"))
        await eve.wait_for("Choose the name")
        eve.send("MAL\r")
        await eve.wait_for("that name is taken")
        eve.send("eve\r")
        await eve.wait_for("New game")
        await eve.close()
        with Store.open(config.store) as store:
            names = store.player_names()
        assert sorted(names.values()) == ["eve", "ma1"]
    finally:
        await server.stop()
