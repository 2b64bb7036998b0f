"""Every player's points if the game ended now, part by part, and the tie-break."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.builders import GameState, score
from tui.builders.screens.points import points_table
from tui.i18n import N_, _
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


class DetailsScreen(ModalScreen[None]):
    """Dismissed with Esc, i or q."""

    CSS_PATH = style_path("details.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,q", "dismiss", N_("Close"))]

    def __init__(self, state: GameState, names: tuple[str, ...]) -> None:
        super().__init__()
        self.state = state
        self.names = names

    def compose(self) -> ComposeResult:
        state = self.state
        with Vertical(id="details"):
            yield Static(_("Points if the game ended now"), id="details-title")
            yield Static(
                points_table(score(state), self.names, state.sled, wrath=state.variant),
                classes="part",
            )
            yield Static(
                Text(
                    _(
                        "The pyramid and the temple score during the game (the score track); "
                        "the burial chamber, the obelisks and the cards at the end. A tie goes "
                        "to the most stones on the sled, else the victory is shared."
                    )
                ),
                classes="part",
            )
        yield KeyBar()
