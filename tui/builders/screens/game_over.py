"""The end of a game: every player's points part by part, the winner and why."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from engine.builders import GameState, outcome
from tui.builders.screens.points import points_table
from tui.i18n import N_, _, tr
from tui.paths import style_path


class GameOverScreen(ModalScreen[str]):
    """Dismisses with "new", "board" (look at the board) or "quit" (leave the
    game: out of the app, or back to the lobby in :class:`LobbyGameOverScreen`)."""

    LEAVE_WORD: ClassVar[str] = N_("Quit")

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        style_path("game_over.tcss"),
        style_path("builders_game_over.tcss"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "dismiss('new')", N_("New game")),
        Binding("b,escape", "dismiss('board')", N_("Look at the board")),
        Binding("q", "dismiss('quit')", N_("Quit")),
    ]

    def __init__(self, state: GameState, names: tuple[str, ...], *, new_game: bool = True) -> None:
        super().__init__(classes="-builders")
        self.new_game = new_game
        result = outcome(state)
        assert result is not None, "the game over screen needs a finished game"
        self.result = result
        self.state = state
        self.names = names

    def compose(self) -> ComposeResult:
        table = points_table(
            self.result.scores, self.names, self.state.sled, wrath=self.state.variant
        )
        with Vertical(id="dialog") as dialog:
            # As wide as the table, border and padding included, never narrower
            # than the Duel's: a Rich table's width is not known to the layout.
            dialog.styles.width = max(44, max(cell_len(line.plain) for line in table.split()) + 4)
            yield Static(_("Game over"), id="title")
            yield Static(Text(tr(self.result.describe(self.names))), id="verdict")
            yield Static(table, id="breakdown")
            with Horizontal(id="buttons"):
                if self.new_game:
                    yield Button(_("New game"), id="new", variant="primary")
                yield Button(
                    _("Board"), id="board", variant="default" if self.new_game else "primary"
                )
                yield Button(_(self.LEAVE_WORD), id="quit")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dismiss" and parameters == ("new",):
            return self.new_game
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "board")


class LobbyGameOverScreen(GameOverScreen):
    """The end of a game opened from the lobby: q goes back to the lobby (over
    SSH the app is the session: quitting it ended the session)."""

    LEAVE_WORD: ClassVar[str] = N_("Lobby")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "dismiss('quit')", N_("Lobby"))]
