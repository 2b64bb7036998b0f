"""What a running server needs to know, gathered in one value."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from server.throttle import ThrottleRules

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222


@dataclass(frozen=True)
class Player:
    """Someone who has logged in: their id (from the key) and their name."""

    id: str
    name: str


def app_command(store: Path, player: Player) -> list[str]:
    """The app a player gets: this Python, this code, the lobby on the shared store."""
    # -P: the app runs in the player's folder, which must never shadow a module.
    return [
        sys.executable,
        "-P",
        "-m",
        "cli",
        "--store",
        str(store),
        "--player",
        player.id,
        "--name",
        player.name,
        "--lobby",
    ]


@dataclass(frozen=True)
class ServerConfig:
    data_dir: Path  # host key, per-player folders
    store: Path  # every game, shared by all players' apps
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT  # 0 picks a free port (tests)
    allow_file: Path | None = None  # None: data_dir / "allowed_keys"
    open_door: bool = False  # --open: any key, with a name chosen on first visit
    password_file: Path | None = None  # --passwords: also let in these names by password
    max_sessions: int = 32  # logged-in players with a session
    idle_timeout: float = 30 * 60.0
    # Connections still logging in wait apart from the players, at most this
    # many; a newcomer always comes in, and when that many wait a stranger
    # makes room (server.admission). Each costs the server a socket and some memory
    # (bench/ssh_flood.py measures it).
    max_pending: int = 4096
    hello_timeout: float = 5.0  # to send the SSH version line
    login_timeout: float = 30.0  # to log in, and then to open the game
    # --proxy-protocol: each connection starts with a PROXY header naming the
    # client's address (a TCP proxy's); connections without one are dropped.
    proxy_protocol: bool = False
    max_tables: int = 3  # open tables a player may host at once
    throttle: ThrottleRules = field(default_factory=ThrottleRules)
    # Grace for an app to end after a hangup before harder signals.
    stop_grace: float = 2.0
    command: Callable[[Path, Player], Sequence[str]] = app_command

    @property
    def allow_path(self) -> Path:
        return self.allow_file if self.allow_file is not None else self.data_dir / "allowed_keys"

    @property
    def players_dir(self) -> Path:
        return self.data_dir / "players"
