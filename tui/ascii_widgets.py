"""Textual's own drawings in plain ASCII, for the app's ASCII mode.

Borders follow the stylesheets (the ``ascii`` border kind under the app's
``ascii`` class); what Textual draws in code rather than CSS is replaced here:
the scroll bars' eighth blocks and the command palette's icon and ellipsis.
"""

from __future__ import annotations

from typing import ClassVar

from textual.command import CommandPalette, SearchIcon
from textual.message import Message
from textual.scrollbar import ScrollBar, ScrollBarRender

from tui.i18n import _


class AsciiChanged(Message):
    """Sent to every screen when the app switches ASCII mode on or off, for
    what a screen draws in code rather than through its stylesheet."""

    def __init__(self, ascii: bool) -> None:
        super().__init__()
        self.ascii = ascii


class AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar whose thumb is whole reversed cells, without eighth blocks."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def use_ascii_scrollbars(ascii: bool) -> None:
    """Draw every scroll bar in ASCII, or with Textual's blocks again.

    Textual keeps the renderer on the class, for all scroll bars at once: one
    process runs one app, so this follows that app's mode.
    """
    ScrollBar.renderer = AsciiScrollBarRender if ascii else ScrollBarRender


class AsciiCommandPalette(CommandPalette):
    """The command palette without its magnifying glass and ellipsis."""

    def __init__(self) -> None:
        # The same words as the other palette's, with an ASCII ellipsis.
        words = _("Search for commands…").replace("…", "...")
        super().__init__(placeholder=words, id="--command-palette")

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = ">"
