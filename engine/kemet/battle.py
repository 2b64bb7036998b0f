"""Battles (KEMET.md section 8): Escape, Initiative, the secret commitments,
the reveal, Divine Wound, the result, creatures, retreat and recall.

Both troops stand on the battle space while it lasts; the defender keeps
control of it until the battle ends (section 20). Index 0 of a
:class:`~engine.kemet.state.Battle` pair is the attacker, 1 the defender.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.kemet import flow
from engine.kemet.actions import DONE, PASS, RECALL, RETREAT, STAY, Action, act
from engine.kemet.cards import (
    CRUSADE,
    DEFENSIVE_VICTORY,
    DI_KIND_OF,
    DIVINE_WOUND,
    ESCAPE,
    HOLY_WAR,
    INITIATIVE,
    PRESCIENCE,
)
from engine.kemet.chain import play_card
from engine.kemet.core import (
    S,
    Work,
    creature_homes,
    creature_of,
    creature_owner,
    di_cost,
    first_of_kind,
    flee_spaces,
    occupant,
    owns,
    tset,
    units_of,
)
from engine.kemet.forces import values
from engine.kemet.moving import relift
from engine.kemet.state import NONE, Battle


def start_battle(w: Work, space: int, source: str) -> None:
    attacker = w.order[w.pos]
    defender = occupant(w, space, attacker)
    w.battle = Battle(space=space, sides=(attacker, defender), source=source)
    beast = creature_of(w, defender, space)
    if w.hands[defender] and flee_spaces(w, defender, space, beast):
        w.phase, w.actor = "escape", defender
    else:
        _initiative(w)


def legal_escape(s: S) -> list[Action]:
    b = s.battle
    assert b is not None
    seat = s.actor
    out: list[Action] = []
    if first_of_kind(s.hands[seat], ESCAPE) != NONE:
        beast = creature_of(s, seat, b.space)
        out += [act("escape", t) for t in flee_spaces(s, seat, b.space, beast)]
    out.append(PASS)
    return out


def do_escape(w: Work, a: Action) -> None:
    if a.verb == "pass":
        _initiative(w)
        return
    play_card(w, act("di", ESCAPE, a.args[0]), "battle")


def escape_resolved(w: Work, to: int) -> None:
    """After the Escape's Veto window: flee to ``to``, or fight if it was vetoed."""
    b = w.battle
    assert b is not None
    if to == NONE:
        _initiative(w)
        return
    defender = b.sides[1]
    beast = creature_of(w, defender, b.space)
    count = units_of(w, defender, b.space)
    w.move_units(defender, b.space, -count)
    w.move_units(defender, to, count)
    if beast != NONE:
        w.put_creature(beast, to)
    _no_battle(w)


def _no_battle(w: Work) -> None:
    """The defender is gone before any fight: the attacker has the space (7.6)."""
    b = w.battle
    assert b is not None
    w.battle = None
    if b.source == "move":
        relift(w)
    else:
        w.actor = w.order[w.pos]
        next_fight(w)


def _initiative(w: Work) -> None:
    b = w.battle
    assert b is not None
    attacker, defender = b.sides
    if owns(w, attacker, INITIATIVE):
        lost = min(2, units_of(w, defender, b.space))
        w.move_units(defender, b.space, -lost)
        if not units_of(w, defender, b.space):
            w.battle = replace(b, pending=_lift_wiped(w, b, (defender,)))
            _next_pending(w, "nobattle")
            return
    _next_commit(w)


# --- commitments (8.3) and the reveal (8.4) ----------------------------------------


def _commit_order(s: S, b: Battle) -> tuple[int, int]:
    """Sides in the order they commit: the one without Prescience first."""
    return (1, 0) if owns(s, b.sides[0], PRESCIENCE) else (0, 1)


def _next_commit(w: Work) -> None:
    b = w.battle
    assert b is not None
    for side in _commit_order(w, b):
        if b.played[side] == NONE:
            w.phase, w.actor = "commit", b.sides[side]
            return
    _reveal(w)


