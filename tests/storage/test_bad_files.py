"""Every kind of bad file gives a StorageError naming it, and is left untouched."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from save_helpers import write_record

from engine.duel import ALL_ACTIONS, GameRecord, replay, why_illegal
from match import saves as storage
from match.saves import SaveFile, StorageError

Loader = Callable[[Path], object]
LOADERS: list[Loader] = [storage.read_save, storage.import_file]


def valid_save(record: GameRecord) -> bytes:
    # A save as version 1 wrote it (the Duel's, before saves named their
    # game): every check below holds for it, as for today's.
    raw = msgspec.Raw(msgspec.json.encode(record))
    return storage.encode_save(SaveFile(version=1, record=raw, names=("Ada", "Bo"), cursor=10))


def edited(record: GameRecord, edit: Callable[[dict[str, Any]], None]) -> bytes:
    data = json.loads(valid_save(record))
    edit(data)
    return json.dumps(data, indent=2).encode()


def snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in directory.iterdir() if p.is_file()
    }


def illegal_edit(record: GameRecord) -> tuple[int, str, str]:
    """A move number, an action illegal at that point, and the engine's reason."""
    states = replay(record)
    index = 5
    for action in ALL_ACTIONS:
        reason = why_illegal(states[index], action)
        if reason is not None:
            return index + 1, str(action), reason
    raise AssertionError("every action is legal?")


