"""Helpers for the Kemet engine's tests: explicit set-ups and arranged positions."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.kemet import GameState, apply, new_game, parse_action, state_problems
from engine.kemet.board import LAYOUTS, SPACE_ID, SPACES, district
from engine.kemet.cards import CREATURES, DI_CODE, DI_KIND_OF
from engine.kemet.state import NONE

DECK = tuple(range(35))
KEYS = (tuple(range(35)),)


def sp(name: str) -> int:
    return SPACE_ID[name.lower()]


def fresh(players: int = 4, **options: Any) -> GameState:
    """A game at its first set-up choice: seat k takes city k+1 (k+1 of the allowed
    cities), starting order 0, 1, ..., DI deck in id order, one shuffle key."""
    cities = LAYOUTS[players].cities
    return new_game(
        players=players,
        cities=options.pop("cities", cities),
        order=options.pop("order", tuple(range(players))),
        deck=options.pop("deck", DECK),
        keys=options.pop("keys", KEYS),
        **options,
    )


def play(state: GameState, *moves: str) -> GameState:
    """Apply each decision in notation through the checked path."""
    for text in moves:
        state = apply(state, parse_action(text))
    return state


def day_one(players: int = 4, pyr: str = "pyr w1/1 r1/2 b1/3", units: str = "units 4/3/3",
            **options: Any) -> GameState:  # fmt: skip
    """Through set-up and the first Night to the first Day's first turn."""
    state = fresh(players, **options)
    state = play(state, *[pyr] * players)
    return play(state, *[units] * players)


def arrange(state: GameState, *, check: bool = True, **fields: Any) -> GameState:
    """``state`` with ``fields`` changed; it must keep every invariant."""
    changed = replace(state, **fields)
    if check:
        problems = state_problems(changed)
        assert problems == [], problems
    return changed


def place_units(state: GameState, layout: dict[tuple[int, str], int]) -> GameState:
    """Set each (seat, space) to that many units, the reserve making up the rest."""
    units = list(state.units)
    for (seat, name), count in layout.items():
        units[seat * SPACES + sp(name)] = count
    reserve = tuple(
        12 - sum(units[seat * SPACES : (seat + 1) * SPACES]) for seat in range(state.players)
    )
    return arrange(state, check=False, units=tuple(units), reserve=reserve)


def clear_board(state: GameState) -> GameState:
    return arrange(
        state,
        check=False,
        units=(0,) * len(state.units),
        reserve=(12,) * state.players,
        creatures=(NONE,) * len(CREATURES),
    )


def give_tiles(state: GameState, seat: int, *tiles: int) -> GameState:
    owners = list(state.tiles)
    for t in tiles:
        owners[t] = seat
    return arrange(state, check=False, tiles=tuple(owners))


def give_cards(state: GameState, seat: int, *codes: str) -> GameState:
    """Move DI cards of these kinds from wherever they are into ``seat``'s hand."""
    hands = [list(h) for h in state.hands]
    deck, discard = list(state.di_deck), list(state.di_discard)
    for code in codes:
        kind = DI_CODE[code]
        for pile in (deck, discard, *[h for k, h in enumerate(hands) if k != seat]):
            found = next((c for c in pile if DI_KIND_OF[c] == kind), None)
            if found is not None:
                pile.remove(found)
                hands[seat].append(found)
                break
        else:
            raise AssertionError(f"no {code} card left to give")
    return arrange(
        state,
        check=False,
        hands=tuple(tuple(sorted(h)) for h in hands),
        di_deck=tuple(deck),
        di_discard=tuple(discard),
    )


def empty_hands(state: GameState) -> GameState:
    cards = [c for h in state.hands for c in h]
    return arrange(
        state,
        check=False,
        hands=((),) * state.players,
        di_deck=tuple(sorted((*state.di_deck, *cards))),
    )


def turn_of(state: GameState, seat: int) -> GameState:
    """The Day turn of ``seat`` (moved to the front of the turn order)."""
    order = (seat, *(s for s in state.order if s != seat))
    return arrange(state, check=False, order=order, pos=0, actor=seat)


def checked(state: GameState) -> GameState:
    problems = state_problems(state)
    assert problems == [], problems
    return state


def home(seat: int, index: int, state: GameState) -> int:
    """District ``index`` (0-2) of ``seat``'s city."""
    return district(state.cities[seat], index)


def legal_texts(state: GameState) -> list[str]:
    from engine.kemet import legal_actions

    return [str(a) for a in legal_actions(state)]
