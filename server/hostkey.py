"""The server's host key: created once in the data folder, private to its owner."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key exists but cannot be used; ``str(error)`` is for the operator."""


def load_or_create(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host key kept in ``folder``, and whether it was created just now.

    A new key is written with mode 0600 from the start (``O_EXCL`` and the mode
    at creation), so there is no moment when another user could read it.
    """
    path = folder / HOST_KEY_NAME
    if path.exists():
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise HostKeyError(
                f"{path} can be read by other users (mode {mode:o}); run chmod 600 on it"
            )
        try:
            return asyncssh.read_private_key(path), False
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise HostKeyError(f"{path} is not a usable private key: {exc}") from None
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="imhotep-duel host key")
    data = key.export_private_key()
    tmp = path.with_name(f".{path.name}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        # Rename last: a crash mid-write leaves no half key under the real name.
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return key, True


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The SHA256 fingerprint ssh prints when it first meets this host."""
    return key.get_fingerprint("sha256")
