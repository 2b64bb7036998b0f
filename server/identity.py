"""Who a key belongs to: player ids, player names and the allow file.

A player *is* their public key: the id is derived from its SHA256 fingerprint,
so reconnecting under another name, or the same name from another key, never
reaches someone else's seat. Names are only what others see.
"""

from __future__ import annotations

import gettext
import hashlib
import logging
import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from match import files

log = logging.getLogger("imhotep.server")

PLAYER_PREFIX = "key:"
NAME_MAX = 16
# Characters beyond letters and digits that a name may hold: enough for
# "anna-maria" or "bob_2", nothing that could break a log line or a screen.
_NAME_EXTRA = frozenset("-_.")
# Letters and digits of any script; no marks, spaces, symbols or controls, so
# a name is always as wide on screen as it looks in the log.
_NAME_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lo", "Nd"})
# An allow file is a short list of friends; a huge file is a mistake.
MAX_ALLOW_BYTES = 1024 * 1024


def player_id(key: asyncssh.SSHKey) -> str:
    """The stable id of the player holding ``key`` (``key:SHA256:...``)."""
    return PLAYER_PREFIX + key.get_fingerprint("sha256")


def folder_name(player: str) -> str:
    """A file-system safe folder name for a player id (fingerprints hold ``/``)."""
    return hashlib.sha256(player.encode()).hexdigest()[:32]


def name_problem(name: str, words: gettext.NullTranslations | None = None) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can.

    The reason is worded with ``words``, the catalog of the person choosing
    the name (a player at the name prompt); English without one (the operator).
    """
    words = words or gettext.NullTranslations()
    if not name:
        return words.gettext("a name needs at least one letter or digit")
    if len(name) > NAME_MAX:
        return words.ngettext(
            "a name has at most {count} character",
            "a name has at most {count} characters",
            NAME_MAX,
        ).format(count=NAME_MAX)
    for char in name:
        if char in _NAME_EXTRA:
            continue
        if unicodedata.category(char) not in _NAME_CATEGORIES:
            return words.gettext("use letters, digits, '-', '_' or '.' only")
        if unicodedata.east_asian_width(char) in ("W", "F"):
            # Double-width letters would break the board's columns.
            return words.gettext("use letters that take one column on screen")
    if name[0] in _NAME_EXTRA:
        return words.gettext("a name starts with a letter or digit")
    return None


# Letters of other scripts drawn like Latin ones, for telling names apart.
# Python has no table of confusables (Unicode's UTS #39 data), and a package
# for it would be a run-time dependency for one check; a name is at most 16
# letters or digits, and Cyrillic and Greek are the scripts a Latin name is
# faked with. Fullwidth and mathematical letters need no entry: NFKC turns
# them into plain ones first. Capitals are mapped before case folding (the
# Greek capital beta looks like B, but its small letter is nothing like b).
_LIKE_LATIN_CAPITALS = str.maketrans(
    "АВЕЅІЈКМНОРСТХҮӀԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",  # Cyrillic, Greek
    "ABESIJKMHOPCTXYIQWABEZHIKMNOPTYX",
)
_LIKE_LATIN_SMALL = str.maketrans(
    "аеорсухѕіјԁԛԝһӏүɡαοινκρυχıȷ",  # Cyrillic, Greek, dotless Latin
    "aeopcyxsijdqwhlygaoivkpuxij",
)
# Within Latin: shapes many terminal fonts draw alike.
_SAME_SHAPE = str.maketrans("l10", "iio")


def look_alike_keys(name: str) -> frozenset[str]:
    """What ``name`` looks like, for comparing it with another player's.

    Two names look alike when their keys meet: "alice", "ALICE", "a1ice"
    and "alice" spelt with a Cyrillic a all share one.
    """
    plain = unicodedata.normalize("NFKC", name)
    return frozenset(
        text.translate(_LIKE_LATIN_CAPITALS)
        .casefold()
        .translate(_LIKE_LATIN_SMALL)
        .translate(_SAME_SHAPE)
        # Folded first too: with a Greek capital beta, "Bob" is "βob" in another case.
        for text in (plain, plain.casefold())
    )


def names_look_alike(first: str, second: str) -> bool:
    return not look_alike_keys(first).isdisjoint(look_alike_keys(second))


def name_from_comment(comment: str | None) -> str | None:
    """A usable player name from a key's comment (``alice@laptop`` gives ``alice``)."""
    if not comment:
        return None
    candidate = comment.strip().split()[0] if comment.strip() else ""
    candidate = candidate.split("@", 1)[0]
    return candidate if name_problem(candidate) is None else None


@dataclass(frozen=True)
class AllowedKey:
    """One line of the allow file: the key (with its options) and its player's name."""

    entry: asyncssh.SSHAuthorizedKeys
    key: asyncssh.SSHKey
    name: str
    line: int


