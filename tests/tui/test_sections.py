"""The lobby's lists (SectionList): what a list shows after its rows change."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.sections import SectionList


class _OneList(App[None]):
    def compose(self) -> ComposeResult:
        yield SectionList(id="mine")

    def on_mount(self) -> None:
        self.query_one(SectionList).add_columns("Against", "", "Moves")


async def test_a_list_emptied_of_a_long_row_shrinks_back_to_its_labels() -> None:
    app = _OneList()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(SectionList)
        narrow = [column.get_render_width(table) for column in table.columns.values()]
        table.add_row(Text("a player with a very long name"), Text("your turn"), Text("12"))
        await pilot.pause()
        wide = [column.get_render_width(table) for column in table.columns.values()]
        assert wide[0] > narrow[0] and wide[1] > narrow[1]

        table.clear_rows()
        await pilot.pause()
        assert table.row_count == 0
        assert [column.label.plain for column in table.columns.values()] == [
            "Against",
            "",
            "Moves",
        ]
        assert [column.get_render_width(table) for column in table.columns.values()] == narrow

        # Rows added afterwards land under the same columns.
        table.add_row(Text("bob"), Text("waiting"), Text("3"))
        await pilot.pause()
        assert [str(cell) for cell in table.get_row_at(0)] == ["bob", "waiting", "3"]
