"""The JSON save format: named saves, exported records, and reading old files.

Plain functions, no widgets (frogmouth keeps its load/save in ``data/`` the
same way). Games in progress live in the store (:mod:`match.store`); files
are how games travel and how players keep a game under a name::

    <data dir>/saves/<name>.json   named saves
    <data dir>/autosave.json       the game in progress of versions before the
                                   store (read once, see :mod:`match.legacy`)

A save names its game (``kind``) and holds that game's own record (its
set-up and every action, undone ones included), who sits in each seat and
where the cursor stands: any game of the registry (:mod:`engine.games`) is
saved and read back the same way, through the contract. Version 1 saves,
written before there was a second game, are the Duel's and still load; an
exported record is the game's own, whose ``format`` names the game.

Every failure to read or write a game raises :class:`StorageError`, whose
message names the file and the problem, and nothing else. Reading never
changes a file; writing goes through :func:`atomic_write`, so a crash leaves
either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import hashlib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from engine.game import AnyGame, RecordError
from engine.games import GAMES
from engine.message import msg
from match.clean import clean_name, clean_text
from match.files import (
    MAX_FILE_BYTES,
    StorageError,
    atomic_write,
    autosave_path,
    data_dir,
    os_error_reason,
    read_bytes,
    saves_dir,
)
from match.history import History
from match.seats import UndoMode

if TYPE_CHECKING:
    from match.store import Store

SAVE_FORMAT = "imhotep-duel-save"
# Version 2 names the game (``kind``) and has a name and a player for each of
# its seats; version 1 is a Duel's, of two.
SAVE_VERSION = 2
READABLE_SAVE_VERSIONS = (1, 2)
# The game of a version 1 save: the one game there was when it was written.
_VERSION_1_KIND = "duel"
MAX_NAME_LENGTH = 64

# "human" or a computer level of the game (ai.players); plain text, so that
# saves do not depend on ai/.
PlayerKind = str


# File formats -------------------------------------------------------------


class GameSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Per-game options stored with a save."""

    undo_mode: UndoMode = "safe"
    ascii: bool = False


class SaveFile(msgspec.Struct, frozen=True, kw_only=True):
    """A saved game: its game's record plus who plays and where the cursor is.

    ``kind`` names the game (version 1 has none: a Duel); ``record`` is that
    game's own record as JSON, and includes steps that were undone;
    ``cursor`` says how many of its actions lead to the position on screen,
    so redo survives a reload. ``names`` and ``players`` have one entry per
    seat (none given: "Player N", a person). Unknown fields are ignored so
    that a later writer of this version can add one.
    """

    format: str = SAVE_FORMAT
    version: int = SAVE_VERSION
    kind: str | None = None
    record: msgspec.Raw
    names: tuple[str, ...] = ()
    players: tuple[PlayerKind, ...] = ()
    settings: GameSettings = GameSettings()
    saved_at: str = ""  # ISO 8601, UTC
    cursor: int | None = None  # None: the end of the record


class _Header(msgspec.Struct):
    # Read leniently first so that a record, another version or another kind of
    # JSON gets a message about that, not about whichever field fails.
    format: Any = None
    version: Any = None


@dataclass(frozen=True)
class LoadedGame:
    """A save file read and replayed.

    ``states`` holds every state of ``save.record`` (redo list included);
    ``history`` stands at the saved cursor.
    """

    path: Path
    save: SaveFile
    states: tuple[Any, ...]
    history: History
    kind: Literal["save", "record"] = "save"

    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def game(self) -> AnyGame:
        """The rules the game is played by."""
        return self.history.game


@dataclass(frozen=True)
class SaveSummary:
    """One line of the load screen. ``error`` is set, and the rest mostly None,
    for a file that cannot be read."""

    name: str
    path: Path
    modified: datetime | None
    names: tuple[str, ...] | None = None
    players: tuple[str, ...] | None = None
    scores: tuple[int, ...] | None = None
    to_move: int | None = None  # a seat; -1 when finished
    game: str | None = None  # the game's kind
    finished: bool = False
    moves: int = 0  # actions up to the saved cursor
    saved_at: str = ""
    error: str | None = None


_encoder = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(_Header)
_save_decoder = msgspec.json.Decoder(SaveFile)


# Locations ----------------------------------------------------------------


def save_path(name: str) -> Path:
    """The file of the named save (after :func:`sanitize_name`)."""
    return saves_dir() / f"{sanitize_name(name)}.json"


_FORBIDDEN = set('<>:"/\\|?*')
_RESERVED = {"CON", "PRN", "AUX", "NUL"} | {f"{p}{d}" for p in ("COM", "LPT") for d in range(10)}


