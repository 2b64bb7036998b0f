"""A line of text whose updates never re-lay-out the screen.

``Static.update`` asks for a new layout, which on the game screen costs more
than everything else a key press does; the prompt and the message line have a
fixed height, so a repaint is enough.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class Line(Widget):
    text: reactive[str | Text] = reactive("", layout=False)

    def update(self, text: str | Text) -> None:
        self.text = text

    def render(self) -> Text:
        # Plain text: messages quote player names, which may contain brackets.
        return Text(self.text) if isinstance(self.text, str) else self.text
