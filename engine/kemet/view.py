"""What one seat may see (KEMET.md section 16), and states it cannot tell apart.

A :class:`SeatView` holds the open fields of the state as they are, and in
place of the hidden ones what the seat does know: its own hands, the sizes of
the others', the sizes of the DI deck and discard pile, and of a battle in
progress only what has been revealed to it. While a battle's commitments are
hidden, the DI hand size shown for a committed seat counts its committed cards,
so that nobody learns how many it added (section 16 ruling).
"""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from engine.kemet.cards import BATTLE_DI, DI_KIND_OF, PRESCIENCE
from engine.kemet.core import di_cost
from engine.kemet.state import NONE, Battle, GameState

# Fields shown as they are; the rest are hidden or shown in part.
_HIDDEN = frozenset(
    {"keys", "di_deck", "di_discard", "hands", "bhands", "bdiscards", "bremoved", "battle", "shown"}
)
OPEN_FIELDS = tuple(f for f in GameState.__struct_fields__ if f not in _HIDDEN)


class BattleView(msgspec.Struct, frozen=True, kw_only=True):
    """A battle as one seat sees it."""

    space: int
    sides: tuple[int, int]
    source: str
    committed: tuple[bool, bool]
    played: tuple[int, int]  # NONE where not visible to this seat
    discarded: tuple[int, int]
    di: tuple[tuple[int, ...], tuple[int, ...]]  # DI kinds, where visible
    revealed: bool
    wound: tuple[int, int]
    winner: int
    pending: tuple[int, ...]


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A state as ``seat`` sees it."""

    seat: int
    hand: tuple[int, ...]  # own DI cards, by kind
    hand_sizes: tuple[int, ...]
    battle_hand: tuple[int, ...]
    battle_hand_sizes: tuple[int, ...]
    battle_discards: tuple[tuple[int, ...], ...]  # own, and others' when discards are open
    battle_discard_sizes: tuple[int, ...]
    removed: tuple[int, ...]  # own cards removed by a Strategy tile
    deck_size: int
    discard_size: int
    shown: tuple[int, ...]  # Vision: the kinds drawn, for the holder only
    shown_size: int
    battle: BattleView | None
    fields: tuple[object, ...]  # the open fields, in the order of OPEN_FIELDS

    def open(self, name: str) -> object:
        return self.fields[OPEN_FIELDS.index(name)]


def _sees_played(state: GameState, b: Battle, seat: int, side: int) -> bool:
    if b.revealed or b.sides[side] == seat:
        return True
    # Prescience: its holder sees the other side's played card before committing.
    other = 1 - side
    return b.sides[other] == seat and state.tiles[PRESCIENCE] == seat and b.played[side] != NONE


def _battle_view(state: GameState, b: Battle, seat: int) -> BattleView:
    played = tuple(b.played[k] if _sees_played(state, b, seat, k) else NONE for k in (0, 1))
    discarded = tuple(
        b.discarded[k] if b.sides[k] == seat or (b.revealed and state.open_discards) else NONE
        for k in (0, 1)
    )
    di = tuple(
        tuple(sorted(DI_KIND_OF[c] for c in b.di[k])) if b.revealed or b.sides[k] == seat else ()
        for k in (0, 1)
    )
    return BattleView(
        space=b.space,
        sides=b.sides,
        source=b.source,
        committed=(b.played[0] != NONE, b.played[1] != NONE),
        played=(played[0], played[1]),
        discarded=(discarded[0], discarded[1]),
        di=(di[0], di[1]),
        revealed=b.revealed,
        wound=b.wound,
        winner=b.winner,
        pending=b.pending,
    )


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may see of ``state``."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not one of 0 to {state.players - 1}")
    b = state.battle
    sizes = [len(h) for h in state.hands]
    if b is not None and not b.revealed and b.winner == NONE:
        for k, who in enumerate(b.sides):
            sizes[who] += len(b.di[k])
    vision = state.phase == "vision" and state.actor == seat
    return SeatView(
        seat=seat,
        hand=tuple(DI_KIND_OF[c] for c in state.hands[seat]),
        hand_sizes=tuple(sizes),
        battle_hand=state.bhands[seat],
        battle_hand_sizes=tuple(len(h) for h in state.bhands),
        battle_discards=tuple(
            d if who == seat or state.open_discards else () for who, d in enumerate(state.bdiscards)
        ),
        battle_discard_sizes=tuple(len(d) for d in state.bdiscards),
        removed=state.bremoved[seat],
        deck_size=len(state.di_deck),
        discard_size=len(state.di_discard),
        shown=tuple(sorted(DI_KIND_OF[c] for c in state.shown)) if vision else (),
        shown_size=len(state.shown),
        battle=None if b is None else _battle_view(state, b, seat),
        fields=tuple(getattr(state, name) for name in OPEN_FIELDS),
    )


def sample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with what ``seat`` cannot see dealt afresh (see :func:`view`).

    Unseen DI cards (other hands, the deck, the discard pile, others' hidden
    commitments, another seat's Vision draw) are shuffled among those places,
    sizes kept; a hidden commitment gets battle DI cards its seat could pay
    for. Others' battle cards are shuffled among their hand, face-down
    discards, hidden commitment and removed cards. Sorting first keeps the
    real order out.
    """
    view(state, seat)
    for _ in range(20):
        dealt = _deal(state, seat, rng)
        if dealt is not None:
            return dealt
    return _deal(state, seat, rng, keep_commitments=True) or state


