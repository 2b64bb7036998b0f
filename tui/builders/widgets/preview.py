"""A sail on show before it is made (see :mod:`tui.builders.preview_words`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text

from engine.builders import SailPreview
from tui.builders.preview_words import heading, preview_lines
from tui.builders.widgets.base import BoardPart, Hit, Target, fit


class PreviewView(BoardPart):
    """Shown in place of the players' panels while a sail is previewed; a
    click on it makes the sail, as Enter does."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="board-part")
        self.preview: SailPreview | None = None
        self.names: tuple[str, ...] = ()
        self.lever = False  # the sail is a Lever's: its player then picks the order

    def show(
        self, preview: SailPreview | None, names: Sequence[str], *, lever: bool = False
    ) -> None:
        self.preview, self.names, self.lever = preview, tuple(names), lever
        # The question is the box's title: its rows are kept for the stones.
        self.border_title = None if preview is None else heading(preview)
        self.redraw()

    def whole_target(self) -> Target | None:
        preview = self.preview
        return None if preview is None else ("confirm", preview.ship, preview.site)

    def look(self) -> Hashable:
        preview = self.preview
        if preview is None:
            return None
        return (
            preview.ship,
            preview.site,
            preview.deliveries,
            preview.before,
            preview.after,
            self.names,
            self.lever,
        )

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        if self.preview is None:
            return [], []
        texts: list[Text] = []
        for line in preview_lines(self.preview, self.names, self.glyphs, lever=self.lever):
            texts.extend(line.wrap(self.app.console, max(1, width)))
        rows = self.content_size.height
        if 0 < rows < len(texts):
            # What does not fit is not dropped unseen: the last row says more follows.
            more = self.glyphs.more
            texts = texts[:rows]
            texts[-1] = fit(texts[-1], max(1, width - len(more)), "").append(more, style="dim")
        return texts, []
