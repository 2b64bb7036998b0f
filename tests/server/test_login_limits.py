"""Limits an unauthenticated peer cannot turn against players who have a key.

Every peer here is on the loopback: the "attacker" connects from 127.0.0.2
(Linux routes all of 127/8 to the loopback), the players from 127.0.0.1, so
the server sees two addresses as it would two machines.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from ssh_support import (
    WAIT,
    Keys,
    config_for,
    connect,
    open_terminal,
    start_screen_command,
    start_server,
)

from cli import serve
from server import passwords
from server.ssh import AFTER_LOGIN_SLACK, MAX_KEYS_PER_CONNECTION
from server.throttle import ThrottleRules

ATTACKER = "127.0.0.2"


async def _raw(
    port: int, source: str = ATTACKER
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection whose first line, the server's version, has arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    await asyncio.wait_for(reader.readline(), WAIT)
    return reader, writer


async def _dropped(reader: asyncio.StreamReader) -> bool:
    """Whether the server has hung up on this connection (read to its end)."""
    try:
        await asyncio.wait_for(reader.read(), WAIT)
    except TimeoutError:
        return False
    return True


async def test_connections_that_never_log_in_leave_room_for_a_key(
    tmp_path: Path, keys: Keys
) -> None:
    # A small server: before, 2 sessions + 16 pending made 18 connections in all.
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        max_sessions=2,
        max_pending=6,
    )
    server = await start_server(config)
    held: list[asyncio.StreamWriter] = []
    try:
        # Idle TCP connections, and handshakes that stop after the version line,
        # from the attacker and from alice's own address.
        for n in range(40):
            _, writer = await _raw(server.port, ATTACKER if n < 30 else "127.0.0.1")
            if n % 2:
                writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
                await writer.drain()
            held.append(writer)
        # A listed key still logs in and gets its screen, from either address.
        for source in ("127.0.0.1", "127.0.0.3"):
            alice = await open_terminal(server.port, keys.by_name["alice"], local_addr=(source, 0))
            await alice.wait_for("New game")
            await alice.close()
        # Never more wait than the ceiling.
        assert len(server.waiting) <= server.waiting.ceiling == 6
        # An authenticated key is no longer counted as logging in.
        assert server.pending_from("127.0.0.3") == 0
    finally:
        for writer in held:
            writer.close()
        await server.stop()


async def test_a_full_house_drops_the_stillest_of_the_address_holding_most(
    tmp_path: Path, keys: Keys
) -> None:
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        max_pending=8,
        hello_timeout=600.0,
    )
    server = await start_server(config)
    held = []
    try:
        readers = []
        ceiling = server.waiting.ceiling
        for _ in range(ceiling):
            reader, writer = await _raw(server.port)
            held.append(writer)
            readers.append(reader)
        assert server.pending_from(ATTACKER) == ceiling
        # Full: each newcomer from elsewhere comes in, and the attacker's
        # connections go, the first first.
        for n in range(3):
            reader, writer = await _raw(server.port, "127.0.0.3")
            held.append(writer)
            assert await _dropped(readers[n])
        assert server.pending_from("127.0.0.3") == 3
        assert server.pending_from(ATTACKER) == ceiling - 3
        # A newcomer from the attacker's address pushes out its own oldest.
        reader, writer = await _raw(server.port)
        held.append(writer)
        assert await _dropped(readers[3])
        assert server.pending_from("127.0.0.3") == 3
    finally:
        for writer in held:
            writer.close()
        await server.stop()


async def test_a_connection_without_a_version_line_goes_first(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        hello_timeout=1.0,
        login_timeout=600.0,
    )
    server = await start_server(config)
    try:
        silent, silent_writer = await _raw(server.port)
        _, talking_writer = await _raw(server.port)
        talking_writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
        await talking_writer.drain()
        assert await _dropped(silent)
        # The one that said which SSH it speaks has its full login time.
        await asyncio.sleep(1.5)
        assert server.pending_from(ATTACKER) == 1
        talking_writer.close()
        silent_writer.close()
    finally:
        await server.stop()


async def test_a_silent_connection_is_closed_after_the_login_time(
    tmp_path: Path, keys: Keys
) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, login_timeout=1.0
    )
    server = await start_server(config)
    try:
        reader, writer = await _raw(server.port)
        assert await _dropped(reader)
        writer.close()
        await asyncio.sleep(0)  # let the server see the end
        assert server.pending_from(ATTACKER) == 0
        # A key that logs in but never opens a session is let go as well.
        conn = await connect(server.port, keys.by_name["alice"])
        await asyncio.wait_for(conn.wait_closed(), WAIT)
    finally:
        await server.stop()


async def test_connects_without_a_failed_login_shut_no_one_out(tmp_path: Path, keys: Keys) -> None:
    rules = ThrottleRules(free=1, base_delay=0.05, max_delay=0.2, lockout=4)
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, throttle=rules
    )
    server = await start_server(config)
    try:
        # Port scanners and clients that give up: many times the lock-out count.
        for n in range(12):
            reader, writer = await _raw(server.port, "127.0.0.1")
            if n % 2:
                writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
            writer.write_eof()
            await _dropped(reader)
            writer.close()
        # A client that only asks which methods there are ("none") fails no login.
        for _ in range(6):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, None)
        assert server.throttle.failures("127.0.0.1") == 0
        alice = await open_terminal(server.port, keys.by_name["alice"])
        await alice.wait_for("New game")
        await alice.close()
    finally:
        await server.stop()


async def test_wrong_passwords_shut_out_passwords_but_never_a_key(
    tmp_path: Path, keys: Keys, caplog: pytest.LogCaptureFixture
) -> None:
    book = tmp_path / "passwords"
    passwords.add(book, "dora", "correct horse battery", taken=set())
    rules = ThrottleRules(free=1, base_delay=0.05, max_delay=0.2, lockout=4)
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        throttle=rules,
        password_file=book,
    )
    server = await start_server(config)
    caplog.set_level("INFO", logger="imhotep.server")
    try:
        for _ in range(4):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, None, username="dora", password="a wrong guess")
        assert server.throttle.locked("127.0.0.1")
        assert "auth back-off for 127.0.0.1" in caplog.text
        # While the address is shut out, even the right password is refused...
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, None, username="dora", password="correct horse battery")
        assert "locked out" in caplog.text
        # ... and a key, which cannot be guessed, still gets in and plays.
        alice = await open_terminal(server.port, keys.by_name["alice"])
        await alice.wait_for("New game")
        await alice.close()
        # Another address was never touched: dora gets in from there.
        conn = await connect(
            server.port,
            None,
            username="dora",
            password="correct horse battery",
            local_addr=(ATTACKER, 0),
        )
        conn.close()
    finally:
        await server.stop()


async def test_unknown_keys_are_not_failed_logins(tmp_path: Path, keys: Keys) -> None:
    # ssh offers every key it has, one after another, before the one that fits.
    rules = ThrottleRules(free=1, base_delay=0.05, max_delay=0.2, lockout=4)
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, throttle=rules
    )
    server = await start_server(config)
    try:
        strangers = [keys.make(f"stranger{n}") for n in range(5)]
        for _ in range(4):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server.port, None, client_keys=strangers)
        conn = await connect(server.port, None, client_keys=[*strangers, keys.by_name["alice"]])
        conn.close()
        assert not server.throttle.locked("127.0.0.1")
    finally:
        await server.stop()


def test_the_login_limits_are_options() -> None:
    args = serve.parser().parse_args(["--max-logins", "10", "--login-seconds", "12.5"])
    config = serve.build_config(args)
    assert config.max_pending == 10
    assert config.login_timeout == 12.5
    defaults = serve.build_config(serve.parser().parse_args([]))
    assert defaults.max_pending == 4096
    assert defaults.login_timeout == 30.0
    with pytest.raises(SystemExit):
        serve.parser().parse_args(["--login-seconds", "0"])


async def test_logged_in_connections_are_capped_too(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, max_sessions=1
    )
    server = await start_server(config)
    conns = []
    try:
        # The session cap and the room to tell one more player the server is full.
        for _ in range(1 + AFTER_LOGIN_SLACK):
            conns.append(await connect(server.port, keys.by_name["alice"]))
        ended: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()

        class Watcher(asyncssh.SSHClient):
            def connection_lost(self, exc: Exception | None) -> None:
                ended.set_result(exc)

        conns.append(await connect(server.port, keys.by_name["bob"], client_factory=Watcher))
        reason = await asyncio.wait_for(ended, WAIT)
        assert isinstance(reason, asyncssh.DisconnectError)
        assert "server is full" in str(reason)
    finally:
        for conn in conns:
            conn.close()
        await server.stop()


async def test_a_shut_out_address_cannot_keep_trying_on_one_connection(
    tmp_path: Path, keys: Keys
) -> None:
    book = tmp_path / "passwords"
    passwords.add(book, "dora", "correct horse battery", taken=set())
    rules = ThrottleRules(free=1, base_delay=0.01, max_delay=0.02, lockout=2)
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        throttle=rules,
        password_file=book,
        login_timeout=600.0,  # only the cut-off can end this connection
    )
    server = await start_server(config)
    try:
        tries = 0

        class Guesser(asyncssh.SSHClient):
            def password_auth_requested(self) -> str:
                nonlocal tries
                tries += 1
                return f"guess number {tries}"

        with pytest.raises(asyncssh.DisconnectError, match="too many attempts"):
            await connect(server.port, None, username="dora", client_factory=Guesser)
        assert server.throttle.locked("127.0.0.1")
        assert tries <= 2 * MAX_KEYS_PER_CONNECTION
        with pytest.raises(asyncssh.DisconnectError, match="too many attempts"):
            await connect(server.port, None, username="dora", client_factory=Guesser)
    finally:
        await server.stop()
