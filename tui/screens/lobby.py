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

import math
import os
import random
import time
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from match.follow import TablesWatch
from tui.i18n import N_, _, ngettext, pgettext, tr, tr_error
from tui.paths import style_path
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from match.match import Match
    from match.store import GameSummary, Store

POLL_SECONDS = 1.0
MAX_TABLES_ENV = "IMHOTEP_MAX_TABLES"
DEFAULT_MAX_TABLES = 3
SIDES_CHOICES = (
    (N_("All A sides (first game)"), "AAAA"),
    (N_("All B sides"), "BBBB"),
    (N_("A random mix"), "random"),
)
LEVELS = (
    (N_("Easy"), "easy"),
    (N_("Medium"), "medium"),
    (N_("Tough"), "tough"),
    (N_("Hard"), "hard"),
)

Kind = Literal["mine", "table", "playing", "over"]
# Finished games the lobby lists: this player's first, then others' duels.
FINISHED_ROWS = 4


def ago(then: float, now: float) -> str:
    """How long since, in the largest unit that fits ("5 min")."""
    if not math.isfinite(now - then):
        return "?"  # the store refuses such times; the lobby still must not fall over one
    seconds = max(0, int(now - then))
    # TRANSLATORS: how long ago, in a narrow column ("Last", "Waiting"):
    # keep these as short as the English.
    if seconds >= 86400:
        count = seconds // 86400
        return ngettext("{count} d", "{count} d", count).format(count=count)
    if seconds >= 3600:
        count = seconds // 3600
        return ngettext("{count} h", "{count} h", count).format(count=count)
    if seconds >= 60:
        count = seconds // 60
        return ngettext("{count} min", "{count} min", count).format(count=count)
    return pgettext("how long ago", "now")


def max_tables() -> int:
    """Open tables one player may host at once (the server sets it)."""
    try:
        value = int(os.environ.get(MAX_TABLES_ENV, DEFAULT_MAX_TABLES))
    except ValueError:
        return DEFAULT_MAX_TABLES
    return max(1, value)


@dataclass(frozen=True)
class Row:
    """One line of a lobby list and what Enter does with it."""

    kind: Kind
    game_id: int
    cells: tuple[str, ...]
    code: str | None = None


@dataclass(frozen=True)
class LobbyLists:
    mine: tuple[Row, ...]
    tables: tuple[Row, ...]
    playing: tuple[Row, ...]
    my_open_tables: int
    finished: tuple[Row, ...] = ()


def _my_seat(game: GameSummary, me: str) -> int | None:
    for index, seat in enumerate(game.seats):
        if seat.owner == me and not seat.computer:
            return index
    return None


def _why(error: Exception) -> str:
    """What went wrong, in the player's language where the words are the engine's."""
    return tr_error(error)


# What the lobby shows of each game's set-up, by game id: a set-up never
# changes once the game is made, and reading it reads the whole game.
Setups = dict[int, tuple[str, int | None]]


def _table_setup(store: Store, game_id: int, setups: Setups) -> tuple[str, int | None]:
    """A table's monument sides ("A A B A") and who starts, or "?" if unreadable."""
    if game_id not in setups:
        setups[game_id] = _read_setup(store, game_id)
    return setups[game_id]


def _read_setup(store: Store, game_id: int) -> tuple[str, int | None]:
    from match.store import StoreError
    from tui.games import screens, title

    try:
        stored = store.game(game_id)
    except StoreError:
        return "?", None
    game = screens(stored.kind)
    if game is None:
        # A game this version cannot show: its name stands for its set-up.
        return title(stored.kind), None
    return game.table_setup(stored.setup)


def _rules_choices() -> tuple[tuple[str, str], ...]:
    from engine.games import DEFAULT_KIND
    from tui.games import screens

    game = screens(DEFAULT_KIND)
    return () if game is None else game.RULES_CHOICES


