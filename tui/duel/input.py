"""From a key or a click to a decision: plain code, no Textual.

The game screen holds a :class:`Selection` (the cursor, the first slot of a
swap, the unload on show) and hands each input here with the game state;
:func:`decide` answers with a :class:`Decision`: the selection after it, the
action to hand to the match (if any), and what to say. The screen only
carries the decision out, so every rule of how keys combine into an action
is testable without a terminal, and a key that means nothing here changes
nothing.

The match still has the last word: it refuses an action of the wrong seat,
and the engine one that is illegal (:meth:`match.match.Match.play`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from engine.duel import (
    Action,
    GameState,
    Play,
    Swap,
    Take,
    Unload,
    UnloadPreview,
    preview_unload,
    why_illegal,
)
from engine.duel.actions import PASS, PLACES, STOP, UNLOADS
from engine.duel.invariants import SLOTS as BOAT_SLOTS
from tui.duel import cursor as nav
from tui.duel.help.keys import TOKEN_TOPICS
from tui.duel.keys import boat_of
from tui.i18n import _, tr


@dataclass(frozen=True)
class Selection:
    """What the player has pointed at and not yet played."""

    cursor: nav.Position = nav.START
    selected: tuple[int, int] | None = None  # (boat, slot): a swap's first slot
    preview: UnloadPreview | None = None  # an unload shown before it is made
    line: str | None = None  # "r" or "c" typed: the first key of a boat's name


class Said(NamedTuple):
    """Words for the message line; ``topic`` is what ``?`` opens while they show."""

    text: str
    error: bool = False
    topic: str | None = None


@dataclass(frozen=True)
class Decision:
    selection: Selection
    action: Action | None = None  # to hand to the match
    said: Said | None = None  # None: the message line keeps what it shows
    back_out: bool = False  # ask the match to drop the token in progress


# The inputs: what the player did, whichever key or click it came from.


class Move(NamedTuple):
    d_row: int
    d_col: int


class Enter(NamedTuple):
    pass


class Digit(NamedTuple):
    number: int  # 1-9, as pressed


class BoatKey(NamedTuple):
    boat: int


class LineKey(NamedTuple):
    """r or c: the first key of a boat's name (R1-R3, C1-C3); a digit follows."""

    line: str


class TokenKey(NamedTuple):
    token: str


class StopKey(NamedTuple):
    pass


class PassKey(NamedTuple):
    pass


class Back(NamedTuple):
    pass


class CellClick(NamedTuple):
    cell: int


class SlotClick(NamedTuple):
    boat: int
    slot: int | None  # None: the boat, not one of its slots


Input = (
    Move
    | Enter
    | Digit
    | BoatKey
    | LineKey
    | TokenKey
    | StopKey
    | PassKey
    | Back
    | CellClick
    | SlotClick
)


def step_of(state: GameState) -> str | None:
    """The step of the action token in progress, if any."""
    return state.pending.step if state.pending is not None else None


def decide(state: GameState, selection: Selection, given: Input) -> Decision:
    """What ``given`` means in ``state`` with ``selection`` held."""
    if selection.line is not None:
        return _after_line(state, replace(selection, line=None), selection.line, given)
    keep = Decision(selection)
    match given:
        case Move(d_row, d_col):
            moved = replace(selection, cursor=nav.move(selection.cursor, d_row, d_col))
            if selection.preview is None:
                return Decision(moved)
            return Decision(replace(moved, preview=None), said=Said(""))
        case Enter():
            if selection.preview is not None:
                return Decision(selection, action=UNLOADS[selection.preview.boat])
            target = nav.target_at(selection.cursor)
            if target is None:
                return keep
            if target.kind == "cell":
                return Decision(selection, action=PLACES[target.number])
            return _boat_slot(state, selection, target.number, target.slot)
        case Digit(number):
            return _digit(state, selection, number)
        case BoatKey(boat):
            if step_of(state) in ("take", "swap"):
                at_boat = replace(selection, cursor=nav.position_of(nav.Target("slot", boat, 0)))
                return Decision(
                    at_boat,
                    said=Said(
                        _("Now press 1, 2 or 3 for the slot (or move with the arrows and Enter).")
                    ),
                )
            return Decision(selection, action=UNLOADS[boat])
        case LineKey(line):
            return Decision(
                replace(selection, line=line),
                said=Said(
                    _("Boat {line}: now its number, 1, 2 or 3 (Esc cancels).").format(
                        line=line.upper()
                    )
                ),
            )
        case TokenKey(token):
            return Decision(selection, action=Play(token))
        case StopKey():
            return Decision(selection, action=STOP)
        case PassKey():
            return Decision(selection, action=PASS)
        case Back():
            return _back(state, selection)
        case CellClick(cell):
            at_cell = replace(selection, cursor=nav.position_of(nav.Target("cell", cell)))
            return Decision(at_cell, action=PLACES[cell])
        case SlotClick(boat, slot):
            if slot is not None:
                selection = replace(
                    selection, cursor=nav.position_of(nav.Target("slot", boat, slot))
                )
            return _boat_slot(state, selection, boat, slot)
    return keep


