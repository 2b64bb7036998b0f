"""What the game screen draws: the board, the prompt and the message line.

:class:`GameView` holds the match and the player's selection and pushes
them down to the widgets; the keys and the match's reports that change them
are :class:`tui.duel.screens.game.GameScreen`'s. The prompt's words are
:mod:`tui.duel.prompts`, the harbor's highlights :mod:`tui.duel.marks`.
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

from engine.duel import Action, GameState, UnloadPreview, legal_actions
from engine.duel.actions import PASS, STOP
from match import policy
from match.history import History
from match.match import Match
from tui import game_parts
from tui.duel import cursor as nav
from tui.duel import input as keys_in
from tui.duel import prompts
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.guide import guide_sentences
from tui.duel.marks import Marks, marks
from tui.duel.unload_preview import preview_sentences
from tui.duel.widgets.harbor import Harbor
from tui.duel.widgets.info import HarborInfo
from tui.duel.widgets.legend import Legend
from tui.duel.widgets.player import PlayerPanel
from tui.i18n import _, tr
from tui.paths import style_path
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line
from tui.widgets.log import ActionLog

MIN_WIDTH, MIN_HEIGHT = 80, 24
# How often the screen looks for moves made in another terminal: a move shows
# there within this time plus a frame, and a look costs one SQLite pragma.
POLL_SECONDS = 0.1


class GameView(Screen[None]):
    """The board, the prompt and the message line, drawn from the match."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("widgets.tcss"), style_path("game.tcss")]
    # A window this large gets the large harbor (see game.tcss). Textual types
    # these as instance variables, so they cannot be marked ClassVar.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    # The screen draws nothing itself (repaint=False): its watchers hand the
    # change to the widgets that show it, and only those repaint.
    # The state is always given in __init__; the placeholder default is never read.
    state: reactive[GameState] = reactive(
        cast(GameState, None), always_update=True, init=False, repaint=False
    )
    cursor: reactive[nav.Position] = reactive(nav.START, init=False, repaint=False)
    selected: reactive[tuple[int, int] | None] = reactive(None, init=False, repaint=False)

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self._ascii_choice = ascii  # None: follow the app's setting
        self.ascii = False
        self._ready = False  # set once the widgets exist
        self._legal: list[Action] = []
        self._message_topic: str | None = None
        self.guide = False  # the first-game guide, switched on by the app's setting
        self._footer_key: tuple[bool, ...] = ()
        # An unload shown before it is made, and the state it was shown on.
        self._preview: UnloadPreview | None = None
        self._preview_on: GameState | None = None
        # r or c typed, the first key of a boat's name: good for this state only.
        self._line: tuple[str, GameState] | None = None
        self.set_reactive(GameView.state, match.state)

    # The match's parts that the screen and its tests read.

    @property
    def history(self) -> History:
        return self.match.history

    @property
    def names(self) -> tuple[str, str]:
        # The Duel is a game of two: its screens name exactly two seats.
        first, second = self.match.names
        return first, second

    @property
    def kinds(self) -> tuple[str, str]:
        first, second = self.match.kinds
        return first, second

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Harbor(id="harbor")
                yield HarborInfo(id="info")
                yield ActionLog(id="log")
            with Vertical(id="right"):
                for seat in (0, 1):
                    yield PlayerPanel(
                        seat, self.names[seat], policy.seat_shown_as(self.match, seat)
                    )
                yield Legend(id="legend")
        yield Line(id="prompt")
        yield Line(id="message")
        yield KeyBar(id="keys")
        yield Static(id="too-small")

    def retry_store(self) -> None:
        game_parts.retry_store(self, self.match, POLL_SECONDS)

    # --- from a key or click to the match ----------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)
        if self._ready:
            self._show_prompt()  # it is fitted to the width

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small != self.has_class("too-small"):
            self.set_class(small, "too-small")
            self.refresh_bindings()
        if small:
            self.query_one("#too-small", Static).update(
                _(
                    "This terminal is {width}x{height}.\n"
                    "Imhotep: The Duel needs at least {min_width}x{min_height}:\n"
                    "please make the window larger."
                ).format(width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)
            )

    # --- pushing state down ----------------------------------------------------

    def watch_state(self) -> None:
        self._sync()

    def watch_cursor(self) -> None:
        self._sync_marks()

    def watch_selected(self) -> None:
        self._sync_marks()

    def _sync(self) -> None:
        if not self._ready:
            return
        state = self.state
        with self.app.batch_update():
            self._legal = legal_actions(state)
            self.query_one(Harbor).show(state, self.marks())
            self.query_one(HarborInfo).state = state
            for panel in self.query(PlayerPanel):
                panel.state = state
            log = self.query_one(ActionLog)
            log.entries = tuple(tr(entry) for entry in self.match.told)
            # The rules in force, on the log's top rule: the online rules
            # change when boats are refilled, and both players must know.
            rules = _("Online rules") if state.rules == "online" else None
            if log.border_title != rules:
                log.border_title = rules
            self._show_prompt()
            self._refresh_footer()
        self.match.start_thinking(self.app.call_from_thread)

    def _refresh_footer(self) -> None:
        # Recomposing the footer is costly: only when a key's availability changed.
        key = (
            self.match.can_undo(),
            self.match.can_redo(),
            STOP in self._legal,
            PASS in self._legal,
            self.state.over,
            self.match.watching,
            self.match.waiting,  # Stop and Pass are keys only on this keyboard's turn
        )
        if key != self._footer_key:
            self._footer_key = key
            self.refresh_bindings()

    def _sync_marks(self) -> None:
        if self._ready:
            self.query_one(Harbor).marks = self.marks()

    @property
    def selection(self) -> keys_in.Selection:
        """What the player has pointed at and not yet played."""
        line = self._line[0] if self._line is not None and self._line[1] is self.state else None
        return keys_in.Selection(self.cursor, self.selected, self.preview, line)

    def marks(self) -> Marks:
        """Highlights for the current step, taken from the engine's legal actions."""
        return marks(self._legal, self.selection, self.history.last_action)

    def _show_prompt(self) -> None:
        match = self.match
        text = prompts.prompt_line(
            self.state,
            self._legal,
            policy.turn(match),
            self.selection,
            names=self.names,
            kinds=self.kinds,
            code=match.code,
            glyphs=ASCII if self.ascii else UNICODE,
            width=self.app.size.width - 2,  # the prompt line's padding
        )
        self.query_one("#prompt", Line).update(text)

    def say(
        self, text: str | tuple[str, ...], *, error: bool = False, topic: str | None = None
    ) -> None:
        """Show a message (a tuple: sentences, as many as fit); ``topic`` is the
        help topic that ``?`` opens while it shows."""
        self._message_topic = topic
        message = self.query_one("#message", Line)
        message.set_class(error, "error")
        if not text and self.guide and not self.match.waiting:
            # (The guide explains a person's choices, not the computer's.)
            message.add_class("guide")
            message.update(guide_sentences(self.state, self.names))
            return
        message.remove_class("guide")
        if not text and self._legal == [PASS] and not self.match.waiting:
            text = prompts.pass_reason(self.state)  # why the player must pass
        message.update(text)

    # --- unload previews ---------------------------------------------------------

    @property
    def previews_wanted(self) -> bool:
        """Whether an unload is shown before it is made (a setting, on by default)."""
        from tui.duel.settings import previews_wanted

        return previews_wanted(getattr(self.app, "settings", None))

    @property
    def preview(self) -> UnloadPreview | None:
        """The unload on show, while the game still stands where it was shown."""
        return self._preview if self._preview_on is self.state else None

    def _show_preview(self, preview: UnloadPreview) -> None:
        self._preview, self._preview_on = preview, self.state
        self._sync_marks()
        self._show_prompt()
        glyphs = ASCII if self.ascii else UNICODE
        sentences = preview_sentences(preview, self.names, glyphs)
        line = self.query_one("#message", Line)
        shown = line.sentences_shown(sentences)
        if shown < len(sentences):
            # Names of tokens are long in some languages: rather the codes the
            # boats show than a fact of the unload left out.
            short = preview_sentences(preview, self.names, glyphs, codes=True)
            if line.sentences_shown(short) > shown:
                sentences = short
        self.say(sentences, topic="unload")

    def cancel_preview(self, words: str = "") -> None:
        """Drop the unload on show, if any, and say ``words``."""
        if self.preview is None:
            return
        self._drop_preview()
        self.say(words)

    def _drop_preview(self) -> None:
        self._preview = None
        self._sync_marks()
        self._show_prompt()

    # --- settings and help ---------------------------------------------------------

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self.query_one(Harbor).ascii = ascii
        for panel in self.query(PlayerPanel):
            panel.ascii = ascii
        self.query_one(HarborInfo).ascii = ascii
        self._show_prompt()

    def set_guide(self, on: bool) -> None:
        self.guide = on
        if self._ready:
            self.say("")

    def help_topic(self) -> str | None:
        """The help topic for what the player is looking at now.

        A message that names a rule (an illegal choice, a clicked monument) wins;
        then an action token in progress; then what the cursor is on.
        """
        if self._message_topic is not None:
            return self._message_topic
        return keys_in.help_topic(self.state, self.selection)
