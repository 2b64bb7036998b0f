"""How each player's points arise, monument by monument."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.duel import GameState, score
from engine.duel.explain import CATEGORIES, explain_score
from tui.i18n import N_, _, ngettext, tr
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


class DetailsScreen(ModalScreen[None]):
    """Dismissed with Esc, i or q."""

    CSS_PATH = style_path("details.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,q", "dismiss", N_("Close"))]

    def __init__(self, state: GameState, names: tuple[str, str]) -> None:
        super().__init__()
        self.state = state
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="details"):
            yield Static(_("How did we get these points?"), id="details-title")
            with VerticalScroll():
                totals = score(self.state)
                for who in (0, 1):
                    total = totals[who].total
                    title = ngettext(
                        "{name}: {points} point", "{name}: {points} points", abs(total)
                    ).format(name=self.names[who], points=total)
                    yield Static(Text(title, style="bold"), classes="who")
                    explained = explain_score(self.state, who)
                    # One widget per line, so a long line wraps under itself.
                    for category in CATEGORIES:
                        yield Static(Text(tr(explained[category])), classes="part")
        yield KeyBar()
