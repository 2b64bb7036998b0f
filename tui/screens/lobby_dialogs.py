"""The lobby's dialogs: hosting a table, and choosing the computer's level."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from tui.i18n import N_, _, pgettext
from tui.paths import style_path
from tui.widgets.keybar import KeyBar

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


def _rules_choices() -> tuple[tuple[str, str], ...]:
    from engine.games import DEFAULT_KIND
    from tui.games import screens

    game = screens(DEFAULT_KIND)
    return () if game is None else game.RULES_CHOICES


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
