"""The game log: every move in notation and in words, with a replay viewer.

Moving through the list shows the board as it stood after that move; the game
itself is not touched. ``e`` exports the game record.
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

from engine.duel import GameState, describe, score
from match import saves
from match.history import History
from tui.duel.widgets.harbor import Harbor
from tui.duel.widgets.info import HarborInfo
from tui.i18n import N_, _, tr, tr_error
from tui.paths import style_path
from tui.screens.files import PromptScreen
from tui.widgets.keybar import KeyBar


class LogScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("widgets.tcss"), style_path("log.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g,q", "app.pop_screen", N_("Back to the game")),
        # Priority: the move list would otherwise only scroll on Home and End.
        Binding("home", "go(0)", N_("To the set-up"), show=False, priority=True),
        Binding("end", "go(-1)", N_("Latest"), show=False, priority=True),
        Binding("e", "export", N_("Export record")),
        Binding("question_mark,f1", "app.help", N_("Help")),
    ]

    def __init__(
        self,
        history: History,
        names: tuple[str, str],
        *,
        ascii: bool = False,
        export: bool = True,
    ) -> None:
        super().__init__()
        self.export = export
        self.history = history
        self.names = names
        self.ascii = ascii
        self.states: tuple[GameState, ...] = history.states

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="moves-pane"):
                yield Static(_("Moves"), classes="pane-title")
                yield DataTable(id="moves", cursor_type="row", zebra_stripes=True)
            with Vertical(id="board-pane"):
                yield Static("", id="position", classes="pane-title")
                yield Harbor(id="replay-harbor")
                yield HarborInfo(id="replay-info")
        # The move in words, across the whole width: an unload that empties
        # the supply takes four lines there, and never falls below the board.
        yield Static("", id="words")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", _("Player"), _("Move"))
        table.add_row("0", "", _("set-up"), key="0")
        for ply, (before, action) in enumerate(
            zip(self.states, self.history.actions, strict=False), start=1
        ):
            table.add_row(str(ply), Text(self.names[before.turn]), str(action), key=str(ply))
        self.query_one("#replay-harbor", Harbor).ascii = self.ascii
        self.query_one("#replay-info", HarborInfo).ascii = self.ascii
        table.move_cursor(row=len(self.states) - 1)
        table.focus()
        self._show(len(self.states) - 1)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show(event.cursor_row)

    def _show(self, ply: int) -> None:
        state = self.states[ply]
        self.query_one("#replay-harbor", Harbor).state = state
        self.query_one("#replay-info", HarborInfo).state = state
        totals = score(state)
        self.query_one("#position", Static).update(
            Text(
                _(
                    "After move {ply} of {moves}: {first} {first_points}, {second} {second_points}"
                ).format(
                    ply=ply,
                    moves=len(self.states) - 1,
                    first=self.names[0],
                    first_points=totals[0].total,
                    second=self.names[1],
                    second_points=totals[1].total,
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
        from tui.duel.help import topics
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

        default = str(Path.cwd() / "imhotep-game.json")
        self.app.push_screen(PromptScreen(_("Export the game record to"), default), chosen)
