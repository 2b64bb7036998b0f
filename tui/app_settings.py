"""The app's settings: changed from the keys and the command palette, kept
for the next start, and passed on to the game on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from textual.app import App

from tui import files, i18n
from tui.ascii_widgets import AsciiChanged, use_ascii_scrollbars
from tui.i18n import _, tr_error

if TYPE_CHECKING:
    from tui.files import UndoMode
    from tui.play import PlayScreen


class SettingsApp(App[None]):
    """The part of :class:`tui.app.ImhotepApp` that changes its settings."""

    settings: files.Settings
    ascii: bool
    language: str

    @property
    def game_screen(self) -> PlayScreen | None:
        """The game on the screen stack, if any (the settings reach it too)."""
        from tui.play import PlayScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, PlayScreen):
                return screen
        return None

    def _remember(self, **changes: object) -> None:
        """Change app settings and keep them for the next start."""
        self.settings = msgspec.structs.replace(self.settings, **changes)
        try:
            files.write_settings(self.settings)
        except files.StorageError as exc:
            self.notify(
                _("Settings not saved: {problem}").format(problem=tr_error(exc)),
                severity="warning",
                markup=False,
            )

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
        self.notify(_("First-game guide on.") if show else _("First-game guide off."))

    def action_toggle_undo(self) -> None:
        mode: UndoMode = "free" if self.settings.undo_mode == "safe" else "safe"
        self._remember(undo_mode=mode)
        game = self.game_screen
        if game is not None:
            game.match.set_undo_mode(mode)
            game.refresh_bindings()
        self.notify(
            _("Undo may now go back to the start of the game.")
            if mode == "free"
            else _("Undo now stops where something hidden came to light.")
        )

    def set_language(self, language: str) -> None:
        """Speak ``language`` ("auto": the environment's) now and at the next start."""
        if language != "auto" and language not in i18n.LANGUAGES:
            return
        self._remember(lang=language)
        self.language = i18n.use(i18n.choose_language(None, language))
        self.notify(
            _("Language: {language}.").format(language=i18n.LANGUAGES[self.language]),
            markup=False,
        )

    def remember_game_setting(self, kind: str, name: str, value: bool) -> None:
        """Keep one of a game's own settings (see :attr:`files.Settings.games`)."""
        games = {key: dict(values) for key, values in self.settings.games.items()}
        games.setdefault(kind, {})[name] = value
        self._remember(games=games)
