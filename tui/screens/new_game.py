"""The new game screen: names, monument sides, who starts, an optional seed.

Every field has a default, so Enter starts a game at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from engine.scoring import (
    CHAMBER_A,
    CHAMBER_B_PER_GROUP,
    OBELISK_A_MAJORITY,
    OBELISK_B_FIRST,
    OBELISK_B_SECOND,
    OBELISK_B_TEN,
    PYRAMID_A,
    PYRAMID_B,
    TEMPLE_B_SET,
)
from tui.paths import style_path
from tui.widgets.keybar import KeyBar

MONUMENTS = (
    ("obelisk", "Obelisk"),
    ("temple", "Temple"),
    ("pyramids", "Pyramids"),
    ("chamber", "Burial chamber"),
)


def _series(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


# One line per monument side, built from the engine's tables so it cannot drift.
REMINDERS = {
    ("obelisk", "A"): f"1 per obelisk, +{OBELISK_A_MAJORITY} for holding the most",
    ("obelisk", "B"): (
        f"first to 5 scores {OBELISK_B_FIRST}, the other {OBELISK_B_SECOND} at 5; "
        f"{OBELISK_B_TEN} at 10"
    ),
    ("temple", "A"): "1 per circle symbol on your temple tokens",
    ("temple", "B"): f"sets of different values score {_series(TEMPLE_B_SET[1:])}",
    ("pyramids", "A"): f"each pyramid by height: {_series(PYRAMID_A[1:])}",
    ("pyramids", "B"): f"only the smaller pyramid: {_series(PYRAMID_B)}",
    ("chamber", "A"): f"runs of numbers score {_series(CHAMBER_A[1:])} by length",
    ("chamber", "B"): f"every run of numbers scores {CHAMBER_B_PER_GROUP}",
}

PLAYER_KINDS = (
    ("Human", "human"),
    ("Computer (easy)", "easy"),
    ("Computer (medium)", "medium"),
    ("Computer (hard)", "hard"),
)


@dataclass(frozen=True)
class GameOptions:
    names: tuple[str, str] = ("Player 1", "Player 2")
    kinds: tuple[str, str] = ("human", "human")
    sides: str = "AAAA"
    starter: int | None = 0  # None: chosen at random
    seed: int | None = None


class NewGameScreen(Screen[GameOptions | None]):
    CSS_PATH = style_path("new_game.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "start", "Start", show=False),
    ]

    def __init__(self, defaults: GameOptions | None = None, *, computer: bool = True) -> None:
        super().__init__()
        self.defaults = defaults or GameOptions()
        self.computer = computer

    def compose(self) -> ComposeResult:
        d = self.defaults
        # The form scrolls to whichever field has focus, so it is no focus stop
        # of its own: Tab goes from Back straight to the first name.
        with VerticalScroll(id="form", can_focus=False):
            yield Static("New game", id="title")
            for who in (0, 1):
                with Horizontal(classes="row"):
                    yield Label(f"Player {who + 1}", classes="label")
                    yield Input(d.names[who], id=f"name-{who}", compact=True, max_length=20)
                    if self.computer:
                        yield Select(
                            PLAYER_KINDS,
                            value=d.kinds[who],
                            allow_blank=False,
                            id=f"kind-{who}",
                            compact=True,
                        )
            for index, (key, title) in enumerate(MONUMENTS):
                side = d.sides[index]
                with Horizontal(classes="row"):
                    yield Label(title, classes="label")
                    yield Select(
                        (("Side A", "A"), ("Side B", "B")),
                        value=side,
                        allow_blank=False,
                        id=f"side-{key}",
                        classes="side",
                        compact=True,
                    )
                    yield Static(REMINDERS[key, side], id=f"hint-{key}", classes="hint")
            with Horizontal(classes="row"):
                yield Label("Who starts", classes="label")
                yield Select(
                    (("Player 1", "0"), ("Player 2", "1"), ("Random", "random")),
                    value="random" if d.starter is None else str(d.starter),
                    allow_blank=False,
                    id="starter",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(
                    "" if d.seed is None else str(d.seed),
                    placeholder="random",
                    id="seed",
                    compact=True,
                    type="integer",
                )
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    @on(Select.Changed)
    def _side_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id.startswith("side-"):
            key = select_id.removeprefix("side-")
            self.query_one(f"#hint-{key}", Static).update(REMINDERS[key, str(event.value)])

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        options = self.options()
        if options is not None:
            self.dismiss(options)

    @on(Button.Pressed, "#back")
    def action_cancel(self) -> None:
        self.dismiss(None)

    def options(self) -> GameOptions | None:
        """The chosen options, or None after showing what is wrong."""
        names = tuple(
            self.query_one(f"#name-{who}", Input).value.strip() or f"Player {who + 1}"
            for who in (0, 1)
        )
        if names[0] == names[1]:
            names = (f"{names[0]} (1)", f"{names[1]} (2)")
        kinds = ("human", "human")
        if self.computer:
            kinds = tuple(str(self.query_one(f"#kind-{who}", Select).value) for who in (0, 1))  # type: ignore[assignment]
        sides = "".join(str(self.query_one(f"#side-{key}", Select).value) for key, _ in MONUMENTS)
        starter_value = str(self.query_one("#starter", Select).value)
        starter = None if starter_value == "random" else int(starter_value)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                seed = -1
            if not 0 <= seed < 2**63:
                self.query_one("#error", Static).update(
                    "The seed must be a whole number from 0 up, or empty for a random game."
                )
                return None
        return GameOptions(
            names=(names[0], names[1]),
            kinds=(kinds[0], kinds[1]),
            sides=sides,
            starter=starter,
            seed=seed,
        )
