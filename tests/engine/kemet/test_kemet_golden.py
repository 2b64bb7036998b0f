"""Golden transcripts: a fixed set-up and fixed choices, dumped step by step.

Each file holds, for every decision, the number of legal decisions there (a
perft-like count), the seat, the notation, the sentence the log shows and the
VP totals after it. A change to the rules that alters any
of it fails here; after checking the difference by eye, rewrite the files
with ``KEMET_GOLDEN=write pytest tests/engine/kemet/test_kemet_golden.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine.kemet import KEMET

HERE = Path(__file__).parent / "golden"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
CASES = {
    "seed3_2p.txt": (2, 3, {}),
    "seed5_3p_long.txt": (3, 5, {"length": "long"}),
    "seed8_5p_open.txt": (5, 8, {"discards": "open"}),
}


def transcript(seats: int, seed: int, options: dict[str, str]) -> str:
    rng = random.Random(seed)
    setup = KEMET.deal(seats, rng, {**options, "seed": str(seed)})
    state = KEMET.start(setup)
    lines = [KEMET.encode_setup(setup).decode()]
    while not KEMET.over(state):
        legal = KEMET.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        seat = KEMET.current_player(state)
        said = KEMET.describe(state, action, NAMES[:seats])
        state = KEMET.apply(state, action)
        totals = " ".join(map(str, KEMET.totals(state)))
        lines.append(
            f"{state.ply:4} [{len(legal):3}] {seat} {KEMET.format_action(action):24}"
            f" | {said} | {totals}"
        )
    result = KEMET.result(state, NAMES[:seats])
    assert result is not None
    lines.append(str(result.says))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    text = transcript(*CASES[name])
    path = HERE / name
    if os.environ.get("KEMET_GOLDEN") == "write":
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
