"""The game log of any game: every decision in notation and in words, with a
replay viewer.

Moving through the list shows the board as it stood after that decision; the
game itself is not touched. ``e`` exports the game record. A game's log
(``tui/<game>/screens/log.py``) brings its board, the line above it and the
words for a decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from match import saves
from match.history import History
from tui.i18n import N_, _, tr_error
from tui.screens.files import PromptScreen
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tui.play import HelpBook


class GameLogScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g,q", "app.pop_screen", N_("Back to the game")),
        # Priority: the move list would otherwise only scroll on Home and End.
        Binding("home", "go(0)", N_("To the set-up"), show=False, priority=True),
        Binding("end", "go(-1)", N_("Latest"), show=False, priority=True),
        Binding("e", "export", N_("Export record")),
        Binding("question_mark,f1", "app.help", N_("Help")),
    ]
    # The file an export offers, in the working folder.
    RECORD_NAME: ClassVar[str] = "imhotep-game.json"

    def __init__(
        self,
        history: History,
        names: tuple[str, ...],
        *,
        ascii: bool = False,
        export: bool = True,
    ) -> None:
        super().__init__()
        self.history = history
        self.names = names
        self.ascii = ascii
        self.export = export
        self.states: Sequence[Any] = history.states

    # What a game's log brings.

    def compose_board(self) -> ComposeResult:
        """The board of the replay, under the line that says the position."""
        raise NotImplementedError

    def setup_board(self) -> None:
        """Once mounted: tell the board how to draw (``self.ascii``)."""

    def show_board(self, state: Any) -> None:
        raise NotImplementedError

    def position_words(self, ply: int, state: Any) -> str:
        """The line above the board: after which move, and the scores."""
        raise NotImplementedError

    def mover(self, before: Any) -> int:
        """The seat that took the decision made in ``before``."""
        raise NotImplementedError

    def decision_words(self, before: Any, action: Any) -> str:
        """A decision in words, in the player's language."""
        raise NotImplementedError

    def help_book(self) -> HelpBook:
        """The game's help topics, shown after the log's own."""
        raise NotImplementedError

    # The log itself.

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="moves-pane"):
                yield Static(_("Moves"), classes="pane-title")
                yield DataTable(id="moves", cursor_type="row", zebra_stripes=True)
            with Vertical(id="board-pane"):
                yield Static("", id="position", classes="pane-title")
                yield from self.compose_board()
        # The decision in words, across the whole width: a long one takes
        # several lines there, and never falls below the board.
        yield Static("", id="words")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", _("Player"), _("Move"))
        table.add_row("0", "", _("set-up"), key="0")
        for ply, (before, action) in enumerate(
            zip(self.states, self.history.actions, strict=False), start=1
        ):
            who = Text(self.names[self.mover(before)])
            table.add_row(str(ply), who, str(action), key=str(ply))
        self.setup_board()
        table.move_cursor(row=len(self.states) - 1)
        table.focus()
        self._show(len(self.states) - 1)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show(event.cursor_row)

    def _show(self, ply: int) -> None:
        state = self.states[ply]
        self.show_board(state)
        self.query_one("#position", Static).update(Text(self.position_words(ply, state)))
        if ply == 0:
            words = _("The game as dealt.")
        else:
            words = self.decision_words(self.states[ply - 1], self.history.actions[ply - 1])
        self.query_one("#words", Static).update(Text(words))

    def own_help(self) -> Screen[None]:
        """Help on the log and its keys, with the game's rules after it."""
        from tui.screens.screen_help import log_help

        return log_help(self, self.help_book())

    def action_go(self, ply: int) -> None:
        self.query_one(DataTable).move_cursor(row=ply if ply >= 0 else len(self.states) - 1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":
            return self.export
        return True

    def action_export(self) -> None:
        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path = saves.export_record(Path(answer).expanduser(), self.history)
            except saves.StorageError as exc:
                self.notify(tr_error(exc), severity="error", timeout=8, markup=False)
            else:
                self.notify(_("Game record written to {path}").format(path=path), markup=False)

        default = str(Path.cwd() / self.RECORD_NAME)
        self.app.push_screen(PromptScreen(_("Export the game record to"), default), chosen)


__all__ = ["GameLogScreen"]
