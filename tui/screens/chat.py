"""Talk at the table, for any game's screen: a key opens a panel with the last
lines, who is here and a line to type; while it is closed, what is said shows
on the game's message line.

A game's screen owns a :class:`TableChat` (built with the screen, started
when it is mounted) and binds :data:`CHAT_BINDING` to ``action_chat``; the
chat is on only at a table shared with other terminals (never in a game at
one keyboard, where everyone sees the same screen). What is said and who
looks on is :mod:`match.chat`'s; this module only draws it and passes on
what the player typed or chose.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from match.chat import Came, Heard, Person, Said, TableTalk, Went, heard_words
from match.clean import clean_text
from match.store import MAX_CHAT, ChatLine, StoreError
from tui.i18n import N_, _, tr, tr_error
from tui.paths import style_path
from tui.table_words import CHAT_KEY
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from textual.app import App

    from match.match import Match

# The key that opens the chat (see tui.table_words): bound by neither game's board.
CHAT_BINDING = Binding(CHAT_KEY, "chat", N_("Chat"))
# How often the table's talk is looked at: one pragma while nobody writes.
CHAT_POLL_SECONDS = 0.5


class ChatHost(Protocol):
    """What the chat needs of the game screen it belongs to."""

    match: Match

    @property
    def app(self) -> App[Any]: ...

    def say(
        self, text: str | tuple[str, ...], *, error: bool = False, topic: str | None = None
    ) -> None: ...

    def set_interval(self, interval: float, callback: Any, *, name: str | None = None) -> Any: ...

    def refresh_bindings(self) -> None: ...


def at_a_table(match: Match) -> bool:
    """Whether ``match`` is played (or watched) across terminals, so that
    there is someone elsewhere to talk to."""
    return match.store is not None and match.game_id is not None and match.shared


def speaker_name(match: Match, app: App[Any]) -> str:
    """The name the others read beside this terminal's lines: its seat's,
    else the name the player goes by here (the lobby's), else the store's."""
    if match.here:
        return match.seats[min(match.here)].name
    name = getattr(app, "lobby", None)
    if isinstance(name, str) and name:
        return name
    if match.store is not None:
        try:
            stored = match.store.player_name(match.me)
        except StoreError:
            stored = None
        if stored:
            return stored
    return match.me.rpartition(":")[2] or "?"


class TableChat:
    """The chat of one game screen: follows the table's talk, tells the
    message line what is said while the panel is closed, opens the panel."""

    def __init__(self, host: ChatHost) -> None:
        self.host = host
        self.talk: TableTalk | None = None
        self.panel: ChatScreen | None = None
        self._failed = False

    @property
    def available(self) -> bool:
        return self.talk is not None

    def start(self) -> None:
        """On the screen's mount: join the table's talk if there is a table."""
        match = self.host.match
        if not at_a_table(match) or match.store is None or match.game_id is None:
            return
        talk = TableTalk(
            match.store,
            match.game_id,
            me=match.me,
            name=speaker_name(match, self.host.app),
            session=match.session,
            seat=min(match.here) if match.here else None,
        )
        try:
            talk.start()
        except StoreError as exc:
            # A toast, not the message line: that says what the game needs
            # said (the table's code, a store that fails to keep the game).
            self.host.app.notify(
                _("The table's chat cannot be used: {problem}").format(problem=tr_error(exc)),
                severity="warning",
                markup=False,
            )
            return
        self.talk = talk
        self.host.set_interval(CHAT_POLL_SECONDS, self.poll, name="chat")
        self.host.refresh_bindings()  # the chat's key shows from now on

    def stop(self) -> None:
        if self.talk is not None:
            self.talk.close()
            self.talk = None

    def poll(self) -> None:
        talk = self.talk
        if talk is None:
            return
        try:
            heard = talk.poll()
        except StoreError:
            # The game's own follower tells the player of a store that fails.
            return
        panel = self.panel
        if panel is not None and panel.showing:
            panel.show(heard)
            return
        news = [n for n in heard if not (isinstance(n, Said) and n.mine)]
        if news:
            # The message line holds one thing at a time: the latest.
            self.host.say(news_words(news[-1]))

    def people(self) -> tuple[Person, ...]:
        match = self.host.match
        if self.talk is None:
            return ()
        return self.talk.people(match.seats, match.presence_live)

    def open(self) -> None:
        if self.talk is None:
            return
        self.panel = ChatScreen(self)
        self.host.app.push_screen(self.panel, self._closed)

    def _closed(self, _result: None) -> None:
        self.panel = None


def news_words(news: Heard) -> str:
    """What the message line says of ``news`` while the panel is closed."""
    if isinstance(news, Said):
        # TRANSLATORS: a line said in the table's chat, on the game's message line.
        return _("{name} says: {text}").format(name=news.line.name, text=news.line.text)
    return tr(heard_words(news))


def person_words(person: Person) -> str:
    """One entry of the list of who is here."""
    if person.owner is None:
        # TRANSLATORS: a seat nobody has taken yet, in the chat's list of who is here.
        return _("{name} (free seat)").format(name=person.name)
    if person.watching:
        words = _("{name}, watching").format(name=person.name)
    elif person.here:
        words = _("{name}, playing").format(name=person.name)
    else:
        words = _("{name}, away").format(name=person.name)
    if person.me:
        words = _("{who} (you)").format(who=words)
    if person.muted:
        words = _("{who} (muted)").format(who=words)
    return words


class ChatInput(Input):
    """The line to type: what is pasted is cleaned as it comes in, so that not
    even the typist's own terminal is sent an escape sequence (the store
    cleans it again before anyone else reads it)."""

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(clean_text(text, MAX_CHAT), start, end)


def line_text(line: ChatLine) -> Text:
    """A line as the chat shows it: the name in bold, then what was said
    (both the store's text, cleaned: never markup)."""
    text = Text()
    text.append(line.name, style="bold")
    text.append(": ")
    text.append(line.text)
    return text


class ChatScreen(ModalScreen[None]):
    """The panel: the last lines, who is here (Enter mutes or hears again),
    and a line to type (Enter says it)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("chat.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        # TRANSLATORS: the chat's key bar: Tab goes between the line to type
        # and the list of who is here.
        Binding("tab", "switch", N_("Line / people")),
    ]

    def __init__(self, chat: TableChat) -> None:
        super().__init__()
        self.chat = chat
        self._people: tuple[Person, ...] = ()
        # Set once leaving: a look at the table due meanwhile draws nothing.
        self._leaving = False
        self._just_chosen: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static(_("Talk at the table"), id="chat-title")
            with Horizontal(id="chat-body"):
                yield RichLog(id="chat-lines", wrap=True, markup=False, highlight=False)
                with Vertical(id="chat-side"):
                    yield Static(_("Who is here"), id="chat-people-title")
                    yield OptionList(id="chat-people")
            yield Static("", id="chat-status")
            yield ChatInput(
                id="chat-input",
                max_length=MAX_CHAT,
                placeholder=_("Type a line; Enter says it"),
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill_lines()
        self._fill_people()
        self.query_one("#chat-input", Input).focus()
        self.set_interval(CHAT_POLL_SECONDS, self._fill_people, name="people")

    @property
    def talk(self) -> TableTalk | None:
        return self.chat.talk

    @property
    def showing(self) -> bool:
        """Whether the panel is up (neither before its mount nor on its way out)."""
        return self.is_attached and self.is_mounted and not self._leaving

    def _fill_lines(self) -> None:
        log = self.query_one("#chat-lines", RichLog)
        log.clear()
        talk = self.talk
        if talk is None or not talk.lines:
            log.write(Text(_("Nothing has been said at this table yet."), style="italic"))
            return
        for line in talk.lines:
            log.write(line_text(line))

    def _fill_people(self) -> None:
        if self._leaving:
            return
        people = self.chat.people()
        if people == self._people:
            return
        self._people = people
        listed = self.query_one("#chat-people", OptionList)
        keep = listed.highlighted
        listed.clear_options()
        listed.add_options(Option(Text(person_words(p))) for p in people)
        if keep is not None and people:
            listed.highlighted = min(keep, len(people) - 1)

    def show(self, heard: list[Heard]) -> None:
        """What the table's talk brought since the last look."""
        if self._leaving:
            return
        said = [news for news in heard if isinstance(news, Said)]
        if said:
            log = self.query_one("#chat-lines", RichLog)
            talk = self.talk
            if talk is not None and len(talk.lines) == len(said):
                log.clear()  # the first lines: the "nothing said yet" goes
            for news in said:
                log.write(line_text(news.line))
        comings = [news for news in heard if isinstance(news, Came | Went)]
        if comings:
            self._status(news_words(comings[-1]))
        self._fill_people()

    def _status(self, words: str, *, error: bool = False) -> None:
        status = self.query_one("#chat-status", Static)
        status.set_class(error, "error")
        status.update(Text(words))

    @on(Input.Submitted, "#chat-input")
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        talk = self.talk
        if talk is None or not event.value.strip():
            return
        refused = talk.say(event.value)
        if refused is not None:
            self._status(_("Not said: {reason}").format(reason=tr(refused)), error=True)
            return
        event.input.value = ""
        self._status("")
        self.chat.poll()  # this line, and any said meanwhile

    @on(OptionList.OptionSelected, "#chat-people")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        talk = self.talk
        if talk is None or not 0 <= event.option_index < len(self._people):
            return
        person = self._people[event.option_index]
        if person.owner is None:
            return
        if person.me:
            self._status(_("That is you: there is no one to mute."))
            return
        said = talk.unmute(person.owner) if person.muted else talk.mute(person.owner)
        self._status(tr(said))
        self._fill_lines()
        self._people = ()
        # The list is filled again: its highlight comes back to this person,
        # and what was just said about them must stay on the status line.
        self._just_chosen = event.option_index
        self._fill_people()

    @on(OptionList.OptionHighlighted, "#chat-people")
    def _pointed(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index == self._just_chosen:
            self._just_chosen = None
            return
        if not 0 <= event.option_index < len(self._people):
            return
        person = self._people[event.option_index]
        if person.owner is None or person.me:
            self._status("")
        elif person.muted:
            self._status(_("Enter: hear {name} again").format(name=person.name))
        else:
            self._status(
                _("Enter: mute {name} (their lines are hidden from you)").format(name=person.name)
            )

    def action_switch(self) -> None:
        field = self.query_one("#chat-input", Input)
        if field.has_focus:
            listed = self.query_one("#chat-people", OptionList)
            if listed.highlighted is None and self._people:
                # The first person one could mute, rather than oneself.
                others = [n for n, p in enumerate(self._people) if p.owner and not p.me]
                listed.highlighted = others[0] if others else 0
            listed.focus()
        else:
            field.focus()

    def action_close(self) -> None:
        self._leaving = True
        self.dismiss(None)


__all__ = [
    "CHAT_BINDING",
    "ChatScreen",
    "TableChat",
    "at_a_table",
    "speaker_name",
]
