"""The data folder, and safe reading and writing of the files kept there.

No engine import: the start screen uses these (through :mod:`tui.files`)
before any game is loaded (the error messages come through :mod:`match.words`,
which loads the engine's message type only when an error is made).
:mod:`match.saves` builds the JSON saves on them and :mod:`match.store` keeps
its database in :func:`data_dir`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from match.errors import MatchError
from match.words import as_message, msg, nmsg

if TYPE_CHECKING:
    from engine.message import Message

APP_NAME = "imhotep-duel"
DATA_DIR_ENV = "IMHOTEP_DATA_DIR"
# A real save is a few kilobytes; refusing early keeps a wrong file (a video,
# a disk image) from being read into memory at all.
MAX_FILE_BYTES = 5 * 1024 * 1024


class StorageError(MatchError):
    """A game file that cannot be read or written (``reason`` says why)."""


# Locations ----------------------------------------------------------------


def data_dir() -> Path:
    """Where the games, saves and settings live; ``$IMHOTEP_DATA_DIR`` overrides."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return data_dir() / "settings.json"


def store_path() -> Path:
    """The database of every game (see :mod:`match.store`)."""
    return data_dir() / "games.sqlite3"


def unsafe_link(path: Path) -> Path | None:
    """The first symbolic link among the folders of ``path`` that someone
    other than this user or root could have made or could change, or None.

    A link is followed only if it and the folder holding it belong to this
    user or to root, and that folder is not writable by others (unless it is
    sticky, as /tmp is, where only an entry's owner may replace it): such a
    link was put there by the user or the system (/home -> /var/home), and
    only they can point it elsewhere. One in a folder another user owns or
    may write to could send the games, or a new store, wherever that user
    likes. The links of a link's target are judged the same way; a folder
    that does not exist yet is no link.
    """
    trusted = {os.geteuid(), 0}
    absolute = Path(os.path.abspath(path))
    ahead = list(absolute.parent.parts[1:])
    here = Path(absolute.anchor)
    hops = 0
    while ahead:
        name = ahead.pop(0)
        if name == "..":
            here = here.parent
            continue
        step = here / name
        try:
            info = os.lstat(step)
        except OSError:
            return None
        if not stat.S_ISLNK(info.st_mode):
            here = step
            continue
        holder = os.stat(here)
        open_to_others = holder.st_mode & 0o022 and not holder.st_mode & stat.S_ISVTX
        hops += 1
        if (
            info.st_uid not in trusted
            or holder.st_uid not in trusted
            or open_to_others
            or hops > 40  # a loop of links
        ):
            return step
        target = Path(os.readlink(step))
        if target.is_absolute():
            here = Path(target.anchor)
        ahead = [part for part in target.parts if part not in (target.anchor, ".")] + ahead
    return None


# Reading and writing ------------------------------------------------------


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file.

    Writes a temporary file in the same directory (``os.replace`` is atomic only
    within one file system), syncs it, renames it over ``path`` and syncs the
    directory so the rename itself survives a power cut. Creates the directory
    if needed. Raises StorageError; the temporary file never outlives a failure.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise StorageError(
            msg(
                "{label}: cannot write to {folder}: {reason}",
                label=path.name,
                folder=str(path.parent),
                reason=os_error_reason(exc),
            )
        ) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            # mkstemp makes the file private (0600); keep the mode the old file had.
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            raise StorageError(
                msg(
                    "{label}: could not be written: {reason}",
                    label=path.name,
                    reason=os_error_reason(exc),
                )
            ) from None
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    # Directories cannot be opened on Windows and some file systems refuse
    # fsync on them; the data is already safe in the file by then.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_bytes(path: Path, *, limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, refusing what is not a regular readable file of sane size."""
    path = Path(path)
    label = path.name or str(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise StorageError(_unreadable(label, exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise StorageError(msg("{label}: is a folder, not a save file", label=label))
    # A FIFO or device would block or never end; check before opening.
    if not stat.S_ISREG(info.st_mode):
        raise StorageError(msg("{label}: is not a regular file", label=label))
    if info.st_size > limit:
        raise StorageError(
            msg(
                "{label}: is too large for a save ({size}; the limit is {limit})",
                label=label,
                size=_size(info.st_size),
                limit=_size(limit),
            )
        )
    try:
        with path.open("rb") as handle:
            # The file may have grown since stat(); never read more than the limit.
            data = handle.read(limit + 1)
    except OSError as exc:
        raise StorageError(_unreadable(label, exc)) from None
    if len(data) > limit:
        raise StorageError(
            msg("{label}: is too large for a save (over {limit})", label=label, limit=_size(limit))
        )
    return data


def _unreadable(label: str, exc: OSError) -> Message:
    if isinstance(exc, FileNotFoundError):
        return msg("{label}: no such file", label=label)
    return msg("{label}: cannot be read: {reason}", label=label, reason=os_error_reason(exc))


def os_error_reason(exc: OSError) -> Message:
    """Why an operating system call failed, in words a translator can reword.

    The common causes are messages; any other error keeps the system's text
    (lower-cased to follow a colon), which stays English.
    """
    # The English is the C library's own (lower-cased), so that it reads as
    # it always did; the catalog gives each language its words.
    code = exc.errno
    if code is None:
        return as_message((str(exc) or type(exc).__name__).lower())
    if code == errno.ENOENT:
        return msg("no such file or directory")
    if code == errno.EACCES:
        return msg("permission denied")
    if code == errno.EPERM:
        return msg("operation not permitted")
    if code == errno.ENOSPC:
        return msg("no space left on device")
    if code == getattr(errno, "EDQUOT", None):
        return msg("disk quota exceeded")
    if code == errno.EROFS:
        return msg("read-only file system")
    if code == errno.EISDIR:
        return msg("is a directory")
    if code == errno.ENOTDIR:
        return msg("not a directory")
    if code == errno.ENAMETOOLONG:
        return msg("file name too long")
    if code == errno.EIO:
        return msg("input/output error")
    return as_message((exc.strerror or str(exc) or type(exc).__name__).lower())


def _size(count: int) -> Message:
    # The figure is a value, so a language may write its own unit after it.
    if count >= 1024 * 1024:
        return msg("{size} MiB", size=f"{count / (1024 * 1024):.1f}")
    if count >= 1024:
        return msg("{size} KiB", size=f"{count / 1024:.0f}")
    return nmsg("{count} byte", "{count} bytes", count)
