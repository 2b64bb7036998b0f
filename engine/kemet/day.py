"""A Day turn (KEMET.md sections 5.2 and 6): placing tokens and the actions
Pray, Raise, Buy and Recruit (Move is :mod:`engine.kemet.moving`).

Each phase has a ``legal_*`` function listing its decisions and an ``do_*``
function carrying one out on a :class:`~engine.kemet.core.Work` copy.
"""

from __future__ import annotations

from engine.kemet import flow
from engine.kemet.actions import DONE, END, SKIP, Action, act
from engine.kemet.cards import (
    ACT_OF_GOD,
    CREATURE_OF_TILE,
    CREATURES,
    DIVINE_WILL,
    PRIEST,
    PRIESTESS,
    SCRIBE,
    SLAVES,
    SPECIAL_OF_TILE,
    TILES,
    VP_ON_PURCHASE,
)
from engine.kemet.chain import legal_turn_cards, play_card
from engine.kemet.core import (
    S,
    Work,
    creature_homes,
    limit,
    occupant,
    own_districts,
    owned_effects,
    owns,
    owns_any,
    pay,
    tile_buyable_level,
    tset,
    units_of,
)
from engine.kemet.state import APEX, NONE, REGULAR_TOKENS, ROW, SILVER_BIT

PRAY2, PRAY3, RAISE, RECRUIT, MOVE1, MOVE2 = 5, 9, 3, 2, 1, 4
BUY_COLOUR = {6: 0, 7: 1, 8: 2}
PLACES = tuple(act("place", k) for k in range(10))
SILVERS = tuple(act("silver", k) for k in range(10))
GOLDS = (act("gold", 0), act("gold", 1))


def _empty_rows(used: int) -> int:
    return sum(1 for row in (1, 2, 3) if not any(used >> k & 1 for k in range(10) if ROW[k] == row))


# Rows 1-3 left without a token, for every set of used action spaces (bits 0-9).
_EMPTY_ROWS = tuple(_empty_rows(used) for used in range(1 << 10))


def empty_rows(used: int) -> int:
    return _EMPTY_ROWS[used & 0x3FF]


# The action spaces (1-9) a token may take, by the set of used spaces and the
# regular tokens left after it: the row rule of section 5.2, worked out once.
_OPEN_SPACES = tuple(
    tuple(
        tuple(k for k in range(1, 10) if not used >> k & 1 and _EMPTY_ROWS[used | 1 << k] <= left)
        for left in range(REGULAR_TOKENS + 1)
    )
    for used in range(1 << 10)
)


def max_level(s: S) -> int:
    return 2 if s.beginners else 4


# --- the turn ------------------------------------------------------------------------


def legal_turn(s: S) -> list[Action]:
    seat = s.actor
    used, regular = s.used[seat], s.regular[seat]
    out: list[Action] = []
    spaces = _OPEN_SPACES[used & 0x3FF]
    if not s.placed:
        out += [PLACES[k] for k in spaces[REGULAR_TOKENS - regular - 1]]
    if regular < REGULAR_TOKENS:
        left = REGULAR_TOKENS - regular - (0 if s.placed else 1)
        if _extra(s, seat, ACT_OF_GOD) and not used & SILVER_BIT:
            out += [SILVERS[k] for k in spaces[left]]
        if _extra(s, seat, frozenset({DIVINE_WILL})) and not used & 1:
            out += GOLDS
    out += legal_turn_cards(s)
    if s.placed:
        out.append(END)
    return out


def _extra(s: S, seat: int, tiles: frozenset[int]) -> bool:
    """Whether ``seat`` has this extra token, bought before this turn (section 10 ruling)."""
    return any(s.tiles[t] == seat and t not in s.fresh for t in tiles)


def do_turn(w: Work, a: Action) -> None:
    seat, v = w.actor, a.verb
    if v == "end":
        flow.end_turn(w)
        return
    if v == "di":
        play_card(w, a)
        return
    if v == "gold":
        w.used = tset(w.used, seat, w.used[seat] | 1 << APEX)
        _start_action(w, RECRUIT if a.args[0] else MOVE1)
        return
    space = a.args[0]
    w.used = tset(w.used, seat, w.used[seat] | 1 << space | (SILVER_BIT if v == "silver" else 0))
    if v == "place":
        w.placed = True
        w.regular = tset(w.regular, seat, w.regular[seat] + 1)
    _start_action(w, space)


def _start_action(w: Work, space: int) -> None:
    seat = w.actor
    if space in (PRAY2, PRAY3):
        w.gain_pp(seat, 3 if owns_any(w, seat, PRIEST) else 2)
    elif space == RAISE:
        w.phase = "raise"
    elif space in BUY_COLOUR:
        w.phase, w.colour = "buy", BUY_COLOUR[space]
    elif space == RECRUIT:
        w.phase, w.added, w.beast = "recruit", (), False
    else:
        w.phase, w.group = "move", None


# --- Raise a pyramid (6.2) -------------------------------------------------------------


def raise_cost(s: S, seat: int, level: int, target: int) -> int:
    cut = 1 if owns(s, seat, SLAVES) else 0
    return pay(s, seat, sum(max(0, k - cut) for k in range(level + 1, target + 1)))


def legal_raise(s: S) -> list[Action]:
    seat = s.actor
    out = []
    for colour in range(3):
        level = s.levels[seat * 3 + colour]
        for target in range(level + 1, max_level(s) + 1):
            if raise_cost(s, seat, level, target) <= s.pp[seat]:
                out.append(act("raise", colour, target))
    out.append(SKIP)
    return out


