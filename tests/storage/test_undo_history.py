"""match.history: undo, redo, the safe-mode limit and undo to a player's decision."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.duel import (
    GameRecord,
    GameState,
    IllegalAction,
    Place,
    Setup,
    current_player,
    encode_record,
    legal_actions,
    parse_action,
    replay,
    reveals_hidden,
)
from engine.duel.game import DUEL
from engine.game import RecordError
from match.history import History


def reveal_steps(states: list[GameState]) -> list[int]:
    """Cursor values whose step (from cursor - 1) turned up a hidden token."""
    return [i for i in range(1, len(states)) if reveals_hidden(states[i - 1], states[i])]


def record_of(history: History, *, redo: bool = False) -> GameRecord:
    """The Duel's record of ``history`` (up to the cursor, or with the redo list)."""
    notation = history.full_notation if redo else history.notation
    return GameRecord(setup=history.setup, actions=notation)


def played(record: GameRecord, mode: str = "safe") -> History:
    history = History.start(DUEL, record.setup, undo_mode=mode)  # type: ignore[arg-type]
    for text in record.actions:
        history.push(parse_action(text))
    return history


def test_start() -> None:
    setup = Setup(seed=3, sides="ABBA", starter=1)
    history = History.start(DUEL, setup)
    assert history.state == setup.start()
    assert history.cursor == 0
    assert record_of(history) == GameRecord(setup=setup)
    assert history.undo_mode == "safe"
    assert not history.can_undo
    assert not history.can_redo
    assert history.last_action is None
    with pytest.raises(ValueError):
        history.undo()
    with pytest.raises(ValueError):
        history.redo()


def test_start_rejects_a_bad_setup() -> None:
    with pytest.raises(RecordError):
        History.start(DUEL, Setup())  # neither seed nor deck


def test_push_follows_the_engine(full_record: GameRecord) -> None:
    history = played(full_record)
    assert list(history.states) == replay(full_record)
    assert record_of(history) == full_record
    assert history.state.over
    assert str(history.last_action) == full_record.actions[-1]


def test_illegal_push_changes_nothing(partial_record: GameRecord) -> None:
    history = played(partial_record)
    before = (history.state, record_of(history), history.cursor)
    occupied = next(i for i, owner in enumerate(history.state.grid) if owner >= 0)
    with pytest.raises(IllegalAction):
        history.push(Place(occupied))
    assert (history.state, record_of(history), history.cursor) == before


def test_free_undo_and_redo_walk_the_whole_game(full_record: GameRecord) -> None:
    states = replay(full_record)
    history = played(full_record, "free")
    for cursor in range(len(states) - 2, -1, -1):
        assert history.undo() == states[cursor]
        assert record_of(history).actions == full_record.actions[:cursor]
    assert not history.can_undo
    for cursor in range(1, len(states)):
        assert history.redo() == states[cursor]
    assert not history.can_redo
    assert record_of(history) == full_record


def test_undo_inside_an_action_token(make_record: Callable[..., GameRecord]) -> None:
    # Find a game in which an action token's second step is a decision.
    for seed in range(40):
        record = make_record(seed)
        states = replay(record)
        middles = [i for i, s in enumerate(states) if s.pending is not None]
        if middles:
            break
    else:
        pytest.fail("no random game played an action token")
    middle = middles[0]
    history = History.replay(
        DUEL,
        record.setup,
        record.actions[: middle + 1],
        undo_mode="free",
    )
    assert history.undo() == states[middle]
    assert history.state.pending is not None
    assert history.undo() == states[middle - 1]
    assert history.redo() == states[middle]
    # The token's next step can be taken again from the middle.
    history.push(legal_actions(history.state)[0])
    assert history.cursor == middle + 1


def test_safe_mode_stops_at_a_reveal(full_record: GameRecord) -> None:
    states = replay(full_record)
    reveals = reveal_steps(states)
    assert reveals, "the fixture game should reveal tokens"
    first = reveals[0]
    end = first + 1 if first + 1 < len(states) else first
    history = History.replay(DUEL, full_record.setup, full_record.actions[:end])
    while history.can_undo:
        history.undo()
    assert history.cursor == first
    assert history.undo_floor == first
    assert history.undo_blocked_by_reveal
    with pytest.raises(ValueError):
        history.undo()
    # The same position in free mode may go on back to the start.
    history.undo_mode = "free"
    assert history.can_undo
    assert not history.undo_blocked_by_reveal
    while history.can_undo:
        history.undo()
    assert history.cursor == 0


def test_safe_mode_limit_is_the_latest_reveal(full_record: GameRecord) -> None:
    states = replay(full_record)
    history = History.from_record(DUEL, encode_record(full_record))
    reveals = reveal_steps(states)
    expected = reveals[-1]
    while history.can_undo:
        history.undo()
    assert history.cursor == expected
    for cursor in range(expected, len(states)):
        assert history.state == states[cursor]
        if history.can_redo:
            history.redo()


def test_safe_mode_before_any_reveal_undoes_to_the_start(full_record: GameRecord) -> None:
    states = replay(full_record)
    first = reveal_steps(states)[0]
    assert first > 1
    history = History.replay(
        DUEL,
        full_record.setup,
        full_record.actions[: first - 1],
    )
    while history.can_undo:
        history.undo()
    assert history.cursor == 0
    assert not history.undo_blocked_by_reveal


