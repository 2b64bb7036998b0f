"""The new game screen: names, monument sides, who starts, the rules, an optional seed.

Every field has a default, so ctrl+s starts a game at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Select, Static

from engine.duel.scoring import (
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
from engine.duel.state import Rules
from match.clean import clean_text
from tui.ascii_widgets import AsciiChanged
from tui.duel.glyphs import ASCII, PLAYER_STYLES, UNICODE, Glyphs
from tui.files import NAME_LENGTH, GameForm, SeatKind
from tui.i18n import N_, _
from tui.screens.new_game import NewGameForm, carried, is_default_name
from tui.widgets.keybar import KeyBar

MONUMENTS = (
    ("obelisk", N_("Obelisk")),
    ("temple", N_("Temple")),
    ("pyramids", N_("Pyramids")),
    ("chamber", N_("Burial chamber")),
)
# The form's rows from top to bottom, as their labels read (translated when shown).
ROW_TITLES = (
    N_("Player 1"),
    N_("Player 2"),
    *(title for _key, title in MONUMENTS),
    N_("Who starts"),
    N_("Rules"),
    N_("Hints"),
    N_("Seed"),
)

# The rules a game is played by (engine.duel.state.Rules) and a line on what they do.
RULES_CHOICES = (
    (N_("Classic"), "classic"),
    # TRANSLATORS: the rules of the online version (Yucata.de) of the game.
    (N_("Online"), "online"),
)
# TRANSLATORS: these stand beside the rules' menu on an 80-column screen:
# at most about 45 characters.
RULES_REMINDERS = {
    "classic": N_("a boat is refilled right after its unload"),
    "online": N_("refills when the turn ends; random starter"),
}


def _series(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


# One line per monument side, built from the engine's tables so it cannot drift.
# TRANSLATORS: these reminders stand beside the side's menu on an 80-column
# screen: at most about 45 characters.
_REMINDERS: dict[tuple[str, str], tuple[str, dict[str, object]]] = {
    ("obelisk", "A"): (
        N_("1 per obelisk, +{majority} for holding the most"),
        {"majority": OBELISK_A_MAJORITY},
    ),
    ("obelisk", "B"): (
        N_("first to 5 scores {first}, the other {second} at 5; {ten} at 10"),
        {"first": OBELISK_B_FIRST, "second": OBELISK_B_SECOND, "ten": OBELISK_B_TEN},
    ),
    ("temple", "A"): (N_("1 per circle symbol on your temple tokens"), {}),
    ("temple", "B"): (
        N_("sets of different values score {series}"),
        {"series": _series(TEMPLE_B_SET[1:])},
    ),
    ("pyramids", "A"): (
        N_("each pyramid by height: {series}"),
        {"series": _series(PYRAMID_A[1:])},
    ),
    ("pyramids", "B"): (
        N_("only the smaller pyramid: {series}"),
        {"series": _series(PYRAMID_B)},
    ),
    ("chamber", "A"): (
        N_("runs of numbers score {series} by length"),
        {"series": _series(CHAMBER_A[1:])},
    ),
    ("chamber", "B"): (
        N_("every run of numbers scores {points}"),
        {"points": CHAMBER_B_PER_GROUP},
    ),
}


def reminder(key: str, side: str) -> str:
    """What a monument's side scores, in the current language."""
    template, values = _REMINDERS[key, side]
    return _(template).format(**values)


# The English reminders (made before any language is chosen).
REMINDERS = {key: reminder(*key) for key in _REMINDERS}

PLAYER_KINDS = (
    (N_("Human"), "human"),
    (N_("Computer (easy)"), "easy"),
    (N_("Computer (medium)"), "medium"),
    (N_("Computer (tough)"), "tough"),
    (N_("Computer (hard)"), "hard"),
    # A person at another terminal: the game opens as a table with a code.
    (N_("Another terminal"), "away"),
)
_OFFERED_KINDS = frozenset(value for _words, value in PLAYER_KINDS)