def _named(game: GameSummary, players: str) -> str:
    """``players`` of ``game``, after the game's name unless it is the default game."""
    from engine.games import DEFAULT_KIND
    from tui.games import title

    if game.kind == DEFAULT_KIND:
        return players
    # TRANSLATORS: a game in a list: the game's name, then its players.
    return _("{game}: {players}").format(game=title(game.kind), players=players)


def _players(game: GameSummary) -> str:
    """Every seat of a game."""
    return _named(game, game.title)


def _others(game: GameSummary, seat: int) -> str:
    """The seats other than ``seat``, as a list of games names them."""
    return _named(game, " v ".join(s.label for i, s in enumerate(game.seats) if i != seat))


def _score(game: GameSummary, seat: int | None) -> str:
    """The totals, the reader's first in a game of theirs ("12-9")."""
    scores = list(game.scores)
    if seat is not None and 0 <= seat < len(scores):
        scores.insert(0, scores.pop(seat))
    return "-".join(str(score) for score in scores)


def _one_keyboard(game: GameSummary) -> bool:
    """Whether one person holds every seat (a game at one keyboard)."""
    return len({s.owner for s in game.seats}) == 1


def _finished_row(store: Store, game: GameSummary, me: str, now: float, setups: Setups) -> Row:
    """A finished game: who played, who won (from the reader's side for their own)."""
    seat = _my_seat(game, me)
    best = max(game.scores, default=0)
    leaders = [index for index, score in enumerate(game.scores) if score == best]
    winner: int | None = leaders[0] if len(leaders) == 1 else None
    if winner is None and len(game.seats) == 2:
        # Equal totals: the player who did not start wins (the Duel's rules, end of game).
        starter = _table_setup(store, game.id, setups)[1]
        winner = None if starter is None else 1 - starter
    if winner is None or winner >= len(game.seats):
        result = "?"
    elif seat is None:
        result = _("{name} won").format(name=game.seats[winner].label)
    elif winner == seat:
        result = pgettext("game result", "you won")
    else:
        result = pgettext("game result", "you lost")
    players = _players(game) if seat is None else _others(game, seat)
    return Row("over", game.id, (players, result, _score(game, seat), ago(game.updated_at, now)))


def _finished(store: Store, me: str, now: float, setups: Setups) -> tuple[Row, ...]:
    rows = [
        _finished_row(store, game, me, now, setups)
        for game in store.games(owner=me, statuses=("over",), limit=FINISHED_ROWS)
    ]
    for game in store.games(statuses=("over",), limit=50):
        if len(rows) >= FINISHED_ROWS:
            break
        if _my_seat(game, me) is not None or any(s.computer for s in game.seats):
            continue
        if _one_keyboard(game):
            continue  # one person's game at one keyboard is theirs alone
        rows.append(_finished_row(store, game, me, now, setups))
    return tuple(rows)


