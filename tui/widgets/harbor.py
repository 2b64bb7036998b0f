"""The harbor: six boats moored around the 3x3 grid of cells."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    recent: frozenset[int] = field(default_factory=frozenset)  # boats just changed


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


class CellView(Widget):
    """One cell of the grid, showing its meeple if any."""

    owner: reactive[int] = reactive(-1)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, cell: int) -> None:
        super().__init__(id=f"cell-{cell}", classes="harbor-cell")
        self.cell = cell
        self.border_title = str(cell + 1)

    def render(self) -> Text:
        if self.owner < 0:
            return Text("")
        return meeple_text(self.owner, ASCII if self.ascii else UNICODE)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CellChosen(self.cell))


class BoatView(Widget):
    """A boat and its three slots; row boats lie left of the grid, column boats above."""

    slots: reactive[tuple[str, str, str] | None] = reactive(None)
    marks: reactive[Marks] = reactive(Marks)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, boat: int) -> None:
        super().__init__(
            id=f"boat-{boat}", classes="boat row-boat" if boat < 3 else "boat column-boat"
        )
        self.boat = boat

    @property
    def label(self) -> Text:
        return Text(f"{BOAT_NAMES[self.boat]} {BOAT_KEYS[self.boat]}", style="bold")

    def _slot_text(self, slot: int) -> Text:
        assert self.slots is not None
        text = token_text(self.slots[slot])
        marks = self.marks
        if (self.boat, slot) in marks.slots:
            text.stylize("underline")
        if marks.selected == (self.boat, slot):
            text.stylize("reverse blue")
        cursor = marks.cursor
        if cursor == Target("slot", self.boat, slot):
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
            return Text("\n").join(lines)
        slots = Text(" ").join(self._slot_text(s) + Text(" ") for s in (2, 1, 0))
        numbers = Text("3    2    1", style="dim")
        label = self.label.copy()
        return Text("\n").join([label, slots, numbers])

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
    """The grid of nine cells with the six boats around it."""

    state: reactive[GameState | None] = reactive(None)
    marks: reactive[Marks] = reactive(Marks)
    ascii: reactive[bool] = reactive(False)

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
            boat_view.slots = state.boats[boat]
            boat_view.marks = marks
            boat_view.ascii = self.ascii
            boat_view.set_class(state.boats[boat] is None, "removed")
            boat_view.set_class(boat in marks.boats, "legal")
            boat_view.set_class(boat in marks.recent, "recent")
        for cell_view in self.query(CellView):
            cell = cell_view.cell
            cell_view.owner = state.grid[cell]
            cell_view.ascii = self.ascii
            cell_view.set_class(cell in marks.cells, "legal")
            cell_view.set_class(cursor == Target("cell", cell), "cursor")

    def on_mount(self) -> None:
        self._refresh_children()
