"""A battle's numbers (KEMET.md 8.3 and 8.5): the commitments a side may make,
and each side's strength, damage and protection once both are revealed."""

from __future__ import annotations

from itertools import product

from engine.kemet.actions import Action, act
from engine.kemet.cards import (
    BATTLE_CARDS,
    BATTLE_DI,
    BLADES,
    CARNAGE,
    CHARGE,
    CREATURES,
    DEFENSE,
    DI_KIND_OF,
    DI_KINDS,
    SHIELD,
    SNAKE,
)
from engine.kemet.core import S, creature_of, owns, owns_any, pay, units_of
from engine.kemet.state import NONE, Battle


def legal_commit(s: S) -> list[Action]:
    seat = s.actor
    hand = s.bhands[seat]
    pairs = [(p, d) for p in hand for d in hand if p != d]
    held = [sum(1 for c in s.hands[seat] if DI_KIND_OF[c] == k) for k in BATTLE_DI]
    cost = [pay(s, seat, DI_KINDS[k].cost) for k in BATTLE_DI]
    budget = s.pp[seat]
    extras: list[tuple[int, ...]] = []
    for counts in product(*(range(h + 1) for h in held)):
        if sum(n * c for n, c in zip(counts, cost, strict=True)) <= budget:
            extras.append(
                tuple(k for k, n in zip(BATTLE_DI, counts, strict=True) for _ in range(n))
            )
    return [act("commit", p, d, *e) for p, d in pairs for e in extras]


def values(s: S, b: Battle) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(strength, damage, protection) of attacker and defender, once revealed."""
    beasts = [creature_of(s, seat, b.space) for seat in b.sides]
    out = []
    for side, seat in enumerate(b.sides):
        card = BATTLE_CARDS[b.played[side]]
        strength = units_of(s, seat, b.space) + card[0] + b.wound[side]
        protection, damage = card[1], card[2]
        if side == 0 and owns_any(s, seat, CHARGE):
            strength += 1
        if side == 1 and owns_any(s, seat, DEFENSE):
            strength += 1
        strength += 1 if owns(s, seat, BLADES) else 0
        damage += 1 if owns(s, seat, CARNAGE) else 0
        protection += 1 if owns(s, seat, SHIELD) else 0
        beast = beasts[side]
        if beast != NONE and beasts[1 - side] != SNAKE:
            strength += CREATURES[beast].strength
            protection += CREATURES[beast].protection
            damage += CREATURES[beast].damage
        for c in b.di[side]:
            kind = DI_KINDS[DI_KIND_OF[c]]
            strength += kind.strength
            damage += kind.damage
            protection += kind.protection
        out.append((strength, damage, protection))
    return out[0], out[1]


__all__ = ["legal_commit", "values"]