def sanitize_name(name: str) -> str:
    """A save name that is safe as a file name on every system.

    Keeps letters of any script, digits, spaces and most punctuation; replaces
    path separators, control characters and characters Windows forbids with
    ``-``; drops leading dots (no ``..``, no hidden files), a typed ``.json``
    suffix and trailing dots and spaces. Raises StorageError if nothing is left.
    """
    text = unicodedata.normalize("NFC", name)
    chars = []
    for ch in text:
        if ch.isspace():
            chars.append(" ")
        elif ch in _FORBIDDEN or unicodedata.category(ch)[0] == "C":
            chars.append("-")
        else:
            chars.append(ch)
    cleaned = " ".join("".join(chars).split())
    if cleaned.lower().endswith(".json"):
        cleaned = cleaned[: -len(".json")]
    cleaned = cleaned.lstrip(". -").rstrip(". ")
    cleaned = cleaned[:MAX_NAME_LENGTH].rstrip(". ")
    if not cleaned or not any(ch.isalnum() for ch in cleaned):
        raise StorageError(msg("a save needs a name with at least one letter or digit"))
    if cleaned.split(".")[0].upper() in _RESERVED:
        cleaned = f"{cleaned}_"
    return cleaned


# Writing ------------------------------------------------------------------


def make_save(
    history: History,
    *,
    names: tuple[str, ...],
    players: tuple[PlayerKind, ...],
    settings: GameSettings | None = None,
) -> SaveFile:
    """The save file for ``history``, stamped with the current time."""
    if settings is None:
        settings = GameSettings(undo_mode=history.undo_mode)
    return SaveFile(
        kind=history.game.kind,
        record=msgspec.Raw(history.encode_record(redo=True)),
        names=names,
        players=players,
        settings=settings,
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        cursor=history.cursor,
    )


def encode_save(save: SaveFile) -> bytes:
    """A save as indented JSON that a person can read and edit."""
    return msgspec.json.format(_encoder.encode(save), indent=2) + b"\n"


def write_save_file(path: Path, save: SaveFile) -> Path:
    atomic_write(path, encode_save(save))
    return path


def write_game(
    path: Path,
    history: History,
    *,
    names: tuple[str, ...],
    players: tuple[PlayerKind, ...],
    settings: GameSettings | None = None,
) -> Path:
    """Save the game atomically to ``path``: :func:`save_path` for a named save
    (replacing one of that name), :func:`autosave_path` after every step."""
    save = make_save(history, names=names, players=players, settings=settings)
    return write_save_file(path, save)


def save_game_as(
    name: str,
    history: History,
    *,
    names: tuple[str, ...],
    players: tuple[PlayerKind, ...],
    ascii: bool = False,
    replace: bool = False,
    kept_in: tuple[Store, int] | None = None,
) -> Path | None:
    """Keep the game under a name the player chose (the game screen's save).

    None, writing nothing, when a save of that name exists and ``replace``
    is False: the player is asked first. Every failure is a StorageError
    that names the file (a store that cannot be written to raises its
    StoreError, and no file is written). ``kept_in``: the store and game id
    that already keep this game, so that the file is never brought in again.
    """
    path = save_path(name)
    try:
        taken = path.exists()
    except OSError as exc:
        label = clean_text(path.name, 200)
        raise StorageError(
            msg("{label}: {problem}", label=label, problem=os_error_reason(exc))
        ) from None
    if taken and not replace:
        return None
    settings = GameSettings(undo_mode=history.undo_mode, ascii=ascii)
    data = encode_save(make_save(history, names=names, players=players, settings=settings))
    if kept_in is not None:
        # The game is in the store already: the file must never be brought in
        # as another game at the next start (match.legacy reads saves/). The
        # mark comes first, so a crash between the two leaves no file unmarked.
        store, game_id = kept_in
        store.mark_kept(hashlib.sha256(data).hexdigest(), game_id, f"save:{path.name}")
    atomic_write(path, data)
    return path


def save_exists(name: str) -> bool:
    return save_path(name).exists()


def delete_save(path: Path) -> None:
    """Remove a save (the load screen's delete); a missing file is not an error."""
    try:
        Path(path).unlink(missing_ok=True)
    except OSError as exc:
        raise StorageError(
            msg(
                "{label}: could not be deleted: {reason}",
                label=Path(path).name,
                reason=os_error_reason(exc),
            )
        ) from None


