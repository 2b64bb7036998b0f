"""The four monuments with every stone in its place.

Each site is a part of its own, framed, titled with its name and the key
that sails the chosen ship there. A sail on show (Enter makes it) draws the
stones it would bring, reversed, where they would land.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from engine.builders import CHAMBER, EMPTY, OBELISKS, PYRAMID, TEMPLE, GameState
from engine.builders.setup import boards_of, temple_width
from engine.builders.words import site_name
from tui.builders.glyphs import stone, stone_or_empty
from tui.builders.keys import SITE_KEYS
from tui.builders.marks import NO_MARKS, Marks
from tui.builders.widgets.base import BoardPart, Hit, Target, fit, row
from tui.i18n import tr

# The pyramid's spaces by placement number: (level, column, row), level 1 is
# 3x3 and level 2 is 2x2, each filled column by column, top to bottom.
PYRAMID_SPACES = (
    *((1, c, r) for c in range(3) for r in range(3)),
    *((2, c, r) for c in range(2) for r in range(2)),
    (3, 0, 0),
)


class SiteView(BoardPart):
    """A site's board: a click on it chooses the site."""

    COMPONENT_CLASSES = {"site--preview", "site--top", "site--points"}  # noqa: RUF012
    site: int = PYRAMID

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="board-part site")
        self.state: GameState | None = None
        self.marks = NO_MARKS

    def show(self, state: GameState, marks: Marks) -> None:
        self.state, self.marks = state, marks
        docked = [i for i, site in enumerate(state.docked) if site == self.site]
        name = tr(site_name(self.site))
        title = f"{SITE_KEYS[self.site]} {name[:1].upper()}{name[1:]}"
        # Which ship docked here this round: under the board, where the title leaves room.
        arrow = self.glyphs.docked.replace("->", "<-").replace("→", "←")
        self.set_borders(title, f"{arrow} {docked[0] + 1}" if docked else None)
        self.set_class(self.site in marks.sites, "-legal")
        self.set_class(
            marks.preview_key is not None and marks.preview_key[1] == self.site, "-preview"
        )
        self.redraw()

    def whole_target(self) -> Target | None:
        return ("site", self.site)

    def arriving(self) -> dict[tuple[int, ...], int]:
        """The previewed stones for this site: where each lands, and whose it is."""
        preview = self.marks.preview
        if preview is None or preview.site != self.site:
            return {}
        return {d.place: d.owner for d in preview.deliveries}

    def look(self) -> Hashable:
        return (self._slice(), self.marks.preview_key)

    def _slice(self) -> Hashable:
        raise NotImplementedError

    def _cell(self, owner: int, place: tuple[int, ...], empty: Text) -> Text:
        coming = self.arriving().get(place)
        if coming is not None:
            mark = stone(coming, self.glyphs)
            mark.stylize(self.style_of("site--preview"))
            return mark
        return stone_or_empty(owner, self.glyphs) if owner != EMPTY else empty


class PyramidView(SiteView):
    site = PYRAMID

    def _slice(self) -> Hashable:
        return None if self.state is None else self.state.pyramid

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state = self.state
        if state is None:
            return [], []
        points = boards_of(state).pyramid.points
        grid: dict[tuple[int, int, int], Text] = {}
        for number, space in enumerate(PYRAMID_SPACES):
            owner = state.pyramid[number] if number < len(state.pyramid) else EMPTY
            empty = Text(str(points[number]), style="dim")
            grid[space] = self._cell(owner, (number + 1,), empty)
        lines = []
        for r in range(3):
            line = Text()
            for c in range(3):
                line.append_text(grid[(1, c, r)]).append(" ")
            line.append(" ")
            for c in range(2):
                line.append_text(grid[(2, c, r)] if r < 2 else Text(" ")).append(" ")
            line.append(" ")
            line.append_text(grid[(3, 0, 0)] if r == 0 else Text(" "))
            lines.append(line)
        beyond = state.pyramid[len(PYRAMID_SPACES) :]
        coming = sum(1 for place in self.arriving() if place[0] > len(PYRAMID_SPACES))
        if beyond or coming:
            extra = row(" +", str(len(beyond)))
            for owner in range(state.players):
                count = beyond.count(owner)
                if count:
                    extra.append_text(row(" ", stone(owner, self.glyphs), str(count)))
            if coming:
                extra.append_text(Text(f" +{coming}", style=self.style_of("site--preview")))
            lines[2].append_text(extra)
        return [fit(line, width, self.glyphs.more) for line in lines], []


