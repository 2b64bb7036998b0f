"""The Duel's own settings and command palette entries.

The app keeps each game's settings under the game's kind
(:attr:`tui.files.Settings.games`) and asks the game on screen for its
palette entries (``GameScreens.commands``); what they are is the Duel's to
say, here.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand

from tui.i18n import _

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.files import Settings

KIND = "duel"
# An unload is shown first and made only once confirmed (off for experienced players).
PREVIEW_UNLOADS = "preview_unloads"


def previews_wanted(settings: Settings | None) -> bool:
    """Whether an unload is shown before it is made (on unless switched off)."""
    if settings is None:
        return True
    return bool(settings.games.get(KIND, {}).get(PREVIEW_UNLOADS, True))


def toggle_previews(app: Any) -> None:
    """Switch unload previews on or off, for this game and the next start."""
    show = not previews_wanted(app.settings)
    app.remember_game_setting(KIND, PREVIEW_UNLOADS, show)
    game = app.game_screen
    if game is not None and getattr(game.match.rules, "kind", None) == KIND:
        game.cancel_preview()
    app.notify(
        _("An unload is now shown first: Enter or its key again makes it.")
        if show
        else _("Unloads are now made at once, without a preview.")
    )


def commands(app: Any, screen: Screen[Any] | None) -> Iterable[SystemCommand]:
    """The Duel's entries of the command palette; ``screen`` is the Duel's
    game screen when one is on show (else None)."""
    yield SystemCommand(
        _("Unload preview: switch off")
        if previews_wanted(app.settings)
        else _("Unload preview: switch on"),
        _("Show who takes what before an unload is made; Enter confirms, Esc cancels"),
        partial(toggle_previews, app),
    )
    if screen is not None:
        yield SystemCommand(
            _("How did I get these points?"),
            _("Each monument's points"),
            screen.action_details,  # type: ignore[attr-defined]
        )
