"""Golden transcripts: fixed seeds and choices, compared with checked-in dumps.

A change in the rules, the deal, the order of legal_actions or the scoring
shows up as a diff in tests/engine/duel/golden/*.txt. After a deliberate change,
regenerate them with::

    UPDATE_GOLDEN=1 python -m pytest tests/engine/duel/test_engine_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine.duel import apply, legal_actions, new_game, outcome, score

GOLDEN = Path(__file__).parent / "golden"

# (seed, sides, starter): the choices come from random.Random(seed).
GAMES = [(11, "AAAA", 0), (22, "BBBB", 1), (33, "ABBA", 0)]


def transcript(seed: int, sides: str, starter: int) -> str:
    rng = random.Random(seed)
    state = new_game(seed, sides=sides, starter=starter)
    lines = [
        "# Imhotep: The Duel - golden transcript",
        f"# seed {seed}, sides {sides}, starter player {starter + 1}; "
        f"each choice is random.Random({seed}).choice(legal_actions(state))",
        "# ply  player    action   score p1  score p2",
    ]
    while actions := legal_actions(state):
        action = rng.choice(actions)
        who = state.turn
        state = apply(state, action)
        p1, p2 = score(state)
        lines.append(
            f"{state.ply:5d}  player {who + 1}  {action!s:<7}  {p1.total:8d}  {p2.total:8d}"
        )
    result = outcome(state)
    assert result is not None
    for who, part in enumerate(result.scores):
        lines.append(
            f"# player {who + 1}: obelisk {part.obelisk}, temple {part.temple}, "
            f"pyramids {part.pyramids}, burial chamber {part.chamber}, "
            f"action tokens {part.actions}, meeples {part.meeples}, total {part.total}"
        )
    lines.append(f"# {result.describe()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "sides", "starter"), GAMES)
def test_golden_transcript(seed: int, sides: str, starter: int) -> None:
    path = GOLDEN / f"seed{seed}_{sides}_starter{starter + 1}.txt"
    text = transcript(seed, sides, starter)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(), f"{path.name} differs; UPDATE_GOLDEN=1 regenerates it"


def test_transcripts_are_reproducible() -> None:
    assert transcript(*GAMES[0]) == transcript(*GAMES[0])
    assert transcript(*GAMES[0]) != transcript(*GAMES[1])
