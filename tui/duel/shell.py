"""The Duel's screens as the app shell and the lobby reach them (see
:mod:`tui.games` and the Protocols of :mod:`tui.play`).

Imported only when a Duel is opened, set up or looked up: the screens it
names load the board's widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType

from tui.duel.help import topics as help_topics
from tui.duel.screens.game import GameScreen
from tui.duel.screens.log import LogScreen
from tui.duel.screens.new_game import GameOptions, NewGameScreen
from tui.duel.settings import commands
from tui.game_parts import back_to_lobby
from tui.i18n import N_

if TYPE_CHECKING:
    from engine.duel import Setup
    from engine.duel.state import Sides
    from match.history import History
    from match.match import Match
    from tui.files import GameForm

__all__ = [
    "LobbyGameScreen",
    "commands",
    "game_screen",
    "help_context",
    "help_topics",
    "log_screen",
    "new_game_screen",
    "setup_for",
    "table_setup",
]


class LobbyGameScreen(GameScreen):
    """A game opened from the lobby: q goes back to the lobby, not out of the app."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", N_("Lobby"))]
    from_lobby: ClassVar[bool] = True

    def end_visit(self) -> None:
        back_to_lobby(self.app)


def game_screen(match: Match, *, ascii: bool, guide: bool, lobby: bool) -> GameScreen:
    screen = LobbyGameScreen(match, ascii=ascii) if lobby else GameScreen(match, ascii=ascii)
    screen.guide = guide
    return screen


def new_game_screen(last: GameOptions | None, form: GameForm) -> NewGameScreen:
    return NewGameScreen(last or GameOptions.from_form(form))


def setup_for(options: GameOptions, seed: int | None = None) -> Setup:
    """A concrete set-up, dealt once by the game's rules (the seed and who
    starts are drawn there when the form leaves them open).

    Raises :class:`match.service.Unavailable` for options the game refuses.
    """
    from match import service

    table = {"sides": options.sides, "rules": options.rules}
    if seed is None:
        seed = options.seed
    if seed is not None:
        table["seed"] = str(seed)
    # The form keeps the starter last chosen under the classic rules; under
    # the online rules it offers none, and the game draws who starts.
    if options.starter is not None and options.rules != "online":
        table["starter"] = str(options.starter)
    setup: Setup = service.deal("duel", table)
    return setup


def log_screen(history: History, names: tuple[str, ...], *, ascii: bool, export: bool) -> LogScreen:
    return LogScreen(history, (names[0], names[1]), ascii=ascii, export=export)


def help_context(match: Match) -> Sides:
    """The monument sides in play: the help shows those sides first."""
    sides: Sides = match.state.sides
    return sides


def table_setup(setup: bytes) -> tuple[str, int | None]:
    """A table's monument sides ("A A B A") and who starts, or "?" if unreadable."""
    from engine.duel.game import DUEL
    from engine.game import RecordError

    try:
        # The engine checks the whole set-up as it reads it (sides, starter),
        # so what the list draws of it is never the store's raw text.
        dealt = DUEL.decode_setup(setup)
    except RecordError:
        return "?", None
    return " ".join(dealt.sides), dealt.starter
