"""The installed distribution carries what the app needs at run time."""

from __future__ import annotations

import json
from importlib import metadata

import pytest


def _distribution() -> metadata.Distribution:
    try:
        return metadata.distribution("imhotep-duel")
    except metadata.PackageNotFoundError:
        pytest.skip("imhotep-duel is not installed")


def test_wheel_ships_the_stylesheets_and_entry_point() -> None:
    dist = _distribution()
    direct = dist.read_text("direct_url.json")
    if direct and json.loads(direct).get("dir_info", {}).get("editable"):
        pytest.skip("an editable install reads the styles from the checkout")
    files = {str(f) for f in dist.files or ()}
    for sheet in ("app.tcss", "widgets.tcss", "game.tcss", "help.tcss", "new_game.tcss"):
        assert f"tui/styles/{sheet}" in files
    assert "engine/py.typed" in files
    scripts = {ep.name: ep.value for ep in dist.entry_points if ep.group == "console_scripts"}
    assert scripts["imhotep-duel"] == "cli.main:main"


def test_every_screen_finds_its_stylesheet() -> None:
    from tui.paths import style_path

    for sheet in ("app.tcss", "widgets.tcss", "game.tcss", "help.tcss", "log.tcss"):
        assert style_path(sheet).is_file()
