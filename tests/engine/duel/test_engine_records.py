"""Game records: round trips, and every way a record can be broken."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from engine_support import random_walk
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.duel import (
    FORMAT,
    VERSION,
    GameRecord,
    RecordError,
    Setup,
    apply,
    decode_record,
    decode_state,
    encode_record,
    encode_state,
    legal_actions,
    load_record,
    new_game,
    replay,
    shuffled_deck,
)


def valid_record(seed: int = 5, plies: int = 12) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord(setup=Setup(seed=seed, sides="ABBA", starter=1))
    state = record.setup.start()
    for _ in range(plies):
        action = rng.choice(legal_actions(state))
        record = record.with_action(action)
        state = replay(record)[-1]
    return record


def as_json(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(encode_record(record))
    return data


def load_json(data: dict[str, Any]) -> None:
    load_record(json.dumps(data))


# --- round trips -------------------------------------------------------------


def test_record_round_trip() -> None:
    record = valid_record()
    text = encode_record(record)
    assert text.endswith(b"\n")
    assert decode_record(text) == record
    assert decode_record(text.decode()) == record  # str is accepted too
    loaded, states = load_record(text)
    assert loaded == record
    assert len(states) == len(record.actions) + 1
    assert states[0] == new_game(5, sides="ABBA", starter=1)
    assert states[-1].ply == len(record.actions)


def test_record_header_fields() -> None:
    data = as_json(valid_record())
    assert data["format"] == FORMAT == "imhotep-duel-record"
    assert data["version"] == VERSION == 2
    assert data["setup"]["sides"] == "ABBA"
    assert data["setup"]["rules"] == "classic"


def test_record_from_an_explicit_deck() -> None:
    deck = shuffled_deck(77)
    record = GameRecord(setup=Setup(deck=deck, sides="BBBB"), actions=("P1", "P2", "UR1"))
    states = replay(decode_record(encode_record(record)))
    assert states[0] == new_game(deck=deck, sides="BBBB")
    assert states[0] == new_game(77, sides="BBBB")
    assert states[-1].boats[0] == deck[21:24]  # refilled from the supply top


def test_record_actions_are_replayed_case_insensitively() -> None:
    record = GameRecord(setup=Setup(seed=1), actions=(" p1 ", "p2", "ur1"))
    canonical = GameRecord(setup=Setup(seed=1), actions=("P1", "P2", "UR1"))
    assert replay(record)[-1] == replay(canonical)[-1]


def test_state_round_trip() -> None:
    state = random_walk(3, 40, sides="BABA")
    data = encode_state(state)
    assert decode_state(data) == state
    assert encode_state(decode_state(data)) == data


@pytest.mark.parametrize("data", [b"", b"{", b"[1, 2]", b'{"sides": 3}'])
def test_bad_state_data_raises_record_error(data: bytes) -> None:
    with pytest.raises(RecordError):
        decode_state(data)


# --- loading errors -------------------------------------------------------------


def test_empty_file() -> None:
    with pytest.raises(RecordError, match="empty"):
        load_record(b"  \n")


def test_malformed_json() -> None:
    with pytest.raises(RecordError, match="not readable JSON"):
        load_record(b"{format: imhotep}")


def test_truncated_file() -> None:
    text = encode_record(valid_record())
    with pytest.raises(RecordError, match="truncated"):
        load_record(text[: len(text) // 2])


def test_every_truncation_raises_record_error() -> None:
    text = encode_record(valid_record(plies=3))
    for end in range(len(text.rstrip())):
        with pytest.raises(RecordError):
            load_record(text[:end])


def test_wrong_version() -> None:
    data = as_json(valid_record())
    data["version"] = 3
    with pytest.raises(RecordError, match="version 3 is not supported"):
        load_json(data)


def test_wrong_format_field() -> None:
    data = as_json(valid_record())
    data["format"] = "chess-pgn"
    with pytest.raises(RecordError, match="not an Imhotep: The Duel game record"):
        load_json(data)


def test_missing_format_field() -> None:
    data = as_json(valid_record())
    del data["format"]
    with pytest.raises(RecordError, match="format"):
        load_json(data)


def test_not_a_json_object() -> None:
    with pytest.raises(RecordError, match="not an Imhotep"):
        load_record(b"[1, 2, 3]")


def test_missing_setup_field() -> None:
    data = as_json(valid_record())
    del data["setup"]
    with pytest.raises(RecordError, match="setup"):
        load_json(data)


def test_unknown_field() -> None:
    data = as_json(valid_record())
    data["setup"]["colour"] = "blue"
    with pytest.raises(RecordError, match="colour"):
        load_json(data)


def test_wrong_field_type() -> None:
    data = as_json(valid_record())
    data["actions"] = [1, 2]
    with pytest.raises(RecordError, match="actions"):
        load_json(data)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({}, "exactly one of 'seed' and 'deck'"),
        ({"seed": 1, "deck": list(shuffled_deck(1))}, "exactly one"),
        ({"seed": -4}, "setup.seed"),
        ({"seed": 1, "sides": "ABC"}, "setup.sides"),
        ({"seed": 1, "sides": "ABCD"}, "setup.sides"),
        ({"seed": 1, "starter": 2}, "setup.starter"),
        ({"deck": list(shuffled_deck(1))[:59]}, "setup.deck"),
        ({"deck": [*list(shuffled_deck(1))[:59], "ZZ"]}, "setup.deck: unknown token"),
        ({"deck": ["OB"] * 60}, "setup.deck: the deck has the wrong number"),
    ],
)
def test_bad_setup(setup: dict[str, Any], words: str) -> None:
    data = {"format": FORMAT, "version": VERSION, "setup": setup, "actions": []}
    with pytest.raises(RecordError, match=words):
        load_json(data)


def test_illegal_move_names_the_move_number() -> None:
    data = as_json(GameRecord(setup=Setup(seed=1), actions=("P1", "P2", "P1")))
    with pytest.raises(RecordError, match=r"move 3 \(P1\) is illegal: .*one meeple per cell"):
        load_json(data)


def test_illegal_unload_names_the_move_number() -> None:
    data = as_json(GameRecord(setup=Setup(seed=1), actions=("P1", "P9", "UR1")))
    with pytest.raises(RecordError, match=r"move 3 \(UR1\) is illegal"):
        load_json(data)


def test_bad_notation_names_the_move_number() -> None:
    data = as_json(GameRecord(setup=Setup(seed=1), actions=("P1", "X9")))
    with pytest.raises(RecordError, match=r"move 2: 'X9' is not an action"):
        load_json(data)


def test_moves_after_the_end_are_illegal() -> None:
    rng = random.Random(4)
    record = GameRecord(setup=Setup(seed=4))
    state = record.setup.start()
    while not state.over:
        action = rng.choice(legal_actions(state))
        record = record.with_action(action)
        state = apply(state, action)
    extra = GameRecord(setup=record.setup, actions=(*record.actions, "pass"))
    number = len(extra.actions)
    with pytest.raises(RecordError, match=rf"move {number} \(pass\) is illegal: the game is over"):
        replay(extra)


def test_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)


def test_text_that_cannot_be_encoded_raises_record_error() -> None:
    # A str holding a lone surrogate (as read with errors="surrogateescape").
    with pytest.raises(RecordError):
        load_record("{\udcff}")


# --- fuzzing: never another exception type ------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


def load_or_record_error(data: bytes | str) -> None:
    """Loading either works, giving a consistent game, or raises RecordError."""
    try:
        record, states = load_record(data)
    except RecordError as exc:
        assert str(exc).strip()
        return
    assert len(states) == len(record.actions) + 1
    assert decode_record(encode_record(record)) == record


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200))
def test_arbitrary_bytes_raise_only_record_error(data: bytes) -> None:
    load_or_record_error(data)


@settings(max_examples=200, deadline=None)
@given(
    field=st.sampled_from(["format", "version", "setup", "actions"]),
    sub=st.sampled_from([None, "seed", "deck", "sides", "starter"]),
    value=json_values,
)
def test_arbitrary_field_values_raise_only_record_error(
    field: str, sub: str | None, value: object
) -> None:
    data = as_json(GameRecord(setup=Setup(seed=2), actions=("P1", "P2")))
    if field == "setup" and sub is not None:
        data["setup"][sub] = value
    else:
        data[field] = value
    load_or_record_error(json.dumps(data))


@settings(max_examples=200, deadline=None)
@given(actions=st.lists(st.text(max_size=6), max_size=6))
def test_arbitrary_action_texts_raise_only_record_error(actions: list[str]) -> None:
    load_or_record_error(encode_record(GameRecord(setup=Setup(seed=2), actions=tuple(actions))))
