"""The Textual application: screens, global commands and the game's set-up."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from tui import files, i18n
from tui.app_settings import SettingsApp
from tui.app_store import StoreApp
from tui.ascii_widgets import AsciiCommandPalette, use_ascii_scrollbars
from tui.charset import terminal_is_utf8
from tui.i18n import _, tr, tr_error
from tui.paths import style_path
from tui.screens.start import StartScreen

# The game's screens, the engine and the saves are imported when first needed:
# the start screen should appear without waiting for them.
if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.driver import Driver

    from match.match import Match
    from match.saves import LoadedGame
    from match.store import Store
    from tui.play import GameScreens, NewGameAnswer, PlayScreen


class ImhotepApp(StoreApp, SettingsApp):
    TITLE = "Imhotep"
    # The board's styles come with the screens that show a board. The start
    # screen's are listed here: Textual reads a screen's CSS_PATH when the
    # screen is pushed, never for the app's default screen.
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("app.tcss"), *StartScreen.CSS_PATH]

    def __init__(
        self,
        *,
        ascii: bool | None = None,
        open_game: LoadedGame | None = None,
        open_match: Match | None = None,
        store: Store | None = None,
        store_problem: str | None = None,
        me: str | None = None,
        disk: bool = True,
        lang: str | None = None,
        lobby: str | None = None,
        new_game: str | None = None,
        name: str | None = None,
    ) -> None:
        """``store`` is the game store to use; without one (and without a
        ``store_problem`` saying why there is none) the data folder's store is
        opened. ``me`` is the player id of the person at this keyboard;
        ``disk`` False offers no dialog that reads or writes the disk (the
        SSH server's sessions). ``lang`` is the language asked for on the
        command line; without it the setting or the environment decides.
        ``new_game`` names a game whose new game form opens at once.
        ``name`` is the name the player goes by at a table (``lobby`` is one
        too): at a keyboard it tells apart two players of one account."""
        super().__init__()
        if self.console.color_system == "standard":
            # Textual turns the pieces' ANSI colours into the RGB of its own
            # palette, and with 16 colours Rich matches those to the nearest
            # of the 16 again: an orange "yellow" piece came out red, like
            # another. The terminal's own ANSI colours read as intended.
            self.ansi_color = True
        self.settings = files.read_settings()
        # Before any screen is built: every word drawn from here on is in it.
        self.language = i18n.use(i18n.choose_language(lang, self.settings.lang))
        if ascii is None:
            # A terminal that cannot show UTF-8 gets ASCII whatever the setting.
            ascii = self.settings.ascii or not terminal_is_utf8()
        self.ascii = ascii
        # Set before the first screen is styled, so it is not styled twice.
        self.set_class(self.ascii, "ascii")
        use_ascii_scrollbars(self.ascii)
        self.last_options: NewGameAnswer | None = None
        self._open_first = open_game
        self._open_match = open_match
        # --resume: a game's id to open at once, or "list" to choose among several.
        self.resume_first: int | str | None = None
        self._form_first = new_game
        self.files_allowed = disk
        # The player's name when the app starts in the lobby (the SSH server's sessions).
        self.lobby = lobby
        self.player_name = lobby or name
        if lobby is not None:
            from tui.screens.lobby import LobbyScreen

            self.css_path = [*self.css_path, *map(Path, LobbyScreen.CSS_PATH)]
        from match.seats import local_player

        self.me = me or local_player()
        # Opened when first needed (see StoreApp.store): the start screen
        # draws first, then looks for games to continue.
        self.keep_store(store, store_problem)
        self.failed = False  # Textual panicked (see panic)

    def get_driver_class(self) -> type[Driver]:
        chosen = super().get_driver_class()
        if chosen.__module__ != "textual.drivers.linux_driver":
            return chosen  # another system's, or TEXTUAL_DRIVER's
        from tui.driver import ForgivingDriver  # reads any byte the terminal sends

        return ForgivingDriver

    def panic(self, *renderables: RenderableType) -> None:
        # Textual ends the app this way when its input thread fails, and the
        # exit status would still be 0: the command line returns 1 for it.
        self.failed = True
        super().panic(*renderables)

    def get_default_screen(self) -> Screen[Any]:
        if self.lobby is not None:
            from tui.screens.lobby import LobbyScreen

            return LobbyScreen(self.lobby)
        # The start screen is the app's own bottom screen rather than pushed on
        # top of an empty one, which would cost a second first frame. It asks
        # for games to continue once it is drawn (can_continue).
        return StartScreen()

    def on_mount(self) -> None:
        from tui.turn_watch import TurnWatch

        # Told at once, wherever the player is, when a game of theirs waits.
        self.turn_watch = TurnWatch(self, self)
        self.turn_watch.start()
        if self._form_first is not None:
            # Over the start screen, which Back comes back to.
            self.action_new_game(self._form_first)
            self._form_first = None
        if self._open_match is None and self._open_first is None and self.resume_first is None:
            return  # the start screen opens the store after its first frame
        self.show_store_problem()
        if self._open_match is not None:
            self.show_match(self._open_match)
            self._open_match = None
        elif self._open_first is not None:
            self.open_loaded(self._open_first)
            self._open_first = None
        elif isinstance(self.resume_first, int):
            self.open_stored(self.resume_first)
        elif self.resume_first == "list":
            self.action_list_games()

    # --- commands -------------------------------------------------------------

    def action_new_game(self, kind: str = "", form: files.GameForm | None = None) -> None:
        """Open the new game form of ``kind`` (else of the game last set up),
        filled from ``form`` (else as it was last left)."""
        from engine.games import DEFAULT_KIND
        from tui.games import screens

        remembered = self.settings.new_game
        kind = kind or remembered.kind or DEFAULT_KIND
        game = screens(kind)
        if game is None:
            # A form of a game this version cannot show: the default game's.
            kind, game = DEFAULT_KIND, screens(DEFAULT_KIND)
            if game is None:
                return
        last = None
        if form is None:
            form = remembered if (remembered.kind or DEFAULT_KIND) == kind else files.GameForm()
            # This session's answer (with its seed) if it was for this game.
            last = self.last_options
            if last is not None and (last.form().kind or DEFAULT_KIND) != kind:
                last = None
        from tui.screens.new_game import SwitchGame

        def chosen(answer: NewGameAnswer | SwitchGame | None) -> None:
            if isinstance(answer, SwitchGame):
                # The other game's form, with the names and players typed so far.
                self.action_new_game(answer.form.kind, answer.form)
            else:
                self._new_game_chosen(game, answer)

        self.push_screen(game.new_game_screen(last, form), chosen)

    def _new_game_chosen(self, game: GameScreens, options: NewGameAnswer | None) -> None:
        if options is None:
            return
        self.last_options = options
        if options.form() != self.settings.new_game:
            self._remember(new_game=options.form())
        from match import service

        try:
            setup = game.setup_for(options)
        except service.Unavailable as exc:
            self._cannot_open(exc)
            return
        from tui.kinds import seat_name
        from tui.screens.new_game_answer import unique

        # A computer seat left as "Player 2" plays as the computer.
        names = unique(
            [
                seat_name(name, kind, seat)
                for seat, (name, kind) in enumerate(zip(options.names, options.kinds, strict=True))
            ]
        )
        self.start_game(setup, names, options.kinds, hints=options.hints)

    def start_game(
        self,
        setup: Any,
        names: tuple[str, ...],
        kinds: tuple[str, ...] | None = None,
        *,
        hints: bool = False,
    ) -> PlayScreen | None:
        """Start ``setup`` at this keyboard: a seat for each of ``names``, played
        as ``kinds`` says (a person when None)."""
        from match import service
        from match.seats import Seat

        kinds = kinds or ("human",) * len(names)
        # "away": a person at another terminal, who joins the table by its code.
        away = frozenset(who for who, kind in enumerate(kinds) if kind == "away")
        seats = tuple(
            Seat(name=name, kind="human" if who in away else kind)
            for who, (name, kind) in enumerate(zip(names, kinds, strict=True))
        )
        if away and self.store is None:
            self.notify(
                _("A game with another terminal needs the game store: {problem}").format(
                    problem=tr(self.store_problem or "")
                ),
                severity="error",
                timeout=10,
                markup=False,
            )
            away = frozenset()
        try:
            opened = service.start(
                setup,
                seats,
                store=self.store,
                me=self.me,
                away=away,
                undo_mode=self.settings.undo_mode,
                hints=hints,
            )
        except service.Unavailable as exc:
            self._cannot_open(exc)
            return None
        self._say_not_kept(opened.not_kept)
        return self.show_match(opened.match)

    def _say_not_kept(self, problem: str | None) -> None:
        if problem is not None:
            self.notify(
                _("This game is not being kept: {problem}").format(problem=tr(problem)),
                severity="error",
                timeout=10,
                markup=False,
            )

    def _cannot_open(self, error: Exception) -> None:
        self.notify(
            _("Cannot open that game: {problem}").format(problem=tr_error(error)),
            severity="error",
            timeout=10,
            markup=False,
        )

    def show_match(self, match: Match) -> PlayScreen | None:
        """Show ``match`` on a game screen of its own, over the start screen;
        None (and the player is told why) for a game this version cannot show."""
        from tui.games import cannot_play, screens

        game = screens(match.rules.kind)
        if game is None:
            match.close()
            self.notify(cannot_play(match.rules.kind), severity="error", timeout=10, markup=False)
            return None
        if match.store is None and self.store_problem and match.store_problem is None:
            # Its steps count as not kept: quitting asks, and the game screen
            # tries the store again (retry_store) to keep the game after all.
            match.not_kept(self.store_problem)
        self._close_games()
        screen = game.game_screen(
            match, ascii=self.ascii, guide=self.settings.show_guide, lobby=self.lobby is not None
        )
        self.push_screen(cast("Screen[Any]", screen))
        return screen

    def _close_games(self) -> None:
        # The game left behind stays in the store; Continue brings it back.
        match = None if self.game_screen is None else self.game_screen.match
        if (
            match is not None
            and not match.over(match.state)
            and match.history.actions
            and match.kept
        ):
            self.notify(_("The game you left is kept: Continue brings it back."), markup=False)
        # Keep the start screen at the bottom of the stack and nothing else.
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def games_to_continue(self) -> list[Any]:
        """This player's games in progress but the one on screen, most recent first."""
        games = self.unfinished_games()
        game = self.game_screen
        if game is not None and game.match.game_id is not None:
            games = [g for g in games if g.id != game.match.game_id]
        return games

    def action_continue_game(self) -> None:
        games = self.games_to_continue()
        if not games:
            self.notify(_("There is no other game to continue."), severity="warning")
        elif len(games) == 1:
            self.open_stored(games[0].id)
        else:
            self.action_list_games()

    def action_list_games(self) -> None:
        from tui.screens.games import GamesScreen

        def chosen(game_id: int | None) -> None:
            if game_id is not None:
                self.open_stored(game_id)

        self.push_screen(GamesScreen(self.unfinished_games()), chosen)

    def open_stored(self, game_id: int) -> PlayScreen | None:
        """Come back to a game of the store, at this player's seats."""
        from match import service

        if self.store is None:
            return None
        game = self.game_screen
        if game is not None and game.match.game_id == game_id:
            self.pop_to(cast("Screen[Any]", game))
            return game
        from tui.games import refusal

        refused = refusal(self.store, game_id)
        if refused is not None:
            self.notify(refused, severity="error", timeout=10, markup=False)
            return None
        try:
            match = service.resume(self.store, game_id, me=self.me)
        except service.Unavailable as exc:
            self._cannot_open(exc)
            return None
        return self.show_match(match)

    def pop_to(self, screen: Screen[Any]) -> None:
        while self.screen is not screen and len(self.screen_stack) > 1:
            self.pop_screen()

    def action_load_game(self) -> None:
        if not self.files_allowed:
            # No dialog reads the server's disk: games come from the store.
            self.action_list_games()
            return

        def chosen(loaded: LoadedGame | None) -> None:
            if loaded is not None:
                self.open_loaded(loaded)

        from tui.screens.files import LoadScreen

        self.push_screen(LoadScreen(), chosen)

    def open_loaded(self, loaded: LoadedGame) -> PlayScreen | None:
        """Show a game read from a file, standing where it was saved; it is
        kept in the store from then on as a game of its own."""
        from match import service
        from match.clean import clean_name
        from match.seats import Seat

        save = loaded.save
        seats = tuple(
            Seat(name=clean_name(name, _("Player {number}").format(number=index + 1)), kind=kind)
            for index, (name, kind) in enumerate(zip(save.names, save.players, strict=True))
        )
        opened = service.bring_in(loaded, seats, store=self.store, me=self.me)
        self._say_not_kept(opened.not_kept)
        return self.show_match(opened.match)

    def action_help(self) -> None:
        try:
            from tui.screens.help import HelpScreen
            from tui.screens.rules_choice import RulesChoice
        except ImportError:
            self.notify(_("Help is not available."), severity="error")
            return
        if isinstance(self.screen, HelpScreen | RulesChoice):
            return
        # A screen that is not a game's (the lobby, the game log) has help of
        # its own, with the rules one step down its list.
        own_help = getattr(self.screen, "own_help", None)
        if callable(own_help):
            self.push_screen(own_help())
            return
        game = self.game_screen
        from tui.games import playable

        if game is None and len(playable()) > 1:
            self.push_screen(RulesChoice(playable()), self._rules_chosen)
            return
        here = game is not None and self.screen is cast("Screen[Any]", game)
        self.push_screen(HelpScreen.of_game(game, here=here))

    def action_rules(self) -> None:
        """The rules of a game, chosen first where there are several (the
        lobby's r: its own help follows the first game's rules)."""
        from tui.games import playable
        from tui.screens.rules_choice import RulesChoice

        kinds = playable()
        if isinstance(self.screen, RulesChoice) or not kinds:
            return
        if len(kinds) > 1:
            self.push_screen(RulesChoice(kinds), self._rules_chosen)
        else:
            self._rules_chosen(kinds[0])

    def _rules_chosen(self, kind: str | None) -> None:
        from tui.games import screens
        from tui.screens.help import HelpScreen

        shown = None if kind is None else screens(kind)
        if shown is not None:
            self.push_screen(HelpScreen(topics=shown.help_topics))

    def action_command_palette(self) -> None:
        if not self.use_command_palette or isinstance(self.screen, CommandPalette):
            return
        if self.ascii:
            self.push_screen(AsciiCommandPalette())
        else:
            # Textual's own palette, asking in the player's language.
            palette = CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            self.push_screen(palette)

    def action_show_help_panel(self) -> None:
        # The palette's "Keys": Textual's panel, with the keys in the player's words.
        from textual.css.query import NoMatches
        from textual.widgets import HelpPanel

        from tui.widgets.keys_panel import KeysPanel

        try:
            self.screen.query_one(HelpPanel)
        except NoMatches:
            self.screen.mount(KeysPanel())

    def get_key_display(self, binding: Binding) -> str:
        # Textual's own symbols for keys (the Enter and arrow keys) are not ASCII.
        shown = super().get_key_display(binding)
        if self.ascii and not shown.isascii():
            return binding.key.capitalize()
        return shown

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from tui.app_commands import system_commands

        yield from system_commands(self, screen, super().get_system_commands(screen))

    def action_help_quit(self) -> None:
        """ctrl+c (which never quits): say how to quit, in the player's language, once."""
        if "q" in self.active_bindings:  # every screen's way out (quit, leave, close)
            self.clear_notifications()  # a key pressed again and again says it once
            self.notify(_("ctrl+c does not quit: press q."))
