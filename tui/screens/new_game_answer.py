"""What a new game form answers, for any game: who plays which seat and the
table's options (:class:`TableAnswer`), or another game to set up instead
(:class:`SwitchGame`). Kept apart from the form's widgets so that the app and
the games' shells read an answer without building a form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from match.clean import clean_text
from tui.files import NAME_LENGTH, GameForm
from tui.i18n import _

# Who plays a seat besides the game's computer levels: a person here, or one
# at another terminal who joins the table by its code.
HUMAN = "human"
AWAY = "away"


@dataclass(frozen=True)
class SwitchGame:
    """The answer of a form whose player chose another game: open that game's
    form, starting from ``form`` (its kind is the game chosen)."""

    form: GameForm


def default_name(seat: int) -> str:
    return _("Player {number}").format(number=seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is the seat's default name in any language we speak.

    A form remembers the names of the last game; a default made in German
    ("Spieler 1") is shown in the language of the next form, not kept.
    """
    from tui.i18n import LANGUAGES, translations

    template = "Player {number}"
    return name in {
        translations(language).gettext(template).format(number=seat + 1) for language in LANGUAGES
    }


def carried(form: GameForm, kind: str, seats: int) -> GameForm:
    """What of ``form`` another game's form keeps: the names and who plays,
    for ``seats`` seats (a computer only where the game has its level)."""
    from ai.players import levels

    own = {HUMAN, AWAY, *levels(kind)}
    names = [*form.names[:seats]]
    kinds = [kind if kind in own else HUMAN for kind in form.kinds[:seats]]
    names += [f"Player {seat + 1}" for seat in range(len(names), seats)]
    kinds += [HUMAN] * (seats - len(kinds))
    return GameForm(kind=kind, names=tuple(names), kinds=tuple(kinds), hints=form.hints)


@dataclass(frozen=True)
class TableAnswer:
    """What the form answers: who plays which seat, and the table's options."""

    kind: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]  # "human", "away" or a computer level of the game
    # The table options by name, the seat count among them for a game of several.
    options: Mapping[str, str] = field(default_factory=dict)
    hints: bool = False
    seed: int | None = None

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def table(self) -> dict[str, str]:
        """The options ``Game.deal`` takes (the seat count is given apart)."""
        from engine.game import SEATS_OPTION

        return {name: value for name, value in self.options.items() if name != SEATS_OPTION}

    def form(self) -> GameForm:
        """What of the answer the next game's form starts from."""
        from ai.players import levels

        own = {HUMAN, *levels(self.kind)}
        return GameForm(
            kind=self.kind,
            names=tuple(name[:NAME_LENGTH] for name in self.names),
            # A seat at another terminal is chosen anew each time: a table is
            # opened only when asked for.
            kinds=tuple(kind if kind in own else HUMAN for kind in self.kinds),
            options=dict(self.options),
            hints=self.hints,
        )

    @classmethod
    def from_form(cls, form: GameForm, kind: str) -> TableAnswer:
        """The answer a remembered form stands for, checked against the game's
        options: the settings file is text from disk, so whatever does not fit
        the game (another game's form, an unknown value) gives its default."""
        from ai.players import levels
        from engine.game import SEATS_OPTION
        from engine.games import game

        rules = game(kind)
        same = form.kind == kind
        given = form.options if same else {}
        seats = len(form.names) if same and len(form.names) == len(form.kinds) else 0
        if seats not in rules.seat_counts:
            count = given.get(SEATS_OPTION, "")
            seats = int(count) if count in map(str, rules.seat_counts) else rules.seat_counts[0]
        options = {}
        for option in rules.table_options:
            values = option.values_for(seats)
            value = str(seats) if option.name == SEATS_OPTION else given.get(option.name, "")
            options[option.name] = value if value in values else option.default
        own = {HUMAN, AWAY, *levels(kind)}
        names, kinds = [], []
        for seat in range(seats):
            name = form.names[seat] if same and seat < len(form.names) else ""
            names.append(clean_text(name, NAME_LENGTH).strip() or f"Player {seat + 1}")
            chosen = form.kinds[seat] if same and seat < len(form.kinds) else HUMAN
            kinds.append(chosen if chosen in own else HUMAN)
        return cls(kind, tuple(names), tuple(kinds), options, hints=same and form.hints)


def unique(names: list[str]) -> tuple[str, ...]:
    """The names, each told apart from any other it equals by its seat's number."""
    return tuple(
        f"{name} ({seat + 1})" if names.count(name) > 1 else name for seat, name in enumerate(names)
    )


__all__ = [
    "AWAY",
    "HUMAN",
    "SwitchGame",
    "TableAnswer",
    "carried",
    "default_name",
    "unique",
]
