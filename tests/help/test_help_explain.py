"""engine.duel.explain: every line's number is the engine's score."""

from __future__ import annotations

import re

from engine.duel import GameState, score
from engine.duel.explain import (
    CATEGORIES,
    explain_chamber,
    explain_obelisk,
    explain_pyramids,
    explain_score,
    explain_temple,
)

TOTAL = re.compile(r"= (-?\d+)$")
PART = re.compile(r"scores (-?\d+)")


def total_of(line: str) -> int:
    found = TOTAL.search(line)
    assert found, line
    return int(found.group(1))


def test_lines_equal_engine_scores(game_states: list[GameState]) -> None:
    for state in game_states:
        scores = score(state)
        for who in (0, 1):
            lines = explain_score(state, who)
            assert tuple(lines) == CATEGORIES
            for category, line in lines.items():
                assert total_of(line) == getattr(scores[who], category), (category, line)


def test_parts_add_up(game_states: list[GameState]) -> None:
    # The breakdown must itself be right, not only the total printed after it.
    for state in game_states[::5]:
        for who in (0, 1):
            for line in explain_score(state, who).values():
                parts = [int(p) for p in PART.findall(line)]
                if parts:
                    assert sum(parts) == total_of(line), line
                if "circles" in line:
                    circles = line.split("circles ")[1].split(" =")[0].split(" + ")
                    assert sum(int(c) for c in circles) == total_of(line), line


def test_rulebook_examples() -> None:
    # RULES.md section 9: the worked examples of both sides.
    side_a = [
        explain_obelisk("A", 2, 3, None),
        explain_temple("A", (1, 4, 2)),
        explain_pyramids("A", 4, 6),
        explain_chamber("A", (1, 2, 3, 4, 5, 6, 11)),
    ]
    assert [total_of(line) for line in side_a] == [2, 7, 31, 26]
    assert sum(map(total_of, side_a)) + 2 + 1 == 69
    side_b = [
        explain_obelisk("B", 6, 5, True),
        explain_temple("B", (1, 1, 2, 2, 2, 3, 4, 4)),
        explain_pyramids("B", 0, 3),
        explain_chamber("B", (1, 3, 4, 5)),
    ]
    assert [total_of(line) for line in side_b] == [12, 26, -6, 8]
    assert sum(map(total_of, side_b)) + 2 + 1 == 43


def test_example_wording() -> None:
    assert explain_chamber("A", (3, 4, 5, 11)) == (
        "burial chamber (side A): 3-4-5 scores 9, 11 scores 1 = 10"
    )
    assert explain_temple("B", ()) == "temple (side B): no tokens = 0"
    assert "second" not in explain_obelisk("B", 3, 5, False)
    assert total_of(explain_obelisk("B", 5, 7, False)) == 6
    assert total_of(explain_obelisk("B", 10, 1, True)) == 18
    assert total_of(explain_pyramids("B", 3, 3)) == 10
