"""Every test gets its own empty data directory: no test reads or writes the
player's real saves, settings or autosave."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    data = tmp_path_factory.mktemp("imhotep-data")
    monkeypatch.setenv("IMHOTEP_DATA_DIR", str(data))
    return data
