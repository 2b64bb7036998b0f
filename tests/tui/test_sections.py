"""The lobby's lists (SectionList): how wide a list's columns are as its rows change."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.sections import SectionList


class _OneList(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionList(id="mine")

    def on_mount(self) -> None:
        self.query_one(SectionList).add_columns("Against", "", "Moves")


def _widths(table: SectionList) -> list[int]:
    return [column.get_render_width(table) for column in table.columns.values()]


async def test_a_list_emptied_of_a_long_row_shrinks_back_to_its_labels() -> None:
    app = _OneList()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(SectionList)
        labels = _widths(table)
        table.add_row(Text("a player with a very long name"), Text("your turn"), Text("12"))
        table.fit_columns()
        # Sized at once, before the table's own look when idle.
        long = _widths(table)
        assert long == [32, 11, 7]
        await pilot.pause()
        assert _widths(table) == long

        table.clear()
        table.fit_columns()
        await pilot.pause()
        assert _widths(table) == labels == [9, 2, 7]

        table.add_row(Text("bob"), Text("waiting"), Text("3"))
        table.fit_columns()
        assert _widths(table) == [9, 9, 7]
        await pilot.pause()
        assert [str(cell) for cell in table.get_row_at(0)] == ["bob", "waiting", "3"]
