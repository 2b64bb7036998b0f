"""No byte a terminal sends ends a session, locally or over SSH.

A terminal in a Latin-1 or Latin-2 locale sends é as the single byte 0xE9,
which is not UTF-8; so do line noise and a binary file pasted by mistake.
Textual's own driver raised on such bytes and the app ended with a
traceback on the player's screen (Textual issue #6456). Each test runs the
gauntlet of bytes_support, then sends the quit keys, the last bytes of
0x00-0xFF: the app must still be there to quit, end with status 0, and never
have shown a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from bytes_support import PtyProgram, quit_at_last, run_the_gauntlet
from ssh_support import Keys, config_for, start_screen_command, start_server
from system_ssh import SSH, environment, key_file, ssh_terminal


async def test_the_app_in_a_local_terminal_takes_any_byte() -> None:
    app = await PtyProgram.start([sys.executable, "-P", "-m", "cli"], environment())
    try:
        await app.wait_for("New game")
        await run_the_gauntlet(app)
        assert app.process.poll() is None, app.text()
        assert await quit_at_last(app) == 0
        assert b"Traceback" not in app.raw
    finally:
        app.close()


@pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
async def test_the_app_over_ssh_takes_any_byte(tmp_path: Path, keys: Keys) -> None:
    assert SSH is not None
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    # No ~. escapes: every byte goes to the server.
    identity = key_file(tmp_path, "alice", keys.by_name["alice"])
    client = await ssh_terminal(server.port, identity, "-e", "none")
    try:
        await client.wait_for("New game")
        await run_the_gauntlet(client)
        assert client.process.poll() is None, client.text()
        assert len(server.sessions) == 1
        assert await quit_at_last(client) == 0
        assert b"Traceback" not in client.raw
        assert b"stopped unexpectedly" not in client.raw
    finally:
        client.close()
        await server.stop()