def do_commit(w: Work, a: Action) -> None:
    b = w.battle
    assert b is not None
    seat = w.actor
    side = b.sides.index(seat)
    played, discarded, *kinds = a.args
    hand = [c for c in w.bhands[seat] if c not in (played, discarded)]
    w.bhands = tset(w.bhands, seat, tuple(hand))
    cards = []
    for kind in kinds:
        card = first_of_kind(w.hands[seat], kind)
        w.take_di(seat, card)
        cards.append(card)
    w.battle = replace(
        b,
        played=tset(b.played, side, played),
        discarded=tset(b.discarded, side, discarded),
        di=tset(b.di, side, tuple(cards)),
    )
    _next_commit(w)


def _reveal(w: Work) -> None:
    b = w.battle
    assert b is not None
    for side, seat in enumerate(b.sides):
        w.gain_pp(seat, -sum(di_cost(w, seat, c) for c in b.di[side]))
    w.battle = replace(b, revealed=True)
    for seat in b.sides:
        if owns(w, seat, DIVINE_WOUND) and w.hands[seat]:
            w.phase, w.actor = "wound", seat
            return
    _resolve(w)


def legal_wound(s: S) -> list[Action]:
    kinds = sorted({DI_KIND_OF[c] for c in s.hands[s.actor]})
    return [*(act("wound", k) for k in kinds), DONE]


def do_wound(w: Work, a: Action) -> None:
    b = w.battle
    assert b is not None
    if a.verb == "done":
        _resolve(w)
        return
    seat = w.actor
    card = first_of_kind(w.hands[seat], a.args[0])
    w.take_di(seat, card)
    w.di_discard = (*w.di_discard, card)
    side = b.sides.index(seat)
    w.battle = replace(b, wound=tset(b.wound, side, b.wound[side] + 1))


# --- the result (8.5-8.8) -------------------------------------------------------------


def _resolve(w: Work) -> None:
    b = w.battle
    assert b is not None
    (sa, da, pa), (sd, dd, pd) = values(w, b)
    winner = 0 if sa > sd else 1
    attacker, defender = b.sides
    ua, ud = units_of(w, attacker, b.space), units_of(w, defender, b.space)
    lost_a, lost_d = min(ua, max(0, dd - pa)), min(ud, max(0, da - pd))
    w.move_units(attacker, b.space, -lost_a)
    w.move_units(defender, b.space, -lost_d)
    if owns(w, attacker, CRUSADE):
        w.gain_pp(attacker, 2 * lost_d)
    if owns(w, defender, CRUSADE):
        w.gain_pp(defender, 2 * lost_a)
    champion = b.sides[winner]
    if owns(w, champion, HOLY_WAR):
        w.gain_pp(champion, 4)
    if winner == 0 and ua - lost_a >= 1:
        w.gain_vp(attacker, battle=True)
    if winner == 1 and ud - lost_d >= 1 and owns(w, defender, DEFENSIVE_VICTORY):
        w.gain_vp(defender, battle=True)
    for side, seat in enumerate(b.sides):
        spent = (b.played[side], b.discarded[side])
        discards = tuple(sorted((*w.bdiscards[seat], *spent)))
        if not w.bhands[seat]:
            w.bhands, discards = tset(w.bhands, seat, discards), ()
        w.bdiscards = tset(w.bdiscards, seat, discards)
        w.di_discard = (*w.di_discard, *b.di[side])
    wiped = tuple(seat for seat in b.sides if not units_of(w, seat, b.space))
    w.battle = replace(b, winner=winner, pending=_lift_wiped(w, b, wiped))
    _next_pending(w, "battle")


