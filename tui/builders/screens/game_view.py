"""What the Builders game screen draws: the board, the prompt and the message.

:class:`GameView` holds the match and the player's selection and hands each
widget the slice it draws; the keys and the match's reports that change them
are :class:`tui.builders.screens.game.GameScreen`'s.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from engine.builders import (
    Action,
    GameState,
    Get,
    Pass,
    Play,
    SailPreview,
    legal_actions,
    score,
)
from match import policy
from match.history import History
from match.match import Match
from tui.builders import input as keys_in
from tui.builders import prompts
from tui.builders.marks import Marks, marks
from tui.builders.widgets.board import Board
from tui.builders.widgets.players import PlayerPanel
from tui.builders.widgets.preview import PreviewView
from tui.i18n import _, tr
from tui.paths import style_path
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line
from tui.widgets.log import ActionLog

MIN_WIDTH, MIN_HEIGHT = 80, 24
POLL_SECONDS = 0.1


class GameView(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        style_path("widgets.tcss"),
        style_path("builders.tcss"),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    state: reactive[GameState] = reactive(
        cast(GameState, None), always_update=True, init=False, repaint=False
    )
    selection: reactive[keys_in.Selection] = reactive(
        keys_in.Selection(), init=False, repaint=False
    )

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self._ascii_choice = ascii
        self.ascii = False
        self._ready = False
        self._legal: list[Action] = []
        self._message_topic: str | None = None
        self.guide = False
        self._footer_key: tuple[object, ...] = ()
        self.set_reactive(GameView.state, match.state)

    @property
    def history(self) -> History:
        return self.match.history

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def kinds(self) -> tuple[str, ...]:
        return self.match.kinds

    @property
    def preview(self) -> SailPreview | None:
        """The sail on show, if any (Enter makes it)."""
        return self.selection.preview

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Board(id="board", log=True)
            with Horizontal(id="players"):
                for seat in range(self.match.state.players):
                    yield PlayerPanel(
                        seat, self.names[seat], policy.seat_shown_as(self.match, seat)
                    )
            yield PreviewView(id="preview")
        yield Line(id="prompt")
        yield Line(id="message")
        yield KeyBar(id="keys")
        yield Static(id="too-small")

    # --- size --------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)
        if self._ready:
            self._show_prompt()

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small != self.has_class("too-small"):
            self.set_class(small, "too-small")
            self.refresh_bindings()
        if small:
            self.query_one("#too-small", Static).update(
                _(
                    "This terminal is {width}x{height}.\n"
                    "{game} needs at least {min_width}x{min_height}:\n"
                    "please make the window larger."
                ).format(
                    width=width,
                    height=height,
                    game=tr(self.match.rules.title),
                    min_width=MIN_WIDTH,
                    min_height=MIN_HEIGHT,
                )
            )

    # --- pushing state down ----------------------------------------------------------

    def watch_state(self) -> None:
        self._sync()

    def watch_selection(self) -> None:
        if self._ready:
            self._sync_marks()
            self._show_prompt()

    def marks(self) -> Marks:
        chosen = self.selection
        cursor = chosen.cursor if not self.state.over else None
        return marks(
            self._legal,
            chosen.ship,
            cursor,
            chosen.preview,
            at_market=keys_in.at_market(self.state),
        )

    def _sync(self) -> None:
        if not self._ready:
            return
        state = self.state
        with self.app.batch_update():
            self._legal = legal_actions(state)
            self._sync_marks()
            scores = score(state)
            for panel in self.query(PlayerPanel):
                panel.show(state, scores[panel.seat])
            log = self.query_one(ActionLog)
            log.entries = tuple(tr(entry) for entry in self.match.told)
            self._show_prompt()
            self._refresh_footer()
        self.match.start_thinking(self.app.call_from_thread)

    def _sync_marks(self) -> None:
        board = self.query_one(Board)
        board.show(self.state, self.marks(), len(self.state.deck))
        preview = self.selection.preview
        lever = self.state.step == "sail" and self.state.card == "lever"
        self.query_one(PreviewView).show(preview, self.names, lever=lever)
        self.query_one(PreviewView).set_class(preview is not None, "-shown")

    def _refresh_footer(self) -> None:
        # Only what changes which keys work: rebuilding the key bar is costly.
        legal = self._legal
        key = (
            self.match.can_undo(),
            self.match.can_redo(),
            Get() in legal,
            Pass() in legal,
            frozenset(a.card for a in legal if isinstance(a, Play)),
            self.state.over,
            self.match.watching,
            # Whose keys they are: this keyboard's turn or not, and the
            # blue cards held here (dimmed while they cannot be played).
            self.match.waiting,
            self.state.held,
        )
        if key != self._footer_key:
            self._footer_key = key
            self.refresh_bindings()

    def _show_prompt(self) -> None:
        text = prompts.prompt_line(
            self.state,
            self._legal,
            policy.turn(self.match),
            self.selection,
            names=self.names,
            kinds=self.kinds,
            ascii=self.ascii,
            width=self.app.size.width - 2,
        )
        self.query_one("#prompt", Line).update(text)

    def say(
        self, text: str | tuple[str, ...], *, error: bool = False, topic: str | None = None
    ) -> None:
        self._message_topic = topic
        message = self.query_one("#message", Line)
        message.set_class(error, "error")
        if not text and self.guide and not self.match.waiting:
            message.add_class("guide")
            message.update(prompts.guide_sentences(self.state, self._legal))
            return
        message.remove_class("guide")
        if not text and self._legal == [Pass()] and not self.match.waiting:
            text = tr(self.match.rules.prompt(self.state))
        message.update(text)

    # --- settings and help -----------------------------------------------------------

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self.query_one(Board).set_ascii(ascii)
        for panel in self.query(PlayerPanel):
            panel.ascii = ascii
        self.query_one(PreviewView).ascii = ascii
        if self._ready:
            self._sync()

    def set_guide(self, on: bool) -> None:
        self.guide = on
        if self._ready:
            self.say("")

    def help_topic(self) -> str | None:
        if self._message_topic is not None:
            return self._message_topic
        return prompts.help_topic(self.state, self.selection)
