"""Notation, records and saved states: round trips, and only the documented errors."""

from __future__ import annotations

import random

import msgspec
import pytest
from builders_support import BLACK, WHITE, arrange, play, start
from msgspec.structs import replace

from engine.builders import (
    ALL_ACTIONS,
    GameRecord,
    NotationError,
    RecordError,
    Setup,
    decode_record,
    decode_state,
    encode_record,
    encode_state,
    legal_actions,
    new_game,
    parse_action,
    replay,
    state_problems,
)
from engine.builders.state import GameState


def test_every_action_round_trips_through_its_notation() -> None:
    texts = [str(a) for a in ALL_ACTIONS]
    assert len(set(texts)) == len(ALL_ACTIONS)
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action
        assert parse_action(f"  {str(action).lower()} ") == action
    assert {"get", "P2:3", "S2:M", "S4:O", "lever", "U3", "T2", "pass"} <= set(texts)


@pytest.mark.parametrize("text", ["", "P5:1", "P1:5", "P0:1", "S1:X", "S1:", "U5", "T0", "Tx",
                                  "ship", "P1", "S1M", "hammer!", "x" * 10000])  # fmt: skip
def test_malformed_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert "is not a decision" in str(error.value) and len(str(error.value)) < 300


def played(seed: int, players: int, steps: int) -> tuple[GameRecord, GameState]:
    rng = random.Random(seed)
    state = new_game(seed, players=players, variant=True)
    record = GameRecord(setup=Setup.of(state))
    for _ in range(steps):
        if state.over:
            break
        action = rng.choice(legal_actions(state))
        record = record.with_action(action)
        from engine.builders import apply

        state = apply(state, action)
    return record, state


def test_a_record_replays_to_the_same_state() -> None:
    record, state = played(4, 3, 10_000)
    assert state.over
    data = encode_record(record)
    assert b'"format": "imhotep-builders-record"' in data and b'"version": 1' in data
    assert replay(decode_record(data))[-1] == state
    assert decode_record(data.decode()) == record


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "not a imhotep-builders-record file"),
        (b"\xff\xfe", "invalid UTF-8"),
        (b"[[[[[[[[[[", "not a imhotep-builders-record file"),
        (b'{"format": "imhotep-duel-record", "version": 1}', "not a imhotep-builders-record"),
        (b'{"format": "imhotep-builders-record", "version": 9}', "version 9 is not supported"),
        (b'{"format": "imhotep-builders-record", "version": 1}', "invalid record"),
        (b"[" * 100_000, "not"),
    ],
)
def test_a_bad_record_raises_only_record_error(data: bytes, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        decode_record(data)


def test_a_record_with_a_bad_setup_or_move_names_it() -> None:
    record, _ = played(5, 2, 5)
    bad_setup = replace(record, setup=replace(record.setup, deck=record.setup.deck[:-1]))
    with pytest.raises(RecordError, match="setup: the market deck"):
        replay(decode_record(encode_record(bad_setup)))
    bad_move = replace(record, actions=(*record.actions, "S9:Z"))
    with pytest.raises(RecordError, match="move 6: "):
        replay(bad_move)
    illegal = replace(record, actions=("T1",))
    with pytest.raises(RecordError, match=r"move 1 \(T1\) is illegal"):
        replay(illegal)


def test_a_state_round_trips_compactly() -> None:
    _, state = played(6, 4, 120)
    data = encode_state(state)
    assert decode_state(data) == state
    assert len(data) < 700
    assert data.startswith(b'{"format":"imhotep-builders-state","version":1,"state":[')


def _broken(state: GameState, **fields: object) -> bytes:
    return encode_state(replace(state, **fields))


BASE = start(4)
DOCKED = arrange(BASE, ships=((-1,) * 4, (-1,) * 4, (-1, -1), (-1,)), docked=(1, -1, -1, -1))
# Black has played a Lever taken from this round's market.
LEVER = replace(
    start(4, deck=(24, *(c for c in range(34) if c != 24))),
    market=(-1, 0, 1, 2),
    discard=(24,),
    blue_played=(True, False, False, False),
)


# Ship 1 loaded for a market unload.
TAKING = arrange(BASE, ships=((WHITE, BLACK, WHITE, -1), *BASE.ships[1:]))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (_broken(BASE, quarry=(28, 27, 26, 26)), "seat 3 has 31 stones"),
        (_broken(BASE, sled=(6, 3, 4, 5), quarry=(24, 27, 26, 25)), "at most 5"),
        (_broken(BASE, deck=BASE.deck[1:]), "34 market cards"),
        (_broken(BASE, market=(0, 0, 2, 3), deck=(1, *BASE.deck)), "34 market cards"),
        (_broken(BASE, held=((0,), (), (), ()), market=(-1, 1, 2, 3)), "red cards are never"),
        (_broken(BASE, round=7), "round 7"),
        (_broken(BASE, players=5), "players is 5"),
        (_broken(BASE, docked=(1, 1, -1, -1)), "two ships sailed to one site"),
        (_broken(BASE, ships=BASE.ships[:3]), "ships are not those"),
        (_broken(DOCKED, ships=((BLACK, -1, -1, -1), *DOCKED.ships[1:]), quarry=(27, 27, 26, 25)),
         "sailed but still holds"),
        (_broken(BASE, step="take"), "has not sailed"),
        (_broken(BASE, step="place"), "needs a blue card"),
        (_broken(BASE, card="lever"), "no decision is in progress"),
        (_broken(LEVER, step="place", card="lever"), "places no stone"),
        (_broken(LEVER, step="place", card="chisel", sled=(0, 3, 4, 5), quarry=(30, 27, 26, 25)),
         "empty sled"),
        (_broken(LEVER, step="sail", card="lever"), "no decision is possible"),
        (encode_state(replace(play(TAKING, "S1:M"), card="hammer")), "no market step"),
        (encode_state(replace(play(TAKING, "S1:M"), card="lever")), "not played a blue card"),
        (_broken(LEVER, step="unload", card="lever", ship=0, docked=(1, -1, -1, -1)),
         "no decision is possible"),
        (_broken(BASE, temple_points=(5, 0, 0, 0)), "temple points"),
        (_broken(BASE, over=True), "game is over"),
        (_broken(BASE, over=True, round=3, ships=(), docked=(), market=(),
                 deck=BASE.deck[20:], discard=(0, 1, 2, 3, *BASE.deck[:20])),
         "over before the sixth round"),
        (_broken(BASE, rounds=(0, 0, 1, 2, 3, 4)), "round cards"),
        (_broken(BASE, pyramid=(7,)), "pyramid holds"),
        (_broken(BASE, sides="BBBBB"), "not offered"),
        (b'{"format":"imhotep-builders-state","version":1,"state":[1]}', "not a saved"),
        (b'{"format":"imhotep-builders-state","version":1}', "not a saved"),
        (b"null", "not a imhotep-builders-state"),
        (encode_record(GameRecord(setup=Setup.of(BASE))), "not a imhotep-builders-state"),
    ],
)  # fmt: skip
def test_a_saved_state_that_breaks_an_invariant_raises_record_error(
    data: bytes, words: str
) -> None:
    with pytest.raises(RecordError, match=words):
        decode_state(data)


