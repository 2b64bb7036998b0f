"""--proxy-protocol: behind a TCP proxy, the limits count each client's own address."""

from __future__ import annotations

import asyncio
import socket
import struct
from pathlib import Path

import asyncssh
import pytest
from ssh_support import (
    WAIT,
    Keys,
    config_for,
    connect,
    open_terminal,
    start_screen_command,
    start_server,
)

from cli import serve
from server import proxy
from server.ssh import GameServer


def _v2(command: int, family: int, body: bytes) -> bytes:
    return (
        proxy.V2_SIGNATURE + bytes([0x20 | command, family]) + struct.pack("!H", len(body)) + body
    )


async def _parse(header: bytes, after: bytes = b"SSH-2.0-x\r\n") -> tuple[proxy.Peer | None, bytes]:
    """What read_header makes of ``header``, and what it left of the stream."""
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    try:
        theirs.sendall(header + after)
        theirs.shutdown(socket.SHUT_WR)
        client = await asyncio.wait_for(proxy.read_header(ours), WAIT)
        rest = b""
        loop = asyncio.get_running_loop()
        while chunk := await loop.sock_recv(ours, 4096):
            rest += chunk
        return client, rest
    finally:
        ours.close()
        theirs.close()


async def test_version_1_headers() -> None:
    assert await _parse(b"PROXY TCP4 198.51.100.7 127.0.0.1 50000 2222\r\n") == (
        ("198.51.100.7", 50000),
        b"SSH-2.0-x\r\n",
    )
    assert await _parse(b"PROXY TCP6 2001:db8::7 ::1 443 2222\r\n") == (
        ("2001:db8::7", 443),
        b"SSH-2.0-x\r\n",
    )
    # The proxy's own health check names no client.
    assert await _parse(b"PROXY UNKNOWN\r\n") == (None, b"SSH-2.0-x\r\n")


async def test_version_2_headers() -> None:
    four = bytes([198, 51, 100, 7, 127, 0, 0, 1]) + struct.pack("!HH", 50000, 2222)
    assert await _parse(_v2(1, 0x11, four)) == (("198.51.100.7", 50000), b"SSH-2.0-x\r\n")
    six = socket.inet_pton(socket.AF_INET6, "2001:db8::7") + bytes(16) + struct.pack("!HH", 9, 22)
    # TLVs after the addresses are skipped with them.
    assert await _parse(_v2(1, 0x21, six + b"\x04\x00\x01x")) == (
        ("2001:db8::7", 9),
        b"SSH-2.0-x\r\n",
    )
    assert await _parse(_v2(0, 0x00, b"")) == (None, b"SSH-2.0-x\r\n")


@pytest.mark.parametrize(
    "header",
    [
        b"SSH-2.0-OpenSSH_9.6\r\n",  # a client that came past the proxy
        b"PROXY TCP4 198.51.100.7 127.0.0.1 50000\r\n",
        b"PROXY TCP4 2001:db8::7 127.0.0.1 1 2\r\n",
        b"PROXY TCP4 198.51.100.7 127.0.0.1 99999 2222\r\n",
        b"PROXY TCP4 198.51.100.7 127.0.0.1 +1 2222\r\n",
        b"PROXY UDP4 198.51.100.7 127.0.0.1 1 2\r\n",
        b"PROXY " + b"9" * 200 + b"\r\n",
        b"PROXY TCP4 \xff\r\n",
        proxy.V2_SIGNATURE + bytes([0x10, 0x11]) + struct.pack("!H", 12) + bytes(12),
        _v2(1, 0x11, bytes(4)),  # too short for its addresses
        _v2(1, 0x31, bytes(216)),  # a Unix socket
        proxy.V2_SIGNATURE + bytes([0x21, 0x11]) + struct.pack("!H", 60000),
        b"PROXY TCP4 198.51",  # the connection ends inside it
    ],
)
async def test_bad_headers_are_refused(header: bytes) -> None:
    with pytest.raises(proxy.ProxyHeaderError):
        await _parse(header, after=b"")


async def _through_proxy(server: GameServer, client: str) -> socket.socket:
    """A connection as the proxy makes it: the header, then the client's bytes."""
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(f"PROXY TCP4 {client} 127.0.0.1 40000 {server.port}\r\n".encode())
    return sock


async def test_behind_a_proxy_each_client_has_its_own_limits(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path,
        allow_file=tmp_path / "allowed",
        command=start_screen_command,
        proxy_protocol=True,
        max_pending=4,
    )
    server = await start_server(config)
    held = []
    try:
        # A stranger behind the proxy holds connections open: only their own
        # connections make room for more of theirs.
        for _ in range(6):
            sock = await _through_proxy(server, "203.0.113.9")
            held.append(sock)
            await asyncio.get_running_loop().run_in_executor(None, sock.recv, 64)
        assert server.pending_from("203.0.113.9") == server.waiting.ceiling == 4
        alice = await open_terminal(
            server.port, keys.by_name["alice"], sock=await _through_proxy(server, "198.51.100.7")
        )
        await alice.wait_for("New game")
        (gate,) = [g for g in server.connections if g.player_id is not None]
        assert gate.address == "198.51.100.7"
        await alice.close()
        # Without a header, a connection did not come through the proxy.
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(server.port, keys.by_name["alice"])
    finally:
        for sock in held:
            sock.close()
        await server.stop()


def test_proxy_protocol_is_an_option() -> None:
    assert serve.build_config(serve.parser().parse_args(["--proxy-protocol"])).proxy_protocol
    assert not serve.build_config(serve.parser().parse_args([])).proxy_protocol
