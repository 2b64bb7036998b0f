"""The asyncssh server: who gets in, what they may ask for, and shutdown.

Everything but a terminal session is refused here or by asyncssh's options:
no passwords, no port, agent or X11 forwarding, no SFTP or SCP. A connection
belongs to one key; its session runs the app for that key's player only.
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import itertools
import logging
from collections.abc import Coroutine
from typing import Any

import asyncssh

from match.store import StoreError
from server import hostkey, identity, passwords
from server.config import ServerConfig
from server.events import GameWatcher
from server.session import GameSession
from server.throttle import AuthThrottle

log = logging.getLogger("imhotep.server")

# Connections still logging in, beyond the session cap, before new ones are
# dropped at once: a slow handshake must not lock friends out, a flood must.
PENDING_CONNECTIONS = 16
# Keys one connection may offer before it is cut off (ssh-agent may hold a few).
MAX_KEYS_PER_CONNECTION = 8


class Gatekeeper(asyncssh.SSHServer):
    """One SSH connection: its address, the key that logged in, its session."""

    def __init__(self, server: GameServer, number: int) -> None:
        self._server = server
        self.number = number
        self.label = f"#{number}"
        self.address = "?"
        self.username = ""
        self.player_id: str | None = None
        self.player_name: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None
        self.session: GameSession | None = None
        self._locked = False
        self._refused = 0
        self._accepted: tuple[str, str | None] | None = None

    # --- connection -------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self._server.connections.add(self)
        log.info("%s connect from %s port %s", self.label, self.address, peer[1])
        limit = self._server.config.max_sessions + PENDING_CONNECTIONS
        if len(self._server.connections) > limit:
            log.info("%s dropped: %d connections open", self.label, limit)
            asyncio.get_running_loop().call_soon(conn.close)

    def connection_lost(self, exc: Exception | None) -> None:
        self._server.connections.discard(self)
        if self.player_id is None:
            # A connection that never logged in is a failed login, whether it
            # offered wrong keys or just dropped during the handshake.
            self._server.throttle.record_failure(self.address)
        reason = f": {exc}" if exc is not None else ""
        log.info("%s disconnect%s", self.label, str(reason)[:120])

    # --- authentication ----------------------------------------------------------

    async def begin_auth(self, username: str) -> bool:
        self.username = username
        throttle = self._server.throttle
        if throttle.locked(self.address):
            self._locked = True
            log.info("%s locked out: %s failed too often", self.label, self.address)
            return True
        delay = throttle.delay(self.address)
        if delay > 0:
            log.info("%s auth back-off for %s: %.1fs", self.label, self.address, delay)
            await asyncio.sleep(delay)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return self._server.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        book = self._server.passwords
        if self._locked or book is None:
            return False
        # scrypt takes real time: off the loop, so other players' keys flow on.
        name = await asyncio.get_running_loop().run_in_executor(
            None, book.check, username, password
        )
        if name is None:
            self._refused += 1
            shown = username[:32].encode("ascii", "backslashreplace").decode()
            log.info("%s password refused for %s", self.label, shown)
            if self._refused >= MAX_KEYS_PER_CONNECTION and self.conn is not None:
                self.conn.disconnect(
                    asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many attempts"
                )
                return False
            delay = self._server.throttle.delay(self.address)
            if delay > 0:
                await asyncio.sleep(delay)
            return False
        self._accepted = (passwords.player_id(name), name)
        return True

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self._locked:
            return False
        server = self._server
        pid = identity.player_id(key)
        name = server.allow.lookup(key, "", self.address)
        if name is None and server.config.open_door:
            self._accepted = (pid, await server.chosen_name(pid))
            return True
        if name is None:
            self._refused += 1
            log.info("%s key refused: %s", self.label, pid)
            if self._refused >= MAX_KEYS_PER_CONNECTION and self.conn is not None:
                log.info("%s cut off after %d refused keys", self.label, self._refused)
                self.conn.disconnect(
                    asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many keys refused"
                )
                return False
            delay = server.throttle.delay(self.address)
            if delay > 0:
                await asyncio.sleep(delay)
            return False
        self._accepted = (pid, name)
        return True

    async def auth_completed(self) -> None:
        # asyncssh checks the signature right after validating the key it
        # signs, so the last accepted key is the one that logged in.
        assert self._accepted is not None
        self.player_id, self.player_name = self._accepted
        self._server.throttle.record_success(self.address)
        log.info("%s login %s as %s", self.label, self.player_id, self.player_name or "(new)")
        if self.player_name is not None:
            # Known in the store by name, so that a table can be kept for them.
            await self._server.remember_name(self.player_id, self.player_name)

    # --- what a logged-in client may open --------------------------------------

    def session_requested(self) -> GameSession | bool:
        if self.session is not None:
            log.info("%s second session refused", self.label)
            return False
        self.session = GameSession(self._server, self)
        return self.session

    def connection_requested(self, *args: Any) -> bool:
        log.info("%s port forwarding refused", self.label)
        return False

    def server_requested(self, *args: Any) -> bool:
        log.info("%s remote forwarding refused", self.label)
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        log.info("%s socket forwarding refused", self.label)
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        log.info("%s socket forwarding refused", self.label)
        return False

    def tun_requested(self, *args: Any) -> bool:
        log.info("%s tunnel refused", self.label)
        return False

    def tap_requested(self, *args: Any) -> bool:
        log.info("%s tunnel refused", self.label)
        return False


class GameServer:
    """The listening server and everything it holds open."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.throttle = AuthThrottle(config.throttle)
        self.allow = identity.AllowList(config.allow_path)
        self.passwords = (
            passwords.PasswordBook(config.password_file) if config.password_file else None
        )
        self.watcher = GameWatcher(config.store)
        self.connections: set[Gatekeeper] = set()
        self.sessions: set[GameSession] = set()
        self.fingerprint = ""
        self.key_created = False
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._numbers = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    async def start(self) -> None:
        """Listen; raises OSError (port in use), HostKeyError or StoreError (the
        store cannot be used) before accepting anyone."""
        config = self.config
        config.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        key, self.key_created = hostkey.load_or_create(config.data_dir)
        self.fingerprint = hostkey.fingerprint(key)
        self.allow.entries()  # read now, so a bad file shows in the log at start
        # The store is opened (and made, on a first start) before anyone comes in.
        await self.watcher.start()
        self._acceptor = await asyncssh.create_server(
            self._new_connection,
            config.host,
            config.port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            password_auth=self.passwords is not None,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
            login_timeout=config.login_timeout,
            keepalive_interval=60,
            server_version="imhotep-duel",
        )
        log.info(
            "listening on %s port %d, store %s, %s",
            config.host,
            self.port,
            config.store,
            "open to any key" if config.open_door else f"keys from {config.allow_path}",
        )
        if config.password_file is not None:
            log.info("passwords from %s", config.password_file)

    async def stop(self) -> None:
        """Stop listening, end every app (their games stay in the store), close."""
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await self._acceptor.wait_closed()
        await asyncio.gather(
            *(s.shutdown("stopping") for s in list(self.sessions)),
            return_exceptions=True,
        )
        for gate in list(self.connections):
            if gate.conn is not None:
                gate.conn.close()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=self.config.stop_grace * 4)
        await self.watcher.stop()
        log.info("stopped")

    def track(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in the background, kept until done (stop() waits for it)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def chosen_name(self, player: str) -> str | None:
        """The name an open server's visitor chose before, if any."""
        try:
            return await self.watcher.call(lambda store: store.player_name(player))
        except StoreError as exc:
            log.warning("cannot read the name of %s: %s", player, exc)
            return None

    async def name_problem(
        self, name: str, player: str, words: gettext.NullTranslations
    ) -> str | None:
        """Why ``name`` cannot be ``player``'s (in ``words``, the player's
        catalog), or None; a good name is kept for them."""
        problem = identity.name_problem(name, words)
        if problem is not None:
            return problem
        folded = name.casefold()
        taken = words.gettext("that name is taken; choose another")
        if any(allowed.name.casefold() == folded for allowed in self.allow.entries()):
            return taken
        try:
            await self.watcher.call(lambda store: store.name_player(player, name))
        except StoreError as exc:
            if "taken" in exc.message:
                return taken
            # The player still plays under the name; it is asked again next time.
            log.warning("could not keep the name of %s: %s", player, exc)
        return None

    async def remember_name(self, player: str, name: str) -> None:
        try:
            if await self.watcher.call(lambda store: store.player_name(player)) != name:
                await self.watcher.call(lambda store: store.name_player(player, name))
        except StoreError as exc:
            log.warning("%s is not known by name in the store: %s", name, exc)

    def _new_connection(self) -> Gatekeeper:
        return Gatekeeper(self, next(self._numbers))
