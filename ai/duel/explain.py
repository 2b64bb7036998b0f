"""Hints: what the hard player would do now, with a reason in plain words."""

from __future__ import annotations

import random

from ai.duel.evaluate import points
from ai.duel.hidden import determinize
from ai.duel.players import MAX_BUDGET, StopSignal, stop_check
from ai.duel.tree import hard_search
from engine.duel import (
    NO_PLAYER,
    Action,
    GameState,
    Pass,
    Place,
    Play,
    Player,
    Stop,
    Swap,
    Take,
    Unload,
    apply_unchecked,
    legal_actions,
)
from engine.duel.tokens import (
    BOAT_LINES,
    CELL_BOATS,
    boat_words,
    cell_words,
    token_name,
)
from engine.message import Listing, Message, msg, pmsg

HINT_BUDGET = 0.5


def _ordinal(n: int) -> Message:
    # English picks the suffix; the other languages write every ordinal alike
    # ("2.", "2-й"), so each of the four templates gets the same translation.
    if 10 <= n % 100 <= 20:
        # TRANSLATORS: an ordinal number; the English suffixes (st, nd, rd, th)
        # are four templates, which other languages may all word the same.
        return pmsg("ordinal", "{n}th", n=n)
    if n % 10 == 1:
        return pmsg("ordinal", "{n}st", n=n)
    if n % 10 == 2:
        return pmsg("ordinal", "{n}nd", n=n)
    if n % 10 == 3:
        return pmsg("ordinal", "{n}rd", n=n)
    return pmsg("ordinal", "{n}th", n=n)


def gained(before: Player, after: Player) -> list[Message]:
    """The tokens ``after`` holds beyond ``before``, in words."""
    names = [
        # TRANSLATORS: "gained token" names a token a player would get, in a
        # list after "gives you"/"gives your opponent"; {ordinal} is e.g. "2nd".
        pmsg("gained token", "the {ordinal} obelisk", ordinal=_ordinal(n))
        for n in range(before.obelisks + 1, after.obelisks + 1)
    ]
    names += [
        pmsg("gained token", "the {ordinal} light pyramid", ordinal=_ordinal(n))
        for n in range(before.light + 1, after.light + 1)
    ]
    names += [
        pmsg("gained token", "the {ordinal} dark pyramid", ordinal=_ordinal(n))
        for n in range(before.dark + 1, after.dark + 1)
    ]
    names += [
        pmsg("gained token", "temple {circles}", circles=v)
        for v in after.temples[len(before.temples) :]
    ]
    names += [
        pmsg("gained token", "burial chamber {number}", number=n)
        for n in after.chambers
        if n not in before.chambers
    ]
    spent = list(before.actions)
    for token in after.actions:
        if token in spent:
            spent.remove(token)
        else:
            names.append(pmsg("gained token", "a {name} token", name=token_name(token)))
    return names


def _words(items: list[Message]) -> Message:
    """``items`` as one list: "a, b and c"."""
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the end of a list: {items} is the rest of it, separated by commas.
    return pmsg("list", "{items} and {last}", items=Listing(items[:-1]), last=items[-1])


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _held_points(state: GameState, who: int) -> int:
    # Meeples on the grid are left out: they come and go with every unload.
    return points(state, who) + len(state.players[who].actions)


def _effect(before: GameState, after: GameState, who: int) -> Message | None:
    """What a stretch of play gives each side, e.g. "gives you temple 3 (+3)"."""
    found = []
    for side in (who, 1 - who):
        tokens = gained(before.players[side], after.players[side])
        delta = _held_points(after, side) - _held_points(before, side)
        found.append((_words(tokens), _signed(delta)) if tokens else None)
    mine, theirs = found
    if mine is not None and theirs is not None:
        return msg(
            "gives you {mine} ({my_points}) and gives your opponent {theirs} ({their_points})",
            mine=mine[0],
            my_points=mine[1],
            theirs=theirs[0],
            their_points=theirs[1],
        )
    if mine is not None:
        return msg("gives you {tokens} ({points})", tokens=mine[0], points=mine[1])
    if theirs is not None:
        return msg("gives your opponent {tokens} ({points})", tokens=theirs[0], points=theirs[1])
    return None


