"""What the board highlights now, worked out from the engine's legal decisions.

Pure: the widgets draw these marks and never ask a rule themselves. A slot is
marked where a stone may be placed, a ship where it may sail from, a site
where the chosen ship may sail to, a market card that may be taken, a stone
the Lever may unload next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.builders import Action, Place, Sail, SailPreview, Take, Unload

Cursor = tuple[int, int]  # (ship, slot); at the market (0, position)


@dataclass(frozen=True)
class Marks:
    slots: frozenset[tuple[int, int]] = frozenset()  # a stone may go there
    sailable: frozenset[int] = frozenset()  # ships that may sail now
    sites: frozenset[int] = frozenset()  # where the chosen ship may sail
    takes: frozenset[int] = frozenset()  # market positions that may be taken
    unloads: frozenset[int] = frozenset()  # Lever: slots that may unload next
    ship: int | None = None  # the ship chosen
    cursor: Cursor | None = None  # the arrow keys' place
    at_market: bool = False  # the cursor moves over the market's cards
    preview: SailPreview | None = field(default=None, compare=False)
    preview_key: tuple[int, int] | None = None  # (ship, site) on show


def marks(
    legal: Sequence[Action],
    ship: int | None,
    cursor: Cursor | None,
    preview: SailPreview | None,
    *,
    at_market: bool,
) -> Marks:
    slots = frozenset((a.ship, a.slot) for a in legal if isinstance(a, Place))
    sails = [a for a in legal if isinstance(a, Sail)]
    sailable = frozenset(a.ship for a in sails)
    chosen = ship
    if chosen is None and preview is not None:
        chosen = preview.ship
    sites = frozenset(a.site for a in sails if a.ship == chosen)
    return Marks(
        slots=slots,
        sailable=sailable,
        sites=sites,
        takes=frozenset(a.position for a in legal if isinstance(a, Take)),
        unloads=frozenset(a.slot for a in legal if isinstance(a, Unload)),
        ship=chosen,
        cursor=cursor,
        at_market=at_market,
        preview=preview,
        preview_key=None if preview is None else (preview.ship, preview.site),
    )


NO_MARKS = Marks()