def _set(path: list[str | int], value: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


CONTENT_CASES: dict[str, tuple[Callable[[GameRecord], bytes], str]] = {
    "empty": (lambda r: b"", "is empty"),
    "blank": (lambda r: b"  \n\t\n", "is empty"),
    "truncated": (lambda r: valid_save(r)[: len(valid_save(r)) // 2], "may be truncated"),
    "cut after the brace": (lambda r: valid_save(r)[:1], "may be truncated"),
    "random bytes": (lambda r: random.Random(5).randbytes(2000), "not UTF-8"),
    "NUL bytes": (lambda r: b"\x00" * 64, "not readable JSON"),
    "not UTF-8": (
        lambda r: valid_save(r).replace(b'"Ada"', b'"Ad\xe9"'),
        "not UTF-8 text (byte",
    ),
    "UTF-16": (lambda r: valid_save(r).decode().encode("utf-16"), "not UTF-8"),
    "a JSON array": (lambda r: b"[1, 2, 3]", "not an Imhotep save"),
    "a JSON number": (lambda r: b"42", "not an Imhotep save"),
    "another JSON object": (lambda r: b'{"name": "x"}', "no 'format' field"),
    "wrong format": (lambda r: edited(r, _set(["format"], "chess-pgn")), "no 'format' field"),
    "wrong version": (
        lambda r: edited(r, _set(["version"], 3)),
        "save version 3 is not supported (this program reads version 1, 2)",
    ),
    "no game named": (lambda r: edited(r, _set(["version"], 2)), "no 'kind' names its game"),
    "a game this version lacks": (
        lambda r: edited(r, lambda d: d.update(version=2, kind="chess")),
        "is a save of 'chess'",
    ),
    "version as text": (lambda r: edited(r, _set(["version"], "1")), "save version '1'"),
    "record version": (
        lambda r: edited(r, _set(["record", "version"], 9)),
        "record version 9 is not supported",
    ),
    "record missing": (lambda r: edited(r, lambda d: d.pop("record")), "invalid save"),
    "record null": (lambda r: edited(r, _set(["record"], None)), "invalid save"),
    "cursor too far": (
        lambda r: edited(r, _set(["cursor"], 10_000)),
        "cursor 10000 is outside the record",
    ),
    "negative cursor": (lambda r: edited(r, _set(["cursor"], -1)), "cursor -1"),
    "cursor as text": (lambda r: edited(r, _set(["cursor"], "ten")), "$.cursor"),
    "unknown player kind": (
        lambda r: edited(r, _set(["players"], ["human", "god"])),
        "$.players",
    ),
    "three names": (lambda r: edited(r, _set(["names"], ["a", "b", "c"])), "$.names"),
    "unknown undo mode": (
        lambda r: edited(r, _set(["settings", "undo_mode"], "always")),
        "$.settings.undo_mode",
    ),
    "negative seed": (
        lambda r: edited(r, _set(["record", "setup", "seed"], -4)),
        "setup.seed: must not be negative",
    ),
    "seed and deck": (
        lambda r: edited(r, _set(["record", "setup", "deck"], ["OB"] * 60)),
        "exactly one of 'seed' and 'deck'",
    ),
    "bad sides": (lambda r: edited(r, _set(["record", "setup", "sides"], "ABC")), "setup.sides"),
    "bad notation": (
        lambda r: edited(r, _set(["record", "actions", 3], "XYZ")),
        "move 4:",
    ),
    "action not text": (lambda r: edited(r, _set(["record", "actions", 3], 7)), "invalid record"),
    "unknown record field": (
        lambda r: edited(r, _set(["record", "extra"], 1)),
        "invalid record",
    ),
    "deeply nested": (
        lambda r: (
            b'{"format": "imhotep-duel-save", "version": 1, "x": '
            + b"[" * 100_000
            + b"]" * 100_000
            + b"}"
        ),
        "nested too deeply",
    ),
}


@pytest.mark.parametrize("loader", LOADERS, ids=["read_save", "import_file"])
@pytest.mark.parametrize("case", list(CONTENT_CASES))
def test_bad_content(tmp_path: Path, partial_record: GameRecord, case: str, loader: Loader) -> None:
    make, message = CONTENT_CASES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(make(partial_record))
    before = snapshot(tmp_path)
    with pytest.raises(StorageError) as caught:
        loader(path)
    text = str(caught.value)
    assert text.startswith("bad.json: ")
    assert message in text
    assert caught.value.reason == text
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("loader", LOADERS, ids=["read_save", "import_file"])
def test_hand_edited_illegal_move(tmp_path: Path, full_record: GameRecord, loader: Loader) -> None:
    number, text, reason = illegal_edit(full_record)
    path = tmp_path / "autosave.json"
    path.write_bytes(edited(full_record, _set(["record", "actions", number - 1], text)))
    before = snapshot(tmp_path)
    with pytest.raises(StorageError) as caught:
        loader(path)
    assert str(caught.value) == f"autosave.json: move {number} ({text}) is illegal: {reason}"
    assert snapshot(tmp_path) == before


def test_illegal_move_in_an_imported_record(tmp_path: Path, full_record: GameRecord) -> None:
    number, text, _ = illegal_edit(full_record)
    actions = list(full_record.actions)
    actions[number - 1] = text
    path = write_record(
        tmp_path / "shared.json", GameRecord(setup=full_record.setup, actions=tuple(actions))
    )
    with pytest.raises(StorageError, match=rf"^shared\.json: move {number} \({text}\) is illegal"):
        storage.import_file(path)


def test_imported_record_of_another_version(tmp_path: Path, full_record: GameRecord) -> None:
    data = {"format": "imhotep-duel-record", "version": 3, "setup": {"seed": 1}}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(StorageError, match=r"^r\.json: record version 3 is not supported"):
        storage.import_file(path)


@pytest.mark.parametrize("loader", LOADERS, ids=["read_save", "import_file"])
def test_too_large(tmp_path: Path, partial_record: GameRecord, loader: Loader) -> None:
    path = tmp_path / "big.json"
    # A valid save padded with spaces: only the size is wrong with it.
    path.write_bytes(valid_save(partial_record) + b" " * (storage.MAX_FILE_BYTES + 1))
    before = snapshot(tmp_path)
    with pytest.raises(StorageError, match=r"^big\.json: is too large for a save \(5\.0 MiB"):
        loader(path)
    assert snapshot(tmp_path) == before


def test_too_large_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(storage.MAX_FILE_BYTES * 100)  # sparse: costs no disk

    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(Path, "open", no_open)
    with pytest.raises(StorageError, match="too large"):
        storage.read_save(path)


def test_a_file_that_grows_after_stat_is_still_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "growing.json"
    path.write_bytes(b" " * 4)
    real_stat = Path.stat

    def stat_then_grow(self: Path, **kwargs: object) -> os.stat_result:
        result = real_stat(self)
        path.write_bytes(b" " * 50)
        return result

    monkeypatch.setattr(Path, "stat", stat_then_grow)
    with pytest.raises(
        StorageError, match=r"^growing\.json: is too large for a save \(over 5 bytes\)$"
    ):
        storage.read_bytes(path, limit=5)


@pytest.mark.parametrize("loader", LOADERS, ids=["read_save", "import_file"])
def test_a_folder(tmp_path: Path, loader: Loader) -> None:
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(StorageError, match=r"^folder\.json: is a folder, not a save file$"):
        loader(tmp_path / "folder.json")


@pytest.mark.parametrize("loader", LOADERS, ids=["read_save", "import_file"])
def test_not_found(tmp_path: Path, loader: Loader) -> None:
    with pytest.raises(StorageError, match=r"^missing\.json: no such file$"):
        loader(tmp_path / "missing.json")
    assert list(tmp_path.iterdir()) == []


def test_a_broken_symlink(tmp_path: Path) -> None:
    (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(StorageError, match=r"^link\.json: no such file$"):
        storage.read_save(tmp_path / "link.json")


def test_a_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    with pytest.raises(StorageError, match=r"^a\.json: cannot be read"):
        storage.read_save(tmp_path / "a.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_not_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    # Opening a FIFO with no writer would hang; the loader must refuse first.
    with pytest.raises(StorageError, match=r"^pipe\.json: is not a regular file$"):
        storage.read_save(tmp_path / "pipe.json")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_no_read_permission(tmp_path: Path, partial_record: GameRecord) -> None:
    path = tmp_path / "locked.json"
    path.write_bytes(valid_save(partial_record))
    path.chmod(0)
    try:
        with pytest.raises(StorageError, match=r"^locked\.json: cannot be read: permission denied"):
            storage.read_save(path)
    finally:
        path.chmod(0o600)


def test_no_read_permission_simulated(
    tmp_path: Path, partial_record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The real test above is skipped when running as root.
    path = tmp_path / "locked.json"
    path.write_bytes(valid_save(partial_record))

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(StorageError, match=r"^locked\.json: cannot be read: permission denied$"):
        storage.read_save(path)


def test_a_damaged_autosave(data_dir: Path) -> None:
    data_dir.mkdir()
    storage.autosave_path().write_bytes(b'{"format": "imhotep-duel-save", "version": 1, "rec')
    with pytest.raises(StorageError, match=r"^autosave\.json: "):
        storage.read_autosave()
    assert storage.autosave_path().exists()


def test_an_engine_failure_becomes_a_storage_error(
    tmp_path: Path, partial_record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The safety net: whatever goes wrong inside, the app sees a StorageError.
    path = tmp_path / "s.json"
    path.write_bytes(valid_save(partial_record))

    def broken(*args: object, **kwargs: object) -> None:
        raise IndexError("engine bug")

    monkeypatch.setattr("engine.duel.record.apply", broken)
    with pytest.raises(StorageError, match=r"^s\.json: cannot be read \(IndexError: engine bug\)$"):
        storage.read_save(path)
