"""A running server per test, with allowed keys for alice and bob."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ssh_support import Keys, config_for, start_screen_command, start_server

from server.ssh import GameServer


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    keys = Keys()
    for name in ("alice", "bob", "carol", "mallory"):
        keys.make(name)
    (tmp_path / "allowed").write_text(keys.allow_text(["alice", "bob", "carol"]))
    return keys


@pytest.fixture
async def server(tmp_path: Path, keys: Keys) -> AsyncIterator[GameServer]:
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    running = await start_server(config)
    try:
        yield running
    finally:
        await running.stop()
