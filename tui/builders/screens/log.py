"""The game log: every decision in notation and in words, with a replay viewer.

Moving through the list shows the board as it stood after that decision;
the game itself is not touched. ``e`` exports the game record.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine.builders import GameState, current_player, score
from engine.builders.describe import describe
from match import saves
from match.history import History
from tui.builders.widgets.board import Board
from tui.i18n import N_, _, ngettext, tr, tr_error
from tui.paths import style_path
from tui.screens.files import PromptScreen
from tui.widgets.keybar import KeyBar


class LogScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        style_path("widgets.tcss"),
        style_path("builders.tcss"),
        style_path("log.tcss"),
    ]
    # The moves fit beside the whole board (80 columns) only from 112 on.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g,q", "app.pop_screen", N_("Back to the game")),
        Binding("home", "go(0)", N_("To the set-up"), show=False, priority=True),
        Binding("end", "go(-1)", N_("Latest"), show=False, priority=True),
        Binding("e", "export", N_("Export record")),
        Binding("question_mark,f1", "app.help", N_("Help")),
    ]

    def __init__(
        self, history: History, names: tuple[str, ...], *, ascii: bool = False, export: bool = True
    ) -> None:
        super().__init__(classes="builders-log")
        self.history = history
        self.names = names
        self.ascii = ascii
        self.export = export
        self.states: tuple[GameState, ...] = history.states

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="moves-pane"):
                yield Static(_("Moves"), classes="pane-title")
                yield DataTable(id="moves", cursor_type="row", zebra_stripes=True)
            with Vertical(id="board-pane"):
                yield Static("", id="position", classes="pane-title")
                yield Board(id="replay-board")
        yield Static("", id="words")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", _("Player"), _("Move"))
        table.add_row("0", "", _("set-up"), key="0")
        for ply, (before, action) in enumerate(
            zip(self.states, self.history.actions, strict=False), start=1
        ):
            who = current_player(before)
            table.add_row(str(ply), Text(self.names[who]), str(action), key=str(ply))
        self.query_one(Board).set_ascii(self.ascii)
        table.move_cursor(row=len(self.states) - 1)
        table.focus()
        self._show(len(self.states) - 1)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show(event.cursor_row)

    def _show(self, ply: int) -> None:
        state = self.states[ply]
        self.query_one(Board).show(state)
        # "Player 1 -5 Player 2 -5" ran names and numbers together: each
        # total says what it is, and a comma parts the players.
        totals = ", ".join(
            f"{name} "
            + ngettext("{points} pt", "{points} pts", abs(points.total)).format(points=points.total)
            for name, points in zip(self.names, score(state), strict=True)
        )
        self.query_one("#position", Static).update(
            Text(
                _("After move {ply} of {moves}: {scores}").format(
                    ply=ply, moves=len(self.states) - 1, scores=totals
                )
            )
        )
        if ply == 0:
            words = Text(_("The game as dealt."))
        else:
            before, action = self.states[ply - 1], self.history.actions[ply - 1]
            words = Text(tr(describe(before, action, self.names)))
        self.query_one("#words", Static).update(words)

    def own_help(self) -> Screen[None]:
        """Help on the log and its keys, with the game's rules after it."""
        from tui.builders.help import topics
        from tui.screens.screen_help import log_help

        return log_help(self, topics)

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

        default = str(Path.cwd() / "imhotep-builders-game.json")
        self.app.push_screen(PromptScreen(_("Export the game record to"), default), chosen)
