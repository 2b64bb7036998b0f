"""Two writers racing through undo, redo and a different move.

The store used to check only the ply a writer saw. When the game came back to
that ply along another line (an undo and a different move, or a redo), a move
meant for another position was accepted and the game no longer opened. Each
interleaving here is fixed step by step, not left to timing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.duel import GameState, Setup, current_player, legal_actions
from engine.duel.game import DUEL
from match.history import History
from match.match import Match, encode_setup, summary_of
from match.seats import Seat
from match.store import Presence, StaleWrite, Store

ANN = "key:ann"
SEATS = (Seat(name="Ann"), Seat(name="Bob"))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(autouse=True)
def _nobody_holds_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    # Both writers play both seats of one game, as two terminals of one
    # account could after a seat's holder has gone quiet.
    monkeypatch.setattr(Presence, "live", lambda self, now=None: False)


def _writers(path: Path, moves: int) -> tuple[Match, Match, int]:
    first = Match.new(Setup(seed=5), SEATS, store=Store.open(path), me=ANN)
    for _ in range(moves):
        assert first.play(legal_actions(first.state)[0]) is None
    assert first.game_id is not None
    second = Match.open(Store.open(path), first.game_id, me=ANN)
    assert second.state == first.state and second.here == {0, 1}
    return first, second, first.game_id


def _line(path: Path, game_id: int) -> tuple[list[str], int]:
    """The game the store holds; it must open (every action replays)."""
    with Store.open(path) as store:
        stored = store.game(game_id)
        opened = Match.open(store, game_id, me="key:watcher")
        assert opened.history.cursor == stored.cursor
        return [a.notation for a in stored.actions], stored.cursor


def _other_move(match: Match, not_this: str) -> str:
    """A legal move here that differs from ``not_this``."""
    return next(str(a) for a in legal_actions(match.state) if str(a) != not_this)


def test_a_move_on_a_position_undone_and_replaced_elsewhere_is_refused(path: Path) -> None:
    first, second, game = _writers(path, 2)
    meant = [str(a) for a in first.history.actions]
    # The second writer takes the last move back and makes another one: the
    # game stands at ply 2 again, on another line.
    second.undo()
    replaced = _other_move(second, meant[1])
    assert second.play(next(a for a in legal_actions(second.state) if str(a) == replaced)) is None
    # The first writer still sees the old line and moves on from it.
    move = legal_actions(first.state)[-1]
    said = first.play(move)
    assert said is not None  # refused, and told
    line, cursor = _line(path, game)
    assert line == [meant[0], replaced] and cursor == 2
    assert [str(a) for a in first.history.actions] == line  # brought up to date


def test_a_redo_of_a_line_replaced_elsewhere_is_refused(path: Path) -> None:
    first, second, game = _writers(path, 2)
    meant = [str(a) for a in first.history.actions]
    first.undo()  # stands at ply 1 with the second move kept for redo
    second.poll()
    assert second.history.cursor == 1
    # The second writer replaces the redo list and takes its move back again.
    replaced = _other_move(second, meant[1])
    assert second.play(next(a for a in legal_actions(second.state) if str(a) == replaced)) is None
    second.undo()
    # The first writer's redo would bring back a move the store no longer holds.
    first.redo()
    line, cursor = _line(path, game)
    assert line == [meant[0], replaced] and cursor == 1
    assert first.history.cursor == 1 and [str(a) for a in first.history.actions] == meant[:1]
    # And a move made after it extends the game the store holds.
    assert first.play(legal_actions(first.state)[0]) is None
    line, cursor = _line(path, game)
    assert cursor == 2 and line[:1] == meant[:1]


# Several writers, any interleaving ---------------------------------------------

WRITERS = 3
STEP = st.tuples(
    st.integers(0, WRITERS - 1),
    st.sampled_from(["play", "play", "undo", "redo"]),
    st.integers(0, 99),
)


def _position(setup: Setup, line: tuple[str, ...]) -> GameState:
    return History.replay(DUEL, setup, line).state


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, min_size=4, max_size=40))
def test_several_writers_never_break_a_game(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[int, str, int]]
) -> None:
    """Writers that each act on the game as they last read it: every write the
    store acknowledges extends exactly what its writer saw, the final game is
    the acknowledged writes and nothing else, and it always opens."""
    setup = Setup(seed=7)
    path = tmp_path_factory.mktemp("writers") / "games.sqlite3"
    stores = [Store.open(path) for _ in range(WRITERS)]
    game = stores[0].create_game(encode_setup(setup), SEATS, kind="duel")
    views = [store.game(game) for store in stores]
    kept: tuple[str, ...] = ()  # the acknowledged writes, undone ones included
    cursor = 0
    for who, op, pick in steps:
        store, view = stores[who], views[who]
        seen = tuple(a.notation for a in view.actions)
        try:
            if op == "play":
                before = _position(setup, view.line)
                if before.over:
                    continue
                actions = legal_actions(before)
                action = str(actions[pick % len(actions)])
                after = _position(setup, (*view.line, action))
                store.append(
                    game,
                    view.cursor,
                    action,
                    current_player(before),
                    revision=view.revision,
                    summary=summary_of(after, DUEL),
                    over=after.over,
                )
                assert kept[:cursor] == view.line  # it extends what its writer saw
                kept, cursor = (*view.line, action), cursor + 1
            elif op in ("undo", "redo"):
                to = view.cursor + (1 if op == "redo" else -1)
                if not 0 <= to <= len(seen):
                    continue
                store.move_cursor(
                    game,
                    view.cursor,
                    to,
                    revision=view.revision,
                    summary=summary_of(_position(setup, seen[:to]), DUEL),
                )
                assert (kept, cursor) == (seen, view.cursor)
                cursor = to
        except StaleWrite:
            pass  # refused and reported: the writer reads the game again
        views[who] = store.game(game)
    final = stores[0].game(game)
    assert (tuple(a.notation for a in final.actions), final.cursor) == (kept, cursor)
    History.replay(DUEL, setup, kept, cursor=cursor)
    for store in stores:
        store.close()
