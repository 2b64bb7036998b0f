"""Bad clients, crashes, limits and stray keys leave the server and the other player unharmed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

from ssh_support import (
    WAIT,
    Client,
    Keys,
    config_for,
    open_terminal,
    start_screen_command,
    start_server,
    wait_until,
)

from server.ssh import GameServer


def _child_pid(server: GameServer) -> list[int]:
    return [s._child.pid for s in server.sessions if s._child is not None]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie not yet reaped still answers; its state in /proc tells.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


async def _still_playing(client: Client) -> None:
    """The app answers keys: open help and close it again."""
    client.send("?")
    await client.wait_for("Help")
    client.send("\x1b")
    await client.wait_for("New game")


async def test_garbage_on_the_socket_is_dropped(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await alice.wait_for("New game")
        rng = random.Random(13)
        for junk in (
            b"\x00" * 64,
            bytes(rng.randrange(256) for _ in range(4096)),
            b"SSH-2.0-x\r\n" + bytes(range(256)) * 8,
        ):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(junk)
            await writer.drain()
            await asyncio.wait_for(reader.read(), 60)  # the server hangs up
            writer.close()
        await _still_playing(alice)
    finally:
        await alice.close()


async def test_garbage_keystrokes_hurt_no_one_else(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    bob = await open_terminal(server.port, keys.by_name["bob"])
    try:
        await alice.wait_for("New game")
        await bob.wait_for("New game")
        rng = random.Random(7)
        bob.send(bytes(rng.randrange(256) for _ in range(20_000)))
        await _still_playing(alice)
    finally:
        await alice.close()
        await bob.close()


async def test_a_huge_window_is_clamped(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    bob = await open_terminal(server.port, keys.by_name["bob"], cols=10_000, rows=10_000)
    try:
        await alice.wait_for("New game")
        bob.chan.change_terminal_size(10_000, 10_000)
        (bob_session,) = [s for s in server.sessions if s._gate.player_name == "bob"]
        assert bob_session._size == (400, 200)
        await _still_playing(alice)
        # Back to a normal size, bob's app draws again.
        bob.resize(80, 24)
        await bob.wait_for("New game")
    finally:
        await alice.close()
        await bob.close()


def _column_of(client: Client, text: str) -> int:
    for line in client.term.screen.display:
        if text in line:
            return line.index(text)
    return -1


async def test_a_resize_reaches_the_app(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await alice.wait_for("New game")
        narrow = _column_of(alice, "I M H O T E P")
        alice.resize(120, 40)
        # The start screen centres its menu: wider, it moves right by half the change.
        await wait_until(
            lambda: _column_of(alice, "I M H O T E P") >= narrow + 15, "a redraw at 120 columns"
        )
    finally:
        await alice.close()


async def test_dropping_mid_handshake_or_mid_game(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    try:
        await alice.wait_for("New game")
        # Mid-handshake: the version line and then nothing.
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
        await writer.drain()
        await asyncio.wait_for(reader.readline(), 60)
        writer.close()
        # Mid-game: bob's connection vanishes without a goodbye.
        bob = await open_terminal(server.port, keys.by_name["bob"])
        await bob.wait_for("New game")
        pids = _child_pid(server)
        assert len(pids) == 2
        bob.conn.abort()
        await wait_until(lambda: len(server.sessions) == 1, "bob's session to end")
        await wait_until(lambda: sum(_alive(p) for p in pids) == 1, "bob's app to end")
        await _still_playing(alice)
    finally:
        await alice.close()


async def test_a_crashed_app_ends_only_its_own_session(server: GameServer, keys: Keys) -> None:
    alice = await open_terminal(server.port, keys.by_name["alice"])
    bob = await open_terminal(server.port, keys.by_name["bob"])
    try:
        await alice.wait_for("New game")
        await bob.wait_for("New game")
        (bob_session,) = [s for s in server.sessions if s._gate.player_name == "bob"]
        assert bob_session._child is not None
        os.kill(bob_session._child.pid, signal.SIGKILL)
        await asyncio.wait_for(bob.term.closed.wait(), 60)
        assert "stopped unexpectedly" in bob.term.raw_text()
        assert bob.term.exit_status == 1
        await _still_playing(alice)
    finally:
        await alice.close()
        await bob.close()


async def test_idle_sessions_are_closed(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, idle_timeout=2.0
    )
    server = await start_server(config)
    try:
        alice = await open_terminal(server.port, keys.by_name["alice"])
        await asyncio.wait_for(alice.term.closed.wait(), 90)
        assert "without a key" in alice.term.raw_text()
        assert not server.sessions
    finally:
        await server.stop()


async def test_the_session_cap_turns_the_next_player_away(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, max_sessions=1
    )
    server = await start_server(config)
    try:
        alice = await open_terminal(server.port, keys.by_name["alice"])
        await alice.wait_for("New game")
        bob = await open_terminal(server.port, keys.by_name["bob"])
        await asyncio.wait_for(bob.term.closed.wait(), 60)
        assert "server is full" in bob.term.raw_text()
        await _still_playing(alice)
        await alice.close()
    finally:
        await server.stop()


async def test_stopping_ends_every_app(tmp_path: Path, keys: Keys) -> None:
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    alice = await open_terminal(server.port, keys.by_name["alice"])
    await alice.wait_for("New game")
    pids = _child_pid(server)
    await asyncio.wait_for(server.stop(), 60)
    await asyncio.wait_for(alice.term.closed.wait(), 60)
    assert "server is stopping" in alice.term.raw_text()
    assert not any(_alive(p) for p in pids)


async def test_signal_keys_from_the_first_moment_end_nothing(tmp_path: Path, keys: Keys) -> None:
    # The real command: the lobby, as a player gets it.
    server = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    try:
        alice = await open_terminal(server.port, keys.by_name["alice"])
        # ctrl-c and ctrl-\ (and ctrl-z, ctrl-s, ctrl-d) over and over, from login
        # until the lobby has drawn: the app is starting all that while.
        deadline = asyncio.get_running_loop().time() + WAIT
        while "you are alice" not in alice.term.text():
            assert not alice.term.closed.is_set(), alice.term.raw_text()
            assert asyncio.get_running_loop().time() < deadline, alice.term.text()
            alice.send(b"\x03\x1c\x1a\x13\x04")
            await asyncio.sleep(0.01)
        alice.send(b"\x03\x1c")
        assert "stopped unexpectedly" not in alice.term.raw_text()
        # Still the lobby, and it plays: alice opens a table.
        alice.send("h")
        await alice.wait_for("Open the table")
        alice.send("\r")
        await alice.wait_for("the other player picks it in the lobby")
        assert not alice.term.closed.is_set()
        await alice.close()
    finally:
        await server.stop()
