"""Who decides, the legal decisions, and applying one (the dispatch by phase).

:func:`apply_unchecked` trusts that its action came from :func:`legal_actions`;
the checked :func:`apply` refuses anything else with a reason a player can
read (:mod:`engine.kemet.reasons` says why a decision is not on the list).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.kemet import battle, choices, day, forces, moving
from engine.kemet.actions import STOP, Action, IllegalAction
from engine.kemet.chain import do_veto, legal_move_cards, legal_veto, play_card
from engine.kemet.core import S, Work
from engine.kemet.state import NONE, GameState
from engine.message import Message


def _legal_move(s: S) -> list[Action]:
    if s.group is None:
        return moving.legal_group(s)
    return [*moving.legal_steps(s), *legal_move_cards(s), STOP]


_LEGAL: Final[dict[str, Callable[[S], list[Action]]]] = {
    "pyramids": choices.legal_pyramids,
    "units": choices.legal_units,
    "vision": choices.legal_vision,
    "night": choices.legal_night,
    "order": choices.legal_order,
    "turn": day.legal_turn,
    "raise": day.legal_raise,
    "buy": day.legal_buy,
    "strategy": day.legal_strategy,
    "creature": day.legal_creature,
    "recruit": day.legal_recruit,
    "fight": day.legal_fight,
    "move": _legal_move,
    "escape": battle.legal_escape,
    "veto": legal_veto,
    "commit": forces.legal_commit,
    "wound": battle.legal_wound,
    "loser": battle.legal_loser,
    "retreat": battle.legal_retreat,
    "winner": battle.legal_winner,
    "delta": choices.legal_sacrifice,
    "sanctuary": choices.legal_sacrifice,
}

_DO: Final[dict[str, Callable[[Work, Action], None]]] = {
    "pyramids": choices.do_pyramids,
    "units": choices.do_units,
    "vision": choices.do_vision,
    "night": choices.do_night,
    "order": choices.do_order,
    "turn": day.do_turn,
    "raise": day.do_raise,
    "buy": day.do_buy,
    "strategy": day.do_strategy,
    "creature": day.do_creature,
    "recruit": day.do_recruit,
    "fight": day.do_fight,
    "move": moving.do_move,
    "escape": battle.do_escape,
    "veto": do_veto,
    "commit": battle.do_commit,
    "wound": battle.do_wound,
    "loser": battle.do_loser,
    "retreat": battle.do_retreat,
    "winner": battle.do_winner,
    "delta": choices.do_delta,
    "sanctuary": choices.do_sanctuary,
}


# The steps the parts of the rules leave for the dispatcher (Work.todo).
_THEN: Final[dict[str, Callable[..., None]]] = {
    "battle": battle.start_battle,
    "escape": battle.escape_resolved,
    "creature_done": battle.after_creature,
    "fights": battle.next_fight,
    "play": play_card,
}


def current_player(state: GameState) -> int:
    """The seat that decides now, or -1 once the game is over."""
    return NONE if state.phase == "over" else state.actor


def legal_actions(state: GameState) -> list[Action]:
    """Every legal decision now; empty once the game is over."""
    if state.phase == "over":
        return []
    return _LEGAL[state.phase](state)


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The next state, for an action taken from :func:`legal_actions`."""
    w = Work(state)
    _DO[state.phase](w, action)
    todo = w.todo
    while todo:
        step: tuple[Any, ...] = todo.pop(0)
        _THEN[step[0]](w, *step[1:])
    w.ply += 1
    return w.freeze()


def why_illegal(state: GameState, action: Action) -> Message | None:
    """Why ``action`` is not legal now, or None when it is."""
    if state.phase != "over" and action in legal_actions(state):
        return None
    from engine.kemet.reasons import reason

    return reason(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """The next state; raises :class:`IllegalAction` with a readable reason."""
    problem = why_illegal(state, action)
    if problem is not None:
        raise IllegalAction(problem)
    return apply_unchecked(state, action)


__all__ = ["apply", "apply_unchecked", "current_player", "legal_actions", "why_illegal"]
