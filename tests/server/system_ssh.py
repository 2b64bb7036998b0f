"""The system's own ``ssh`` client against a test server: its options, a key
file for it, and a terminal (a pty) to run it in, as a player would."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import asyncssh
from bytes_support import PtyProgram

SSH = shutil.which("ssh")
ROOT = Path(__file__).resolve().parents[2]

# Keep the user's own configuration, agent, keys and known hosts out of it.
OPTIONS = (
    "-F", "/dev/null",
    "-o", "StrictHostKeyChecking=no",
    "-o", "UserKnownHostsFile=/dev/null",
    "-o", "IdentitiesOnly=yes",
    "-o", "IdentityAgent=none",
    "-o", "LogLevel=ERROR",
)  # fmt: skip


def environment(**more: str) -> dict[str, str]:
    """A terminal's environment: xterm, UTF-8, none of the caller's locale."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("LC_")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", PYTHONPATH=str(ROOT), **more)
    return env


def key_file(folder: Path, name: str, key: asyncssh.SSHKey) -> Path:
    """``key`` as a private key file ssh accepts (written once)."""
    path = folder / f"id_{name}"
    if not path.exists():
        key.write_private_key(path)
        path.chmod(0o600)
    return path


async def ssh_terminal(port: int, identity: Path, *extra: str) -> PtyProgram:
    """``ssh -tt`` to the server on ``port``, logging in with ``identity``."""
    assert SSH is not None, "no ssh client on this machine"
    command = [
        SSH, *OPTIONS, "-o", "BatchMode=yes", "-tt", *extra,
        "-p", str(port), "-i", str(identity), "127.0.0.1",
    ]  # fmt: skip
    return await PtyProgram.start(command, environment())
