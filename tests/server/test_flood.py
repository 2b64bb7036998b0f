"""A flood of connections that never log in keeps no listed key out.

The flood of bench/ssh_flood.py, in the test's own event loop: idle sockets
and logins stalled after the key exchange, from the key's own address and
from a hundred others, each re-opened as soon as the server drops it (or,
stalled, every second of its own accord). Then silent sockets beyond the
server's ceiling, which it must drop the whole time; and a player typing
a passphrase while stalled logins from the same address churn.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from pathlib import Path

import pytest
from flood_support import Flood
from ssh_support import (
    WAIT,
    Keys,
    config_for,
    open_terminal,
    start_screen_command,
    start_server,
    wait_until,
)

from server.ssh import UNSIGNED_PER_KEY

OWN = "127.0.0.1"
OTHERS = [f"127.0.0.{2 + n}" for n in range(100)]
SSH = shutil.which("ssh")
KEYGEN = shutil.which("ssh-keygen")


async def test_a_listed_key_gets_in_through_a_flood(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        hello_timeout=1.0,  # idle sockets are dropped, and come back, every second
    )
    server = await start_server(config)
    floods = [
        Flood(server.port, [OWN], idle=60, stalled=60, lifetime=1.0),
        Flood(server.port, OTHERS, idle=60, stalled=60, lifetime=1.0),
    ]
    try:
        for flood in floods:
            await flood.start()
        for _ in range(10):
            alice = await open_terminal(server.port, keys.by_name["alice"], local_addr=(OWN, 0))
            await alice.wait_for("New game")
            await alice.close()
        # The flood's connections were dropped and came back all the while.
        assert sum(flood.dropped for flood in floods) > 0
    finally:
        for flood in floods:
            await flood.stop()
        await server.stop()


@pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
async def test_silent_sockets_beyond_the_ceiling_keep_no_one_out(
    tmp_path: Path, keys: Keys
) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, max_pending=40
    )
    server = await start_server(config)
    floods = [Flood(server.port, [OWN], idle=60, stalled=0), Flood(server.port, OTHERS, 60, 0)]
    key = tmp_path / "id_alice"
    keys.by_name["alice"].write_private_key(key)
    key.chmod(0o600)
    try:
        for flood in floods:
            await flood.start()
        assert len(server.waiting) == server.waiting.ceiling  # full, and churning
        # alice's client is a program of its own, as a player's is: the flood
        # shares the test's event loop with the server, alice does not.
        for _ in range(5):
            ssh = await _ssh(server.port, key)
            out, err = await asyncio.wait_for(ssh.communicate(), WAIT)
            assert "needs a terminal" in out.decode(), err.decode()
        assert sum(flood.dropped for flood in floods) > 0
    finally:
        for flood in floods:
            await flood.stop()
        await server.stop()


@pytest.mark.skipif(SSH is None or KEYGEN is None, reason="no ssh client on this machine")
async def test_a_player_typing_a_passphrase_is_not_pushed_out(
    tmp_path: Path, keys: Keys, caplog: pytest.LogCaptureFixture
) -> None:
    assert SSH is not None and KEYGEN is not None
    caplog.set_level("INFO", logger="imhotep.server")
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, max_pending=6
    )
    server = await start_server(config)
    # Logins stalled from alice's own address, twice as many as the rooms
    # hold, each opened again every second: the rooms are full and churn.
    # (Every half second, the flood's own key exchanges, run in the server's
    # event loop, starved the server on a loaded machine.)
    flood = Flood(server.port, [OWN], idle=0, stalled=12, lifetime=1.0)
    key = await _key_with_passphrase(tmp_path, keys)
    askpass = _typing(tmp_path, seconds=3)  # alice takes three seconds to type it
    try:
        await flood.start()
        proc = await _ssh_asking_passphrase(server.port, key, askpass)
        out, err = await asyncio.wait_for(proc.communicate(), WAIT)
        # Logged in: the session answers that it needs a terminal.
        lines = [r.getMessage() for r in caplog.records]
        auth = ("login", "refused", "locked", "cut off", "back-off", "key")
        said = [line for line in lines if any(word in line for word in auth)]
        dropped = sum("dropped" in line for line in lines)
        why = f"ssh ended with {proc.returncode}: {err.decode()!r}; {dropped} dropped; {said}"
        assert "needs a terminal" in out.decode(), why
        assert flood.dropped > 0
    finally:
        await flood.stop()
        await server.stop()


@pytest.mark.skipif(SSH is None or KEYGEN is None, reason="no ssh client on this machine")
async def test_a_listed_key_holds_few_unsigned_connections(tmp_path: Path, keys: Keys) -> None:
    # Someone who knows alice's public key (it is no secret) gets past the
    # waiting rooms with it, but only a few connections at a time.
    server = await start_server(
        config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    )
    key = await _key_with_passphrase(tmp_path, keys)
    askpass = _typing(tmp_path, seconds=600)  # never signs
    procs = []
    gates: list[object] = []

    def unsigned() -> list[object]:
        return [gate for held in server._vouched.values() for gate in held]

    try:
        for n in range(UNSIGNED_PER_KEY + 1):
            procs.append(await _ssh_asking_passphrase(server.port, key, askpass))
            await wait_until(
                lambda: any(gate not in gates for gate in unsigned()), "the key to be offered"
            )
            (new,) = [gate for gate in unsigned() if gate not in gates]
            gates.append(new)
            assert len(unsigned()) == min(n + 1, UNSIGNED_PER_KEY)
        # The first to offer it was let go; the rest still wait for a signature
        # (ssh notices only once its passphrase prompt returns).
        await wait_until(lambda: gates[0] not in server.connections, "the first to be dropped")
        assert unsigned() == gates[1:]
        assert len(server.waiting) == 0
    finally:
        for proc in procs:
            if proc.returncode is None:
                os.killpg(proc.pid, signal.SIGKILL)
                await proc.wait()
        await server.stop()


async def _key_with_passphrase(folder: Path, keys: Keys) -> Path:
    """alice's key in a file of the system's ssh, locked by a passphrase."""
    assert KEYGEN is not None
    key = folder / "id_alice"
    keys.by_name["alice"].write_private_key(key)
    key.chmod(0o600)
    keygen = await asyncio.create_subprocess_exec(
        KEYGEN, "-q", "-p", "-P", "", "-N", "open sesame", "-f", str(key),
        stdout=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert await keygen.wait() == 0
    return key


def _typing(folder: Path, seconds: float) -> Path:
    """A program ssh asks for the passphrase, answering after ``seconds``."""
    askpass = folder / "askpass"
    askpass.write_text(f"#!/bin/sh\nsleep {seconds}\necho 'open sesame'\n")
    askpass.chmod(0o700)
    return askpass


async def _ssh_asking_passphrase(port: int, key: Path, askpass: Path) -> asyncio.subprocess.Process:
    env = {**os.environ, "SSH_ASKPASS": str(askpass), "SSH_ASKPASS_REQUIRE": "force"}
    return await _ssh(port, key, env)


async def _ssh(
    port: int, key: Path, env: dict[str, str] | None = None
) -> asyncio.subprocess.Process:
    """The system's ssh, logging in with ``key`` and asking for no terminal."""
    assert SSH is not None
    return await asyncio.create_subprocess_exec(
        SSH,
        "-F", "/dev/null",
        "-T",
        "-p", str(port),
        "-i", str(key),
        "-o", "BatchMode=no",
        "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null",
        "-o", "IdentitiesOnly=yes",
        "-o", "IdentityAgent=none",
        "-o", "LogLevel=ERROR",
        "127.0.0.1",
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
        start_new_session=True,  # no terminal to ask a passphrase on
    )  # fmt: skip
