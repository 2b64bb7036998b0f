"""Only the game: unknown keys, commands, SFTP, SCP and forwarding are turned away."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from ssh_support import Keys, connect, open_terminal

from server.ssh import GameServer


async def test_a_key_not_in_the_allow_file_is_refused(server: GameServer, keys: Keys) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, keys.by_name["mallory"])


async def test_passwords_are_not_offered(server: GameServer) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, None, password="secret")


async def test_a_command_gets_one_line_and_runs_nothing(server: GameServer, keys: Keys) -> None:
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        result = await asyncio.wait_for(conn.run("echo hello", encoding=None), 60)
        assert isinstance(result.stdout, bytes)
        lines = result.stdout.decode().splitlines()
        assert len(lines) == 1 and "runs only the game" in lines[0]
        assert "hello" not in lines[0]
        assert result.exit_status == 1
        assert not server.sessions
    finally:
        conn.close()


async def test_a_command_with_a_terminal_gets_one_line_too(server: GameServer, keys: Keys) -> None:
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        result = await asyncio.wait_for(conn.run("sh", term_type="xterm", encoding=None), 60)
        assert isinstance(result.stdout, bytes)
        (line,) = result.stdout.decode().splitlines()
        assert "runs only the game, no commands" in line
        assert result.exit_status == 1
        assert not server.sessions
    finally:
        conn.close()


async def test_sftp_and_scp_are_refused(server: GameServer, keys: Keys, tmp_path) -> None:
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await asyncio.wait_for(conn.start_sftp_client(), 60)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError, OSError)):
            await asyncio.wait_for(asyncssh.scp((conn, "allowed_keys"), tmp_path / "copy"), 60)
        assert not (tmp_path / "copy").exists()
    finally:
        conn.close()


async def test_port_forwarding_is_refused(server: GameServer, keys: Keys) -> None:
    conn = await connect(server.port, keys.by_name["alice"])
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", server.port), 60)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9), 60)
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_unix_connection("/tmp/.X11-unix/X0"), 60)
    finally:
        conn.close()


async def test_a_second_session_on_one_connection_is_refused(
    server: GameServer, keys: Keys
) -> None:
    client = await open_terminal(server.port, keys.by_name["alice"])
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await client.conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
        await client.wait_for("New game")
    finally:
        await client.close()
