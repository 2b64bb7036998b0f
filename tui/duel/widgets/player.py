"""A player's panel: name, meeples, the four monuments and the live score."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.color import Color
from textual.css.types import EdgeType
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from engine.duel import GameState, current_player
from engine.duel.scoring import player_score
from tui.duel.glyphs import ASCII, UNICODE, Glyphs
from tui.duel.widgets.monuments import MONUMENTS, Board
from tui.i18n import _, current_language, ngettext
from tui.kinds import kind_word
from tui.widgets.strips import StripView


class MonumentChosen(Message):
    """A monument was clicked: ``topic`` is its help topic id."""

    def __init__(self, who: int, topic: str) -> None:
        super().__init__()
        self.who = who
        self.topic = topic


class PlayerPanel(StripView):
    """One player's boards, drawn as one widget inside a titled border."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"player--waiting", "player--to-move"}

    state: reactive[GameState | None] = reactive(None, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, who: int, name: str, kind: str = "human") -> None:
        super().__init__(id=f"player-{who}", classes="player")
        self.who = who
        self.player_name = name
        self.kind = kind
        self._board: Board | None = None
        self._title = ""
        # The help topic of each line, top to bottom (every monument's height is fixed).
        self._topics = [monument.topic for monument in MONUMENTS for _ in range(monument.height)]

    def set_player(self, name: str, kind: str) -> None:
        """Who plays this side changed (a player took the seat, or left it)."""
        self.player_name, self.kind = name, kind
        self._update()

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.ascii else UNICODE

    def watch_state(self) -> None:
        self._update()

    def watch_ascii(self) -> None:
        self._board = None
        self._update()

    def on_mount(self) -> None:
        self._update()

    def _update(self) -> None:
        state = self.state
        if state is None:
            return
        glyphs = self.glyphs
        meeple = glyphs.meeples[self.who]
        to_move = current_player(state) == self.who
        marker = f"{glyphs.turn} " if to_move else ""
        who = f" ({kind_word(self.kind)})" if self.kind != "human" else ""
        # Names are the players' own text: Text, never markup.
        title = f"{marker}{meeple} {self.player_name}{who}"
        if title != self._title:
            self._title = title
            self.border_title = Text(title)
        score = player_score(state, self.who)
        waiting = state.players[self.who].meeples
        supply = meeple * waiting if waiting else _("none")
        subtitle = ngettext(
            "meeples {supply}, {points} pt", "meeples {supply}, {points} pts", abs(score.total)
        ).format(supply=supply, points=score.total)
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle
        self._show_turn(to_move)
        board = Board(self.who, state.sides, state.players[self.who], score, state.first_to_five)
        if board != self._board:
            self._board = board
            self.redraw()

    def _show_turn(self, to_move: bool) -> None:
        """A heavy border in the accent colour while this player is to move."""
        colour = self.style_of("player--to-move" if to_move else "player--waiting").color
        # ASCII has one line style only: both panels keep it (the waiting one,
        # left blank, lost its frame), and the turn shows by the title's marker
        # and the colour.
        kind: EdgeType = "ascii" if self.ascii else "heavy" if to_move else "round"
        border = (kind, Color.from_rich_color(colour))
        if self.styles.border_top != border:
            self.styles.border = border

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # A new theme brings new colours for the border too.
        if self.state is not None and self.is_mounted:
            self.call_later(self._update)

    def lines(self, width: int) -> list[Strip]:
        board = self._board
        if board is None:
            return []
        glyphs = self.glyphs
        language = current_language()
        return [
            strip
            for topic, _height, inputs, draw in MONUMENTS
            for strip in self.part(
                (topic, glyphs, language, inputs(board)), partial(draw, board, glyphs, width)
            )
        ]

    def topic_at(self, y: int) -> str | None:
        """The help topic of the monument drawn on content line ``y``."""
        return self._topics[y] if 0 <= y < len(self._topics) else None

    def line_of(self, topic: str) -> int:
        """The first content line of a monument (for clicking it in tests)."""
        return self._topics.index(topic)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        topic = self.topic_at(offset.y) if offset is not None else None
        if topic is not None:
            self.post_message(MonumentChosen(self.who, topic))
