"""A refused decision comes with a reason a player can read, naming the rule."""

from __future__ import annotations

import pytest
from kemet_support import checked, clear_board, day_one, empty_hands, place_units, play, turn_of

from engine.kemet import IllegalAction, apply, parse_action, why_illegal


def _refused(state, text: str) -> str:  # type: ignore[no-untyped-def]
    action = parse_action(text)
    reason = why_illegal(state, action)
    assert reason is not None
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert caught.value.reason == reason
    return str(reason)


def test_reasons_name_the_rule() -> None:
    s = checked(turn_of(day_one(4), 0))
    assert "not a decision you can take now" in _refused(s, "commit B4/B1")
    assert "before ending your turn" in _refused(s, "end")
    assert "no DI card" not in _refused(s, "di VE")
    assert "you hold no VE card" in _refused(s, "di VE")
    assert "silver token" in _refused(s, "silver raise")
    assert "gold token" in _refused(s, "gold move")
    s = play(s, "place pray2")
    assert "placed this turn" in _refused(s, "place move1")
    s = play(s, "end")
    s = turn_of(s, 0)
    assert "already holds a token" in _refused(s, "place pray2")
    assert "not a space in play" in _refused(play(s, "place move1"), "group d1 1")  # side 3-5 only


def test_reasons_for_moves_and_tiles() -> None:
    s = place_units(clear_board(empty_hands(day_one(4))), {(0, "d12"): 2, (0, "d13"): 4})
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2")
    assert "troop limit" in _refused(s, "go d13")
    assert "not next to the group" in _refused(s, "go d17")
    s = checked(turn_of(day_one(4), 0))
    s = play(s, "place blue")
    assert "high enough" in _refused(s, "buy 24")
    assert "another colour" in _refused(s, "buy 0")
