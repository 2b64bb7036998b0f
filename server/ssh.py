"""The asyncssh server: who gets in, what they may ask for, and shutdown.

Everything but a terminal session is refused here or by asyncssh's options:
no passwords, no port, agent or X11 forwarding, no SFTP or SCP. A connection
belongs to one key; its session runs the app for that key's player only.

A connection that has not logged in waits in the waiting rooms
(:mod:`server.admission`), which always let the newcomer in and, when full,
drop a stranger who is no further on and has stood still longer. It has ``hello_timeout`` seconds
to send its SSH version line and ``login_timeout`` to log in; a logged-in
connection must then open its session as quickly.
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import itertools
import logging
import os
import resource
import socket
from collections.abc import Coroutine
from typing import Any

import asyncssh

from match.store import StoreError
from server import hostkey, identity, passwords, proxy
from server.admission import ROOMS, Admission, Leaving, origin
from server.config import ServerConfig
from server.events import GameWatcher
from server.session import GameSession
from server.throttle import AuthThrottle

log = logging.getLogger("imhotep.server")

# Logged-in connections beyond the session cap, so that a player who comes
# while the server is full is told so by a session of their own.
AFTER_LOGIN_SLACK = 16
# Keys one connection may offer before it is cut off (ssh-agent may hold a few).
MAX_KEYS_PER_CONNECTION = 8
# File descriptors kept apart from the waiting room: the listening socket,
# the store, logs, and per player a socket, a pty and the app's error pipe.
FDS_RESERVED = 64
FDS_PER_PLAYER = 6
# Connections per listed key that have offered it and not yet signed (the
# player typing the key's passphrase, say), kept out of the waiting rooms.
UNSIGNED_PER_KEY = 3
# Connections waiting for their PROXY header (sent at once by a real proxy).
MAX_AWAITING_HEADER = 256
LISTEN_BACKLOG = 1024


def login_ceiling(config: ServerConfig) -> int:
    """How many connections may wait to log in at once: ``max_pending``, or as
    many as the descriptors this process may open leave room for (its limit
    raised first, up to the hard limit), so that waiting connections never
    stop ``accept`` itself."""
    others = FDS_RESERVED + FDS_PER_PLAYER * (config.max_sessions + AFTER_LOGIN_SLACK)
    if config.proxy_protocol:
        others += MAX_AWAITING_HEADER
    wanted = config.max_pending
    needed = wanted + others
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError) as exc:
            log.warning("cannot raise the open file limit to %d: %s", raised, exc)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return wanted
    room = max(1, soft - others)
    log.warning(
        "room for only %d connections logging in (%d wanted): the open file limit is %d; "
        "raise it (ulimit -n) to %d",
        room,
        wanted,
        soft,
        needed,
    )
    return room


class Gatekeeper(asyncssh.SSHServer):
    """One SSH connection: its address, the key that logged in, its session."""

    def __init__(self, server: GameServer, number: int, peer: proxy.Peer | None = None) -> None:
        self._server = server
        self._peer = peer  # the client's address from a PROXY header, if any
        self.number = number
        self.label = f"#{number}"
        self.address = "?"
        self.origin = "?"  # what the password back-off counts (see admission.origin)
        self.pending = False  # in a waiting room
        self.vouched_for: str | None = None  # offered this player's listed key, unsigned
        self.username = ""
        self.player_id: str | None = None
        self.player_name: str | None = None
        self.conn: asyncssh.SSHServerConnection | None = None
        self.session: GameSession | None = None
        self._locked = False
        self._refused = 0
        self._accepted: tuple[str, str | None] | None = None
        self._session_timer: asyncio.TimerHandle | None = None
        self._hello_timer: asyncio.TimerHandle | None = None
        # The waiting room reached (admission.ROOMS): 1 version line, 2 key exchange.
        self._step = 0

    # --- connection -------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = self._peer or conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.origin = origin(self.address)
        self._server.connections.add(self)
        log.info("%s connect from %s port %s", self.label, self.address, peer[1])
        self.has_spoken()
        self._server.admit(self)
        self._watch_steps(conn)
        self._hello_timer = asyncio.get_running_loop().call_later(
            self._server.config.hello_timeout, self._no_hello
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self._server.connections.discard(self)
        self._server.free_login_slot(self)
        for timer in (self._session_timer, self._hello_timer):
            if timer is not None:
                timer.cancel()
        reason = f": {exc}" if exc is not None else ""
        log.info("%s disconnect%s", self.label, str(reason)[:120])

    def drop(self, why: str) -> None:
        """Close at once, unheard: a stranger who made room for a newcomer."""
        log.info("%s dropped: %s", self.label, why)
        if self.conn is not None:
            self.conn.abort()

    def _watch_steps(self, conn: asyncssh.SSHServerConnection) -> None:
        # asyncssh tells its server object of no step before the first auth
        # request; the connection's extra info shows the version line and the
        # finished key exchange, so it is looked at after each read while the
        # connection waits. Only these steps count, never bytes alone.
        heard = conn.data_received

        def observed(data: bytes, datatype: asyncssh.DataType = None) -> None:
            heard(data, datatype)
            if not self.pending:
                return
            step = (
                0
                if conn.get_extra_info("client_version") is None
                else 1
                if conn.get_extra_info("recv_cipher") is None
                else 2
            )
            if step > self._step:
                self._stepped(step)

        conn.data_received = observed  # type: ignore[method-assign]

    @property
    def step(self) -> int:
        return self._step

    def has_spoken(self) -> bool:
        """Whether this connection has sent its version line, read or not."""
        if self._step == 0 and self.conn is not None and _version_line_waiting(self.conn):
            self._step = 1
        return self._step > 0

    def _stepped(self, step: int | None = None) -> None:
        """A step of the handshake: on to the room for ``step``, or (None) a
        login attempt, which shows it is not standing still where it is."""
        if step is not None:
            self._step = step
        self._server.stepped(self, self._step)

    def _no_hello(self) -> None:
        self._hello_timer = None
        if self.conn is not None and self._step == 0 and self.player_id is None:
            seconds = self._server.config.hello_timeout
            self.drop(f"no SSH version line in {seconds:g}s")

    # --- authentication ----------------------------------------------------------

    async def begin_auth(self, username: str) -> bool:
        # No back-off here: a key that fits must get in at once, from any
        # address; only wrong passwords are answered slowly (validate_password).
        self.username = username
        if self._step < 2:
            self._stepped(2)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return self._server.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        book = self._server.passwords
        if book is None:
            return False
        self._stepped()
        throttle = self._server.throttle
        if self._locked or throttle.locked(self.origin):
            if not self._locked:
                log.info("%s locked out: %s failed too often", self.label, self.origin)
            self._locked = True
            # Cheap to refuse, but still a try: the cut-off below applies.
            self._refused += 1
            if self._refused >= MAX_KEYS_PER_CONNECTION and self.conn is not None:
                self.conn.disconnect(
                    asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many attempts"
                )
            return False
        # scrypt takes real time: off the loop, so other players' keys flow on.
        name = await asyncio.get_running_loop().run_in_executor(
            None, book.check, username, password
        )
        if name is None:
            self._refused += 1
            # Counted before the answer: a client that does not wait for it
            # has still spent one of its guesses.
            throttle.record_failure(self.origin)
            shown = username[:32].encode("ascii", "backslashreplace").decode()
            log.info("%s password refused for %s", self.label, shown)
            if self._refused >= MAX_KEYS_PER_CONNECTION and self.conn is not None:
                self.conn.disconnect(
                    asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many attempts"
                )
                return False
            delay = throttle.delay(self.origin)
            if delay > 0:
                log.info("%s auth back-off for %s: %.1fs", self.label, self.origin, delay)
                await asyncio.sleep(delay)
            return False
        self._accepted = (passwords.player_id(name), name)
        return True

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # A refused key is no failed login and waits for nothing: ssh offers
        # each key it holds in turn, and a key cannot be guessed. The cap on
        # keys per connection and the waiting rooms bound what a stranger costs.
        server = self._server
        self._stepped()
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
        self._accepted = (pid, name)
        server.vouch(self, pid)
        return True

    async def auth_completed(self) -> None:
        # asyncssh checks the signature right after validating the key it
        # signs, so the last accepted key is the one that logged in.
        assert self._accepted is not None
        self.player_id, self.player_name = self._accepted
        server = self._server
        server.free_login_slot(self)
        if self.conn is not None:
            # Logged in: its reads go straight to asyncssh again.
            with contextlib.suppress(AttributeError):
                del self.conn.data_received
        log.info("%s login %s as %s", self.label, self.player_id, self.player_name or "(new)")
        # Counted by their login: a refused connection not yet closed is none.
        logged_in = sum(gate.player_id is not None for gate in server.connections)
        if logged_in > server.config.max_sessions + AFTER_LOGIN_SLACK and self.conn is not None:
            log.info("%s dropped: %d connections logged in", self.label, logged_in)
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "the server is full")
            return
        # Logged in, a connection must still ask for its session soon.
        self._session_timer = asyncio.get_running_loop().call_later(
            server.config.login_timeout, self._no_session
        )
        if self.player_name is not None:
            # Known in the store by name, so that a table can be kept for them.
            await self._server.remember_name(self.player_id, self.player_name)

    def _no_session(self) -> None:
        self._session_timer = None
        if self.session is None and self.conn is not None:
            log.info("%s closed: no session asked for", self.label)
            self.conn.close()

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


def _version_line_waiting(conn: asyncssh.SSHServerConnection) -> bool:
    """Whether the client's SSH version line has arrived, not yet read.

    A client sends it as soon as it connects, so under load it is often in
    the socket before the server gets to the connection; looked at (never
    taken: asyncssh reads it), it lets a real client skip the room of
    silent sockets, the one a flood churns fastest.
    """
    transport_socket = conn.get_extra_info("socket")
    if transport_socket is None:
        return False
    try:
        with socket.socket(fileno=os.dup(transport_socket.fileno())) as sock:
            head = sock.recv(256, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except OSError:
        return False
    return head.startswith(b"SSH-") and b"\n" in head


async def _all_closed(conns: list[asyncssh.SSHServerConnection], timeout: float) -> None:
    """Until each of ``conns`` has closed, or ``timeout`` seconds have passed."""
    if not conns:
        return
    waits = [asyncio.ensure_future(conn.wait_closed()) for conn in conns]
    _, pending = await asyncio.wait(waits, timeout=timeout)
    for wait in pending:
        wait.cancel()


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
        # Connections not logged in yet (sized again at start, to the descriptors there are).
        self.waiting: Admission[Gatekeeper] = Admission(
            config.max_pending, has_spoken=Gatekeeper.has_spoken
        )
        self.sessions: set[GameSession] = set()
        self.fingerprint = ""
        self.key_created = False
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._proxied: proxy.ProxiedListener | None = None
        self._ssh_options: dict[str, Any] = {}
        self._numbers = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._naming = asyncio.Lock()
        # Connections that offered a listed key and have yet to sign, by player.
        self._vouched: dict[str, list[Gatekeeper]] = {}

    @property
    def port(self) -> int:
        if self._proxied is not None:
            return self._proxied.port
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
        self.waiting = Admission(login_ceiling(config), has_spoken=Gatekeeper.has_spoken)
        # The store is opened (and made, on a first start) before anyone comes in.
        await self.watcher.start()
        self._ssh_options = dict(
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
        if config.proxy_protocol:
            self._proxied = proxy.ProxiedListener(
                config.host,
                config.port,
                self._run_proxied,
                max_waiting=min(MAX_AWAITING_HEADER, self.waiting.ceiling),
                timeout=config.hello_timeout,
            )
        else:
            self._acceptor = await asyncssh.create_server(
                self._new_connection,
                config.host,
                config.port,
                # A burst of connections must wait in the kernel's queue, not
                # be dropped there: a dropped SYN is tried again only a second later.
                backlog=LISTEN_BACKLOG,
                **self._ssh_options,
            )
        log.info(
            "listening on %s port %d%s, store %s, %s",
            config.host,
            self.port,
            " (PROXY headers)" if config.proxy_protocol else "",
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
        if self._proxied is not None:
            await self._proxied.close()
        await asyncio.gather(
            *(s.shutdown("stopping") for s in list(self.sessions)),
            return_exceptions=True,
        )
        await self._close_connections()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=self.config.stop_grace * 4)
        await self.watcher.stop()
        log.info("stopped")

    async def _close_connections(self) -> None:
        """Close every connection, those whose session has ended last of all.

        A session that has said goodbye has sent its end; the client closes
        the connection itself once it has read it. Closing it first sends a
        disconnect that can overtake the session's last bytes in the client,
        which then leaves with status 255 without writing out the goodbye or
        the terminal's restore. So those are given ``stop_grace`` to go.
        """
        ended: list[asyncssh.SSHServerConnection] = []
        for gate in list(self.connections):
            if gate.conn is None:
                continue
            if gate.session is not None and gate.session.ended:
                ended.append(gate.conn)
            else:
                gate.conn.close()
        await _all_closed(ended, self.config.stop_grace)
        for conn in ended:
            conn.close()
        closing = [gate.conn for gate in list(self.connections) if gate.conn is not None]
        await _all_closed(closing, self.config.stop_grace)

    def admit(self, gate: Gatekeeper) -> None:
        """Seat a new connection in its waiting room, making room if it is full."""
        gate.pending = True
        self._made_room(gate, self.waiting.enter(gate, gate.address, gate.step))

    def stepped(self, gate: Gatekeeper, room: int) -> None:
        if gate.pending:
            self.waiting.step(gate, room)

    def _made_room(self, gate: Gatekeeper, made_room: Leaving[Gatekeeper] | None) -> None:
        if made_room is None:
            return
        leaving = made_room.entry
        leaving.pending = False
        leaving.drop(
            f"made room for {gate.label} ({len(self.waiting)} waiting); of those "
            f"{ROOMS[made_room.room]} from {leaving.origin}, the most, it had stood "
            f"still longest ({made_room.still:.1f}s)"
        )

    def free_login_slot(self, gate: Gatekeeper) -> None:
        if gate.pending:
            gate.pending = False
            self.waiting.leave(gate)
        if gate.vouched_for is not None:
            held = self._vouched.get(gate.vouched_for, [])
            if gate in held:
                held.remove(gate)
            if not held:
                self._vouched.pop(gate.vouched_for, None)
            gate.vouched_for = None

    def vouch(self, gate: Gatekeeper, player: str) -> None:
        """``gate`` offered a listed key, which now only has to sign: it
        leaves the waiting rooms, where a flood could push it out while its
        player types the key's passphrase. Only someone who knows a listed
        public key gets this far, and at most UNSIGNED_PER_KEY connections
        per key wait so; a newer one replaces the oldest."""
        if not gate.pending:
            return
        self.free_login_slot(gate)
        gate.vouched_for = player
        held = self._vouched.setdefault(player, [])
        held.append(gate)
        if len(held) > UNSIGNED_PER_KEY:
            held[0].drop(f"{len(held)} connections wait to sign for the same key")
            self.free_login_slot(held[0])

    def pending_from(self, address: str) -> int:
        """Connections from ``address`` (its origin) still waiting to log in."""
        return self.waiting.held_by(address)

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
        taken = words.gettext("that name is taken; choose another")
        # One choice at a time: two newcomers must not both pass the check
        # with look-alike names before either is kept.
        async with self._naming:
            others = [allowed.name for allowed in self.allow.entries()]
            if self.passwords is not None:
                others += list(self.passwords.entries())
            try:
                known = await self.watcher.call(lambda store: store.player_names())
            except StoreError as exc:
                log.warning("cannot read the players' names: %s", exc)
                return words.gettext("names cannot be checked now; try again later")
            others += [other for owner, other in known.items() if owner != player]
            # "alice" spelt with a Cyrillic a would pass for alice on every screen.
            if any(identity.names_look_alike(name, other) for other in others):
                return taken
            try:
                await self.watcher.call(lambda store: store.name_player(player, name))
            except StoreError as exc:
                if "taken" in exc.reason:
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

    async def _run_proxied(self, sock: socket.socket, client: proxy.Peer) -> None:
        """SSH over a connection a proxy passed on, as coming from ``client``."""
        gate = Gatekeeper(self, next(self._numbers), client)
        # run_server returns once the client has logged in; the connection
        # goes on in asyncssh's hands. How a failed one went, the gate logs.
        with contextlib.suppress(asyncssh.Error, OSError, TimeoutError):
            await asyncssh.run_server(sock, server_factory=lambda: gate, **self._ssh_options)