def _deal(
    state: GameState, seat: int, rng: random.Random, *, keep_commitments: bool = False
) -> GameState | None:
    b = state.battle
    hidden_commit = [
        k
        for k in (0, 1)
        if b is not None
        and not b.revealed
        and b.winner == NONE
        and b.sides[k] != seat
        and b.played[k] != NONE
        and not keep_commitments
    ]
    others = [who for who in range(state.players) if who != seat]
    pool = [*state.di_deck, *state.di_discard, *(c for who in others for c in state.hands[who])]
    if state.shown and not (state.phase == "vision" and state.actor == seat):
        pool += state.shown
    if b is not None:
        pool += [c for k in hidden_commit for c in b.di[k]]
    pool.sort()
    rng.shuffle(pool)
    new_b = b
    if b is not None and hidden_commit:
        di = list(b.di)
        for k in hidden_commit:
            want, who = len(b.di[k]), b.sides[k]
            picked = [c for c in pool if DI_KIND_OF[c] in BATTLE_DI][:want]
            if len(picked) < want or sum(di_cost(state, who, c) for c in picked) > state.pp[who]:
                return None
            for c in picked:
                pool.remove(c)
            di[k] = tuple(picked)
        new_b = replace(b, di=(di[0], di[1]))
    hands = list(state.hands)
    for who in others:
        size = len(state.hands[who])
        hands[who], pool = tuple(sorted(pool[:size])), pool[size:]
    shown = state.shown
    if state.shown and not (state.phase == "vision" and state.actor == seat):
        shown, pool = tuple(pool[: len(shown)]), pool[len(shown) :]
    discard, pool = tuple(pool[: len(state.di_discard)]), pool[len(state.di_discard) :]
    new_b, bh, bd, br = _battle_cards(state, seat, rng, new_b, hidden_commit)
    return replace(
        state,
        di_deck=tuple(pool),
        di_discard=discard,
        hands=tuple(hands),
        shown=shown,
        battle=new_b,
        bhands=bh,
        bdiscards=bd,
        bremoved=br,
    )


def _battle_cards(
    state: GameState, seat: int, rng: random.Random, b: Battle | None, hidden: list[int]
) -> tuple[
    Battle | None,
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
]:
    hands, discards, removed = list(state.bhands), list(state.bdiscards), list(state.bremoved)
    for who in range(state.players):
        if who == seat:
            continue
        side = b.sides.index(who) if b is not None and who in b.sides else NONE
        commit = side in hidden
        seen_played = (
            b is not None and commit and _sees_played(state, b, seat, side) and not b.revealed
        )
        pool = [*state.bhands[who], *state.bremoved[who]]
        if not state.open_discards:
            pool += state.bdiscards[who]
        if commit and b is not None:
            pool += [b.discarded[side]] + ([] if seen_played else [b.played[side]])
        pool.sort()
        rng.shuffle(pool)
        plain = [c for c in pool if c < 6]
        gone = tuple(sorted(plain[: len(state.bremoved[who])]))
        pool = [c for c in pool if c not in gone]
        if commit and b is not None:
            played = b.played[side] if seen_played else pool.pop()
            thrown = pool.pop()
            b = replace(
                b,
                played=_put(b.played, side, played),
                discarded=_put(b.discarded, side, thrown),
            )
        if not state.open_discards:
            size = len(state.bdiscards[who])
            discards[who], pool = tuple(sorted(pool[:size])), pool[size:]
        hands[who], removed[who] = tuple(sorted(pool)), gone
    return b, tuple(hands), tuple(discards), tuple(removed)


def _put(pair: tuple[int, int], k: int, v: int) -> tuple[int, int]:
    return (v, pair[1]) if k == 0 else (pair[0], v)


__all__ = ["OPEN_FIELDS", "BattleView", "SeatView", "sample", "view"]
