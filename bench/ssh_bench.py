"""The SSH server under load: key-to-screen latency and memory per session.

    python bench/ssh_bench.py [--sessions 16] [--keys 200] [--pace 0.4]

Starts ``imhotep-duel serve`` as its own process on 127.0.0.1 with a fresh
data folder and store, connects ``--sessions`` SSH clients (each asks for an
80x24 terminal, as ``ssh`` does) and seats them in pairs at tables, so that
16 sessions play 8 games. Every pair but one plays: the seat to move types
the keys of a random legal action every ``--pace`` seconds or so (the apps
apply it, keep it in the store, and the other side's app shows it). In the remaining pair one
session measures: it presses a cursor key, times the first bytes of the
screen update arriving back over SSH, waits until its screen is quiet, and
repeats ``--keys`` times; its partner stays still, so nothing else draws on
that screen.

``BENCH_DEBUG=1`` keeps every screen read and prints any move that did not
happen, with the end of that player's screen.

It prints the median and 90th percentile of those times, and the memory
each session costs: the server process's own resident memory (its growth per
session) and the apps' (each player's app is a process of its own; PSS counts
the pages they share once).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte  # a test dependency: reads the screens as a player would

from engine.duel import legal_actions
from match.match import Match
from match.store import Store
from tui.duel.keys import keys_for

ROOT = Path(__file__).resolve().parent.parent
CURSOR_KEYS = ["\x1b[C", "\x1b[D"]  # right, left: always a visible change
QUIET = 0.05  # seconds without output that end one screen update


class Session(asyncssh.SSHClientSession[bytes]):
    """What a client's terminal shows (a pyte screen), and when output came."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.last_output = 0.0
        self.arrived = asyncio.Event()
        # Off once seated: emulating 16 screens would load the machine measured.
        self.reading = True

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_output = time.perf_counter()
        self.arrived.set()
        if self.reading:
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


@dataclass
class Player:
    name: str
    key: asyncssh.SSHKey
    conn: asyncssh.SSHClientConnection | None = None
    chan: asyncssh.SSHClientChannel[bytes] | None = None
    session: Session = field(default_factory=Session)

    def send(self, data: str) -> None:
        assert self.chan is not None
        self.chan.write(data.encode())

    async def wait_text(self, text: str, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.session.text():
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{self.name}: no {text!r} on screen after {timeout:.0f} s; it shows:\n"
                    + self.session.text()
                )
            await asyncio.sleep(0.05)

    async def wait_quiet(self) -> None:
        while time.perf_counter() - self.session.last_output < QUIET:
            await asyncio.sleep(QUIET / 2)


async def start_server(folder: Path, sessions: int) -> tuple[asyncio.subprocess.Process, int]:
    env = {**os.environ, "IMHOTEP_DATA_DIR": str(folder / "data"), "PYTHONPATH": str(ROOT)}
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
        "--max-sessions",
        str(sessions),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    first = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
    found = re.search(r":(\d+)\s*$", first)
    if found is None:
        raise RuntimeError(f"the server did not start: {first!r}")
    return proc, int(found.group(1))


async def connect(player: Player, port: int) -> None:
    player.conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=player.name,
        client_keys=[player.key],
        known_hosts=None,
        agent_path=None,
        config=None,
    )
    player.chan, _ = await player.conn.create_session(
        lambda: player.session, term_type="xterm-256color", term_size=(80, 24), encoding=None
    )


async def seat_pair(host: Player, guest: Player) -> None:
    """Put ``host`` and ``guest`` at one table, each on their game screen."""
    await guest.wait_text(f"you are {guest.name}")
    await host.wait_text(f"you are {host.name}")
    host.send("h")
    await host.wait_text("Open the table")
    host.send("\r")  # for anyone
    await host.wait_text("Undo")  # on the game screen
    code = None
    while code is None:
        found = re.search(r"[Tt]able ([A-Z2-9]{5})", host.session.text())
        code = found.group(1) if found else None
        await asyncio.sleep(0.05)
    # The guest types the code the host's screen shows, as a friend would.
    guest.send("j")
    await guest.wait_text("Join a table")
    guest.send(code + "\r")
    await guest.wait_text("Undo")


