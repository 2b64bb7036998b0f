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

from tui.i18n import N_, _
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


def title_art() -> str:
    """The title in the current language, naming both games under it."""
    # TRANSLATORS: the start screen's title, under the letters I M H O T E P:
    # the two games' names, short and in lower case, as on the boxes.
    return "I M H O T E P\n" + _("the duel & builders of egypt")


class StartScreen(Screen[None]):
    # Also listed by the app, which shows this screen first (see ImhotepApp).
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("start.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", N_("New game")),
        Binding("c", "pick('continue')", N_("Continue")),
        Binding("o", "pick('load')", N_("Load")),
        Binding("question_mark,f1", "pick('help')", N_("Help")),
        Binding("q", "pick('quit')", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.can_continue = False

    def compose(self) -> ComposeResult:
        # The screen's own alignment centres the menu: no container is needed for it.
        with Vertical(id="menu"):
            yield Static(title_art(), id="title")
            yield Static(
                _("Build on the Nile: the games of Imhotep, in the terminal."), id="tagline"
            )
            options = [
                Option(_("New game"), id="new"),
                Option(_("Load a saved game"), id="load"),
                Option(_("Help: how to play"), id="help"),
                Option(_("Quit"), id="quit"),
            ]
            yield OptionList(*options, id="choices")
        yield KeyBar()

    def on_mount(self) -> None:
        # The game store is opened after the first frame: the menu shows at
        # once, and Continue joins it when there is a game to go on with.
        # The disk work is done in a thread, so the menu answers keys meanwhile.
        self.run_worker(self._open_store, thread=True, exit_on_error=False)

    def _open_store(self) -> None:
        _ = getattr(self.app, "store", None)
        self.app.call_from_thread(self.look_for_games)

    def look_for_games(self) -> None:
        can = bool(getattr(self.app, "can_continue", lambda: False)())
        if can and not self.can_continue:
            choices = self.query_one("#choices", OptionList)
            options = [choices.get_option_at_index(i) for i in range(choices.option_count)]
            highlighted = choices.highlighted
            choices.clear_options()
            choices.add_options([options[0], Option(_("Continue"), id="continue"), *options[1:]])
            choices.highlighted = highlighted
        self.can_continue = can
        self.refresh_bindings()

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