def test_the_bases_of_the_broken_states_are_sound() -> None:
    assert decode_state(encode_state(LEVER)) == LEVER
    assert decode_state(encode_state(DOCKED)) == DOCKED


def test_random_damage_to_a_saved_state_raises_only_record_error() -> None:
    _, state = played(7, 3, 60)
    data = bytearray(encode_state(state))
    rng = random.Random(7)
    rejected = 0
    for _ in range(3000):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            damaged[rng.randrange(len(damaged))] = rng.choice(b'0123456789-,[]{}"tfnx ')
        try:
            decoded = decode_state(bytes(damaged))
        except RecordError:
            rejected += 1
        else:
            assert state_problems(decoded) == []  # what is let through is sound
    assert rejected > 2000


def _damaged(value: object, rng: random.Random) -> object:
    """``value`` with one plausible mistake: a small number, a known word, an entry
    changed, dropped or added."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.randint(-3, 40)
    if isinstance(value, str):
        return rng.choice(["", "turn", "take", "place", "sail", "unload", "lever", "chisel"])
    if isinstance(value, list):
        changed = list(value)
        roll = rng.random()
        if changed and roll < 0.6:
            k = rng.randrange(len(changed))
            changed[k] = _damaged(changed[k], rng)
        elif changed and roll < 0.8:
            changed.pop(rng.randrange(len(changed)))
        else:
            changed.append(_damaged(changed[0], rng) if changed else rng.randint(-1, 5))
        return changed
    return value


def test_a_damaged_state_that_is_let_through_can_be_played_on() -> None:
    rng = random.Random(11)
    states = []
    for seed in range(12):
        _, state = played(seed, 2 + seed % 3, rng.randrange(40, 160))
        states.append(msgspec.json.decode(encode_state(state)))
    accepted = 0
    for _ in range(4000):
        layout = rng.choice(states)
        fields = list(layout["state"])
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(fields))
            fields[k] = _damaged(fields[k], rng)
        try:
            state = decode_state(msgspec.json.encode({**layout, "state": fields}))
        except RecordError:
            continue
        accepted += 1
        legal = legal_actions(state)
        assert (not legal) == state.over
        for action in legal[:4]:
            from engine.builders import apply

            assert state_problems(apply(state, action)) == []
    assert accepted > 50  # the damage is not all caught by the shape alone


def test_damage_to_numbers_is_caught_by_the_invariants() -> None:
    _, state = played(8, 4, 40)
    layout = msgspec.json.decode(encode_state(state))
    caught = 0
    for index, value in enumerate(layout["state"]):
        if isinstance(value, int) and not isinstance(value, bool):
            for delta in (1, -1):
                changed = dict(layout)
                changed["state"] = [*layout["state"]]
                changed["state"][index] = value + delta
                try:
                    decode_state(msgspec.json.encode(changed))
                except RecordError:
                    caught += 1
    # players, starter, round, turn, ply...: all but the free counters are checked.
    assert caught >= 8


def test_a_record_of_a_real_table_replays_from_the_explicit_setup() -> None:
    state = play(start(2, starter=1), "get", "P1:1", "P1:2")
    record = GameRecord(setup=Setup.of(start(2, starter=1)), actions=("get", "P1:1", "P1:2"))
    assert replay(record)[-1] == state
    assert state.ships[0][:2] == (BLACK, WHITE)
