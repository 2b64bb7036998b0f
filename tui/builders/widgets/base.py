"""A board part that draws itself as a few lines and knows what each click hits.

Every part of the Builders board is drawn the same way: from the state's
slice it shows (and the highlights of :mod:`tui.builders.marks`) it makes a
few lines of Rich text and a list of the places a click may land on. The
lines become strips once per new look (:class:`tui.widgets.strips.StripView`),
and a click is turned into what the player meant and posted as a message; the
screen decides what it does.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from tui.builders.glyphs import ASCII, UNICODE, Glyphs
from tui.widgets.strips import StripView

# What a click may mean: ("slot", ship, slot), ("ship", ship), ("site", site),
# ("card", position), ("blue", kind), ("held", kind) or ("sled", seat).
Target = tuple[str, int] | tuple[str, int, int] | tuple[str, str]


@dataclass(frozen=True)
class Hit:
    y: int
    x0: int  # first cell
    x1: int  # one past the last cell
    target: Target


class Chosen(Message):
    """The player clicked a part of the board that means something."""

    def __init__(self, target: Target) -> None:
        super().__init__()
        self.target = target


class BoardPart(StripView):
    """Base class: subclasses give :meth:`look` (what the part's look depends
    on, hashable) and :meth:`draw` (its lines and their click targets)."""

    ascii: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._hits: dict[Hashable, list[Hit]] = {}
        self._shown: list[Hit] = []

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.ascii else UNICODE

    def watch_ascii(self) -> None:
        self.redraw()

    def look(self) -> Hashable:
        raise NotImplementedError

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        raise NotImplementedError

    def lines(self, width: int) -> list[Strip]:
        key = (self.look(), self.ascii, width)

        def drawn() -> list[Text]:
            texts, hits = self.draw(width)
            self._hits[key] = hits
            return texts

        strips = self.part(key, drawn)
        self._shown = self._hits.get(key, [])
        if len(self._hits) > 64:  # only recent looks come back
            self._hits = {key: self._shown}
        return strips

    def target_at(self, x: int, y: int) -> Target | None:
        for hit in self._shown:
            if hit.y == y and hit.x0 <= x < hit.x1:
                return hit.target
        return None

    def hit_of(self, target: Target) -> Hit | None:
        """Where ``target`` is drawn (tests click there)."""
        for hit in self._shown:
            if hit.target == target:
                return hit
        return None

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        target = self.target_at(offset.x, offset.y) if offset is not None else None
        if target is None:
            target = self.whole_target()
        if target is not None:
            self.post_message(Chosen(target))

    def whole_target(self) -> Target | None:
        """What a click anywhere else on the part means (a site's board: the site)."""
        return None


def row(*pieces: Text | str) -> Text:
    """Pieces side by side on one line."""
    text = Text()
    for piece in pieces:
        text.append(piece) if isinstance(piece, str) else text.append_text(piece)
    return text


def fit(text: Text, width: int, more: str) -> Text:
    """``text`` cut to ``width`` cells, ending with ``more`` if it was longer."""
    if text.cell_len <= width:
        return text
    cut = text.copy()
    room = max(0, width - len(more))
    cut.truncate(room)
    # End on a whole word where there is one: half a word reads as another.
    space = cut.plain.rstrip().rfind(" ")
    if space > room // 2 and text.plain[len(cut.plain) : len(cut.plain) + 1] not in ("", " "):
        cut = cut[:space]
    cut.append(more, style="dim")
    return cut
