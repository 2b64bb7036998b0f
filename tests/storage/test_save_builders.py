"""Saves and exported records name their game: a Builders game of three comes back as one."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine.games import game
from match import saves
from match.history import History

BUILDERS = game("builders")


def _history(plies: int) -> History:
    rng = random.Random(4)
    history = History.start(BUILDERS, BUILDERS.deal(3, rng, {"variant": "yes"}), undo_mode="free")
    for _ in range(plies):
        history.push(rng.choice(list(BUILDERS.legal_actions(history.state))))
    history.undo()
    return history


def test_a_builders_save_comes_back_with_its_seats_and_cursor(data_dir: Path) -> None:
    history = _history(30)
    path = saves.write_game(
        saves.save_path("three"),
        history,
        names=("Ann", "Bob", "Cy"),
        players=("human", "human", "hard"),
    )
    data = json.loads(path.read_bytes())
    assert data["kind"] == "builders" and data["record"]["format"] == BUILDERS.record_format
    loaded = saves.read_save(path)
    assert loaded.game is BUILDERS
    assert loaded.save.names == ("Ann", "Bob", "Cy")
    assert loaded.save.players == ("human", "human", "hard")
    assert loaded.history.cursor == history.cursor and loaded.history.can_redo
    assert loaded.state == history.state
    (summary,) = saves.list_saves()
    assert summary.game == "builders" and summary.scores == BUILDERS.totals(history.state)


def test_a_builders_record_is_exported_and_imported_as_builders(tmp_path: Path) -> None:
    history = _history(20)
    path = saves.export_record(tmp_path / "game.json", history)
    loaded = saves.import_file(path)
    assert loaded.kind == "record" and loaded.game is BUILDERS
    assert loaded.save.names == ("Player 1", "Player 2", "Player 3")
    assert loaded.state == history.state


def test_a_save_naming_too_few_seats_is_refused(data_dir: Path) -> None:
    path = saves.write_game(
        saves.save_path("two of three"),
        _history(5),
        names=("Ann", "Bob"),
        players=("human", "human"),
    )
    try:
        saves.read_save(path)
    except saves.StorageError as exc:
        assert "$.names" in exc.reason
    else:
        raise AssertionError("a save of three seats naming two was read")
