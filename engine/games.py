"""The games the product has, by kind.

The registry is the one place that names every game; the store keeps a game's
kind and the command line takes one, and both look the rules up here.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.builders.game import BUILDERS
from engine.duel.game import DUEL
from engine.game import AnyGame, RecordError
from engine.message import msg

GAMES: Mapping[str, AnyGame] = {DUEL.kind: DUEL, BUILDERS.kind: BUILDERS}
DEFAULT_KIND = "duel"


def game(kind: str) -> AnyGame:
    """The rules of ``kind``; raises KeyError for a game the product does not have."""
    return GAMES[kind]


def game_of(setup: object) -> AnyGame:
    """The rules whose set-up ``setup`` is; RecordError for a value no game owns.

    Whoever holds a set-up holds its game: nothing is played by another
    game's rules because a caller forgot to say which.
    """
    for rules in GAMES.values():
        if rules.owns_setup(setup):
            return rules
    raise RecordError(msg("this set-up is of no game this version has"))