@dataclass(frozen=True)
class GameOptions:
    names: tuple[str, str] = ("Player 1", "Player 2")
    kinds: tuple[str, str] = ("human", "human")
    sides: str = "AAAA"
    starter: int | None = 0  # None: chosen at random
    seed: int | None = None
    rules: Rules = "classic"  # "online": who starts is drawn, whatever ``starter`` says
    # Hints against a person in another terminal: a rule of the table, off
    # unless chosen (at one keyboard, and against the computer, always on).
    hints: bool = False

    @classmethod
    def from_form(cls, form: GameForm) -> GameOptions:
        """The options a remembered form stands for (without a seed: each game gets its own).

        The settings file is text from disk: a form of another game, or of
        values the Duel does not offer, gives the defaults for those.
        """
        if form.kind not in ("", "duel") or len(form.names) != 2 or len(form.kinds) != 2:
            return cls()
        names = (clean_text(form.names[0], NAME_LENGTH), clean_text(form.names[1], NAME_LENGTH))
        options = form.options
        sides = options.get("sides", "AAAA")
        starter = options.get("starter", "0")
        rules = options.get("rules", "classic")
        return cls(
            names=names,
            kinds=(form.kinds[0], form.kinds[1]),
            sides=sides if re.fullmatch("[AB]{4}", sides) else "AAAA",
            starter=None if starter == "random" else 1 if starter == "1" else 0,
            rules="online" if rules == "online" else "classic",
            hints=form.hints,
        )

    def form(self) -> GameForm:
        """What of these options the next game's form starts from."""
        starter = "random" if self.starter is None else "1" if self.starter else "0"
        return GameForm(
            kind="duel",
            names=(self.names[0][:NAME_LENGTH], self.names[1][:NAME_LENGTH]),
            kinds=(_seat_kind(self.kinds[0]), _seat_kind(self.kinds[1])),
            options={"sides": self.sides, "starter": starter, "rules": self.rules},
            hints=self.hints,
        )


def _seat_kind(kind: str) -> SeatKind:
    from ai.players import levels

    return kind if kind in levels("duel") else "human"


def default_name(who: int) -> str:
    return _("Player {number}").format(number=who + 1)


