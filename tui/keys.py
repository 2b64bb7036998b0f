"""The game's direct keys, in one place for the screen, the panels and help."""

from __future__ import annotations

from typing import Final

from engine.tokens import PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD, TAKE

# Boats R1 R2 R3 C1 C2 C3, in the engine's boat order.
BOAT_KEYS: Final = "abcdef"
TOKEN_KEYS: Final = {"t": TAKE, "p": PLACE_TWO, "u": PLACE_UNLOAD, "s": SWAP_UNLOAD}
KEY_OF_TOKEN: Final = {token: key for key, token in TOKEN_KEYS.items()}
