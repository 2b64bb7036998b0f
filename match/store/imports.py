"""Files already brought in from the JSON saves of earlier versions (the
games themselves are made by :meth:`Games.create_game`, in the same
transaction as the mark)."""

from __future__ import annotations

import time

from match.store.base import StoreBase


class Imports(StoreBase):
    def was_imported(self, digest: str) -> bool:
        with self._errors():
            row = self._db.execute("SELECT 1 FROM imported WHERE digest = ?", (digest,)).fetchone()
        return row is not None

    def skip_file(self, digest: str, source: str) -> None:
        """Remember a file that is no game, so it is not read at every start."""
        with self._errors(), self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO imported (digest, game_id, source, at) VALUES (?,NULL,?,?)",
                (digest, source, time.time()),
            )

    def mark_kept(self, digest: str, game_id: int, source: str) -> None:
        """Remember a file written from game ``game_id`` (a named save), so
        that it is never brought in as another game."""
        with self._errors(), self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO imported (digest, game_id, source, at) VALUES (?,?,?,?)",
                (digest, game_id, source, time.time()),
            )
