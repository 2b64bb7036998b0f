"""tui.duel.guide: a sentence or two for every state of a game."""

from __future__ import annotations

from engine.duel import GameState, legal_actions
from engine.duel.tokens import BOAT_NAMES
from tui.duel.guide import guide_text
from tui.duel.help.topics import boat_key

NAMES = ("Ada", "Bo")


def test_guide_for_every_state(game_states: list[GameState]) -> None:
    for state in game_states:
        text = guide_text(state, NAMES)
        assert text.strip(), state
        assert text.endswith("."), text
        assert text.count(". ") <= 3, text
        if state.over:
            assert "over" in text
        else:
            assert NAMES[state.turn] in text


def test_guide_names_only_legal_boats(game_states: list[GameState]) -> None:
    # A boat the guide suggests must be one the engine lets the player unload.
    for state in game_states[::3]:
        if state.over:
            continue
        text = guide_text(state, NAMES)
        legal = {str(a) for a in legal_actions(state)}
        for boat, name in enumerate(BOAT_NAMES):
            if f" {name}" in text.replace(",", " ").replace(":", " "):
                assert f"U{name}" in legal, (text, legal)
                assert f"{name} ({boat_key(boat)})" in text


def test_guide_first_turn() -> None:
    from engine.duel import new_game

    text = guide_text(new_game(1), NAMES)
    assert text.startswith("No boat can be unloaded yet")
    assert "1-9" in text
