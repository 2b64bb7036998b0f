"""The new game form of any game, built from the game's table options.

Rows from top to bottom: the game (choosing another opens that game's form),
the seat count, each seat's name and who plays it, the game's other options
in the order the game lists them (:class:`engine.game.TableOption`), hints
and a seed. A game whose form needs more than its options say has a form of
its own that shares the top row and the switch (:class:`NewGameForm`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from tui.ascii_widgets import AsciiChanged
from tui.files import NAME_LENGTH, GameForm
from tui.i18n import N_, _, tr
from tui.kinds import kind_word
from tui.paths import style_path
from tui.screens.new_game_answer import (
    AWAY,
    HUMAN,
    SwitchGame,
    TableAnswer,
    carried,
    default_name,
    is_default_name,
    unique,
)
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from engine.game import AnyGame, TableOption

# A seat's mark in its colour (the symbol the board draws for it), given the
# seat and whether the app draws in ASCII; a game without one shows none.
Marks = Callable[[int, bool], Text]


class NewGameForm(Screen[Any]):
    """What every game's new-game form shares: the game row at the top, whose
    menu answers :class:`SwitchGame` when another game is chosen."""

    CSS_PATH = style_path("new_game.tcss")

    kind: str = ""

    def game_row(self) -> ComposeResult:
        """The form's title, with the menu of the games this version can play."""
        from tui.games import title
        from tui.screens.lobby_dialogs import playable

        games = playable()
        with Horizontal(id="game-row"):
            yield Static(_("New game"), id="title")
            if len(games) > 1:
                yield Select(
                    [(title(kind), kind) for kind in games],
                    value=self.kind if self.kind in games else games[0],
                    allow_blank=False,
                    id="game",
                    compact=True,
                )

    def mark_game_row(self) -> None:
        """Reverse the title while the game's menu has focus, as a row's label is
        (the menu's own focus colour is faint, and the form opens on it)."""
        for row in self.query("#game-row"):
            focused = self.focused
            row.set_class(focused is not None and focused in row.walk_children(), "-current")

    def switched(self, kind: str) -> GameForm:
        """The form as typed so far, for the game ``kind``'s form to start from."""
        raise NotImplementedError

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        event.stop()
        # A menu just mounted says its value too: only another game switches.
        if event.value != self.kind and isinstance(event.value, str):
            self.dismiss(SwitchGame(self.switched(event.value)))


