"""Password logins, for an operator who asks for them (``--passwords FILE``).

Keys are the way in; some friends have none. Their passwords are kept in a
file the server manages (``--add-password NAME``), one ``name:scrypt:...``
line each: a random salt and scrypt from the standard library, compared in
constant time. Such a player's id is ``pw:`` and their name, so a seat taken
with a password belongs to whoever knows that password.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from match import files
from server import identity

log = logging.getLogger("imhotep.server")

PLAYER_PREFIX = "pw:"
MIN_LENGTH = 10
# scrypt's cost: about 16 MiB and some tens of milliseconds per check, which
# is what makes guessing slow; the login back-off does the rest.
_N, _R, _P, _LEN = 2**14, 8, 1, 32
MAX_FILE_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Entry:
    name: str
    salt: bytes
    digest: bytes
    n: int
    r: int
    p: int


def player_id(name: str) -> str:
    return PLAYER_PREFIX + name


def _hash(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=_LEN, maxmem=64 * 1024 * 1024
    )


def make_line(name: str, password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = _hash(password, salt, _N, _R, _P)
    b64 = base64.b64encode
    return f"{name}:scrypt:{_N}:{_R}:{_P}:{b64(salt).decode()}:{b64(digest).decode()}"


def parse(text: str, label: str) -> dict[str, Entry]:
    """Every usable line of a password file, by name folded to lower case."""
    entries: dict[str, Entry] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            name, kind, n, r, p, salt, digest = line.split(":")
            if kind != "scrypt" or identity.name_problem(name) is not None:
                raise ValueError
            entry = Entry(
                name,
                base64.b64decode(salt, validate=True),
                base64.b64decode(digest, validate=True),
                int(n),
                int(r),
                int(p),
            )
            # Refuse costs that would make one login take the server down.
            if not (2 <= entry.n <= 2**17 and 1 <= entry.r <= 16 and 1 <= entry.p <= 4):
                raise ValueError
        except ValueError:
            log.warning("%s line %d skipped: not name:scrypt:N:r:p:salt:hash", label, number)
            continue
        entries[name.casefold()] = entry
    return entries


class PasswordBook:
    """The password file, read again whenever it changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int, int] | None = None
        self._entries: dict[str, Entry] = {}

    def entries(self) -> dict[str, Entry]:
        try:
            info = self.path.stat()
        except OSError:
            self._stamp, self._entries = None, {}
            return {}
        stamp = (info.st_ino, info.st_mtime_ns, info.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            if info.st_mode & 0o077:
                log.warning("password file %s can be read by others: no one admitted", self.path)
                self._entries = {}
            else:
                try:
                    data = files.read_bytes(self.path, limit=MAX_FILE_BYTES)
                except files.StorageError as exc:
                    log.warning("password file: %s", exc)
                    self._entries = {}
                else:
                    self._entries = parse(data.decode("utf-8", "replace"), str(self.path))
        return self._entries

    def check(self, name: str, password: str) -> str | None:
        """The player's name if ``password`` is theirs, else None (slow on purpose)."""
        entry = self.entries().get(name.casefold())
        if entry is None:
            # Cost the same as a real check, so timing tells no one which names exist.
            _hash(password, b"\0" * 16, _N, _R, _P)
            return None
        digest = _hash(password, entry.salt, entry.n, entry.r, entry.p)
        return entry.name if hmac.compare_digest(digest, entry.digest) else None


def add(path: Path, name: str, password: str, taken: set[str]) -> None:
    """Add or replace ``name``'s password; ValueError with a reason if it cannot be."""
    problem = identity.name_problem(name)
    if problem is not None:
        raise ValueError(f"{name!r}: {problem}")
    if name.casefold() in {t.casefold() for t in taken}:
        raise ValueError(f"{name} is the name of a key in the allow file")
    if len(password) < MIN_LENGTH:
        raise ValueError(f"a password needs at least {MIN_LENGTH} characters")
    existing = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if path.exists():
            existing = files.read_bytes(path, limit=MAX_FILE_BYTES).decode("utf-8", "replace")
    except OSError as exc:
        raise ValueError(f"cannot use {path}: {files.os_error_reason(exc)}") from None
    except files.StorageError as exc:
        raise ValueError(str(exc)) from None
    kept = [
        line
        for line in existing.splitlines()
        if line.strip() and line.split(":", 1)[0].casefold() != name.casefold()
    ]
    text = "\n".join([*kept, make_line(name, password)]) + "\n"
    try:
        files.atomic_write(path, text.encode("utf-8"))
        os.chmod(path, 0o600)
    except (files.StorageError, OSError) as exc:
        raise ValueError(str(exc)) from None
