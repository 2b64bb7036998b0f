"""How each player's points arise, monument by monument."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine import GameState, score
from engine.explain import CATEGORIES, explain_score
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


def explanation(state: GameState, who: int, name: str) -> Text:
    lines = [Text(f"{name}: {score(state)[who].total} points", style="bold")]
    explained = explain_score(state, who)
    lines.extend(Text(f"  {explained[category]}") for category in CATEGORIES)
    return Text("\n").join(lines)


class DetailsScreen(ModalScreen[None]):
    """Dismissed with Esc, i or q."""

    CSS_PATH = style_path("details.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,q", "dismiss", "Close")]

    def __init__(self, state: GameState, names: tuple[str, str]) -> None:
        super().__init__()
        self.state = state
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="details"):
            yield Static("How did we get these points?", id="details-title")
            with VerticalScroll():
                for who in (0, 1):
                    yield Static(explanation(self.state, who, self.names[who]), classes="who")
        yield KeyBar()
