"""The Move action (KEMET.md section 7): choosing a group, then its steps.

The moving group is off the board while it moves (it controls nothing,
section 20): ``units`` no longer counts it, :class:`~engine.kemet.state.Group`
does, and its creature's space is :data:`MOVING`. It lands when it stops or
enters a space held by an opponent (a battle, section 7.6).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.kemet import flow
from engine.kemet.actions import SKIP, Action, act
from engine.kemet.cards import CREATURES, GOD_SPEED, STARGATE, TELEPORT
from engine.kemet.core import (
    S,
    Work,
    creature_of,
    foreign_district,
    ignores_walls,
    layout,
    limit,
    occupant,
    owns,
    pay,
    pyramid_at,
    units_of,
)
from engine.kemet.state import NONE, Group

MOVING = -2  # a creature's space while it moves with a group


def legal_group(s: S) -> list[Action]:
    seat = s.actor
    out: list[Action] = []
    for sp in sorted(layout(s).in_play):
        n = units_of(s, seat, sp)
        if not n:
            continue
        beast = creature_of(s, seat, sp) != NONE
        for k in range(1, n + 1):
            out.append(act("group", sp, k, 0))
            if beast:
                out.append(act("group", sp, k, 1))
    out.append(SKIP)
    return out


def teleport_cost(s: S, seat: int) -> int:
    return pay(s, seat, 2 - (1 if owns(s, seat, STARGATE) else 0))


def can_teleport_from(s: S, g: Group) -> bool:
    """A held pyramid of level >= 1 here, or an obelisk with the tile Teleport (7.4)."""
    if pyramid_at(s, g.space)[0] != NONE:
        return True  # the group stands on it, so it holds it (section 20)
    return owns(s, s.actor, TELEPORT) and g.space in layout(s).side.obelisks


def teleport_targets(s: S, g: Group) -> list[int]:
    return [t for t in layout(s).obelisks if t != g.space and t not in g.visited]


def can_enter(s: S, g: Group, t: int) -> bool:
    """Troop limit, one creature, walls (7.2, 7.5)."""
    seat = s.actor
    if units_of(s, seat, t) + g.units > limit(s, seat):
        return False
    if g.creature != NONE and creature_of(s, seat, t) != NONE:
        return False
    walls = g.moved and not g.gates and not ignores_walls(s, seat, g.creature)
    return not (walls and foreign_district(s, seat, t))


def legal_steps(s: S) -> list[Action]:
    seat, g = s.actor, s.group
    assert g is not None
    out: list[Action] = []
    if g.mp >= 1:
        out += [act("go", t) for t in layout(s).neighbours[g.space] if can_enter(s, g, t)]
    if teleport_cost(s, seat) <= s.pp[seat] and can_teleport_from(s, g):
        out += [act("tp", t) for t in teleport_targets(s, g) if can_enter(s, g, t)]
    if g.moved:
        beast = 1 if g.creature != NONE else 0
        for n in range(g.units):
            for c in range(beast + 1):
                if n or c:
                    out.append(act("drop", n, c))
        here = units_of(s, seat, g.space) - g.dropped.count(g.space)
        mine = creature_of(s, seat, g.space)
        pickable = 1 if g.creature == NONE and mine not in (NONE, g.dropped_creature) else 0
        for n in range(here + 1):
            for c in range(pickable + 1):
                if n or c:
                    out.append(act("pick", n, c))
    return out


def do_move(w: Work, a: Action) -> None:
    seat, v = w.actor, a.verb
    g = w.group
    if v == "skip":
        flow.back_to_turn(w)
    elif v == "group":
        sp, n, c = a.args
        beast = creature_of(w, seat, sp) if c else NONE
        bonus = CREATURES[beast].move if beast != NONE else 0
        _lift(w, sp, n, beast)
        mp = 1 + (1 if owns(w, seat, GOD_SPEED) else 0) + bonus
        w.group = Group(sp, n, beast, mp, bonus, False, False, (sp,), (), NONE)
    elif v == "di":
        w.todo.append(("play", a, "move"))
    elif v == "stop":
        land(w)
        flow.back_to_turn(w)
    elif v == "go":
        assert g is not None
        w.group = replace(g, mp=g.mp - 1)
        arrive(w, a.args[0])
    elif v == "tp":
        w.gain_pp(seat, -teleport_cost(w, seat))
        arrive(w, a.args[0])
    elif v == "drop":
        assert g is not None
        _drop(w, g, *a.args)
    else:
        assert g is not None
        _pick(w, g, *a.args)


def _lift(w: Work, sp: int, n: int, beast: int) -> None:
    """Take ``n`` units (and ``beast``) of the actor off ``sp`` into the group."""
    seat = w.actor
    w.move_units(seat, sp, -n)
    w.reserve = _tset(w.reserve, seat, w.reserve[seat] - n)
    if beast != NONE:
        w.put_creature(beast, MOVING)
    w.settle_creatures(sp)


def _tset(values: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*values[:i], v, *values[i + 1 :])


def land(w: Work) -> None:
    """Put the group on the board where it stands."""
    g = w.group
    assert g is not None
    seat = w.actor
    w.move_units(seat, g.space, g.units)
    w.reserve = _tset(w.reserve, seat, w.reserve[seat] + g.units)
    if g.creature != NONE:
        w.put_creature(g.creature, g.space)


def arrive(w: Work, t: int) -> bool:
    """The group enters ``t`` by a step, crossing or teleport (7.2, 7.6); True
    when an opponent is there, and so a battle follows."""
    g = w.group
    assert g is not None
    w.group = replace(g, space=t, moved=True, visited=(*g.visited, t))
    if occupant(w, t, w.actor) != NONE:
        land(w)
        w.todo.append(("battle", t, "move"))
        return True
    return False


def relift(w: Work) -> None:
    """No battle after all (Escape, Initiative): the group moves on from the space."""
    g = w.group
    assert g is not None
    w.actor = w.order[w.pos]
    _lift(w, g.space, g.units, g.creature)
    w.phase = "move"


def _drop(w: Work, g: Group, n: int, c: int) -> None:
    seat = w.actor
    w.move_units(seat, g.space, n)
    w.reserve = _tset(w.reserve, seat, w.reserve[seat] + n)
    mp, bonus, beast, dropped_beast = g.mp, g.bonus, g.creature, g.dropped_creature
    if c:
        w.put_creature(g.creature, g.space)
        dropped_beast, beast = g.creature, NONE
        mp, bonus = max(0, mp - bonus), 0
        w.settle_creatures(g.space)
    w.group = replace(
        g,
        units=g.units - n,
        creature=beast,
        mp=mp,
        bonus=bonus,
        dropped=(*g.dropped, *(g.space,) * n),
        dropped_creature=dropped_beast,
    )


def _pick(w: Work, g: Group, n: int, c: int) -> None:
    beast = creature_of(w, w.actor, g.space) if c else NONE
    _lift(w, g.space, n, beast)
    w.group = replace(g, units=g.units + n, creature=beast if c else g.creature)


__all__ = [
    "MOVING",
    "arrive",
    "can_enter",
    "can_teleport_from",
    "do_move",
    "land",
    "legal_group",
    "legal_steps",
    "relift",
    "teleport_cost",
    "teleport_targets",
]
