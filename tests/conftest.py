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


@pytest.fixture(autouse=True)
def _utf8_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app falls back to ASCII in a terminal that is not UTF-8 (tui.charset):
    tests that do not ask for either look get the usual one, whatever locale
    runs them."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
