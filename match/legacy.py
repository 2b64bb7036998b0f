"""Bring the games of versions before the store into it, once.

Those versions kept the game in progress in ``autosave.json`` and every other
game as a named save in ``saves/``. Each readable file becomes a game in the
store, marked by a digest of its bytes in the same transaction, so a file is
never brought in twice and a crash halfway loses nothing. The files
themselves are left where they are: named saves stay usable as files, and an
old version started later still finds its autosave.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from match.clean import clean_name
from match.files import StorageError, autosave_path, read_bytes, saves_dir
from match.seats import HUMAN, Seat, local_player
from match.store import Store, StoreError

# The engine is loaded only when there is something to bring in: the app asks
# waiting_files() at every start.
if TYPE_CHECKING:
    from match.saves import LoadedGame


@dataclass
class Imported:
    """What :func:`bring_in` did."""

    games: list[int] = field(default_factory=list)  # new game ids
    problems: list[str] = field(default_factory=list)  # files left out, and why


def legacy_files() -> list[Path]:
    """The autosave first, then the named saves in name order."""
    files = [autosave_path()] if autosave_path().is_file() else []
    with contextlib.suppress(OSError):
        files += sorted(p for p in saves_dir().glob("*.json") if not p.name.startswith("."))
    return files


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(read_bytes(path)).hexdigest()
    except StorageError:
        return None


def waiting_files(store: Store) -> list[Path]:
    """The files not brought in yet (unreadable ones included, to report them once)."""
    waiting = []
    for path in legacy_files():
        digest = _digest(path)
        if digest is not None and not store.was_imported(digest):
            waiting.append(path)
    return waiting


def bring_in(store: Store, *, me: str | None = None, files: list[Path] | None = None) -> Imported:
    """Copy every save file not brought in before into ``store``.

    A file that cannot be read is left out and named in ``problems``; a
    store that cannot be written stops the work (StoreError) with every game
    copied so far kept.
    """
    from match.saves import read_save

    me = me or local_player()
    result = Imported()
    for path in legacy_files() if files is None else files:
        try:
            data = read_bytes(path)
        except StorageError as exc:
            result.problems.append(exc.reason)
            continue
        digest = hashlib.sha256(data).hexdigest()
        if store.was_imported(digest):
            continue
        try:
            loaded = read_save(path)
        except StorageError as exc:
            result.problems.append(exc.reason)
            store.skip_file(digest, path.name)
            continue
        result.games.append(_copy(store, loaded, digest, me))
    return result


def _copy(store: Store, loaded: LoadedGame, digest: str, me: str) -> int:
    from match.stored import encode_setup, summary_of

    save = loaded.save
    seats = tuple(
        Seat(
            name=clean_name(name, f"Player {index + 1}"),
            kind=kind,
            owner=me if kind == HUMAN else None,
        )
        for index, (name, kind) in enumerate(zip(save.names, save.players, strict=True))
    )
    states = loaded.states
    history = loaded.history
    rules = history.game
    source = loaded.path.name if loaded.path != autosave_path() else "autosave.json"
    try:
        modified = loaded.path.stat().st_mtime
    except OSError:
        modified = None
    return store.create_game(
        encode_setup(history.setup, rules),
        seats,
        kind=rules.kind,
        undo_mode=history.undo_mode,
        status="over" if rules.over(history.state) else "playing",
        actions=[
            (text, rules.current_player(states[ply]))
            for ply, text in enumerate(history.full_notation)
        ],
        cursor=history.cursor,
        summary=summary_of(history.state, rules),
        created_at=modified,
        imported=(digest, source),
    )


__all__ = ["Imported", "StoreError", "bring_in", "legacy_files", "waiting_files"]
