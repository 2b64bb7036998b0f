"""match.saves and tui.files: saving, loading, listing, exporting, settings and atomic writes."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from save_helpers import record_of, version_1_save, write_record

from engine.duel import GameRecord, current_player, encode_record, replay, score
from engine.duel.game import DUEL
from match import saves as storage
from match.history import History
from match.saves import GameSettings, StorageError
from tui import files
from tui.files import Settings


def files_in(directory: Path) -> set[str]:
    return {p.name for p in directory.rglob("*")}


# Locations ----------------------------------------------------------------


def test_data_dir_follows_the_environment(data_dir: Path) -> None:
    assert storage.data_dir() == data_dir
    assert storage.autosave_path() == data_dir / "autosave.json"
    assert files.settings_path() == data_dir / "settings.json"
    assert storage.save_path("Evening game") == data_dir / "saves" / "Evening game.json"


def test_data_dir_defaults_to_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("IMHOTEP_DATA_DIR", raising=False)
    assert storage.data_dir().name == "imhotep-duel"


# Saving and loading -------------------------------------------------------


def test_save_round_trip(data_dir: Path, full_record: GameRecord) -> None:
    history = History.from_record(DUEL, encode_record(full_record), cursor=30, undo_mode="free")
    path = storage.write_game(
        storage.save_path("duel"),
        history,
        names=("Ada", "Computer"),
        players=("human", "hard"),
        settings=GameSettings(undo_mode="free", ascii=True),
    )
    assert path == data_dir / "saves" / "duel.json"
    loaded = storage.read_save(path)
    assert loaded.kind == "save"
    assert loaded.path == path
    assert record_of(loaded) == full_record
    assert loaded.save.names == ("Ada", "Computer")
    assert loaded.save.players == ("human", "hard")
    assert loaded.save.settings == GameSettings(undo_mode="free", ascii=True)
    assert loaded.save.cursor == 30
    assert loaded.states == tuple(replay(full_record))
    assert loaded.state == loaded.states[30]
    # The undo history survives: redo goes on where the player left off.
    assert loaded.history.undo_mode == "free"
    assert loaded.history.can_redo
    assert loaded.history.redo() == loaded.states[31]


def test_saves_are_readable_json(data_dir: Path, partial_record: GameRecord) -> None:
    path = storage.write_game(
        storage.save_path("readable"),
        History.from_record(DUEL, encode_record(partial_record)),
        names=("A", "B"),
        players=("human", "human"),
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith(
        '{\n  "format": "imhotep-duel-save",\n  "version": 2,\n  "kind": "duel",'
    )
    data = json.loads(text)
    assert data["record"]["actions"] == list(partial_record.actions)
    assert data["cursor"] == len(partial_record.actions)
    assert data["saved_at"].endswith("+00:00")
    # One action per line, so a diff of two saves is readable.
    assert f'      "{partial_record.actions[0]}",\n' in text


def test_settings_default_to_the_history_undo_mode(
    data_dir: Path, partial_record: GameRecord
) -> None:
    history = History.from_record(DUEL, encode_record(partial_record), undo_mode="free")
    path = storage.write_game(
        storage.save_path("x"), history, names=("A", "B"), players=("human", "easy")
    )
    assert storage.read_save(path).save.settings.undo_mode == "free"


def test_a_save_without_cursor_opens_at_the_end(data_dir: Path, partial_record: GameRecord) -> None:
    path = data_dir / "old.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(msgspec.json.encode(version_1_save(partial_record)))
    loaded = storage.read_save(path)
    assert loaded.history.cursor == len(partial_record.actions)
    assert loaded.save.players == ("human", "human")


def test_unknown_fields_in_a_save_are_ignored(data_dir: Path, partial_record: GameRecord) -> None:
    path = data_dir / "newer.json"
    path.parent.mkdir(parents=True)
    data = json.loads(storage.encode_save(version_1_save(partial_record)))
    data["comment"] = "added by a later version"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert record_of(storage.read_save(path)) == partial_record


def test_a_byte_order_mark_is_accepted(data_dir: Path, partial_record: GameRecord) -> None:
    path = data_dir / "notepad.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xef\xbb\xbf" + storage.encode_save(version_1_save(partial_record)))
    assert record_of(storage.read_save(path)) == partial_record


def test_autosave(data_dir: Path, partial_record: GameRecord) -> None:
    assert storage.read_autosave() is None
    history = History.from_record(DUEL, encode_record(partial_record))
    path = storage.write_game(
        storage.autosave_path(), history, names=("A", "B"), players=("human", "medium")
    )
    assert path == data_dir / "autosave.json"
    loaded = storage.read_autosave()
    assert loaded is not None
    assert loaded.state == history.state
    history.undo()
    storage.write_game(
        storage.autosave_path(), history, names=("A", "B"), players=("human", "medium")
    )
    loaded = storage.read_autosave()
    assert loaded is not None
    assert loaded.history.cursor == history.cursor
    storage.delete_save(storage.autosave_path())
    assert storage.read_autosave() is None
    storage.delete_save(storage.autosave_path())  # already gone: fine


def test_save_exists_and_delete(data_dir: Path, partial_record: GameRecord) -> None:
    assert not storage.save_exists("one")
    path = storage.write_game(
        storage.save_path("one"),
        History.from_record(DUEL, encode_record(partial_record)),
        names=("A", "B"),
        players=("human", "human"),
    )
    assert storage.save_exists("one")
    storage.delete_save(path)
    assert not storage.save_exists("one")


def test_overwriting_a_save(data_dir: Path, partial_record: GameRecord) -> None:
    history = History.from_record(DUEL, encode_record(partial_record))
    storage.write_game(
        storage.save_path("same"), history, names=("A", "B"), players=("human", "human")
    )
    history.undo()
    path = storage.write_game(
        storage.save_path("same"), history, names=("C", "D"), players=("human", "human")
    )
    loaded = storage.read_save(path)
    assert loaded.save.names == ("C", "D")
    assert loaded.history.cursor == history.cursor
    assert files_in(data_dir / "saves") == {"same.json"}


# Listing ------------------------------------------------------------------


def test_list_saves(
    data_dir: Path,
    full_record: GameRecord,
    partial_record: GameRecord,
) -> None:
    assert storage.list_saves() == []
    finished = storage.write_game(
        storage.save_path("finished"),
        History.from_record(DUEL, encode_record(full_record)),
        names=("A", "B"),
        players=("human", "easy"),
    )
    ongoing = storage.write_game(
        storage.save_path("ongoing"),
        History.from_record(DUEL, encode_record(partial_record)),
        names=("C", "D"),
        players=("human", "human"),
    )
    broken = data_dir / "saves" / "broken.json"
    broken.write_bytes(b'{"format": "imhotep-duel-save", "vers')
    (data_dir / "saves" / "notes.txt").write_text("not a save")
    (data_dir / "saves" / ".finished.json.abc.tmp").write_text("left by a crash")
    (data_dir / "saves" / ".hidden.json").write_text("{}")
    # Fix the order: broken newest, finished oldest.
    for age, path in enumerate([broken, ongoing, finished]):
        os.utime(path, (1_700_000_000 - age * 100, 1_700_000_000 - age * 100))

    summaries = storage.list_saves()
    assert [s.name for s in summaries] == ["broken", "ongoing", "finished"]
    bad, mid, end = summaries
    assert bad.error is not None and "broken.json" in bad.error
    assert bad.scores is None

    mid_state = replay(partial_record)[-1]
    mid_score = score(mid_state)
    assert mid.error is None
    assert mid.names == ("C", "D")
    assert mid.players == ("human", "human")
    assert mid.scores == (mid_score[0].total, mid_score[1].total)
    assert mid.to_move == current_player(mid_state)
    assert not mid.finished
    assert mid.moves == len(partial_record.actions)
    assert mid.modified is not None and mid.modified.timestamp() == 1_699_999_900

    end_score = score(replay(full_record)[-1])
    assert end.finished
    assert end.to_move == -1
    assert end.scores == (end_score[0].total, end_score[1].total)


def test_list_saves_survives_a_directory_named_like_a_save(data_dir: Path) -> None:
    (data_dir / "saves" / "odd.json").mkdir(parents=True)
    [summary] = storage.list_saves()
    assert summary.error is not None and "folder" in summary.error


# Export and import --------------------------------------------------------


def test_export_and_import_a_record(tmp_path: Path, full_record: GameRecord) -> None:
    path = write_record(tmp_path / "shared" / "game.json", full_record)
    assert path.read_bytes() == encode_record(full_record)
    loaded = storage.import_file(path)
    assert loaded.kind == "record"
    assert record_of(loaded) == full_record
    assert loaded.state == replay(full_record)[-1]
    assert loaded.history.cursor == len(full_record.actions)


def test_import_accepts_a_save(data_dir: Path, partial_record: GameRecord) -> None:
    path = storage.write_game(
        storage.save_path("s"),
        History.from_record(DUEL, encode_record(partial_record), cursor=5),
        names=("A", "B"),
        players=("human", "human"),
    )
    loaded = storage.import_file(path)
    assert loaded.kind == "save"
    assert loaded.history.cursor == 5


def test_read_save_points_a_record_to_import(tmp_path: Path, full_record: GameRecord) -> None:
    path = write_record(tmp_path / "game.json", full_record)
    with pytest.raises(StorageError, match=r"game\.json: is a game record, not a save"):
        storage.read_save(path)


# Names --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Evening game", "Evening game"),
        ("  two   spaces  ", "two spaces"),
        ("game.json", "game"),
        ("../../etc/passwd", "etc-passwd"),
        ("..\\..\\boot.ini", "boot.ini"),
        ("a/b", "a-b"),
        ("tab\there", "tab here"),
        ("bell\x07", "bell-"),
        ("what?*", "what--"),
        ("trailing dots...", "trailing dots"),
        (".hidden", "hidden"),
        ("CON", "CON_"),
        ("lpt1.txt", "lpt1.txt_"),
        ("Ölfeld \u2013 Runde 2", "Ölfeld \u2013 Runde 2"),
        ("Cafe\u0301", "Café"),
        ("x" * 200, "x" * 64),
    ],
)
def test_sanitize_name(typed: str, expected: str) -> None:
    assert storage.sanitize_name(typed) == expected


@pytest.mark.parametrize("typed", ["", "   ", ".", "..", "...", "/", "../", ".json", "\x00", "-"])
def test_sanitize_name_refuses_empty_names(typed: str) -> None:
    with pytest.raises(StorageError, match="name"):
        storage.sanitize_name(typed)


@pytest.mark.parametrize("typed", ["../../escape", "/abs/path", "..", "a/../../b", "C:\\x"])
def test_save_path_stays_in_the_saves_folder(data_dir: Path, typed: str) -> None:
    try:
        path = storage.save_path(typed)
    except StorageError:
        return
    assert path.parent == data_dir / "saves"
    assert path.resolve().parent == (data_dir / "saves").resolve()


# Settings -----------------------------------------------------------------


def test_settings_default_when_missing(data_dir: Path) -> None:
    assert files.read_settings() == Settings()


def test_settings_round_trip(data_dir: Path) -> None:
    wanted = Settings(show_guide=False, ascii=True, undo_mode="free")
    files.write_settings(wanted)
    assert files.read_settings() == wanted
    assert json.loads(files.settings_path().read_text())["show_guide"] is False


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"\xff\xfe", b"[]", b"null", b"42", b'"text"', b"[" * 10_000, b"\x00" * 100],
)
def test_damaged_settings_give_the_defaults(data_dir: Path, content: bytes) -> None:
    data_dir.mkdir()
    files.settings_path().write_bytes(content)
    assert files.read_settings() == Settings()
    assert files.settings_path().read_bytes() == content


def test_one_bad_setting_keeps_the_others(data_dir: Path) -> None:
    data_dir.mkdir()
    files.settings_path().write_text(
        '{"ascii": "yes", "show_guide": false, "undo_mode": "never", "future": 1}'
    )
    assert files.read_settings() == Settings(show_guide=False)


def test_settings_in_a_folder_give_the_defaults(data_dir: Path) -> None:
    files.settings_path().mkdir(parents=True)
    assert files.read_settings() == Settings()


# Atomic writes ------------------------------------------------------------


def test_atomic_write_creates_the_folder_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"
    storage.atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert files_in(tmp_path / "a" / "b") == {"file.json"}


def test_atomic_write_keeps_the_mode_of_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "file.json"
    target.write_bytes(b"old")
    target.chmod(0o640)
    storage.atomic_write(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "autosave.json"
    target.write_bytes(b"old content")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(StorageError, match=r"autosave\.json: could not be written: no space left"):
        storage.atomic_write(target, b"new content that never lands")
    monkeypatch.undo()
    assert target.read_bytes() == b"old content"
    assert files_in(tmp_path) == {"autosave.json"}


def test_an_interrupted_write_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(b"old")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        storage.atomic_write(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert files_in(tmp_path) == {"f.json"}


def test_writing_over_a_folder_is_a_storage_error(tmp_path: Path) -> None:
    (tmp_path / "save.json").mkdir()
    with pytest.raises(StorageError, match=r"save\.json"):
        storage.atomic_write(tmp_path / "save.json", b"data")
    assert files_in(tmp_path) == {"save.json"}


def test_an_unwritable_folder_is_a_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    with pytest.raises(StorageError, match=r"x\.json: cannot write"):
        storage.atomic_write(blocker / "x.json", b"data")


def test_write_save_failure_keeps_the_old_save(
    data_dir: Path, partial_record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = History.from_record(DUEL, encode_record(partial_record))
    path = storage.write_game(
        storage.save_path("keep"), history, names=("A", "B"), players=("human", "human")
    )
    before = path.read_bytes()

    def fail(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", fail)
    history.undo()
    with pytest.raises(StorageError, match=r"keep\.json"):
        storage.write_game(
            storage.save_path("keep"), history, names=("A", "B"), players=("human", "human")
        )
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert files_in(data_dir / "saves") == {"keep.json"}


def test_many_saves_list_quickly(data_dir: Path, make_record: Callable[..., GameRecord]) -> None:
    for seed in range(12):
        storage.write_game(
            storage.save_path(f"game {seed}"),
            History.from_record(DUEL, encode_record(make_record(seed))),
            names=("A", "B"),
            players=("human", "human"),
        )
    summaries = storage.list_saves()
    assert len(summaries) == 12
    assert all(s.error is None and s.finished for s in summaries)