async def play(
    pair: tuple[Player, Player], store_path: Path, pace: float, stop: asyncio.Event, seed: int
) -> int:
    """Play one game from both seats: a legal action every ``pace`` seconds or so.

    The bench watches the game in the store (as a watcher would) to know what
    is legal, and sends the keys a player would type to the seat to move; the
    apps apply it, keep it in the store, and the other side sees it arrive.
    """
    rng = random.Random(seed)
    presses = 0
    with Store.open(store_path) as store:
        games = store.games(owner=_owner(pair[0]), statuses=("playing",))
        if not games:
            raise RuntimeError(f"{pair[0].name} has no game in the store: {store.games()}")
        game_id = games[0].id
        match = Match.open(store, game_id, me="bench", seats=frozenset())
        # Seat order in the store: the host took seat 0.
        while not stop.is_set():
            match.poll()
            seat = match.to_move
            if seat is None:
                break
            before = len(match.history.actions)
            action = rng.choice(legal_actions(match.state))
            for key in keys_for(action):
                pair[seat].send(key)
                presses += 1
            # Some moves ask to be confirmed (an unload that wastes cargo):
            # like a player, press Enter when the move has not happened.
            for confirm in (False, True):
                if confirm:
                    pair[seat].send("\r")
                    presses += 1
                deadline = time.monotonic() + (1.0 if not confirm else 10.0)
                while len(match.history.actions) == before and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                    match.poll()
                if len(match.history.actions) != before:
                    break
            if os.environ.get("BENCH_DEBUG") and len(match.history.actions) == before:
                print("stalled:", seat, action, pair[seat].session.text()[-400:])
            # A human's rhythm: moves at a varying pace, never in lockstep.
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
        match.close()
    return presses


def _owner(player: Player) -> str:
    return "key:" + player.key.get_fingerprint("sha256")


async def measure(player: Player, keys: int) -> list[float]:
    times: list[float] = []
    await player.wait_quiet()
    for index in range(keys):
        player.session.arrived.clear()
        sent = time.perf_counter()
        player.send(CURSOR_KEYS[index % 2])
        try:
            await asyncio.wait_for(player.session.arrived.wait(), 10)
        except TimeoutError:
            continue  # no visible change (the cursor could not move): not a sample
        times.append(player.session.last_output - sent)
        await player.wait_quiet()
    return times


def _status_kb(pid: int, field_name: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1])
    return 0


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return _status_kb(pid, "VmRSS")


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ssh-bench-"))
    players = [
        Player(f"p{n:02d}", asyncssh.generate_private_key("ssh-ed25519", comment=f"p{n:02d}"))
        for n in range(args.sessions)
    ]
    (folder / "allowed").write_text(
        "".join(p.key.export_public_key("openssh").decode() for p in players)
    )
    proc, port = await start_server(folder, args.sessions)
    try:
        await asyncio.sleep(1.0)
        base_rss = _status_kb(proc.pid, "VmRSS")
        for player in players:
            await connect(player, port)
        pairs = [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
        for host, guest in pairs:
            await seat_pair(host, guest)
        for player in players:
            player.session.reading = bool(os.environ.get("BENCH_DEBUG"))
        stop = asyncio.Event()
        load = [
            asyncio.create_task(play(pair, folder / "games.sqlite3", args.pace, stop, seed))
            for seed, pair in enumerate(pairs[1:])
        ]
        began = time.monotonic()
        await asyncio.sleep(2.0)  # let the load settle in
        latencies = await measure(pairs[0][0], args.keys)
        stop.set()
        seconds = time.monotonic() - began
        presses = sum(await asyncio.gather(*load))
        server_rss = _status_kb(proc.pid, "VmRSS")
        with Store.open(folder / "games.sqlite3") as store:
            moves = sum(g.moves for g in store.games(statuses=("open", "playing", "over")))
        apps = _descendants(proc.pid)
        app_rss = [_status_kb(pid, "VmRSS") for pid in apps]
        app_pss = [_pss_kb(pid) for pid in apps]
    finally:
        for player in players:
            if player.conn is not None:
                player.conn.close()
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 60)
    ms = sorted(x * 1000 for x in latencies)
    sessions = len(players)
    print(
        f"{sessions} sessions, {len(pairs)} games over loopback; "
        f"the {2 * (len(pairs) - 1)} playing sessions pressed {presses} keys, "
        f"{moves} moves in {seconds:.0f} s ({moves / seconds:.1f} a second)"
    )
    if ms:
        print(
            f"key sent to screen update arriving, one session under that load: "
            f"median {statistics.median(ms):.1f} ms, "
            f"90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms over {len(ms)} keys"
        )
    print(
        f"server process: {base_rss / 1024:.1f} MiB before, {server_rss / 1024:.1f} MiB with "
        f"{sessions} sessions: {(server_rss - base_rss) / sessions:.0f} KiB per session"
    )
    if apps:
        print(
            f"each session's app ({len(apps)} processes): "
            f"RSS {statistics.mean(app_rss) / 1024:.1f} MiB, "
            f"PSS {statistics.mean(app_pss) / 1024:.1f} MiB on average"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=16, help="an even number (default 16)")
    parser.add_argument("--keys", type=int, default=200, help="keys the measuring session sends")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between moves in a game")
    args = parser.parse_args()
    if args.sessions < 2 or args.sessions % 2:
        parser.error("--sessions must be an even number, at least 2")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
