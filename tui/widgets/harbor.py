"""The harbor: six boats moored around the 3x3 grid of cells."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from engine import GameState
from engine.tokens import BOAT_NAMES
from tui.cursor import Target
from tui.glyphs import ASCII, UNICODE, meeple_text, token_text
from tui.keys import BOAT_KEYS


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


class CellView(Widget):
    """One cell of the grid, showing its meeple if any.

    The cell draws its own frame, coloured by component classes, rather than
    switching CSS classes: a class change restyles the whole harbor, and the
    cursor and the legal cells change on almost every key.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "harbor-cell--frame",
        "harbor-cell--legal",
        "harbor-cell--cursor",
        "harbor-cell--number",
        "harbor-cell--recent",
    }

    owner: reactive[int] = reactive(-1)
    legal: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)
    recent: reactive[bool] = reactive(False)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, cell: int) -> None:
        super().__init__(id=f"cell-{cell}", classes="harbor-cell")
        self.cell = cell

    def render(self) -> Text:
        width = max(5, self.size.width)
        if self.cursor:
            frame_style = self.get_component_rich_style("harbor-cell--cursor")
        elif self.recent:
            frame_style = self.get_component_rich_style("harbor-cell--recent")
        elif self.legal:
            frame_style = self.get_component_rich_style("harbor-cell--legal")
        else:
            frame_style = self.get_component_rich_style("harbor-cell--frame")
        kind = "ascii" if self.ascii else "heavy" if self.cursor else "round"
        tl, h, tr, v, bl, br = _FRAMES[kind]
        muted = self.get_component_rich_style("harbor-cell--number")
        number = Text(str(self.cell + 1), Style(color=muted.color, bgcolor=frame_style.bgcolor))
        top = Text(tl + h, frame_style) + number + Text(h * (width - 4) + tr, frame_style)
        inner = width - 2
        if self.owner >= 0:
            meeple = meeple_text(self.owner, ASCII if self.ascii else UNICODE)
            left = (inner - meeple.cell_len) // 2
            body = Text(" " * left) + meeple + Text(" " * (inner - left - meeple.cell_len))
        else:
            body = Text(" " * inner)
        if self.cursor:
            body.stylize(Style(bgcolor=frame_style.bgcolor))
        middle = Text(v, frame_style) + body + Text(v, frame_style)
        bottom = Text(bl + h * inner + br, frame_style)
        return Text("\n").join([top, middle, bottom])

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CellChosen(self.cell))


@dataclass(frozen=True)
class BoatSlice:
    """What one boat draws; a boat repaints only when this changes."""

    slots: tuple[str, str, str] | None = None
    choosable: frozenset[int] = frozenset()  # slots the current step may choose
    selected: int | None = None  # the first slot of a swap
    cursor: int | None = None  # the slot under the keyboard cursor
    unloadable: bool = False  # the current step may unload this boat
    recent: bool = False  # the last action used this boat


