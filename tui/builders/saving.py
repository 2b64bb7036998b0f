"""Named saves of a Builders game, until the match layer's saves carry any game.

``match/saves.py`` writes the Duel's format only (issue #30, part 0, moves it
to ``{kind, setup, actions, seats, cursor}``). A Builders save is written here
in that shape, so that it reads back today and the game-neutral reader can
take it over: the game's kind, the engine's own record (set-up and every
decision, undone ones too), the seats' names and kinds, and the cursor.
Reading replays the record through the engine's checked path.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import msgspec

from engine.builders.game import BUILDERS
from engine.game import RecordError
from engine.message import msg
from match.clean import clean_name
from match.files import StorageError, atomic_write, os_error_reason, read_bytes
from match.history import History
from match.saves import save_path

SAVE_FORMAT = "imhotep-save"
SAVE_VERSION = 1
KIND = "builders"


class BuildersSave(msgspec.Struct, frozen=True, kw_only=True):
    format: str = SAVE_FORMAT
    version: int = SAVE_VERSION
    kind: str = KIND
    record: msgspec.Raw
    names: tuple[str, ...]
    players: tuple[str, ...]
    cursor: int
    saved_at: str = ""


def encode_save(history: History, names: tuple[str, ...], players: tuple[str, ...]) -> bytes:
    save = BuildersSave(
        record=msgspec.Raw(history.encode_record(redo=True)),
        names=names,
        players=players,
        cursor=history.cursor,
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    return msgspec.json.format(msgspec.json.encode(save), indent=2) + b"\n"


def save_game_as(
    name: str,
    history: History,
    *,
    names: tuple[str, ...],
    players: tuple[str, ...],
    replace: bool = False,
) -> Path | None:
    """Keep the game under ``name``; None (nothing written) if that name is
    taken and ``replace`` is False. Failures are StorageErrors naming the file."""
    path = save_path(name)
    try:
        taken = path.exists()
    except OSError as exc:
        raise StorageError(
            msg("{label}: {problem}", label=path.name, problem=os_error_reason(exc))
        ) from None
    if taken and not replace:
        return None
    atomic_write(path, encode_save(history, names, players))
    return path


def read_save(path: Path) -> tuple[History, tuple[str, ...], tuple[str, ...]]:
    """The game in a Builders save: its history at the saved cursor, the
    seats' names (cleaned: a file's text is not trusted) and kinds."""
    data = read_bytes(path)
    try:
        save = msgspec.json.decode(data, type=BuildersSave)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError) as exc:
        raise RecordError(msg("not a save ({error})", error=str(exc)[:200])) from None
    if save.format != SAVE_FORMAT or save.kind != KIND or save.version != SAVE_VERSION:
        raise RecordError(msg("not a save of this game ({error})", error=save.kind[:40]))
    history = History.from_record(BUILDERS, bytes(save.record), cursor=save.cursor)
    seats = history.state.players
    if len(save.names) != seats or len(save.players) != seats:
        raise RecordError(msg("not a save ({error})", error="seats"))
    names = tuple(clean_name(n, f"Player {i + 1}") for i, n in enumerate(save.names))
    kinds = tuple(k if k in ("human", "hard", "remote") else "human" for k in save.players)
    return history, names, kinds