def lobby_lists(
    store: Store, me: str, now: float | None = None, *, setups: Setups | None = None
) -> LobbyLists:
    """What the lobby shows, read from ``store`` for the player ``me``.

    ``setups`` keeps the set-ups read (see :data:`Setups`) from one list to
    the next, so that listing again reads no game it has read before.
    """
    now = time.time() if now is None else now
    setups = {} if setups is None else setups
    mine: list[tuple[int, float, Row]] = []
    open_tables = 0
    for game in store.games(owner=me, statuses=("open", "playing")):
        seat = _my_seat(game, me)
        if seat is None:
            continue
        if game.status == "open":
            open_tables += 1
            if game.invited:
                # TRANSLATORS: a table this player opened for one invited player.
                state = _("table {code}: waiting (invited)").format(code=game.code)
            else:
                state = _("table {code}: waiting").format(code=game.code)
            order = 2
            opponent = "-"
        elif game.to_move == seat:
            state, order = _("your turn"), 0
            opponent = _others(game, seat)
        else:
            state, order = _("their turn"), 1
            opponent = _others(game, seat)
        row = Row(
            "mine",
            game.id,
            (
                opponent,
                state,
                str(game.moves),
                _score(game, seat),
                ago(game.updated_at, now),
            ),
            game.code,
        )
        mine.append((order, -game.updated_at, row))
    tables = []
    for game in store.open_tables():
        if _my_seat(game, me) is not None or (game.invited and game.invited != me):
            continue
        host = next((s.name for s in game.seats if s.owner is not None), "?")
        free = next((i for i, s in enumerate(game.seats) if s.owner is None), 1)
        sides, starter = _table_setup(store, game.id, setups)
        if starter is None:
            starts = "?"
        elif starter == free:
            # TRANSLATORS: in the column "Starts": the player reading the lobby.
            starts = pgettext("who starts", "you")
        else:
            starts = host
        if game.invited == me:
            # TRANSLATORS: a table its host opened only for the player reading this.
            host = _("{name} (for you)").format(name=host)
        tables.append(
            Row(
                "table",
                game.id,
                (
                    host,
                    sides,
                    starts,
                    ago(game.created_at, now),
                ),
                game.code,
            )
        )
    playing = []
    for game in store.games(statuses=("playing",), limit=50):
        if _my_seat(game, me) is not None or any(s.computer for s in game.seats):
            continue
        if _one_keyboard(game):
            continue  # one person at one keyboard: their game, not a duel to watch
        playing.append(
            Row(
                "playing",
                game.id,
                (
                    _players(game),
                    str(game.moves),
                    _score(game, None),
                    ago(game.updated_at, now),
                ),
            )
        )
    return LobbyLists(
        mine=tuple(row for *_order, row in sorted(mine, key=lambda item: item[:2])),
        tables=tuple(tables),
        playing=tuple(playing),
        my_open_tables=open_tables,
        finished=_finished(store, me, now, setups),
    )


@dataclass(frozen=True)
class HostChoice:
    invite: str | None  # a player's name, or None for anyone
    sides: str  # "AAAA", "BBBB" or "random"
    rules: str = "classic"  # one of the game's RULES_CHOICES
    hints: bool = False  # a rule of the table: the other player is told of each hint


class HostScreen(ModalScreen[HostChoice | None]):
    """Open a table: for anyone, or kept for one player by name."""

    CSS_PATH = style_path("lobby.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Host a table"), classes="dialog-title")
            with Horizontal(classes="row"):
                # TRANSLATORS: the table is kept "for" the player named here.
                yield Label(pgettext("table for", "For"), classes="label")
                yield Input(
                    placeholder=_("anyone (or a player's name)"), id="invite", max_length=24
                )
            with Horizontal(classes="row"):
                yield Label(_("Sides"), classes="label")
                yield Select(
                    [(_(words), value) for words, value in SIDES_CHOICES],
                    value="AAAA",
                    allow_blank=False,
                    id="sides",
                )
            with Horizontal(classes="row"):
                yield Label(_("Rules"), classes="label")
                yield Select(
                    [(_(words), value) for words, value in _rules_choices()],
                    value="classic",
                    allow_blank=False,
                    id="rules",
                )
            with Horizontal(classes="row"):
                yield Label(_("Hints"), classes="label")
                yield Select(
                    [(_("Off"), "off"), (_("Allowed (each hint is told)"), "on")],
                    value="off",
                    allow_blank=False,
                    id="hints",
                )
            yield Static("", id="problem")
            with Horizontal(classes="buttons"):
                yield Button(_("Open the table"), id="open", variant="primary", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#invite", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#open")
    def _open(self) -> None:
        invite = self.query_one("#invite", Input).value.strip() or None
        sides = str(self.query_one("#sides", Select).value)
        rules = "online" if self.query_one("#rules", Select).value == "online" else "classic"
        hints = self.query_one("#hints", Select).value == "on"
        self.dismiss(HostChoice(invite, sides, rules, hints))

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)

    def show_problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(Text(text))


