"""Lists one under another that the arrows walk through as one.

The lobby shows its games in sections (your games, open tables, games being
played, finished games), each a DataTable of its own. A DataTable keeps the
cursor inside itself, so Down at its last row did nothing: a player who had
reached the end of one list could not get to the next without knowing Tab.
A :class:`SectionList` at its first or last row instead says it wants to be
left; the screen moves the focus to the neighbouring list that has rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.message import Message
from textual.widgets import DataTable


class SectionList(DataTable[object]):
    class Leave(Message):
        """The cursor tried to go past the first (``step`` -1) or last (+1) row."""

        def __init__(self, section: SectionList, step: int) -> None:
            super().__init__()
            self.section = section
            self.step = step

    def fit_columns(self) -> None:
        """Make each column as wide as its label and the cells it holds now.

        On its own a DataTable only widens a column, to the widest cell it
        ever held: after a game with long names left a list, its emptied
        columns stood wide apart. Sized here, at once, the first paint after
        new rows already shows them whole.
        """
        for column in self.columns.values():
            cells = [cell_len(str(cell)) for cell in self.get_column(column.key)]
            column.content_width = max([column.label.cell_len, *cells])
        self.refresh()

    def action_cursor_down(self) -> None:
        if self.row_count == 0 or self.cursor_row >= self.row_count - 1:
            self.post_message(self.Leave(self, 1))
            return
        super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.row_count == 0 or self.cursor_row <= 0:
            self.post_message(self.Leave(self, -1))
            return
        super().action_cursor_up()


def neighbour(sections: Sequence[SectionList], leaving: SectionList, step: int) -> bool:
    """Focus the next list after ``leaving`` in direction ``step`` that has rows,
    on its first row going down and its last going up; False if there is none
    (the cursor then stays where it is)."""
    at = sections.index(leaving)
    for section in (sections[i] for i in range(at + step, -1 if step < 0 else len(sections), step)):
        if section.row_count:
            section.focus()
            section.move_cursor(row=0 if step > 0 else section.row_count - 1)
            return True
    return False
