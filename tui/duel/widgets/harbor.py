"""The harbor: six boats moored around the 3x3 grid of cells.

The harbor is one widget drawn line by line: the column boats along the top,
then each row boat to the left of its three cells. Clicks are mapped back to a
cell or a boat's slot from where they land.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
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

from engine.duel import GameState
from engine.duel.tokens import BOAT_NAMES
from tui.duel.cursor import Target
from tui.duel.glyphs import ASCII, UNICODE, Glyphs, meeple_text, token_style, token_text
from tui.duel.keys import boat_keys
from tui.duel.marks import Marks
from tui.duel.token_words import SHORT_WIDTH, action_key, full_name, short_words
from tui.i18n import _, current_language, pgettext
from tui.widgets.strips import StripView


@dataclass(frozen=True)
class Plan:
    """The harbor's layout, in cells of the terminal.

    The small plan fits 80x24 and shows token codes; the large one spells the
    tokens out (see :mod:`tui.duel.token_words`) where the window has room.
    """

    row_boat_width: int  # the row boats, left of the grid
    cell_width: int
    column_boat_height: int  # the column boats, above the grid
    cell_height: int
    slot_width: int  # a row boat's slot: its token and a gap
    words: bool  # tokens spelled out rather than as codes

    @property
    def width(self) -> int:
        return self.row_boat_width + 3 * self.cell_width

    @property
    def height(self) -> int:
        return self.column_boat_height + 3 * self.cell_height

    @property
    def slot_lines(self) -> int:
        """Lines each slot of a column boat takes (below the boat's label)."""
        return (self.column_boat_height - 1) // 3


SMALL: Final = Plan(15, 7, 4, 3, 5, words=False)
# Each slot's words take two lines of SHORT_WIDTH cells, with a gap after.
LARGE: Final = Plan(24, 10, 7, 4, 8, words=True)


def plan_for(width: int, height: int) -> Plan:
    """The largest plan that fits a content area of ``width`` x ``height``."""
    return LARGE if width >= LARGE.width and height >= LARGE.height else SMALL


# The small plan's measures (the 80x24 layout; the replay viewer's).
ROW_BOAT_WIDTH: Final = SMALL.row_boat_width
CELL_WIDTH: Final = SMALL.cell_width
COLUMN_BOAT_HEIGHT: Final = SMALL.column_boat_height
CELL_HEIGHT: Final = SMALL.cell_height
SLOT_WIDTH: Final = SMALL.slot_width
WIDTH: Final = SMALL.width
HEIGHT: Final = SMALL.height


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


def hit(offset: Offset | tuple[int, int], plan: Plan = SMALL) -> tuple[str, int, int | None] | None:
    """What a click at ``offset`` (in the harbor's content) lands on.

    ``("cell", cell, None)``, ``("boat", boat, slot)`` with ``slot`` None on the
    boat's label or gaps, or None for the corner and outside.
    """
    x, y = offset
    if not (0 <= x < plan.width and 0 <= y < plan.height):
        return None
    top, left = plan.column_boat_height, plan.row_boat_width
    if y < top:
        if x < left:
            return None
        boat = 3 + (x - left) // plan.cell_width
        # Slot 3, the farthest from the grid, is on top, under the label.
        return "boat", boat, (2 - (y - 1) // plan.slot_lines if y >= 1 else None)
    row, line = divmod(y - top, plan.cell_height)
    if x >= left:
        return "cell", row * 3 + (x - left) // plan.cell_width, None
    # Slot 3 is leftmost, on the lines under the boat's label.
    on_slot = 1 <= line <= (3 if plan.words else 1)
    return "boat", row, (2 - min(x // plan.slot_width, 2) if on_slot else None)


def cell_offset(cell: int, plan: Plan = SMALL) -> Offset:
    """The middle of ``cell``, where a click chooses it."""
    row, col = divmod(cell, 3)
    return Offset(
        plan.row_boat_width + col * plan.cell_width + plan.cell_width // 2,
        plan.column_boat_height + row * plan.cell_height + 1,
    )


def boat_offset(boat: int, slot: int | None = None, plan: Plan = SMALL) -> Offset:
    """Where a click chooses ``slot`` of ``boat``, or the whole boat (its label)."""
    if boat >= 3:
        x = plan.row_boat_width + (boat - 3) * plan.cell_width + plan.cell_width // 2
        return Offset(x, 0 if slot is None else 1 + (2 - slot) * plan.slot_lines)
    y = plan.column_boat_height + boat * plan.cell_height
    return Offset(1, y) if slot is None else Offset((2 - slot) * plan.slot_width + 1, y + 1)


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
        "harbor--preview",
        "harbor--legend",
    }

    state: reactive[GameState | None] = reactive(None, repaint=False)
    marks: reactive[Marks] = reactive(Marks, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._hover: tuple[int, int] | None = None  # the slot under the mouse

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

    @property
    def plan(self) -> Plan:
        """The plan the harbor is drawn with at its present size."""
        size = self.content_size
        return plan_for(size.width, size.height)

    def lines(self, width: int) -> list[Strip]:
        if self.state is None:
            return []
        plan = self.plan
        corner = self.part(*self._corner(plan))
        columns = [
            self.part(self._boat_key(boat, plan), partial(self._column_boat, boat, plan))
            for boat in (3, 4, 5)
        ]
        lines = [
            Strip.join([corner[y], *(boat[y] for boat in columns)])
            for y in range(plan.column_boat_height)
        ]
        for row in range(3):
            parts = [self.part(self._boat_key(row, plan), partial(self._row_boat, row, plan))]
            for cell in range(row * 3, row * 3 + 3):
                parts.append(self.part(self._cell_key(cell, plan), partial(self._cell, cell, plan)))
            lines += [Strip.join([part[y] for part in parts]) for y in range(plan.cell_height)]
        return lines

    def _gift_at(self, cell: int) -> str | None:
        """The token the previewed unload would give the meeple on ``cell``."""
        preview = self.marks.preview
        if preview is not None:
            for gift in preview.gifts:
                if gift.cell == cell:
                    return gift.token
        return None

    def _cell_key(self, cell: int, plan: Plan) -> Hashable:
        """Everything a cell's look depends on."""
        assert self.state is not None
        marks = self.marks
        return (
            "cell",
            cell,
            plan,
            self.state.grid[cell],
            marks.cursor == Target("cell", cell),
            marks.recent_cell == cell,
            cell in marks.cells,
            self._gift_at(cell),
            self.ascii,
        )

    def _boat_key(self, boat: int, plan: Plan) -> Hashable:
        """Everything a boat's look depends on."""
        assert self.state is not None
        marks = self.marks
        cursor = marks.cursor
        return (
            "boat",
            boat,
            plan,
            current_language(),  # a large harbor spells the tokens out
            self.state.boats[boat],
            boat in self.state.emptied,
            frozenset(s for b, s in marks.slots if b == boat),
            marks.selected if marks.selected is not None and marks.selected[0] == boat else None,
            cursor
            if cursor is not None and cursor.kind == "slot" and cursor.number == boat
            else None,
            boat in marks.boats,
            marks.recent_boat == boat,
            tuple(self._slot_mark_key(boat, slot) for slot in range(3)),
            self.ascii,
        )

    # --- the corner: what a token code means -----------------------------------

    def _corner(self, plan: Plan) -> tuple[Hashable, Callable[[], list[Text]]]:
        """The corner's key and drawing: the unload being previewed, else the
        token under the mouse or the cursor in words, else the action tokens' key."""
        lines = self._corner_lines(plan)
        width, height = plan.row_boat_width, plan.column_boat_height
        legend = self.style_of("harbor--legend")

        def draw() -> list[Text]:
            texts = [_fit(Text.assemble(*line, style=legend), width - 1) + " " for line in lines]
            return texts[:height] + [Text(" " * width) for _ in range(height - len(texts))]

        return ("corner", plan, lines, legend), draw

    def _corner_lines(self, plan: Plan) -> tuple[tuple[tuple[str, str], ...], ...]:
        state, marks = self.state, self.marks
        assert state is not None
        width = plan.row_boat_width - 1
        preview = marks.preview
        if preview is not None:
            key = "".join(boat_keys(preview.boat))
            return (
                ((_("Unload {boat}?").format(boat=BOAT_NAMES[preview.boat]), "bold"),),
                ((_("Enter/{key}: yes").format(key=key), ""),),
                ((_("Esc: no"), ""),),
            )
        target = self._hover
        cursor = marks.cursor
        if target is None and cursor is not None and cursor.kind == "slot":
            target = (cursor.number, cursor.slot)
        slots = state.boats[target[0]] if target is not None else None
        if target is not None and slots is not None:
            boat, slot = target
            token = slots[slot]
            head = (
                (_("{boat} slot {slot}:").format(boat=BOAT_NAMES[boat], slot=slot + 1), "bold"),
            )
            words = Text(f"{token} {full_name(token)}")
            body = [line.plain for line in words.wrap(self.app.console, width)]
            first, *rest = body
            code = first[: len(token)]
            return (
                head,
                ((code, token_style(token)), (first[len(token) :], "")),
                *(((line, ""),) for line in rest),
            )
        legend = tuple(((code, token_style(code)), (f" {name}", "")) for code, name in action_key())
        if plan.column_boat_height > len(legend):
            return (((_("Action tokens:"), "bold"),), *legend)
        return legend

    # --- cells ------------------------------------------------------------------

    def _cell(self, cell: int, plan: Plan) -> list[Text]:
        assert self.state is not None
        marks = self.marks
        style = self.style_of
        cursor = marks.cursor == Target("cell", cell)
        gift = self._gift_at(cell)
        if cursor:
            frame_style = style("harbor--cursor")
        elif gift is not None:
            frame_style = style("harbor--preview")
        elif marks.recent_cell == cell:
            frame_style = style("harbor--recent")
        elif cell in marks.cells:
            frame_style = style("harbor--legal")
        else:
            frame_style = style("harbor--frame")
        kind = "ascii" if self.ascii else "heavy" if cursor or gift is not None else "round"
        tl, h, tr, v, bl, br = _FRAMES[kind]
        inner = plan.cell_width - 2
        muted = style("harbor--number")
        number = Text(str(cell + 1), Style(color=muted.color, bgcolor=frame_style.bgcolor))
        top = Text(tl + h, frame_style) + number + Text(h * (inner - 2) + tr, frame_style)
        owner = self.state.grid[cell]
        body = Text()
        if owner >= 0:
            body = meeple_text(owner, self.glyphs)
            if gift is not None:
                # What this meeple takes home if the previewed unload is confirmed.
                body += Text(" ") + token_text(gift, len(gift))
        left = (inner - body.cell_len) // 2
        body = Text(" " * left) + body + Text(" " * (inner - left - body.cell_len))
        if cursor:
            body.stylize(Style(bgcolor=frame_style.bgcolor))
        middle = Text(v, frame_style) + body + Text(v, frame_style)
        bottom = Text(bl + h * inner + br, frame_style)
        blank = Text(v, frame_style) + Text(" " * inner) + Text(v, frame_style)
        return [top, middle, *(blank.copy() for _ in range(plan.cell_height - 3)), bottom]

    # --- boats ------------------------------------------------------------------

    def _label(self, boat: int) -> Text:
        if self.marks.preview is not None and self.marks.preview.boat == boat:
            return Text(BOAT_NAMES[boat], style=self.style_of("harbor--preview"))
        # The boat the last action used is marked, so a computer's move is easy
        # to see. The name is also what a player types to choose it (r1...c3).
        style = "bold reverse" if self.marks.recent_boat == boat else "bold"
        return Text(BOAT_NAMES[boat], style=style)

    def _slot_mark_key(self, boat: int, slot: int) -> int | str | None:
        """Who takes this slot's token in the previewed unload (0 or 1), "box", or None."""
        preview = self.marks.preview
        if preview is None or preview.boat != boat:
            return None
        if preview.boxed == slot:
            return "box"
        for gift in preview.gifts:
            if gift.slot == slot:
                return gift.owner
        return None

    def _slot_mark(self, boat: int, slot: int) -> Text:
        """One cell: the meeple that takes the slot's token, the box mark, or a space."""
        mark = self._slot_mark_key(boat, slot)
        if mark is None:
            return Text(" ")
        if mark == "box":
            return Text(self.glyphs.boxed, "bold")
        assert isinstance(mark, int)
        return meeple_text(mark, self.glyphs)

    def _slot_style(self, boat: int, slot: int) -> Style:
        marks = self.marks
        style = Style()
        if (boat, slot) in marks.slots:
            style += Style(underline=True)
        if marks.selected == (boat, slot):
            style += Style.parse("reverse blue")
        if marks.cursor is not None and marks.cursor == Target("slot", boat, slot):
            style += Style(reverse=True)
        if self._slot_mark_key(boat, slot) == "box":
            style += Style(strike=True, dim=True)
        return style

    def _slot(self, boat: int, slots: tuple[str, str, str], slot: int) -> Text:
        text = token_text(slots[slot])
        text.stylize(self._slot_style(boat, slot))
        return text

    def _slot_words(self, boat: int, slots: tuple[str, str, str], slot: int) -> list[Text]:
        """A slot's token spelled out in two lines of SHORT_WIDTH cells."""
        token = slots[slot]
        words = [*short_words(token), ""]
        style = Style.parse(token_style(token)) + self._slot_style(boat, slot)
        return [
            Text(words[0].ljust(SHORT_WIDTH), style),
            Text(words[1].ljust(SHORT_WIDTH), style if words[1] else ""),
        ]

    def _column_boat(self, boat: int, plan: Plan) -> list[Text]:
        assert self.state is not None
        slots = self.state.boats[boat]
        width = plan.cell_width
        label = self._label(boat)
        label.align("center", width)
        if slots is None and boat in self.state.emptied:
            # Online rules: unloaded this turn, refilled when the turn ends.
            pad = " " * ((width - 5) // 2)
            lines = [
                label,
                Text(pad + " " + self.glyphs.missing * 3, "dim"),
                Text(pad + " " + self._empty_word(), "dim"),
            ]
        elif slots is None:
            removed = self.style_of("harbor--removed")
            label.stylize(removed)
            # What is left of the boat sits in the middle of its column.
            pad = " " * ((width - 5) // 2)
            lines = [
                label,
                Text(pad + " " + self.glyphs.removed * 3, removed),
                Text(pad + " " + _("gone"), removed),
            ]
        elif plan.words:
            lines = [label]
            for slot in (2, 1, 0):
                first, second = self._slot_words(boat, slots, slot)
                lines.append(Text.assemble((f"{slot + 1} ", "dim"), first))
                lines.append(Text.assemble(self._slot_mark(boat, slot), " ", second))
        else:
            # Assembled, not added: a Text's own style would cover the token too.
            # The preview's mark follows the token with no gap, so that the gap
            # after it parts it from the next column's slot number: a mark at the
            # column's right edge read as the next column's.
            lines = [label] + [
                Text.assemble(
                    (f"{slot + 1} ", "dim"),
                    self._slot(boat, slots, slot),
                    self._slot_mark(boat, slot),
                )
                for slot in (2, 1, 0)
            ]
        lines = [_fit(line, width) for line in lines]
        return self._shade(boat, lines, plan.column_boat_height)

    def _row_boat(self, boat: int, plan: Plan) -> list[Text]:
        assert self.state is not None
        slots = self.state.boats[boat]
        label = self._label(boat)
        if slots is None and boat in self.state.emptied:
            empty = Text(self.glyphs.missing * 3 + " " + self._empty_word(), "dim")
            lines = [label, empty]
        elif slots is None:
            removed = self.style_of("harbor--removed")
            label.stylize(removed)
            gone = Text(self.glyphs.removed * 3 + " " + _("gone"), removed)
            lines = [label, gone]
        elif plan.words:
            numbers, firsts, seconds = Text(), Text(), Text()
            gap = " " * (plan.slot_width - SHORT_WIDTH)
            for slot in (2, 1, 0):
                first, second = self._slot_words(boat, slots, slot)
                numbers += Text.assemble(
                    (str(slot + 1), "dim"), self._slot_mark(boat, slot), " " * (plan.slot_width - 2)
                )
                firsts += first + gap
                seconds += second + gap
            lines = [label, numbers, firsts, seconds]
        else:
            gap = " " * (plan.slot_width - 3)
            tokens = Text(gap).join(self._slot(boat, slots, s) for s in (2, 1, 0))
            # Under each token its slot number, and in a preview who takes it.
            numbers = Text()
            for slot in (2, 1, 0):
                numbers += Text.assemble(
                    (str(slot + 1), "dim"), self._slot_mark(boat, slot), " " * (plan.slot_width - 2)
                )
            lines = [label, tokens, numbers]
        lines = [_fit(line, plan.row_boat_width) for line in lines]
        return self._shade(boat, lines, plan.cell_height)

    def _empty_word(self) -> str:
        # TRANSLATORS: under a boat unloaded this turn (online rules): it is
        # refilled when the turn ends. As short as "gone".
        return pgettext("boat waiting for its refill", "empty")

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

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        target = hit(offset, self.plan) if offset is not None else None
        hover = (target[1], target[2]) if target is not None and target[2] is not None else None
        if hover != self._hover:
            self._hover = hover
            self.redraw()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.redraw()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        target = hit(offset, self.plan) if offset is not None else None
        if target is None or self.state is None:
            return
        kind, number, slot = target
        if kind == "cell":
            self.post_message(CellChosen(number))
        elif self.state.boats[number] is None:
            self.post_message(SlotChosen(number, None))
        else:
            self.post_message(SlotChosen(number, slot))