def export_record(path: Path, history: History) -> Path:
    """Write the game's own record (set-up plus the actions played), e.g. to
    share a game; its ``format`` names the game."""
    atomic_write(Path(path), history.encode_record())
    return Path(path)


# Reading ------------------------------------------------------------------


def read_save(path: Path) -> LoadedGame:
    """Read and replay a save file; StorageError for anything wrong with it."""
    path = Path(path)
    with _errors_named(path):
        data = read_bytes(path)
        return _load_save(path, _check_text(data))


def read_autosave() -> LoadedGame | None:
    """The autosaved game, or None if there is none; StorageError if it is damaged."""
    path = autosave_path()
    if not path.exists() and not path.is_symlink():
        return None
    return read_save(path)


def import_file(path: Path) -> LoadedGame:
    """Open a save file or a bare engine record (from :func:`export_record`)."""
    path = Path(path)
    with _errors_named(path):
        data = _check_text(read_bytes(path))
        header = _read_header(data)
        rules = _record_game(header.format)
        if rules is not None:
            return _load_record(path, data, rules)
        return _load_save(path, data, header)


def list_saves() -> list[SaveSummary]:
    """Every named save, newest first; unreadable files are listed with their error."""
    directory = saves_dir()
    try:
        entries = [
            entry
            for entry in directory.iterdir()
            if entry.suffix == ".json" and not entry.name.startswith(".")
        ]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StorageError(
            msg(
                "{folder}: cannot list saves: {reason}",
                folder=str(directory),
                reason=os_error_reason(exc),
            )
        ) from None
    summaries = [summarize(entry) for entry in entries]
    summaries.sort(key=lambda s: s.modified or datetime.min.replace(tzinfo=UTC), reverse=True)
    return summaries


def summarize(path: Path) -> SaveSummary:
    """A :class:`SaveSummary` for one file; never raises."""
    path = Path(path)
    # A file name is anyone's text too (a file copied in from elsewhere).
    name = clean_text(path.stem, MAX_NAME_LENGTH) or "?"
    try:
        modified: datetime | None = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except (OSError, OverflowError, ValueError):
        modified = None  # no file, or a time no calendar holds
    try:
        loaded = read_save(path)
    except StorageError as exc:
        return SaveSummary(name=name, path=path, modified=modified, error=exc.reason)
    state = loaded.state
    rules = loaded.game
    return SaveSummary(
        name=name,
        path=path,
        modified=modified,
        names=loaded.save.names,
        players=loaded.save.players,
        scores=rules.totals(state),
        to_move=rules.current_player(state),
        finished=rules.over(state),
        game=rules.kind,
        moves=loaded.history.cursor,
        saved_at=loaded.save.saved_at,
    )


# Internals ----------------------------------------------------------------


@contextlib.contextmanager
def _errors_named(path: Path) -> Iterator[None]:
    """Turn every failure while reading ``path`` into a StorageError naming it.

    The loaders below already say what went wrong; this is the guarantee that
    a file crafted to hit some unforeseen corner (a decoder recursion limit, an
    engine bug) still gives the player a message rather than a traceback.
    """
    label = clean_text(path.name or str(path), 200)
    try:
        yield
    except StorageError:
        raise
    except RecordError as exc:
        raise StorageError(msg("{label}: {problem}", label=label, problem=exc.reason)) from None
    except RecursionError:
        raise StorageError(msg("{label}: is nested too deeply to be a save", label=label)) from None
    except MemoryError:
        raise StorageError(msg("{label}: is too large to read", label=label)) from None
    except Exception as exc:
        raise StorageError(
            msg(
                "{label}: cannot be read ({error})",
                label=label,
                error=f"{type(exc).__name__}: {exc}",
            )
        ) from None


def _check_text(data: bytes) -> bytes:
    # Editors on Windows may add a byte order mark; it is harmless.
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise RecordError(msg("the file is empty"))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            msg(
                "is not UTF-8 text (byte {byte}); it is not a save file or it is damaged",
                byte=exc.start,
            )
        ) from None
    return data


def _read_header(data: bytes) -> _Header:
    try:
        return _header_decoder.decode(data)
    except msgspec.ValidationError:
        raise RecordError(msg("is not an Imhotep save (not a JSON object)")) from None
    except msgspec.DecodeError as exc:
        raise RecordError(
            msg("is not readable JSON ({error}); the file may be truncated", error=str(exc))
        ) from None


def _record_game(format: object) -> AnyGame | None:
    """The game whose own records have the format ``format``, if any."""
    for rules in GAMES.values():
        if rules.record_format == format:
            return rules
    return None


