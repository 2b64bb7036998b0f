"""match.history holds any game through the contract of engine.game alone."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine.game import AnyGame, RecordError
from engine.games import GAMES
from match.history import History

HISTORY = Path(__file__).resolve().parents[2] / "match" / "history.py"


def test_history_imports_no_games_rules() -> None:
    tree = ast.parse(HISTORY.read_text(encoding="utf-8"))
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not {name for name in imported if name.startswith(("engine.duel", "engine.builders"))}


def _played(game: AnyGame, seats: int, seed: int) -> History:
    rng = random.Random(seed)
    history = History.start(game, game.deal(seats, rng), undo_mode="free")
    while not game.over(history.state):
        history.push(rng.choice(list(game.legal_actions(history.state))))
    return history


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_whole_game_goes_back_and_forth_and_into_a_record(kind: str) -> None:
    game = GAMES[kind]
    history = _played(game, max(game.seat_counts), 4)
    states = history.all_states
    again = History.from_record(game, history.encode_record(), cursor=10)
    assert again.all_states == states and again.cursor == 10
    assert again.notation == history.full_notation[:10]
    assert again.encode_record(redo=True) == history.encode_record()
    assert again.encode_record() == game.encode_record(history.setup, history.actions[:10])
    replayed = History.replay(game, history.setup, history.full_notation)
    assert replayed.all_states == states
    assert replayed.actions == history.actions


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_safe_undo_stops_where_the_game_says_something_was_revealed(kind: str) -> None:
    game = GAMES[kind]
    history = _played(game, min(game.seat_counts), 6)
    states = history.all_states
    reveals = [i for i in range(1, len(states)) if game.reveals_hidden(states[i - 1], states[i])]
    assert reveals
    history.undo_mode = "safe"
    while history.can_undo:
        history.undo()
    assert history.cursor == reveals[-1]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_undo_to_a_seat_uses_the_games_current_player(kind: str) -> None:
    game = GAMES[kind]
    history = _played(game, max(game.seat_counts), 8)
    history.rewind_to(40)
    seat = game.current_player(history.all_states[30])
    history.undo_to(seat)
    assert game.current_player(history.state) == seat
    assert history.cursor < 40


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_bad_line_is_refused_with_the_move_at_fault(kind: str) -> None:
    game = GAMES[kind]
    history = _played(game, min(game.seat_counts), 9)
    line = list(history.full_notation[:6])
    with pytest.raises(RecordError, match="move 3"):
        History.replay(game, history.setup, [*line[:2], "not a move"])
    with pytest.raises(RecordError, match="cursor 7"):
        History.replay(game, history.setup, line, cursor=7)
    with pytest.raises(RecordError):
        History.from_record(game, b"{}")
