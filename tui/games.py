"""The registry of each game's screens: the one place in ``tui/`` outside a
game's own package that names every game.

The app shell, the lobby and the help reach a game's screens only through
:func:`screens`. Each game's module is imported when first asked for, so the
start screen appears without loading any game's screens. A game with no
screens yet (its engine may be newer than its screens: a store can hold its
games) has an entry without a module, and the shell says it cannot play it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, cast

from tui.i18n import _, tr

if TYPE_CHECKING:
    from match.store import Store
    from tui.play import GameScreens


@dataclass(frozen=True)
class TuiGame:
    kind: str
    module: str | None  # the game's screens (a GameScreens module), None if none yet


GAMES: Final[dict[str, TuiGame]] = {
    "duel": TuiGame("duel", "tui.duel.shell"),
    "builders": TuiGame("builders", "tui.builders.shell"),
}


def title(kind: str) -> str:
    """The game's name in the player's language, as its rules name it; a kind
    no rules know (a newer version's) as "?": the store's text is not drawn."""
    from engine.games import GAMES as RULES

    rules = RULES.get(kind)
    return tr(rules.title) if rules is not None else "?"


def playable() -> tuple[str, ...]:
    """The kinds of game this version has screens for, in the registry's order."""
    return tuple(kind for kind, entry in GAMES.items() if entry.module is not None)


def screens(kind: str) -> GameScreens | None:
    """The screens of the game ``kind``; None if this version has none for it."""
    entry = GAMES.get(kind)
    if entry is None or entry.module is None:
        return None
    return cast("GameScreens", importlib.import_module(entry.module))


def cannot_play(kind: str) -> str:
    """What a player reads on opening a game this version has no screens for."""
    return _("This version cannot play {game} yet.").format(game=title(kind))


def refusal(store: Store, game_id: int) -> str | None:
    """Why this version cannot open the stored game ``game_id`` (it has no
    screens for its game), or None: asked before opening it, so that nothing
    is claimed or changed in the store for a game that cannot be shown."""
    from match.store import StoreError

    try:
        kind = store.game(game_id).kind
    except StoreError:
        return None  # opening it says what is wrong
    return None if screens(kind) is not None else cannot_play(kind)
