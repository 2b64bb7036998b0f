"""Fuzzing the loaders: whatever the bytes, a StorageError or a sound game, file untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from save_helpers import record_of, version_1_save

from engine.duel import GameRecord, encode_record, replay
from match import saves as storage
from match.saves import LoadedGame, StorageError
from tui import files

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

NOTATION = [
    *(f"P{n}" for n in range(0, 11)),
    *(f"U{b}{n}" for b in "RC" for n in range(0, 5)),
    *(f"T{b}{n}:{s}" for b in "RC" for n in (1, 3, 4) for s in (0, 1, 3, 4)),
    "SR1:13", "SC2:12", "SC3:21", "AT", "AP", "AU", "AS", "AX", "stop", "pass", "", " P1 ",
]  # fmt: skip

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(NOTATION),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def save_bytes(full_record: GameRecord) -> bytes:
    return storage.encode_save(
        version_1_save(full_record, names=("Ada", "Bo"), players=("human", "hard"), cursor=40)
    )


def check_loader(directory: Path, data: bytes) -> None:
    """Load ``data`` every way the app can; only StorageError may escape, nothing is written."""
    path = directory / "fuzz.json"
    path.write_bytes(data)
    before = sorted(p.name for p in directory.iterdir())
    stamp = path.stat().st_mtime_ns
    for loader in (storage.read_save, storage.import_file):
        try:
            loaded = loader(path)
        except StorageError as exc:
            assert str(exc).startswith("fuzz.json: ")
            event("refused")
        else:
            check_sound(loaded)
            event("loaded")
    summary = storage.summarize(path)
    assert summary.error is None or summary.error.startswith("fuzz.json: ")
    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in directory.iterdir()) == before


def check_sound(loaded: LoadedGame) -> None:
    # Anything that loads is a real game: the states are the replay of the record.
    record = record_of(loaded)
    assert loaded.states == tuple(replay(record))
    assert 0 <= loaded.history.cursor <= len(record.actions)
    assert loaded.state == loaded.states[loaded.history.cursor]


@FUZZ
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes(fuzz_dir: Path, data: bytes) -> None:
    check_loader(fuzz_dir, data)


@FUZZ
@given(
    edits=st.lists(
        st.tuples(
            st.sampled_from(["flip", "truncate", "insert", "delete"]),
            st.integers(min_value=0),
            st.binary(min_size=1, max_size=8),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_byte_mutations_of_a_save(
    fuzz_dir: Path, save_bytes: bytes, edits: list[tuple[str, int, bytes]]
) -> None:
    data = bytearray(save_bytes)
    for kind, position, chunk in edits:
        if not data:
            break
        at = position % len(data)
        if kind == "flip":
            data[at] ^= chunk[0] or 1
        elif kind == "truncate":
            del data[at:]
        elif kind == "insert":
            data[at:at] = chunk
        else:
            del data[at : at + len(chunk)]
    check_loader(fuzz_dir, bytes(data))


def _containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every dict and list inside a decoded JSON document."""
    found = []
    if isinstance(node, dict):
        found.append(path)
        for key, value in node.items():
            found.extend(_containers(value, (*path, key)))
    elif isinstance(node, list):
        found.append(path)
        for index, value in enumerate(node):
            found.extend(_containers(value, (*path, index)))
    return found


def _walk(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


@FUZZ
@given(data=st.data(), as_record=st.booleans())
def test_json_field_edits(
    fuzz_dir: Path, save_bytes: bytes, full_record: GameRecord, data: st.DataObject, as_record: bool
) -> None:
    document = json.loads(encode_record(full_record) if as_record else save_bytes)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        paths = _containers(document)
        if not paths:
            break
        target = _walk(document, data.draw(st.sampled_from(paths), label="where"))
        action = data.draw(st.sampled_from(["set", "delete", "insert"]), label="action")
        if isinstance(target, dict):
            keys = sorted(target)
            key = data.draw(st.sampled_from(keys) if keys else st.text(max_size=8), label="key")
            if action == "delete" and key in target:
                del target[key]
            else:
                target[key] = data.draw(json_values, label="value")
        else:
            if action == "delete" and target:
                del target[data.draw(st.integers(0, len(target) - 1), label="index")]
            elif action == "set" and target:
                index = data.draw(st.integers(0, len(target) - 1), label="index")
                target[index] = data.draw(json_values, label="value")
            else:
                index = data.draw(st.integers(0, len(target)), label="index")
                target.insert(index, data.draw(json_values, label="value"))
    if not isinstance(document, dict):
        return
    check_loader(fuzz_dir, json.dumps(document, indent=2).encode())


@FUZZ
@given(data=st.binary(max_size=500) | json_values.map(lambda v: json.dumps(v).encode()))
def test_settings_never_fail(
    fuzz_dir: Path, monkeypatch_session: pytest.MonkeyPatch, data: bytes
) -> None:
    files.settings_path().write_bytes(data)
    result = files.read_settings()
    assert isinstance(result, files.Settings)
    assert files.settings_path().read_bytes() == data


@pytest.fixture(scope="module")
def monkeypatch_session(fuzz_dir: Path) -> Any:
    # Module-scoped: hypothesis rejects function-scoped fixtures under @given.
    patch = pytest.MonkeyPatch()
    settings_home = fuzz_dir / "settings-home"
    settings_home.mkdir()
    patch.setenv("IMHOTEP_DATA_DIR", str(settings_home))
    yield patch
    patch.undo()
