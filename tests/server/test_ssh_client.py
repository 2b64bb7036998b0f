"""What the system's own ``ssh`` client sees: the one-line answers, and its
way of offering every key it holds one after another."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import asyncssh
import pytest
from ssh_support import WAIT, Keys, config_for, start_screen_command, start_server

from server.throttle import ThrottleRules

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")


def _key_file(folder: Path, name: str, key: asyncssh.SSHKey) -> Path:
    path = folder / name
    key.write_private_key(path)
    path.chmod(0o600)
    return path


async def _ssh(port: int, identities: list[Path], *args: str) -> tuple[int, str, str]:
    assert SSH is not None
    options = [
        "-F", "/dev/null",
        "-p", str(port),
        "-o", "BatchMode=yes",
        "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null",
        "-o", "IdentitiesOnly=yes",
        "-o", "IdentityAgent=none",
        "-o", "LogLevel=ERROR",
    ]  # fmt: skip
    for identity in identities:
        options += ["-i", str(identity)]
    proc = await asyncio.create_subprocess_exec(
        SSH,
        *options,
        *args,
        "127.0.0.1",
        *(["ls"] if "-T" not in args else []),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), WAIT)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_ssh_with_a_command_or_without_a_terminal_gets_one_line(
    tmp_path: Path, keys: Keys
) -> None:
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    try:
        alice = _key_file(tmp_path, "alice", keys.by_name["alice"])
        status, out, err = await _ssh(server.port, [alice])
        assert out.splitlines() == [
            "imhotep-duel: this server runs only the game, no commands: "
            "connect with plain ssh, without a command."
        ]
        assert "exec request failed" not in err
        assert status == 1
        status, out, err = await _ssh(server.port, [alice], "-T")
        (line,) = out.splitlines()
        assert "needs a terminal" in line
        assert status == 1
    finally:
        await server.stop()


async def test_keys_ssh_offers_before_the_right_one_are_no_failed_logins(
    tmp_path: Path, keys: Keys
) -> None:
    rules = ThrottleRules(free=1, base_delay=0.05, max_delay=0.2, lockout=4)
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, throttle=rules
    )
    server = await start_server(config)
    try:
        strangers = [_key_file(tmp_path, f"k{n}", keys.make(f"k{n}")) for n in range(3)]
        alice = _key_file(tmp_path, "alice", keys.by_name["alice"])
        for _ in range(6):
            # Logged in each time: the answer comes from a session.
            status, out, _ = await _ssh(server.port, [*strangers, alice], "-T")
            assert "needs a terminal" in out
        # A client with no key on the list at all, and one that offers none.
        for identities in (strangers, []):
            status, out, err = await _ssh(server.port, identities, "-T")
            assert status == 255 and "Permission denied" in err
        assert server.throttle.failures("127.0.0.1") == 0
    finally:
        await server.stop()
