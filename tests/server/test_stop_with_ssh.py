"""Stopping the server while players are in their games, seen through the
system's own ``ssh`` client: each gets the goodbye line and a terminal put
back as it was (alternate screen off, mouse off, cursor shown), and ``ssh``
ends as after any session, with status 0.

The race this guards against: the server closed each connection at once,
so ``ssh`` could read the disconnect before it had written out the channel's
last bytes and left with status 255, the terminal still in the app's
alternate screen with mouse reports on. An app that draws without pause
until it is stopped gives the race every chance, and the stop is repeated.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pyte
import pytest
from bytes_support import PtyProgram
from ssh_support import Keys, config_for, start_screen_command, start_server, wait_until
from system_ssh import SSH, key_file, ssh_terminal

from server.config import Player
from server.session import RESTORE_TERMINAL

pytestmark = pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
GOODBYE = "the server is stopping; your games are kept."
ROUNDS = 4

# An app that takes the alternate screen and the mouse, hides the cursor,
# and then draws frames without pause, each split in the middle of an
# escape sequence, until it is ended.
BUSY_APP = r"""
import sys, time
out = sys.stdout.buffer
out.write(b"\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25lbusy app ready\r\n")
out.flush()
frame = b"\x1b[H" + b"\x1b[38;2;200;100;50mX" * 100
while True:
    out.write(frame[:-7])
    out.flush()
    time.sleep(0.002)
    out.write(frame[-7:])
    out.flush()
"""


def _busy_command(store: Path, player: Player) -> list[str]:
    return [sys.executable, "-P", "-c", BUSY_APP]


async def _drawing(player: PtyProgram) -> None:
    await wait_until(lambda: b"busy app ready" in player.raw, "the app to draw")


def _assert_left_clean(raw: bytes, status: int) -> None:
    text = raw.decode("utf-8", "replace")
    assert status == 0, f"ssh ended with {status}; its last output: {text[-300:]!r}"
    assert "Disconnected" not in text
    tail = text[text.rfind("\x1b[?1049h") :]
    restored = tail.find(RESTORE_TERMINAL)
    assert restored >= 0, f"the terminal was not restored: {text[-300:]!r}"
    # Nothing of the app's comes after the restore: only the goodbye.
    after = tail[restored + len(RESTORE_TERMINAL) :]
    assert after.strip().endswith(GOODBYE), repr(after)
    assert "\x1b[?1049h" not in after and "\x1b[?1000h" not in after


async def test_stopping_leaves_every_busy_terminal_clean(tmp_path: Path, keys: Keys) -> None:
    identities = [key_file(tmp_path, name, keys.by_name[name]) for name in ("alice", "bob")]
    for round_number in range(ROUNDS):
        folder = tmp_path / f"round{round_number}"
        folder.mkdir()
        config = config_for(folder, allow_file=tmp_path / "allowed", command=_busy_command)
        server = await start_server(config)
        players = [await ssh_terminal(server.port, identity) for identity in identities]
        try:
            for player in players:
                await _drawing(player)
            await asyncio.sleep(0.3)
            await asyncio.wait_for(server.stop(), 60)
            for player in players:
                _assert_left_clean(bytes(player.raw), await player.exit_status())
        finally:
            for player in players:
                player.close()


async def test_stopping_leaves_the_real_app_clean(tmp_path: Path, keys: Keys) -> None:
    identity = key_file(tmp_path, "alice", keys.by_name["alice"])
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    player = await ssh_terminal(server.port, identity)
    try:
        await player.wait_for("New game")
        await asyncio.wait_for(server.stop(), 60)
        _assert_left_clean(bytes(player.raw), await player.exit_status())
    finally:
        player.close()


@pytest.mark.parametrize(
    "cut_short", ["\x1b", "\x1b[", "\x1b[38;2;200;", "\x1b[?10", "\x1b]8;;http://example"]
)
def test_the_restore_is_not_swallowed_by_a_sequence_left_open(cut_short: str) -> None:
    # An app ended in the middle of an escape sequence: the restore that
    # follows must still act, not become part of it or text on the screen.
    screen = pyte.Screen(80, 24)
    pyte.Stream(screen).feed("\x1b[?25lframe" + cut_short + RESTORE_TERMINAL + "\r\n" + GOODBYE)
    assert not screen.cursor.hidden
    assert not any("1049" in line for line in screen.display)
    assert GOODBYE in screen.display[1]
