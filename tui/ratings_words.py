"""Ratings and records in words, for the lobby's first line and a player's page."""

from __future__ import annotations

from match.ratings import Rating
from tui.i18n import _


def rating_text(rating: Rating) -> str:
    """The rating as shown: a number, with "?" while it rests on few games."""
    return f"{rating.shown}?" if rating.provisional else str(rating.shown)


def record_text(rating: Rating) -> str:
    # TRANSLATORS: a record of games won, lost and tied, as "3-1-0".
    return _("{won}-{lost}-{tied}").format(won=rating.wins, lost=rating.losses, tied=rating.ties)


def ratings_line(ratings: dict[str, Rating]) -> str:
    """Each kind of game the player is rated in: "Duel 1612? (3-1-0)"."""
    from tui.games import title

    return "   ".join(
        # TRANSLATORS: a game's name, the player's rating in it, their record.
        _("{game} {rating} ({record})").format(
            game=title(kind), rating=rating_text(rating), record=record_text(rating)
        )
        for kind, rating in ratings.items()
    )
