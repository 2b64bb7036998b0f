"""What one seat may see (BUILDERS.md section 10).

Everything is open except the order of the market deck and the round cards
still to come (with the one set aside). A :class:`SeatView` holds every other
field of the state as it is, and in place of those two what a player does
know: how many cards the deck holds, and the round cards turned up so far.
"""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from engine.builders.sites import ROUND_CARDS
from engine.builders.state import EMPTY, GameState, Step

_HIDDEN = ("deck", "rounds")


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A state as ``seat`` sees it."""

    seat: int
    deck_size: int
    rounds_seen: tuple[int, ...]  # the round cards turned up, in order
    players: int  # 2, 3 or 4
    starter: int  # the seat that took the first turn
    variant: bool  # Wrath of the Pharaoh
    sides: str  # board side letters: market, pyramid, temple, chamber, obelisks
    round: int  # 1..6
    turn: int  # whose turn it is (decisions in a step may fall to another seat)
    quarry: tuple[int, ...]  # stones per seat
    sled: tuple[int, ...]  # stones per seat
    ships: tuple[tuple[int, ...], ...]  # the round's ships, slots from the bow
    docked: tuple[int, ...]  # per ship: the site it sailed to, or EMPTY
    market: tuple[int, ...]  # face-up cards by position, EMPTY where taken
    held: tuple[tuple[int, ...], ...]  # kept cards per seat, in the order taken
    discard: tuple[int, ...]  # in the order discarded
    blue_played: tuple[bool, ...]  # per seat: a blue card played this round
    pyramid: tuple[int, ...]  # owners in placement order (beyond 14: beside it)
    temple: tuple[int, ...]  # owners in placement order
    chamber: tuple[int, ...]  # owners in placement order
    obelisks: tuple[int, ...]  # height per seat
    temple_points: tuple[int, ...]  # per seat: temple points scored at round ends
    step: Step = "turn"
    card: str = ""  # the blue card kind being played, if any
    placed: int = 0  # stones this card has placed so far
    ship: int = EMPTY  # the ship a step is about (Sail's ship, the ship unloading)
    slot: int = EMPTY  # take: the slot whose stone's owner chooses a card
    left: tuple[int, ...] = ()  # slots still to unload (front first; any order for Lever)
    over: bool = False
    ply: int = 0  # decisions applied so far


_OPEN = tuple(f for f in GameState.__struct_fields__ if f not in _HIDDEN)


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may see of ``state``."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not one of 0 to {state.players - 1}")
    return SeatView(
        seat=seat,
        deck_size=len(state.deck),
        rounds_seen=state.rounds[: state.round],
        # The open fields are copied by name so that a field added to the
        # state cannot be left out here unnoticed (a test compares the two).
        **{name: getattr(state, name) for name in _OPEN},
    )


def sample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the deck and the round cards to come dealt afresh.

    The deck keeps its cards (every other card is in sight) in a new order;
    the rounds still to come are drawn from the round cards not yet turned
    up, the one set aside among them. Sorting first keeps the real order out.
    """
    view(state, seat)  # refuses a seat that is not at the table
    deck = sorted(state.deck)
    rng.shuffle(deck)
    seen = state.rounds[: state.round]
    unseen = [r for r in range(len(ROUND_CARDS[state.players])) if r not in seen]
    to_come = rng.sample(unseen, len(state.rounds) - len(seen))
    return replace(state, deck=tuple(deck), rounds=(*seen, *to_come))


__all__ = ["SeatView", "sample", "view"]