def test_redo_after_safe_undo_gives_the_same_states(full_record: GameRecord) -> None:
    states = replay(full_record)
    history = History.from_record(DUEL, encode_record(full_record))
    undone = 0
    while history.can_undo:
        history.undo()
        undone += 1
    for _ in range(undone):
        history.redo()
    assert list(history.states) == states


def test_a_new_push_clears_redo(full_record: GameRecord) -> None:
    history = History.from_record(DUEL, encode_record(full_record), undo_mode="free")
    for _ in range(5):
        history.undo()
    assert history.can_redo
    cursor = history.cursor
    history.push(legal_actions(history.state)[-1])
    assert not history.can_redo
    assert len(history) == cursor + 1
    assert len(history.all_states) == cursor + 2


def test_undo_to_the_humans_previous_decision(full_record: GameRecord) -> None:
    states = replay(full_record)
    human = 0
    # A position where the human is to move, some way into the game.
    for end in range(len(states) - 1, 0, -1):
        if current_player(states[end]) == human and current_player(states[end - 1]) != human:
            break
    history = History.replay(
        DUEL,
        full_record.setup,
        full_record.actions[:end],
        undo_mode="free",
    )
    target = max(i for i in range(end) if current_player(states[i]) == human)
    assert history.can_undo_to(human)
    assert history.undo_to(human) == states[target]
    assert history.cursor == target
    # Everything in between was the other player's.
    assert all(current_player(states[i]) != human for i in range(target + 1, end))
    # redo_to brings the human back to the position they left.
    assert history.redo_to(human) == states[end]


def test_undo_to_moves_at_least_one_step(full_record: GameRecord) -> None:
    states = replay(full_record)
    # Mid-turn: the previous state was the same player's decision too.
    end = next(
        i
        for i in range(1, len(states))
        if current_player(states[i]) == current_player(states[i - 1]) >= 0
    )
    history = History.replay(
        DUEL,
        full_record.setup,
        full_record.actions[:end],
        undo_mode="free",
    )
    player = current_player(states[end])
    assert history.undo_to(player) == states[end - 1]


def test_undo_to_respects_the_safe_limit(full_record: GameRecord) -> None:
    states = replay(full_record)
    history = History.from_record(DUEL, encode_record(full_record))
    floor = history.undo_floor
    for player in (0, 1):
        target = history.undo_target(player)
        earlier = [i for i in range(floor, history.cursor) if current_player(states[i]) == player]
        assert target == (max(earlier) if earlier else None)
    # Stand right at the limit: nothing is reachable, and nothing moves.
    while history.can_undo:
        history.undo()
    cursor = history.cursor
    for player in (0, 1):
        assert not history.can_undo_to(player)
        with pytest.raises(ValueError):
            history.undo_to(player)
        assert history.cursor == cursor


def test_from_record_with_cursor_keeps_redo(full_record: GameRecord) -> None:
    states = replay(full_record)
    history = History.from_record(DUEL, encode_record(full_record), cursor=10, undo_mode="free")
    assert history.state == states[10]
    assert record_of(history).actions == full_record.actions[:10]
    assert record_of(history, redo=True) == full_record
    assert history.all_states == tuple(states)
    assert history.can_redo
    assert history.redo() == states[11]


@pytest.mark.parametrize("cursor", [-1, 10_000])
def test_from_record_rejects_a_bad_cursor(full_record: GameRecord, cursor: int) -> None:
    with pytest.raises(RecordError):
        History.from_record(DUEL, encode_record(full_record), cursor=cursor)


def test_from_record_rejects_an_illegal_move(full_record: GameRecord) -> None:
    actions = list(full_record.actions)
    actions[3] = actions[2]  # the same cell twice, or an unload that no longer works
    with pytest.raises(RecordError, match="move 4"):
        History.replay(DUEL, full_record.setup, tuple(actions))


def test_unknown_undo_mode_is_refused() -> None:
    history = History.start(DUEL, Setup(seed=1))
    with pytest.raises(ValueError):
        history.undo_mode = "sometimes"  # type: ignore[assignment]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    mode=st.sampled_from(["safe", "free"]),
    ops=st.lists(
        st.sampled_from(["push", "push", "push", "undo", "redo", "undo0", "undo1", "mode"]),
        max_size=120,
    ),
    play_seed=st.integers(0, 2**16),
)
def test_history_matches_a_replay_of_its_record(
    seed: int, mode: str, ops: list[str], play_seed: int
) -> None:
    """Any mix of operations: the state is always the replay of the record."""
    rng = random.Random(play_seed)
    history = History.start(DUEL, Setup(seed=seed), undo_mode=mode)  # type: ignore[arg-type]
    for op in ops:
        before = history.cursor
        if op == "push" and not history.state.over:
            history.push(rng.choice(legal_actions(history.state)))
            assert not history.can_redo
        elif op == "undo" and history.can_undo:
            history.undo()
            assert history.cursor == before - 1
        elif op == "redo" and history.can_redo:
            history.redo()
        elif op in ("undo0", "undo1") and history.can_undo_to(int(op[-1])):
            history.undo_to(int(op[-1]))
            assert current_player(history.state) == int(op[-1])
            assert history.cursor < before
        elif op == "mode":
            history.undo_mode = "free" if history.undo_mode == "safe" else "safe"
        assert history.cursor >= 0
        assert history.undo_floor <= history.cursor
        assert replay(record_of(history))[-1] == history.state
        assert replay(record_of(history, redo=True)) == list(history.all_states)
