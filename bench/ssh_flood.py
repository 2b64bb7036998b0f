"""A listed key under a flood of connections that never log in.

    python bench/ssh_flood.py [--idle 60] [--stalled 60] [--others 100]
                              [--logins 20] [--max-logins N]

Starts ``imhotep-duel serve`` as its own process on 127.0.0.1 (the real
app: a session ends in the lobby), then floods it twice over: ``--idle``
idle TCP connections and ``--stalled`` SSH clients that stop in the middle
of logging in, all from 127.0.0.1, the key's own address; and as many again
spread over ``--others`` other loopback addresses (127.0.0.2 and on). Every
connection the server drops is opened again at once. Meanwhile the listed
key logs in from 127.0.0.1 and waits for its lobby ``--logins`` times in a
row, each a new connection.

It prints the median and worst time from connecting to the lobby, how many
flood connections the server dropped meanwhile, and the server's resident
memory per waiting connection (idle, and stalled after the key exchange).
``--max-logins`` gives the server a smaller limit than the flood, so that it
must drop someone for each newcomer, choosing whom all the while.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte  # a test dependency: reads the lobby as a player would

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

from flood_support import Flood  # noqa: E402

OWN = "127.0.0.1"
LOBBY = "you are alice"


class Screen(asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


async def start_server(
    folder: Path, max_logins: int | None, log: Path | None
) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "IMHOTEP_DATA_DIR": str(folder / "data"), "PYTHONPATH": str(ROOT)}
    extra = ["--max-logins", str(max_logins)] if max_logins else []
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cli",
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--allow",
        str(folder / "allowed"),
        "--store",
        str(folder / "games.sqlite3"),
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=log.open("wb") if log else asyncio.subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    first = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
    found = re.search(r":(\d+)\s*$", first)
    if found is None:
        raise RuntimeError(f"the server did not start: {first!r}")
    return proc, int(found.group(1))


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def to_lobby(port: int, key: asyncssh.SSHKey, limit: float) -> float:
    """Seconds from connecting to the lobby on screen."""
    started = time.perf_counter()
    conn = await asyncssh.connect(
        OWN,
        port,
        username="alice",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        config=None,
        local_addr=(OWN, 0),
    )
    try:
        screen = Screen()
        await conn.create_session(
            lambda: screen, term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        while LOBBY not in screen.text():
            if time.perf_counter() - started > limit:
                raise RuntimeError(f"no lobby after {limit:.0f} s:\n{screen.text()}")
            await asyncio.sleep(0.02)
        return time.perf_counter() - started
    finally:
        conn.close()
        await conn.wait_closed()


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="alice")
        (folder / "allowed").write_text(key.export_public_key().decode().strip() + " alice\n")
        proc, port = await start_server(folder, args.max_logins, args.server_log)
        others = [f"127.0.0.{2 + n}" for n in range(args.others)]
        floods = [
            Flood(port, [OWN], args.idle, 0),
            Flood(port, others, args.idle, 0),
            Flood(port, [OWN], 0, args.stalled),
            Flood(port, others, 0, args.stalled),
        ]
        try:
            # One login first: the app's code is then in the page cache, as on a used server.
            await to_lobby(port, key, 120)
            base = _rss_kb(proc.pid)
            for flood in floods[:2]:
                await flood.start()
            await asyncio.sleep(1.0)
            with_idle = _rss_kb(proc.pid)
            for flood in floods[2:]:
                await flood.start()
            await asyncio.sleep(1.0)
            with_all = _rss_kb(proc.pid)
            dropped_before = sum(f.dropped for f in floods)
            times = []
            for _ in range(args.logins):
                times.append(await to_lobby(port, key, 120))
            dropped = sum(f.dropped for f in floods) - dropped_before
        finally:
            for flood in floods:
                await flood.stop()
            proc.terminate()
            await proc.wait()
    idle = 2 * args.idle
    stalled = 2 * args.stalled
    room = f"--max-logins {args.max_logins}" if args.max_logins else "default --max-logins"
    print(
        f"flood: {idle} idle + {stalled} stalled-auth connections, half from the key's own "
        f"address, half from {args.others} others; re-opened at once when dropped ({room})"
    )
    print(
        f"time to the lobby, {len(times)} logins in a row: "
        f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s "
        f"(best {min(times):.2f} s)"
    )
    print(f"flood connections dropped by the server during the logins: {dropped}")
    # Measured while the flood held its connections: meaningful only when the
    # rooms took them all (the default --max-logins) rather than churned them.
    per_idle = f"{(with_idle - base) / idle:.0f} KiB per idle connection" if idle else ""
    per_stalled = f"{(with_all - with_idle) / stalled:.0f} KiB per stalled one" if stalled else ""
    print(
        f"server memory: {base / 1024:.1f} MiB before the flood; "
        + ", ".join(part for part in (per_idle, per_stalled) if part)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=60)
    parser.add_argument("--stalled", type=int, default=60)
    parser.add_argument("--others", type=int, default=100)
    parser.add_argument("--logins", type=int, default=20)
    parser.add_argument("--max-logins", type=int, default=None)
    parser.add_argument("--server-log", type=Path, help="keep the server's log in this file")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
