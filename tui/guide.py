"""A newcomer's guide: the current step of the game explained in a sentence or two.

The text only describes what :func:`engine.legal_actions` allows; it never
decides a rule itself, so the guide cannot contradict the engine.
"""

from __future__ import annotations

from engine import (
    Pass,
    Place,
    Play,
    Stop,
    Unload,
    legal_actions,
    outcome,
    step_prompt,
)
from engine.state import GameState
from engine.tokens import BOAT_NAMES, PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD, TAKE
from tui.help.topics import TOKEN_TOPICS, boat_key, key_label


def _listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _boats(actions: list[object]) -> str:
    """The unloadable boats with their keys, e.g. ``"R2 (b) or C1 (d)"``."""
    return _listing(
        [f"{BOAT_NAMES[a.boat]} ({boat_key(a.boat)})" for a in actions if isinstance(a, Unload)]
    )


def _cells(actions: list[object]) -> str:
    return _listing([str(a.cell + 1) for a in actions if isinstance(a, Place)])


def _turn_text(name: str, legal: list[object]) -> tuple[str, ...]:
    if any(isinstance(a, Pass) for a in legal):
        return (
            f"{name} can do nothing this turn: every meeple is on the grid and no boat "
            f"can be unloaded, so {name} passes ({key_label('pass')}).",
        )
    can_place = any(isinstance(a, Place) for a in legal)
    boats = _boats(legal)
    tokens = [a.token for a in legal if isinstance(a, Play)]
    token_hint: tuple[str, ...] = ()
    if tokens:
        keys = ", ".join(key_label(TOKEN_TOPICS[t]) for t in tokens)
        token_hint = (f"You may instead play an action token you hold ({keys}).",)
    if not boats:
        return (
            "No boat can be unloaded yet: a boat needs two meeples in its line.",
            f"{name}, place a meeple with {key_label('cell')}.",
            *token_hint,
        )
    if not can_place:
        return (
            f"All of {name}'s meeples are on the grid, so unload a boat to get them back: {boats}.",
            *token_hint,
        )
    return (
        f"{name}, place a meeple ({key_label('cell')}) or unload a boat whose line holds "
        f"two meeples: {boats}.",
        *token_hint,
        "Unloading hands each meeple in that line a token, nearest the boat first.",
    )


def _pending_text(state: GameState, name: str, legal: list[object]) -> tuple[str, ...]:
    pending = state.pending
    assert pending is not None
    token, step = pending.token, pending.step
    may_stop = any(isinstance(a, Stop) for a in legal)
    stop = f" or press {key_label('stop')} to stop" if may_stop else ""
    if step == "take" and token == TAKE:
        return (
            f"{name} takes one token that is not an action token from any boat: "
            f"press the boat's letter ({key_label('boat')}), then its slot (1-3).",
            "The reserve refills the slot.",
        )
    if step == "swap":
        return (
            f"{name} swaps two tokens of one boat: press its letter ({key_label('boat')}), "
            "then two slots (1-3).",
            "A boat must then be unloaded, not necessarily this one.",
        )
    if step == "place" and token == PLACE_UNLOAD:
        return (
            f"{name} places one meeple where it lets a boat be unloaded: cell {_cells(legal)}.",
            "An unload follows.",
        )
    if step in ("place", "place_more") and token == PLACE_TWO:
        if step == "place_more":
            return (f"{name} may place a third meeple ({key_label('cell')}){stop}.",)
        which = "first" if pending.placed == 0 else "second"
        return (f"{name} places the {which} of at least two meeples ({key_label('cell')}).",)
    if step == "unload" and token == SWAP_UNLOAD:
        return (
            f"Now {name} unloads a boat: {_boats(legal)}.",
            "It need not be the boat just swapped.",
        )
    if step == "unload":
        return (f"Now {name} unloads a boat: {_boats(legal)}.", "A second unload may follow.")
    if step == "unload_more":
        return (f"{name} may unload a second boat: {_boats(legal)}{stop}.",)
    # A step the guide does not know yet still gets the engine's own words.
    return (f"{name}: {step_prompt(state)}.",)


def guide_sentences(state: GameState, names: tuple[str, str]) -> tuple[str, ...]:
    """What the player to move can do now, and why, for a first game.

    Whole sentences, the most useful first, so that a small window can show the
    first few (see :class:`tui.widgets.line.Line`).
    """
    result = outcome(state)
    if result is not None:
        return (
            "The game is over: only one boat is left.",
            f"{result.describe(names)}.",
            f"Press {key_label('help')} to read how scoring works.",
        )
    name = names[state.turn]
    legal: list[object] = list(legal_actions(state))
    if state.pending is None:
        return _turn_text(name, legal)
    return _pending_text(state, name, legal)


def guide_text(state: GameState, names: tuple[str, str]) -> str:
    """The whole guide for the position, as one paragraph."""
    return " ".join(guide_sentences(state, names))


__all__ = ["guide_sentences", "guide_text"]
