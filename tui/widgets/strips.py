"""A widget that draws itself from parts, each turned into strips once.

Textual converts what ``render()`` returns through its content pipeline on
every repaint. For the board, with many short styled spans, that conversion
cost more than the rest of a key press put together. These widgets use the
line API instead. ``lines()`` assembles the widget from parts (a board's
site, a cell, a piece), each asked for with ``part(key, draw)``: a part is drawn as Rich
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
        self._blank = Strip([])
        self._drawn = False
        # The widget's own style and its component classes' styles, looked up
        # once after each restyle: Textual recomputes them after every refresh.
        self._base = Style()
        self._styles: dict[str, Style] = {}
        self._restyled = True
        self._borders: tuple[str | Text | None, str | Text | None] = (None, None)

    def set_borders(self, title: str | Text | None, subtitle: str | Text | None = None) -> None:
        """The border's title and subtitle; only a change repaints the widget.

        Textual repaints the whole widget on every assignment to either, even
        of the same words, which would undo the parts' caching on every key.
        """
        if (title, subtitle) != self._borders:
            self._borders = (title, subtitle)
            self.border_title = title
            self.border_subtitle = subtitle

    def lines(self, width: int) -> list[Strip]:
        """The widget's lines, for a content area ``width`` cells wide."""
        raise NotImplementedError

    def style_of(self, component: str) -> Style:
        """A component class's style, as of the last restyle."""
        if self._restyled:
            self._look_up_styles()
        return self._styles[component]

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
        self._restyled = True

    def _look_up_styles(self) -> None:
        # Most restyles (the app's classes, a border) leave these alone, and
        # then the parts already drawn stay good.
        self._restyled = False
        base = self.rich_style
        styles = {name: self.get_component_rich_style(name) for name in self.COMPONENT_CLASSES}
        if base != self._base or styles != self._styles:
            self._base, self._styles = base, styles
            self._cache.clear()
            self._drawn = False

    def on_resize(self, event: events.Resize) -> None:
        self._cache.clear()
        self.redraw()

    def _draw_strips(self) -> None:
        width = self.content_size.width
        base = self._base
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
            self._look_up_styles()
        if not self._drawn:
            self._draw_strips()
        strips = self._strips
        return strips[y] if y < len(strips) else self._blank
