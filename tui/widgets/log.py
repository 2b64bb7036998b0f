"""The most recent actions, in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class ActionLog(Widget):
    entries: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Text:
        height = max(1, self.content_size.height)
        width = max(10, self.content_size.width)
        if not self.entries:
            return Text("No moves yet.", style="dim")
        # Wrap first and keep the last lines that fit, so the newest entry is
        # always shown whole.
        lines: list[Text] = []
        for index in range(len(self.entries) - 1, -1, -1):
            entry = Text(self.entries[index], style="" if not lines else "dim")
            wrapped = entry.wrap(self.app.console, width)
            lines[:0] = list(wrapped)
            if len(lines) >= height:
                break
        return Text("\n").join(lines[-height:])
