"""Text inside save files and their names is cleaned as it is read."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from engine.duel import GameRecord, encode_record
from engine.duel.game import DUEL
from match import saves as storage
from match.history import History
from match.store import Store
from tui.duel.screens.new_game import GameOptions
from tui.files import GameForm

ESC = "\x1b"
EVIL = f"Ann{ESC}]52;c;SGVsbG8=\x07{ESC}[2J\u202eevil"


def test_names_in_a_save_are_cleaned_as_it_is_read(data_dir: Path, full_record: GameRecord) -> None:
    history = History.from_record(DUEL, encode_record(full_record), cursor=10)
    path = storage.write_game(
        storage.save_path("duel"), history, names=(EVIL, "\u200b"), players=("human", "easy")
    )
    assert b"\\u001b]52;c;SGVsbG8=" in path.read_bytes()  # the file holds it as written
    loaded = storage.read_save(path)
    assert loaded.save.names == ("Annevil", "Player 2")
    (summary,) = storage.list_saves()
    assert summary.names == ("Annevil", "Player 2")
    # Brought into the store, the names are the clean ones.
    from match.legacy import bring_in

    with Store.open(data_dir / "games.sqlite3") as store:
        (game,) = bring_in(store, me="local:ann", files=[path]).games
        assert store.game(game).seats[0].name == "Annevil"


class _FarFuture(datetime):
    """A calendar that cannot hold the file's time (as a huge mtime on some file systems)."""

    @classmethod
    def fromtimestamp(cls, *args: object, **kwargs: object) -> datetime:  # type: ignore[override]
        raise OverflowError("timestamp out of range for platform time_t")


def test_a_save_file_name_and_time_are_shown_harmlessly(
    data_dir: Path, full_record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = History.from_record(DUEL, encode_record(full_record), cursor=4)
    name = f"x{ESC}]0;title\x07y"
    path = storage.saves_dir() / f"{name}.json"
    storage.write_game(path, history, names=("Ann", "Bob"), players=("human", "human"))
    broken = storage.saves_dir() / f"{name}2.json"
    broken.write_text("{", encoding="utf-8")
    monkeypatch.setattr(storage, "datetime", _FarFuture)
    summaries = {s.path: s for s in storage.list_saves()}
    assert summaries[path].name == "xy"
    assert summaries[path].modified is None
    assert summaries[broken].name == "xy2"
    assert summaries[broken].error is not None and ESC not in summaries[broken].error


def test_remembered_names_go_into_the_form_cleaned() -> None:
    options = GameOptions.from_form(GameForm(names=(EVIL[:24], "Bob")))
    assert ESC not in options.names[0] and "\u202e" not in options.names[0]
    assert options.names[1] == "Bob"
