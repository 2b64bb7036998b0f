"""A stored game read back through its rules, and what the store keeps of one.

The store holds a game's set-up as JSON and its actions in notation; only
the rules can tell whether they make a game. Everything here replays through
the checked path, so a damaged row is a :class:`RecordError`, never a wrong
position.
"""

from __future__ import annotations

import msgspec

from engine.duel import GameRecord, GameState, RecordError, Setup, current_player, score
from engine.message import msg
from match.history import History
from match.seats import Seat, UndoMode
from match.store import Store, StoredGame


def summary_of(state: GameState) -> tuple[int, int, int]:
    """What a list of games shows without replaying: who moves, the scores."""
    totals = score(state)
    return current_player(state), totals[0].total, totals[1].total


def encode_setup(setup: Setup) -> bytes:
    return msgspec.json.encode(setup)


def decode_setup(data: bytes) -> Setup:
    try:
        return msgspec.json.decode(data, type=Setup)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError) as exc:
        raise RecordError(msg("the set-up is damaged ({error})", error=str(exc))) from None


def history_of(stored: StoredGame) -> History:
    """Replay a stored game through the engine (RecordError if it is damaged)."""
    setup = decode_setup(stored.setup)
    record = GameRecord(setup=setup, actions=tuple(a.notation for a in stored.actions))
    mode: UndoMode = "free" if stored.undo_mode == "free" else "safe"
    try:
        return History.from_record(record, cursor=stored.cursor, undo_mode=mode)
    except RecordError as exc:
        raise RecordError(
            msg("game {game} is damaged: {problem}", game=stored.id, problem=exc.reason)
        ) from None


def stored_history(store: Store, game_id: int) -> tuple[History, tuple[Seat, Seat]]:
    """A stored game replayed, and its seats, to look at (no seat is taken).

    Raises StoreError, or RecordError for a damaged record.
    """
    stored = store.game(game_id)
    return history_of(stored), stored.seats


__all__ = [
    "RecordError",
    "decode_setup",
    "encode_setup",
    "history_of",
    "stored_history",
    "summary_of",
]
