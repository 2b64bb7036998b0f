"""DI cards played outside battle and the Veto windows on them (KEMET.md 13, 13.2).

A card is paid when played, its targets named then (section 20), and a Veto
window asks every other seat holding a DI card, in turn order after the
card's player, whether they veto it. Asking every seat with any card (not
only Veto holders) keeps the window from telling who holds a Veto (16).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.kemet import flow
from engine.kemet.actions import PASS, VETO, Action, act
from engine.kemet.cards import (
    DI_KIND_OF,
    ENLISTMENT,
    ESCAPE,
    MANA_THEFT,
    OPEN_GATES_DI,
    PRAYER,
    RAINING_FIRE,
    TELEPORTATION,
)
from engine.kemet.cards import (
    VETO as VETO_KIND,
)
from engine.kemet.core import (
    S,
    Work,
    di_cost,
    first_of_kind,
    layout,
    limit,
    occupant,
    own_districts,
    units_of,
)
from engine.kemet.moving import arrive, can_enter, teleport_targets
from engine.kemet.state import NONE, Chain


def _playable(s: S, seat: int, kind: int) -> int:
    """The card of ``kind`` ``seat`` would play, if held and affordable; else NONE."""
    card = first_of_kind(s.hands[seat], kind)
    if card != NONE and di_cost(s, seat, card) <= s.pp[seat]:
        return card
    return NONE


def enlist_spaces(s: S, seat: int) -> list[int]:
    """Where Enlistment or Reinforcements may add a unit (13.3, 10)."""
    own = set(own_districts(s, seat))
    return [
        sp
        for sp in sorted(layout(s).in_play)
        if (sp in own or units_of(s, seat, sp))
        and occupant(s, sp, seat) == NONE
        and units_of(s, seat, sp) < limit(s, seat)
    ]


def legal_turn_cards(s: S) -> list[Action]:
    """The "Day, own turn" DI cards the turn player may play now."""
    seat = s.actor
    hand = s.hands[seat]
    if not hand:
        return []
    kinds = {DI_KIND_OF[c] for c in hand}
    out: list[Action] = []
    if RAINING_FIRE in kinds and _playable(s, seat, RAINING_FIRE) != NONE:
        out += [
            act("di", RAINING_FIRE, sp)
            for sp in sorted(layout(s).in_play)
            if occupant(s, sp, seat) != NONE
        ]
    if PRAYER in kinds and _playable(s, seat, PRAYER) != NONE:
        out.append(act("di", PRAYER))
    if ENLISTMENT in kinds and _playable(s, seat, ENLISTMENT) != NONE:
        spaces = enlist_spaces(s, seat)
        out.append(act("di", ENLISTMENT))
        if s.reserve[seat] >= 1:
            out += [act("di", ENLISTMENT, sp) for sp in spaces]
        if s.reserve[seat] >= 2:
            cap = limit(s, seat)
            for i, a in enumerate(spaces):
                for b in spaces[i:]:
                    if a != b or units_of(s, seat, a) + 2 <= cap:
                        out.append(act("di", ENLISTMENT, a, b))
    if MANA_THEFT in kinds and _playable(s, seat, MANA_THEFT) != NONE:
        out.append(act("di", MANA_THEFT))
    return out


def play_card(w: Work, a: Action, resume: str = "turn") -> None:
    """Pay for and play a non-battle DI card; open its Veto window."""
    seat, kind = w.actor, a.args[0]
    card = first_of_kind(w.hands[seat], kind)
    w.take_di(seat, card)
    w.gain_pp(seat, -di_cost(w, seat, card))
    w.chain = Chain(cards=((seat, card),), args=a.args[1:], asked=())
    w.resume = resume
    _open_window(w, seat)


def _open_window(w: Work, seat: int) -> None:
    assert w.chain is not None
    k = w.order.index(seat)
    after = (*w.order[k + 1 :], *w.order[:k])
    w.chain = Chain(w.chain.cards, w.chain.args, after)
    _next_asked(w)


def _next_asked(w: Work) -> None:
    chain = w.chain
    assert chain is not None
    asked = chain.asked
    while asked and not w.hands[asked[0]]:
        asked = asked[1:]
    w.chain = Chain(chain.cards, chain.args, asked)
    if asked:
        w.phase, w.actor = "veto", asked[0]
    else:
        _resolve(w)


def legal_veto(s: S) -> list[Action]:
    card = _playable(s, s.actor, VETO_KIND)
    return [VETO, PASS] if card != NONE else [PASS]


def do_veto(w: Work, a: Action) -> None:
    chain = w.chain
    assert chain is not None
    seat = w.actor
    if a.verb == "pass":
        w.chain = Chain(chain.cards, chain.args, chain.asked[1:])
        _next_asked(w)
        return
    card = first_of_kind(w.hands[seat], VETO_KIND)
    w.take_di(seat, card)
    w.gain_pp(seat, -di_cost(w, seat, card))
    w.chain = Chain((*chain.cards, (seat, card)), chain.args, ())
    _open_window(w, seat)


def _resolve(w: Work) -> None:
    chain = w.chain
    assert chain is not None
    stands = True  # the top card always stands; each one below stands if the one above fell
    for _ in chain.cards[1:]:
        stands = not stands
    w.di_discard = (*w.di_discard, *(card for _, card in chain.cards))
    w.chain = None
    seat, card = chain.cards[0]
    resume, w.resume = w.resume, ""
    kind = DI_KIND_OF[card]
    if kind == ESCAPE:
        w.todo.append(("escape", chain.args[0] if stands else NONE))
        return
    w.actor = seat
    if stands and _effect(w, seat, kind, chain.args):
        return  # a Teleportation into an opponent: the battle decides from here
    if resume == "move":
        w.phase = "move"
    else:
        flow.back_to_turn(w)


def _effect(w: Work, seat: int, kind: int, args: tuple[int, ...]) -> bool:
    """Carry out a card that stood; True when it starts a battle."""
    if kind == RAINING_FIRE:
        victim = occupant(w, args[0], seat)
        if victim != NONE:
            w.move_units(victim, args[0], -1)
            w.settle_creatures(args[0])
    elif kind == PRAYER:
        w.gain_pp(seat, 2)
    elif kind == ENLISTMENT:
        for sp in args:
            if sp in enlist_spaces(w, seat) and w.reserve[seat] > 0:
                w.move_units(seat, sp, 1)
    elif kind == MANA_THEFT:
        for other in range(w.players):
            if other != seat:
                w.gain_pp(other, -1)
        w.gain_pp(seat, 1)
    elif kind == TELEPORTATION:
        return arrive(w, args[0])
    elif kind == OPEN_GATES_DI:
        assert w.group is not None
        w.group = replace(w.group, gates=True)
    return False


def legal_move_cards(s: S) -> list[Action]:
    """Teleportation and Open Gates, inside one's own Move once the group is chosen."""
    seat, g = s.actor, s.group
    assert g is not None
    out: list[Action] = []
    if _playable(s, seat, TELEPORTATION) != NONE:
        out += [act("di", TELEPORTATION, t) for t in teleport_targets(s, g) if can_enter(s, g, t)]
    if not g.gates and _playable(s, seat, OPEN_GATES_DI) != NONE:
        out.append(act("di", OPEN_GATES_DI))
    return out


__all__ = [
    "do_veto",
    "enlist_spaces",
    "legal_move_cards",
    "legal_turn_cards",
    "legal_veto",
    "play_card",
]
