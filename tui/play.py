"""What the app shell and the lobby call on a game's screens, whatever the game.

The shell never imports a game's screen classes (see :mod:`tui.games`):
these Protocols are all it knows of them, and each game's screens meet them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.app import SystemCommand
    from textual.screen import Screen

    from match.history import History
    from match.match import Match
    from tui.files import GameForm


@runtime_checkable
class PlayScreen(Protocol):
    """A game being played on screen: the app finds it on the screen stack
    by these members, and its commands (save, log, points) reach it here."""

    match: Match

    def help_topic(self) -> str | None: ...

    def set_ascii(self, ascii: bool) -> None: ...

    def set_guide(self, on: bool) -> None: ...

    def cancel_preview(self, words: str = "") -> None: ...

    def refresh_bindings(self) -> None: ...

    def action_save(self, default: str | None = None, replacing: str | None = None) -> None: ...

    def action_log(self) -> None: ...

    def action_details(self) -> None: ...


class NewGameAnswer(Protocol):
    """What a game's new-game form answers: who plays, and the form to keep."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def kinds(self) -> tuple[str, ...]: ...

    @property
    def hints(self) -> bool: ...

    def form(self) -> GameForm: ...


class HelpBook(Protocol):
    """A game's help text, topic by topic. ``context`` is what the game in
    progress tells the help (what of its set-up the topics show first), or None."""

    @property
    def TOPIC_IDS(self) -> tuple[str, ...]: ...

    def topic_title(self, topic: str, /) -> str: ...

    def topic_markdown(self, topic: str, context: Any = None, /) -> str: ...

    def search_topics(self, query: str, context: Any = None, /) -> list[str]: ...


class GameScreens(Protocol):
    """One game's screens, as its package in ``tui/`` provides them (a module
    named in :data:`tui.games.SCREENS`)."""

    @property
    def help_topics(self) -> HelpBook: ...

    def game_screen(self, match: Match, *, ascii: bool, guide: bool, lobby: bool) -> PlayScreen:
        """The screen that plays ``match``; ``lobby``: q goes back to the lobby."""
        ...

    def new_game_screen(self, last: NewGameAnswer | None, form: GameForm) -> Screen[Any]:
        """The new-game form, filled as this session (``last``) or the settings left it."""
        ...

    def setup_for(self, answer: Any, seed: int | None = None) -> Any:
        """A concrete set-up from the form's answer; raises
        :class:`match.service.Unavailable` for what the game refuses."""
        ...

    def log_screen(
        self, history: History, names: tuple[str, ...], *, ascii: bool, export: bool
    ) -> Screen[Any]:
        """The game log with its replay viewer."""
        ...

    def help_context(self, match: Match) -> Any:
        """What the help needs to know of ``match`` (see :class:`HelpBook`)."""
        ...

    def commands(self, app: Any, screen: Screen[Any] | None) -> Iterable[SystemCommand]:
        """The game's own command palette entries (its settings); ``screen`` is
        its game screen when one is on show, else None."""
        ...

    def table_setup(self, setup: bytes) -> tuple[str, int | None]:
        """What a lobby shows of a stored set-up and who starts; "?" and None
        if the text does not read as one (it is a store's text: never trusted)."""
        ...