def _load_save(path: Path, data: bytes, header: _Header | None = None) -> LoadedGame:
    if header is None:
        header = _read_header(data)
    if _record_game(header.format) is not None:
        raise RecordError(msg("is a game record, not a save; open it with import"))
    if header.format != SAVE_FORMAT:
        raise RecordError(msg("is not an Imhotep save (no 'format' field of a save)"))
    if header.version not in READABLE_SAVE_VERSIONS:
        raise RecordError(
            msg(
                "save version {version} is not supported (this program reads version {ours})",
                version=repr(header.version),
                ours=", ".join(map(str, READABLE_SAVE_VERSIONS)),
            )
        )
    try:
        save = _save_decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise RecordError(msg("invalid save: {error}", error=str(exc))) from None
    except msgspec.DecodeError as exc:
        raise RecordError(msg("is not readable JSON ({error})", error=str(exc))) from None
    kind = save.kind if save.version >= 2 else _VERSION_1_KIND
    if kind is None:
        raise RecordError(msg("invalid save: {error}", error="no 'kind' names its game"))
    rules = GAMES.get(kind)
    if rules is None:
        raise RecordError(
            msg("is a save of {kind}, a game this version does not have", kind=repr(kind)[:40])
        )
    record = _record_header(save.record)
    if record.format != rules.record_format:
        raise RecordError(
            msg(
                "the game record inside has format {format} version {version}, "
                "which this program does not read",
                format=repr(record.format)[:60],
                version=repr(record.version)[:20],
            )
        )
    setup, states, actions = rules.load_record(bytes(save.record))
    cursor = save.cursor
    if cursor is not None and not 0 <= cursor <= len(actions):
        raise RecordError(
            msg(
                "cursor {cursor} is outside the record (0 to {moves} moves)",
                cursor=cursor,
                moves=len(actions),
            )
        )
    history = History.from_states(
        rules, setup, states, actions, cursor=cursor, undo_mode=save.settings.undo_mode
    )
    seats = rules.seats(setup)
    names, players = save.names, save.players
    _check_seats(names, players, seats, rules.kind)
    # The names go on the other player's screen and into the store: clean them
    # here, once, as the file is read.
    save = msgspec.structs.replace(
        save,
        kind=rules.kind,
        names=tuple(clean_name(names[i] if names else "", f"Player {i + 1}") for i in range(seats)),
        players=players or ("human",) * seats,
        saved_at=clean_text(save.saved_at, 40),
    )
    return LoadedGame(path=path, save=save, states=history.all_states, history=history)


def _check_seats(names: tuple[str, ...], players: tuple[str, ...], seats: int, kind: str) -> None:
    """One name and one player for each seat (or none), each player a person
    or a computer level the game has."""
    from ai.players import levels

    for field, values in (("names", names), ("players", players)):
        if len(values) not in (0, seats):
            raise RecordError(
                msg(
                    "invalid save: {error}",
                    error=f"{len(values)} entries for {seats} seats - at `$.{field}`",
                )
            )
    known = {"human", *levels(kind)}
    for index, player in enumerate(players):
        if player not in known:
            raise RecordError(
                msg(
                    "invalid save: {error}",
                    error=f"{player[:20]!r} plays no seat of this game - at `$.players[{index}]`",
                )
            )


def _record_header(raw: msgspec.Raw) -> _Header:
    try:
        return _header_decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError):
        raise RecordError(
            msg("invalid save: {error}", error="the record is not a JSON object")
        ) from None


def _load_record(path: Path, data: bytes, rules: AnyGame) -> LoadedGame:
    setup, states, actions = rules.load_record(data)  # the game's own checks and messages
    history = History.from_states(rules, setup, states, actions)
    seats = rules.seats(setup)
    save = SaveFile(
        kind=rules.kind,
        record=msgspec.Raw(history.encode_record(redo=True)),
        names=tuple(f"Player {i + 1}" for i in range(seats)),
        players=("human",) * seats,
        cursor=history.cursor,
    )
    return LoadedGame(
        path=path, save=save, states=history.all_states, history=history, kind="record"
    )


__all__ = [
    "MAX_FILE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "GameSettings",
    "LoadedGame",
    "PlayerKind",
    "SaveFile",
    "SaveSummary",
    "StorageError",
    "atomic_write",
    "autosave_path",
    "data_dir",
    "delete_save",
    "encode_save",
    "export_record",
    "import_file",
    "list_saves",
    "make_save",
    "read_autosave",
    "read_bytes",
    "read_save",
    "sanitize_name",
    "save_exists",
    "save_path",
    "saves_dir",
    "summarize",
    "write_game",
    "write_save_file",
]
