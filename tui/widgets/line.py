"""A line or two of text (the prompt, the message) that only ever repaints.

``Static.update`` asks for a new layout, which on the game screen costs more
than everything else a key press does; the prompt and the message line have a
fixed height, so a repaint is enough, and only when the words changed.

Longer help (the first-game guide) comes as a tuple of sentences, most useful
first: the line shows as many whole sentences as its height holds, rather than
cutting the last one off mid-word.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.strips import StripView


class Line(StripView):
    text: reactive[str | Text | tuple[str, ...]] = reactive("", repaint=False)

    def update(self, text: str | Text | Sequence[str]) -> None:
        self.text = text if isinstance(text, str | Text) else tuple(text)

    @property
    def plain(self) -> str:
        """The whole text, as a player would read it with room enough."""
        text = self.text
        if isinstance(text, tuple):
            return " ".join(text)
        return text if isinstance(text, str) else text.plain

    def watch_text(self) -> None:
        self.redraw()

    def lines(self, width: int) -> list[Strip]:
        width = max(1, width)
        if isinstance(self.text, tuple):
            sentences = self.text
            height = self.content_size.height
            return self.part(
                (sentences, width, height), lambda: self._fit(sentences, width, height)
            )
        # Plain text: messages quote player names, which may contain brackets.
        text = Text(self.text) if isinstance(self.text, str) else self.text
        height = self.content_size.height
        key = (text.plain, str(text.style), tuple(text.spans), height)
        return self.part(key, lambda: self._wrap(text, width, height))

    def _wrap(self, text: Text, width: int, height: int) -> list[Text]:
        wrapped = list(text.wrap(self.app.console, width))
        if height < 1 or len(wrapped) <= height or text.spans:
            return wrapped
        # Too long for the line (a long turn told in full): end on a whole
        # word with a mark that more was said, rather than losing the last
        # line unseen. The log (g) keeps the whole sentence.
        more = "..." if getattr(self.screen, "ascii", False) else "…"
        words = text.plain.split(" ")
        for count in range(len(words) - 1, 0, -1):
            head = " ".join(words[:count]).rstrip(" ,;:")
            shorter = Text(head + more, style=text.style)
            lines = list(shorter.wrap(self.app.console, width))
            if len(lines) <= height:
                return lines
        return wrapped[:height]

    def sentences_shown(self, sentences: Sequence[str]) -> int:
        """How many of ``sentences``, from the first, the line has room for now."""
        width, height = self.content_size.width, self.content_size.height
        for count in range(len(sentences), 0, -1):
            wrapped = Text(" ".join(sentences[:count])).wrap(self.app.console, max(1, width))
            if len(wrapped) <= height:
                return count
        return 0

    def _fit(self, sentences: tuple[str, ...], width: int, height: int) -> list[Text]:
        wrapped: list[Text] = []
        for count in range(len(sentences), 0, -1):
            wrapped = list(Text(" ".join(sentences[:count])).wrap(self.app.console, width))
            if len(wrapped) <= height:
                break
        # Even the first sentence may not fit a very narrow window: it is then
        # cut like any other text, the most useful words first.
        return wrapped