def _step_words(state: GameState, action: Action) -> Message:
    if isinstance(action, Place):
        # TRANSLATORS: "hint step" is one step of a suggested turn, as the start
        # of a hint's reason ("unloading the row 2 boat gives you ..."); several
        # are joined with ", then".
        return pmsg("hint step", "a meeple on cell {cell}", cell=action.cell + 1)
    if isinstance(action, Unload):
        return pmsg("hint step", "unloading {boat}", boat=boat_words(action.boat, "object"))
    if isinstance(action, Take):
        slots = state.boats[action.boat]
        assert slots is not None
        return pmsg(
            "hint step",
            "taking {token} from {boat}",
            token=token_name(slots[action.slot]),
            boat=boat_words(action.boat, "owner"),
        )
    if isinstance(action, Swap):
        return pmsg(
            "hint step",
            "swapping slots {first} and {second} of {boat}",
            first=action.first + 1,
            second=action.second + 1,
            boat=boat_words(action.boat, "owner"),
        )
    if isinstance(action, Play):
        return pmsg("hint step", "playing {token}", token=token_name(action.token))
    if isinstance(action, Stop):
        return pmsg("hint step", "stopping here")
    return pmsg("hint step", "passing")


def _placement_reason(state: GameState, cell: int) -> Message:
    # Name the boat this meeple brings closest to an unload: a line that now
    # holds two meeples can be unloaded next turn.
    best: tuple[int, int] | None = None
    for boat in CELL_BOATS[cell]:
        if state.boats[boat] is None:
            continue
        others = sum(1 for c in BOAT_LINES[boat] if c != cell and state.grid[c] != NO_PLAYER)
        if best is None or others > best[0]:
            best = (others, boat)
    if best is None:
        return msg("every boat near it has left, so it waits safely for the end")
    others, boat = best
    slots = state.boats[boat]
    assert slots is not None
    cargo = Listing(token_name(t) for t in slots)
    if others >= 1:
        return msg(
            "it lines up {boat} ({cargo}) for a later unload",
            boat=boat_words(boat, "object"),
            cargo=cargo,
        )
    return msg("it claims a place on {boat} ({cargo})", boat=boat_words(boat, "owner"), cargo=cargo)


def explain(state: GameState, steps: tuple[Action, ...], rng: random.Random) -> Message:
    """One line on why to take ``steps`` (the rest of the turn) from ``state``."""
    who = state.turn
    first = steps[0]
    if isinstance(first, Pass):
        return msg("nothing else is legal, so you pass")
    deal = determinize(state, rng)
    text = _step_words(state, first)
    after = deal
    for action in steps:
        after = apply_unchecked(after, action)
    for s, a in _walk(deal, steps[1:], first):
        if not isinstance(a, Stop):
            text = msg("{steps}, then {step}", steps=text, step=_step_words(s, a))
    effect = _effect(deal, after, who)
    if effect is not None:
        # TRANSLATORS: {steps} is what to do ("unloading the row 2 boat"),
        # {effect} what it brings ("gives you the 2nd obelisk (+1)").
        return msg("{steps} {effect}", steps=text, effect=effect)
    if isinstance(first, Place) and len(steps) == 1:
        return msg(
            "a meeple on {cell}: {reason}",
            cell=cell_words(first.cell),
            reason=_placement_reason(state, first.cell),
        )
    if isinstance(first, Stop):
        return msg("stopping here: another step would help your opponent more than you")
    return msg("{steps} sets you up best for the turns ahead", steps=text)


def brief(reason: Message) -> Message:
    """A reason from :func:`explain` without the steps it starts with, for a
    line too short for it whole (the hint's keys show the steps)."""
    effect = reason.values.get("effect")
    if reason.template == "{steps} {effect}" and isinstance(effect, Message):
        return effect
    if reason.template == "{steps} sets you up best for the turns ahead":
        return msg("it sets you up best for the turns ahead")
    return reason


def _walk(
    deal: GameState, rest: tuple[Action, ...], first: Action
) -> list[tuple[GameState, Action]]:
    state = apply_unchecked(deal, first)
    out = []
    for action in rest:
        out.append((state, action))
        state = apply_unchecked(state, action)
    return out


def hint(
    state: GameState,
    seed: int | None = None,
    time_budget: float | None = None,
    should_stop: StopSignal = None,
    max_passes: int | None = None,
) -> tuple[Action, Message]:
    """What the hard player would do now, and a one-line reason in plain words.

    The reason is a :class:`~engine.message.Message`: English as a ``str``,
    worded in the player's language by whoever shows it.
    """
    actions = legal_actions(state)
    if not actions:
        raise ValueError("the game is over: there is nothing to hint")
    rng = random.Random(seed)
    if len(actions) == 1:
        only = actions[0]
        if isinstance(only, Pass):
            return only, msg("nothing else is legal, so you pass")
        return only, msg("{step} is the only legal step", step=_step_words(state, only))
    budget = HINT_BUDGET if time_budget is None else min(time_budget, MAX_BUDGET)
    steps = hard_search(state, rng, budget, stop_check(should_stop), max_passes).steps
    return steps[0], explain(state, steps, rng)
