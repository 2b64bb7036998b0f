"""The game's direct keys, in one place for the screen, the panels and help."""

from __future__ import annotations

from typing import Final

from engine.duel import Action, Place, Play, Stop, Swap, Take, Unload
from engine.duel.tokens import PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD, TAKE

# Boats R1 R2 R3 C1 C2 C3, in the engine's boat order.
BOAT_KEYS: Final = "abcdef"
TOKEN_KEYS: Final = {"t": TAKE, "p": PLACE_TWO, "u": PLACE_UNLOAD, "s": SWAP_UNLOAD}
KEY_OF_TOKEN: Final = {token: key for key, token in TOKEN_KEYS.items()}


def keys_for(action: Action, *, preview: bool = True) -> list[str]:
    """The keys that enter ``action`` on the game screen (shown with hints).

    With unload previews on (the default setting), a boat's key shows the
    unload and the same key again makes it.
    """
    if isinstance(action, Place):
        return [str(action.cell + 1)]
    if isinstance(action, Unload):
        key = BOAT_KEYS[action.boat]
        return [key, key] if preview else [key]
    if isinstance(action, Play):
        return [KEY_OF_TOKEN[action.token]]
    if isinstance(action, Take):
        return [BOAT_KEYS[action.boat], str(action.slot + 1)]
    if isinstance(action, Swap):
        return [BOAT_KEYS[action.boat], str(action.first + 1), str(action.second + 1)]
    if isinstance(action, Stop):
        return ["x"]
    return ["."]
