"""A newcomer's guide: the current step of the game explained in a sentence or two.

The text only describes what :func:`engine.legal_actions` allows; it never
decides a rule itself, so the guide cannot contradict the engine. It speaks the
player's language (:mod:`tui.i18n`); boat names, cell numbers and keys are the
same in every language.
"""

from __future__ import annotations

from engine.duel import (
    Pass,
    Place,
    Play,
    Stop,
    Unload,
    legal_actions,
    outcome,
    step_prompt,
)
from engine.duel.state import GameState
from engine.duel.tokens import BOAT_NAMES, PLACE_TWO, PLACE_UNLOAD, SWAP_UNLOAD, TAKE
from tui.duel.help.keys import TOKEN_TOPICS, boat_key, key_label
from tui.i18n import _, tr


def _listing(items: list[str]) -> str:
    """``"a, b or c"`` in the current language."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list of choices: "R1 (a), R2 (b) or C1 (d)".
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


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
            _(
                "{name} can do nothing this turn: every meeple is on the grid and no boat "
                "can be unloaded, so {name} passes ({key})."
            ).format(name=name, key=key_label("pass")),
        )
    can_place = any(isinstance(a, Place) for a in legal)
    boats = _boats(legal)
    tokens = [a.token for a in legal if isinstance(a, Play)]
    token_hint: tuple[str, ...] = ()
    if tokens:
        keys = ", ".join(key_label(TOKEN_TOPICS[t]) for t in tokens)
        token_hint = (
            _("You may instead play an action token you hold ({keys}).").format(keys=keys),
        )
    if not boats:
        return (
            _("No boat can be unloaded yet: a boat needs two meeples in its line."),
            _("{name}, place a meeple with {keys}.").format(name=name, keys=key_label("cell")),
            *token_hint,
        )
    if not can_place:
        return (
            _(
                "All of {name}'s meeples are on the grid, so unload a boat to get them "
                "back: {boats}."
            ).format(name=name, boats=boats),
            *token_hint,
        )
    return (
        _(
            "{name}, place a meeple ({keys}) or unload a boat whose line holds "
            "two meeples: {boats}."
        ).format(name=name, keys=key_label("cell"), boats=boats),
        *token_hint,
        _("Unloading hands each meeple in that line a token, nearest the boat first."),
    )


def _pending_text(state: GameState, name: str, legal: list[object]) -> tuple[str, ...]:
    pending = state.pending
    assert pending is not None
    token, step = pending.token, pending.step
    may_stop = any(isinstance(a, Stop) for a in legal)
    if step == "take" and token == TAKE:
        return (
            _(
                "{name} takes one token that is not an action token from any boat: "
                "type the boat's name ({keys}), then its slot (1-3)."
            ).format(name=name, keys=key_label("boat")),
            _("The reserve refills the slot."),
        )
    if step == "swap":
        return (
            _(
                "{name} swaps two tokens of one boat: type its name ({keys}), then two slots (1-3)."
            ).format(name=name, keys=key_label("boat")),
            _("A boat must then be unloaded, not necessarily this one."),
        )
    if step == "place" and token == PLACE_UNLOAD:
        return (
            _("{name} places one meeple where it lets a boat be unloaded: cell {cells}.").format(
                name=name, cells=_cells(legal)
            ),
            _("An unload follows."),
        )
    if step in ("place", "place_more") and token == PLACE_TWO:
        keys = key_label("cell")
        if step == "place_more":
            if may_stop:
                return (
                    _("{name} may place a third meeple ({keys}) or press {stop} to stop.").format(
                        name=name, keys=keys, stop=key_label("stop")
                    ),
                )
            return (_("{name} may place a third meeple ({keys}).").format(name=name, keys=keys),)
        if pending.placed == 0:
            return (
                _("{name} places the first of at least two meeples ({keys}).").format(
                    name=name, keys=keys
                ),
            )
        return (
            _("{name} places the second of at least two meeples ({keys}).").format(
                name=name, keys=keys
            ),
        )
    if step == "unload" and token == SWAP_UNLOAD:
        return (
            _("Now {name} unloads a boat: {boats}.").format(name=name, boats=_boats(legal)),
            _("It need not be the boat just swapped."),
        )
    if step == "unload":
        return (
            _("Now {name} unloads a boat: {boats}.").format(name=name, boats=_boats(legal)),
            _("A second unload may follow."),
        )
    if step == "unload_more":
        if may_stop:
            return (
                _("{name} may unload a second boat: {boats}, or press {stop} to stop.").format(
                    name=name, boats=_boats(legal), stop=key_label("stop")
                ),
            )
        return (
            _("{name} may unload a second boat: {boats}.").format(name=name, boats=_boats(legal)),
        )
    # A step the guide does not know yet still gets the engine's own words.
    return (f"{name}: {tr(step_prompt(state))}.",)


def guide_sentences(state: GameState, names: tuple[str, str]) -> tuple[str, ...]:
    """What the player to move can do now, and why, for a first game.

    Whole sentences, the most useful first, so that a small window can show the
    first few (see :class:`tui.widgets.line.Line`).
    """
    result = outcome(state)
    if result is not None:
        return (
            _("The game is over: only one boat is left."),
            tr(result.describe(names)) + ".",
            _("Press {keys} to read how scoring works.").format(keys=key_label("help")),
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