class ComputerScreen(ModalScreen[str | None]):
    """Pick the computer's level."""

    CSS_PATH = style_path("lobby.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Play the computer"), classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label(_("Level"), classes="label")
                yield Select(
                    [(_(words), value) for words, value in LEVELS],
                    value="medium",
                    allow_blank=False,
                    id="level",
                )
            with Horizontal(classes="buttons"):
                yield Button(_("Play"), id="play", variant="primary", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    @on(Button.Pressed, "#play")
    def _play(self) -> None:
        self.dismiss(str(self.query_one("#level", Select).value))

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    # Also added to the app's own styles when the lobby is its first screen
    # (Textual reads CSS_PATH only for screens that are pushed).
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("lobby.tcss")]
    BINDINGS: ClassVar[list[BindingType]] = [
        # Not on the bar: a list owns Enter while it has the focus, and with
        # none focused there is nothing to choose.
        Binding("enter", "choose", N_("Play / join"), show=False),
        Binding("h", "host", N_("Host a table")),
        Binding("j", "join_code", N_("Join by code")),
        Binding("c", "computer", N_("Play the computer")),
        Binding("w", "watch", N_("Watch")),
        Binding("tab", "app.focus_next", N_("Next list"), show=False),
        Binding("question_mark,f1", "app.help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name
        self._tables = TablesWatch()
        self._setups: Setups = {}
        self._lists: LobbyLists | None = None
        self._loaded = 0.0

    @property
    def imhotep(self) -> Host:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            # TRANSLATORS: the lobby's first line; {name} is the player's own name.
            who = _("Imhotep: The Duel  -  you are {name}").format(name=self.player_name)
            yield Static(Text(who), id="who")
            yield Static(_("Your games"), classes="heading")
            yield DataTable(id="mine", cursor_type="row", zebra_stripes=True)
            yield Static("", id="mine-empty", classes="empty")
            yield Static(_("Open tables"), classes="heading")
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static("", id="tables-empty", classes="empty")
            yield Static(_("Being played (watch)"), classes="heading")
            yield DataTable(id="playing", cursor_type="row", zebra_stripes=True)
            yield Static("", id="playing-empty", classes="empty")
            yield Static(_("Finished (replay)"), classes="heading")
            yield DataTable(id="finished", cursor_type="row", zebra_stripes=True)
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
                pgettext("lobby column", "Sides"),
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

    def _fill(self, selector: str, rows: tuple[Row, ...], empty: str) -> None:
        table = self.query_one(selector, DataTable)
        keep = table.cursor_row
        table.clear()
        for row in rows:
            # Names are the players' own text: never markup.
            table.add_row(*(Text(cell) for cell in row.cells), key=f"{row.kind}:{row.game_id}")
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
        self.app.push_screen(HostScreen(), self._host_chosen)

    def _host_chosen(self, choice: HostChoice | None) -> None:
        if choice is None:
            return
        from engine.games import DEFAULT_KIND
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
        sides = choice.sides
        # Until someone sits down, the free seat is named as a new game names it.
        waiting = choice.invite or _("Player {number}").format(number=2)
        seats = (Seat(name=self.player_name), Seat(name=waiting))
        try:
            # No starter is given: who starts is drawn, under either rules.
            setup = service.deal(DEFAULT_KIND, {"sides": sides, "rules": choice.rules}, rng=rng)
            match = service.host(
                store,
                setup,
                seats,
                mine=0,
                invited=invited,
                me=self.imhotep.me,
                hints=choice.hints,
                owner_cap=max_tables(),
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
        self.app.push_screen(ComputerScreen(), self._computer_chosen)

    def _computer_chosen(self, level: str | None) -> None:
        if level is None:
            return
        from engine.games import DEFAULT_KIND
        from match import service

        try:
            # Who starts is drawn, as for a table.
            setup = service.deal(DEFAULT_KIND)
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
        self, setup: Any, names: tuple[str, str], kinds: tuple[str, str] = ..., *, hints: bool = ...
    ) -> object: ...
