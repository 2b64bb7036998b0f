"""A test server on 127.0.0.1 and SSH clients that see what a player sees.

Each client asks for a terminal and feeds everything it receives into a
``pyte`` screen, so tests read the app's screen as text, the way a person
reads it, instead of guessing through raw ANSI. Every wait polls for a
condition with a generous deadline: on a loaded machine an app may take
seconds to start, and a test must not fail for that.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

from server.config import Player, ServerConfig
from server.ssh import GameServer

WAIT = 60.0  # seconds: an upper bound, never a measure


@dataclass
class Keys:
    """Client keys for the tests; ``allowed`` are written to the allow file."""

    by_name: dict[str, asyncssh.SSHKey] = field(default_factory=dict)

    def make(self, name: str) -> asyncssh.SSHKey:
        key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@test")
        self.by_name[name] = key
        return key

    def allow_text(self, names: Sequence[str]) -> str:
        lines = [self.by_name[n].export_public_key("openssh").decode().strip() for n in names]
        return "\n".join(lines) + "\n"


async def wait_until(
    condition: Callable[[], bool], what: str, timeout: float = WAIT, step: float = 0.05
) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(step)


class Terminal(asyncssh.SSHClientSession[bytes]):
    """The client's side of a session: a virtual screen of what arrived."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.raw += data
        self.stream.feed(data)

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)

    def raw_text(self) -> str:
        return self.raw.decode("utf-8", "replace")


@dataclass
class Client:
    conn: asyncssh.SSHClientConnection
    chan: asyncssh.SSHClientChannel[bytes]
    term: Terminal

    async def wait_for(self, text: str, timeout: float = WAIT) -> None:
        try:
            await wait_until(lambda: text in self.term.text(), repr(text), timeout)
        except AssertionError:
            raise AssertionError(
                f"timed out waiting for {text!r}; the screen shows:\n{self.term.text()}"
            ) from None

    def send(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        self.term.resize(cols, rows)
        self.chan.change_terminal_size(cols, rows)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def connect(
    port: int, key: asyncssh.SSHKey | None, username: str = "player", **options: object
) -> asyncssh.SSHClientConnection:
    settings: dict[str, object] = {
        "username": username,
        "client_keys": [key] if key is not None else [],
        "known_hosts": None,
        "agent_path": None,
        "password": None,
        "config": None,
    }
    settings.update(options)
    return await asyncssh.connect("127.0.0.1", port, **settings)  # type: ignore[arg-type]


async def open_terminal(
    port: int,
    key: asyncssh.SSHKey,
    *,
    cols: int = 80,
    rows: int = 24,
    term: str | None = "xterm-256color",
    env: dict[str, str] | None = None,
    **options: object,
) -> Client:
    conn = await connect(port, key, **options)
    terminal = Terminal(cols, rows)
    chan, _ = await conn.create_session(
        lambda: terminal,
        term_type=term,
        term_size=(cols, rows) if term else None,
        encoding=None,
        env=env or {},
    )
    return Client(conn, chan, terminal)


def start_screen_command(store: Path, player: Player) -> list[str]:
    """The plain app (its start screen): enough for what the front door does."""
    return [sys.executable, "-P", "-m", "tui"]


def config_for(tmp: Path, **overrides: object) -> ServerConfig:
    values: dict[str, object] = {
        "data_dir": tmp / "server",
        "store": tmp / "games.sqlite3",
        "host": "127.0.0.1",
        "port": 0,
        "stop_grace": 1.0,
    }
    values.update(overrides)
    return ServerConfig(**values)  # type: ignore[arg-type]


async def start_server(config: ServerConfig) -> GameServer:
    server = GameServer(config)
    await server.start()
    return server
