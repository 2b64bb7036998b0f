"""The rules help: a topic list beside the chosen topic's text.

Pushed over the game screen; Esc or q closes it. The text comes from
the game's help topics (for the Duel, :mod:`tui.duel.help.topics`, found
through :mod:`tui.games`), so this module only lays it out and lets the
player move around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from tui.ascii_widgets import AsciiChanged
from tui.i18n import N_, _, current_language
from tui.paths import style_path
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from tui.play import HelpBook, PlayScreen

# List bullets for terminals without the Unicode ones (the app's ASCII mode).
ASCII_BULLETS = ("- ", "* ", "+ ")


# Left and right move between the topic list and the text. Textual's lists and
# scrolling panes take both keys for sideways scrolling, which neither pane
# needs (the text is never wider than its pane), so each pane binds them
# itself; the key bar then names the way to both.
_PANE_KEYS: list[BindingType] = [
    Binding("left", "screen.focus_topics", N_("Topics")),
    Binding("right", "screen.focus_text", N_("Text")),
]


class HelpTopics(OptionList):
    """The topic list."""

    BINDINGS: ClassVar[list[BindingType]] = _PANE_KEYS


class HelpText(VerticalScroll):
    """The topic's text."""

    BINDINGS: ClassVar[list[BindingType]] = _PANE_KEYS


class HelpSearch(Input):
    """The search box; down goes on into the topics it found."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "screen.focus_topics", N_("Topics")),
    ]


def _default_topics() -> HelpBook:
    """The help of the product's first game, for a help opened outside any game."""
    from engine.games import DEFAULT_KIND
    from tui.games import screens

    game = screens(DEFAULT_KIND)
    assert game is not None, "the default game always has screens"
    return game.help_topics


