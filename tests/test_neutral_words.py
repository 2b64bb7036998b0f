"""Game-neutral code names no game's pieces.

The match layer, the store, the server, the command line and the app's shell
(everything in tui/ outside a game's own package) serve any game of the
registry, so none of them may name the Duel's pieces or settings: in code, in
a string or in a comment. A third game then needs only its own packages.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent

# The Duel's pieces, places and settings, as its rules and screens name them.
DUEL_TERMS = re.compile(
    r"\b(meeples?|tokens?|harbou?rs?|monuments?|boats?|sides|obelisks?|pyramids?"
    r"|burial chambers?|unload\w*)\b",
    re.IGNORECASE,
)


def _neutral_modules() -> list[Path]:
    own = {ROOT / "tui" / kind for kind in GAMES}
    found = []
    for layer in ("match", "server", "cli", "tui"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            if not any(package in path.parents for package in own):
                found.append(path)
    return found


def test_the_scan_covers_the_game_neutral_modules() -> None:
    modules = {path.relative_to(ROOT).as_posix() for path in _neutral_modules()}
    assert {"match/service.py", "match/undo.py", "cli/main.py", "tui/app.py"} <= modules
    assert not any(name.startswith(("tui/duel/", "tui/builders/")) for name in modules)


def test_no_game_neutral_module_names_a_duel_term() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in {line.strip()[:80]}"
        for path in _neutral_modules()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for match in [DUEL_TERMS.search(line)]
        if match is not None
    ]
    assert not found, "\n".join(found)


def test_the_scan_finds_a_duel_term() -> None:
    # The pattern itself can fail: it finds the words it is for, and not
    # words that only contain them.
    assert DUEL_TERMS.search("the harbor's boats")
    assert DUEL_TERMS.search('_("Monument sides")')
    assert not DUEL_TERMS.search("secrets.token_hex(6)")
    assert not DUEL_TERMS.search("the server side of a session")
