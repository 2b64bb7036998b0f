"""Kemet keeps the game contract (engine.game.Game), records and saved states.

Kemet is not yet in the registry (engine.games), so the contract's own
random-play test does not reach it; the same checks run here through
:data:`engine.kemet.KEMET` alone.
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import msgspec
import pytest

from engine.game import RecordError, Result
from engine.kemet import KEMET, GameState, encode_state, new_game, view
from engine.kemet.record import STATE_FORMAT, VERSION
from engine.message import Message

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def _play(seats: int, seed: int, checks: bool = True) -> tuple[Any, list[Any], list[Any]]:
    rng = random.Random(seed)
    setup = KEMET.deal(seats, rng)
    assert KEMET.decode_setup(KEMET.encode_setup(setup)) == setup
    states = [KEMET.start(setup)]
    actions: list[Any] = []
    while not KEMET.over(states[-1]):
        state = states[-1]
        legal = list(KEMET.legal_actions(state))
        action = rng.choice(legal)
        if checks:
            assert isinstance(KEMET.prompt(state), Message)
            assert isinstance(KEMET.describe(state, action, NAMES[:seats]), Message)
            assert KEMET.result(state, NAMES[:seats]) is None
            assert abs(sum(KEMET.returns(state)) - 1.0) < 1e-9
        after = KEMET.apply(state, action)
        assert KEMET.ply(after) == KEMET.ply(state) + 1
        states.append(after)
        actions.append(action)
    return setup, states, actions


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_play_keeps_the_contract_and_replays(seats: int) -> None:
    setup, states, actions = _play(seats, seats * 7)
    end = states[-1]
    result = KEMET.result(end, NAMES[:seats])
    assert isinstance(result, Result) and len(result.winners) == 1
    assert result.totals == KEMET.totals(end) and max(result.totals) >= end.target
    assert NAMES[result.winners[0]] in result.says
    assert KEMET.returns(end) == tuple(1.0 if s == result.winners[0] else 0.0 for s in range(seats))
    assert KEMET.current_player(end) == -1 and not KEMET.legal_actions(end)
    again_setup, again_states, again_actions = KEMET.load_record(
        KEMET.encode_record(setup, actions)
    )
    assert (again_setup, again_states, again_actions) == (setup, states, actions)
    assert any(KEMET.reveals_hidden(a, b) for a, b in pairwise(states))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_turn_changes_exactly_when_a_new_turn_begins(seats: int) -> None:
    _, states, _ = _play(seats, 3, checks=False)
    for a, b in pairwise(states):
        if b.phase == "over":
            continue
        new_turn = b.phase == "turn" and a.phase == "turn" and a.actor != b.actor
        if new_turn or (b.phase == "turn" and not b.placed and b.pos != a.pos):
            assert KEMET.turn(b) == KEMET.turn(a) + 1
        if a.battle is not None or b.battle is not None or b.phase == "veto":
            assert KEMET.turn(b) == KEMET.turn(a)  # battles and reactions stay in the turn


def test_returns_before_the_end_are_vp_shares() -> None:
    s = new_game(4, players=2)
    assert KEMET.returns(s) == (0.5, 0.5)


def test_deal_reads_its_options() -> None:
    options = {"length": "long", "seed": "12"}
    long = KEMET.deal(3, random.Random(1), options)
    assert long.length == 10 and long == KEMET.deal(3, random.Random(2), options)
    assert KEMET.deal(2, random.Random(1), {"beginners": "yes"}).beginners
    for bad in ({"length": "medium"}, {"beginners": "yes", "length": "long"}, {"x": "y"}):
        with pytest.raises(RecordError):
            KEMET.deal(2, random.Random(1), bad)
    for wrong in (1, 6):
        with pytest.raises(RecordError):
            KEMET.deal(wrong, random.Random(0))


@pytest.mark.parametrize(
    "data", [b"", b"\xff\xfe", b"{}", b"[]", b'{"format": 3}', b"[" * 5000, "null"]
)
def test_unreadable_data_is_refused_with_a_record_error(data: bytes | str) -> None:
    for read in (KEMET.load_record, KEMET.decode_state, KEMET.decode_setup):
        with pytest.raises(RecordError) as caught:
            read(data)
        assert isinstance(caught.value.reason, Message)


def test_a_record_with_an_illegal_decision_names_it() -> None:
    setup, states, actions = _play(2, 5, checks=False)
    for index in range(1, len(actions)):
        if KEMET.why_illegal(states[index], actions[index - 1]) is not None:
            data = KEMET.encode_record(setup, [*actions[:index], actions[index - 1]])
            with pytest.raises(RecordError) as caught:
                KEMET.load_record(data)
            assert f"move {index + 1}" in caught.value.reason
            return
    pytest.fail("no decision was ever illegal right after it was taken")


def _tampered(state: GameState, **fields: Any) -> bytes:
    raw = msgspec.json.decode(encode_state(state))
    names = list(GameState.__struct_fields__)
    for name, value in fields.items():
        raw["state"][names.index(name)] = value
    return msgspec.json.encode(raw)


@pytest.mark.parametrize(
    "fields",
    [
        {"pp": [12, 7]},
        {"reserve": [3, 2]},
        {"vp": [0, -1]},
        {"bvp": [1, 0]},
        {"phase": "veto"},
        {"phase": "nonsense"},
        {"players": 6},
        {"units": [9] * 84},
        {"order": [0, 0]},
        {"hands": [[0, 0], [1]]},
        {"tiles": [0] * 48},
        {"levels": [5, 1, 1, 1, 1, 1]},
        {"creatures": [3, -1, -1, -1, -1, -1, -1]},
        {"battle": [3, [0, 1], "move"]},
        {"keys": []},
        {"target": 9},
        {"actor": 7},
        {"used": [1023, 0]},
        {"resume": "elsewhere"},
        {"day": 0},
        {"night_used": 99},
    ],
)
def test_a_broken_saved_state_is_refused(fields: dict[str, Any]) -> None:
    s = new_game(9, players=2)
    s = KEMET.start(KEMET.deal(2, random.Random(9)))
    for _ in range(30):
        s = KEMET.apply(s, KEMET.legal_actions(s)[-1])
    assert KEMET.decode_state(encode_state(s)) == s
    with pytest.raises(RecordError) as caught:
        KEMET.decode_state(_tampered(s, **fields))
    assert isinstance(caught.value.reason, Message)


def test_a_saved_state_asking_the_wrong_seat_is_refused() -> None:
    s = KEMET.start(KEMET.deal(3, random.Random(4)))
    while s.phase != "turn":
        s = KEMET.apply(s, KEMET.legal_actions(s)[0])
    other = (s.actor + 1) % 3
    with pytest.raises(RecordError):
        KEMET.decode_state(_tampered(s, actor=other))


def test_saved_state_names_its_format_and_version() -> None:
    raw = msgspec.json.decode(encode_state(new_game(1, players=3)))
    assert raw["format"] == STATE_FORMAT and raw["version"] == VERSION


def test_views_change_only_with_what_the_seat_may_see() -> None:
    _, states, _ = _play(3, 11, checks=False)
    for state in states[::7]:
        for seat in range(3):
            seen = view(state, seat)
            for k in range(3):
                dealt = KEMET.sample(state, seat, random.Random(k))
                assert KEMET.view(dealt, seat) == seen
                assert KEMET.state_problems(dealt) == []
    with pytest.raises(ValueError):
        view(states[0], 3)


def test_any_decision_is_judged_without_crashing() -> None:
    from engine.kemet import Action, IllegalAction, apply, legal_actions, why_illegal
    from engine.kemet.actions import VERBS

    rng = random.Random(1)
    values = [-3, -1, 0, 1, 2, 3, 5, 7, 12, 20, 35, 41, 42, 48, 99]
    for seed in range(3):
        state = new_game(seed, players=2 + seed)
        while state.phase != "over":
            for _ in range(3):
                args = tuple(rng.choice(values) for _ in range(rng.randrange(8)))
                action = Action(rng.choice(VERBS), args)
                reason = why_illegal(state, action)
                if reason is None:
                    assert action in legal_actions(state)
                else:
                    assert isinstance(reason, Message) and str(reason)
                    with pytest.raises(IllegalAction):
                        apply(state, action)
            state = KEMET.apply_unchecked(state, rng.choice(legal_actions(state)))


def test_secret_decisions_are_marked() -> None:
    from engine.kemet.actions import secret

    for text in ("commit B4/B1 WF", "keep VE", "remove B3", "wound PR"):
        assert secret(KEMET.parse_action(text))
    for text in ("di RF d12", "go d13", "veto", "place move1"):
        assert not secret(KEMET.parse_action(text))


def test_a_sample_reads_nothing_of_the_real_hidden_order() -> None:
    _, states, _ = _play(4, 13, checks=False)
    for state in states[::25]:
        for seat in range(4):
            dealt = KEMET.sample(state, seat, random.Random(state.ply))
            assert KEMET.sample(dealt, seat, random.Random(state.ply)) == dealt


def test_a_commitment_leaves_the_other_seats_views_unchanged() -> None:
    from kemet_support import checked, clear_board, give_cards, place_units, play, turn_of

    from engine.kemet.state import NONE

    base = give_cards(clear_board(day_one_for_views()), 0, "WR", "BL")
    base = place_units(base, {(0, "d12"): 2, (1, "T1"): 2})
    base = play(checked(turn_of(base, 0)), "place move1", "group d12 2", "go T1")
    views = set()
    for text in ("commit B4/B0", "commit B1/B5 WR", "commit B0/B2 WR BL"):
        after = play(base, text)
        for seat in (1, 2, 3):
            views.add((seat, msgspec.json.encode(view(after, seat))))
        assert view(after, 1).battle is not None
        assert view(after, 1).battle.played == (NONE, NONE)  # type: ignore[union-attr]
    assert len(views) == 3  # one view per other seat, whatever was committed


def day_one_for_views() -> GameState:
    from kemet_support import day_one, empty_hands

    return empty_hands(day_one(4))
