"""The command palette's entries of the app: new game, settings, languages,
each game's own, then Textual's, in the player's language."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

from textual.app import SystemCommand
from textual.screen import Screen

from tui import i18n
from tui.i18n import _

if TYPE_CHECKING:
    from tui.files import Settings
    from tui.play import PlayScreen

# Languages whose own name is not in Latin letters, as ASCII mode shows them.
_LATIN_NAMES: Final = {"ru": "Russkij"}


class PaletteApp(Protocol):
    """What the entries need of the app (tui.app.ImhotepApp, which imports this)."""

    settings: Settings
    language: str
    ascii: bool
    files_allowed: bool

    @property
    def game_screen(self) -> PlayScreen | None: ...
    def games_to_continue(self) -> list[Any]: ...
    def action_new_game(self) -> None: ...
    def action_continue_game(self) -> None: ...
    def action_list_games(self) -> None: ...
    def action_load_game(self) -> None: ...
    def action_help(self) -> None: ...
    def action_toggle_ascii(self) -> None: ...
    def action_toggle_guide(self) -> None: ...
    def action_toggle_undo(self) -> None: ...
    def set_language(self, language: str) -> None: ...


def system_commands(
    app: PaletteApp, screen: Screen[Any], inherited: Iterable[SystemCommand]
) -> Iterable[SystemCommand]:
    """The palette's entries on ``screen``; ``inherited`` are Textual's own."""
    yield SystemCommand(_("New game"), _("Set up and start a new game"), app.action_new_game)
    if app.games_to_continue():
        # Not the game on screen itself: Continue would only come back to it.
        yield SystemCommand(
            _("Continue"), _("Go on with a game in progress"), app.action_continue_game
        )
    yield SystemCommand(
        _("Your games"),
        _("Every game of yours in progress, newest first"),
        app.action_list_games,
    )
    yield SystemCommand(_("Load game"), _("Open a saved game or a file"), app.action_load_game)
    yield SystemCommand(_("Help"), _("How to play: rules, scoring, keys"), app.action_help)
    yield SystemCommand(
        _("ASCII mode"), _("Switch between symbols and plain ASCII"), app.action_toggle_ascii
    )
    yield SystemCommand(
        _("First-game guide: switch off")
        if app.settings.show_guide
        else _("First-game guide: switch on"),
        _("Explain each step in the message line while you learn"),
        app.action_toggle_guide,
    )
    yield SystemCommand(
        _("Undo mode: make it free")
        if app.settings.undo_mode == "safe"
        else _("Undo mode: make it safe"),
        _("safe: undo stops where something hidden came to light; free: undo anything"),
        app.action_toggle_undo,
    )
    for code, name in i18n.LANGUAGES.items():
        if code != app.language:
            if app.ascii and not name.isascii():
                # A name in another script would not show without UTF-8.
                name = f"{_LATIN_NAMES.get(code, code)} ({code})"
            yield SystemCommand(
                _("Language: {language}").format(language=name),
                _("Show the game in this language"),
                partial(app.set_language, code),
            )
    if app.settings.lang != "auto":
        yield SystemCommand(
            _("Language: follow the system"),
            _("Use the language that LC_ALL, LC_MESSAGES or LANG name"),
            partial(app.set_language, "auto"),
        )
    game = app.game_screen
    on_show = game is not None and screen is cast("Screen[Any]", game)
    yield from _games_commands(app, game if on_show else None)
    if game is not None and on_show:
        yield SystemCommand(_("Save game"), _("Save this game under a name"), game.action_save)
        yield SystemCommand(_("Game log"), _("All moves, with a replay viewer"), game.action_log)
    # Textual's own entries, in the player's language where we have their words.
    for command in inherited:
        if not app.files_allowed and command.title == "Screenshot":
            continue  # a player over SSH may not write files on the server
        yield command._replace(title=_(command.title), help=_(command.help))


def _games_commands(app: PaletteApp, game: PlayScreen | None) -> Iterable[SystemCommand]:
    """Each game's own palette entries (its settings, its screen's commands):
    the game on show's, or with none on show every game's that can be played."""
    from tui.games import GAMES, screens

    if game is not None:
        kinds: tuple[str, ...] = (game.match.rules.kind,)
    else:
        kinds = tuple(kind for kind, entry in GAMES.items() if entry.module is not None)
    for kind in kinds:
        shown = screens(kind)
        if shown is not None:
            yield from shown.commands(app, cast("Screen[Any]", game) if game else None)
