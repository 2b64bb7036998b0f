"""Which game's rules to read, asked when help is opened outside any game.

Outside a game the help showed the first game's rules only: a newcomer who
came for another game found nothing of it (a search for "market" said no
topic mentions it). When several games can be played, this asks first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.games import title
from tui.i18n import N_, _
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


class RulesChoice(ModalScreen[str | None]):
    """The games ``kinds`` by name; dismissed with the kind chosen, or None."""

    CSS_PATH = style_path("help.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", N_("Back"))]

    def __init__(self, kinds: Sequence[str]) -> None:
        super().__init__()
        self.kinds = tuple(kinds)

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-choice"):
            yield Static(_("How to play: which game?"), id="rules-choice-title")
            yield OptionList(*(Option(title(kind), id=kind) for kind in self.kinds))
        yield KeyBar()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


__all__ = ["RulesChoice"]
