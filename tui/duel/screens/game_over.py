"""The end of a game: both score breakdowns, the winner and why.

A modal over the game screen, so the final board stays in view beside it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from engine.duel import GameState, outcome
from engine.duel.scoring import PlayerScore
from tui.i18n import N_, _, tr
from tui.paths import style_path

ROWS = (
    ("obelisk", N_("Obelisk")),
    ("temple", N_("Temple")),
    ("pyramids", N_("Pyramids")),
    ("chamber", N_("Burial chamber")),
    ("actions", N_("Action tokens")),
    ("meeples", N_("Meeples on grid")),
)


def breakdown_table(scores: tuple[PlayerScore, PlayerScore], names: tuple[str, str]) -> Text:
    """Both players' points side by side, one monument a line."""
    width = max(8, *(len(n) for n in names))
    lines = [Text(" " * 16 + names[0][:width].rjust(width) + "  " + names[1][:width].rjust(width))]
    lines[0].stylize("bold")
    for field, label in ROWS:
        a, b = getattr(scores[0], field), getattr(scores[1], field)
        lines.append(Text(f"{_(label):<16}{a:>{width}}  {b:>{width}}"))
    # Outside the f-string, where the catalog extractor can see it.
    total_label = _("Total")
    total = Text(f"{total_label:<16}{scores[0].total:>{width}}  {scores[1].total:>{width}}")
    total.stylize("bold")
    lines.append(total)
    return Text("\n").join(lines)


class GameOverScreen(ModalScreen[str]):
    """Dismisses with "new", "board" (look at the board) or "quit" (leave the
    game: out of the app, or back to the lobby in :class:`LobbyGameOverScreen`)."""

    LEAVE_WORD: ClassVar[str] = N_("Quit")

    CSS_PATH = style_path("game_over.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "dismiss('new')", N_("New game")),
        Binding("n", "dismiss('rematch')", N_("Rematch")),
        Binding("b,escape", "dismiss('board')", N_("Look at the board")),
        Binding("q", "dismiss('quit')", N_("Quit")),
    ]

    def __init__(
        self,
        state: GameState,
        names: tuple[str, str],
        *,
        new_game: bool = True,
        rematch: bool = False,
    ) -> None:
        super().__init__()
        # After a game between people at a table: n sets up a rematch instead.
        self.rematch = rematch and new_game
        self.new_game = new_game  # off for a watcher: the game was not theirs
        result = outcome(state)
        assert result is not None, "the game over screen needs a finished game"
        self.result = result
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Game over"), id="title")
            yield Static(Text(tr(self.result.describe(self.names))), id="verdict")
            yield Static(breakdown_table(self.result.scores, self.names), id="breakdown")
            with Horizontal(id="buttons"):
                if self.rematch:
                    yield Button(_("Rematch"), id="rematch", variant="primary")
                elif self.new_game:
                    yield Button(_("New game"), id="new", variant="primary")
                if self.new_game:
                    yield Button(_("Board"), id="board")
                else:
                    yield Button(_("Board"), id="board", variant="primary")
                yield Button(_(self.LEAVE_WORD), id="quit")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dismiss" and parameters == ("new",):
            return self.new_game and not self.rematch
        if action == "dismiss" and parameters == ("rematch",):
            return self.rematch
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "board")


class LobbyGameOverScreen(GameOverScreen):
    """The end of a game opened from the lobby: q goes back to the lobby.

    Over SSH the app is the player's session, so a q that ended the app
    ended the session, while the game screen's key bar said "q Lobby"."""

    LEAVE_WORD: ClassVar[str] = N_("Lobby")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "dismiss('quit')", N_("Lobby"))]
