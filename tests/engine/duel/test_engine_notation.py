"""Action notation: the text form, the parser and the round trip."""

from __future__ import annotations

import pytest

from engine.duel import (
    ALL_ACTIONS,
    NotationError,
    Pass,
    Place,
    Play,
    Stop,
    Swap,
    Take,
    Unload,
    format_action,
    parse_action,
    parse_token,
)
from engine.duel.actions import Action
from engine.duel.tokens import FULL_SET


def test_all_actions_has_each_action_once() -> None:
    # 9 places, 6 unloads, 4 plays, 18 takes, 18 swaps, stop, pass.
    assert len(ALL_ACTIONS) == 9 + 6 + 4 + 18 + 18 + 1 + 1
    assert len(set(ALL_ACTIONS)) == len(ALL_ACTIONS)
    assert len({str(a) for a in ALL_ACTIONS}) == len(ALL_ACTIONS)


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_round_trip(action: Action) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert parse_action(text.lower()) == action
    assert parse_action(f"  {text}\n") == action
    assert format_action(action) == text
    assert eval(repr(action)) == action  # repr pastes back as code


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("P1", Place(0)),
        ("P9", Place(8)),
        ("UR1", Unload(0)),
        ("UR3", Unload(2)),
        ("UC1", Unload(3)),
        ("UC3", Unload(5)),
        ("AT", Play("AT")),
        ("AP", Play("AP")),
        ("AU", Play("AU")),
        ("AS", Play("AS")),
        ("TR1:2", Take(0, 1)),
        ("TC3:3", Take(5, 2)),
        ("SC2:13", Swap(4, 0, 2)),
        ("SC2:31", Swap(4, 0, 2)),  # slots in either order; canonical is ascending
        ("SR3:21", Swap(2, 0, 1)),
        ("stop", Stop()),
        ("PASS", Pass()),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert parse_action(text) == action


def test_swap_is_written_with_ascending_slots() -> None:
    assert str(parse_action("SC2:31")) == "SC2:13"


@pytest.mark.parametrize(
    "text",
    [
        *("", "P0", "P10", "P", "Q1", "UR4", "UC0", "UX1", "U", "TR1", "TR1:4", "TR1:0"),
        *("TR4:1", "SR1:11", "SR1:1", "SR1:123", "SR1:14", "AX", "stopp", "P1 P2", "T:1"),
        "S:12",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_notation_error_is_a_value_error_with_the_text_in_its_message() -> None:
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError, match="'UR7'"):
        parse_action("UR7")
    with pytest.raises(NotationError, match="two different slots"):
        parse_action("SR1:22")


def test_parse_token() -> None:
    for code in set(FULL_SET):
        assert parse_token(code) == code
        assert parse_token(code.lower()) == code
    for bad in ("B13", "B0", "T5", "OBX", "", "A"):
        with pytest.raises(NotationError):
            parse_token(bad)
