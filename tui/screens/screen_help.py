"""Help on the screen in front, with a game's rules one step down the list.

The lobby and the game log are not a game's screen, so the game's help opened
on its rules, and nothing said what the screen's own lists and keys do. Their
help opens on a topic of their own: a few sentences on what the screen shows,
and its keys, read from the screen's bindings so that the list cannot drift
from the keys the screen has. The game's topics follow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import Screen

from tui.i18n import N_, _
from tui.widgets.keybar import key_description

if TYPE_CHECKING:
    from tui.play import HelpBook
    from tui.screens.help import HelpScreen


def screen_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys ``screen`` binds that do something now, as (keys, what they do),
    each in the current language: those left off the key bar too."""
    found: list[tuple[str, str]] = []
    for binding in screen.BINDINGS:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        action = binding.action.split("(")[0]
        if screen.check_action(action, ()) is False:
            continue
        keys = " / ".join(
            screen.app.get_key_display(Binding(key.strip(), binding.action))
            for key in binding.key.split(",")
        )
        # The bar's words may be cut short for room; the help has the room.
        described = _(binding.tooltip) if binding.tooltip else key_description(screen, binding)
        found.append((keys, described))
    return found


class ScreenHelp:
    """A help book (:class:`tui.play.HelpBook`) that puts one topic about a
    screen before the topics of ``book``.

    ``title`` and ``paragraphs`` are catalog entries (marked with ``N_``),
    translated each time they are shown, so that the help follows a change
    of language; ``paragraphs`` may also be a function giving the text.
    """

    def __init__(
        self,
        topic: str,
        title: str,
        paragraphs: Sequence[str] | Callable[[], Sequence[str]],
        keys: Sequence[tuple[str, str]],
        book: HelpBook,
    ) -> None:
        self.topic = topic
        self.title = title
        self.paragraphs = paragraphs
        self.keys = tuple(keys)
        self.book = book

    @property
    def TOPIC_IDS(self) -> tuple[str, ...]:
        return (self.topic, *(topic for topic in self.book.TOPIC_IDS if topic != self.topic))

    @property
    def keys_topic(self) -> str:
        """The topic that lists the keys (? inside the help shows it)."""
        return self.topic

    def topic_title(self, topic: str, /) -> str:
        if topic == self.topic:
            return _(self.title)
        return self.book.topic_title(topic)

    def topic_markdown(self, topic: str, context: Any = None, /) -> str:
        if topic != self.topic:
            return self.book.topic_markdown(topic, context)
        paragraphs = self.paragraphs() if callable(self.paragraphs) else self.paragraphs
        parts = [f"# {_(self.title)}", *(_(paragraph) for paragraph in paragraphs)]
        if self.keys:
            parts.append(f"## {_('Keys')}")
            parts.append("\n".join(f"- `{keys}`: {words}" for keys, words in self.keys))
        return "\n\n".join(parts)

    def search_topics(self, query: str, context: Any = None, /) -> list[str]:
        found = [topic for topic in self.book.search_topics(query, context) if topic != self.topic]
        words = query.strip().casefold()
        if not words or words in self.topic_markdown(self.topic).casefold():
            found.insert(0, self.topic)
        return found


# The game log with its replay viewer, the same for every game.
LOG_TITLE = N_("The game log")
LOG_PARAGRAPHS = (
    N_(
        "The log lists every move of the game, the set-up first. Move through it "
        "with the arrows, Page Up and Page Down: the board beside the list shows "
        "the game as it stood after the move chosen, the line above it the "
        "scores then, and the line below the move in words."
    ),
    N_(
        "Looking back changes nothing: the game goes on from where it stands "
        "when you leave the log."
    ),
)


def log_help(screen: Screen[Any], book: HelpBook) -> HelpScreen:
    """The help of the game log ``screen``, with ``book``'s topics after it."""
    from tui.screens.help import HelpScreen

    topics = ScreenHelp("log", LOG_TITLE, LOG_PARAGRAPHS, screen_keys(screen), book)
    return HelpScreen("log", topics=topics)


__all__ = ["LOG_PARAGRAPHS", "LOG_TITLE", "ScreenHelp", "log_help", "screen_keys"]