class HelpScreen(Screen[None]):
    """Rules help, opened on ``topic`` (the first topic if None or unknown).

    ``context`` is what the game in progress tells its help (see
    :class:`tui.play.HelpBook`), so that topics show what is in play first.
    """

    CSS_PATH = style_path("help.tcss")

    # Below 60 columns the topic list gives its room to the text.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]  # noqa: RUF012 (Textual's API)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Close")),
        Binding("q", "close", N_("Close"), show=False),
        Binding("slash", "search", N_("Search")),
        # Wherever the focus is, these page through the text: the topic list
        # is short enough for the arrows.
        Binding("pageup", "page_text(-1)", N_("Page up"), show=False, priority=True),
        Binding("pagedown", "page_text(1)", N_("Page down"), show=False, priority=True),
        # Help inside the help shows its keys rather than stacking a second help.
        Binding("question_mark,f1", "show_keys", N_("Keys"), show=False),
    ]

    def __init__(
        self, topic: str | None = None, context: Any = None, topics: HelpBook | None = None
    ) -> None:
        super().__init__()
        if topics is None:
            topics = _default_topics()
        self.topics = topics
        self.context = context
        # An unknown topic (a caller out of step with the topic list) must not
        # cost the player their help: show the first topic instead.
        ids = topics.TOPIC_IDS
        self.topic: str = topic if topic in ids else ids[0]
        # The language the list and text were drawn in (see on_screen_resume).
        self.drawn_language = current_language()

    @classmethod
    def of_game(cls, game: PlayScreen | None, *, here: bool) -> HelpScreen:
        """The help of ``game``'s game (the default game's without one), opened
        on what the player is doing if ``here``, the game's screen, is in front."""
        from tui.games import screens

        kind = None if game is None else game.match.rules.kind
        shown = None if kind is None else screens(kind)
        if game is None or shown is None:
            return cls()
        topic = game.help_topic() if here else None
        return cls(topic, shown.help_context(game.match), shown.help_topics)

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-body"):
            with Vertical(id="help-side"):
                yield HelpSearch(placeholder=_("/ to search"), id="help-search", compact=True)
                # Under the search box, where the eye is: the query is shown
                # as typed, so a "[" in it is not markup.
                yield Static("", id="help-empty", markup=False)
                yield HelpTopics(*self._options(self.topics.TOPIC_IDS), id="help-topics")
            with HelpText(id="help-text"):
                markdown = Markdown(
                    self.topics.topic_markdown(self.topic, self.context), id="help-markdown"
                )
                if self.app.has_class("ascii"):
                    markdown.BULLETS = list(ASCII_BULLETS)
                yield markdown
        yield KeyBar()

    async def on_ascii_changed(self, message: AsciiChanged) -> None:
        markdown = self.query_one("#help-markdown", Markdown)
        if message.ascii:
            markdown.BULLETS = list(ASCII_BULLETS)
        else:
            vars(markdown).pop("BULLETS", None)  # Textual's own again
        await markdown.update(markdown.source)

    def on_mount(self) -> None:
        topics = self.query_one("#help-topics", OptionList)
        topics.highlighted = self.topics.TOPIC_IDS.index(self.topic)
        topics.focus()

    async def on_screen_resume(self) -> None:
        # The language can change from the command palette, opened over this
        # screen; when it closes, draw the topics again in the new language.
        if self.drawn_language != current_language():
            await self.redraw_language()

    async def redraw_language(self) -> None:
        """Show the search hint, the topic list and the text in the current language."""
        self.drawn_language = current_language()
        search = self.query_one("#help-search", Input)
        search.placeholder = _("/ to search")
        topics = self.query_one("#help-topics", OptionList)
        found = self.topics.search_topics(search.value, self.context)
        if self.topic not in found:
            # The query was typed in the old language: start the search afresh.
            search.value = ""
            found = list(self.topics.TOPIC_IDS)
        topics.set_options(self._options(found))
        topics.highlighted = found.index(self.topic)
        await self.query_one("#help-markdown", Markdown).update(
            self.topics.topic_markdown(self.topic, self.context)
        )
        self.refresh_bindings()

    def _options(self, ids: list[str] | tuple[str, ...]) -> list[Option]:
        return [Option(self.topics.topic_title(i), id=i) for i in ids]

    @property
    def markdown_source(self) -> str:
        """The Markdown on show (for tests and tools)."""
        return self.query_one("#help-markdown", Markdown).source

    @property
    def listed_topics(self) -> list[str]:
        """Ids of the topics the list shows now, after any search."""
        topics = self.query_one("#help-topics", OptionList)
        return [o.id for o in topics.options if o.id is not None]

    async def show_topic(self, topic: str) -> None:
        """Show ``topic``'s text from its top."""
        if topic == self.topic and self.markdown_source:
            return
        self.topic = topic
        await self.query_one("#help-markdown", Markdown).update(
            self.topics.topic_markdown(topic, self.context)
        )
        self.query_one("#help-text", VerticalScroll).scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#help-topics")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Moving through the list shows each topic at once: browsing needs no Enter.
        if event.option_id is not None:
            await self.show_topic(event.option_id)

    @on(OptionList.OptionSelected, "#help-topics")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_focus_text()

    @on(Input.Changed, "#help-search")
    async def _search(self, event: Input.Changed) -> None:
        found = self.topics.search_topics(event.value, self.context)
        topics = self.query_one("#help-topics", OptionList)
        topics.set_options(self._options(found))
        self.query_one("#help-empty", Static).update(
            "" if found else _('No topic mentions "{query}".').format(query=event.value.strip())
        )
        self.set_class(not found, "-no-match")
        if found:
            # The best match is first (see search_topics): show it.
            topics.highlighted = 0
            await self.show_topic(found[0])

    @on(Input.Submitted, "#help-search")
    def _search_done(self, event: Input.Submitted) -> None:
        self.query_one("#help-topics", OptionList).focus()

    async def action_show_keys(self) -> None:
        search = self.query_one("#help-search", Input)
        if search.value:
            search.value = ""
        topics = self.query_one("#help-topics", OptionList)
        topics.set_options(self._options(self.topics.TOPIC_IDS))
        self.set_class(False, "-no-match")
        ids = self.topics.TOPIC_IDS
        # A screen's own help lists its keys in a topic of its own.
        keys = getattr(self.topics, "keys_topic", "controls")
        keys = keys if keys in ids else ids[0]
        topics.highlighted = ids.index(keys)
        topics.focus()
        await self.show_topic(keys)

    def action_close(self) -> None:
        self.dismiss()

    def action_search(self) -> None:
        self.query_one("#help-search", Input).focus()

    def action_focus_topics(self) -> None:
        self.query_one("#help-topics", OptionList).focus()

    def action_focus_text(self) -> None:
        self.query_one("#help-text", VerticalScroll).focus()

    def action_page_text(self, pages: int) -> None:
        text = self.query_one("#help-text", VerticalScroll)
        if pages < 0:
            text.scroll_page_up(animate=False)
        else:
            text.scroll_page_down(animate=False)

    def action_back(self) -> None:
        # Esc leaves the search box first, so one Esc too many never loses the help.
        if isinstance(self.focused, Input):
            self.action_focus_topics()
        else:
            self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Inside the search box, q is a letter of the query.
        if action == "close":
            return not isinstance(self.focused, Input)
        # None: shown dimmed, as a key that goes nowhere from here.
        if action == "focus_topics":
            return None if isinstance(self.focused, OptionList) else True
        if action == "focus_text":
            return None if isinstance(self.focused, HelpText) else True
        return True

    def on_descendant_focus(self) -> None:
        # The keys to the list and the text dim where the focus already is.
        self.refresh_bindings()


__all__ = ["HelpScreen"]
