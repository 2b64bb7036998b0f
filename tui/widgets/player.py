"""A player's panel: name, meeples, the four monuments and the live score."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from engine import GameState, current_player
from engine.scoring import player_score
from tui.glyphs import ASCII, UNICODE
from tui.widgets.monuments import (
    ChamberView,
    HeldView,
    MonumentView,
    ObeliskView,
    PyramidView,
    TempleView,
    slice_for,
)


class PlayerPanel(Vertical):
    # The panel's own drawing is its border; the monuments repaint themselves.
    state: reactive[GameState | None] = reactive(None, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, who: int, name: str, kind: str = "human") -> None:
        super().__init__(id=f"player-{who}", classes="player")
        self.who = who
        self.player_name = name
        self.kind = kind
        self._title = ""

    def compose(self) -> ComposeResult:
        yield ObeliskView(self.who)
        yield TempleView(self.who)
        yield PyramidView(self.who)
        yield ChamberView(self.who)
        yield HeldView(self.who)

    def watch_state(self) -> None:
        self._refresh()

    def watch_ascii(self) -> None:
        self._refresh()

    def on_mount(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        state = self.state
        if state is None or not self.children:
            return
        glyphs = ASCII if self.ascii else UNICODE
        meeple = glyphs.meeples[self.who]
        to_move = current_player(state) == self.who
        waiting = state.players[self.who].meeples
        marker = f"{glyphs.turn} " if to_move else ""
        who = f" ({self.kind})" if self.kind != "human" else ""
        # Names are the players' own text: Text, never markup.
        title = f"{marker}{meeple} {self.player_name}{who}"
        if title != self._title:
            self._title = title
            self.border_title = Text(title)
        supply = meeple * waiting if waiting else "none"
        points = player_score(state, self.who)
        subtitle = f"meeples {supply}, {points.total} pts"
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle
        self.set_class(to_move, "to-move")
        for view in self.query(MonumentView):
            view.slice = slice_for(view, state, points)
            view.ascii = self.ascii
