"""The most recent actions, in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.strips import StripView


class ActionLog(StripView):
    entries: reactive[tuple[str, ...]] = reactive((), repaint=False)

    def watch_entries(self) -> None:
        self.redraw()

    def lines(self, width: int) -> list[Strip]:
        height = max(1, self.content_size.height)
        # Only the last few entries can show, however long the game.
        shown = self.entries[-height:]
        return self.part(shown, lambda: self._wrapped(shown, max(10, width), height))

    def _wrapped(self, entries: tuple[str, ...], width: int, height: int) -> list[Text]:
        if not entries:
            return [Text("No moves yet.", style="dim")]
        # Wrap first and keep the last lines that fit, so the newest entry is
        # always shown whole.
        lines: list[Text] = []
        for index in range(len(entries) - 1, -1, -1):
            entry = Text(entries[index], style="" if not lines else "dim")
            lines[:0] = list(entry.wrap(self.app.console, width))
            if len(lines) >= height:
                break
        return lines[-height:]
