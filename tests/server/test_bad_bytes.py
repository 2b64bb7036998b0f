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

import os
import shutil
import sys
from pathlib import Path

import asyncssh
import pytest
from bytes_support import PtyProgram, quit_at_last, run_the_gauntlet
from ssh_support import Keys, config_for, start_screen_command, start_server

ROOT = Path(__file__).resolve().parents[2]
SSH = shutil.which("ssh")


def _environment(**more: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("LC_")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONPATH=str(ROOT), **more)
    return env


async def test_the_app_in_a_local_terminal_takes_any_byte() -> None:
    app = await PtyProgram.start([sys.executable, "-P", "-m", "cli"], _environment())
    try:
        await app.wait_for("New game")
        await run_the_gauntlet(app)
        assert app.process.poll() is None, app.text()
        assert await quit_at_last(app) == 0
        assert b"Traceback" not in app.raw
    finally:
        app.close()


def _key_file(folder: Path, key: asyncssh.SSHKey) -> Path:
    path = folder / "id_alice"
    key.write_private_key(path)
    path.chmod(0o600)
    return path


@pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
async def test_the_app_over_ssh_takes_any_byte(tmp_path: Path, keys: Keys) -> None:
    assert SSH is not None
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    command = [
        SSH,
        "-F", "/dev/null",
        "-tt",
        "-e", "none",  # no ~. escapes: every byte goes to the server
        "-p", str(server.port),
        "-i", str(_key_file(tmp_path, keys.by_name["alice"])),
        "-o", "BatchMode=yes",
        "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null",
        "-o", "IdentitiesOnly=yes",
        "-o", "IdentityAgent=none",
        "-o", "LogLevel=ERROR",
        "127.0.0.1",
    ]  # fmt: skip
    client = await PtyProgram.start(command, _environment())
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
