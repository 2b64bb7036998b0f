"""The lobby's help: its lists, its keys, hosting, joining and watching.

The lobby's ``?`` opened the rules, which say nothing of the lobby; this
topic comes first, and the rules of the product's first game follow it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.i18n import N_, _
from tui.screens.screen_help import ScreenHelp, screen_keys

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.screens.help import HelpScreen

TITLE = N_("The lobby")
PARAGRAPHS = (
    N_("The lobby shows the games of everyone here, in four lists:"),
    N_(
        "- **Your games**: the games you have a seat at. Enter goes back to one.\n"
        "- **Open tables**: tables waiting for players. Enter takes a free seat.\n"
        "- **Being played**: the games of others. Enter or w watches one: you see "
        "every move as it is played, and play none.\n"
        "- **Finished**: games that have ended. Enter replays one, move by move."
    ),
    N_(
        "The arrows move through every row, from the end of one list into the "
        "next; Tab jumps to the next list."
    ),
    N_(
        "**Hosting.** h opens a table: say who it is for (anyone, or one player "
        "by name), then the game and its options. It waits under Open tables "
        "until the seats are taken, and the game shows its code, which a friend "
        "can give to j to join it."
    ),
    N_("**Playing the computer.** c starts a game against the computer at the level you choose."),
    N_(
        "**Your turn.** When it becomes your turn in one of your games while you are "
        "here or in another game, a line says so and the terminal rings (and shows a "
        "notification, where it can). On arrival, the lobby says in how many games it "
        "is your turn, and for how long the longest has waited."
    ),
    N_(
        "**Ratings.** Every finished game between people moves your rating in that "
        "game and your record of wins, losses and ties; games against the computer "
        "and games at one keyboard do not count. The line under your name shows "
        "them, and p opens your page."
    ),
)
# The topics after this one are a game's rules.
RULES = N_("The topics below this one are the rules of {game}. In a game, ? opens its own help.")
# ... and where the lobby offers several games, r shows each one's.
OTHER_RULES = N_(
    "The topics below this one are the rules of {game}. For the rules of "
    "another game ({others}), press r in the lobby. In a game, ? opens its own help."
)


def lobby_help(screen: Screen[Any]) -> HelpScreen:
    """The lobby's help, opened on the lobby, the first game's rules after it."""
    from engine.games import DEFAULT_KIND
    from tui.games import playable, screens, title
    from tui.screens.help import HelpScreen

    game = screens(DEFAULT_KIND)
    assert game is not None, "the default game always has screens"

    def paragraphs() -> list[str]:
        # Translated here, when shown: the rules' sentence names the games.
        others = ", ".join(title(kind) for kind in playable() if kind != DEFAULT_KIND)
        rules = _(OTHER_RULES if others else RULES)
        return [*PARAGRAPHS, rules.format(game=title(DEFAULT_KIND), others=others)]

    topics = ScreenHelp("lobby", TITLE, paragraphs, screen_keys(screen), game.help_topics)
    return HelpScreen("lobby", topics=topics)


__all__ = ["OTHER_RULES", "PARAGRAPHS", "RULES", "TITLE", "lobby_help"]
