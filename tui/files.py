"""The app's settings, and the data folder's names the start screen needs.

Kept apart from :mod:`match.saves` and :mod:`match.store` so that opening the
app does not load the rules engine: only a game needs that. The data folder
and safe file writing live in :mod:`match.files` and are offered here too.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from match.files import (
    DATA_DIR_ENV,
    MAX_FILE_BYTES,
    StorageError,
    atomic_write,
    autosave_path,
    data_dir,
    os_error_reason,
    read_bytes,
    saves_dir,
    settings_path,
    store_path,
)
from match.seats import SeatKind, UndoMode

SETTINGS_VERSION = 1
# The language the app speaks: "auto" follows the environment (LC_ALL,
# LC_MESSAGES, LANG); a code chooses one (tui.i18n.LANGUAGES).
Language = Literal["auto", "en", "hu", "de", "ru"]


# Who sits in a seat: a person or a computer player of that level.
# As long as the new game form lets a name be.
NAME_LENGTH = 20
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=NAME_LENGTH)]
# "human" or a computer level of the game (its screens check it is one).
Kind = Annotated[SeatKind, msgspec.Meta(pattern="^[a-z][a-z0-9_]{0,15}$")]


# A table option's name or value as a form keeps it (engine.game.TableOption).
Word = Annotated[str, msgspec.Meta(max_length=16)]


class GameForm(msgspec.Struct, frozen=True, kw_only=True):
    """The new game form as last used, for any game: the next game starts from it.

    ``options`` are the game's table options by name, as its form left them
    (engine.game.TableOption); the game's form checks each against its own,
    since this is text from disk.
    """

    kind: Word = ""  # the game ("": the product's default game)
    names: tuple[Name, ...] = ("Player 1", "Player 2")
    kinds: tuple[Kind, ...] = ("human", "human")
    options: dict[Word, Word] = {}
    hints: bool = False  # hints against another terminal (a rule of the table)


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """App-wide settings (settings.json)."""

    version: int = SETTINGS_VERSION
    show_guide: bool = True  # the first-game guide
    ascii: bool = False
    undo_mode: UndoMode = "safe"  # the default for new games
    lang: Language = "auto"  # --lang overrides it for one run
    new_game: GameForm = GameForm()
    # Each game's own settings, by its kind: the game's screens say what they
    # are and read them (for the Duel, tui/duel/settings.py).
    games: dict[Annotated[str, msgspec.Meta(max_length=16)], dict[str, bool]] = {}


# Settings -----------------------------------------------------------------


def read_settings() -> Settings:
    """The app settings; defaults for a missing, damaged or partly invalid file.

    Each field is checked on its own, so one bad value (say ``"ascii": "yes"``)
    falls back to its default without losing the others.
    """
    path = settings_path()
    if not path.exists():
        # The first start: no error to word (which would load the engine's
        # message type before the start screen needs it).
        return Settings()
    try:
        # A byte order mark (some Windows editors add one) is harmless.
        data = read_bytes(path, limit=64 * 1024).removeprefix(b"\xef\xbb\xbf")
        raw = msgspec.json.decode(data)
    except Exception:
        # Settings are a convenience: whatever is wrong, start with the defaults.
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    if isinstance(raw.get("new_game"), dict):
        raw["new_game"] = _form_of_old(raw["new_game"])
    good: dict[str, Any] = {}
    for field in msgspec.structs.fields(Settings):
        if field.encode_name in raw and field.name != "version":
            try:
                msgspec.convert({field.encode_name: raw[field.encode_name]}, Settings)
            except msgspec.ValidationError:
                continue
            good[field.encode_name] = raw[field.encode_name]
    return msgspec.convert(good, Settings)


def _form_of_old(form: dict[str, Any]) -> dict[str, Any]:
    """A remembered form as this version keeps it: a form written before
    forms kept their game's options by name held each option as a field of
    its own (the one game there was then), and a random starter as null."""
    known = {field.encode_name for field in msgspec.structs.fields(GameForm)}
    old = {key: value for key, value in form.items() if key not in known}
    if not old:
        return form
    options = dict(form.get("options") or {})
    for key, value in old.items():
        if value is None:
            options.setdefault(key, "random")
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            options.setdefault(key, str(value))
    return {**{k: v for k, v in form.items() if k in known}, "options": options}


def write_settings(settings: Settings) -> None:
    """Write settings.json; StorageError if it cannot be written."""
    data = msgspec.json.format(msgspec.json.encode(settings), indent=2) + b"\n"
    atomic_write(settings_path(), data)


__all__ = [
    "DATA_DIR_ENV",
    "MAX_FILE_BYTES",
    "NAME_LENGTH",
    "GameForm",
    "SeatKind",
    "Settings",
    "StorageError",
    "UndoMode",
    "atomic_write",
    "autosave_path",
    "data_dir",
    "os_error_reason",
    "read_bytes",
    "read_settings",
    "saves_dir",
    "settings_path",
    "store_path",
    "write_settings",
]
