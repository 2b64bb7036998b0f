"""The most recent actions, in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.strips import StripView

MORE = " ... (g)"  # plain ASCII: the log is drawn the same in ASCII mode


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
        # Whole entries only, newest last: a line torn from the middle of an
        # older entry ("token.") says nothing about who did what.
        lines: list[Text] = []
        for index in range(len(entries) - 1, -1, -1):
            entry = Text(entries[index], style="" if not lines else "dim")
            wrapped = list(entry.wrap(self.app.console, width))
            if len(lines) + len(wrapped) <= height:
                lines[:0] = wrapped
                continue
            if not lines:
                # The newest entry alone is too long: its start says who did
                # what; the whole of it is in the game log (g).
                lines = wrapped[:height]
                last = lines[-1]
                last.truncate(width - len(MORE))
                last.rstrip()
                last.append(MORE)
            break
        return lines
