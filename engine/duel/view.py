"""What one seat may see of a Duel (RULES.md: the supply and reserve lie face down).

Everything on the table is open to both players; the order of the face-down
supply and reserve is not, and neither is which of the unseen tokens lies in
which pile. A :class:`SeatView` keeps every other field of the state as it
is and, for the face-down piles, what a player can count: their sizes and
the unseen tokens as a sorted multiset (60 tokens minus all that is face up).
"""

from __future__ import annotations

import msgspec

from engine.duel.state import GameState, Pending, Player, Rules, Sides

_HIDDEN = ("supply", "reserve")


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A state as ``seat`` sees it."""

    seat: int
    supply_size: int
    reserve_size: int
    unseen: tuple[str, ...]  # the face-down tokens, sorted: their order is not known
    sides: Sides
    boats: tuple[tuple[str, str, str] | None, ...]
    grid: tuple[int, ...]
    players: tuple[Player, Player]
    box: tuple[str, ...] = ()
    starter: int = 0
    turn: int = 0
    first_to_five: int = -1
    pending: Pending | None = None
    over: bool = False
    ply: int = 0
    rules: Rules = "classic"
    emptied: tuple[int, ...] = ()


_OPEN = tuple(f for f in GameState.__struct_fields__ if f not in _HIDDEN)


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may see of ``state``."""
    if seat not in (0, 1):
        raise ValueError(f"seat {seat} is not 0 or 1")
    return SeatView(
        seat=seat,
        supply_size=len(state.supply),
        reserve_size=len(state.reserve),
        unseen=tuple(sorted((*state.supply, *state.reserve))),
        # Copied by name, so that a field added to the state cannot be left
        # out here unnoticed (a test compares the two).
        **{name: getattr(state, name) for name in _OPEN},
    )


__all__ = ["SeatView", "view"]
