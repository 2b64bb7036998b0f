"""Every test gets its own empty data directory: no test reads or writes the
player's real saves, settings or autosave."""

from __future__ import annotations

from collections.abc import Iterator
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
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests see English, and the app's usual look, whatever locale the shell
    that runs them has (a locale that is not UTF-8 turns the app to ASCII:
    tui.charset).

    A test that wants another language sets it (``--lang``, the setting, the
    variables, or ``tui.i18n.use``); the language is English again after it.
    """
    for name in ("LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    from tui import i18n

    i18n.use("en")
    yield
    i18n.use("en")
