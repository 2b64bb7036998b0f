"""The keys of the Builders game screen that name things on the board.

Kept in one place for the bindings, the board's titles and the help.
"""

from __future__ import annotations

from typing import Final

from engine.builders import CHAMBER, MARKET, OBELISKS, PYRAMID, TEMPLE

# A site's key sails the chosen ship there: the notation's letters.
SITE_KEYS: Final = {MARKET: "m", PYRAMID: "p", TEMPLE: "t", CHAMBER: "b", OBELISKS: "o"}
# A blue card's key plays it.
BLUE_KEYS: Final = {"lever": "l", "hammer": "h", "sail": "a", "chisel": "c"}
GET_KEY: Final = "s"
PASS_KEY: Final = "full_stop"


def keys_for(action: object, step: str, card: str = "") -> tuple[str, ...]:
    """The keys that make ``action`` from a fresh selection in a state whose
    step is ``step`` (and blue card ``card``): what a hint says, what tests press.

    A sail is shown first and made by Enter.
    """
    from engine.builders import Get, Pass, Place, Play, Sail, Take, Unload

    if isinstance(action, Get):
        return (GET_KEY,)
    if isinstance(action, Pass):
        return (PASS_KEY,)
    if isinstance(action, Play):
        return (BLUE_KEYS[action.card],)
    if isinstance(action, Place):
        return (str(action.ship + 1), str(action.slot + 1))
    if isinstance(action, Sail):
        site = SITE_KEYS[action.site]
        if step == "sail" and card == "sail":
            return (site, "enter")
        return (str(action.ship + 1), site, "enter")
    if isinstance(action, Take):
        return (str(action.position + 1),)
    assert isinstance(action, Unload)
    return (str(action.slot + 1),)
