"""Reading the ratings and records, and rebuilding them (see
:mod:`match.store.counting` for how a finished game is counted)."""

from __future__ import annotations

from match import ratings as method
from match import rows
from match.store.base import StoreBase
from match.store.counting import read, rebuild
from match.store.schema import RATINGS_VERSION


class Ratings(StoreBase):
    def ratings(self, player: str) -> dict[str, method.Rating]:
        """The ratings of ``player`` (see :func:`match.people.person`), by kind
        of game; none before they finished a rated game."""
        with self._snapshot(), self._errors():
            if self._layout() < RATINGS_VERSION:
                return {}
            found = self._db.execute(
                "SELECT kind, mu, sigma, games, wins, losses, ties FROM ratings"
                " WHERE player = ? ORDER BY kind",
                (player,),
            ).fetchall()
        kept = {}
        for kind, *rest in found:
            if isinstance(kind, str) and rows.GAME_KIND.fullmatch(kind):
                rating = read(tuple(rest))
                if rating.games:
                    kept[kind] = rating
        return kept

    def rating_of(self, players: list[str], kind: str) -> dict[str, method.Rating]:
        """The ratings in ``kind`` of those of ``players`` who have one."""
        if not players:
            return {}
        marks = ",".join("?" for _ in players)
        with self._snapshot(), self._errors():
            if self._layout() < RATINGS_VERSION:
                return {}
            found = self._db.execute(
                f"SELECT player, mu, sigma, games, wins, losses, ties FROM ratings"
                f" WHERE kind = ? AND player IN ({marks})",
                (kind, *players),
            ).fetchall()
        kept = {}
        for player, *rest in found:
            rating = read(tuple(rest))
            if isinstance(player, str) and rating.games:
                kept[player] = rating
        return kept

    def rebuild_ratings(self) -> int:
        """Every rating and record made again from the finished games; how
        many games count."""
        with self._errors(), self._write() as db:
            return rebuild(db)
