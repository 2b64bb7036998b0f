"""The whole board of one moment: ships and market on the left, the four
monuments on the right (the game screen adds its log under them).

Used by the game screen and by the log's replay viewer alike.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from engine.builders import GameState
from tui.builders.marks import NO_MARKS, Marks
from tui.builders.widgets.market import MarketView
from tui.builders.widgets.ships import ShipsView
from tui.builders.widgets.sites import ChamberView, ObelisksView, PyramidView, SiteView, TempleView
from tui.widgets.log import ActionLog


class Board(Horizontal):
    def __init__(self, *, id: str | None = None, log: bool = False) -> None:
        super().__init__(id=id)
        self.with_log = log

    def compose(self) -> ComposeResult:
        with Vertical(id="board-left"):
            yield ShipsView(id="ships")
            yield MarketView(id="market")
        with Vertical(id="board-right"):
            with Horizontal(classes="sites-row"):
                yield PyramidView(id="pyramid")
                yield ChamberView(id="chamber")
            with Horizontal(classes="sites-row"):
                yield TempleView(id="temple")
                yield ObelisksView(id="obelisks")
            if self.with_log:
                yield ActionLog(id="log")

    def show(self, state: GameState, marks: Marks = NO_MARKS, deck: int | None = None) -> None:
        self.query_one(ShipsView).show(state, marks)
        self.query_one(MarketView).show(state, marks, len(state.deck) if deck is None else deck)
        for site in self.query(SiteView):
            site.show(state, marks)

    def set_ascii(self, ascii: bool) -> None:
        self.query_one(ShipsView).ascii = ascii
        self.query_one(MarketView).ascii = ascii
        for site in self.query(SiteView):
            site.ascii = ascii
