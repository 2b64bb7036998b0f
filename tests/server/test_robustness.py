"""Bad clients, crashes, limits and stray keys leave the server and the other player unharmed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
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

from server.config import Player
from server.session import MAX_FAILURES
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
        # Killed, bob's app is started again, until it has failed MAX_FAILURES times.
        for crash in range(1, MAX_FAILURES + 1):
            assert bob_session._child is not None
            killed = bob_session._child.pid
            os.kill(killed, signal.SIGKILL)
            if crash < MAX_FAILURES:
                await wait_until(
                    lambda old=killed: (
                        bob_session._child is not None  # type: ignore[misc]
                        and bob_session._child.pid != old
                    ),
                    "bob's app to start again",
                )
                assert "Back to the lobby" in bob.term.raw_text()
                await bob.wait_for("New game")
        await asyncio.wait_for(bob.term.closed.wait(), 60)
        assert bob.term.raw_text().count("stopped unexpectedly") == MAX_FAILURES
        assert bob.term.exit_status == 1
        await _still_playing(alice)
    finally:
        await alice.close()
        await bob.close()


def _failing_first(marker: Path) -> Callable[[Path, Player], list[str]]:
    """An app that fails with a traceback naming a server path, once, then
    starts as it should."""
    code = (
        "import pathlib, runpy\n"
        f"marker = pathlib.Path({str(marker)!r})\n"
        "if not marker.exists():\n"
        "    marker.write_text('failed once')\n"
        "    raise RuntimeError(f'broken beside {marker}')\n"
        "runpy.run_module('tui', run_name='__main__')\n"
    )
    return lambda store, player: [sys.executable, "-P", "-c", code]


async def test_a_failing_app_says_so_in_the_players_words_and_starts_again(
    tmp_path: Path, keys: Keys, caplog: pytest.LogCaptureFixture
) -> None:
    marker = tmp_path / "server-secret" / "marker"
    marker.parent.mkdir()
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=_failing_first(marker))
    server = await start_server(config)
    caplog.set_level("INFO", logger="imhotep.server")
    try:
        alice = await open_terminal(server.port, keys.by_name["alice"], env={"LANG": "hu_HU.UTF-8"})
        await alice.wait_for("Új játék")  # the start screen, in Hungarian, the second time
        said = alice.term.raw_text()
        assert "a játék váratlanul leállt" in said and "visszatérsz a csarnokba" in said
        # The traceback and the server's paths are for the operator alone.
        assert "Traceback" not in said and "RuntimeError" not in said
        assert str(tmp_path) not in said and "server-secret" not in said
        assert "Traceback (most recent call last)" in caplog.text
        assert f"RuntimeError: broken beside {marker}" in caplog.text
        assert "status 1" in caplog.text
        await alice.close()
    finally:
        await server.stop()


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
