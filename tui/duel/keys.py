"""The game's direct keys, in one place for the screen, the panels and help."""

from __future__ import annotations

from typing import Final

from engine.duel import Action, Place, Play, Stop, Swap, Take, Unload
from engine.duel.tokens import BOAT_NAMES, PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD, TAKE

# A boat is chosen by typing its name, as the board prints it: r then 1-3 for
# the row boats R1-R3, c then 1-3 for the column boats C1-C3. (Keys a-f, one
# per boat, had c for R3: a player who read C3 and pressed c unloaded R3.)
LINE_KEYS: Final = {name[0].lower(): name[0] for name in BOAT_NAMES}


# How the keys of all boats are written: "r1-3 c1-3" in the help, "r/c1-3"
# in the prompt's hints, where the words of a step need the room.
BOAT_KEY_RANGE: Final = " ".join(f"{key}1-3" for key in LINE_KEYS)
BOAT_KEY_SHORT: Final = "/".join(LINE_KEYS) + "1-3"


def boat_keys(boat: int) -> list[str]:
    """The keys that choose ``boat`` (0-5, in the order of BOAT_NAMES): its name, typed."""
    return list(BOAT_NAMES[boat].lower())


def boat_of(line: str, number: int) -> int | None:
    """The boat typed as ``line`` ("r" or "c") and ``number`` (1-3), if there is one."""
    name = f"{LINE_KEYS.get(line, '?')}{number}"
    return BOAT_NAMES.index(name) if name in BOAT_NAMES else None


TOKEN_KEYS: Final = {"t": TAKE, "p": PLACE_TWO, "u": PLACE_UNLOAD, "s": SWAP_UNLOAD}
KEY_OF_TOKEN: Final = {token: key for key, token in TOKEN_KEYS.items()}


def keys_for(action: Action, *, preview: bool = True) -> list[str]:
    """The keys that enter ``action`` on the game screen (shown with hints).

    With unload previews on (the default setting), a boat's name typed shows
    the unload and the same name again makes it.
    """
    if isinstance(action, Place):
        return [str(action.cell + 1)]
    if isinstance(action, Unload):
        keys = boat_keys(action.boat)
        return keys + keys if preview else keys
    if isinstance(action, Play):
        return [KEY_OF_TOKEN[action.token]]
    if isinstance(action, Take):
        return [*boat_keys(action.boat), str(action.slot + 1)]
    if isinstance(action, Swap):
        return [*boat_keys(action.boat), str(action.first + 1), str(action.second + 1)]
    if isinstance(action, Stop):
        return ["x"]
    return ["."]
