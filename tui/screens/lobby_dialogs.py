"""The lobby's dialogs: hosting a table, and choosing the computer's level."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from tui.i18n import N_, _, pgettext, tr
from tui.kinds import kind_word
from tui.paths import style_path
from tui.widgets.keybar import KeyBar

# The words for a computer level in a menu; a level of a game not listed
# here is shown in the words of a seat's kind (tui.kinds).
_LEVEL_TITLES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "tough": N_("Tough"),
    "hard": N_("Hard"),
}


def level_title(level: str) -> str:
    words = _LEVEL_TITLES.get(level)
    return _(words) if words is not None else kind_word(level)


def playable() -> tuple[str, ...]:
    """The games this version has screens for, the default game first."""
    from engine.games import DEFAULT_KIND
    from tui.games import GAMES

    kinds = [kind for kind, entry in GAMES.items() if entry.module is not None]
    return tuple(sorted(kinds, key=lambda kind: kind != DEFAULT_KIND))


@dataclass(frozen=True)
class HostChoice:
    invite: str | None  # a player's name, or None for anyone
    kind: str  # the game
    # The table's options as the game names them (engine.game.TableOption),
    # the seat count among them for a game of several.
    options: Mapping[str, str] = field(default_factory=dict)
    hints: bool = False  # a rule of the table: the other players are told of each hint


class HostScreen(ModalScreen[HostChoice | None]):
    """Open a table: for anyone, or kept for one player by name. The game's
    options are its own (the contract's table options), one menu each."""

    CSS_PATH = style_path("lobby.tcss")
    # ctrl+s opens the table from any field, as it starts a game from the new game form.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", N_("Cancel")),
        Binding("ctrl+s", "open", N_("Open the table"), priority=True),
    ]

    def __init__(self, kind: str | None = None) -> None:
        super().__init__()
        games = playable()
        self.kind = kind if kind in games else games[0]
        self.chosen: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        from tui.games import title

        games = playable()
        with Vertical(classes="dialog"):
            yield Static(_("Host a table"), classes="dialog-title")
            with Horizontal(classes="row"):
                # TRANSLATORS: the table is kept "for" the player named here.
                yield Label(pgettext("table for", "For"), classes="label")
                yield Input(
                    placeholder=_("anyone (or a player's name)"),
                    id="invite",
                    max_length=24,
                    compact=True,
                )
            if len(games) > 1:
                with Horizontal(classes="row"):
                    yield Label(_("Game"), classes="label")
                    yield Select(
                        [(title(kind), kind) for kind in games],
                        value=self.kind,
                        allow_blank=False,
                        id="game",
                        compact=True,
                    )
            with Vertical(id="options"):
                yield from self._option_rows()
            with Horizontal(classes="row"):
                yield Label(_("Hints"), classes="label")
                yield Select(
                    [(_("Off"), "off"), (_("Allowed (each hint is told)"), "on")],
                    value="off",
                    allow_blank=False,
                    id="hints",
                    compact=True,
                )
            yield Static("", id="problem")
            with Horizontal(classes="buttons"):
                yield Button(_("Open the table"), id="open", variant="primary", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield KeyBar()

    def _option_rows(self) -> list[Horizontal]:
        from engine.games import game

        rules = game(self.kind)
        seats_word = self._seats()
        seats = int(seats_word) if seats_word.isdigit() else rules.seat_counts[0]
        rows = []
        for option in rules.table_options:
            values = option.values_for(seats)
            value = self.chosen.get(option.name, option.default)
            menu = Select(
                [(tr(option.word(v) or v), v) for v in values],
                value=value if value in values else option.default,
                allow_blank=False,
                id=option.name,
                compact=True,
            )
            rows.append(Horizontal(Label(tr(option.label), classes="label"), menu, classes="row"))
        return rows

    def on_mount(self) -> None:
        self.query_one("#invite", Input).focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        from engine.game import SEATS_OPTION

        select = event.select
        if select.id == "game" and event.value != self.kind:
            self.kind = str(event.value)
            self.chosen = {}
        elif select.id == SEATS_OPTION and str(event.value) != self._seats():
            self.chosen = {**self._options(), SEATS_OPTION: str(event.value)}
        else:
            return  # a menu just mounted says its value too: nothing changed
        # Another game, or another seat count: the menus are the game's again
        # (a seat-numbered option offers only the seats there are).
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all(self._option_rows())

    def _seats(self) -> str:
        """The seat count the menus were made for, as the option words it."""
        from engine.game import SEATS_OPTION
        from engine.games import game

        rules = game(self.kind)
        return self.chosen.get(SEATS_OPTION, str(rules.seat_counts[0]))

    def _options(self) -> dict[str, str]:
        from engine.games import game

        chosen = {}
        for option in game(self.kind).table_options:
            menus = self.query(f"#{option.name}").results(Select)
            for menu in menus:
                chosen[option.name] = str(menu.value)
        return chosen

    def action_open(self) -> None:
        self._open()

    @on(Input.Submitted)
    @on(Button.Pressed, "#open")
    def _open(self) -> None:
        invite = self.query_one("#invite", Input).value.strip() or None
        hints = self.query_one("#hints", Select).value == "on"
        self.dismiss(HostChoice(invite, self.kind, self._options(), hints))

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)

    def show_problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(Text(text))


class ComputerScreen(ModalScreen[str | None]):
    """Pick the computer's level, among those the game's computer players have."""

    CSS_PATH = style_path("lobby.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", N_("Cancel")),
        Binding("ctrl+s", "play", N_("Play"), priority=True),
    ]

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        from ai.players import default_level, levels

        offered = tuple(level for level in levels(self.kind) if level != "random")
        with Vertical(classes="dialog"):
            yield Static(_("Play the computer"), classes="dialog-title")
            # The row keeps room below the menu for its open list, which
            # otherwise hung past the box over the lobby and hid the buttons.
            row = Horizontal(classes="row", id="level-row")
            row.styles.height = len(offered) + 1
            with row:
                yield Label(_("Level"), classes="label")
                yield Select(
                    [(level_title(level), level) for level in offered],
                    value=default_level(self.kind) or offered[0],
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
            with Horizontal(classes="buttons"):
                yield Button(_("Play"), id="play", variant="primary", compact=True)
                yield Button(_("Back"), id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        # On the level, as every dialog opens on its first field: on Play,
        # Enter started a game before the player had seen the levels.
        self.query_one("#level", Select).focus()

    def action_play(self) -> None:
        self._play()

    @on(Button.Pressed, "#play")
    def _play(self) -> None:
        self.dismiss(str(self.query_one("#level", Select).value))

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)
