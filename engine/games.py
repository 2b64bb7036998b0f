"""The games the product has, by kind.

The registry is the one place that names every game; the store keeps a game's
kind and the command line takes one, and both look the rules up here.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.builders.game import BUILDERS
from engine.duel.game import DUEL
from engine.game import AnyGame

GAMES: Mapping[str, AnyGame] = {DUEL.kind: DUEL, BUILDERS.kind: BUILDERS}
DEFAULT_KIND = "duel"


def game(kind: str) -> AnyGame:
    """The rules of ``kind``; raises KeyError for a game the product does not have."""
    return GAMES[kind]