class NewGameScreen(NewGameForm):
    """The form; Enter on Start, or ctrl+s from any field, starts the game.
    Enter in a text field moves on.

    It answers :class:`GameOptions`, None for Back, or another game chosen
    in its top row (:class:`tui.screens.new_game.SwitchGame`).
    """

    kind = "duel"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("tab", "app.focus_next", N_("Next field")),
    ]
    # It opens on its first field, as every form does, however it was opened:
    # on Start, Enter began a game with whatever the form last held before the
    # player had looked at it.

    def __init__(self, defaults: GameOptions | None = None, *, computer: bool = True) -> None:
        super().__init__()
        self.defaults = defaults or GameOptions()
        self.computer = computer
        # Who was chosen to start before the online rules took the choice over.
        self._chosen_starter: object = None

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.app.has_class("ascii") else UNICODE

    def compose(self) -> ComposeResult:
        d = self.defaults
        # The form scrolls to whichever field has focus, so it is no focus stop
        # of its own: Tab goes from Back straight to the first name.
        with VerticalScroll(id="form", can_focus=False):
            yield from self.game_row()
            for who in (0, 1):
                with Horizontal(classes="row"):
                    yield Static(classes="label")
                    # The player's symbol in their colour, as the board will draw it.
                    yield Static(id=f"symbol-{who}", classes="symbol")
                    # The default name is the language's, whichever it was made in.
                    name = d.names[who]
                    if name == GameOptions.names[who] or is_default_name(name, who):
                        name = default_name(who)
                    yield Input(name, id=f"name-{who}", compact=True, max_length=NAME_LENGTH)
                    if self.computer:
                        kind = d.kinds[who] if d.kinds[who] in _OFFERED_KINDS else "human"
                        yield Select(
                            [(_(words), kind) for words, kind in PLAYER_KINDS],
                            value=kind,
                            allow_blank=False,
                            id=f"kind-{who}",
                            compact=True,
                        )
            for index, (key, _title) in enumerate(MONUMENTS):
                side = d.sides[index]
                # The four sides read as one block, which keeps the whole form
                # (rules and hints rows included) on a 24-line screen.
                last = index == len(MONUMENTS) - 1
                with Horizontal(classes="row" if last else "row tight"):
                    yield Static(classes="label")
                    yield Select(
                        ((_("Side A"), "A"), (_("Side B"), "B")),
                        value=side,
                        allow_blank=False,
                        id=f"side-{key}",
                        classes="side",
                        compact=True,
                    )
                    yield Static(reminder(key, side), id=f"hint-{key}", classes="hint")
            with Horizontal(classes="row"):
                yield Static(classes="label")
                yield Select(
                    self._starter_options(d.names),
                    value="random" if d.starter is None else str(d.starter),
                    allow_blank=False,
                    id="starter",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(classes="label")
                yield Select(
                    [(_(words), value) for words, value in RULES_CHOICES],
                    value=d.rules,
                    allow_blank=False,
                    id="rules",
                    classes="rules",
                    compact=True,
                )
                yield Static(_(RULES_REMINDERS[d.rules]), id="hint-rules", classes="hint")
            with Horizontal(classes="row"):
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
            with Horizontal(classes="row"):
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

    def on_mount(self) -> None:
        self._draw_glyphs()
        self._mark_focus()
        self._follow_rules()

    def on_ascii_changed(self, _message: AsciiChanged) -> None:
        self._draw_glyphs()

    def _draw_glyphs(self) -> None:
        glyphs = self.glyphs
        for who in (0, 1):
            symbol = Text.assemble((glyphs.meeples[who], PLAYER_STYLES[who]))
            self.query_one(f"#symbol-{who}", Static).update(symbol)
        # Textual draws a drop-down's arrows as triangles whatever the font.
        down, up = ("v", "^") if glyphs is ASCII else ("▼", "▲")
        for arrow in self.query(".down-arrow").results(Static):
            arrow.update(down)
        for arrow in self.query(".up-arrow").results(Static):
            arrow.update(up)
        self._update_starter()

    def _names(self) -> tuple[str, str]:
        """The names as typed, each player's default name where none is."""
        first, second = (
            self.query_one(f"#name-{who}", Input).value.strip() or default_name(who)
            for who in (0, 1)
        )
        return first, second

    def _starter_options(self, names: tuple[str, str]) -> list[tuple[Text, str]]:
        glyphs = self.glyphs
        options = [
            (Text.assemble((glyphs.meeples[who], PLAYER_STYLES[who]), " ", names[who]), str(who))
            for who in (0, 1)
        ]
        return [*options, (Text(_("Random")), "random")]

    def _update_starter(self) -> None:
        starter = self.query_one("#starter", Select)
        chosen = starter.value
        starter.set_options(self._starter_options(self._names()))
        if starter.value == chosen:
            # Textual redraws the drop-down's face only for a new value.
            starter.mutate_reactive(Select.value)  # type: ignore[misc]
        else:
            starter.value = chosen

    @on(Input.Changed, "#name-0, #name-1")
    def _name_changed(self) -> None:
        # "Who starts" offers the players by the names being typed.
        self._update_starter()

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def on_descendant_blur(self) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """Point at the row with focus: an arrow and reversed label, clear in any colours."""
        self.mark_game_row()
        focused = self.focused
        for row, title in zip(self.query(".row").results(Horizontal), ROW_TITLES, strict=True):
            current = focused is not None and focused in row.walk_children()
            row.set_class(current, "-current")
            label = row.query_one(".label", Static)
            label.update(f"{'>' if current else ' '} {_(title)}")

    def _rules(self) -> Rules:
        return "online" if self.query_one("#rules", Select).value == "online" else "classic"

    def _follow_rules(self) -> None:
        # The online rules draw who starts: the choice is shown, and closed.
        rules = self._rules()
        starter = self.query_one("#starter", Select)
        if rules == "online":
            if starter.value != "random":
                self._chosen_starter = starter.value
                starter.value = "random"
        elif self._chosen_starter is not None:
            starter.value = self._chosen_starter
            self._chosen_starter = None
        starter.disabled = rules == "online"
        self.query_one("#hint-rules", Static).update(_(RULES_REMINDERS[rules]))

    @on(Select.Changed)
    def _side_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id == "rules":
            self._follow_rules()
        if select_id.startswith("side-"):
            key = select_id.removeprefix("side-")
            self.query_one(f"#hint-{key}", Static).update(reminder(key, str(event.value)))

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        # A newcomer who typed a name and pressed Enter had the game start before
        # choosing an opponent. Enter in a field moves on, as Tab does; Enter on
        # Start or ctrl+s starts.
        event.stop()
        self.focus_next()

    def switched(self, kind: str) -> GameForm:
        kinds = ("human", "human")
        if self.computer:
            kinds = tuple(str(self.query_one(f"#kind-{who}", Select).value) for who in (0, 1))  # type: ignore[assignment]
        typed = GameForm(
            kind=self.kind,
            names=tuple(name[:NAME_LENGTH] for name in self._names()),
            kinds=kinds,
            hints=self.query_one("#hints", Select).value == "on",
        )
        return carried(typed, kind, 2)

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
        names = self._names()
        if names[0] == names[1]:
            names = (f"{names[0]} (1)", f"{names[1]} (2)")
        kinds = ("human", "human")
        if self.computer:
            kinds = tuple(str(self.query_one(f"#kind-{who}", Select).value) for who in (0, 1))  # type: ignore[assignment]
        sides = "".join(
            str(self.query_one(f"#side-{key}", Select).value) for key, _title in MONUMENTS
        )
        starter_value = str(self.query_one("#starter", Select).value)
        starter = None if starter_value == "random" else int(starter_value)
        rules = self._rules()
        if rules == "online":
            starter = None
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
        return GameOptions(
            names=(names[0], names[1]),
            kinds=(kinds[0], kinds[1]),
            sides=sides,
            starter=starter,
            seed=seed,
            rules=rules,
            hints=self.query_one("#hints", Select).value == "on",
        )
