"""What the harbor highlights: the choices of the current step and the cursor.

Plain data for the harbor widget, worked out from the engine's legal actions
and the player's selection (:mod:`tui.duel.input`); no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.duel import Action, Place, Swap, Take, Unload, UnloadPreview
from tui.duel import cursor as nav
from tui.duel.cursor import Target
from tui.duel.input import Selection


@dataclass(frozen=True)
class Marks:
    """What the current step lets the player choose, and where the cursor is."""

    cells: frozenset[int] = frozenset()  # cells a meeple may be placed on
    boats: frozenset[int] = frozenset()  # boats that may be unloaded
    slots: frozenset[tuple[int, int]] = frozenset()  # (boat, slot) choosable
    selected: tuple[int, int] | None = None  # first slot of a swap
    cursor: Target | None = None
    recent_cell: int | None = None  # where the last action placed a meeple
    recent_boat: int | None = None  # the boat the last action used
    preview: UnloadPreview | None = None  # an unload shown before it is confirmed


def marks(legal: list[Action], selection: Selection, last: Action | None) -> Marks:
    """Highlights for the current step, taken from the engine's legal actions."""
    slots: set[tuple[int, int]] = set()
    chosen = selection.selected
    for action in legal:
        if isinstance(action, Take):
            slots.add((action.boat, action.slot))
        elif isinstance(action, Swap):
            pair = {(action.boat, action.first), (action.boat, action.second)}
            if chosen is None:
                slots.update(pair)
            elif chosen in pair:
                slots.update(pair)
                slots.discard(chosen)
    return Marks(
        recent_cell=last.cell if isinstance(last, Place) else None,
        recent_boat=last.boat if isinstance(last, Unload | Take | Swap) else None,
        preview=selection.preview,
        cells=frozenset(a.cell for a in legal if isinstance(a, Place)),
        boats=frozenset(a.boat for a in legal if isinstance(a, Unload)),
        slots=frozenset(slots),
        selected=selection.selected,
        cursor=nav.target_at(selection.cursor),
    )