class BoatView(Widget):
    """A boat and its three slots; row boats lie left of the grid, column boats above."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"boat--legal"}

    view: reactive[BoatSlice] = reactive(BoatSlice)
    ascii: reactive[bool] = reactive(False)

    @property
    def slots(self) -> tuple[str, str, str] | None:
        return self.view.slots

    def __init__(self, boat: int) -> None:
        super().__init__(
            id=f"boat-{boat}", classes="boat row-boat" if boat < 3 else "boat column-boat"
        )
        self.boat = boat

    @property
    def label(self) -> Text:
        # The boat the last action used is marked, so a computer's move is easy to see.
        style = "bold reverse" if self.view.recent else "bold"
        return Text(f"{BOAT_NAMES[self.boat]} {BOAT_KEYS[self.boat]}", style=style)

    def _slot_text(self, slot: int) -> Text:
        assert self.slots is not None
        view = self.view
        text = token_text(self.slots[slot])
        if slot in view.choosable:
            text.stylize("underline")
        if view.selected == slot:
            text.stylize("reverse blue")
        if view.cursor == slot:
            text.stylize("reverse")
        return text

    def render(self) -> Text:
        glyphs = ASCII if self.ascii else UNICODE
        column = self.boat >= 3
        if self.slots is None:
            gone = Text(glyphs.removed * 3, style="dim")
            if column:
                return Text("\n").join([self.label, gone, Text("gone", style="dim")])
            return Text("\n").join([self.label, gone + Text(" gone", style="dim")])
        if column:
            lines = [self.label.copy()]
            lines[0].align("center", 7)
            for slot in (2, 1, 0):
                lines.append(Text(f"{slot + 1} ", style="dim") + self._slot_text(slot))
            return self._shade(lines)
        slots = Text(" ").join(self._slot_text(s) + Text(" ") for s in (2, 1, 0))
        numbers = Text("3    2    1", style="dim")
        label = self.label.copy()
        return self._shade([label, slots, numbers])

    def _shade(self, lines: list[Text]) -> Text:
        """Join the lines, shading the whole boat when it may be unloaded now."""
        if self.view.unloadable:
            width = max(1, self.size.width)
            background = self.get_component_rich_style("boat--legal")
            for line in lines:
                line.pad_right(width - line.cell_len)
                # Underneath the tokens' own colours, which must stay readable.
                line.stylize_before(Style(bgcolor=background.bgcolor))
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.slots is None:
            self.post_message(SlotChosen(self.boat, None))
            return
        offset = event.get_content_offset(self)
        slot: int | None = None
        if offset is not None:
            if self.boat >= 3:
                slot = 3 - offset.y if 1 <= offset.y <= 3 else None
            elif offset.y == 1:
                slot = 2 - min(offset.x // 5, 2)
        self.post_message(SlotChosen(self.boat, slot))


class Harbor(Widget):
    """The grid of nine cells with the six boats around it.

    The harbor draws nothing itself: a change is handed to the boats and cells,
    and only those whose slice changed repaint.
    """

    state: reactive[GameState | None] = reactive(None, repaint=False)
    marks: reactive[Marks] = reactive(Marks, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def compose(self) -> ComposeResult:
        yield Static(id="harbor-corner")
        for boat in (3, 4, 5):
            yield BoatView(boat)
        for row in range(3):
            yield BoatView(row)
            for col in range(3):
                yield CellView(row * 3 + col)

    def show(self, state: GameState, marks: Marks) -> None:
        """Replace the state and the marks with a single refresh of the children."""
        self.set_reactive(Harbor.state, state)
        self.set_reactive(Harbor.marks, marks)
        self._refresh_children()

    def watch_state(self) -> None:
        self._refresh_children()

    def watch_marks(self) -> None:
        self._refresh_children()

    def watch_ascii(self) -> None:
        self._refresh_children()

    def _refresh_children(self) -> None:
        state = self.state
        if state is None or not self.children:
            return
        marks = self.marks
        cursor = marks.cursor
        for boat_view in self.query(BoatView):
            boat = boat_view.boat
            boat_view.view = BoatSlice(
                slots=state.boats[boat],
                choosable=frozenset(s for b, s in marks.slots if b == boat),
                selected=marks.selected[1]
                if marks.selected is not None and marks.selected[0] == boat
                else None,
                cursor=cursor.slot
                if cursor is not None and cursor.kind == "slot" and cursor.number == boat
                else None,
                unloadable=boat in marks.boats,
                recent=marks.recent_boat == boat,
            )
            boat_view.ascii = self.ascii
            boat_view.set_class(state.boats[boat] is None, "removed")
        for cell_view in self.query(CellView):
            cell = cell_view.cell
            cell_view.owner = state.grid[cell]
            cell_view.ascii = self.ascii
            cell_view.legal = cell in marks.cells
            cell_view.cursor = cursor == Target("cell", cell)
            cell_view.recent = marks.recent_cell == cell

    def on_mount(self) -> None:
        self._refresh_children()
