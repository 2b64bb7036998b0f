"""A flood of connections that never log in, for the tests and bench/ssh_flood.py.

Two kinds, each spread round-robin over the given source addresses (Linux
routes all of 127.0.0.0/8 to the loopback, so each is an address of its own
to the server):

- idle: a TCP connection that sends nothing at all;
- stalled: a real SSH client that finishes the key exchange, asks to log in,
  and then waits forever before offering a key.

Each one the server drops is opened again at once, from the same address, as
an attacker who wants to keep the server full would. With ``lifetime``, a
stalled one also closes itself after that many seconds and opens again, so
that none of them ever stands still for long.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field

import asyncssh


class _Stalling(asyncssh.SSHClient):
    async def public_key_auth_requested(self) -> asyncssh.SSHKey | None:
        await asyncio.Event().wait()  # never: the login stops here
        return None


@dataclass
class Flood:
    port: int
    sources: Sequence[str]
    idle: int
    stalled: int
    host: str = "127.0.0.1"
    lifetime: float | None = None
    opened: int = 0
    dropped: int = 0
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _stopping: bool = False

    async def start(self) -> None:
        """Open every connection, and keep each open (again and again) until stop()."""
        kinds = [self._hold_idle] * self.idle + [self._hold_stalled] * self.stalled
        for number, hold in enumerate(kinds):
            source = self.sources[number % len(self.sources)]
            self._tasks.append(asyncio.ensure_future(self._keep(hold, source)))
            await asyncio.sleep(0)
        # Wait until each has been opened once.
        while self.opened < len(kinds):
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _keep(self, hold: object, source: str) -> None:
        assert callable(hold)
        while not self._stopping:
            try:
                await hold(source)
            except (OSError, asyncssh.Error):
                # Refused or reset before it was open: do not spin on it.
                await asyncio.sleep(0.05)
            self.dropped += 1

    async def _hold_idle(self, source: str) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=(source, 0))
        self.opened += 1
        try:
            while await reader.read(4096):
                pass  # the server's version line; then nothing until it hangs up
        finally:
            writer.close()

    async def _hold_stalled(self, source: str) -> None:
        task = asyncio.ensure_future(
            asyncssh.connect(
                self.host,
                self.port,
                local_addr=(source, 0),
                username="stranger",
                known_hosts=None,
                agent_path=None,
                config=None,
                client_factory=_Stalling,
                login_timeout=3600,
            )
        )
        self.opened += 1
        try:
            conn = await asyncio.wait_for(asyncio.shield(task), self.lifetime)
        except (asyncio.CancelledError, TimeoutError):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
            if self._stopping or self.lifetime is None:
                raise
            return  # its time is up: it opens again
        conn.close()  # logged in after all (never, unless the key were listed)
