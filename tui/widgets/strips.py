"""A widget that draws itself from parts, each turned into strips once.

Textual converts what ``render()`` returns through its content pipeline on
every repaint. For the board, with many short styled spans, that conversion
cost more than the rest of a key press put together. These widgets use the
line API instead. ``lines()`` assembles the widget from parts (a monument, a
cell, a boat), each asked for with ``part(key, draw)``: a part is drawn as Rich
text and turned into strips only when its key is new, and the key changes
whenever the part's look does. So a move that changes one cell redraws one
cell, and a widget whose lines all stay the same is not repainted at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget


class StripView(Widget):
    """Base class: subclasses implement ``lines(width)`` and call ``redraw()``
    whenever what they show may have changed."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] = []
        self._cache: dict[Hashable, list[Strip]] = {}  # parts by key, as last painted
        self._used: dict[Hashable, list[Strip]] = {}  # parts used by the paint under way
        self._base = Style()
        self._blank = Strip([])
        self._drawn = False
        # The colours the strips were drawn with, checked after a restyle.
        self._colours: tuple[Style, ...] = ()
        self._restyled = False

    def lines(self, width: int) -> list[Strip]:
        """The widget's lines, for a content area ``width`` cells wide."""
        raise NotImplementedError

    def part(self, key: Hashable, draw: Callable[[], list[Text]]) -> list[Strip]:
        """A part's lines as strips: drawn again only if ``key`` is new."""
        strips = self._cache.get(key)
        if strips is None:
            console = self.app.console
            strips = []
            for text in draw():
                # Text.render leaves out the text's own style when it has no spans.
                style = self._base + console.get_style(text.style) if text.style else self._base
                segments = Segment.apply_style(text.render(console, end=""), style)
                strips.append(Strip(segments, text.cell_len))
        self._used[key] = strips
        return strips

    def redraw(self) -> None:
        """Draw again, and repaint only if a line changed."""
        if self._drawn and not self._restyled and self.content_size.width:
            before = self._strips
            self._draw_strips()
            if self._strips == before:
                return
        else:
            self._drawn = False
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # Most restyles (a class toggled for the border) leave the colours the
        # lines use alone: those are compared before the next paint.
        self._restyled = True

    def _colours_now(self) -> tuple[Style, ...]:
        return (
            self.rich_style,
            *(self.get_component_rich_style(name) for name in sorted(self.COMPONENT_CLASSES)),
        )

    def on_resize(self, event: events.Resize) -> None:
        self._cache.clear()
        self.redraw()

    def _draw_strips(self) -> None:
        width = self.content_size.width
        base = self._base = self.rich_style
        self._used = {}
        self._strips = [
            strip
            if strip.cell_length == width
            else strip.crop(0, width).adjust_cell_length(width, base)
            for strip in self.lines(width)
        ]
        # Keep only the parts now on screen: they are the ones likely to come back.
        self._cache, self._used = self._used, {}
        self._blank = Strip.blank(width, base)
        self._drawn = True

    def render_line(self, y: int) -> Strip:
        if self._restyled:
            self._restyled = False
            colours = self._colours_now()
            if colours != self._colours:
                self._colours = colours
                self._cache.clear()
                self._drawn = False
        if not self._drawn:
            self._draw_strips()
        strips = self._strips
        return strips[y] if y < len(strips) else self._blank
