"""The harbor: six boats moored around the 3x3 grid of cells.

The harbor is one widget drawn line by line: the column boats along the top,
then each row boat to the left of its three cells. Clicks are mapped back to a
cell or a boat's slot from where they land.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Final

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from engine import GameState
from engine.tokens import BOAT_NAMES
from tui.cursor import Target
from tui.glyphs import ASCII, UNICODE, Glyphs, meeple_text, token_text
from tui.keys import BOAT_KEYS
from tui.widgets.strips import StripView

# The harbor's plan, in cells of the terminal.
ROW_BOAT_WIDTH: Final = 15  # the row boats, left of the grid
CELL_WIDTH: Final = 7
COLUMN_BOAT_HEIGHT: Final = 4  # the column boats, above the grid
CELL_HEIGHT: Final = 3
SLOT_WIDTH: Final = 5  # a row boat's slot: a token code and a gap
WIDTH: Final = ROW_BOAT_WIDTH + 3 * CELL_WIDTH
HEIGHT: Final = COLUMN_BOAT_HEIGHT + 3 * CELL_HEIGHT


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


class CellChosen(Message):
    def __init__(self, cell: int) -> None:
        super().__init__()
        self.cell = cell


class SlotChosen(Message):
    """A boat was chosen; ``slot`` is None when the boat's label was clicked."""

    def __init__(self, boat: int, slot: int | None) -> None:
        super().__init__()
        self.boat = boat
        self.slot = slot


# Frame characters (corners, edges): plain, under the cursor, and ASCII.
_FRAMES: dict[str, tuple[str, str, str, str, str, str]] = {
    "round": ("╭", "─", "╮", "│", "╰", "╯"),
    "heavy": ("┏", "━", "┓", "┃", "┗", "┛"),
    "ascii": ("+", "-", "+", "|", "+", "+"),
}


