"""Decisions outside the Day's turns: set-up choices (KEMET.md section 4), the
Night's Vision, night powers and turn order (5.1), and the end of the Day's
sacrifices (5.3).
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

from engine.kemet import flow
from engine.kemet.actions import DONE, PASS, SACRIFICE, Action, act
from engine.kemet.board import SANCTUARY
from engine.kemet.cards import DI_KIND_OF, HAND_OF_GOD, REINFORCEMENTS
from engine.kemet.core import S, Work, layout, own_districts, owns, tset

SETUP_UNITS: Final = 10
REINFORCEMENT_UNITS: Final = 4
LEVEL_SPLITS: Final = ((1, 1, 1), *sorted(set(permutations((2, 1, 0)))))
PYRAMID_CHOICES: Final = tuple(
    act("pyr", *levels, *places) for levels in LEVEL_SPLITS for places in permutations(range(3))
)
UNIT_CHOICES: Final = tuple(
    act("units", a, b, SETUP_UNITS - a - b)
    for a in range(6)
    for b in range(6)
    if 0 <= SETUP_UNITS - a - b <= 5
)
_ORDERS: dict[int, tuple[Action, ...]] = {
    n: tuple(act("order", *p) for p in permutations(range(n))) for n in (2, 3, 4, 5)
}


def legal_pyramids(s: S) -> list[Action]:
    return list(PYRAMID_CHOICES)


def do_pyramids(w: Work, a: Action) -> None:
    seat = w.actor
    base = seat * 3
    w.levels = (*w.levels[:base], *a.args[:3], *w.levels[base + 3 :])
    w.sites = (*w.sites[:base], *a.args[3:], *w.sites[base + 3 :])
    flow.next_setup(w)


def legal_units(s: S) -> list[Action]:
    return list(UNIT_CHOICES)


def do_units(w: Work, a: Action) -> None:
    seat = w.actor
    for d, count in zip(own_districts(w, seat), a.args, strict=True):
        if count:
            w.move_units(seat, d, count)
    flow.next_setup(w)


def legal_vision(s: S) -> list[Action]:
    return [act("keep", k) for k in sorted({DI_KIND_OF[c] for c in s.shown})]


def do_vision(w: Work, a: Action) -> None:
    card = next(c for c in w.shown if DI_KIND_OF[c] == a.args[0])
    flow.keep_vision(w, card)


def legal_night(s: S) -> list[Action]:
    from engine.kemet.chain import enlist_spaces

    seat = s.actor
    out: list[Action] = []
    if owns(s, seat, HAND_OF_GOD) and not s.night_used & 1:
        top = 2 if s.beginners else 4
        out += [act("hog", c) for c in range(3) if s.levels[seat * 3 + c] < top]
    added = s.night_used >> 1
    if owns(s, seat, REINFORCEMENTS) and added < REINFORCEMENT_UNITS and s.reserve[seat]:
        out += [act("reinforce", sp) for sp in enlist_spaces(s, seat)]
    out.append(DONE)
    return out


def do_night(w: Work, a: Action) -> None:
    seat = w.actor
    if a.verb == "hog":
        i = seat * 3 + a.args[0]
        w.levels = tset(w.levels, i, w.levels[i] + 1)
        w.night_used |= 1
    elif a.verb == "reinforce":
        w.move_units(seat, a.args[0], 1)
        w.night_used += 2
    else:
        flow.next_night_power(w)


def legal_order(s: S) -> list[Action]:
    return list(_ORDERS[s.players])


def do_order(w: Work, a: Action) -> None:
    w.order = a.args
    flow.start_day(w)


def legal_sacrifice(s: S) -> list[Action]:
    return [SACRIFICE, PASS]


def do_delta(w: Work, a: Action) -> None:
    if a.verb == "sacrifice":
        flow.sacrifice(w, layout(w).side.delta, 1)
        w.gain_pp(w.actor, 5)
    flow.after_delta(w)


def do_sanctuary(w: Work, a: Action) -> None:
    if a.verb == "sacrifice":
        flow.sacrifice(w, SANCTUARY, 2)
        w.gain_vp(w.actor)
    flow.after_sanctuary(w)


__all__ = [
    "PYRAMID_CHOICES",
    "UNIT_CHOICES",
    "do_delta",
    "do_night",
    "do_order",
    "do_pyramids",
    "do_sanctuary",
    "do_units",
    "do_vision",
    "legal_night",
    "legal_order",
    "legal_pyramids",
    "legal_sacrifice",
    "legal_units",
    "legal_vision",
]
