"""A flood of connections that never log in keeps no listed key out.

The flood of bench/ssh_flood.py, in the test's own event loop: idle sockets
and logins stalled after the key exchange, from the key's own address and
from a hundred others, each re-opened as soon as the server drops it. The
waiting rooms are made small, so that the flood overflows them and the
server has to choose whom to drop the whole time.
"""

from __future__ import annotations

from pathlib import Path

from flood_support import Flood
from ssh_support import Keys, config_for, open_terminal, start_screen_command, start_server

OWN = "127.0.0.1"
OTHERS = [f"127.0.0.{2 + n}" for n in range(100)]


async def test_a_listed_key_gets_in_through_a_flood(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        max_pending=64,  # rooms of 21, while the flood holds 240
        hello_timeout=1.0,  # idle sockets are dropped, and come back, every second
    )
    server = await start_server(config)
    floods = [
        Flood(server.port, [OWN], idle=60, stalled=60),
        Flood(server.port, OTHERS, idle=60, stalled=60),
    ]
    try:
        for flood in floods:
            await flood.start()
        first = server.waiting.rooms[0]
        assert len(first) > first.capacity  # the idle sockets alone overflow their room
        for _ in range(10):
            alice = await open_terminal(server.port, keys.by_name["alice"], local_addr=(OWN, 0))
            await alice.wait_for("New game")
            await alice.close()
        # The server was dropping the flood's connections all the while.
        assert sum(flood.dropped for flood in floods) > 0
    finally:
        for flood in floods:
            await flood.stop()
        await server.stop()
