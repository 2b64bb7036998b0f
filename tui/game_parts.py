"""What every game's screen does the same way, whatever the game.

A named save, keeping the game when the store fails, the table's requests
(a takeback, a rematch), leaving and going back to the lobby do not depend
on a game's pieces, so each game's screen
(``tui/<kind>/screens/game.py``) calls these rather than keeping a copy of
its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tui.i18n import _, ngettext, tr, tr_error

# Seconds between tries to keep a game the store did not take.
RETRY_SECONDS = 5.0

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from match.events import Event, TakebackAsked
    from match.match import Match


def files_allowed(app: App[Any]) -> bool:
    """Whether this app may write files (over SSH they would land on the
    server's disk, where the player names)."""
    return bool(getattr(app, "files_allowed", True))


def ask_to_save(
    screen: Screen[Any],
    match: Match,
    *,
    names: tuple[str, ...],
    kinds: tuple[str, ...],
    ascii: bool,
    default: str,
    replacing: str | None = None,
) -> None:
    """Ask for a name and save the game; a name in use is replaced only once
    the player confirms it (asked again with ``replacing``)."""
    from match import saves
    from match.store import StoreError
    from tui.screens.files import PromptScreen

    if not files_allowed(screen.app):
        screen.notify(_("Every game is kept here as it is played: come back from the lobby."))
        return
    # The game is in the store already: its save must not come back as another game.
    store, game_id = match.store, match.game_id
    kept_in = (store, game_id) if store is not None and game_id is not None else None

    def chosen(name: str | None) -> None:
        if not name:
            return
        try:
            path = saves.save_game_as(
                name,
                match.history,
                names=names,
                players=kinds,
                ascii=ascii,
                replace=name == replacing,
                kept_in=kept_in,
            )
        except (saves.StorageError, StoreError) as exc:
            screen.notify(tr_error(exc), severity="error", timeout=10, markup=False)
            return
        if path is None:  # taken: ask again
            ask_to_save(
                screen, match, names=names, kinds=kinds, ascii=ascii, default=name, replacing=name
            )
        else:
            screen.notify(_("Saved as {name}.").format(name=path.stem), markup=False)

    if replacing is None:
        title = _("Save this game as")
    else:
        title = _("A save named “{name}” exists: Enter replaces it, or change the name").format(
            name=replacing
        )
    screen.app.push_screen(PromptScreen(title, default), chosen)


def on_screen(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is still on its app's stack. A report from the
    match (a computer move on its way as the player left) must not reach a
    screen that is going or gone: its widgets are, and updating them raised
    in the computer's thread."""
    return screen in screen.app.screen_stack


def retry_store(screen: Screen[Any], match: Match, poll_seconds: float) -> None:
    """Keep what is not kept yet, if the store works again: call it every few
    seconds and after each move, while something is not kept.

    A match whose store refused a write tries it again; a match that never
    had one (the store could not be opened) asks the app to open it again,
    and is then kept there whole, and followed like any kept game.
    """
    if match.store is not None:
        if match.unsaved:
            match.retry()
        return
    if match.store_problem is None:
        return  # a game never meant to be kept
    retry = getattr(screen.app, "retry_store", None)
    store = retry() if retry is not None else None
    if store is None:
        return
    match.keep_in(store)
    screen.set_interval(poll_seconds, match.poll, name="store")


def leave(screen: Screen[Any], match: Match, end_visit: Callable[[], None]) -> None:
    """Leave the game (q, or Quit on the game-over dialog) by ``end_visit``,
    asking first if steps could not be written to the store: leaving then
    loses them."""
    if not match.unsaved:
        end_visit()
        return
    from tui.screens.files import ConfirmScreen

    def answered(yes: bool | None) -> None:
        if yes:
            end_visit()

    question = ngettext(
        "{count} step could not be written to the game store ({problem}). Quit anyway and lose it?",
        "{count} steps could not be written to the game store ({problem}). "
        "Quit anyway and lose them?",
        match.unsaved,
    ).format(count=match.unsaved, problem=tr(match.store_problem or ""))
    screen.app.push_screen(ConfirmScreen(question), answered)


def back_to_lobby(app: App[Any]) -> None:
    """Leave a game opened from the lobby: the game stays in the store, and
    the lobby lists it to come back to."""
    while len(app.screen_stack) > 1:
        app.pop_screen()


def rematch(screen: Screen[Any], match: Match) -> None:
    """Set up the rematch of ``match``, or take the seat kept at it, and show it.

    The other players are told by their own terminals (match.follow), and
    find the new game in their lobby's list of their games.
    """
    from match import service

    store = match.store
    show = getattr(screen.app, "show_match", None)
    if store is None or show is None:
        return
    try:
        again = service.rematch(store, match)
    except service.Unavailable as exc:
        screen.notify(tr_error(exc), severity="error", timeout=10, markup=False)
        return
    shown = show(again)
    if shown is not None and again.awaiting:
        # Set up here: who it waits for, and where they take their seat.
        others = ", ".join(again.seats[index].name for index in sorted(again.awaiting))
        told = _("Rematch: {names} can take their seat from the game over or the lobby.")
        screen.app.notify(told.format(names=others), timeout=10, markup=False)


class TableRequests:
    """The match's reports that every game's screen shows alike: a notice, a
    rematch offered, and another player's takeback request, which is asked
    here once however often the match reports it."""

    def __init__(
        self,
        screen: Screen[Any],
        match: Match,
        name_of: Callable[[int], str],
        say: Callable[[str], None],
    ) -> None:
        self._screen, self._match, self._name_of, self._say = screen, match, name_of, say
        self._asked: TakebackAsked | None = None

    def moved_on(self) -> None:
        """The game moved (or was rewound): a question still open is moot."""
        self._asked = None

    def show(self, event: Event) -> None:
        """Show ``event`` if it is one of these; other events are the game's own."""
        from match.events import Notice, RematchOffered, TakebackAsked

        screen = self._screen
        if isinstance(event, Notice):
            screen.notify(
                tr(event.message),
                severity="error" if event.error else "information",
                timeout=10 if event.error else 5,
                markup=False,
            )
            if event.line:
                self._say(tr(event.message))
        elif isinstance(event, TakebackAsked):
            self._ask(event)
        elif isinstance(event, RematchOffered):
            screen.notify(tr(event.message), timeout=10, markup=False)
            self._say(tr(event.message))

    def _ask(self, event: TakebackAsked) -> None:
        if self._asked == event:
            return
        self._asked = event
        from tui.screens.files import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if self._asked == event:
                self._asked = None
                self._say(tr(self._match.answer_takeback(bool(yes))))

        question = _("{name} asks to take back their last move. Allow it?")
        self._screen.app.push_screen(
            ConfirmScreen(question.format(name=self._name_of(event.seat))), answered
        )
