"""``imhotep-duel serve``: start the SSH duel server, or add a friend's key.

The server (:mod:`server`) knows nothing of the command line: this reads the
options into its :class:`~server.config.ServerConfig`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from match import files
from server.config import DEFAULT_HOST, DEFAULT_PORT, ServerConfig

log = logging.getLogger("imhotep.server")


def _listen(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise argparse.ArgumentTypeError(f"{text!r}: give HOST:PORT, e.g. 127.0.0.1:2222")
    host = host.removeprefix("[").removesuffix("]")  # [::1]:2222
    try:
        number = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{port!r} is not a port number") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{number} is not a port number (0-65535)")
    return host, number


def _positive(kind: type[int] | type[float]) -> argparse._ActionType:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be above zero")
        return value

    return parse


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="imhotep-duel serve",
        description="Serve the game over SSH: friends connect with ssh -p PORT HOST.",
    )
    p.add_argument(
        "--listen",
        metavar="HOST:PORT",
        type=_listen,
        default=(DEFAULT_HOST, DEFAULT_PORT),
        help=f"address to listen on (default {DEFAULT_HOST}:{DEFAULT_PORT}; "
        "0.0.0.0:2222 opens the port to the network)",
    )
    p.add_argument("--store", metavar="PATH", type=Path, help="the games' store (a SQLite file)")
    p.add_argument(
        "--allow",
        metavar="FILE",
        type=Path,
        help="the keys let in, in authorized_keys format; the comment names the player "
        "(default: allowed_keys in the server's data folder)",
    )
    p.add_argument(
        "--open",
        action="store_true",
        help="also let in any key; a new player chooses a name on the first visit",
    )
    p.add_argument(
        "--add-key",
        metavar="PUBKEY",
        help="add a friend's public key (a .pub file, or - for standard input) "
        "to the allow file, then exit; name them with --as",
    )
    p.add_argument("--as", dest="as_name", metavar="NAME", help="the name for --add-key")
    p.add_argument(
        "--passwords",
        metavar="FILE",
        type=Path,
        help="also let in the players of this file by password (off unless given)",
    )
    p.add_argument(
        "--add-password",
        metavar="NAME",
        help="set NAME's password in the --passwords file (asked for twice), then exit",
    )
    p.add_argument(
        "--max-sessions", type=_positive(int), default=32, help="players at once (default 32)"
    )
    p.add_argument(
        "--idle-minutes",
        type=_positive(float),
        default=30.0,
        help="close a session after this long without a key (default 30)",
    )
    p.add_argument(
        "--max-logins",
        type=_positive(int),
        default=4096,
        help="connections still logging in at once, apart from the players (default "
        "4096); when there are as many, a newcomer still comes in and a stranger is "
        "dropped: a silent one first, then a stalled login",
    )
    p.add_argument(
        "--login-seconds",
        type=_positive(float),
        default=30.0,
        help="close a connection that has not logged in, or opened its game, "
        "after this long (default 30)",
    )
    p.add_argument(
        "--proxy-protocol",
        action="store_true",
        help="every connection comes from a TCP proxy that starts it with a PROXY "
        "header (HAProxy send-proxy, nginx proxy_protocol): the limits count the "
        "address it names; a connection without one is dropped",
    )
    p.add_argument(
        "--max-tables",
        type=_positive(int),
        default=3,
        help="open tables one player may host at once (default 3)",
    )
    return p


def server_dir() -> Path:
    return files.data_dir() / "server"


def default_store() -> Path:
    # The same store as the local app's: a table hosted at this machine's
    # keyboard can be joined over SSH, and the other way round.
    from match.files import store_path

    return store_path()


def build_config(args: argparse.Namespace) -> ServerConfig:
    host, port = args.listen
    data = server_dir()
    return ServerConfig(
        data_dir=data,
        store=(args.store or default_store()).expanduser().absolute(),
        host=host,
        port=port,
        allow_file=args.allow.expanduser().absolute() if args.allow else None,
        open_door=args.open,
        password_file=args.passwords.expanduser().absolute() if args.passwords else None,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_minutes * 60,
        max_pending=args.max_logins,
        login_timeout=args.login_seconds,
        proxy_protocol=args.proxy_protocol,
        max_tables=args.max_tables,
    )


def add_key(config: ServerConfig, source: str, name: str | None) -> int:
    from server import identity

    if not name:
        print("imhotep-duel serve: --add-key needs --as NAME", file=sys.stderr)
        return 2
    try:
        text = sys.stdin.read(64 * 1024) if source == "-" else _read_key_file(Path(source))
        allowed = identity.add_key(config.allow_path, text, name)
    except (ValueError, files.StorageError) as exc:
        print(f"imhotep-duel serve: {exc}", file=sys.stderr)
        return 2
    print(f"{allowed.name} may now connect ({identity.player_id(allowed.key)}).")
    print(f"Allow file: {config.allow_path}")
    return 0


def add_password(config: ServerConfig, name: str) -> int:
    import getpass

    from server import identity, passwords

    if config.password_file is None:
        print("imhotep-duel serve: --add-password needs --passwords FILE", file=sys.stderr)
        return 2
    try:
        if sys.stdin.isatty():
            first = getpass.getpass(f"Password for {name}: ")
            if getpass.getpass("Again: ") != first:
                print("imhotep-duel serve: the two passwords differ", file=sys.stderr)
                return 2
        else:
            first = sys.stdin.readline().rstrip("\r\n")
        taken = {entry.name for entry in identity.AllowList(config.allow_path).entries()}
        passwords.add(config.password_file, name, first, taken)
    except (ValueError, EOFError, KeyboardInterrupt) as exc:
        print(f"imhotep-duel serve: {exc or 'cancelled'}", file=sys.stderr)
        return 2
    print(f"{name} may now connect with a password: ssh {name}@HOST -p PORT")
    return 0


def _read_key_file(path: Path) -> str:
    return files.read_bytes(path, limit=64 * 1024).decode("utf-8", "replace")


async def serve(config: ServerConfig) -> int:
    from match.store import StoreError
    from server.hostkey import HostKeyError
    from server.ssh import GameServer

    server = GameServer(config)
    try:
        await server.start()
    except HostKeyError as exc:
        print(f"imhotep-duel serve: {exc}", file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"imhotep-duel serve: the game store cannot be used: {exc}", file=sys.stderr)
        await server.watcher.stop()
        return 2
    except OSError as exc:
        print(
            f"imhotep-duel serve: cannot listen on {config.host}:{config.port}: "
            f"{files.os_error_reason(exc)}",
            file=sys.stderr,
        )
        return 2
    where = f"[{config.host}]" if ":" in config.host else config.host
    state = "created now" if server.key_created else "kept from an earlier start"
    print(f"imhotep-duel: serving on {where}:{server.port}", flush=True)
    print(f"Host key ({state}): {server.fingerprint}", flush=True)
    print(f"Players connect with: ssh -p {server.port} {config.host}", flush=True)
    if not config.open_door and not server.allow.entries():
        print(
            f"No keys are allowed yet: add one with "
            f"imhotep-duel serve --add-key FRIEND.pub --as NAME"
            f"{'' if config.allow_file is None else f' --allow {config.allow_path}'}",
            flush=True,
        )
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    try:
        await stopping.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        print("imhotep-duel: stopping; games in progress stay in the store.", flush=True)
        await server.stop()
    return 0


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    config = build_config(args)
    if args.add_key is not None:
        return add_key(config, args.add_key, args.as_name)
    if args.add_password is not None:
        return add_password(config, args.add_password)
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%Y-%m-%dT%H:%M:%S",
        stream=sys.stderr,
    )
    # asyncssh logs every packet exchange at INFO; the server's own lines say enough.
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return asyncio.run(serve(config))