def do_raise(w: Work, a: Action) -> None:
    if a.verb == "raise":
        seat, (colour, target) = w.actor, a.args
        w.gain_pp(seat, -raise_cost(w, seat, w.levels[seat * 3 + colour], target))
        w.levels = tset(w.levels, seat * 3 + colour, target)
    flow.back_to_turn(w)


# --- Buy a power tile (6.3) -----------------------------------------------------------


def tile_cost(s: S, seat: int, tile: int) -> int:
    cut = 1 if owns_any(s, seat, PRIESTESS) else 0
    return pay(s, seat, max(0, TILES[tile].level - cut))


def legal_buy(s: S) -> list[Action]:
    seat, colour = s.actor, s.colour
    top = tile_buyable_level(s, seat, colour)
    if s.beginners:
        top = min(top, 1 if s.day < 2 else 2)
    have = owned_effects(s, seat)
    out = [
        act("buy", t)
        for t, tile in enumerate(TILES)
        if tile.colour == colour
        and s.tiles[t] == NONE
        and tile.level <= top
        and tile.effect not in have
        and tile_cost(s, seat, t) <= s.pp[seat]
    ]
    out.append(SKIP)
    return out


def do_buy(w: Work, a: Action) -> None:
    if a.verb == "skip":
        flow.back_to_turn(w)
        return
    seat, tile = w.actor, a.args[0]
    w.gain_pp(seat, -tile_cost(w, seat, tile))
    w.tiles = tset(w.tiles, tile, seat)
    w.fresh = (*w.fresh, tile)
    if tile in VP_ON_PURCHASE:
        w.gain_vp(seat)
    if tile in SPECIAL_OF_TILE:
        hand = tuple(sorted((*w.bhands[seat], *w.bdiscards[seat])))
        w.bhands = tset(w.bhands, seat, hand)
        w.bdiscards = tset(w.bdiscards, seat, ())
        w.phase, w.colour = "strategy", tile
        return
    if tile in CREATURE_OF_TILE and creature_homes(w, seat):
        w.phase, w.colour, w.resume = "creature", CREATURE_OF_TILE[tile], "turn"
        return
    flow.back_to_turn(w)


def legal_strategy(s: S) -> list[Action]:
    return [act("remove", c) for c in s.bhands[s.actor] if c < 6]


def do_strategy(w: Work, a: Action) -> None:
    seat, card = w.actor, a.args[0]
    hand = [c for c in w.bhands[seat] if c != card] + [SPECIAL_OF_TILE[w.colour]]
    w.bhands = tset(w.bhands, seat, tuple(sorted(hand)))
    w.bremoved = tset(w.bremoved, seat, (*w.bremoved[seat], card))
    flow.back_to_turn(w)


# --- placing a creature (6.3, 8.7) ------------------------------------------------------


def legal_creature(s: S) -> list[Action]:
    return [act("creature", d) for d in creature_homes(s, s.actor)]


def do_creature(w: Work, a: Action) -> None:
    w.put_creature(w.colour, a.args[0])
    w.colour = NONE
    resume, w.resume = w.resume, ""
    if resume == "turn":
        flow.back_to_turn(w)
    else:
        w.todo.append(("creature_done", resume))


# --- Recruit (6.4) ----------------------------------------------------------------------


def recruit_cost(s: S, seat: int, count: int) -> int:
    free = 2 if owns_any(s, seat, SCRIBE) else 0
    return pay(s, seat, max(0, count - free))


def legal_recruit(s: S) -> list[Action]:
    seat = s.actor
    out: list[Action] = []
    count = len(s.added)
    if s.reserve[seat] > 0 and recruit_cost(s, seat, count + 1) <= s.pp[seat]:
        cap = limit(s, seat)
        out += [act("recruit", d) for d in own_districts(s, seat) if units_of(s, seat, d) < cap]
    if not s.beast:
        homes = creature_homes(s, seat)
        for k, c in enumerate(CREATURES):
            if s.creatures[k] == NONE and s.tiles[c.tile] == seat:
                out += [act("beast", k, d) for d in homes]
    out.append(DONE)
    return out


def do_recruit(w: Work, a: Action) -> None:
    seat = w.actor
    if a.verb == "recruit":
        w.move_units(seat, a.args[0], 1)
        w.added = (*w.added, a.args[0])
        return
    if a.verb == "beast":
        w.put_creature(a.args[0], a.args[1])
        w.beast = True
        return
    w.gain_pp(seat, -recruit_cost(w, seat, len(w.added)))
    w.fights = tuple(d for d in own_districts(w, seat) if occupant(w, d, seat) != NONE)
    w.added = ()
    w.todo.append(("fights",))


def legal_fight(s: S) -> list[Action]:
    return [act("fight", d) for d in s.fights]


def do_fight(w: Work, a: Action) -> None:
    w.fights = tuple(d for d in w.fights if d != a.args[0])
    w.todo.append(("battle", a.args[0], "recruit"))


__all__ = [
    "do_buy",
    "do_creature",
    "do_fight",
    "do_raise",
    "do_recruit",
    "do_strategy",
    "do_turn",
    "empty_rows",
    "legal_buy",
    "legal_creature",
    "legal_fight",
    "legal_raise",
    "legal_recruit",
    "legal_strategy",
    "legal_turn",
    "raise_cost",
    "recruit_cost",
    "tile_cost",
]
