"""The lobby: where a player of a shared store (the SSH server's) starts.

It lists the player's own games ("your turn" first), the tables waiting for a
second player, and games others are playing, and offers: host a table (for
anyone or for one named player), join a table, go back to a game, watch a game
read-only, play the computer. Everything comes from :mod:`match.store`; the
lists follow the store on their own (a look at the store's tables revision
each second, see :class:`match.follow.TablesWatch`, which presence
heartbeats do not move), so a table a friend opens appears without a key
press.
"""

from __future__ import annotations

import random
import time
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from match.follow import TablesWatch
from tui.i18n import N_, _, ngettext, pgettext, tr, tr_error
from tui.lobby_lists import LobbyLists, Row, Setups, lobby_lists, max_tables
from tui.paths import style_path
from tui.screens.lobby_dialogs import ComputerScreen, HostChoice, HostScreen, playable
from tui.widgets.keybar import KeyBar
from tui.widgets.sections import SectionList, neighbour

if TYPE_CHECKING:
    from match.match import Match
    from match.store import Store


POLL_SECONDS = 1.0


def _why(error: Exception) -> str:
    """What went wrong, in the player's language where the words are the engine's."""
    return tr_error(error)


class LobbyScreen(Screen[None]):
    # Also added to the app's own styles when the lobby is its first screen
    # (Textual reads CSS_PATH only for screens that are pushed).
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("lobby.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        # Not on the bar: a list owns Enter while it has the focus, and with
        # none focused there is nothing to choose.
        Binding("enter", "choose", N_("Play / join"), show=False),
        # The bar's words are short, so that all of them fit 80 columns; the
        # screen's help says each key's ``tooltip``, the longer words.
        # TRANSLATORS: the key bar's word for h, which hosts a table (keep it short).
        Binding("h", "host", N_("Host"), tooltip=N_("Host a table")),
        # TRANSLATORS: the key bar's word for j, which joins a table by its code.
        Binding("j", "join_code", N_("Join"), tooltip=N_("Join by code")),
        Binding("c", "computer", N_("Computer"), tooltip=N_("Play the computer")),
        Binding("w", "watch", N_("Watch")),
        # TRANSLATORS: the key bar's word for the player's own page (ratings, record).
        Binding("p", "player_page", N_("Profile"), tooltip=N_("Your page")),
        # On the bar: the arrows cross from one list to the next too, but a
        # long list is quicker left with Tab.
        # TRANSLATORS: the key bar's word for Tab, which jumps to the next list.
        Binding("tab", "app.focus_next", N_("Lists")),
        Binding("question_mark,f1", "app.help", N_("Help")),
        # Off the bar, which is full at 80 columns; the lobby's help names it.
        Binding("r", "app.rules", N_("Rules"), tooltip=N_("The rules of each game"), show=False),
        Binding("q", "app.quit", N_("Quit")),
    ]

    # Enter on a game being played watches it too, and the arrows cross the
    # lists as Tab does: these give way on the bar (Tab first) when a long
    # language needs the room.
    OPTIONAL_KEYS: ClassVar[tuple[str, ...]] = ("app.focus_next", "watch", "player_page")

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name
        self._tables = TablesWatch()
        self._setups: Setups = {}
        self._lists: LobbyLists | None = None
        self._loaded = 0.0
        # The game last hosted here: the next table offers it first.
        self.last_kind: str | None = None

    @property
    def imhotep(self) -> Host:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            # TRANSLATORS: the lobby's first line; {name} is the player's own name.
            who = _("Imhotep  -  you are {name}").format(name=self.player_name)
            yield Static(Text(who), id="who")
            yield Static("", id="ratings")
            yield Static(_("Your games"), classes="heading")
            yield SectionList(id="mine", cursor_type="row", zebra_stripes=True)
            yield Static("", id="mine-empty", classes="empty")
            yield Static(_("Open tables"), classes="heading")
            yield SectionList(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static("", id="tables-empty", classes="empty")
            yield Static(_("Being played (watch)"), classes="heading")
            yield SectionList(id="playing", cursor_type="row", zebra_stripes=True)
            yield Static("", id="playing-empty", classes="empty")
            yield Static(_("Finished (replay)"), classes="heading")
            yield SectionList(id="finished", cursor_type="row", zebra_stripes=True)
            yield Static("", id="finished-empty", classes="empty")
            yield Static("", id="message")
        yield KeyBar()

    def on_mount(self) -> None:
        # TRANSLATORS: the lobby's column names; "Last" is when the last move
        # was made, "Waiting" how long a table has waited, "Starts" who moves first.
        moves = pgettext("lobby column", "Moves")
        score = pgettext("lobby column", "Score")
        last = pgettext("lobby column", "Last")
        columns = {
            "#mine": (pgettext("lobby column", "Against"), "", moves, score, last),
            "#tables": (
                pgettext("lobby column", "Host"),
                # TRANSLATORS: a lobby column: how a table is set up (its options).
                pgettext("lobby column", "Set-up"),
                pgettext("lobby column", "Starts"),
                pgettext("lobby column", "Waiting"),
            ),
            "#playing": (pgettext("lobby column", "Players"), moves, score, last),
            # TRANSLATORS: the finished games' columns: "Result" says who
            # won, "Ended" how long ago the game ended.
            "#finished": (
                pgettext("lobby column", "Players"),
                pgettext("lobby column", "Result"),
                score,
                pgettext("lobby column", "Ended"),
            ),
        }
        for selector, labels in columns.items():
            self.query_one(selector, DataTable).add_columns(*labels)
        self.reload()
        self.set_interval(POLL_SECONDS, self._poll, name="lobby")

    def on_screen_resume(self) -> None:
        # Back from a game: show what changed meanwhile at once.
        self.reload()

    # --- the lists --------------------------------------------------------------

    def _poll(self) -> None:
        store = self.imhotep.store
        if store is None:
            return
        from match.store import StoreError

        try:
            changed = self._tables.moved(store)
        except StoreError:
            return
        # The "waiting since" times move on too: refresh at least each half minute.
        if changed or time.monotonic() - self._loaded >= 30:
            self.reload()

    def reload(self) -> None:
        store = self.imhotep.store
        if store is None:
            self.say(
                _("Games cannot be played here: {reason}").format(
                    reason=tr(self.imhotep.store_problem or "")
                )
            )
            return
        from match.store import StoreError

        try:
            # Read before the lists: a write between the two is seen next time.
            self._tables.moved(store)
            lists = lobby_lists(store, self.imhotep.me, setups=self._setups)
        except StoreError as exc:
            self.say(_("The games cannot be read: {reason}").format(reason=_why(exc)))
            return
        self._show_ratings(store)
        first = self._lists is None
        self._lists = lists
        self._loaded = time.monotonic()
        self._fill("#mine", lists.mine, _("No games yet: h hosts a table, c plays the computer."))
        self._fill("#tables", lists.tables, _("No open tables: h opens one."))
        self._fill("#playing", lists.playing, _("No one else is playing."))
        self._fill("#finished", lists.finished, _("No finished games yet."))
        focused = self.focused
        if first or not isinstance(focused, DataTable) or not focused.can_focus:
            # Start where there is something to choose: your games, else a table.
            for selector, rows in (
                ("#mine", lists.mine),
                ("#tables", lists.tables),
                ("#playing", lists.playing),
                ("#finished", lists.finished),
            ):
                if rows:
                    self.query_one(selector, DataTable).focus()
                    break
            else:
                self.set_focus(None)  # nothing to choose: no list looks chosen

    def _show_ratings(self, store: Store) -> None:
        """The line under the player's name: their ratings (which move only
        when a game ends, so they are read with the lists); none before
        their first rated game."""
        from match.people import reader
        from match.store import StoreError
        from tui.ratings_words import ratings_line

        try:
            ratings = store.ratings(reader(self.imhotep.me, self.player_name))
        except StoreError:
            ratings = {}
        line = self.query_one("#ratings", Static)
        line.update(Text(ratings_line(ratings)))
        line.display = bool(ratings)

    def action_player_page(self) -> None:
        from match.people import reader
        from match.store import StoreError
        from match.turns import waiting
        from tui.screens.player import PlayerScreen

        store = self.imhotep.store
        if store is None:
            return
        problem = None
        try:
            ratings = store.ratings(reader(self.imhotep.me, self.player_name))
            turns = waiting(store, self.imhotep.me, self.player_name)
        except StoreError as exc:
            ratings, turns = {}, []
            problem = _("The games cannot be read: {reason}").format(reason=_why(exc))
        self.app.push_screen(PlayerScreen(self.player_name, ratings, turns, problem))

    def _fill(self, selector: str, rows: tuple[Row, ...], empty: str) -> None:
        table = self.query_one(selector, SectionList)
        keep = table.cursor_row
        table.clear()
        for row in rows:
            # Names are the players' own text: never markup.
            table.add_row(*(Text(cell) for cell in row.cells), key=f"{row.kind}:{row.game_id}")
        table.fit_columns()
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1))
        # An empty list says so under its columns, not in a column of its own
        # (a column keeps the width of the longest cell it held: a sentence
        # there pushed the others off the screen), and is no stop for Tab.
        table.can_focus = bool(rows)
        note = self.query_one(f"{selector}-empty", Static)
        note.update(Text(empty, style="italic"))
        note.display = not rows

    def _selected(self) -> Row | None:
        focused = self.focused
        if not isinstance(focused, DataTable) or self._lists is None:
            return None
        rows = {
            "mine": self._lists.mine,
            "tables": self._lists.tables,
            "playing": self._lists.playing,
            "finished": self._lists.finished,
        }.get(focused.id or "", ())
        if not rows or not 0 <= focused.cursor_row < len(rows):
            return None
        return rows[focused.cursor_row]

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text))

    # --- actions -----------------------------------------------------------------

    def own_help(self) -> Screen[None]:
        """Help on the lobby (? and the palette's Help), the rules after it."""
        from tui.screens.lobby_help import lobby_help

        return lobby_help(self)

    @on(SectionList.Leave)
    def _next_section(self, event: SectionList.Leave) -> None:
        event.stop()
        neighbour(list(self.query(SectionList)), event.section, event.step)

    @on(DataTable.RowSelected)
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        row = self._selected()
        if row is None:
            return
        if row.kind == "mine":
            self.imhotep.open_stored(row.game_id)
        elif row.kind == "table":
            self._join(row)
        elif row.kind == "over":
            self._replay(row.game_id)
        else:
            self._watch(row.game_id)

    def action_watch(self) -> None:
        row = self._selected()
        if row is None:
            self.say(_("Choose a game to watch in a list first."))
            return
        if row.kind == "mine":
            self.imhotep.open_stored(row.game_id)
        elif row.kind == "over":
            self._replay(row.game_id)
        else:
            self._watch(row.game_id)

    def action_join_code(self) -> None:
        from tui.screens.files import PromptScreen

        def chosen(code: str | None) -> None:
            if code:
                self._join_code(code)

        self.app.push_screen(
            PromptScreen(
                _("Join a table: its code"), placeholder=_("as the host's screen shows it")
            ),
            chosen,
        )

    def _join(self, row: Row) -> None:
        if row.code is not None:
            self._join_code(row.code)

    def _join_code(self, code: str) -> None:
        from match import service
        from match.store import StoreError
        from tui.games import refusal

        store = self.imhotep.store
        if store is None:
            return
        try:
            game_id = store.find_code(code)
        except StoreError:
            game_id = None  # joining says what is wrong
        # Asked before joining: a seat taken at a game this version cannot
        # show would be a seat nobody plays.
        refused = None if game_id is None else refusal(store, game_id)
        if refused is not None:
            self.say(refused)
            return
        try:
            match = service.join(store, code, me=self.imhotep.me, name=self.player_name)
        except service.Unavailable as exc:
            self.say(_("Cannot join that table: {reason}").format(reason=_why(exc)))
            self.reload()
            return
        self.imhotep.show_match(match)

    def _watch(self, game_id: int) -> None:
        from match import service
        from tui.games import refusal

        store = self.imhotep.store
        if store is None:
            return
        refused = refusal(store, game_id)
        if refused is not None:
            self.say(refused)
            return
        try:
            # A seat that is not this player's is never taken: the game is read-only here.
            match = service.watch(store, game_id, me=self.imhotep.me)
        except service.Unavailable as exc:
            self.say(_("Cannot watch that game: {reason}").format(reason=_why(exc)))
            return
        self.imhotep.show_match(match)

    def _replay(self, game_id: int) -> None:
        """A finished game, move by move, in the game log's replay viewer."""
        from match import service
        from tui.games import refusal, screens

        store = self.imhotep.store
        if store is None:
            return
        refused = refusal(store, game_id)
        if refused is not None:
            self.say(refused)
            return
        try:
            history, seats = service.replay(store, game_id)
        except service.Unavailable as exc:
            self.say(_("Cannot open that game: {problem}").format(problem=_why(exc)))
            return
        game = screens(history.game.kind)
        if game is None:
            return  # refused above
        names = tuple(seat.name for seat in seats)
        # No export: over SSH a file would be written on the server's disk.
        log = game.log_screen(history, names, ascii=self.imhotep.ascii, export=False)
        self.app.push_screen(log)

    def action_host(self) -> None:
        lists = self._lists
        if lists is not None and lists.my_open_tables >= max_tables():
            count = lists.my_open_tables
            self.say(
                ngettext(
                    "You have {count} open table already: wait for a player at it first.",
                    "You have {count} open tables already: wait for a player at one of them first.",
                    count,
                ).format(count=count)
            )
            return
        self.app.push_screen(HostScreen(self._kind()), self._host_chosen)

    def _host_chosen(self, choice: HostChoice | None) -> None:
        if choice is None:
            return
        from engine.game import SEATS_OPTION
        from engine.games import game
        from match import service
        from match.seats import Seat
        from match.store import StoreError

        store = self.imhotep.store
        if store is None:
            return
        invited: str | None = None
        if choice.invite is not None:
            try:
                invited = store.player_named(choice.invite)
            except StoreError as exc:
                self.say(_("Cannot open a table: {reason}").format(reason=_why(exc)))
                return
            if invited is None:
                self.say(_("There is no player called {name} here.").format(name=choice.invite))
                return
            if invited == self.imhotep.me:
                self.say(_("A table for yourself? Leave 'For' empty to open it for anyone."))
                return
        rng = random.SystemRandom()
        self.last_kind = choice.kind
        options = dict(choice.options)
        count = options.pop(SEATS_OPTION, "")
        seat_count = int(count) if count.isdigit() else game(choice.kind).seat_counts[0]
        # Until someone sits down, a free seat is named as a new game names it
        # (the first for the player it is kept for).
        waiting = [_("Player {number}").format(number=n + 1) for n in range(1, seat_count)]
        if choice.invite and waiting:
            waiting[0] = choice.invite
        seats = (Seat(name=self.player_name), *(Seat(name=name) for name in waiting))
        try:
            setup = service.deal(choice.kind, options, seats=seat_count, rng=rng)
            match = service.host(
                store,
                setup,
                seats,
                mine=0,
                invited=invited,
                me=self.imhotep.me,
                hints=choice.hints,
                owner_cap=max_tables(),
                kind=choice.kind,
            )
        except service.TableCapReached as exc:
            # Another terminal of this player opened a table meanwhile: the
            # store counted it in the same transaction.
            self.say(_why(exc))
            return
        except service.Unavailable as exc:
            self.say(_("Cannot open a table: {reason}").format(reason=_why(exc)))
            return
        self.imhotep.show_match(match)

    def action_computer(self) -> None:
        self.app.push_screen(ComputerScreen(self._kind()), self._computer_chosen)

    def _kind(self) -> str:
        """The game the lobby's dialogs offer first: the last one hosted here."""
        games = playable()
        return self.last_kind if self.last_kind in games else games[0]

    def _computer_chosen(self, level: str | None) -> None:
        if level is None:
            return
        from match import service

        try:
            # Who starts is drawn, as for a table.
            setup = service.deal(self._kind())
        except service.Unavailable as exc:
            self.say(_("Cannot open that game: {problem}").format(problem=_why(exc)))
            return
        self.imhotep.start_game(setup, (self.player_name, _("Computer")), ("human", level))


class Host(Protocol):
    """What the lobby needs of the app it runs in (:class:`tui.app.ImhotepApp`).

    Named here rather than imported: the app shows the lobby, so the lobby
    must not import the app.
    """

    ascii: bool
    me: str
    store_problem: str | None

    @property
    def store(self) -> Store | None: ...

    def open_stored(self, game_id: int) -> object: ...

    def show_match(self, match: Match) -> object: ...

    def start_game(
        self,
        setup: Any,
        names: tuple[str, ...],
        kinds: tuple[str, ...] | None = ...,
        *,
        hints: bool = ...,
    ) -> object: ...
