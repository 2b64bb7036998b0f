"""Where the app's stylesheets are, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def style_path(name: str) -> Path:
    """The path of ``styles/<name>``.

    The wheel ships the top-level ``styles/`` directory as ``tui/styles``; a
    source checkout has it beside ``tui/``.
    """
    installed = _HERE / "styles" / name
    if installed.exists():
        return installed
    return _HERE.parent / "styles" / name
