"""Golden transcripts: fixed set-ups and choices, compared with checked-in dumps.

A change in the rules, the deal, the order of legal_actions or the scoring
shows up as a diff in tests/builders/golden/*.txt. After a deliberate change,
regenerate them with::

    UPDATE_GOLDEN=1 python -m pytest tests/builders/test_builders_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine.builders import apply, current_player, legal_actions, new_game, outcome, score

GOLDEN = Path(__file__).parent / "golden"

# (seed, players, variant): the choices come from random.Random(seed).
GAMES = [(11, 2, False), (22, 3, True), (33, 4, False)]


def transcript(seed: int, players: int, variant: bool) -> str:
    rng = random.Random(seed)
    state = new_game(seed, players=players, variant=variant)
    lines = [
        "# Imhotep: Builders of Egypt - golden transcript",
        f"# seed {seed}, {players} players, variant {variant}; starter seat {state.starter}, "
        f"round cards {list(state.rounds)}",
        f"# deck {list(state.market) + list(state.deck)}",
        "# each choice is random.Random(seed).choice(legal_actions(state))",
        "# ply, round (after the decision), seat deciding, decision, each seat's track",
    ]
    while actions := legal_actions(state):
        action = rng.choice(actions)
        who = current_player(state)
        state = apply(state, action)
        track = " ".join(f"{s.track:3d}" for s in score(state))
        lines.append(f"{state.ply:5d} {state.round:5d} {who:4d} {action!s:<9} {track}")
    result = outcome(state)
    assert result is not None
    for who, part in enumerate(result.scores):
        lines.append(
            f"# seat {who}: pyramid {part.pyramid}, temple {part.temple}, "
            f"chamber {part.chamber}, obelisks {part.obelisks}, green {part.green}, "
            f"purple {part.purple}, blue {part.blue}, wrath {part.wrath}, total {part.total}"
        )
    lines.append(f"# {result.describe(tuple(f'seat {k}' for k in range(players)))}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "players", "variant"), GAMES)
def test_golden_transcript(seed: int, players: int, variant: bool) -> None:
    path = GOLDEN / f"seed{seed}_{players}p{'_wrath' if variant else ''}.txt"
    text = transcript(seed, players, variant)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
