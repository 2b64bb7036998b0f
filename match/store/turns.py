"""When each game's turn began: what "your turn for 2 h" counts from."""

from __future__ import annotations

from collections.abc import Collection

from match import rows
from match.store import schema
from match.store.base import StoreBase


class Turns(StoreBase):
    def turn_times(self, game_ids: Collection[int]) -> dict[int, float]:
        """When the turn of the player to move began, for each of ``game_ids``
        (a game whose time is damaged is left out)."""
        if not game_ids:
            return {}
        marks = ",".join("?" for _ in game_ids)
        with self._snapshot(), self._errors():
            found = self._db.execute(
                f"SELECT id, {schema.turn_column(self._layout())} FROM games WHERE id IN ({marks})",
                list(game_ids),
            ).fetchall()
        times = {}
        for game_id, at in found:
            try:
                times[int(game_id)] = rows.moment(at, "games.turn_at")
            except (ValueError, TypeError):
                continue
        return times
