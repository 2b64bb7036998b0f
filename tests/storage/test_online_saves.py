"""The online rules kept in saves and exported records; old files read as classic."""

from __future__ import annotations

import json
from pathlib import Path

from save_helpers import record_of

from engine.duel import GameRecord, Place, Setup, Unload, legal_actions
from engine.duel.game import DUEL
from match import saves
from match.history import History


def online_history() -> History:
    history = History.start(DUEL, Setup(seed=5, sides="BABA", rules="online"))
    while not any(isinstance(a, Unload) for a in legal_actions(history.state)):
        history.push(next(a for a in legal_actions(history.state) if isinstance(a, Place)))
    return history


def test_a_save_keeps_the_rules(data_dir: Path) -> None:
    history = online_history()
    path = saves.write_game(
        saves.save_path("online"), history, names=("Ann", "Bob"), players=("human", "human")
    )
    assert json.loads(path.read_bytes())["record"]["setup"]["rules"] == "online"
    loaded = saves.read_save(path)
    assert loaded.history.setup.rules == "online"
    assert loaded.state == history.state
    assert loaded.state.rules == "online"


def test_an_exported_record_keeps_the_rules(data_dir: Path) -> None:
    history = online_history()
    data_dir.mkdir(parents=True, exist_ok=True)
    path = saves.export_record(data_dir / "game.json", history)
    loaded = saves.import_file(path)
    assert loaded.kind == "record"
    assert loaded.state.rules == "online"


def test_a_save_written_before_the_option_loads_as_classic(data_dir: Path) -> None:
    # A save of the earlier version: its record is version 1 and has no rules.
    data = {
        "format": "imhotep-duel-save",
        "version": 1,
        "record": {
            "format": "imhotep-duel-record",
            "version": 1,
            "setup": {"seed": 5, "deck": None, "sides": "BABA", "starter": 0},
            "actions": ["P1", "P5"],
        },
        "names": ["Ann", "Bob"],
        "players": ["human", "human"],
    }
    path = data_dir / "old.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    loaded = saves.read_save(path)
    assert loaded.state.rules == "classic"
    assert loaded.state.ply == 2
    assert record_of(loaded) == GameRecord(
        version=1, setup=Setup(seed=5, sides="BABA"), actions=("P1", "P5")
    )
