"""From a key or a click to what it means, for the Builders game screen.

Pure: given the state, the legal decisions and what the player has chosen so
far (a ship, the arrow keys' place, a sail on show), :func:`decide` says
what a key or click does: a new choice, a decision for the engine, or words.
The engine decides whether a decision is legal; this only maps input to it.

The digits choose a ship, then a space on it; at the market they take a card
and under a Lever they pick the next stone. A site's letter (m p t b o), or a
click on the site, sails the chosen ship there: first on show, then Enter
(or the same letter or click again) makes it. ``s`` gets stones, ``l h a c``
play the blue cards, ``.`` passes, Esc steps back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.builders import (
    EMPTY,
    MARKET,
    Action,
    GameState,
    Get,
    Place,
    Play,
    Sail,
    SailPreview,
    Take,
    Unload,
    current_player,
)
from engine.builders.words import card_name
from tui.builders.help.cards import card_effect
from tui.builders.marks import Cursor
from tui.i18n import _, tr


@dataclass(frozen=True)
class Selection:
    ship: int | None = None  # the ship chosen
    cursor: Cursor = (0, 0)  # (ship, slot), or (0, market position)
    preview: SailPreview | None = None  # a sail on show


@dataclass(frozen=True)
class Digit:
    number: int  # 1..4


@dataclass(frozen=True)
class SiteKey:
    site: int


@dataclass(frozen=True)
class Move:
    rows: int
    columns: int


@dataclass(frozen=True)
class Enter:
    pass


@dataclass(frozen=True)
class Back:
    pass


@dataclass(frozen=True)
class Click:
    target: tuple[object, ...]  # see tui.builders.widgets.base.Target


@dataclass(frozen=True)
class Decide:
    action: Action  # get, pass, a blue card: the key names the decision itself


Input = Digit | SiteKey | Move | Enter | Back | Click | Decide


@dataclass(frozen=True)
class Decision:
    selection: Selection
    action: Action | None = None  # for the engine (a sail: shown first unless confirmed)
    confirmed: bool = False  # a sail already shown: make it
    said: str | None = None  # words for the message line
    topic: str | None = None  # the help topic those words are about
    drop_preview: bool = False
    error: bool = False  # the words refuse what was pressed


def at_market(state: GameState) -> bool:
    return state.step == "take"


def _first_empty(state: GameState, ship: int) -> int:
    slots = state.ships[ship]
    return slots.index(EMPTY) if EMPTY in slots else 0


def _sail(state: GameState, chosen: Selection, site: int) -> Decision:
    ship = chosen.ship
    if state.step == "sail" and state.card == "sail":
        ship = state.ship  # the Sail card sails the ship it loaded
    if ship is None:
        return Decision(
            chosen,
            said=_("Choose a ship first: its digit, or click it."),
            topic=("market", "pyramid", "temple", "chamber", "obelisks")[site],
        )
    preview = chosen.preview
    if preview is not None and (preview.ship, preview.site) == (ship, site):
        return Decision(chosen, action=Sail(ship, site), confirmed=True)
    return Decision(replace(chosen, ship=ship), action=Sail(ship, site))


def decide(state: GameState, legal: Sequence[Action], chosen: Selection, given: Input) -> Decision:
    """What ``given`` means now."""
    if state.over:
        return Decision(chosen)
    if isinstance(given, Decide):
        return Decision(chosen, action=given.action, drop_preview=True)
    if isinstance(given, Back):
        if chosen.preview is not None:
            # The ship goes too: the next digit chooses a ship again, as it
            # did before this one was chosen, and is not a space of this one.
            return Decision(replace(chosen, preview=None, ship=None), drop_preview=True, said="")
        return Decision(replace(chosen, ship=None))
    if isinstance(given, Move):
        return Decision(_moved(state, chosen, given), drop_preview=chosen.preview is not None)
    if isinstance(given, SiteKey):
        return _sail(state, chosen, given.site)
    if isinstance(given, Enter):
        return _enter(state, chosen)
    if isinstance(given, Digit):
        return _digit(state, chosen, given.number - 1)
    return _click(state, legal, chosen, given.target)


def _enter(state: GameState, chosen: Selection) -> Decision:
    preview = chosen.preview
    if preview is not None:
        return Decision(chosen, action=Sail(preview.ship, preview.site), confirmed=True)
    row, column = chosen.cursor
    step = state.step
    if step == "take":
        return Decision(chosen, action=Take(column))
    if step == "unload":
        return Decision(chosen, action=Unload(column))
    if step == "sail":
        return Decision(
            replace(chosen, ship=row),
            said=_("Ship {ship} chosen: press a site's letter (m p t b o) to sail it.").format(
                ship=row + 1
            ),
        )
    cargo = state.ships[row] if row < len(state.ships) else ()
    if column < len(cargo) and cargo[column] == EMPTY:
        return Decision(chosen, action=Place(row, column))
    return Decision(
        replace(chosen, ship=row),
        said=_("Ship {ship} chosen: a site's letter sails it, a digit places on it.").format(
            ship=row + 1
        ),
    )


def _chosen_words(step: str, ship: int) -> str:
    if step == "sail":
        return _("Ship {ship} chosen: press a site's letter (m p t b o) to sail it.").format(
            ship=ship + 1
        )
    if step == "place":
        # A card's placing step: the ship cannot be sailed now.
        return _("Ship {ship} chosen: a digit places on that space.").format(ship=ship + 1)
    return _("Ship {ship} chosen: a digit places on that space, a site's letter sails it.").format(
        ship=ship + 1
    )


def _digit(state: GameState, chosen: Selection, index: int) -> Decision:
    step = state.step
    if step == "take":
        return Decision(replace(chosen, cursor=(0, index)), action=Take(index))
    if step == "unload":
        return Decision(replace(chosen, cursor=(state.ship, index)), action=Unload(index))
    if index >= len(state.ships):
        return Decision(
            chosen, said=_("There is no ship {ship} this round.").format(ship=index + 1)
        )
    if chosen.ship is None or step == "sail":
        if state.docked[index] != EMPTY:
            # Nothing can be done with a ship that has sailed: choosing it
            # would only turn the next digit into one of its spaces.
            return Decision(
                chosen,
                said=_("Ship {ship} has already sailed this round: choose another.").format(
                    ship=index + 1
                ),
                topic="sail",
                error=True,
            )
        # The first digit chooses a ship; its first empty space gets the cursor.
        return Decision(
            Selection(ship=index, cursor=(index, _first_empty(state, index))),
            drop_preview=chosen.preview is not None,
            said=_chosen_words(step, index),
        )
    ship = chosen.ship
    if index >= len(state.ships[ship]):
        # The engine says the ship has no such space; the cursor stays on one it has.
        return Decision(chosen, action=Place(ship, index))
    return Decision(replace(chosen, cursor=(ship, index)), action=Place(ship, index))


def _moved(state: GameState, chosen: Selection, given: Move) -> Selection:
    row, column = chosen.cursor
    if at_market(state):
        positions = len(state.market)
        step = given.columns or given.rows
        return replace(chosen, cursor=(0, (column + step) % positions), preview=None)
    ships = len(state.ships)
    if not ships:
        return chosen
    row = (row + given.rows) % ships
    column = min(column, len(state.ships[row]) - 1)
    column = (column + given.columns) % len(state.ships[row])
    return replace(chosen, cursor=(row, column), ship=row, preview=None)


def _click(
    state: GameState, legal: Sequence[Action], chosen: Selection, target: tuple[object, ...]
) -> Decision:
    kind = target[0]
    step = state.step
    if kind == "slot":
        ship, slot = int(str(target[1])), int(str(target[2]))
        if step == "unload":
            return Decision(chosen, action=Unload(slot))
        if step in ("turn", "place") and Place(ship, slot) in legal:
            return Decision(
                replace(chosen, cursor=(ship, slot), ship=ship), action=Place(ship, slot)
            )
        kind = "ship"  # a full space: the click chooses its ship
    if kind == "ship":
        ship = int(str(target[1]))
        return Decision(
            Selection(ship=ship, cursor=(ship, _first_empty(state, ship))),
            drop_preview=chosen.preview is not None,
            said=_("Ship {ship} chosen: click a site to sail it there.").format(ship=ship + 1),
        )
    if kind == "card":
        if step == "take":
            position = int(str(target[1]))
            return Decision(replace(chosen, cursor=(0, position)), action=Take(position))
        return _sail(state, chosen, MARKET)
    if kind == "site":
        return _sail(state, chosen, int(str(target[1])))
    if kind == "confirm":
        return _sail(state, chosen, int(str(target[2])))
    if kind == "blue":
        return Decision(chosen, action=Play(str(target[1])), drop_preview=True)
    if kind == "held":
        card = str(target[1])
        return Decision(
            chosen,
            said=f"{tr(card_name(card))}: {card_effect(card)}",
            topic="cards",
        )
    if kind == "sled" and int(str(target[1])) == current_player(state):
        return Decision(chosen, action=Get(), drop_preview=True)
    return Decision(chosen)


__all__ = [
    "Back",
    "Click",
    "Decide",
    "Decision",
    "Digit",
    "Enter",
    "Input",
    "Move",
    "Selection",
    "SiteKey",
    "decide",
]
