"""What every game's help says of playing at a table: the chat's key, and a
topic on talking there, seeing who is here and muting someone.

No Textual here: the games' help books are plain text, and they read these.
"""

from __future__ import annotations

from typing import Final

from match.store import MAX_CHAT
from match.store.chat import RATE_LIMITS
from tui.i18n import N_, _, ngettext

# The key that opens the chat on a game's screen: bound by neither game's board.
CHAT_KEY: Final = "slash"
CHAT_KEY_LABEL: Final = "/"
# What the help's key lists say of it.
CHAT_KEY_WORDS: Final = N_(
    "talk at the table: the last lines said, who is here, a line to type"
    " (only at a table shared with other terminals)"
)
TABLE_TOPIC_TITLE: Final = N_("At a table")
TABLE_TOPIC_KEYWORDS: Final = N_("chat talk watchers watching mute who is here")


def table_markdown() -> str:
    """The help topic on a table shared with other terminals."""
    burst, seconds = RATE_LIMITS[0]
    paragraphs = (
        "# " + _(TABLE_TOPIC_TITLE),
        _(
            "A table is a game played from several terminals: hosted and joined with "
            "a code, or picked in the lobby of a server. Everyone at it sees the same "
            "board, and people who only look on may come and go."
        ),
        "## " + _("Talking"),
        _(
            "Press {key} to open the chat. It shows the last lines said at the table, "
            "who is here, and a line to type: Enter says it, Esc closes the chat and "
            "leaves the board as it was. While the chat is closed, a new line shows "
            "on the message line under the board."
        ).format(key=CHAT_KEY_LABEL),
        ngettext(
            "A line holds at most {limit} character, and a player may say {count} "
            "lines in {seconds} seconds at most.",
            "A line holds at most {limit} characters, and a player may say {count} "
            "lines in {seconds} seconds at most.",
            MAX_CHAT,
        ).format(limit=MAX_CHAT, count=burst, seconds=round(seconds)),
        _(
            "Talking is not a move: it never changes the game, and a move is never "
            "refused because someone was typing."
        ),
        "## " + _("Who is here"),
        _(
            "The chat lists the players, each one playing or away, and the people "
            "watching. When someone starts or stops watching, the message line says so."
        ),
        "## " + _("Muting"),
        _(
            "Press Tab to go to the list, choose a person and press Enter: you no "
            "longer see what they say, at this table or any other. Enter on them "
            "again hears them once more. The others are not told."
        ),
        _("At a game at one keyboard everyone sees the same screen, so there is no chat there."),
    )
    return "\n\n".join(paragraphs) + "\n"


__all__ = [
    "CHAT_KEY",
    "CHAT_KEY_LABEL",
    "CHAT_KEY_WORDS",
    "TABLE_TOPIC_KEYWORDS",
    "TABLE_TOPIC_TITLE",
    "table_markdown",
]
