"""The app under test draws for a truecolor terminal, wherever the tests run.

The app picks its colours by the terminal's colour system (see ImhotepApp),
which Rich reads from TERM and COLORTERM: without this, a snapshot would
depend on the shell that ran the tests.
"""

from __future__ import annotations

import pytest
import textual.constants


@pytest.fixture(autouse=True)
def _truecolor_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")
