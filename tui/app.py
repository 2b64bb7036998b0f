"""The Textual application: screens, global commands and the game's set-up."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from tui import files
from tui.ascii_widgets import AsciiChanged, AsciiCommandPalette, use_ascii_scrollbars
from tui.charset import terminal_is_utf8
from tui.paths import style_path
from tui.screens.start import StartScreen

# The game's screens, the engine and the saves are imported when first needed:
# the start screen should appear without waiting for them.
if TYPE_CHECKING:
    from engine import Setup
    from tui.files import UndoMode
    from tui.screens.game import GameScreen
    from tui.screens.new_game import GameOptions
    from tui.storage import LoadedGame


def setup_for(options: GameOptions, seed: int | None = None) -> Setup:
    """A concrete set-up: a random seed and starter are drawn here, once."""
    from engine import Setup

    if seed is None:
        seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(32)
    starter = options.starter
    if starter is None:
        # Derived from the seed, so a game set up again from its seed starts the same.
        starter = random.Random(f"starter-{seed}").randrange(2)
    return Setup(seed=seed, sides=options.sides, starter=starter)


class ImhotepApp(App[None]):
    TITLE = "Imhotep: The Duel"
    # The board's styles come with the screens that show a board. The start
    # screen's are listed here: Textual reads a screen's CSS_PATH when the
    # screen is pushed, never for the app's default screen.
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("app.tcss"), *StartScreen.CSS_PATH]

    def __init__(self, *, ascii: bool | None = None, open_game: LoadedGame | None = None) -> None:
        super().__init__()
        if self.console.color_system == "standard":
            # Textual turns the tokens' ANSI colours into the RGB of its own
            # palette, and with 16 colours Rich matches those to the nearest
            # of the 16 again: an orange "yellow" obelisk came out red, like a
            # dark pyramid. The terminal's own ANSI colours read as intended.
            self.ansi_color = True
        self.settings = files.read_settings()
        if ascii is None:
            # A terminal that cannot show UTF-8 gets ASCII whatever the setting.
            ascii = self.settings.ascii or not terminal_is_utf8()
        self.ascii = ascii
        # Set before the first screen is styled, so it is not styled twice.
        self.set_class(self.ascii, "ascii")
        use_ascii_scrollbars(self.ascii)
        self.last_options: GameOptions | None = None
        self._open_first = open_game

    def get_default_screen(self) -> Screen[Any]:
        # The start screen is the app's own bottom screen rather than pushed on
        # top of an empty one, which would cost a second first frame.
        return StartScreen(can_continue=self._can_continue())

    def on_mount(self) -> None:
        if self._open_first is not None:
            self.open_loaded(self._open_first)
            self._open_first = None

    @staticmethod
    def _can_continue() -> bool:
        # Only whether the file is there: reading it waits until it is chosen.
        return files.autosave_path().exists()

    # --- commands -------------------------------------------------------------

    def action_new_game(self) -> None:
        from tui.screens.new_game import GameOptions, NewGameScreen

        # The form as it was left: this session's (with its seed), or the last one's.
        defaults = self.last_options or GameOptions.from_form(self.settings.new_game)
        self.push_screen(NewGameScreen(defaults), self._new_game_chosen)

    def _new_game_chosen(self, options: GameOptions | None) -> None:
        if options is None:
            return
        self.last_options = options
        if options.form() != self.settings.new_game:
            self._remember(new_game=options.form())
        self.start_game(setup_for(options), options.names, options.kinds)

    def start_game(
        self, setup: Setup, names: tuple[str, str], kinds: tuple[str, str] = ("human", "human")
    ) -> GameScreen:
        from tui.history import History
        from tui.screens.game import GameScreen

        self._close_games()
        history = History.start(setup, undo_mode=self.settings.undo_mode)
        return self._show_game(GameScreen(history, names, kinds, ascii=self.ascii))

    def _show_game(self, screen: GameScreen) -> GameScreen:
        screen.guide = self.settings.show_guide
        self.push_screen(screen)
        return screen

    def _close_games(self) -> None:
        # A game in progress is about to give way to another, and with it its
        # autosave: keep it among the saves first, so no game is ever lost.
        game = self.game_screen
        if game is not None and not game.state.over and game.history.actions:
            name = game.file_game()
            if name is not None:
                self.notify(f"The game you left is saved as {name!r} (o opens it).", markup=False)
        # Keep the start screen at the bottom of the stack and nothing else.
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_continue_game(self) -> None:
        from tui import storage

        try:
            loaded = storage.read_autosave()
        except storage.StorageError as exc:
            self.notify(f"Cannot continue: {exc}", severity="error", timeout=10, markup=False)
            return
        if loaded is None:
            self.notify("There is no game to continue.", severity="warning")
            return
        self.open_loaded(loaded)

    def action_load_game(self) -> None:
        def chosen(loaded: LoadedGame | None) -> None:
            if loaded is not None:
                self.open_loaded(loaded)

        from tui.screens.files import LoadScreen

        self.push_screen(LoadScreen(), chosen)

    def open_loaded(self, loaded: LoadedGame) -> GameScreen:
        """Show a game read from a file, standing where it was saved."""
        self._close_games()
        save = loaded.save
        from tui.screens.game import GameScreen

        return self._show_game(
            GameScreen(loaded.history, save.names, save.players, ascii=self.ascii)
        )

    def action_help(self) -> None:
        try:
            from tui.screens.help import HelpScreen
        except ImportError:
            self.notify("Help is not available.", severity="error")
            return
        if isinstance(self.screen, HelpScreen):
            return
        game = self.game_screen
        topic = game.help_topic() if game is not None and self.screen is game else None
        sides = None
        if game is not None:
            sides = game.state.sides
        self.push_screen(HelpScreen(topic, sides))

    def _remember(self, **changes: object) -> None:
        """Change app settings and keep them for the next start."""
        self.settings = msgspec.structs.replace(self.settings, **changes)
        try:
            files.write_settings(self.settings)
        except files.StorageError as exc:
            self.notify(f"Settings not saved: {exc}", severity="warning", markup=False)

    def action_toggle_ascii(self) -> None:
        self.ascii = not self.ascii
        self._remember(ascii=self.ascii)
        self.set_class(self.ascii, "ascii")
        use_ascii_scrollbars(self.ascii)
        self.refresh(layout=True)
        for screen in self.screen_stack:
            # Key bars show keys by symbol or by name (get_key_display).
            screen.refresh_bindings()
            screen.post_message(AsciiChanged(self.ascii))
        game = self.game_screen
        if game is not None:
            game.set_ascii(self.ascii)

    def action_toggle_guide(self) -> None:
        show = not self.settings.show_guide
        self._remember(show_guide=show)
        game = self.game_screen
        if game is not None:
            game.set_guide(show)
        self.notify(f"First-game guide {'on' if show else 'off'}.")

    def action_toggle_undo(self) -> None:
        mode: UndoMode = "free" if self.settings.undo_mode == "safe" else "safe"
        self._remember(undo_mode=mode)
        game = self.game_screen
        if game is not None:
            game.history.undo_mode = mode
            game.refresh_bindings()
        self.notify(
            "Undo may now go back to the start of the game."
            if mode == "free"
            else "Undo now stops where a face-down token was revealed."
        )

    @property
    def game_screen(self) -> GameScreen | None:
        from tui.screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def action_command_palette(self) -> None:
        if self.ascii and self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(AsciiCommandPalette())
        else:
            super().action_command_palette()

    def get_key_display(self, binding: Binding) -> str:
        # Textual's own symbols for keys (the Enter and arrow keys) are not ASCII.
        shown = super().get_key_display(binding)
        if self.ascii and not shown.isascii():
            return binding.key.capitalize()
        return shown

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Set up and start a new game", self.action_new_game)
        if self.game_screen is None and self._can_continue():
            # With a game open, the autosave is that very game (or one just
            # filed among the saves): Load game reaches any other.
            yield SystemCommand("Continue", "Continue the last game", self.action_continue_game)
        yield SystemCommand("Load game", "Open a saved game or a file", self.action_load_game)
        yield SystemCommand("Help", "How to play: rules, scoring, keys", self.action_help)
        yield SystemCommand(
            "ASCII mode", "Switch between symbols and plain ASCII", self.action_toggle_ascii
        )
        guide = "off" if self.settings.show_guide else "on"
        yield SystemCommand(
            f"First-game guide: switch {guide}",
            "Explain each step in the message line while you learn",
            self.action_toggle_guide,
        )
        other = "free" if self.settings.undo_mode == "safe" else "safe"
        yield SystemCommand(
            f"Undo mode: make it {other}",
            "safe: undo stops where a hidden token was revealed; free: undo anything",
            self.action_toggle_undo,
        )
        game = self.game_screen
        if game is not None and screen is game:
            yield SystemCommand("Save game", "Save this game under a name", game.action_save)
            yield SystemCommand("Game log", "All moves, with a replay viewer", game.action_log)
            yield SystemCommand(
                "How did I get these points?", "Each monument's points", game.action_details
            )
        yield from super().get_system_commands(screen)
