"""The start screen: new game, continue, help, quit."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.paths import style_path
from tui.widgets.keybar import KeyBar

TITLE_ART = """\
 I M H O T E P
   the  duel"""


class StartScreen(Screen[None]):
    # Also listed by the app, which shows this screen first (see ImhotepApp).
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("start.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", "New game"),
        Binding("c", "pick('continue')", "Continue"),
        Binding("o", "pick('load')", "Load"),
        Binding("question_mark,f1", "pick('help')", "Help"),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(self, can_continue: bool = False) -> None:
        super().__init__()
        self.can_continue = can_continue

    def compose(self) -> ComposeResult:
        # The screen's own alignment centres the menu: no container is needed for it.
        with Vertical(id="menu"):
            yield Static(TITLE_ART, id="title")
            yield Static("Build monuments on the Nile, two players, one harbor.", id="tagline")
            options = [Option("New game", id="new")]
            if self.can_continue:
                options.append(Option("Continue", id="continue"))
            options += [
                Option("Load a saved game", id="load"),
                Option("Help: how to play", id="help"),
                Option("Quit", id="quit"),
            ]
            yield OptionList(*options, id="choices")
        yield KeyBar()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        await self.action_pick(event.option.id or "new")

    async def action_pick(self, choice: str) -> None:
        actions = {
            "new": "new_game",
            "continue": "continue_game",
            "load": "load_game",
            "help": "help",
            "quit": "quit",
        }
        await self.app.run_action(actions[choice])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return self.can_continue
        return True
