"""Players known by id (the SSH server's keys) and the names they chose."""

from __future__ import annotations

import time

from match import rows
from match.store.base import StoreBase
from match.store.errors import StoreError
from match.words import msg


class Players(StoreBase):
    def player_name(self, player: str) -> str | None:
        """The name ``player`` chose, cleaned to show (None: none, or a damaged one)."""
        with self._errors():
            row = self._db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
        if row is None or not isinstance(row[0], str):
            return None
        return rows.name(row[0], "players.name")

    def player_named(self, name: str) -> str | None:
        """The id of the player with this name (in any case), or None."""
        with self._errors():
            row = self._db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        # An id is only compared with others: a damaged one names nobody.
        return row[0] if row is not None and isinstance(row[0], str) else None

    def player_names(self) -> dict[str, str]:
        """Every named player's name, by id (a row that is not text is skipped)."""
        with self._errors():
            rows = self._db.execute("SELECT id, name FROM players").fetchall()
        return {
            row[0]: row[1] for row in rows if isinstance(row[0], str) and isinstance(row[1], str)
        }

    def name_player(self, player: str, name: str) -> None:
        """Give ``player`` a name; StoreError if another player has it."""
        try:
            with self._errors(), self._write() as db:
                db.execute(
                    "INSERT INTO players (id, name, created_at) VALUES (?,?,?)"
                    " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                    (player, name, time.time()),
                )
        except StoreError as exc:
            if "UNIQUE" in exc.reason.upper():
                raise StoreError(
                    msg("the name {name} is taken by another player", name=repr(name))
                ) from None
            raise
