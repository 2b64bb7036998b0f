"""The front door: a terminal per player, and nothing else."""

from __future__ import annotations

import asyncio

import pytest
from ssh_support import Keys, connect, open_terminal, wait_until

from server.ssh import GameServer


async def test_a_terminal_session_gets_the_app(server: GameServer, keys: Keys) -> None:
    client = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await client.wait_for("I M H O T E P")
        await client.wait_for("New game")
    finally:
        await client.close()


async def test_the_host_key_is_the_one_printed(server: GameServer, keys: Keys) -> None:
    key_file = server.config.data_dir / "ssh_host_ed25519_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        seen = conn.get_server_host_key()
        assert seen is not None
        assert seen.get_fingerprint("sha256") == server.fingerprint
    finally:
        conn.close()


async def test_a_session_without_terminal_gets_one_line_and_is_closed(
    server: GameServer, keys: Keys
) -> None:
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        result = await asyncio.wait_for(conn.run(term_type=None, encoding=None), 60)
        assert b"needs a terminal" in result.stdout
        assert result.stdout.count(b"\n") == 1
        assert result.exit_status == 1
    finally:
        conn.close()


async def test_the_log_holds_events_but_no_keystrokes_or_keys(
    server: GameServer, keys: Keys, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="imhotep.server")
    client = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await client.wait_for("New game")
        client.send("?hunter2")
        await client.wait_for("Help")
    finally:
        await client.close()
    await wait_until(lambda: "disconnect" in caplog.text, "the disconnect line")
    assert "connect from 127.0.0.1" in caplog.text
    assert "login key:SHA256:" in caplog.text
    assert "app started for alice" in caplog.text
    assert "hunter2" not in caplog.text
    public = keys.by_name["alice"].export_public_key("openssh").split()[1].decode()
    assert public not in caplog.text