def parse_allow_line(text: str) -> tuple[asyncssh.SSHAuthorizedKeys, asyncssh.SSHKey]:
    """An authorized_keys line read by asyncssh: its entry and its public key.

    Raises ValueError for a line that holds no public key (certificates and
    X.509 subjects are not players).
    """
    # asyncssh honours the line's options (from="...") in the entry's validate().
    try:
        entry = asyncssh.import_authorized_keys(text)
    except (ValueError, asyncssh.KeyImportError) as exc:
        raise ValueError(str(exc) or "not an authorized_keys line") from None
    # The key starts after the options; options may hold quoted spaces, so try
    # each word as the start of "type base64 comment" until asyncssh agrees.
    words = text.split()
    for start in range(len(words)):
        try:
            key = asyncssh.import_public_key(" ".join(words[start:]))
        except (ValueError, asyncssh.KeyImportError):
            continue
        return entry, key
    raise ValueError("no public key on this line")


class AllowList:
    """The keys admitted by an allow file, read again whenever the file changes.

    The operator adds a friend by adding a line (or ``serve --add-key``); the
    running server picks it up at the next login without a restart.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int, int] | None = None
        self._keys: list[AllowedKey] = []

    def entries(self) -> list[AllowedKey]:
        self._refresh()
        return list(self._keys)

    def lookup(self, key: asyncssh.SSHKey, client_host: str, client_addr: str) -> str | None:
        """The name under which ``key`` is admitted from that address, or None."""
        self._refresh()
        for allowed in self._keys:
            if allowed.entry.validate(key, client_host, client_addr) is not None:
                return allowed.name
        return None

    def names(self) -> set[str]:
        return {allowed.name for allowed in self.entries()}

    def _refresh(self) -> None:
        try:
            info = self.path.stat()
        except FileNotFoundError:
            if self._stamp is not None or self._keys:
                log.info("allow file %s is gone: no listed keys", self.path)
            self._stamp, self._keys = None, []
            return
        except OSError as exc:
            log.warning("allow file %s: %s; keeping the keys read before", self.path, exc)
            return
        stamp = (info.st_ino, info.st_mtime_ns, info.st_size)
        if stamp == self._stamp:
            return
        self._stamp = stamp
        if info.st_mode & stat.S_IWOTH:
            log.warning("allow file %s is writable by anyone: no keys admitted", self.path)
            self._keys = []
            return
        try:
            text = files.read_bytes(self.path, limit=MAX_ALLOW_BYTES).decode("utf-8", "replace")
        except files.StorageError as exc:
            log.warning("allow file: %s; keeping the keys read before", exc)
            return
        self._keys = read_allow_text(text, str(self.path))
        log.info("allow file %s: %d keys", self.path, len(self._keys))


def read_allow_text(text: str, label: str) -> list[AllowedKey]:
    """Every usable key line of an allow file; bad lines are logged and skipped."""
    keys: list[AllowedKey] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            entry, key = parse_allow_line(line)
        except ValueError as exc:
            log.warning("%s line %d skipped: %s", label, number, exc)
            continue
        name = name_from_comment(key.get_comment()) or default_name(player_id(key))
        keys.append(AllowedKey(entry=entry, key=key, name=name, line=number))
    return keys


def default_name(player: str) -> str:
    """A name for a key whose comment gives none: short and stable."""
    digest = hashlib.sha256(player.encode()).hexdigest()
    return f"player-{digest[:6]}"


def add_key(path: Path, key_text: str, name: str) -> AllowedKey:
    """Add a friend's public key to the allow file under ``name``.

    Raises ValueError (with a reason for the operator) for a bad key or name,
    or a key or name the file already has; the file is replaced atomically and
    kept private (0600).
    """
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(f"{name!r}: {problem}")
    lines = [line for line in key_text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise ValueError("give exactly one public key (one line of a .pub file)")
    try:
        key = asyncssh.import_public_key(lines[0].strip())
    except (ValueError, asyncssh.KeyImportError):
        raise ValueError("that is not an OpenSSH public key (ssh-ed25519 AAAA...)") from None
    existing = ""
    # The server's folder holds its private key too: only its owner may look in.
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise ValueError(f"cannot create {path.parent}: {files.os_error_reason(exc)}") from None
    if path.exists():
        existing = files.read_bytes(path, limit=MAX_ALLOW_BYTES).decode("utf-8", "replace")
    for allowed in read_allow_text(existing, str(path)):
        if allowed.key == key:
            raise ValueError(f"that key is already allowed, as {allowed.name}")
        if allowed.name == name:
            raise ValueError(f"{name} already has a key (line {allowed.line})")
    key.set_comment(name)
    line = key.export_public_key("openssh").decode("ascii").strip()
    text = existing if not existing or existing.endswith("\n") else existing + "\n"
    files.atomic_write(path, (text + line + "\n").encode("utf-8"))
    os.chmod(path, 0o600)
    return AllowedKey(entry=asyncssh.import_authorized_keys(line), key=key, name=name, line=0)
