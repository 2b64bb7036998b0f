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