class TableFormScreen(NewGameForm):
    """The new game form built from a game's table options. It opens on its
    first field (Textual's AUTO_FOCUS); Enter in a field moves to the next;
    Enter on Start, or ctrl+s, starts the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("tab", "app.focus_next", N_("Next field")),
    ]

    def __init__(self, defaults: TableAnswer, *, marks: Marks | None = None) -> None:
        super().__init__()
        from engine.games import game

        self.kind = defaults.kind
        self.defaults = defaults
        self.rules: AnyGame = game(defaults.kind)
        self.marks = marks
        self.most = max(self.rules.seat_counts)
        # Each row's title (the label beside its field), by the row's id.
        self.titles: dict[str, str] = {}

    # --- building ---------------------------------------------------------------

    def _seat_count_option(self) -> TableOption | None:
        from engine.game import SEATS_OPTION

        return next((o for o in self.rules.table_options if o.name == SEATS_OPTION), None)

    def _row(self, row_id: str, title: str) -> Horizontal:
        self.titles[row_id] = title
        return Horizontal(id=row_id, classes="row")

    def _kinds(self) -> list[tuple[str, str]]:
        from ai.players import levels

        offered = levels(self.kind)
        computer = [
            # TRANSLATORS: who plays a seat, in the new game form's menu; {level}
            # is the computer's level as a list of games words it ("hard").
            (_("Computer") if len(offered) == 1 else _("Computer ({level})"), level)
            for level in offered
        ]
        return [
            (_("Human"), HUMAN),
            *((words.format(level=kind_word(level)), level) for words, level in computer),
            (_("Another terminal"), AWAY),
        ]

    def compose(self) -> ComposeResult:
        d = self.defaults
        seats_option = self._seat_count_option()
        with VerticalScroll(id="form", can_focus=False):
            yield from self.game_row()
            if seats_option is not None and len(seats_option.values) > 1:
                with self._row("row-seats", tr(seats_option.label)):
                    yield Static(classes="label")
                    yield Select(
                        [(tr(words), value) for value, words in _pairs(seats_option)],
                        value=str(d.seats),
                        allow_blank=False,
                        id="option-seats",
                        compact=True,
                    )
            kinds = self._kinds()
            offered = {value for _words, value in kinds}
            for seat in range(self.most):
                with self._row(f"row-seat-{seat}", default_name(seat)):
                    yield Static(classes="label")
                    yield Static(id=f"symbol-{seat}", classes="symbol")
                    name = d.names[seat] if seat < d.seats else ""
                    if not name or is_default_name(name, seat):
                        name = default_name(seat)  # the default, in the language shown
                    yield Input(name, id=f"name-{seat}", compact=True, max_length=NAME_LENGTH)
                    kind = d.kinds[seat] if seat < d.seats else HUMAN
                    yield Select(
                        kinds,
                        value=kind if kind in offered else HUMAN,
                        allow_blank=False,
                        id=f"kind-{seat}",
                        compact=True,
                    )
            for option in self.rules.table_options:
                if option is seats_option:
                    continue
                with self._row(f"row-{option.name}", tr(option.label)):
                    yield Static(classes="label")
                    yield Select(
                        self._choices(option, d.seats, list(d.names)),
                        value=d.options.get(option.name, option.default),
                        allow_blank=False,
                        id=f"option-{option.name}",
                        compact=True,
                    )
            with self._row("row-hints", _("Hints")):
                yield Static(classes="label")
                yield Select(
                    ((_("Off"), "off"), (_("Allowed"), "on")),
                    value="on" if d.hints else "off",
                    allow_blank=False,
                    id="hints",
                    classes="short",
                    compact=True,
                )
                # TRANSLATORS: beside the Hints setting, which matters only in a game
                # with another terminal, where the others are told of each hint asked for.
                yield Static(_("only with another terminal; told to others"), classes="hint")
            with self._row("row-seed", _("Seed")):
                yield Static(classes="label")
                yield Input(
                    "" if d.seed is None else str(d.seed),
                    placeholder=_("random"),
                    id="seed",
                    compact=True,
                    type="integer",
                )
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), id="start", variant="primary", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield KeyBar()

    def _choices(
        self, option: TableOption, seats: int, names: list[str]
    ) -> list[tuple[str | Text, str]]:
        """An option's menu at a table of ``seats``: a seat-numbered option
        offers the seats by the names typed, each with its mark."""
        from engine.game import RANDOM

        choices: list[tuple[str | Text, str]] = []
        for value in option.values_for(seats):
            words = option.word(value)
            if option.per_seat and value != RANDOM:
                seat = int(value)
                name = names[seat] if seat < len(names) and names[seat] else default_name(seat)
                mark = self._mark(seat)
                choices.append((Text.assemble(mark, " ", name) if mark else Text(name), value))
            else:
                choices.append((tr(words) if words is not None else value, value))
        return choices

    def _mark(self, seat: int) -> Text | None:
        if self.marks is None:
            return None
        return self.marks(seat, self.app.has_class("ascii"))

    # --- following the player's choices ---------------------------------------------

    def on_mount(self) -> None:
        # The labels' column is as wide as the longest label in this language
        # (with its pointer), so that the words beside the fields keep their room.
        width = max(17, *(cell_len(title) + 3 for title in self.titles.values()))
        for label in self.query("#title, .row .label"):
            label.styles.width = width
        self._follow_seats()
        self._mark_focus()

    def on_ascii_changed(self, _message: AsciiChanged) -> None:
        self._draw_marks()
        self._update_seat_options()

    def seats(self) -> int:
        """The seat count chosen."""
        found = self.query("#option-seats").results(Select)
        for menu in found:
            return int(str(menu.value))
        return self.rules.seat_counts[0]

    def _names(self) -> list[str]:
        """The names as typed, each seat's default where none is."""
        return [
            self.query_one(f"#name-{seat}", Input).value.strip() or default_name(seat)
            for seat in range(self.seats())
        ]

    def _draw_marks(self) -> None:
        for seat in range(self.most):
            mark = self._mark(seat)
            self.query_one(f"#symbol-{seat}", Static).update(mark or "")
        # Textual draws a drop-down's arrows as triangles whatever the font.
        down, up = ("v", "^") if self.app.has_class("ascii") else ("▼", "▲")
        for arrow in self.query(".down-arrow").results(Static):
            arrow.update(down)
        for arrow in self.query(".up-arrow").results(Static):
            arrow.update(up)

    def _follow_seats(self) -> None:
        # Only the seats of the chosen count show (a hidden field is no focus stop).
        seats = self.seats()
        for seat in range(self.most):
            row = self.query_one(f"#row-seat-{seat}")
            row.display = seat < seats
            # The seats read as one block, with a line after the last shown.
            row.set_class(seat < seats - 1, "tight")
        self._draw_marks()
        self._update_seat_options()

    def _update_seat_options(self) -> None:
        """Seat-numbered menus offer the seats there are, by the names typed."""
        seats, names = self.seats(), self._names()
        for option in self.rules.table_options:
            if not option.per_seat:
                continue
            menu = self.query_one(f"#option-{option.name}", Select)
            chosen = menu.value
            choices = self._choices(option, seats, names)
            menu.set_options(choices)
            values = [value for _words, value in choices]
            if chosen in values:
                if menu.value == chosen:
                    # Textual redraws the drop-down's face only for a new value.
                    menu.mutate_reactive(Select.value)  # type: ignore[misc]
                else:
                    menu.value = chosen
            else:
                menu.value = option.default if option.default in values else values[0]

    @on(Select.Changed, "#option-seats")
    def _seats_changed(self) -> None:
        self._follow_seats()

    @on(Input.Changed, ".row Input")
    def _name_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("name-"):
            self._update_seat_options()

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def on_descendant_blur(self) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """Point at the row with focus: an arrow and reversed label, clear in any colours."""
        self.mark_game_row()
        focused = self.focused
        for row in self.query(".row").results(Horizontal):
            current = focused is not None and focused in row.walk_children()
            row.set_class(current, "-current")
            title = self.titles.get(row.id or "", "")
            row.query_one(".label", Static).update(f"{'>' if current else ' '} {title}")

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        # Enter in a field moves on, as Tab does; Enter on Start or ctrl+s starts.
        event.stop()
        self.focus_next()

    # --- the answer -------------------------------------------------------------

    def switched(self, kind: str) -> GameForm:
        seats = self.seats()
        kinds = tuple(str(self.query_one(f"#kind-{s}", Select).value) for s in range(seats))
        typed = GameForm(
            kind=self.kind,
            names=tuple(name[:NAME_LENGTH] for name in self._names()),
            kinds=kinds,
            hints=self.query_one("#hints", Select).value == "on",
        )
        from engine.games import game

        rules = game(kind)
        fits = seats if seats in rules.seat_counts else rules.seat_counts[0]
        return carried(typed, kind, fits)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        answer = self.answer()
        if answer is not None:
            self.dismiss(answer)

    @on(Button.Pressed, "#back")
    def action_cancel(self) -> None:
        self.dismiss(None)

    def answer(self) -> TableAnswer | None:
        """The chosen set-up, or None after showing what is wrong."""
        from engine.game import SEATS_OPTION

        seats = self.seats()
        names = unique(self._names())
        kinds = tuple(str(self.query_one(f"#kind-{s}", Select).value) for s in range(seats))
        options = {SEATS_OPTION: str(seats)} if self._seat_count_option() else {}
        for option in self.rules.table_options:
            if option.name != SEATS_OPTION:
                options[option.name] = str(self.query_one(f"#option-{option.name}", Select).value)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                seed = -1
            if not 0 <= seed < 2**63:
                self.query_one("#error", Static).update(
                    _("The seed must be a whole number from 0 up, or empty for a random game.")
                )
                return None
        return TableAnswer(
            kind=self.kind,
            names=names,
            kinds=kinds,
            options=options,
            hints=self.query_one("#hints", Select).value == "on",
            seed=seed,
        )


def _pairs(option: TableOption) -> list[tuple[str, Any]]:
    return list(zip(option.values, option.words, strict=True))


__all__ = [
    "AWAY",
    "HUMAN",
    "NewGameForm",
    "SwitchGame",
    "TableAnswer",
    "TableFormScreen",
    "carried",
    "default_name",
    "is_default_name",
]
