"""saves.save_game_as: the game screen's save, without the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.duel import GameRecord, parse_action
from engine.duel.game import DUEL
from match import saves
from match.history import History

PEOPLE = ("human", "human")


def _played(make_record: Callable[..., GameRecord], steps: int) -> History:
    record = make_record(5, steps)
    history = History.start(DUEL, record.setup)
    for text in record.actions:
        history.push(parse_action(text))
    return history


def test_a_new_name_is_written_and_reads_back(
    data_dir: Path, make_record: Callable[..., GameRecord]
) -> None:
    history = _played(make_record, 12)
    path = saves.save_game_as(
        "Ann v Bob", history, names=("Ann", "Bob"), players=("human", "easy"), ascii=True
    )
    assert path == saves.save_path("Ann v Bob")
    loaded = saves.read_save(path)
    assert loaded.history.state == history.state
    assert loaded.save.names == ("Ann", "Bob")
    assert loaded.save.players == ("human", "easy")
    assert loaded.save.settings.ascii


def test_a_name_in_use_is_replaced_only_when_asked(
    data_dir: Path, make_record: Callable[..., GameRecord]
) -> None:
    first, later = _played(make_record, 4), _played(make_record, 9)
    names = ("Ann", "Bob")
    path = saves.save_game_as("game", first, names=names, players=("human", "human"))
    assert path is not None
    before = path.read_bytes()
    assert saves.save_game_as("game", later, names=names, players=("human", "human")) is None
    assert path.read_bytes() == before  # the player is asked first
    again = saves.save_game_as("game", later, names=names, players=("human", "human"), replace=True)
    assert again == path
    assert saves.read_save(path).history.state == later.state


def test_a_name_that_cannot_be_a_file_is_a_storage_error(
    data_dir: Path, make_record: Callable[..., GameRecord]
) -> None:
    with pytest.raises(saves.StorageError):
        saves.save_game_as("...", _played(make_record, 2), names=("A", "B"), players=PEOPLE)
    assert not (data_dir / "saves").exists() or not list((data_dir / "saves").iterdir())


def test_a_folder_that_cannot_be_looked_in_is_a_storage_error(
    data_dir: Path, make_record: Callable[..., GameRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(self: Path, *args: object, **kwargs: object) -> bool:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "exists", refused)
    with pytest.raises(saves.StorageError) as caught:
        saves.save_game_as("game", _played(make_record, 2), names=("A", "B"), players=PEOPLE)
    assert "game.json" in str(caught.value)