def _lift_wiped(w: Work, b: Battle, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Take the creatures of troops left without units off the space, in order."""
    beasts = tuple(creature_of(w, seat, b.space) for seat in seats)
    beasts = tuple(k for k in beasts if k != NONE)
    for k in beasts:
        w.put_creature(k, NONE)
    return beasts


def _next_pending(w: Work, resume: str) -> None:
    """Creatures of destroyed troops go home, attacker's first (8.7 item 1)."""
    b = w.battle
    assert b is not None
    while b.pending:
        beast, rest = b.pending[0], b.pending[1:]
        seat = creature_owner(w, beast)
        w.battle = b = replace(b, pending=rest)
        if creature_homes(w, seat):
            w.phase, w.actor, w.colour, w.resume = "creature", seat, beast, resume
            return
    after_creature(w, resume)


def after_creature(w: Work, resume: str) -> None:
    b = w.battle
    assert b is not None
    if b.pending:
        _next_pending(w, resume)
    elif resume == "nobattle":
        _no_battle(w)
    else:
        _leave(w)


def _leave(w: Work) -> None:
    """The loser leaves, then the winner may recall (8.7 items 2-3)."""
    b = w.battle
    assert b is not None
    loser, champion = b.sides[1 - b.winner], b.sides[b.winner]
    if units_of(w, loser, b.space):
        if flee_spaces(w, loser, b.space, creature_of(w, loser, b.space)):
            w.phase, w.actor = "loser", loser
            return
        _recall(w, loser)
    if units_of(w, champion, b.space):
        w.phase, w.actor = "winner", champion
        return
    _end(w)


def legal_loser(s: S) -> list[Action]:
    return [RETREAT, RECALL]


def legal_retreat(s: S) -> list[Action]:
    b = s.battle
    assert b is not None
    loser = b.sides[1 - b.winner]
    beast = creature_of(s, loser, b.space)
    return [act("to", t) for t in flee_spaces(s, loser, b.space, beast)]


def legal_winner(s: S) -> list[Action]:
    return [STAY, RECALL]


def do_loser(w: Work, a: Action) -> None:
    b = w.battle
    assert b is not None
    if a.verb == "recall":
        _recall(w, w.actor)
        _leave(w)
    else:
        w.phase, w.actor = "retreat", b.sides[b.winner]


def do_retreat(w: Work, a: Action) -> None:
    b = w.battle
    assert b is not None
    loser, to = b.sides[1 - b.winner], a.args[0]
    beast = creature_of(w, loser, b.space)
    count = units_of(w, loser, b.space)
    w.move_units(loser, b.space, -count)
    w.move_units(loser, to, count)
    if beast != NONE:
        w.put_creature(beast, to)
    _leave(w)


def do_winner(w: Work, a: Action) -> None:
    if a.verb == "recall":
        _recall(w, w.actor)
    _end(w)


def _recall(w: Work, seat: int) -> None:
    b = w.battle
    assert b is not None
    count = units_of(w, seat, b.space)
    w.move_units(seat, b.space, -count)
    w.gain_pp(seat, count)
    w.settle_creatures(b.space)


def _end(w: Work) -> None:
    b = w.battle
    assert b is not None
    w.battle = None
    w.actor = w.order[w.pos]
    if b.source == "move":
        flow.back_to_turn(w)
    else:
        next_fight(w)


def next_fight(w: Work) -> None:
    """The recruitment battles, in the order the recruiter chooses (6.4 ruling)."""
    seat = w.order[w.pos]
    w.fights = tuple(d for d in w.fights if units_of(w, seat, d) and occupant(w, d, seat) != NONE)
    if not w.fights:
        flow.back_to_turn(w)
    elif len(w.fights) == 1:
        space, w.fights = w.fights[0], ()
        start_battle(w, space, "recruit")
    else:
        w.phase, w.actor = "fight", seat


__all__ = [
    "after_creature",
    "do_commit",
    "do_escape",
    "do_loser",
    "do_retreat",
    "do_winner",
    "do_wound",
    "escape_resolved",
    "legal_escape",
    "legal_loser",
    "legal_retreat",
    "legal_winner",
    "legal_wound",
    "next_fight",
    "start_battle",
]