def _fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` cells; the padding is unstyled."""
    fitted = Text()
    fitted.append(text)
    fitted.truncate(width)
    fitted.pad_right(width - fitted.cell_len)
    return fitted


def hit(offset: Offset) -> tuple[str, int, int | None] | None:
    """What a click at ``offset`` (in the harbor's content) lands on.

    ``("cell", cell, None)``, ``("boat", boat, slot)`` with ``slot`` None on the
    boat's label or gaps, or None for the empty corner.
    """
    x, y = offset
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return None
    if y < COLUMN_BOAT_HEIGHT:
        if x < ROW_BOAT_WIDTH:
            return None
        boat = 3 + (x - ROW_BOAT_WIDTH) // CELL_WIDTH
        # Slot 3, the farthest from the grid, is on top, under the label.
        return "boat", boat, (COLUMN_BOAT_HEIGHT - 1 - y if y >= 1 else None)
    row, line = divmod(y - COLUMN_BOAT_HEIGHT, CELL_HEIGHT)
    if x >= ROW_BOAT_WIDTH:
        return "cell", row * 3 + (x - ROW_BOAT_WIDTH) // CELL_WIDTH, None
    # Slot 3 is leftmost, on the boat's middle line.
    return "boat", row, (2 - min(x // SLOT_WIDTH, 2) if line == 1 else None)


def cell_offset(cell: int) -> Offset:
    """The middle of ``cell``, where a click chooses it."""
    row, col = divmod(cell, 3)
    return Offset(
        ROW_BOAT_WIDTH + col * CELL_WIDTH + CELL_WIDTH // 2,
        COLUMN_BOAT_HEIGHT + row * CELL_HEIGHT + 1,
    )


def boat_offset(boat: int, slot: int | None = None) -> Offset:
    """Where a click chooses ``slot`` of ``boat``, or the whole boat (its label)."""
    if boat >= 3:
        x = ROW_BOAT_WIDTH + (boat - 3) * CELL_WIDTH + CELL_WIDTH // 2
        return Offset(x, 0 if slot is None else COLUMN_BOAT_HEIGHT - 1 - slot)
    y = COLUMN_BOAT_HEIGHT + boat * CELL_HEIGHT
    return Offset(1, y) if slot is None else Offset((2 - slot) * SLOT_WIDTH + 1, y + 1)


class Harbor(StripView):
    """The grid of nine cells with the six boats around it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "harbor--frame",
        "harbor--legal",
        "harbor--cursor",
        "harbor--number",
        "harbor--recent",
        "harbor--unloadable",
        "harbor--removed",
    }

    state: reactive[GameState | None] = reactive(None, repaint=False)
    marks: reactive[Marks] = reactive(Marks, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def show(self, state: GameState, marks: Marks) -> None:
        """Replace the state and the marks, repainting once if either changed."""
        if state != self.state or marks != self.marks:
            self.set_reactive(Harbor.state, state)
            self.set_reactive(Harbor.marks, marks)
            self.redraw()

    def watch_state(self) -> None:
        self.redraw()

    def watch_marks(self) -> None:
        self.redraw()

    def watch_ascii(self) -> None:
        self.redraw()

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.ascii else UNICODE

    def lines(self, width: int) -> list[Strip]:
        if self.state is None:
            return []
        corner = self.part("corner", lambda: [Text(" " * ROW_BOAT_WIDTH)])[0]
        columns = [
            self.part(self._boat_key(boat), partial(self._column_boat, boat)) for boat in (3, 4, 5)
        ]
        lines = [
            Strip.join([corner, *(boat[y] for boat in columns)]) for y in range(COLUMN_BOAT_HEIGHT)
        ]
        for row in range(3):
            parts = [self.part(self._boat_key(row), partial(self._row_boat, row))]
            for cell in range(row * 3, row * 3 + 3):
                parts.append(self.part(self._cell_key(cell), partial(self._cell, cell)))
            lines += [Strip.join([part[y] for part in parts]) for y in range(CELL_HEIGHT)]
        return lines

    def _cell_key(self, cell: int) -> Hashable:
        """Everything a cell's look depends on."""
        assert self.state is not None
        marks = self.marks
        return (
            "cell",
            cell,
            self.state.grid[cell],
            marks.cursor == Target("cell", cell),
            marks.recent_cell == cell,
            cell in marks.cells,
            self.ascii,
        )

    def _boat_key(self, boat: int) -> Hashable:
        """Everything a boat's look depends on."""
        assert self.state is not None
        marks = self.marks
        cursor = marks.cursor
        return (
            "boat",
            boat,
            self.state.boats[boat],
            frozenset(s for b, s in marks.slots if b == boat),
            marks.selected if marks.selected is not None and marks.selected[0] == boat else None,
            cursor
            if cursor is not None and cursor.kind == "slot" and cursor.number == boat
            else None,
            boat in marks.boats,
            marks.recent_boat == boat,
            self.ascii,
        )

    # --- cells ------------------------------------------------------------------

    def _cell(self, cell: int) -> list[Text]:
        assert self.state is not None
        marks = self.marks
        style = self.style_of
        cursor = marks.cursor == Target("cell", cell)
        if cursor:
            frame_style = style("harbor--cursor")
        elif marks.recent_cell == cell:
            frame_style = style("harbor--recent")
        elif cell in marks.cells:
            frame_style = style("harbor--legal")
        else:
            frame_style = style("harbor--frame")
        kind = "ascii" if self.ascii else "heavy" if cursor else "round"
        tl, h, tr, v, bl, br = _FRAMES[kind]
        inner = CELL_WIDTH - 2
        muted = style("harbor--number")
        number = Text(str(cell + 1), Style(color=muted.color, bgcolor=frame_style.bgcolor))
        top = Text(tl + h, frame_style) + number + Text(h * (inner - 2) + tr, frame_style)
        owner = self.state.grid[cell]
        if owner >= 0:
            meeple = meeple_text(owner, self.glyphs)
            left = (inner - meeple.cell_len) // 2
            body = Text(" " * left) + meeple + Text(" " * (inner - left - meeple.cell_len))
        else:
            body = Text(" " * inner)
        if cursor:
            body.stylize(Style(bgcolor=frame_style.bgcolor))
        middle = Text(v, frame_style) + body + Text(v, frame_style)
        bottom = Text(bl + h * inner + br, frame_style)
        return [top, middle, bottom]

    # --- boats ------------------------------------------------------------------

    def _label(self, boat: int) -> Text:
        # The boat the last action used is marked, so a computer's move is easy to see.
        style = "bold reverse" if self.marks.recent_boat == boat else "bold"
        return Text(f"{BOAT_NAMES[boat]} {BOAT_KEYS[boat]}", style=style)

    def _slot(self, boat: int, slots: tuple[str, str, str], slot: int) -> Text:
        marks = self.marks
        text = token_text(slots[slot])
        if (boat, slot) in marks.slots:
            text.stylize("underline")
        if marks.selected == (boat, slot):
            text.stylize("reverse blue")
        cursor = marks.cursor
        if cursor is not None and cursor == Target("slot", boat, slot):
            text.stylize("reverse")
        return text

    def _column_boat(self, boat: int) -> list[Text]:
        assert self.state is not None
        slots = self.state.boats[boat]
        label = self._label(boat)
        label.align("center", CELL_WIDTH)
        if slots is None:
            removed = self.style_of("harbor--removed")
            label.stylize(removed)
            # What is left of the boat sits in the middle of its column.
            lines = [label, Text(" " + self.glyphs.removed * 3, removed), Text(" gone", removed)]
        else:
            # Assembled, not added: a Text's own style would cover the token too.
            lines = [label] + [
                Text.assemble((f"{slot + 1} ", "dim"), self._slot(boat, slots, slot))
                for slot in (2, 1, 0)
            ]
        return self._shade(boat, [_fit(line, CELL_WIDTH) for line in lines], COLUMN_BOAT_HEIGHT)

    def _row_boat(self, boat: int) -> list[Text]:
        assert self.state is not None
        slots = self.state.boats[boat]
        label = self._label(boat)
        if slots is None:
            removed = self.style_of("harbor--removed")
            label.stylize(removed)
            gone = Text(self.glyphs.removed * 3 + " gone", removed)
            lines = [label, gone]
        else:
            tokens = Text(" ").join(self._slot(boat, slots, s) + Text(" ") for s in (2, 1, 0))
            numbers = Text("3    2    1", style="dim")
            lines = [label, tokens, numbers]
        return self._shade(boat, [_fit(line, ROW_BOAT_WIDTH) for line in lines], CELL_HEIGHT)

    def _shade(self, boat: int, lines: list[Text], height: int) -> list[Text]:
        """Fill the boat's area, shading it when the current step may unload it."""
        width = lines[0].cell_len
        lines += [Text(" " * width) for _ in range(height - len(lines))]
        if boat in self.marks.boats:
            background = self.style_of("harbor--unloadable").bgcolor
            for line in lines:
                # Underneath the tokens' own colours, which must stay readable.
                line.stylize_before(Style(bgcolor=background))
        return lines

    # --- the mouse --------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        target = hit(offset) if offset is not None else None
        if target is None or self.state is None:
            return
        kind, number, slot = target
        if kind == "cell":
            self.post_message(CellChosen(number))
        elif self.state.boats[number] is None:
            self.post_message(SlotChosen(number, None))
        else:
            self.post_message(SlotChosen(number, slot))
