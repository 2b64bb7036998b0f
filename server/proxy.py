"""The PROXY protocol header a TCP proxy sends before the client's bytes.

Behind a TCP proxy every connection comes from the proxy's address, so the
per-address limits would count everyone as one. HAProxy (``send-proxy`` or
``send-proxy-v2``) and nginx (``proxy_protocol on`` in a ``stream`` block)
can put the client's address in front of the connection instead; with
``serve --proxy-protocol`` the server reads it (version 1, text, or 2,
binary) and counts that address. Every connection must then start with a
header, or it is dropped: a client that reached the port directly could
otherwise claim any address it liked.

The header is read exactly, byte for byte where its end is not known
beforehand, so that not one byte of the SSH stream behind it is consumed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import struct
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger("imhotep.server")

V1_PREFIX = b"PROXY "
V1_MAX = 107  # the longest v1 line the protocol allows, CRLF included
V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
V2_MAX_EXTRA = 1024  # addresses and TLVs; a proxy sends far fewer


class ProxyHeaderError(ValueError):
    """The connection does not start with a usable PROXY header."""


async def read_header(sock: socket.socket) -> tuple[str, int] | None:
    """The client's address and port from the header at the start of ``sock``.

    None for a header that names no client (v1 ``UNKNOWN``, v2 ``LOCAL``: the
    proxy's own health checks), whose connection stands for the proxy itself.
    Raises ProxyHeaderError for anything else, OSError if the socket fails.
    """
    start = await _read_exactly(sock, len(V1_PREFIX))
    if start == V1_PREFIX:
        return _parse_v1(await _read_line(sock, start))
    if V2_SIGNATURE.startswith(start):
        head = start + await _read_exactly(sock, 16 - len(start))
        if head[:12] != V2_SIGNATURE:
            raise ProxyHeaderError("not a PROXY header")
        length = struct.unpack("!H", head[14:16])[0]
        if length > V2_MAX_EXTRA:
            raise ProxyHeaderError(f"a PROXY v2 header of {length} bytes")
        return _parse_v2(head[12], head[13], await _read_exactly(sock, length))
    raise ProxyHeaderError("not a PROXY header")


def _parse_v1(line: bytes) -> tuple[str, int] | None:
    try:
        words = line[: -len(b"\r\n")].decode("ascii").split(" ")
    except UnicodeDecodeError:
        raise ProxyHeaderError("a PROXY v1 line that is not ASCII") from None
    if len(words) >= 2 and words[1] == "UNKNOWN":
        return None
    if len(words) != 6 or words[1] not in ("TCP4", "TCP6"):
        raise ProxyHeaderError("a PROXY v1 line that does not name TCP4 or TCP6")
    _, family, source, _destination, port, _ = words
    bad = ProxyHeaderError("a PROXY v1 line with a bad address or port")
    if not (port.isdigit() and len(port) <= 5 and int(port) <= 65535):
        raise bad
    try:
        address = ipaddress.ip_address(source)
    except ValueError:
        raise bad from None
    if address.version != (4 if family == "TCP4" else 6):
        raise bad
    return str(address), int(port)


def _parse_v2(version_command: int, family: int, body: bytes) -> tuple[str, int] | None:
    if version_command >> 4 != 2:
        raise ProxyHeaderError("a PROXY header of another version")
    command = version_command & 0x0F
    if command == 0:  # LOCAL
        return None
    if command != 1:
        raise ProxyHeaderError("a PROXY v2 header with an unknown command")
    if family == 0x11 and len(body) >= 12:  # TCP over IPv4
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.IPv4Address(body[:4])
        port = struct.unpack("!H", body[8:10])[0]
    elif family == 0x21 and len(body) >= 36:  # TCP over IPv6
        ip = ipaddress.IPv6Address(body[:16])
        port = struct.unpack("!H", body[32:34])[0]
    elif family >> 4 == 0:  # UNSPEC: no address to tell
        return None
    else:
        raise ProxyHeaderError("a PROXY v2 header that is not TCP over IPv4 or IPv6")
    return str(ip), port


async def _read_line(sock: socket.socket, start: bytes) -> bytes:
    line = bytearray(start)
    while not line.endswith(b"\r\n"):
        if len(line) >= V1_MAX:
            raise ProxyHeaderError("a PROXY v1 line too long")
        line += await _read_exactly(sock, 1)
    return bytes(line)


async def _read_exactly(sock: socket.socket, count: int) -> bytes:
    loop = asyncio.get_running_loop()
    data = bytearray()
    while len(data) < count:
        chunk = await loop.sock_recv(sock, count - len(data))
        if not chunk:
            raise ProxyHeaderError("the connection ended inside its PROXY header")
        data += chunk
    return bytes(data)


Peer = tuple[str, int]


class ProxiedListener:
    """A listening socket whose connections start with a PROXY header.

    Each accepted connection's header is read (each within ``timeout``
    seconds), then the socket is handed on with the client's address; a
    connection without a usable header is closed. With ``max_waiting``
    connections waiting for theirs, a newcomer closes the one that has waited
    longest: a proxy sends the header at once, so only a stranger waits long.
    """

    def __init__(
        self,
        host: str,
        port: int,
        hand_on: Callable[[socket.socket, Peer], Coroutine[Any, Any, None]],
        *,
        max_waiting: int,
        timeout: float,
    ) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._listener = socket.create_server((host, port), family=family, backlog=1024)
        self._listener.setblocking(False)
        self._hand_on = hand_on
        self._max_waiting = max_waiting
        self._timeout = timeout
        # Tasks still reading their header, the oldest first.
        self._waiting: dict[asyncio.Task[None], None] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._accepting = asyncio.ensure_future(self._accept())

    @property
    def port(self) -> int:
        return int(self._listener.getsockname()[1])

    async def close(self) -> None:
        """Stop accepting; connections not yet handed on, or still logging in, end."""
        self._accepting.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(self._accepting, *self._tasks, return_exceptions=True)
        self._listener.close()

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, peer = await loop.sock_accept(self._listener)
            except OSError as exc:
                # Out of descriptors, or the like: wait instead of spinning.
                log.warning("cannot accept a connection: %s", exc)
                await asyncio.sleep(0.5)
                continue
            sock.setblocking(False)
            if len(self._waiting) >= self._max_waiting:
                oldest = next(iter(self._waiting))
                del self._waiting[oldest]
                oldest.cancel()
            task = asyncio.ensure_future(self._serve(sock, (str(peer[0]), int(peer[1]))))
            self._tasks.add(task)
            self._waiting[task] = None
            task.add_done_callback(self._tasks.discard)

    async def _serve(self, sock: socket.socket, peer: Peer) -> None:
        task = asyncio.current_task()
        try:
            client = await asyncio.wait_for(read_header(sock), self._timeout)
        except (ProxyHeaderError, OSError, TimeoutError) as exc:
            reason = str(exc) or "no PROXY header in time"
            log.info("dropped %s port %d: %s", peer[0], peer[1], reason)
            sock.close()
            return
        except asyncio.CancelledError:
            log.info("dropped %s port %d: closed while waiting for its header", *peer)
            sock.close()
            raise
        finally:
            self._waiting.pop(task, None)  # type: ignore[arg-type]
        try:
            await self._hand_on(sock, client or peer)
        except BaseException:
            with contextlib.suppress(OSError):
                sock.close()
            raise