def _after_line(state: GameState, selection: Selection, line: str, given: Input) -> Decision:
    """The key after r or c: a digit completes the boat's name; Esc, or any
    other key, drops the r or c (and that other key does what it does)."""
    if isinstance(given, Digit):
        boat = boat_of(line, given.number)
        if boat is None:
            return Decision(
                selection,
                said=Said(
                    _("There is no boat {boat}: the boats are R1-R3 and C1-C3.").format(
                        boat=f"{line.upper()}{given.number}"
                    ),
                    error=True,
                ),
            )
        return decide(state, selection, BoatKey(boat))
    if isinstance(given, Back):
        return Decision(selection, said=Said(_("Boat choice cleared.")))
    return decide(state, selection, given)


def _digit(state: GameState, selection: Selection, number: int) -> Decision:
    if step_of(state) in ("take", "swap"):
        target = nav.target_at(selection.cursor)
        if target is None or target.kind != "slot":
            return Decision(
                selection,
                said=Said(_("First choose a boat by its name (r1-r3, c1-c3), then its slot, 1-3.")),
            )
        if number > BOAT_SLOTS:
            return Decision(selection, said=Said(_("A boat has slots 1, 2 and 3."), error=True))
        at_slot = replace(
            selection, cursor=nav.position_of(nav.Target("slot", target.number, number - 1))
        )
        return _boat_slot(state, at_slot, target.number, number - 1)
    at_cell = replace(selection, cursor=nav.position_of(nav.Target("cell", number - 1)))
    return Decision(at_cell, action=PLACES[number - 1])


def _boat_slot(state: GameState, selection: Selection, boat: int, slot: int | None) -> Decision:
    step = step_of(state)
    if step not in ("take", "swap"):
        return Decision(selection, action=UNLOADS[boat])
    if slot is None:
        return Decision(selection, said=Said(_("Choose a slot of that boat: 1, 2 or 3.")))
    if step == "take":
        return Decision(selection, action=Take(boat, slot))
    chosen = selection.selected
    if chosen is None or chosen[0] != boat:
        # Check the boat with any pair of its slots: the reason names the boat.
        reason = why_illegal(state, Swap(boat, 0, 1))
        if reason is not None:
            words = _("Not allowed: {reason}.").format(reason=tr(reason))
            return Decision(selection, said=Said(words, error=True))
        return Decision(
            replace(selection, selected=(boat, slot)),
            said=Said(_("Slot {slot} chosen: now the slot to swap it with.").format(slot=slot + 1)),
        )
    if chosen[1] == slot:
        return Decision(replace(selection, selected=None), said=Said(_("Swap cleared.")))
    return Decision(selection, action=Swap(boat, min(slot, chosen[1]), max(slot, chosen[1])))


def _back(state: GameState, selection: Selection) -> Decision:
    if selection.preview is not None:
        return Decision(
            replace(selection, preview=None),
            said=Said(_("Unload cancelled: nothing has changed.")),
        )
    if selection.selected is not None:
        return Decision(replace(selection, selected=None), said=Said(_("Swap cleared.")))
    return Decision(selection, back_out=state.pending is not None)


def back_out_refused() -> Said:
    """What Esc says when the match keeps a token whose first part is done."""
    return Said(_("Part of this token is already done; press z to undo step by step."))


def offer(state: GameState, selection: Selection, action: Action, *, previews: bool) -> Decision:
    """The last step before the match: with previews on, a legal unload is
    first shown, and made only when asked for again (Enter or its key)."""
    if isinstance(action, Unload) and previews and why_illegal(state, action) is None:
        shown = selection.preview
        if shown is None or shown.boat != action.boat:
            return Decision(replace(selection, preview=preview_unload(state, action.boat)))
    return Decision(selection, action=action)


def help_topic(state: GameState, selection: Selection) -> str | None:
    """The help topic for what the cursor or the token in progress is about."""
    if state.pending is not None:
        return TOKEN_TOPICS[state.pending.token]
    target = nav.target_at(selection.cursor)
    if target is None:
        return None
    return "place" if target.kind == "cell" else "unload"
