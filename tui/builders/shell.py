"""Builders of Egypt's screens as the app shell and the lobby reach them (see
:mod:`tui.games` and the Protocols of :mod:`tui.play`).

Imported only when a Builders game is opened, set up or looked up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui.builders.help import topics as help_topics
from tui.builders.screens.game import GameScreen
from tui.builders.screens.log import LogScreen
from tui.game_parts import back_to_lobby
from tui.i18n import N_, _

if TYPE_CHECKING:
    from engine.builders import Setup
    from match.history import History
    from match.match import Match
    from tui.files import GameForm
    from tui.screens.new_game import TableAnswer, TableFormScreen

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


def commands(app: Any, screen: Screen[Any] | None) -> Iterable[SystemCommand]:
    """Builders' own palette entries: none yet (its settings are the app's)."""
    return ()


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


def new_game_screen(last: TableAnswer | None, form: GameForm) -> TableFormScreen:
    """The form built from the game's table options, each seat shown by its stone."""
    from tui.builders.glyphs import ASCII, UNICODE, stone
    from tui.screens.new_game import TableAnswer, TableFormScreen

    def mark(seat: int, ascii: bool) -> Text:
        return stone(seat, ASCII if ascii else UNICODE)

    return TableFormScreen(last or TableAnswer.from_form(form, "builders"), marks=mark)


def setup_for(
    options: Mapping[str, str] | Any, seed: int | None = None, *, seats: int = 2
) -> Setup:
    """A concrete set-up from the table's options ("variant", "seed"), dealt
    by the game's rules. A form's answer may give them as ``table``, its seat
    count as ``seats`` and its seed as ``seed``. Raises
    :class:`match.service.Unavailable`."""
    from match import service

    table = dict(options if isinstance(options, Mapping) else getattr(options, "table", {}))
    seats = int(getattr(options, "seats", seats))
    if seed is None:
        seed = getattr(options, "seed", None)
    if seed is not None:
        table["seed"] = str(seed)
    setup: Setup = service.deal("builders", table, seats=seats)
    return setup


def log_screen(history: History, names: tuple[str, ...], *, ascii: bool, export: bool) -> LogScreen:
    return LogScreen(history, names, ascii=ascii, export=export)


def help_context(match: Match) -> None:
    """Builders' help has no per-game context: only the A sides are played."""
    return None


def table_setup(setup: bytes) -> tuple[str, int | None]:
    """A table's game, seats and Wrath ("Builders, 3 players, Wrath") and who
    starts, or "?" if unreadable."""
    from engine.builders.game import BUILDERS
    from engine.game import RecordError

    try:
        dealt = BUILDERS.decode_setup(setup)
    except RecordError:
        return "?", None
    # TRANSLATORS: an open table's set-up in the lobby: Builders of Egypt's short name.
    words = _("Builders, {players} players").format(players=dealt.players)
    if dealt.variant:
        # TRANSLATORS: added to a table's set-up when it plays Wrath of the Pharaoh.
        words = _("{setup}, Wrath").format(setup=words)
    return words, dealt.starter
