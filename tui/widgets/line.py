"""A line or two of text (the prompt, the message) that only ever repaints.

``Static.update`` asks for a new layout, which on the game screen costs more
than everything else a key press does; the prompt and the message line have a
fixed height, so a repaint is enough, and only when the words changed.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.strips import StripView


class Line(StripView):
    text: reactive[str | Text] = reactive("", repaint=False)

    def update(self, text: str | Text) -> None:
        self.text = text

    def watch_text(self) -> None:
        self.redraw()

    def lines(self, width: int) -> list[Strip]:
        # Plain text: messages quote player names, which may contain brackets.
        text = Text(self.text) if isinstance(self.text, str) else self.text
        key = (text.plain, str(text.style), tuple(text.spans))
        return self.part(key, lambda: list(text.wrap(self.app.console, max(1, width))))
