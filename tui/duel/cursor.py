"""The keyboard cursor over the harbor.

The harbor is navigated as a 6x6 grid: the top three rows are the column boats'
slots (slot 3, farthest from the grid, on top), the left three columns the row
boats' slots (slot 3 leftmost), and the lower right 3x3 block the cells. The
empty top-left corner is skipped.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

Position = tuple[int, int]


class Target(NamedTuple):
    kind: Literal["cell", "slot"]
    number: int  # cell 0-8, or boat 0-5
    slot: int = -1  # slot 0-2 for a boat


def target_at(pos: Position) -> Target | None:
    row, col = pos
    if row >= 3 and col >= 3:
        return Target("cell", (row - 3) * 3 + (col - 3))
    if row < 3 <= col:
        return Target("slot", 3 + (col - 3), 2 - row)
    if col < 3 <= row:
        return Target("slot", row - 3, 2 - col)
    return None


def position_of(target: Target) -> Position:
    if target.kind == "cell":
        return 3 + target.number // 3, 3 + target.number % 3
    if target.number >= 3:
        return 2 - target.slot, 3 + target.number - 3
    return 3 + target.number, 2 - target.slot


def move(pos: Position, d_row: int, d_col: int) -> Position:
    """One step in a direction, skipping the empty corner and stopping at the edges."""
    row, col = pos
    while True:
        row, col = row + d_row, col + d_col
        if not (0 <= row < 6 and 0 <= col < 6):
            return pos
        if target_at((row, col)) is not None:
            return row, col


START: Position = (4, 4)  # the centre cell
