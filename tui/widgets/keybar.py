"""A one-line key bar: the footer of every screen.

Textual's Footer rebuilds its widgets, and so the screen's layout, whenever a
key's availability changes, which on the game screen is after most moves. This
bar draws the same information as one line of text and only repaints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from tui.i18n import _


def key_description(node: DOMNode, binding: Binding) -> str:
    """What ``binding`` does, in the current language.

    Descriptions are marked with N_ where the keys are defined. A key whose
    description holds a value (a cell's number) is worded by the node that
    binds it, in a ``describe_key(binding)`` method returning None for the others.
    """
    describe: Callable[[Binding], str | None] | None = getattr(node, "describe_key", None)
    if describe is not None:
        worded = describe(binding)
        if worded is not None:
            return worded
    return _(binding.description) if binding.description else ""


class KeyBar(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--disabled"}

    def on_mount(self) -> None:
        self._spans: list[tuple[int, int, str]] = []  # (start, end, action)
        self._entries = self._current_entries()
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _current_entries(self) -> tuple[tuple[str, str, bool, str], ...]:
        """(key, description, enabled, action) for each key shown, in order."""
        entries = []
        seen: set[str] = set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            # One entry per action, although several keys may run it.
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = self.app.get_key_display(binding)
            description = key_description(active.node, binding)
            entries.append((key, description, active.enabled, binding.action))
        return tuple(entries)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        # The signal comes after most moves; the keys on show change far less often.
        entries = self._current_entries()
        if entries != self._entries:
            self._entries = entries
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        disabled = self.get_component_rich_style("keybar--disabled")
        text = Text()
        spans: list[tuple[int, int, str]] = []
        for key, description, enabled, action in self.shown_entries:
            start = text.cell_len
            text.append(f" {key} ", key_style if enabled else disabled)
            text.append(f"{description} ", Style() if enabled else disabled)
            spans.append((start, text.cell_len, action))
        palette = " ctrl+p " + _("commands")
        if text.cell_len + cell_len(palette) <= self.size.width:
            text.pad_right(self.size.width - text.cell_len - cell_len(palette))
            text.append(palette, disabled)
        self._spans = spans
        return text

    @property
    def shown_entries(self) -> tuple[tuple[str, str, bool, str], ...]:
        """The entries drawn: keys the screen names optional (``OPTIONAL_KEYS``,
        those first that give way first) leave the bar while the others need
        the room (a long language, a step that brings Stop or Pass)."""
        entries = self._entries
        optional: Sequence[str] = getattr(self.screen, "OPTIONAL_KEYS", ())
        for action in optional:
            if self._width(entries) <= self.size.width:
                break
            entries = tuple(entry for entry in entries if entry[3] != action)
        return entries

    @staticmethod
    def _width(entries: tuple[tuple[str, str, bool, str], ...]) -> int:
        return sum(cell_len(f" {key} {description} ") for key, description, _e, _a in entries)

    async def on_click(self, event: events.Click) -> None:
        event.stop()
        for start, end, action in self._spans:
            if start <= event.x < end:
                await self.screen.run_action(action)
                return
