"""The most recent actions, in plain words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.strip import Strip

from tui.i18n import _
from tui.widgets.strips import StripView

MORE = " ... (g)"  # plain ASCII: the log is drawn the same in ASCII mode


class ActionLog(StripView):
    """The log under the board.

    Its top rule gives way (the class ``-full``) when the newest entry needs
    that row too, so that an entry is cut short only when the whole log cannot
    hold it.
    """

    entries: reactive[tuple[str, ...]] = reactive((), repaint=False)

    def watch_entries(self) -> None:
        self._make_room()
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._make_room()

    def _make_room(self) -> None:
        width, height = self.content_size
        if not width or not height:
            return
        full = self.has_class("-full")
        ruled = full or self.styles.border_top[0] not in ("", "none", "hidden")
        room = height - 1 if full else height  # the lines left beside the rule
        need = len(self._wrap(self.entries[-1], max(10, width))) if self.entries else 0
        self.set_class(ruled and need > room, "-full")

    def _wrap(self, entry: str, width: int) -> list[Text]:
        return list(Text(entry).wrap(self.app.console, width))

    def lines(self, width: int) -> list[Strip]:
        height = max(1, self.content_size.height)
        # Only the last few entries can show, however long the game.
        shown = self.entries[-height:]
        return self.part(shown, lambda: self._wrapped(shown, max(10, width), height))

    def _wrapped(self, entries: tuple[str, ...], width: int, height: int) -> list[Text]:
        if not entries:
            return [Text(_("No moves yet."), style="dim")]
        # Whole entries only, newest last: a line torn from the middle of an
        # older entry ("twice.") says nothing about who did what.
        lines: list[Text] = []
        for index in range(len(entries) - 1, -1, -1):
            wrapped = self._wrap(entries[index], width)
            if lines:
                for line in wrapped:
                    line.stylize("dim")
            if len(lines) + len(wrapped) <= height:
                lines[:0] = wrapped
                continue
            if not lines:
                # The newest entry alone is too long: its start says who did
                # what; the whole of it is in the game log (g).
                lines = wrapped[:height]
                lines[-1] = _cut(lines[-1], width - len(MORE))
                lines[-1].append(MORE)
            break
        return lines


def _cut(line: Text, room: int) -> Text:
    """``line`` shortened to ``room`` cells, at a space if one is near the end."""
    line.rstrip()
    if line.cell_len <= room:
        return line
    space = line.plain.rfind(" ", 0, room + 1)
    line.truncate(space if space > room // 2 else room)
    line.rstrip()
    return line
