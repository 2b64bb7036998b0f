"""The app's data folder, safe reading and writing of its files, and settings.

Everything here is what the start screen needs (where the autosave would be,
the settings), kept apart from :mod:`tui.storage` so that opening the app does
not load the rules engine: only a game needs that. :mod:`tui.storage` builds
the saves on these and offers all of it under one name.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import platformdirs

APP_NAME = "imhotep-duel"
DATA_DIR_ENV = "IMHOTEP_DATA_DIR"
SETTINGS_VERSION = 1
# A real save is a few kilobytes; refusing early keeps a wrong file (a video,
# a disk image) from being read into memory at all.
MAX_FILE_BYTES = 5 * 1024 * 1024

# How far undo may go: "safe" stops where a hidden token was revealed (see
# tui.history); the settings keep the default for new games.
UndoMode = Literal["safe", "free"]


class StorageError(Exception):
    """A game file that cannot be read or written; ``str(error)`` is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# Who sits in a seat: a person or a computer player of that level.
SeatKind = Literal["human", "random", "easy", "medium", "hard"]
# As long as the new game form lets a name be.
NAME_LENGTH = 20
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=NAME_LENGTH)]


class GameForm(msgspec.Struct, frozen=True, kw_only=True):
    """The new game form as last used: the next game starts from it."""

    names: tuple[Name, Name] = ("Player 1", "Player 2")
    kinds: tuple[SeatKind, SeatKind] = ("human", "human")
    sides: Annotated[str, msgspec.Meta(pattern="^[AB]{4}$")] = "AAAA"
    starter: Literal[0, 1] | None = 0  # None: chosen at random


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """App-wide settings (settings.json)."""

    version: int = SETTINGS_VERSION
    show_guide: bool = True  # the first-game guide
    ascii: bool = False
    undo_mode: UndoMode = "safe"  # the default for new games
    new_game: GameForm = GameForm()


# Locations ----------------------------------------------------------------


def data_dir() -> Path:
    """Where saves and settings live; ``$IMHOTEP_DATA_DIR`` overrides."""
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
            f"{path.name}: cannot write to {path.parent}: {os_error_reason(exc)}"
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
                f"{path.name}: could not be written: {os_error_reason(exc)}"
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
    except FileNotFoundError:
        raise StorageError(f"{label}: no such file") from None
    except OSError as exc:
        raise StorageError(f"{label}: cannot be read: {os_error_reason(exc)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise StorageError(f"{label}: is a folder, not a save file")
    # A FIFO or device would block or never end; check before opening.
    if not stat.S_ISREG(info.st_mode):
        raise StorageError(f"{label}: is not a regular file")
    if info.st_size > limit:
        raise StorageError(
            f"{label}: is too large for a save ({_size(info.st_size)}; the limit is {_size(limit)})"
        )
    try:
        with path.open("rb") as handle:
            # The file may have grown since stat(); never read more than the limit.
            data = handle.read(limit + 1)
    except OSError as exc:
        raise StorageError(f"{label}: cannot be read: {os_error_reason(exc)}") from None
    if len(data) > limit:
        raise StorageError(f"{label}: is too large for a save (over {_size(limit)})")
    return data


# Settings -----------------------------------------------------------------


def read_settings() -> Settings:
    """The app settings; defaults for a missing, damaged or partly invalid file.

    Each field is checked on its own, so one bad value (say ``"ascii": "yes"``)
    falls back to its default without losing the others.
    """
    try:
        # A byte order mark (some Windows editors add one) is harmless.
        data = read_bytes(settings_path(), limit=64 * 1024).removeprefix(b"\xef\xbb\xbf")
        raw = msgspec.json.decode(data)
    except Exception:
        # Settings are a convenience: whatever is wrong, start with the defaults.
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    good: dict[str, Any] = {}
    for field in msgspec.structs.fields(Settings):
        if field.encode_name in raw and field.name != "version":
            try:
                msgspec.convert({field.encode_name: raw[field.encode_name]}, Settings)
            except msgspec.ValidationError:
                continue
            good[field.encode_name] = raw[field.encode_name]
    return msgspec.convert(good, Settings)


def write_settings(settings: Settings) -> None:
    """Write settings.json; StorageError if it cannot be written."""
    data = msgspec.json.format(msgspec.json.encode(settings), indent=2) + b"\n"
    atomic_write(settings_path(), data)


def os_error_reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MiB"
    if count >= 1024:
        return f"{count / 1024:.0f} KiB"
    return f"{count} bytes"
