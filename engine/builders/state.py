"""The complete state of a Builders of Egypt game, as one frozen msgspec Struct.

Everything the rules need lives here: a state is a value, and
:func:`engine.builders.apply` returns a new one. Seats are 0..n-1 in turn
order; a stone is written as its owner's seat and an empty space as
:data:`EMPTY`. Market cards are their ids (:mod:`engine.builders.cards`).

Hidden information is part of the state: the order of ``deck`` and the round
cards after the current one. Code that plays for a seat reads
:func:`engine.builders.view` instead.
"""

from __future__ import annotations

from typing import Literal

import msgspec

EMPTY = -1
NO_PLAYER = -1

# The decision in progress (a blue card's sub-steps and a sailed ship's unload
# are steps of one action, as the Duel's action tokens are):
#   turn     a player's turn: one action of BUILDERS.md section 5.
#   place    a blue card places a stone (Hammer, Sail, Chisel).
#   sail     a blue card sails a ship (Sail: the ship just loaded; Lever: any).
#   unload   Lever: its player picks the next stone of the docked ship.
#   take     the market: the owner of the stone being unloaded takes a card.
Step = Literal["turn", "place", "sail", "unload", "take"]


class GameState(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    """Everything about a game at one moment."""

    players: int  # 2, 3 or 4
    starter: int  # the seat that took the first turn
    variant: bool  # Wrath of the Pharaoh
    sides: str  # board side letters: market, pyramid, temple, chamber, obelisks
    rounds: tuple[int, ...]  # the six round cards (indexes into ROUND_CARDS), in play order
    deck: tuple[int, ...]  # the market deck, top first
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


__all__ = ["EMPTY", "NO_PLAYER", "GameState", "Step"]
