"""A stored game read back through its rules, and what the store keeps of one.

The store holds a game's set-up as JSON and its actions in notation; only
the rules can tell whether they make a game. Everything here replays through
the checked path, so a damaged row is a :class:`RecordError`, never a wrong
position.
"""

from __future__ import annotations

from typing import Any

from engine.game import AnyGame, RecordError
from engine.games import game, game_of
from engine.message import msg
from match.history import History
from match.seats import Seat, UndoMode
from match.store import Standing, Store, StoredGame, StoreError


def rules_of(stored: StoredGame) -> AnyGame:
    """The rules a stored game is played by: those of its kind.

    A game of a kind this version does not have is one it cannot open: a
    StoreError naming the game, never a guess.
    """
    try:
        return game(stored.kind)
    except KeyError:
        raise StoreError(
            msg(
                "game {game} is of a kind this version cannot play ({kind})",
                game=stored.id,
                kind=stored.kind,
            )
        ) from None


def summary_of(state: Any, rules: AnyGame) -> Standing:
    """What a list of games shows without replaying: who moves (-1 once the
    game is over), each seat's score, and once it is over who won."""
    names = tuple(f"{seat + 1}" for seat in range(len(rules.totals(state))))
    result = rules.result(state, names) if rules.over(state) else None
    return Standing(
        rules.current_player(state),
        rules.totals(state),
        winners=result.winners if result is not None else (),
    )


def encode_setup(setup: Any, rules: AnyGame | None = None) -> bytes:
    """``setup`` as its own game keeps it (the game is found from the set-up)."""
    return (rules or game_of(setup)).encode_setup(setup)


def decode_setup(data: bytes, rules: AnyGame) -> Any:
    """The set-up kept as ``data``; the game's RecordError if it is damaged."""
    return rules.decode_setup(data)


def history_of(stored: StoredGame) -> History:
    """Replay a stored game through its rules.

    A set-up or move the rules refuse is a damaged game of the store: a
    StoreError naming the game, as for a damaged row.
    """
    rules = rules_of(stored)
    notation = [a.notation for a in stored.actions]
    mode: UndoMode = "free" if stored.undo_mode == "free" else "safe"
    try:
        setup = rules.decode_setup(stored.setup)
        return History.replay(rules, setup, notation, cursor=stored.cursor, undo_mode=mode)
    except RecordError as exc:
        raise StoreError(
            msg("game {game} is damaged: {problem}", game=stored.id, problem=exc.reason)
        ) from None


def stored_history(store: Store, game_id: int) -> tuple[History, tuple[Seat, ...]]:
    """A stored game replayed, and its seats, to look at (no seat is taken).

    Raises StoreError (for a damaged game too).
    """
    stored = store.game(game_id)
    return history_of(stored), stored.seats


__all__ = [
    "RecordError",
    "decode_setup",
    "encode_setup",
    "history_of",
    "rules_of",
    "stored_history",
    "summary_of",
]
