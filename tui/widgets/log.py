"""The most recent actions, in plain words."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class ActionLog(Widget):
    entries: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Text:
        height = max(1, self.content_size.height)
        shown = self.entries[-height:]
        if not shown:
            return Text("No moves yet.", style="dim")
        lines = [Text(line, style="dim") for line in shown[:-1]]
        lines.append(Text(shown[-1]))
        return Text("\n").join(lines)