class TempleView(SiteView):
    """The temple's top three layers, the highest first; the stones seen from
    above (they score at each round's end) are bold, the covered ones dim."""

    site = TEMPLE

    def _slice(self) -> Hashable:
        return None if self.state is None else (self.state.temple, self.state.players)

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state = self.state
        if state is None:
            return [], []
        wide = temple_width(state)
        stones = state.temple
        arriving = self.arriving()
        total = len(stones) + len(arriving)
        layers = max(1, -(-total // wide))
        top = len(stones) - wide  # stones from here on are seen from above
        lines = []
        for layer in range(layers - 1, max(-1, layers - 4), -1):
            line = Text()
            for space in range(wide):
                number = layer * wide + space
                owner = stones[number] if number < len(stones) else EMPTY
                cell = self._cell(owner, (space + 1, layer + 1), Text(self.glyphs.empty, "dim"))
                if owner != EMPTY and number < top:
                    cell.stylize("dim")
                line.append_text(cell).append(" ")
            line.append(f" {layer + 1}", style="dim")
            lines.append(line)
        return [fit(line, width, self.glyphs.more) for line in lines], []


class ChamberView(SiteView):
    """Three rows filled column by column; the newest columns when they do not all fit."""

    site = CHAMBER

    def _slice(self) -> Hashable:
        return None if self.state is None else self.state.chamber

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state = self.state
        if state is None:
            return [], []
        rows = boards_of(state).chamber.rows
        stones = state.chamber
        arriving = self.arriving()
        total = len(stones) + len(arriving)
        columns = max(1, -(-total // rows))
        room = max(1, width - 4)
        first = max(0, columns - room)
        lines = []
        for r in range(rows):
            line = Text(self.glyphs.more[:1] if first else "", style="dim")
            for c in range(first, columns):
                number = c * rows + r
                owner = stones[number] if number < len(stones) else EMPTY
                line.append_text(self._cell(owner, (c + 1, r + 1), Text(self.glyphs.empty, "dim")))
            lines.append(line)
        lines[0].append(f" {columns}", style="dim")
        return [fit(line, width, self.glyphs.more) for line in lines], []


class ObelisksView(SiteView):
    """Each player's obelisk as a bar and its height."""

    site = OBELISKS

    def _slice(self) -> Hashable:
        return None if self.state is None else self.state.obelisks

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state = self.state
        if state is None:
            return [], []
        glyphs = self.glyphs
        coming = [0] * state.players
        for owner in self.arriving().values():
            coming[owner] += 1
        lines = []
        per_line = 1 if width >= 16 * 1 and state.players <= 3 else 2
        cell_width = max(6, width // per_line - 1)
        line = Text()
        for seat, height in enumerate(state.obelisks):
            bar = max(0, cell_width - 5)
            cell = row(stone(seat, glyphs), f"{height:>3} ")
            cell.append(glyphs.block * min(height, bar), style="dim")
            if coming[seat]:
                cell.append(
                    glyphs.block * min(coming[seat], max(0, bar - height)) or "+",
                    style=self.style_of("site--preview"),
                )
            line.append_text(fit(cell, cell_width, glyphs.more))
            if (seat + 1) % per_line == 0:
                lines.append(line)
                line = Text()
            else:
                line.append(" " * (cell_width - cell.cell_len + 1))
        if line.plain:
            lines.append(line)
        return [fit(line, width, glyphs.more) for line in lines], []
